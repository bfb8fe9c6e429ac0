//! The parts of a grade besides the system tests (`grade --parts`): the
//! course's public tests, upcard's ADT tests, the student's unit tests and
//! style, graded by their own crates before grading starts and handed in
//! as outcomes by student. Here they join each student's scenario
//! outcomes, with the TA's points; or, with no system part (the
//! checkpoint: no `euchre.cpp`), they are the whole grade.

use std::collections::BTreeMap;
use std::io::Write;

use super::Outcome;
use super::event::{Event, Reporter};
use super::points::{Part, Points};
use super::writer::{Reports, Student, Writer};
use upcard_rules::Failure;

/// The other parts' outcomes, each student's by name, in the class's order.
pub type Others = BTreeMap<String, Vec<Outcome>>;

/// `student`'s outcomes of the other parts after its `scenarios` system
/// outcomes (numbered after them), then every outcome given its points.
pub fn join(
    (others, points): (&Others, &Points),
    student: &str,
    scenarios: usize,
    outs: &mut Vec<Outcome>,
) {
    append(others, student, scenarios, outs);
    points.apply(outs);
}

/// The student's other parts after the scenarios, their points as graded
/// (a shard's: the merge applies the TA's to the whole run).
pub fn append(others: &Others, student: &str, scenarios: usize, outs: &mut Vec<Outcome>) {
    if let Some(more) = others.get(student) {
        let start = scenarios.max(outs.iter().map(|x| x.case + 1).max().unwrap_or(0));
        outs.extend(more.iter().enumerate().map(|(i, x)| Outcome {
            case: start + i,
            ..x.clone()
        }));
    }
}

/// A grade with no system part: what it is of.
pub struct Alone<'a> {
    /// The submission or class graded (`--exe`).
    pub exe: &'a std::path::Path,
    pub parts: &'a [Part],
    pub others: &'a Others,
    pub points: &'a Points,
}

/// The grade with no system part: each student's other parts, reported
/// as a grade with scenarios is (`reports.many` is decided here).
pub fn run(
    a: &Alone,
    mut reports: Reports,
    said: &dyn Reporter,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    if a.others.is_empty() {
        return Err(Failure::input(format!(
            "{}: no submission to grade on {}",
            a.exe.display(),
            a.parts
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let one = matches!(
        super::folder::shape(a.exe, &["Card.cpp"]),
        Ok(super::folder::Shape::One)
    );
    reports.many = !one || a.others.len() > 1;
    reports.check_clashes()?;
    let mut writer = Writer::new(reports);
    said.report(Event::RunsStarted(0));
    for name in a.others.keys() {
        let mut outs = Vec::new();
        join((a.others, a.points), name, 0, &mut outs);
        writer.student(
            &Student {
                name,
                error: None,
                sources: None,
            },
            outs,
        );
    }
    said.report(Event::RunsDone);
    writer.finish(stdout, said, false)
}
