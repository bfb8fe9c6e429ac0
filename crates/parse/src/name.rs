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

/// A file stem for the student `name`: the name itself when no earlier
/// stem in `used` is the same name case aside, and it is not the class
/// page's (`index`); else the name with `-2`, `-3`… added. Students come in
/// the run's order, so the same class gives the same stems.
pub fn unique_stem(name: &str, used: &mut std::collections::BTreeSet<String>) -> String {
    let taken = |s: &str, used: &std::collections::BTreeSet<String>| {
        s.eq_ignore_ascii_case("index") || used.contains(&s.to_lowercase())
    };
    let mut stem = name.to_string();
    let mut k = 2;
    while taken(&stem, used) {
        stem = format!("{name}-{k}");
        k += 1;
    }
    used.insert(stem.to_lowercase());
    stem
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
        }
        assert_eq!(file_name_problem("Index"), None);
        assert_eq!(file_name_problem(&"x".repeat(MAX_NAME)), None);
    }

    #[test]
    fn every_student_gets_a_page_of_its_own() {
        let mut used = Default::default();
        let stems: Vec<String> = ["Bob", "bob", "index", "Index", "bob-2", "ann"]
            .iter()
            .map(|n| unique_stem(n, &mut used))
            .collect();
        assert_eq!(
            stems,
            ["Bob", "bob-2", "index-2", "Index-3", "bob-2-2", "ann"]
        );
    }
}
