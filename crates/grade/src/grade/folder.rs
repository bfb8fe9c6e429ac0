//! What `--exe DIR --build` was pointed at: one submission (a regrade) or
//! a class of them. A folder whose top holds sources or a repository is
//! one submission; so is a folder whose only folder holds the sources
//! beside files of its own (a repository's `starter-files/` and README); a
//! folder holding one folder and nothing else is a class of one. A folder of folders is a class. A folder
//! where one folder holds sources and the others hold files but no code (a
//! repository's `docs/`, or a class whose other students sent no code) is
//! ambiguous, and said so with both ways to go on; a folder with any C++
//! file is a student's.

use std::path::{Path, PathBuf};

use super::locate;

/// The files whose presence at a folder's top makes it a submission.
const SOURCE_ENDINGS: &[&str] = &[".cpp", ".cc", ".cxx", ".hpp", ".h"];

/// What a folder given to `--build` is.
#[derive(Debug, PartialEq, Eq)]
pub enum Shape {
    /// One submission: the folder itself.
    One,
    /// A class: one submission per folder below, in name order.
    Class(Vec<PathBuf>),
}

/// What an entry is, read as data: a link is never followed.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    File,
    Folder,
    Link,
}

/// The folder's entries, by name.
fn entries(dir: &Path) -> Result<Vec<(String, Kind)>, String> {
    let rd = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out: Vec<(String, Kind)> = rd
        .filter_map(Result::ok)
        .filter_map(|e| {
            let t = e.file_type().ok()?;
            let kind = if t.is_symlink() {
                Kind::Link
            } else if t.is_dir() {
                Kind::Folder
            } else {
                Kind::File
            };
            Some((e.file_name().to_string_lossy().into_owned(), kind))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Whether `dir` holds files but no code below it (a repository's
/// `docs/`): a student's folder with any C++ source is a submission, however
/// wrong. Bounded: past a few thousand entries it is taken to hold code.
fn holds_no_code(dir: &Path) -> bool {
    let mut stack = vec![dir.to_path_buf()];
    let (mut seen, mut files) = (0, 0);
    while let Some(d) = stack.pop() {
        let Ok(list) = entries(&d) else { continue };
        for (name, kind) in list {
            seen += 1;
            if seen > 5_000 {
                return false;
            }
            match kind {
                Kind::Folder => stack.push(d.join(name)),
                Kind::File if SOURCE_ENDINGS.iter().any(|e| name.ends_with(e)) => return false,
                Kind::File => files += 1,
                Kind::Link => {}
            }
        }
    }
    files > 0
}

/// The submissions in `dir`, each with a name for tables and reports: the
/// folder itself (named by its own name), or each folder of a class.
pub fn submissions(dir: &Path, main_files: &[&str]) -> Result<Vec<(String, PathBuf)>, String> {
    Ok(match shape(dir, main_files)? {
        Shape::One => vec![(own_name(dir), dir.to_path_buf())],
        Shape::Class(folders) => folders.into_iter().map(|f| (name(&f), f)).collect(),
    })
}

/// A folder's own name, `.` and `..` resolved.
pub fn own_name(dir: &Path) -> String {
    match std::path::absolute(dir).ok().and_then(|d| {
        let d = d.components().collect::<PathBuf>();
        d.file_name().map(|n| n.to_string_lossy().into_owned())
    }) {
        Some(n) => n,
        None => "submission".into(),
    }
}

/// What `dir` is, `main_files` being the course's markers of sources.
pub fn shape(dir: &Path, main_files: &[&str]) -> Result<Shape, String> {
    if super::data::is_link(dir) {
        return Err(super::data::link_refused(dir));
    }
    let list = entries(dir)?;
    let top_sources = list.iter().any(|(name, kind)| {
        (*kind == Kind::File
            && (SOURCE_ENDINGS.iter().any(|e| name.ends_with(e))
                || main_files.contains(&name.as_str())))
            || name == ".git"
    });
    if top_sources {
        return Ok(Shape::One);
    }
    // Links are students too: refused by name when graded, never followed.
    let folders: Vec<PathBuf> = list
        .iter()
        .filter(|(name, kind)| *kind != Kind::File && !name.starts_with('.'))
        .map(|(name, _)| dir.join(name))
        .collect();
    let with: Vec<&PathBuf> = folders
        .iter()
        .filter(|f| !super::data::is_link(f) && locate::sources(f, main_files).is_ok())
        .collect();
    // A repository's one folder of sources beside its README or Makefile:
    // the submission is `dir`. A folder that holds one folder and nothing
    // else is a class of one.
    let top_files = list
        .iter()
        .any(|(name, kind)| *kind == Kind::File && !name.starts_with('.'));
    if with.len() == 1 && folders.len() == 1 && top_files {
        return Ok(Shape::One);
    }
    if let [only] = with.as_slice() {
        let others: Vec<String> = folders
            .iter()
            .filter(|f| f != only && !super::data::is_link(f) && holds_no_code(f))
            .map(|f| name(f))
            .collect();
        if !others.is_empty() {
            return Err(format!(
                "{}: only {} of its folders holds sources ({} {} files but no code): to grade one \
                 submission, give {} alone; to grade a class, give each student a folder of \
                 their own and remove the folders that are no one's",
                dir.display(),
                name(only),
                others.join(", "),
                if others.len() == 1 { "holds" } else { "hold" },
                only.display()
            ));
        }
    }
    if folders.is_empty() {
        return Err(format!(
            "{}: no sources and no submission folders in it ({})",
            dir.display(),
            locate::described(main_files)
        ));
    }
    Ok(Shape::Class(folders))
}

fn name(p: &Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAIN: &[&str] = &["euchre.cpp"];

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let d = tempfile::tempdir().unwrap();
        for f in files {
            let p = d.path().join(f);
            if let Some(stripped) = f.strip_suffix('/') {
                std::fs::create_dir_all(d.path().join(stripped)).unwrap();
                continue;
            }
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "int main() {}\n").unwrap();
        }
        d
    }

    #[test]
    fn sources_at_the_top_or_in_an_only_folder_are_one_submission() {
        for files in [
            &["euchre.cpp", "Card.cpp"][..],
            &["Card.cpp", "tests/Card_tests.cpp"],
            &[".git/HEAD", "p3/euchre.cpp", "docs/notes.md"],
            &[
                "starter-files/euchre.cpp",
                ".vscode/settings.json",
                "README.md",
            ],
        ] {
            assert_eq!(shape(tree(files).path(), MAIN), Ok(Shape::One), "{files:?}");
        }
    }

    #[test]
    fn a_folder_of_submissions_is_a_class_even_with_empty_ones() {
        let t = tree(&["alice/euchre.cpp", "bob/p3/euchre.cpp", "carol/"]);
        let Ok(Shape::Class(folders)) = shape(t.path(), MAIN) else {
            panic!("not a class");
        };
        let names: Vec<String> = folders.iter().map(|f| name(f)).collect();
        assert_eq!(names, ["alice", "bob", "carol"]);
        // A folder of one folder and nothing else: a class of one.
        let t = tree(&["gus/euchre.cpp"]);
        assert!(matches!(shape(t.path(), MAIN), Ok(Shape::Class(_))));
        // One student with sources beside students who sent nothing.
        let t = tree(&["alice/euchre.cpp", "bob/"]);
        assert!(matches!(shape(t.path(), MAIN), Ok(Shape::Class(_))));
        // A student whose code lacks the main file is a student still.
        let t = tree(&["alice/euchre.cpp", "bob/src/Card.cpp", "bob/README.md"]);
        assert!(matches!(shape(t.path(), MAIN), Ok(Shape::Class(_))));
    }

    #[test]
    fn one_folder_with_sources_beside_folders_of_files_is_said_ambiguous() {
        let t = tree(&["starter-files/euchre.cpp", "docs/spec.md", "notes/a.txt"]);
        let err = shape(t.path(), MAIN).unwrap_err();
        assert!(
            err.contains(": only starter-files of its folders holds sources (docs, notes hold files but no code): to grade one submission, give "),
            "{err}"
        );
    }

    #[test]
    fn an_empty_folder_is_said() {
        let t = tree(&["README.md"]);
        let err = shape(t.path(), MAIN).unwrap_err();
        assert!(
            err.contains(": no sources and no submission folders in it"),
            "{err}"
        );
    }
}
