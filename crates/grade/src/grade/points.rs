//! The parts a submission is graded on (the EECS 280 spec's "Submission
//! and Grading": the game's system tests, the course's public tests of
//! each class, upcard's engine-derived tests of them, the students' own
//! unit tests against buggy solutions, style) and the points a TA gives
//! each part and test, from one TOML file (`grade --points`, docs/parts.md).

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::Outcome;
use upcard_scenario::scenario::raw::Visibility;

/// One part of a grade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// The game on the scenarios, compared with the goldens.
    #[default]
    System,
    /// The course's public tests of Card, Pack and Player.
    Public,
    /// upcard's tests of each function of the classes, derived from its engine.
    Adt,
    /// The student's own unit tests, against buggy solutions.
    UnitTests,
    /// The course's style checks and the spec's restrictions.
    Style,
}

impl Part {
    /// Every part, in the order a report lists them.
    pub const ALL: [Part; 5] = [
        Part::System,
        Part::Public,
        Part::Adt,
        Part::UnitTests,
        Part::Style,
    ];

    /// The part's name on the command line, in the points file and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Part::System => "system",
            Part::Public => "public",
            Part::Adt => "adt",
            Part::UnitTests => "unit-tests",
            Part::Style => "style",
        }
    }

    pub fn from_name(name: &str) -> Option<Part> {
        Part::ALL.into_iter().find(|p| p.name() == name)
    }

    /// What the part is, as a report's heading says it.
    pub fn title(self) -> &'static str {
        match self {
            Part::System => "the game on the scenarios",
            Part::Public => "the course's public tests",
            Part::Adt => "upcard's tests of each function",
            Part::UnitTests => "your unit tests against buggy solutions",
            Part::Style => "style and the spec's restrictions",
        }
    }

    /// A part's default points a test: a public TEST, an ADT function, a
    /// bug caught and a style check are each a point; a scenario is its weight.
    fn each(self) -> Option<f64> {
        match self {
            Part::System => None,
            _ => Some(1.0),
        }
    }
}

impl std::fmt::Display for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Part {
    type Err = String;
    fn from_str(s: &str) -> Result<Part, String> {
        Part::from_name(s)
            .ok_or_else(|| format!("{s:?} is not a part: system, public, adt, unit-tests or style"))
    }
}

/// What a TA sets for one part.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PartPoints {
    /// Points a test (absent: the part's default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub each: Option<f64>,
    /// The part's total: its tests' points are scaled to add up to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<f64>,
    /// Who sees the part's tests (absent: a scenario's own; visible).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Visibility>,
    /// Points of a test by its name, ahead of `each`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tests: BTreeMap<String, f64>,
}

/// The TA's points file: a table per part.
/// (A shard's report carries it, as JSON, for the merge to apply.)
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Points {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<PartPoints>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<PartPoints>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adt: Option<PartPoints>,
    #[serde(
        default,
        rename = "unit-tests",
        skip_serializing_if = "Option::is_none"
    )]
    pub unit_tests: Option<PartPoints>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<PartPoints>,
}

/// The most a points file may be: a term's tests fit in far less.
const MAX_BYTES: u64 = 1 << 20;

impl Points {
    /// The points file at `path`; a malformed one names its line and column.
    pub fn read(path: &Path) -> Result<Points, String> {
        Points::read_text(path).map(|(p, _)| p)
    }

    /// The points file at `path` and its text (an autograder carries it).
    pub fn read_text(path: &Path) -> Result<(Points, String), String> {
        let text = upcard_parse::file::read_text(path, MAX_BYTES).map_err(|e| e.to_string())?;
        let points = Points::parse(&text).map_err(|e| format!("{}:{e}", path.display()))?;
        Ok((points, text))
    }

