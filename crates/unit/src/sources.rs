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

/// The submissions under `tests`: itself, when it holds test files, or
/// each folder in it.
pub(crate) fn submissions(tests: &Path) -> Result<Vec<(String, PathBuf)>, String> {
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(tests)
        .map_err(|e| format!("{}: {e}", tests.display()))?
        .flatten()
        .collect();
    if entries
        .iter()
        .any(|e| e.file_name().to_str().is_some_and(is_test_file))
    {
        let name = tests
            .file_name()
            .map_or("submission".into(), |n| n.to_string_lossy().into_owned());
        return Ok(vec![(name, tests.to_path_buf())]);
    }
    // Folders, and links (which are refused, by name, when read).
    let mut out: Vec<(String, PathBuf)> = entries
        .iter()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir() || t.is_symlink()))
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .collect();
    out.sort();
    if out.is_empty() {
        return Err(format!(
            "{}: no *_tests.cpp and no submission folders in it",
            tests.display()
        ));
    }
    Ok(out)
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
