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

/// The submissions under `dir`, as grading reads a folder: one submission
/// (sources at its top, a repository, or its only folder of sources) or a
/// class of them (each folder, in name order; links too, refused by name
/// when read).
pub(crate) fn submissions(dir: &Path) -> Result<Vec<(String, PathBuf)>, Error> {
    upcard_grade::grade::folder::submissions(dir, &["Card.cpp"]).map_err(|why| Error::Submissions {
        dir: dir.to_path_buf(),
        why,
    })
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
