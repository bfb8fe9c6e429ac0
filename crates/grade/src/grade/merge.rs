//! `upcard report merge`: the JSON reports of a sharded grading run (or of
//! one whole run) rendered into every report one unsharded run writes.

use crate::grade::Outcome;
use crate::grade::part::Part;
use crate::grade::points::Part as PointsPart;
use crate::grade::shard::Sharded;
use crate::grade::writer::{ReportKind, ReportSpec, Reports, Student, Writer};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use upcard_rules::Failure;

/// Where `--out DIR` puts each report.
fn out_specs(dir: &Path, many: bool) -> (Vec<ReportSpec>, PathBuf) {
    let specs = ReportKind::ALL
        .into_iter()
        .map(|kind| {
            let path = if many {
                dir.join(kind.name())
            } else {
                dir.join(match kind {
                    ReportKind::Gradescope => "results.json".to_string(),
                    ReportKind::PrairieLearn => "prairielearn.json".to_string(),
                    ReportKind::Junit => "junit.xml".to_string(),
                    k => format!("report.{}", k.ext()),
                })
            };
            ReportSpec {
                kind,
                path: Some(path),
            }
        })
        .collect();
    (specs, dir.join("students.csv"))
}

/// Students' report files are found by their names: each must be a plain
/// file name. Nothing is written otherwise.
fn check_names(names: &BTreeSet<String>) -> Result<(), Failure> {
    let bad: Vec<String> = names
        .iter()
        .filter_map(|n| {
            upcard_parse::name::file_name_problem(n).map(|why| format!("  {n:?}.json: {why}"))
        })
        .collect();
    if bad.is_empty() {
        return Ok(());
    }
    Err(Failure::input(format!(
        "these reports cannot name a student's merged reports:\n{}",
        bad.join("\n")
    )))
}

/// One program's parts, checked to be the shards of one run and put back in
/// the run's order. `student`: in a class's merge, the name the files are
/// named after.
fn merge_one(files: &[PathBuf], student: Option<&str>) -> Result<Part, Failure> {
    let parts: Vec<Part> = files
        .iter()
        .map(|f| {
            if !f.exists() {
                return Err(Failure::input(format!(
                    "{}: no such report (each shard's folder has every student's report)",
                    f.display()
                )));
            }
            match student {
                Some(name) => Part::read_student(f, name),
                None => Part::read(f),
            }
            .map_err(Failure::input)
        })
        .collect::<Result<_, _>>()?;
    let Some(cases) = parts[0].shard.as_ref().map(|s| s.cases) else {
        if parts.len() > 1 {
            return Err(Failure::input(format!(
                "{} is the report of a whole run, not of a shard: merge the reports of \
                 upcard grade --shard I/N runs, or give one report to render it again",
                files[0].display()
            )));
        }
        return Ok(parts.into_iter().next().expect("one part"));
    };
    check_shards(files, &parts, cases)?;
    join(parts, cases)
}

/// That `parts` are the N shards of one run, each once: the same count,
/// scenarios, limits and program.
fn check_shards(files: &[PathBuf], parts: &[Part], cases: usize) -> Result<(), Failure> {
    let name = |i: usize| files[i].display().to_string();
    let first = &parts[0];
    let count = first.shard.as_ref().map_or(1, |s| s.shard.count);
    let points = first.shard.as_ref().and_then(|s| s.points.as_ref());
    let mut seen = vec![None; count];
    for (i, p) in parts.iter().enumerate() {
        let Some(&Sharded {
            shard: s, cases: c, ..
        }) = p.shard.as_ref()
        else {
            return Err(Failure::input(format!(
                "{} is the report of a whole run, not of a shard",
                name(i)
            )));
        };
        if s.count != count || c != cases {
            return Err(Failure::input(format!(
                "{} is shard {s} of a run of {c} scenarios, and {} is of {count} shards of \
                 {cases}: parts of different runs",
                name(i),
                name(0)
            )));
        }
        if p.shard.as_ref().and_then(|s| s.points.as_ref()) != points {
            return Err(Failure::input(format!(
                "{} was graded with other points than {} (--points must be the same in every \
                 shard)",
                name(i),
                name(0)
            )));
        }
        if p.limits != first.limits {
            return Err(Failure::input(format!(
                "{} was graded with other limits than {} (--timeout, --max-output, \
                 --memory-mb, --max-processes must be the same in every shard)",
                name(i),
                name(0)
            )));
        }
        if p.program != first.program {
            return Err(Failure::input(format!(
                "{} grades {}, and {} grades {}",
                name(i),
                p.program,
                name(0),
                first.program
            )));
        }
        if let Some(j) = seen[s.index - 1].replace(i) {
            return Err(Failure::input(format!(
                "{} and {} are both shard {s}",
                name(j),
                name(i)
            )));
        }
    }
    if let Some(missing) = seen.iter().position(Option::is_none) {
        return Err(Failure::input(format!(
            "shard {}/{count} of {} is missing",
            missing + 1,
            first.program
        )));
    }
    Ok(())
}

