//! `grade --parts`: the parts of a grade besides the game's system tests,
//! each graded by its own crate before the scenarios run — the course's
//! public tests and upcard's tests of each function (`upcard adt`), the
//! student's unit tests against buggy solutions (`upcard unit-tests`), style
//! (`upcard style`) — and handed to the grader as each student's outcomes
//! (docs/parts.md).

use std::path::{Path, PathBuf};

use upcard::Failure;
use upcard::adt::Parts;
use upcard::grade::Outcome;
use upcard::grade::class::Options;
use upcard::grade::event::Reporter;
use upcard::grade::others::Others;
use upcard::grade::points::Part;
use upcard::grade::{Verdict, folder};
use upcard::sandbox::{Limits, Sandboxing};

/// What the other parts are graded with.
pub struct Asked<'a> {
    pub course_files: Option<&'a Path>,
    /// The unit-tests part's correct solution and buggy ones.
    pub solution: Option<&'a Path>,
    pub bugs: &'a [PathBuf],
    /// The unit-tests part's reference tests.
    pub reference: Option<&'a Path>,
}

/// The parts graded: those asked for, else every part the given files
/// allow — the system tests; with the course's files and sources, its
/// public tests and upcard's; with a solution, the unit tests. Style is
/// graded when asked (the checkpoint has none; the final's is the TA's call).
pub fn chosen(
    asked: Option<&[Part]>,
    checkpoint: bool,
    build: bool,
    given: &Asked,
) -> Result<Vec<Part>, Failure> {
    let mut parts = match (asked, checkpoint) {
        (Some(p), _) => p.to_vec(),
        (None, true) => {
            let mut p = vec![Part::Public, Part::Adt];
            if given.solution.is_some() {
                p.push(Part::UnitTests);
            }
            p
        }
        (None, false) => {
            let mut p = vec![Part::System];
            if given.course_files.is_some() && build {
                p.extend([Part::Public, Part::Adt]);
            }
            if given.solution.is_some() && build {
                p.push(Part::UnitTests);
            }
            p
        }
    };
    parts.sort();
    parts.dedup();
    for p in &parts {
        let missing = match p {
            Part::Public | Part::Adt if given.course_files.is_none() => "--course-files DIR",
            Part::UnitTests if given.solution.is_none() => "--unit-solution DIR",
            _ => continue,
        };
        return Err(Failure::input(format!(
            "--parts {p}: {} needs {missing}",
            p.title()
        )));
    }
    if parts.contains(&Part::System) && parts.len() > 1 && !build {
        return Err(Failure::input(
            "--parts: the other parts read each submission's sources, and with the system \
             tests --exe holds programs unless --build: add --build",
        ));
    }
    Ok(parts)
}

/// `grade`'s parts and points as asked: the parts chosen, the checkpoint's points (upcard's tests are advice
/// there: the course's checkpoint has no private tests), and course files
/// refused where nothing would read them.
pub fn settle(
    o: &mut Options,
    asked: Option<&[Part]>,
    checkpoint: bool,
    given: &Asked,
) -> Result<(), Failure> {
    o.parts = chosen(asked, checkpoint, o.build, given)?;
    if checkpoint {
        checkpoint_points(&mut o.points);
    }
    if given.course_files.is_some() && o.parts == [Part::System] && !o.build {
        return Err(Failure::input(
            "--course-files: with the system tests alone, the course's headers are for --build",
        ));
    }
    Ok(())
}

/// The checkpoint's points: upcard's tests are advice, worth nothing
/// unless the TA's points file gives them points.
pub fn checkpoint_points(points: &mut upcard::grade::points::Points) {
    points
        .adt
        .get_or_insert_with(|| upcard::grade::points::PartPoints {
            each: Some(0.0),
            ..Default::default()
        });
}

