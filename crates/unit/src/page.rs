//! The unit-test report's HTML page: a student's tests and the bugs they
//! catch, in the words of unit-test grading (tests, valid and invalid,
//! bugs caught and by which test), not those of scenario grading.

use std::fmt::Write as _;

use crate::{Report, Submission};
use upcard_parse::escape::html as escape;

/// "1 bug", "2 bugs".
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// What the student's page and the class's table say of a submission:
/// bugs caught, tests, valid tests, invalid tests.
pub fn tally(r: &Report, s: &Submission) -> [usize; 4] {
    let caught = r
        .bugs
        .iter()
        .filter(|b| s.files.iter().any(|f| f.caught.contains(b)))
        .count();
    let tests = s.files.iter().map(|f| f.tests.len()).sum();
    let valid = s
        .files
        .iter()
        .flat_map(|f| &f.tests)
        .filter(|t| t.valid)
        .count();
    [caught, tests, valid, tests - valid]
}

/// The submission's tests that catch `bug`, as `FILE TEST`.
pub fn catching(s: &Submission, bug: &str) -> Vec<String> {
    s.files
        .iter()
        .flat_map(|f| {
            f.tests
                .iter()
                .filter(|t| t.valid && t.catches.iter().any(|c| c == bug))
                .map(move |t| format!("{} {}", f.file, t.name))
        })
        .collect()
}

/// One student's page.
pub fn page(r: &Report, s: &Submission) -> String {
    let [caught, tests, valid, invalid] = tally(r, s);
    let name = escape(&s.name);
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>upcard unit-tests: {name}</title><style>{}</style></head><body>\n\
         <h1>upcard unit-tests: {name}</h1>\n<p id=\"summary\">{caught} of {} caught; \
         {}: {valid} valid, {invalid} invalid</p>\n",
        upcard_grade::grade::html::STYLE,
        count(r.bugs.len(), "bug"),
        count(tests, "test"),
    );
    h.push_str(
        "<h2>Bugs</h2>\n<table id=\"bugs\"><tr><th>bug</th><th>caught</th><th>by</th></tr>\n",
    );
    for bug in &r.bugs {
        let by = catching(s, bug);
        let (class, word) = if by.is_empty() {
            ("fail", "no")
        } else {
            ("pass", "yes")
        };
        let by = if by.is_empty() {
            "no valid test of yours catches it".to_string()
        } else {
            by.join(", ")
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"{class}\">{word}</td><td>{}</td></tr>",
            escape(bug),
            escape(&by)
        );
    }
    h.push_str("</table>\n<h2>Tests</h2>\n<table id=\"tests\"><tr><th>file</th><th>test</th><th>valid</th><th>catches, or why it is invalid</th></tr>\n");
    for f in &s.files {
        if let Some(e) = &f.error {
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td></td><td class=\"fail\">not graded</td><td><pre>{}</pre></td></tr>",
                escape(&f.file),
                escape(e)
            );
        }
        for t in &f.tests {
            let (class, word, what) = if t.valid {
                ("pass", "valid", t.catches.join(", "))
            } else {
                let why = t
                    .failure
                    .as_deref()
                    .unwrap_or("it fails on the correct solution");
                ("fail", "invalid", why.to_string())
            };
            let _ = writeln!(
                h,
                "<tr><td>{}</td><td>{}</td><td class=\"{class}\">{word}</td><td>{}</td></tr>",
                escape(&f.file),
                escape(&t.name),
                escape(&what)
            );
        }
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

/// The class's columns, for its table.
pub const COLUMNS: [&str; 5] = ["bugs caught", "tests", "valid", "invalid", "score"];

/// A student's row of the class's table (COLUMNS).
pub fn row(r: &Report, s: &Submission) -> Vec<String> {
    let [caught, tests, valid, invalid] = tally(r, s);
    vec![
        format!("{caught} of {}", r.bugs.len()),
        tests.to_string(),
        valid.to_string(),
        invalid.to_string(),
        format!("{caught}/{}", r.bugs.len()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Test, TestFile};

    #[test]
    fn the_page_names_the_catching_test_and_the_invalid_one() {
        let r = Report {
            bugs: vec!["ace-low".into(), "no-bower".into()],
            submissions: Vec::new(),
        };
        let s = Submission {
            name: "a<b".into(),
            ignored: Vec::new(),
            files: vec![TestFile {
                file: "Card_tests.cpp".into(),
                graded: Vec::new(),
                error: None,
                tests: vec![
                    Test {
                        name: "ace_high".into(),
                        valid: true,
                        failure: None,
                        catches: vec!["ace-low".into()],
                    },
                    Test {
                        name: "nine_is_face".into(),
                        valid: false,
                        failure: Some("exit status 1".into()),
                        catches: Vec::new(),
                    },
                ],
                caught: vec!["ace-low".into()],
                unbuilt: Vec::new(),
            }],
        };
        let p = page(&r, &s);
        assert!(p.contains("<h1>upcard unit-tests: a&lt;b</h1>"), "{p}");
        assert!(
            p.contains("<p id=\"summary\">1 of 2 bugs caught; 2 tests: 1 valid, 1 invalid</p>"),
            "{p}"
        );
        assert!(p.contains(
            "<tr><td>ace-low</td><td class=\"pass\">yes</td><td>Card_tests.cpp ace_high</td></tr>"
        ));
        assert!(p.contains(
            "<tr><td>no-bower</td><td class=\"fail\">no</td><td>no valid test of yours catches it</td></tr>"
        ));
        assert!(p.contains(
            "<tr><td>Card_tests.cpp</td><td>nine_is_face</td><td class=\"fail\">invalid</td><td>exit status 1</td></tr>"
        ));
        assert!(!p.contains("scenario"), "{p}");
        assert_eq!(row(&r, &s), ["1 of 2", "2", "1", "1", "1/2"]);
    }
}