    /// A points file's text; an error says `LINE:COLUMN: why`.
    pub fn parse(text: &str) -> Result<Points, String> {
        let points: Points = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_column(text, s.start));
            format!("{line}:{column}: {}", e.message())
        })?;
        for part in Part::ALL {
            let Some(p) = points.of(part) else { continue };
            let bad = |v: f64| !v.is_finite() || v < 0.0;
            if p.each.is_some_and(bad) || p.total.is_some_and(bad) {
                return Err(format!("1:1: [{part}]: points are numbers of 0 or more"));
            }
            if let Some((name, _)) = p.tests.iter().find(|(_, v)| bad(**v)) {
                return Err(format!(
                    "1:1: [{part}.tests] {name:?}: points are numbers of 0 or more"
                ));
            }
        }
        Ok(points)
    }

    pub fn of(&self, part: Part) -> Option<&PartPoints> {
        match part {
            Part::System => self.system.as_ref(),
            Part::Public => self.public.as_ref(),
            Part::Adt => self.adt.as_ref(),
            Part::UnitTests => self.unit_tests.as_ref(),
            Part::Style => self.style.as_ref(),
        }
    }

    /// Gives each outcome its points and visibility: its test's, else its
    /// part's `each`, else the part's default; then each part scaled to its
    /// `total`. A test is named as its report names it, without the part.
    pub fn apply(&self, outs: &mut [Outcome]) {
        for part in Part::ALL {
            let set = self.of(part);
            for o in outs.iter_mut().filter(|o| o.part == part) {
                let named = set.and_then(|s| s.tests.get(&o.name)).copied();
                let each = set.and_then(|s| s.each).or(part.each());
                // A zero-point test the grader made (an invalid unit test,
                // a file that was not graded) stays at zero.
                if o.weight != 0.0 || named.is_some() {
                    o.weight = named.or(each).unwrap_or(o.weight);
                }
                if let Some(v) = set.and_then(|s| s.visibility) {
                    o.visibility = v;
                }
            }
            if let Some(total) = set.and_then(|s| s.total) {
                let sum: f64 = outs
                    .iter()
                    .filter(|o| o.part == part)
                    .map(|o| o.weight)
                    .sum();
                if sum > 0.0 {
                    for o in outs.iter_mut().filter(|o| o.part == part) {
                        o.weight = o.weight * total / sum;
                    }
                }
            }
        }
    }
}

/// A byte offset's line and column, both from 1.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Each part's score and most: what a table's column of a part says.
pub fn by_part(outs: &[Outcome]) -> Vec<(Part, f64, f64)> {
    Part::ALL
        .into_iter()
        .filter(|p| outs.iter().any(|o| o.part == *p))
        .map(|p| {
            let mine = outs.iter().filter(|o| o.part == p);
            let got = mine.clone().map(Outcome::score).sum();
            let max = mine.map(|o| o.weight).sum();
            (p, got, max)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Verdict;

    fn out(part: Part, name: &str, weight: f64, pass: bool) -> Outcome {
        let verdict = if pass { Verdict::Pass } else { Verdict::Fail };
        Outcome {
            part,
            ..Outcome::new(name.into(), weight, verdict, String::new())
        }
    }

    #[test]
    fn a_points_file_sets_tests_parts_and_totals() {
        let p = Points::parse(
            "[public]\neach = 2\n[public.tests]\n\"Card_public_tests.cpp test_card_ctor\" = 5\n\
             [adt]\ntotal = 10\nvisibility = \"after_due_date\"\n",
        )
        .unwrap();
        let mut outs = vec![
            out(Part::System, "a", 3.0, true),
            out(
                Part::Public,
                "Card_public_tests.cpp test_card_ctor",
                1.0,
                true,
            ),
            out(Part::Public, "Card_public_tests.cpp test_suit", 1.0, false),
            out(Part::Adt, "Card_less", 1.0, true),
            out(Part::Adt, "Suit_next", 1.0, true),
            out(Part::Adt, "is_trump", 1.0, false),
            out(Part::Adt, "is_trump", 1.0, false),
            out(Part::UnitTests, "invalid test", 0.0, false),
        ];
        p.apply(&mut outs);
        let w: Vec<f64> = outs.iter().map(|o| o.weight).collect();
        assert_eq!(w, [3.0, 5.0, 2.0, 2.5, 2.5, 2.5, 2.5, 0.0]);
        assert_eq!(outs[3].visibility, Visibility::AfterDueDate);
        assert_eq!(outs[1].visibility, Visibility::Visible);
        assert_eq!(
            by_part(&outs),
            [
                (Part::System, 3.0, 3.0),
                (Part::Public, 5.0, 7.0),
                (Part::Adt, 5.0, 10.0),
                (Part::UnitTests, 0.0, 0.0),
            ]
        );
    }

    #[test]
    fn a_malformed_points_file_names_its_line_and_column() {
        assert_eq!(
            Points::parse("[public]\neach = \"two\"\n").unwrap_err(),
            "2:8: invalid type: string \"two\", expected f64"
        );
        assert_eq!(
            Points::parse("[publik]\n").unwrap_err(),
            "1:2: unknown field `publik`, expected one of `system`, `public`, `adt`, `unit-tests`, `style`"
        );
        assert_eq!(
            Points::parse("[style]\ntotal = -1\n").unwrap_err(),
            "1:1: [style]: points are numbers of 0 or more"
        );
    }
}
