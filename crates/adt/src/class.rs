//! A student's classes: the folder of the submission that holds `Card.cpp`
//! (however deep: `starter-files/`, `p3-euchre/`), its sources read as
//! data (`data::read_sources`, bounded as unit-test grading reads them).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use upcard_grade::grade::{data, locate};

use crate::Error;

/// One student's classes as read, or why they could not be.
pub(crate) struct Classes {
    pub name: String,
    /// The folder read, relative to the submission, when it is below it.
    pub below: Option<String>,
    /// Its sources and headers, by name.
    pub files: Result<BTreeMap<String, Vec<u8>>, String>,
}

/// The submissions under `dir`: itself when it holds `Card.cpp`, else each
/// folder in it (in name order; links too, refused by name when read).
pub(crate) fn submissions(dir: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    let refused = |why: String| Error::Submissions {
        dir: dir.to_path_buf(),
        why,
    };
    if data::is_link(dir) {
        return Err(refused("a symbolic link: links are not followed".into()));
    }
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(|e| refused(e.to_string()))?
        .flatten()
        .collect();
    if entries.iter().any(|e| e.file_name() == "Card.cpp") {
        let name = dir
            .file_name()
            .map_or("submission".into(), |n| n.to_string_lossy().into_owned());
        return Ok(vec![(name, dir.to_path_buf())]);
    }
    let mut out: Vec<(String, PathBuf)> = entries
        .iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(n, _)| !n.starts_with('.'))
        .collect();
    out.sort();
    if out.is_empty() {
        return Err(refused(
            "no Card.cpp and no submission folders in it".into(),
        ));
    }
    Ok(out)
}

/// A student's classes, from the shallowest folder holding `Card.cpp`.
pub(crate) fn read(name: &str, dir: &Path) -> Classes {
    let found = locate::sources(dir, &["Card.cpp"]);
    let (below, files) = match found {
        Ok(l) => (l.below, data::read_sources(&l.dir)),
        Err(why) => (None, Err(why)),
    };
    Classes {
        name: name.to_string(),
        below,
        files,
    }
}
