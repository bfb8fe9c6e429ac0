//! Where a submission's sources are: the folder holding the course's main
//! file, searched from the submission's root. Submissions arrive as their
//! repositories are laid out (`starter-files/`, `EECS280/p3-euchre/`), with
//! editor and build debris beside them; the shallowest folder holding the
//! main file is the one built. Folders are read as data: no link followed,
//! the search bounded in depth and entries.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How deep below the root the main file is looked for.
const MAX_DEPTH: usize = 6;
/// Entries read in all before the search gives up (a submission holding a
/// `node_modules` is not searched to its end).
const MAX_ENTRIES: usize = 20_000;
/// Files named when the main file was not found.
const LISTED: usize = 12;

/// Folders that hold no one's sources: editors', build tools' and archive
/// tools' debris. A name beginning with `.` is skipped too.
const DEBRIS: &[&str] = &[
    "__MACOSX",
    "enc_temp_folder",
    "build",
    "Debug",
    "Release",
    "x64",
    "out",
    "bin",
    "obj",
    "node_modules",
];

/// Where the sources are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The folder to build.
    pub dir: PathBuf,
    /// It, relative to the root, when it is not the root itself.
    pub below: Option<String>,
}

/// Whether `name` is one of `markers` (`*.cc` matches by its ending).
fn is_marker(name: &str, markers: &[&str]) -> bool {
    markers.iter().any(|m| match m.strip_prefix('*') {
        Some(end) => name.ends_with(end) && name.len() > end.len(),
        None => name == *m,
    })
}

fn skipped(name: &str) -> bool {
    name.starts_with('.') || DEBRIS.contains(&name) || name.starts_with("cmake-build-")
}

/// What the search saw: folders holding a marker by depth, and the
/// source-like files met (for a message when there is none).
#[derive(Default)]
struct Seen {
    holders: Vec<(usize, PathBuf)>,
    files: Vec<PathBuf>,
    entries: usize,
}

impl Seen {
    fn visit(&mut self, root: &Path, dir: &Path, depth: usize, markers: &[&str]) -> Vec<PathBuf> {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut subs = Vec::new();
        let mut holds = false;
        for e in rd.flatten() {
            self.entries += 1;
            if self.entries > MAX_ENTRIES {
                break;
            }
            let Ok(kind) = e.file_type() else { continue };
            let name = e.file_name().to_string_lossy().into_owned();
            if kind.is_dir() {
                if !skipped(&name) && depth < MAX_DEPTH {
                    subs.push(e.path());
                }
            } else if kind.is_file() {
                holds |= is_marker(&name, markers);
                if is_source(&name) {
                    let rel = e.path().strip_prefix(root).map(Path::to_path_buf);
                    self.files.push(rel.unwrap_or_else(|_| e.path()));
                }
            }
        }
        if holds {
            self.holders.push((depth, dir.to_path_buf()));
        }
        subs.sort();
        subs
    }
}

/// A C++ source or a Makefile: what is named when the main file is missing.
fn is_source(name: &str) -> bool {
    [".cpp", ".cc", ".h", ".hpp"]
        .iter()
        .any(|e| name.ends_with(e))
        || name.eq_ignore_ascii_case("makefile")
}

/// The folder under `root` holding one of `markers` (none: `root` itself),
/// or the student's verdict: `root` a link (not followed), no such folder,
/// with what was found instead, or two at the same depth, named. The
/// folder found is never a link: only real folders are searched.
pub fn sources(root: &Path, markers: &[&str]) -> Result<Located, String> {
    if super::data::is_link(root) {
        return Err(super::data::link_refused(root));
    }
    let here = Located {
        dir: root.to_path_buf(),
        below: None,
    };
    if markers.is_empty() {
        return Ok(here);
    }
    let mut seen = Seen::default();
    // Breadth first: every folder of one depth before the next.
    let mut queue = VecDeque::from([(root.to_path_buf(), 0)]);
    while let Some((dir, depth)) = queue.pop_front() {
        if seen.holders.first().is_some_and(|(d, _)| *d < depth) {
            break;
        }
        for sub in seen.visit(root, &dir, depth, markers) {
            queue.push_back((sub, depth + 1));
        }
    }
    let rel = |p: &Path| shown(p.strip_prefix(root).unwrap_or(p));
    let main = described(markers);
    seen.holders.sort();
    seen.files.sort();
    match seen.holders.as_slice() {
        [] => Err(missing(&main, markers, &seen.files)),
        [(0, _)] => Ok(here),
        [(_, dir)] => Ok(Located {
            dir: dir.clone(),
            below: Some(rel(dir)),
        }),
        many => {
            let names: Vec<String> = many.iter().map(|(_, d)| format!("{}/", rel(d))).collect();
            Err(format!(
                "{main} is in {} folders at the same depth ({}): which one to grade is not clear; \
                 keep one",
                names.len(),
                names.join(", ")
            ))
        }
    }
}

/// A student's path as messages show it: a name is data, and none of its
/// characters reaches a terminal as a control sequence.
fn shown(p: &Path) -> String {
    upcard_parse::escape::printable_line(&p.display().to_string())
}

