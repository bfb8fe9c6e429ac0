//! Comparing transcripts under a scenario's mode (diff's -B -b -w -i) and
//! showing the difference: numbered lines, context, colour when wanted, and
//! white space made visible when that is all that differs.

use std::fmt::Write;

use similar::{Algorithm, DiffOp, capture_diff_slices, group_diff_ops};

use super::model::Compare;

/// One line as compared: its text (with its `\n`, if any) and its comparison key.
struct Line<'a> {
    number: usize,
    text: &'a str,
    key: String,
}

fn key(line: &str, c: Compare) -> String {
    let mut k = if c.ignore_all_space {
        line.chars().filter(|ch| !ch.is_whitespace()).collect()
    } else if c.ignore_space_change {
        // diff -b: trailing white space goes; other runs count as one space.
        let mut out = String::with_capacity(line.len());
        let mut gap = false;
        for ch in line.trim_end().chars() {
            if ch.is_whitespace() {
                gap = true;
            } else {
                if gap {
                    out.push(' ');
                }
                gap = false;
                out.push(ch);
            }
        }
        out
    } else {
        line.to_string()
    };
    if c.ignore_case {
        k = k.to_lowercase();
    }
    k
}

fn lines(text: &str, c: Compare) -> Vec<Line<'_>> {
    text.split_inclusive('\n')
        .enumerate()
        .map(|(i, t)| Line {
            number: i + 1,
            text: t,
            key: key(t, c),
        })
        .filter(|l| !(c.ignore_blank_lines && blank(l.text, c)))
        .collect()
}

/// A blank line as GNU diff's -B sees it: an empty one; with -b or -w,
/// one of white space only too (`"  \n"` and `"\r\n"` are not blank under
/// -B alone, as the course's `diff -B` finds).
fn blank(line: &str, c: Compare) -> bool {
    if c.ignore_space_change || c.ignore_all_space {
        line.trim().is_empty()
    } else {
        line == "\n"
    }
}

fn ops<'a>(
    expected: &'a str,
    actual: &'a str,
    c: Compare,
) -> (Vec<Line<'a>>, Vec<Line<'a>>, Vec<DiffOp>) {
    let old = lines(expected, c);
    let new = lines(actual, c);
    let ok: Vec<&str> = old.iter().map(|l| l.key.as_str()).collect();
    let nk: Vec<&str> = new.iter().map(|l| l.key.as_str()).collect();
    let ops = capture_diff_slices(Algorithm::Myers, &ok, &nk);
    (old, new, ops)
}

/// True when the transcripts are the same under `c`.
pub fn same(expected: &str, actual: &str, c: Compare) -> bool {
    if c.is_exact() {
        return expected == actual;
    }
    let old = lines(expected, c);
    let new = lines(actual, c);
    old.len() == new.len() && old.iter().zip(&new).all(|(a, b)| a.key == b.key)
}

/// The first place the transcripts differ under `c`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// 1-based line numbers in the expected and the actual text.
    pub expected_line: usize,
    pub actual_line: usize,
    /// The lines there, without their line ending; None past the end.
    pub expected: Option<String>,
    pub actual: Option<String>,
}

pub fn first_divergence(expected: &str, actual: &str, c: Compare) -> Option<Divergence> {
    if c.is_exact() {
        return first_exact_divergence(expected, actual);
    }
    keyed_divergence(expected, actual, c)
}

/// [`first_divergence`] by each line's key under `c`.
fn keyed_divergence(expected: &str, actual: &str, c: Compare) -> Option<Divergence> {
    let old = lines(expected, c);
    let new = lines(actual, c);
    let i = old
        .iter()
        .zip(&new)
        .position(|(a, b)| a.key != b.key)
        .or_else(|| (old.len() != new.len()).then_some(old.len().min(new.len())))?;
    let number = |v: &[Line], all: &str| {
        v.get(i)
            .map_or(all.split_inclusive('\n').count() + 1, |l| l.number)
    };
    let strip = |l: &Line| l.text.strip_suffix('\n').unwrap_or(l.text).to_string();
    Some(Divergence {
        expected_line: number(&old, expected),
        actual_line: number(&new, actual),
        expected: old.get(i).map(strip),
        actual: new.get(i).map(strip),
    })
}

