//! Names that become file names: a student's (a submission folder's, a
//! report part's `program`) and a scenario's. They come from outside (a
//! class's folder, CI workers that also ran student programs, a colleague's
//! library), so each is one plain path component before it is joined to a
//! folder, and two of them never name the same file.

/// The longest name, in bytes: well under every file system's 255, with
/// room for the extension a report adds.
pub const MAX_NAME: usize = 128;

/// Why `name` cannot be a file name of its own, if it cannot: empty, `.`
/// or `..`, a separator, a control character (NUL included), or over
/// `MAX_NAME` bytes.
pub fn file_name_problem(name: &str) -> Option<String> {
    let why = if name.is_empty() {
        "it is empty"
    } else if name == "." || name == ".." {
        "it names a folder, not a file"
    } else if name.contains(['/', '\\']) {
        "it holds a path separator"
    } else if name.chars().any(char::is_control) {
        "it holds a control character"
    } else if name.len() > MAX_NAME {
        return Some(format!("it is longer than {MAX_NAME} bytes"));
    } else {
        return None;
    };
    Some(why.to_string())
}

/// Why `name` cannot name a student's report files, if it cannot: as
/// `file_name_problem`, and not `index` in any case (the class table's page
/// is `index.html` beside the students' pages).
pub fn student_name_problem(name: &str) -> Option<String> {
    if name.eq_ignore_ascii_case("index") {
        return Some("index.html is the class table's page".into());
    }
    file_name_problem(name)
}

/// Pairs of names that would be one file on a case-insensitive file system
/// (macOS, Windows), in the order given.
pub fn case_clashes<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(&'a str, &'a str)> {
    let mut seen: std::collections::BTreeMap<String, &str> = Default::default();
    let mut out = Vec::new();
    for n in names {
        match seen.entry(n.to_lowercase()) {
            std::collections::btree_map::Entry::Occupied(o) => out.push((*o.get(), n)),
            std::collections::btree_map::Entry::Vacant(v) => {
                v.insert(n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_file_names() {
        for ok in [
            "alice",
            "bob smith",
            "Zoë",
            "a.b",
            "-x",
            "=HYPERLINK(1)",
            "indexes",
        ] {
            assert_eq!(file_name_problem(ok), None, "{ok}");
        }
        let long = "x".repeat(MAX_NAME + 1);
        for (bad, why) in [
            ("", "it is empty"),
            ("..", "it names a folder, not a file"),
            (".", "it names a folder, not a file"),
            ("../x", "it holds a path separator"),
            ("/etc/x", "it holds a path separator"),
            ("a\\b", "it holds a path separator"),
            ("a\0b", "it holds a control character"),
            ("a\x1b]0;x\x07", "it holds a control character"),
            ("a\nb", "it holds a control character"),
            (long.as_str(), "it is longer than 128 bytes"),
        ] {
            assert_eq!(file_name_problem(bad).as_deref(), Some(why), "{bad:?}");
            assert_eq!(student_name_problem(bad).as_deref(), Some(why), "{bad:?}");
        }
        assert_eq!(file_name_problem("Index"), None);
        assert_eq!(
            student_name_problem("Index").as_deref(),
            Some("index.html is the class table's page")
        );
        assert_eq!(file_name_problem(&"x".repeat(MAX_NAME)), None);
    }

    #[test]
    fn names_that_differ_only_in_case_clash() {
        assert_eq!(
            case_clashes(["Bob", "alice", "bob", "BOB", "carol"]),
            [("Bob", "bob"), ("Bob", "BOB")]
        );
        assert!(case_clashes(["a", "b"]).is_empty());
    }
}