/// The main files as a message names them: `euchre.cpp`; `Makefile, a .cc
/// file or a .cpp file`.
pub fn described(markers: &[&str]) -> String {
    let names: Vec<String> = markers
        .iter()
        .map(|m| match m.strip_prefix('*') {
            Some(end) => format!("a {end} file"),
            None => m.to_string(),
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The verdict of a submission without its main file: a name that differs
/// only in case said as such, else the sources that were found.
fn missing(main: &str, markers: &[&str], files: &[PathBuf]) -> String {
    let cased = files.iter().find(|f| {
        let name = f.file_name().unwrap_or_default().to_string_lossy();
        markers.iter().any(|m| name.eq_ignore_ascii_case(m))
    });
    if let Some(f) = cased {
        return format!(
            "no {main} in the submission: found {}, but file names are case-sensitive here; \
             rename it",
            shown(f)
        );
    }
    if files.is_empty() {
        return format!("no {main} in the submission, and no C++ source file at all");
    }
    let mut shown: Vec<String> = files.iter().take(LISTED).map(|f| shown(f)).collect();
    if files.len() > LISTED {
        shown.push(format!("and {} more", files.len() - LISTED));
    }
    format!("no {main} in the submission; found {}", shown.join(", "))
}

/// The first of `markers` among `files` (the sources as read, by name) that
/// is a source file holding nothing but white space: the student's verdict
/// before the compiler runs.
pub fn empty_main(files: &[(String, Vec<u8>)], markers: &[&str]) -> Option<String> {
    markers
        .iter()
        .filter(|m| !m.starts_with('*') && (m.ends_with(".cpp") || m.ends_with(".cc")))
        .find(|m| {
            files
                .iter()
                .any(|(name, bytes)| name == *m && bytes.iter().all(u8::is_ascii_whitespace))
        })
        .map(|m| format!("{m} is empty: the submission's {m} holds no code"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let t = tempfile::tempdir().unwrap();
        for f in files {
            let p = t.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "int main() {}\n").unwrap();
        }
        t
    }

    #[test]
    fn the_root_when_it_holds_the_main_file() {
        let t = tree(&["euchre.cpp", "sub/euchre.cpp"]);
        let l = sources(t.path(), &["euchre.cpp"]).unwrap();
        assert_eq!(l.below, None);
        assert_eq!(l.dir, t.path());
    }

    #[test]
    fn the_shallowest_folder_below_skipping_debris() {
        let t = tree(&[
            "Card_tests.cpp",
            ".vs/x/euchre.cpp",
            "__MACOSX/starter-files/euchre.cpp",
            "EECS280/p3-euchre/euchre.cpp",
            "EECS280/p3-euchre/old/euchre.cpp",
        ]);
        let l = sources(t.path(), &["euchre.cpp"]).unwrap();
        assert_eq!(l.below.as_deref(), Some("EECS280/p3-euchre"));
        assert_eq!(l.dir, t.path().join("EECS280/p3-euchre"));
    }

    #[test]
    fn two_at_one_depth_are_named() {
        let t = tree(&["a/euchre.cpp", "b/euchre.cpp", "c/d/euchre.cpp"]);
        let e = sources(t.path(), &["euchre.cpp"]).unwrap_err();
        assert_eq!(
            e,
            "euchre.cpp is in 2 folders at the same depth (a/, b/): which one to grade is not \
             clear; keep one"
        );
    }

    #[test]
    fn none_names_what_was_found() {
        let t = tree(&["src/Card.cpp", "Player.h", "notes.txt"]);
        let e = sources(t.path(), &["euchre.cpp"]).unwrap_err();
        assert_eq!(
            e,
            "no euchre.cpp in the submission; found Player.h, src/Card.cpp"
        );
        let t = tree(&["p3/Euchre.cpp"]);
        let e = sources(t.path(), &["euchre.cpp"]).unwrap_err();
        assert_eq!(
            e,
            "no euchre.cpp in the submission: found p3/Euchre.cpp, but file names are \
             case-sensitive here; rename it"
        );
        let t = tree(&[]);
        let e = sources(t.path(), &["euchre.cpp"]).unwrap_err();
        assert_eq!(
            e,
            "no euchre.cpp in the submission, and no C++ source file at all"
        );
    }

    #[test]
    fn folder_names_are_shown_as_data() {
        let t = tree(&["a\u{1b}]0;x\u{7}/euchre.cpp"]);
        let l = sources(t.path(), &["euchre.cpp"]).unwrap();
        assert_eq!(l.below.as_deref(), Some("a\\u{1b}]0;x\\u{7}"));
        assert_eq!(l.dir, t.path().join("a\u{1b}]0;x\u{7}"));
    }

    #[test]
    fn a_link_is_not_followed() {
        let t = tree(&["x.txt"]);
        let elsewhere = tree(&["p3/euchre.cpp"]);
        std::os::unix::fs::symlink(elsewhere.path(), t.path().join("p3")).unwrap();
        assert!(sources(t.path(), &["euchre.cpp"]).is_err());
        // The submission itself a link: refused, with or without main files.
        let root = t.path().join("p3");
        for markers in [&["euchre.cpp"][..], &[]] {
            assert_eq!(
                sources(&root, markers).unwrap_err(),
                format!(
                    "{} is a symbolic link: links are not followed",
                    root.display()
                )
            );
        }
    }

    #[test]
    fn patterns_and_empty_main_files() {
        let t = tree(&["src/main.cc"]);
        let cs246 = ["Makefile", "makefile", "*.cc", "*.cpp"];
        let l = sources(t.path(), &cs246).unwrap();
        assert_eq!(l.below.as_deref(), Some("src"));
        let t = tree(&["notes/readme.txt"]);
        assert_eq!(
            sources(t.path(), &cs246).unwrap_err(),
            "no Makefile, makefile, a .cc file or a .cpp file in the submission, and no C++ \
             source file at all"
        );
        let blank = [("euchre.cpp".to_string(), b" \n\t\n".to_vec())];
        assert_eq!(
            empty_main(&blank, &["euchre.cpp"]).as_deref(),
            Some("euchre.cpp is empty: the submission's euchre.cpp holds no code")
        );
        let code = [("euchre.cpp".to_string(), b"int main() {}".to_vec())];
        assert_eq!(empty_main(&code, &["euchre.cpp"]), None);
    }
}