/// Each student's outcomes of the parts but the system tests, by name;
/// and what upcard's ADT tests found, for `--diagnose`.
/// With `games`, the ADT build links each student's game too, into that
/// folder (`upcard::adt::Options::game`).
pub fn grade(
    o: &Options,
    given: &Asked,
    games: Option<&Path>,
    said: &dyn Reporter,
) -> Result<(Others, Option<upcard::adt::Report>), Failure> {
    let mut others = Others::new();
    let mut add = |name: &str, outs: Vec<Outcome>| {
        others.entry(name.to_string()).or_default().extend(outs);
    };
    let has = |p: Part| o.parts.contains(&p);
    // A shard grades the other parts of the students it takes, whole.
    let taken = |name: &str| o.shard.is_none_or(|s| s.takes_student(name));
    let inside =
        has(Part::Public) || has(Part::Adt) || (o.diagnose && given.course_files.is_some());
    let report = match (given.course_files, inside) {
        (Some(dir), true) => Some(adt(o, dir, games, said)?),
        _ => None,
    };
    if let Some(r) = &report {
        for s in r.students.iter().filter(|s| taken(&s.name)) {
            let mut outs = Vec::new();
            if has(Part::Public) {
                outs.extend(upcard::adt::public_outcomes(r, s));
            }
            if has(Part::Adt) {
                outs.extend(upcard::adt::adt_outcomes(r, s));
            }
            add(&s.name, outs);
        }
    }
    if let (true, Some(solution)) = (has(Part::UnitTests), given.solution) {
        let r = unit(o, (solution, given.bugs, given.reference), said)?;
        // (The unit tests graded only the shard's students.)
        for s in &r.submissions {
            let outs = upcard::unit::outcomes(&r, s)
                .into_iter()
                .map(|x| x.in_part(Part::UnitTests))
                .collect();
            add(&s.name, outs);
        }
    }
    if has(Part::Style) {
        let subs = folder::submissions(&o.exe, &["Card.cpp"]).map_err(Failure::input)?;
        for (name, dir) in subs.into_iter().filter(|(n, _)| taken(n)) {
            add(&name, style(&dir));
        }
    }
    // A student another part did not see has its parts out of the same points.
    Ok((fill(others), report))
}

/// The games the ADT build linked, by student, for the grader to use in
/// place of building each again (the classes compiled once).
pub fn prebuilt(
    report: &upcard::adt::Report,
) -> std::collections::BTreeMap<String, upcard::grade::build::Prebuilt> {
    report
        .students
        .iter()
        .filter_map(|s| {
            let path = s.game.clone()?;
            let below = s.below.clone();
            Some((
                s.name.clone(),
                upcard::grade::build::Prebuilt { path, below },
            ))
        })
        .collect()
}

/// Every student with every test some student has: a test a student's
/// part did not list (its files could not be read) is not run, for its
/// points.
fn fill(mut others: Others) -> Others {
    let mut all: Vec<(Part, String, f64)> = Vec::new();
    for o in others.values().flatten() {
        if !all.iter().any(|(p, n, _)| *p == o.part && *n == o.name) {
            all.push((o.part, o.name.clone(), o.weight));
        }
    }
    for outs in others.values_mut() {
        for (part, name, weight) in &all {
            if !outs.iter().any(|o| o.part == *part && o.name == *name) {
                outs.push(
                    Outcome::new(
                        name.clone(),
                        *weight,
                        Verdict::NotRun("not in the submission".into()),
                        format!("{}: nothing of the submission to grade\n", part.title()),
                    )
                    .in_part(*part),
                );
            }
        }
        outs.sort_by_key(|o| o.part);
    }
    others
}

/// The flags the classes compile with: the course asked for's, else the
/// first course with a program's (as `--random` chooses).
fn cxxflags(o: &Options) -> String {
    course_cxxflags(o.rules)
}

/// A course's compiler flags, or the first course with a program's.
pub fn course_cxxflags(rules: Option<upcard::scenario::RulesName>) -> String {
    let rules = rules.unwrap_or_else(|| {
        upcard::scenario::RulesName::from_name(upcard::courses::program_names()[0])
            .expect("a course")
    });
    rules.course().cxxflags().to_string()
}

/// The course's public tests and upcard's, on every submission.
fn adt(
    o: &Options,
    dir: &Path,
    games: Option<&Path>,
    said: &dyn Reporter,
) -> Result<upcard::adt::Report, Failure> {
    let options = upcard::adt::Options {
        course_files: dir.to_path_buf(),
        submissions: o.exe.clone(),
        cxxflags: cxxflags(o),
        limits: o.limits,
        sandboxing: Sandboxing::when(o.sandbox).map_err(super::refused)?,
        jobs: o.jobs,
        json: None,
        parts: Parts {
            public: o.parts.contains(&Part::Public),
            engine: o.parts.contains(&Part::Adt) || o.diagnose,
        },
        game: games.map(Path::to_path_buf),
        // The inside diagnosis reads every student's classes: in a shard,
        // every student's scenarios may need it.
        students: o.shard.filter(|_| !o.diagnose),
    };
    let note = |n: &str| said.report(upcard::grade::event::Event::Note(n.to_string()));
    upcard::adt::run(&options, &note, &mut std::io::sink())
        .map_err(|e| Failure::input(e.to_string()))
}

