//! The files unit-test grading reads: the solution's and the bugs' sources,
//! and the submissions' test files, all as data.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A flat folder's files, by name.
pub(crate) type Files = BTreeMap<String, Vec<u8>>;

/// A flat folder's source files, by name, read as data (the grader's
/// `data::read_sources`, which the class grading reads with too).
pub(crate) use upcard_grade::grade::data::read_sources as read_files;

pub(crate) fn is_test_file(name: &str) -> bool {
    name.ends_with("_tests.cpp")
}

/// A test file's class, as the spec names them: `Card` of `Card_tests.cpp`.
fn class_of(test_file: &str) -> &str {
    test_file.strip_suffix("_tests.cpp").unwrap_or(test_file)
}

/// Whether `file` is one of the class `test_file` tests (`Card_tests.cpp`
/// tests `Card.cpp`, `Card.hpp` and `Card.h`): a bug in it is graded
/// through that test file only, as the spec grades them.
pub(crate) fn tested_by(file: &str, test_file: &str) -> bool {
    file.rsplit_once('.').is_some_and(|(stem, ext)| {
        stem == class_of(test_file) && matches!(ext, "cpp" | "hpp" | "h")
    })
}

/// A file a student might mean as a test file (`Pack_tests.cpp`, the
/// course's `Card_public_tests.cpp`, `Card_test.cpp`): listed when it is
/// not one the course grades.
pub(crate) fn looks_like_tests(name: &str) -> bool {
    name.ends_with(".cpp") && name.contains("_test")
}

/// The solution's files compiled with a test file: its `.cpp` files that
/// are neither tests nor a program's `main`.
pub(crate) fn implementation(files: &Files) -> Vec<&str> {
    files
        .iter()
        .filter(|(name, bytes)| {
            name.ends_with(".cpp")
                && !is_test_file(name)
                && !name.contains("_test")
                && !String::from_utf8_lossy(bytes).contains("int main(")
        })
        .map(|(name, _)| name.as_str())
        .collect()
}

/// The program a test file and its solution are built into.
pub(crate) const PROGRAM: &str = "upcard-tests.exe";

pub(crate) fn quote(s: &str) -> String {
    shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
}

/// The submissions under `tests`, as grading reads a folder: one
/// submission (its sources at the top, a repository, its only folder of
/// sources) or a class of them, `files` marking where sources are.
pub(crate) fn submissions(
    tests: &Path,
    files: &[String],
) -> Result<Vec<(String, PathBuf)>, String> {
    let markers: Vec<&str> = files.iter().map(String::as_str).collect();
    upcard_grade::grade::folder::submissions(tests, &markers)
}

/// The bugs: each subfolder of each `--bugs` folder, by its name.
pub(crate) fn bugs(dirs: &[PathBuf]) -> Result<Vec<(String, Files)>, String> {
    let mut out = Vec::new();
    for d in dirs {
        let mut here: Vec<PathBuf> = std::fs::read_dir(d)
            .map_err(|e| format!("{}: {e}", d.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect();
        here.sort();
        for p in here {
            let name = p
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            out.push((name, read_files(&p)?));
        }
    }
    Ok(out)
}
