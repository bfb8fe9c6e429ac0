//! How grading compares a transcript with its golden: `--compare` when
//! given, else as the course's own autograder does (EECS 280: `diff -B`);
//! a scenario's own `expect.compare` wins over both.

use upcard_scenario::scenario::{Compare, RulesName, Scenario};

/// The comparison a grading of `rules` uses where a scenario says none.
pub fn grading(rules: RulesName, asked: Option<Compare>) -> Compare {
    asked.unwrap_or_else(|| Compare::from_diff_flags(rules.course().diff_flags()))
}

/// `s` compared as `c`, unless it says how it is compared.
pub fn apply(s: &mut Scenario, c: Compare) {
    if !s.expect.compare_set {
        s.expect.compare = c;
    }
}

/// Why a run that passes under `c` is not byte for byte the golden, for
/// its verdict: "as diff -B compares; not byte for byte: line 12 differs".
pub fn passed_under(c: Compare, expected: &str, actual: &str) -> String {
    let how = match c.diff_flags() {
        f if f.is_empty() => c.describe(),
        f => format!("as diff {f} compares"),
    };
    match upcard_scenario::scenario::diff::first_divergence(expected, actual, Compare::default()) {
        Some(d) => format!(
            "{how}; not byte for byte: {}",
            match (&d.expected, &d.actual) {
                (Some(e), Some(a)) if e.is_empty() && !a.is_empty() => {
                    format!("the golden's blank line {} is missing", d.expected_line)
                }
                (Some(_), Some(a)) if a.is_empty() => {
                    format!("line {} is a blank line more", d.actual_line)
                }
                (Some(_), Some(_)) => format!("line {} differs", d.actual_line),
                (None, Some(_)) => format!("line {} is a line more", d.actual_line),
                (_, None) => format!("it ends before the golden's line {}", d.expected_line),
            }
        ),
        None => how,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b() -> Compare {
        Compare::from_diff_flags("-B")
    }

    #[test]
    fn a_pass_under_diff_b_says_where_it_is_not_exact() {
        let golden = "Hand 0\nAdi deals\nBo passes\n";
        assert_eq!(
            passed_under(b(), golden, "Hand 0\nAdi deals\n\nBo passes\n"),
            "as diff -B compares; not byte for byte: line 3 is a blank line more"
        );
        assert_eq!(
            passed_under(b(), golden, "Hand 0\nAdi deals\nBo passes\n\n"),
            "as diff -B compares; not byte for byte: line 4 is a line more"
        );
        assert_eq!(
            passed_under(b(), "a\n\nb\n", "a\nb\n"),
            "as diff -B compares; not byte for byte: the golden's blank line 2 is missing"
        );
        assert_eq!(
            passed_under(b(), "a\nb\n\n", "a\nb\n"),
            "as diff -B compares; not byte for byte: it ends before the golden's line 3"
        );
        let bw = Compare::from_diff_flags("-B -w");
        assert_eq!(
            passed_under(bw, "a b\n", "a  b\n"),
            "as diff -Bw compares; not byte for byte: line 1 differs"
        );
    }

    #[test]
    fn each_course_grades_as_its_autograder_unless_told() {
        for name in upcard_rules::courses::program_names() {
            let r = RulesName::from_name(name).unwrap();
            let course = Compare::from_diff_flags(r.course().diff_flags());
            assert_eq!(grading(r, None), course, "{name}");
            assert_eq!(grading(r, Some(b())), b(), "{name}");
            assert!(grading(r, Some(Compare::default())).is_exact(), "{name}");
        }
    }
}