/// The students' unit tests against the solution and the bugs, as
/// `upcard unit-tests` grades them by default.
fn unit(
    o: &Options,
    (solution, bugs, reference): (&Path, &[PathBuf], Option<&Path>),
    said: &dyn Reporter,
) -> Result<upcard::unit::Report, Failure> {
    let options = upcard::unit::Options {
        files: upcard::unit::GRADED_TESTS.map(String::from).to_vec(),
        csv: None,
        shard: None,
        solution: solution.to_path_buf(),
        bugs: bugs.to_vec(),
        course_files: o.course_files.clone(),
        tests: o.exe.clone(),
        cxxflags: cxxflags(o),
        // The spec: a suite in under 5 s.
        limits: Limits {
            time: std::time::Duration::from_secs(5),
            ..o.limits
        },
        max_tests: 50,
        file_budget: std::time::Duration::from_secs(120),
        submission_budget: std::time::Duration::from_secs(240),
        per_test_time: false,
        sandboxing: Sandboxing::when(o.sandbox).map_err(super::refused)?,
        json: None,
        reports: Vec::new(),
        reference: reference.map(Path::to_path_buf),
        students: o.shard,
        generate: 0,
        seed: 0,
        jobs: o.jobs,
    };
    upcard::unit::run(&options, said, &mut std::io::sink())
}

/// The style part's test of a rule: the rule and what it asks.
pub fn style_test(rule: &str, asks: &str) -> String {
    format!("{rule}: {asks}")
}

/// A submission's style: a test a rule, failed with its findings.
fn style(dir: &Path) -> Vec<Outcome> {
    let findings = super::style::check_folder(dir, upcard::style::oclint::EECS280);
    upcard::style::RULES
        .iter()
        .map(|(rule, asks)| {
            let name = style_test(rule, asks);
            let outcome = match &findings {
                Err(why) => Outcome::new(
                    name,
                    1.0,
                    Verdict::NotRun(why.lines().next().unwrap_or_default().into()),
                    format!("{why}\n"),
                ),
                Ok(all) => {
                    let mine: Vec<String> = all
                        .iter()
                        .filter(|f| f.rule == *rule)
                        .map(|f| upcard::parse::escape::printable_line(&f.to_string()))
                        .collect();
                    if mine.is_empty() {
                        Outcome::new(name, 1.0, Verdict::Pass, String::new())
                    } else {
                        let n = mine.len();
                        Outcome::new(
                            name,
                            1.0,
                            Verdict::Missed(format!(
                                "{n} finding{}",
                                if n == 1 { "" } else { "s" }
                            )),
                            mine.join("\n") + "\n",
                        )
                    }
                }
            };
            outcome.in_part(Part::Style)
        })
        .collect()
}

/// `autograder init --parts` (or `--checkpoint`): the parts stage of the
/// generated grader, None when only the game is graded.
pub fn stage(
    asked: Option<&[Part]>,
    checkpoint: bool,
    (course_files, unit): (Option<&Path>, Option<&Path>),
    points: Option<&Path>,
) -> Result<Option<upcard::deploy::PartsStage>, Failure> {
    let given = Asked {
        course_files,
        solution: unit,
        bugs: &[],
        reference: None,
    };
    if asked.is_none() && !checkpoint && points.is_none() {
        return Ok(None);
    }
    // The grader builds the game from sources: other parts read them too.
    let parts = chosen(asked, checkpoint, true, &given)?;
    let points = match points {
        Some(p) => {
            let (_, text) = upcard::grade::points::Points::read_text(p).map_err(Failure::input)?;
            Some(text.into_bytes())
        }
        None => None,
    };
    let course = match course_files {
        Some(dir) => {
            let c =
                upcard::adt::CourseFiles::read(dir).map_err(|e| Failure::input(e.to_string()))?;
            c.public_tests
                .into_iter()
                .chain(c.framework_source)
                .chain(c.pack.map(|b| ("pack.in".to_string(), b)))
                .collect()
        }
        None => Vec::new(),
    };
    Ok(Some(upcard::deploy::PartsStage {
        parts: parts
            .iter()
            .filter(|p| **p != Part::System)
            .map(|p| p.name().to_string())
            .collect(),
        system: parts.contains(&Part::System),
        checkpoint,
        course,
        points,
    }))
}
