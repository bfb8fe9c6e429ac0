//! A student header that is not the course's: the course compiles the
//! student's sources with its own headers, so a changed `Card.hpp` is a
//! finding for the TA (which header, its first differing line), never a
//! silent switch to the student's API.

use serde::Serialize;

/// A header of the student's that differs from the course's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeaderChange {
    pub header: String,
    /// The first line (from 1) where they differ.
    pub line: usize,
    /// That line in the course's header and in the student's (None past the end).
    pub course: Option<String>,
    pub student: Option<String>,
}

impl HeaderChange {
    /// How a change is said: "Card.hpp differs from the course's at line 12:
    /// the course's `…`, yours `…`".
    pub fn describe(&self) -> String {
        let shown = |l: &Option<String>| {
            l.as_ref().map_or("(the end of the file)".into(), |l| {
                format!("`{}`", upcard_parse::escape::printable_line(l.trim_end()))
            })
        };
        format!(
            "{} differs from the course's at line {}: the course's {}, yours {}",
            self.header,
            self.line,
            shown(&self.course),
            shown(&self.student)
        )
    }
}

/// Whether a file is a C++ header by its name (`.hpp`, or the older `.h`).
pub fn is_header(name: &str) -> bool {
    name.ends_with(".hpp") || name.ends_with(".h")
}

/// The changes of the headers in `dir` (a student's sources) from the
/// course's `files` that are headers, in name order.
pub fn changes(dir: &std::path::Path, files: &[(String, Vec<u8>)]) -> Vec<HeaderChange> {
    files
        .iter()
        .filter(|(n, _)| is_header(n))
        .filter_map(|(n, course)| {
            let theirs = super::data::read_file(&dir.join(n), 1 << 20).ok()?;
            compare(n, course, &theirs)
        })
        .collect()
}

/// How `student`'s copy of `header` differs from the `course`'s, if it
/// does: its code line by line (comments, blank lines, line endings and
/// trailing blanks aside: a term's fixed typo in a comment, or an editor's
/// CRLF, is no change of API), named by the student's line number.
pub fn compare(header: &str, course: &[u8], student: &[u8]) -> Option<HeaderChange> {
    let (c, s) = (code_lines(course), code_lines(student));
    let i =
        (0..c.len().max(s.len())).find(|&i| c.get(i).map(|l| &l.1) != s.get(i).map(|l| &l.1))?;
    Some(HeaderChange {
        header: header.to_string(),
        line: s.get(i).or(s.last()).map_or(1, |l| l.0),
        course: c.get(i).map(|l| l.1.clone()),
        student: s.get(i).map(|l| l.1.clone()),
    })
}

/// A header's lines of code (from 1) with their comments taken out and
/// their blanks trimmed, blank ones left out.
fn code_lines(bytes: &[u8]) -> Vec<(usize, String)> {
    let text = String::from_utf8_lossy(bytes);
    let mut in_block = false;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut code = String::new();
        let mut rest = line;
        loop {
            if in_block {
                match rest.find("*/") {
                    Some(i) => {
                        rest = &rest[i + 2..];
                        in_block = false;
                    }
                    None => break,
                }
            } else {
                let line_comment = rest.find("//");
                let block = rest.find("/*");
                match (line_comment, block) {
                    (Some(l), b) if b.is_none_or(|b| l < b) => {
                        code.push_str(&rest[..l]);
                        break;
                    }
                    (_, Some(b)) => {
                        code.push_str(&rest[..b]);
                        code.push(' ');
                        rest = &rest[b + 2..];
                        in_block = true;
                    }
                    _ => {
                        code.push_str(rest);
                        break;
                    }
                }
            }
        }
        let code = code.trim();
        if !code.is_empty() {
            out.push((n + 1, code.to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_line_is_named_and_line_endings_are_no_change() {
        let course = b"#pragma once\nbool is_trump(Suit t);\n";
        assert_eq!(
            compare(
                "Card.hpp",
                course,
                b"#pragma once\r\nbool is_trump(Suit t);  \r\n\n"
            ),
            None
        );
        let changed =
            compare("Card.hpp", course, b"#pragma once\nbool is_trump(int t);\n").unwrap();
        assert_eq!(
            changed.describe(),
            "Card.hpp differs from the course's at line 2: the course's `bool is_trump(Suit t);`, \
             yours `bool is_trump(int t);`"
        );
        let longer = compare(
            "Card.hpp",
            course,
            b"#pragma once\nbool is_trump(Suit t);\nint x;\n",
        )
        .unwrap();
        assert_eq!(
            (longer.line, longer.course, longer.student.as_deref()),
            (3, None, Some("int x;"))
        );
    }
}