/// The shards' outcomes as one run's, in the run's order, each scenario
/// once, the other parts' tests (one shard's) after them, and the TA's
/// points applied to the whole.
fn join(parts: Vec<Part>, cases: usize) -> Result<Part, Failure> {
    let first = &parts[0];
    let points = first.shard.as_ref().and_then(|s| s.points.clone());
    let with_parts: Vec<String> = parts
        .iter()
        .filter(|p| p.outcomes.iter().any(|o| o.part != PointsPart::System))
        .filter_map(|p| p.shard.as_ref().map(|s| s.shard.to_string()))
        .collect();
    if let [a, b, ..] = with_parts.as_slice() {
        return Err(Failure::input(format!(
            "{}'s other parts are in shards {a} and {b}: each student's are one shard's",
            first.program
        )));
    }
    let timings = parts.iter().any(|p| !p.outcomes.is_empty())
        && parts
            .iter()
            .filter(|p| !p.outcomes.is_empty())
            .all(|p| p.timings);
    let program = first.program.clone();
    let limits = first.limits;
    let error = parts.iter().find_map(|p| p.error.clone());
    let sources = parts.iter().find_map(|p| p.sources.clone());
    let (mut outcomes, mut others): (Vec<Outcome>, Vec<Outcome>) = parts
        .into_iter()
        .flat_map(|p| p.outcomes)
        .partition(|o| o.part == PointsPart::System);
    outcomes.sort_by_key(|o| o.case);
    for (k, o) in outcomes.iter().enumerate() {
        if o.case != k {
            let what = if o.case < k { "twice" } else { "in no shard" };
            let case = if o.case < k { o.case } else { k };
            return Err(Failure::input(format!(
                "scenario {} of {program}'s run is {what}",
                case + 1
            )));
        }
    }
    if outcomes.len() != cases {
        return Err(Failure::input(format!(
            "{program}'s shards have {} of the run's {cases} scenarios",
            outcomes.len()
        )));
    }
    others.sort_by_key(|o| o.case);
    for (i, o) in others.iter_mut().enumerate() {
        o.case = cases + i;
    }
    outcomes.extend(others);
    if let Some(p) = points {
        p.apply(&mut outcomes);
    }
    Ok(Part {
        program,
        error,
        sources,
        shard: None,
        limits,
        timings,
        outcomes,
    })
}

/// Each student's files, by name: STUDENT.json in every part's folder.
fn class_students(parts: &[PathBuf]) -> Result<Vec<(String, Vec<PathBuf>)>, Failure> {
    let mut names = BTreeSet::new();
    for dir in parts {
        let rd = std::fs::read_dir(dir)
            .map_err(|e| Failure::input(format!("{}: {e}", dir.display())))?;
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".json")
                && e.path().is_file()
            {
                names.insert(stem.to_string());
            }
        }
    }
    check_names(&names)?;
    if names.is_empty() {
        return Err(Failure::input(format!(
            "no STUDENT.json reports in {}",
            parts
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    Ok(names
        .into_iter()
        .map(|n| {
            let files = parts.iter().map(|d| d.join(format!("{n}.json"))).collect();
            (n, files)
        })
        .collect())
}

/// What `upcard report merge` was asked for.
#[derive(Clone, Debug)]
pub struct MergeOptions {
    /// The shards' JSON reports: files of one program, or folders of a class.
    pub parts: Vec<PathBuf>,
    /// Every report under this folder.
    pub out: Option<PathBuf>,
    pub reports: Vec<ReportSpec>,
    pub csv: Option<PathBuf>,
}

/// Reads the parts back (checking that they are the shards of one run) and
/// writes what one unsharded run writes: the summary on `stdout`, every
/// report asked for, and the exit status as a `Failure`.
pub fn merge(
    o: &MergeOptions,
    said: &dyn crate::grade::event::Reporter,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let dirs = o.parts.iter().filter(|p| p.is_dir()).count();
    let many = match dirs {
        0 => false,
        n if n == o.parts.len() => true,
        _ => {
            return Err(Failure::input(
                "the parts are a mix of folders (a class) and files (one program): \
                     give the folders of one class's shards, or one program's report files",
            ));
        }
    };
    let mut specs = o.reports.clone();
    let mut csv = o.csv.clone();
    if let Some(dir) = &o.out {
        let (more, c) = out_specs(dir, many);
        specs.extend(more);
        csv = csv.or(Some(c));
    }
    if specs.is_empty() && csv.is_none() {
        return Err(Failure::input(
            "nothing to write: give --out DIR, --report KIND=PATH or --csv PATH",
        ));
    }
    let students = if many {
        class_students(&o.parts)?
    } else {
        vec![(String::new(), o.parts.clone())]
    };
    Reports {
        specs: &specs,
        csv: csv.as_deref(),
        limits: Default::default(),
        timings: false,
        many,
        shard: None,
    }
    .check_clashes()?;
    let mut writer: Option<Writer> = None;
    let mut limits_from: Option<(PathBuf, upcard_sandbox::Limits)> = None;
    for (student, files) in &students {
        let merged = merge_one(files, many.then_some(student.as_str()))?;
        let (first, limits) = limits_from.get_or_insert((files[0].clone(), merged.limits));
        if *limits != merged.limits {
            return Err(Failure::input(format!(
                "{} was graded with other limits than {} (--timeout, --max-output, \
                     --memory-mb, --max-processes must be the same in every shard)",
                files[0].display(),
                first.display()
            )));
        }
        let w = writer.get_or_insert_with(|| {
            Writer::new(Reports {
                specs: &specs,
                csv: csv.as_deref(),
                limits: merged.limits,
                timings: merged.timings,
                many,
                shard: None,
            })
        });
        let who = Student {
            name: &merged.program,
            error: merged.error.as_deref(),
            sources: merged.sources.as_deref(),
        };
        w.student(&who, merged.outcomes);
    }
    match writer {
        Some(w) => w.finish(stdout, said, false),
        None => Ok(()),
    }
}
