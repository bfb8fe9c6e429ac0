//! The files unit-test grading reads: the solution's and the bugs' sources,
//! and the submissions' test files, all as data.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A flat folder's files, by name.
pub(crate) type Files = BTreeMap<String, Vec<u8>>;

/// What is read of one folder: a source file, and all its sources.
pub(crate) const MAX_SOURCE: u64 = 1 << 20;
pub(crate) const MAX_SOURCES: u64 = 8 << 20;

/// A flat folder's source files, by name, read as data (data.rs): a link,
/// a file over 1 MiB or sources over 8 MiB in all are refused, with the
/// file's name. Read in name order, so the same file is named every time.
pub(crate) fn read_files(dir: &Path) -> Result<Files, String> {
    if upcard_grade::grade::data::is_link(dir) {
        return Err("the folder is a symbolic link: links are not followed".into());
    }
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let mut files = Files::new();
    let mut total = 0;
    for e in entries {
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        // Sources alone: a folder may hold what was built from them too.
        const SOURCES: [&str; 10] = [
            "cpp", "cc", "cxx", "hpp", "h", "hh", "hxx", "tpp", "ipp", "inc",
        ];
        let ext = name.rsplit_once('.').map_or("", |x| x.1);
        if !SOURCES.contains(&ext) || e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let bytes = upcard_grade::grade::data::read_file(&e.path(), MAX_SOURCE)
            .map_err(|why| format!("{name} {why}"))?;
        total += bytes.len() as u64;
        if total > MAX_SOURCES {
            return Err(format!(
                "its source files come to more than {} MiB: not a submission's sources",
                MAX_SOURCES >> 20
            ));
        }
        files.insert(name, bytes);
    }
    Ok(files)
}

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
