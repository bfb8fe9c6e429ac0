//! The course's files, as a term's starter files hold them: its headers
//! (`Card.hpp`, `Pack.hpp`, `Player.hpp`, or the older `.h`), its unit-test
//! framework, its public tests and `pack.in`. Read as data (no link
//! followed, sizes bounded), from the shallowest folder holding a public
//! test or the Card header (a starter-files repository may keep them below
//! its root).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub(crate) use upcard_grade::grade::headers::is_header;
use upcard_grade::grade::{data, locate};

use crate::{Error, Family};

/// What marks the course's folder: its public tests (`Card_public_tests.cpp`,
/// in older terms `Card_public_test.cpp`), or its Card header alone (for
/// upcard's own tests, which need no public test).
const MARKS: [&str; 4] = [
    "*_public_tests.cpp",
    "*_public_test.cpp",
    "Card.hpp",
    "Card.h",
];

/// The most of one file, and of all, read from the course's folder.
const MAX_FILE: u64 = 1 << 20;
const MAX_FILES: usize = 200;

/// The course's files.
#[derive(Clone, Debug)]
pub struct CourseFiles {
    /// The folder they were read from.
    pub dir: PathBuf,
    /// Its headers (the framework's among them), by name.
    pub headers: BTreeMap<String, Vec<u8>>,
    /// The framework's own source, in the terms that compile it apart
    /// (`unit_test_framework.cpp`).
    pub framework_source: Option<(String, Vec<u8>)>,
    /// The public tests, by name, in name order.
    pub public_tests: Vec<(String, Vec<u8>)>,
    /// `pack.in`, which the Pack tests read from their working directory.
    pub pack: Option<Vec<u8>>,
    /// The API family its headers are of.
    pub family: Option<Family>,
}

impl CourseFiles {
    pub fn read(dir: &Path) -> Result<CourseFiles, Error> {
        let refused = |why: String| Error::CourseFiles {
            dir: dir.to_path_buf(),
            why,
        };
        let found = locate::sources(dir, &MARKS).map_err(refused)?;
        let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(&found.dir)
            .map_err(|e| refused(e.to_string()))?
            .flatten()
            .collect();
        entries.sort_by_key(|e| e.file_name());
        if entries.len() > MAX_FILES {
            return Err(refused(format!(
                "more than {MAX_FILES} files: not a term's starter files"
            )));
        }
        let mut c = CourseFiles {
            dir: found.dir.clone(),
            headers: BTreeMap::new(),
            framework_source: None,
            public_tests: Vec::new(),
            pack: None,
            family: None,
        };
        for e in entries {
            let Some(name) = e.file_name().to_str().map(str::to_string) else {
                continue;
            };
            let wanted = is_header(&name)
                || is_public_test(&name)
                || name == "pack.in"
                || name == "unit_test_framework.cpp";
            if !wanted || !e.file_type().is_ok_and(|t| t.is_file() || t.is_symlink()) {
                continue;
            }
            let bytes = data::read_file(&e.path(), MAX_FILE)
                .map_err(|why| refused(format!("{name} {why}")))?;
            if is_header(&name) {
                c.headers.insert(name, bytes);
            } else if is_public_test(&name) {
                c.public_tests.push((name, bytes));
            } else if name == "pack.in" {
                c.pack = Some(bytes);
            } else {
                c.framework_source = Some((name, bytes));
            }
        }
        c.family = Family::detect(c.headers.iter().map(|(n, b)| (n.as_str(), b.as_slice())));
        Ok(c)
    }

    /// The course's headers of its classes (the framework's left out).
    pub fn class_headers(&self) -> impl Iterator<Item = (&String, &Vec<u8>)> {
        self.headers
            .iter()
            .filter(|(n, _)| !n.starts_with("unit_test_framework"))
    }
}

pub(crate) fn is_public_test(name: &str) -> bool {
    name.ends_with("_public_tests.cpp") || name.ends_with("_public_test.cpp")
}

/// The class a public test tests: `Card` of `Card_public_tests.cpp`.
pub(crate) fn tested_class(test: &str) -> &str {
    test.split_once("_public_test").map_or(test, |x| x.0)
}

/// The student files the course compiles a public test with: the tested
/// class's source, and Card's, which every other class uses (Card:
/// `Card.cpp`; Pack: `Pack.cpp` and `Card.cpp`; Player: `Player.cpp` and
/// `Card.cpp`).
pub(crate) fn compiled_with(test: &str) -> Vec<String> {
    let class = tested_class(test);
    let mut files = vec![format!("{class}.cpp")];
    if class != "Card" {
        files.push("Card.cpp".into());
    }
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_public_test_is_compiled_with_its_class_and_card() {
        assert_eq!(compiled_with("Card_public_tests.cpp"), ["Card.cpp"]);
        assert_eq!(
            compiled_with("Pack_public_tests.cpp"),
            ["Pack.cpp", "Card.cpp"]
        );
        assert_eq!(
            compiled_with("Player_public_test.cpp"),
            ["Player.cpp", "Card.cpp"]
        );
        assert!(is_public_test("Card_public_test.cpp"));
        assert!(!is_public_test("Card_tests.cpp"));
    }
}
