//! The tests of a generated grader's grade, known before any submission is
//! graded (`autograder init` on autograder.io and GitHub Classroom, which
//! run one command a test and count the tests themselves): the scenarios,
//! the course's public tests and upcard's functions of the course's API,
//! the staff's bugs, the style rules — each named as its part's report
//! names it, with the points the TA's points file gives it, by the same
//! `Points::apply` the grade uses.

use std::path::Path;

use upcard::Failure;
use upcard::deploy::{PartsStage, PlannedTest};
use upcard::grade::points::{Part, Points};
use upcard::grade::{Outcome, Verdict};
use upcard::scenario::Scenario;

/// What the plan is made from besides the scenarios.
pub struct Given<'a> {
    pub stage: &'a PartsStage,
    pub course_files: Option<&'a Path>,
    /// The staff's unit-test folder (its `bugs/`).
    pub unit: Option<&'a Path>,
}

/// Every test of the grade, the scenarios' first, with its points.
pub fn planned(g: &Given, scenarios: &[Scenario]) -> Result<Vec<PlannedTest>, Failure> {
    let parts: Vec<Part> = g
        .stage
        .parts
        .iter()
        .filter_map(|p| Part::from_name(p))
        .collect();
    let mut outs: Vec<Outcome> = Vec::new();
    if g.stage.system {
        outs.extend(scenarios.iter().map(|s| Outcome {
            visibility: s.visibility,
            ..untried(s.name.clone(), s.weight, Part::System)
        }));
    }
    if parts.contains(&Part::Public) || parts.contains(&Part::Adt) {
        outs.extend(inside(g.course_files, &parts)?);
    }
    if parts.contains(&Part::UnitTests) {
        outs.extend(bugs(g.unit)?);
    }
    if parts.contains(&Part::Style) {
        outs.extend(
            upcard::style::RULES.iter().map(|(rule, asks)| {
                untried(super::parts::style_test(rule, asks), 1.0, Part::Style)
            }),
        );
    }
    // The points file as the grader carries it (checked when it was read).
    let mut points = match &g.stage.points {
        Some(text) => Points::parse(&String::from_utf8_lossy(text)).map_err(Failure::input)?,
        None => Points::default(),
    };
    if g.stage.checkpoint {
        super::parts::checkpoint_points(&mut points);
    }
    points.apply(&mut outs);
    Ok(outs
        .into_iter()
        .map(|o| PlannedTest {
            part: o.part.name().to_string(),
            name: o.name,
            points: o.weight,
            visibility: o.visibility,
        })
        .collect())
}

/// A test not yet run.
fn untried(name: String, weight: f64, part: Part) -> Outcome {
    let not = Verdict::NotRun("not graded yet".into());
    Outcome::new(name, weight, not, String::new()).in_part(part)
}

/// The course's public tests and upcard's functions of its API.
fn inside(course_files: Option<&Path>, parts: &[Part]) -> Result<Vec<Outcome>, Failure> {
    let dir =
        course_files.ok_or_else(|| Failure::input("--parts public,adt need --course-files"))?;
    let course = upcard::adt::CourseFiles::read(dir).map_err(|e| Failure::input(e.to_string()))?;
    let asked = upcard::adt::Parts {
        public: parts.contains(&Part::Public),
        engine: parts.contains(&Part::Adt),
    };
    upcard::adt::course_tests(&course, asked).ok_or_else(|| {
        Failure::input(format!(
            "--parts adt: {}: no Card.hpp or Card.h: upcard's tests are of the course's API, \
             which a platform that counts its tests needs before any student is graded",
            dir.display()
        ))
    })
}

/// A test a bug of the staff's: each folder of `bugs/`, by name, as the
/// unit tests' report names them.
fn bugs(unit: Option<&Path>) -> Result<Vec<Outcome>, Failure> {
    let Some(staff) = unit else {
        return Ok(Vec::new());
    };
    let dir = staff.join("bugs");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| Failure::input(format!("{}: {e}", dir.display())))?
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Ok(names
        .into_iter()
        .map(|n| untried(upcard::unit::bug_test(&n), 1.0, Part::UnitTests))
        .collect())
}