/// [`first_divergence`] byte for byte, with no line's key made: a
/// diagnosis compares many runs with a program's output, most of them
/// differing early.
fn first_exact_divergence(expected: &str, actual: &str) -> Option<Divergence> {
    if expected == actual {
        return None;
    }
    let (mut old, mut new) = (expected.split_inclusive('\n'), actual.split_inclusive('\n'));
    let mut i = 0;
    loop {
        match (old.next(), new.next()) {
            (Some(a), Some(b)) if a == b => i += 1,
            (a, b) => {
                let strip = |l: &str| l.strip_suffix('\n').unwrap_or(l).to_string();
                return Some(Divergence {
                    expected_line: i + 1,
                    actual_line: i + 1,
                    expected: a.map(strip),
                    actual: b.map(strip),
                });
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Style {
    pub color: bool,
    pub side_by_side: bool,
    /// Lines of context around each change.
    pub context: usize,
}

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";
const DIM: &str = "\x1b[2m";
const RESET: &str = "\x1b[0m";

/// Spaces as ·, tabs as →, carriage returns as ␍, and a line end as ⏎ (so a
/// missing final newline shows).
fn visible(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 4);
    for ch in text.chars() {
        match ch {
            ' ' => s.push('·'),
            '\t' => s.push('→'),
            '\r' => s.push('␍'),
            '\n' => s.push('⏎'),
            c => s.push(c),
        }
    }
    s
}

fn bare(text: &str) -> &str {
    text.strip_suffix('\n').unwrap_or(text)
}

/// A readable diff of `expected` (the golden) against `actual`; empty when
/// they are the same under `c`.
pub fn render(expected: &str, actual: &str, c: Compare, style: Style) -> String {
    if same(expected, actual, c) {
        return String::new();
    }
    let (old, new, ops) = ops(expected, actual, c);
    let paint = |s: &str, colour: &str| {
        if style.color {
            format!("{colour}{s}{RESET}")
        } else {
            s.to_string()
        }
    };
    let mut out = String::new();
    let _ = writeln!(out, "{}", paint("--- expected (golden)", RED));
    let _ = writeln!(out, "{}", paint("+++ actual", GREEN));
    for group in group_diff_ops(ops, style.context) {
        let (first, last) = (&group[0], &group[group.len() - 1]);
        let o = first.old_range().start..last.old_range().end;
        let n = first.new_range().start..last.new_range().end;
        let head = format!(
            "@@ expected line {}, actual line {} @@",
            old.get(o.start).map_or(o.start + 1, |l| l.number),
            new.get(n.start).map_or(n.start + 1, |l| l.number)
        );
        let _ = writeln!(out, "{}", paint(&head, CYAN));
        for op in &group {
            let (tag, or, nr) = op.as_tag_tuple();
            let removed: Vec<&Line> = old[or.clone()].iter().collect();
            let added: Vec<&Line> = new[nr.clone()].iter().collect();
            if tag == similar::DiffTag::Equal {
                for (a, b) in removed.iter().zip(&added) {
                    let body = format!("{:>5} {:>5}   {}", a.number, b.number, bare(a.text));
                    let _ = writeln!(out, "{}", paint(&body, DIM));
                }
                continue;
            }
            // When only white space or line endings differ, show them.
            let strip = |v: &[&Line]| -> String {
                v.iter()
                    .flat_map(|l| l.text.chars().filter(|c| !c.is_whitespace()))
                    .collect()
            };
            let show_ws = strip(&removed) == strip(&added);
            let shown = |l: &Line| {
                if show_ws {
                    visible(l.text)
                } else {
                    bare(l.text).to_string()
                }
            };
            if style.side_by_side {
                let rows = removed.len().max(added.len());
                for i in 0..rows {
                    let left = removed
                        .get(i)
                        .map_or(String::new(), |l| format!("{:>5} - {}", l.number, shown(l)));
                    let right = added
                        .get(i)
                        .map_or(String::new(), |l| format!("{:>5} + {}", l.number, shown(l)));
                    let pad = 50usize.saturating_sub(left.chars().count());
                    let _ = writeln!(
                        out,
                        "{}{} | {}",
                        paint(&left, RED),
                        " ".repeat(pad),
                        paint(&right, GREEN)
                    );
                }
            } else {
                for l in &removed {
                    let body = format!("{:>5}       - {}", l.number, shown(l));
                    let _ = writeln!(out, "{}", paint(&body, RED));
                }
                for l in &added {
                    let body = format!("      {:>5} + {}", l.number, shown(l));
                    let _ = writeln!(out, "{}", paint(&body, GREEN));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// The exact comparison's byte-for-byte path finds what the keyed lines
    /// find, on texts that differ anywhere (a line, its end, the last
    /// newline, one text a prefix of the other).
    #[test]
    fn exact_divergence_is_the_keyed_lines_divergence() {
        let c = Compare::default();
        let texts = [
            "",
            "a",
            "a\n",
            "a\nb\n",
            "a\nb",
            "a\nc\n",
            "a\nb\nc\n",
            "b\n",
            "\n",
            "\n\n",
            "a\n\n",
        ];
        for e in texts {
            for a in texts {
                assert_eq!(
                    first_divergence(e, a, c),
                    keyed_divergence(e, a, c),
                    "{e:?} {a:?}"
                );
            }
        }
    }

    use super::*;

    const PLAIN: Style = Style {
        color: false,
        side_by_side: false,
        context: 1,
    };

    fn flags(b: bool, sp: bool, w: bool, i: bool) -> Compare {
        Compare {
            ignore_blank_lines: b,
            ignore_space_change: sp,
            ignore_all_space: w,
            ignore_case: i,
        }
    }

    #[test]
    fn each_mode_ignores_only_its_own_difference() {
        let golden = "Hand 0\nAdi deals\n\nJack of Spades turned up\n";
        let exact = Compare::default();
        assert!(same(golden, golden, exact));
        assert!(!same(
            golden,
            "Hand 0\nAdi deals\nJack of Spades turned up\n",
            exact
        ));
        let no_blank = "Hand 0\nAdi deals\nJack of Spades turned up\n";
        assert!(same(golden, no_blank, flags(true, false, false, false)));
        assert!(!same(golden, no_blank, flags(false, true, true, true)));
        let spaced = "Hand 0 \nAdi  deals\n\nJack of Spades turned up\n";
        assert!(same(golden, spaced, flags(false, true, false, false)));
        assert!(!same(golden, spaced, exact));
        let squeezed = "Hand0\nAdideals\n\nJackofSpadesturnedup\n";
        assert!(!same(golden, squeezed, flags(false, true, false, false)));
        assert!(same(golden, squeezed, flags(false, false, true, false)));
        let shouting = "HAND 0\nADI DEALS\n\nJACK OF SPADES TURNED UP\n";
        assert!(same(golden, shouting, flags(false, false, false, true)));
        assert!(!same(golden, shouting, flags(true, true, true, false)));
        // A missing final newline is a difference only for exact comparisons.
        assert!(!same(golden, golden.trim_end(), exact));
        assert!(same(
            golden,
            golden.trim_end(),
            flags(false, true, false, false)
        ));
    }

    #[test]
    fn blank_lines_are_empty_ones_as_gnu_diff_b_has_them() {
        let golden = "a\nb\n";
        let b = flags(true, false, false, false);
        assert!(same(golden, "a\n\n\nb\n\n", b));
        // Spaces or a carriage return make a line that -B alone keeps.
        assert!(!same(golden, "a\n  \nb\n", b));
        assert!(!same(golden, "a\n\r\nb\n", b));
        assert!(same(golden, "a\n  \nb\n", flags(true, true, false, false)));
        assert!(same(golden, "a\n\r\nb\n", flags(true, false, true, false)));
        // Under -B the last line's newline still counts, as in diff -qB.
        assert!(!same(golden, "a\nb", b));
    }

    #[test]
    fn diff_flags_read_and_said_as_a_course_writes_them() {
        let c = Compare::from_diff_flags("-qB");
        assert_eq!(c, flags(true, false, false, false));
        assert_eq!(c.diff_flags(), "-B");
        assert_eq!(Compare::from_diff_flags("-y -B").diff_flags(), "-B");
        assert_eq!(Compare::from_diff_flags("-b -w").diff_flags(), "-bw");
        assert_eq!(Compare::from_diff_flags("").diff_flags(), "");
        assert_eq!(Compare::from_diff_flags("--brief"), Compare::default());
    }

    #[test]
    fn first_divergence_names_both_line_numbers() {
        let d = first_divergence("a\nb\nc\n", "a\nB\nc\n", Compare::default()).unwrap();
        assert_eq!(
            d,
            Divergence {
                expected_line: 2,
                actual_line: 2,
                expected: Some("b".into()),
                actual: Some("B".into()),
            }
        );
        // Blank lines skipped: the numbers are each text's own.
        let d = first_divergence("a\n\nb\nc\n", "a\nb\nx\n", flags(true, false, false, false));
        assert_eq!(d.unwrap().expected_line, 4);
        // The actual text ends early.
        let d = first_divergence("a\nb\n", "a\n", Compare::default()).unwrap();
        assert_eq!((d.expected_line, d.actual_line), (2, 2));
        assert_eq!((d.expected.as_deref(), d.actual), (Some("b"), None));
        assert_eq!(first_divergence("a\n", "a\n", Compare::default()), None);
    }

    #[test]
    fn render_numbers_lines_and_shows_context() {
        let golden = "1\n2\n3\n4\n5\n6\n";
        let actual = "1\n2\n3\nfour\n5\n6\n";
        let d = render(golden, actual, Compare::default(), PLAIN);
        assert_eq!(
            d,
            "--- expected (golden)\n+++ actual\n@@ expected line 3, actual line 3 @@\n    3     3   3\n    4       - 4\n          4 + four\n    5     5   5\n"
        );
        assert_eq!(render(golden, golden, Compare::default(), PLAIN), "");
    }

    #[test]
    fn render_makes_white_space_visible_when_that_is_all_that_differs() {
        let d = render("a b\n", "a  b\r\n", Compare::default(), PLAIN);
        assert!(d.contains("    1       - a·b⏎\n"), "{d}");
        assert!(d.contains("          1 + a··b␍⏎\n"), "{d}");
        let d = render("end\n", "end", Compare::default(), PLAIN);
        assert!(d.contains("- end⏎\n") && d.contains("+ end\n"), "{d}");
        // A real change is shown as written.
        let d = render("a b\n", "a c\n", Compare::default(), PLAIN);
        assert!(d.contains("- a b\n") && d.contains("+ a c\n"), "{d}");
    }

    #[test]
    fn render_side_by_side_and_colour() {
        let style = Style {
            color: true,
            side_by_side: true,
            context: 0,
        };
        let d = render("x\n", "y\n", Compare::default(), style);
        assert!(d.contains("\x1b[31m    1 - x\x1b[0m"), "{d}");
        assert!(d.contains(" | \x1b[32m    1 + y\x1b[0m"), "{d}");
    }
}
