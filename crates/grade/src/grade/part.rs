//! A JSON report read back, as `upcard report merge` does with the parts of a
//! sharded run: the outcomes exactly as the grader had them, so that every
//! report rendered from them is the one a single run writes.

use std::path::Path;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::shard::{Shard, Sharded};
use super::{Context, Outcome, Verdict};
use upcard_parse::file::{ReadError, read_text};
use upcard_sandbox::Limits;
use upcard_scenario::scenario::raw::Visibility;

/// One program's report: a whole run's or one shard's.
#[derive(Clone, Debug)]
pub struct Part {
    pub program: String,
    pub error: Option<String>,
    /// The folder below the submission's root its sources were built from.
    pub sources: Option<String>,
    /// The shard, and how many scenarios the whole run gave each program.
    pub shard: Option<Sharded>,
    pub limits: Limits,
    /// The report had run times (`--timings`).
    pub timings: bool,
    pub outcomes: Vec<Outcome>,
}

/// A report is at most this large: 1 MiB of output kept per stream and run
/// (the default) over hundreds of scenarios fits with room to spare.
const MAX_BYTES: u64 = 1 << 30;

/// upcard's JSON report as written and as read: one type both ways, so
/// what `upcard grade` writes is what `upcard report merge` reads. Fields
/// are in the order of their names, as the report has always listed them.
#[derive(Serialize, Deserialize)]
pub struct JsonReport {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default)]
    pub failed: usize,
    pub limits: JsonLimits,
    #[serde(default)]
    pub max_score: f64,
    #[serde(default)]
    pub passed: usize,
    pub program: String,
    #[serde(default)]
    pub score: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<JsonShard>,
    /// The folder below the submission's root its sources were built from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<String>,
    pub tests: Vec<JsonTest>,
}

#[derive(Serialize, Deserialize)]
pub struct JsonShard {
    /// Scenarios each program has in the whole run.
    pub cases: usize,
    pub count: usize,
    pub index: usize,
    /// The TA's points, which the merge applies to the joined grade.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<super::points::Points>,
}

#[derive(Serialize, Deserialize)]
pub struct JsonLimits {
    pub memory_bytes: u64,
    pub output_bytes: usize,
    pub processes: u32,
    pub time_s: f64,
}

#[derive(Serialize, Deserialize)]
pub struct JsonTest {
    pub case: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<Context>,
    pub description: String,
    pub detail: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnosis: Vec<crate::mutants::Finding>,
    pub exit: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_exit: Option<u8>,
    pub max_score: f64,
    pub name: String,
    #[serde(default)]
    pub near_miss: bool,
    pub nondeterministic: bool,
    /// The part of the grade (absent: the system tests, the scenarios).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// Why a verdict is what it is (pass under a comparison, memory, disk, not run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The scenario file (shown lossily where it is not UTF-8).
    pub scenario: String,
    #[serde(default)]
    pub score: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signal: Option<String>,
    pub stderr: String,
    pub stdout: String,
    #[serde(default)]
    pub summary: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    pub verdict: String,
    pub visibility: Visibility,
}

impl Part {
    /// The report in file `path`.
    pub fn read(path: &Path) -> Result<Part, String> {
        Part::parse(&path.display().to_string(), &report_text(path)?)
    }

    /// A class's report for `student` (its file is `STUDENT.json`): its
    /// `program` names the merged reports, so it must be a plain file name,
    /// whatever the file it came in is called (`index-2.json` holds
    /// `index`); anything else (a path, `..`) is refused at its place.
    pub fn read_student(path: &Path, student: &str) -> Result<Part, String> {
        let text = report_text(path)?;
        let file = path.display().to_string();
        let part = Part::parse(&file, &text)?;
        if let Some(why) = upcard_parse::name::file_name_problem(&part.program) {
            let (line, column) = upcard_parse::line_col(&text, value_offset(&text, "program"));
            return Err(format!(
                "{file}:{line}:{column}: program: {:?} cannot name {student:?}'s reports: {why}",
                part.program
            ));
        }
        Ok(part)
    }

    /// A report's text; errors name `file`, the line and column, and the field.
    pub fn parse(file: &str, text: &str) -> Result<Part, String> {
        let de = &mut serde_json::Deserializer::from_str(text);
        let raw: JsonReport =
            serde_path_to_error::deserialize(de).map_err(|e| json_error(file, &e))?;
        let bad = |what: String| format!("{file}: {what} (is this a report of upcard grade?)");
        let l = &raw.limits;
        if !(l.time_s > 0.0 && l.time_s.is_finite() && l.time_s < 1e9) {
            return Err(bad(format!("limits.time_s is {}", l.time_s)));
        }
        let limits = Limits {
            time: Duration::from_secs_f64(l.time_s),
            output: l.output_bytes,
            memory: l.memory_bytes,
            processes: l.processes,
            // Not in reports: a disk verdict carries its own reason.
            disk: Limits::default().disk,
        };
        let shard = match raw.shard {
            None => None,
            Some(s) => {
                if s.index == 0 || s.index > s.count {
                    return Err(bad(format!("shard {}/{} does not exist", s.index, s.count)));
                }
                let shard = Shard {
                    index: s.index,
                    count: s.count,
                };
                Some(Sharded {
                    shard,
                    cases: s.cases,
                    points: s.points,
                })
            }
        };
        let timings = !raw.tests.is_empty() && raw.tests.iter().all(|t| t.time_ms.is_some());
        let mut outcomes = Vec::with_capacity(raw.tests.len());
        for (i, t) in raw.tests.into_iter().enumerate() {
            let at = |what: &str| bad(format!("tests[{i}] ({}): {what}", t.name));
            // The other parts' tests follow the scenarios.
            if let Some(cases) = shard.as_ref().map(|s| s.cases)
                && t.part.is_none()
                && t.case >= cases
            {
                return Err(at(&format!(
                    "case {} is past the run's {cases} scenarios",
                    t.case
                )));
            }
            if !t.max_score.is_finite() {
                return Err(at("max_score is not a number"));
            }
            let verdict = verdict(&t, &at)?;
            let part = part_of(t.part.as_deref(), &at)?;
            outcomes.push(Outcome {
                part,
                case: t.case,
                name: t.name,
                path: t.scenario.into(),
                description: t.description,
                weight: t.max_score,
                visibility: t.visibility,
                verdict,
                detail: t.detail,
                stdout: t.stdout,
                stderr: t.stderr,
                exit: t.exit,
                time_ms: t.time_ms.unwrap_or(0).into(),
                nondeterministic: t.nondeterministic,
                near_miss: t.near_miss,
                context: t.context,
                diagnosis: t.diagnosis,
            });
        }
        Ok(Part {
            program: raw.program,
            error: raw.error,
            sources: raw.sources,
            shard,
            limits,
            timings,
            outcomes,
        })
    }
}

/// A test's verdict from its word and the fields that word needs.
fn verdict(t: &JsonTest, at: &dyn Fn(&str) -> String) -> Result<Verdict, String> {
    let reason = || {
        t.reason
            .clone()
            .ok_or_else(|| at("its verdict needs a reason"))
    };
    Ok(match t.verdict.as_str() {
        "pass" => match &t.reason {
            Some(r) => Verdict::PassUnder(r.clone()),
            None => Verdict::Pass,
        },
        "fail" => Verdict::Fail,
        "crash" => Verdict::Crash(
            t.signal
                .clone()
                .ok_or_else(|| at("a crash needs its signal"))?,
        ),
        "timeout" => Verdict::Timeout,
        "exit" => Verdict::WrongExit {
            expected: t
                .expected_exit
                .ok_or_else(|| at("a wrong exit status needs expected_exit"))?,
            got: t.exit.ok_or_else(|| at("a wrong exit status needs exit"))?,
        },
        "truncated" => Verdict::Truncated,
        "memory" => Verdict::Memory(reason()?),
        "disk" => Verdict::Disk(reason()?),
        "not-run" => Verdict::NotRun(reason()?),
        "build-failed" => Verdict::BuildFailed,
        "missed" => Verdict::Missed(reason()?),
        other => return Err(at(&format!("{other:?} is not a verdict"))),
    })
}

/// A report that is not JSON of its shape: the file, line and column, the
/// field, and what is wrong.
fn json_error(file: &str, e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let inner = e.inner();
    let what = inner.to_string();
    // serde_json ends its message with the position, said first here.
    let what = what
        .rsplit_once(" at line ")
        .map_or(what.as_str(), |(w, _)| w);
    let field = e.path().to_string();
    if field == "." || field.is_empty() {
        format!("{file}:{}:{}: {what}", inner.line(), inner.column())
    } else {
        format!(
            "{file}:{}:{}: {field}: {what}",
            inner.line(),
            inner.column()
        )
    }
}

/// A report file's text, bounded and UTF-8, or why not.
fn report_text(path: &Path) -> Result<String, String> {
    read_text(path, MAX_BYTES).map_err(|e| match e {
        ReadError::NotText(p) => p.to_string(),
        e => format!("{}: {e}", path.display()),
    })
}

/// Where the value of the first `"key":` in a JSON text starts (the start
/// of the text when there is none).
fn value_offset(text: &str, key: &str) -> usize {
    let quoted = format!("\"{key}\"");
    let mut from = 0;
    while let Some(i) = text[from..].find(&quoted) {
        let after = from + i + quoted.len();
        let rest = text[after..].trim_start();
        if let Some(value) = rest.strip_prefix(':') {
            return text.len() - value.trim_start().len();
        }
        from = after;
    }
    0
}

/// A test's part as the report names it (none: the system tests).
fn part_of(name: Option<&str>, at: &dyn Fn(&str) -> String) -> Result<super::points::Part, String> {
    match name {
        None => Ok(super::points::Part::System),
        Some(p) => super::points::Part::from_name(p).ok_or_else(|| {
            at(&format!(
                "part {p:?} is none of system, public, adt, unit-tests, style"
            ))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::report::{Head, json_report};
    use std::path::PathBuf;

    fn outcome(case: usize, verdict: Verdict) -> Outcome {
        Outcome {
            case,
            name: format!("s{case}"),
            path: PathBuf::from(format!("scenarios/s{case}.yaml")),
            description: "what it checks\n".into(),
            weight: 1.5,
            visibility: Visibility::AfterDueDate,
            verdict,
            detail: "line 3 differs\n".into(),
            stdout: "out\n".into(),
            stderr: "err\n".into(),
            exit: Some(3),
            time_ms: 12,
            nondeterministic: case == 2,
            near_miss: case == 1,
            context: (case == 1).then(|| Context {
                expected: vec![(1, "a".into()), (2, "b".into())],
                actual: vec![(1, "a".into()), (2, "c".into())],
                expected_line: 2,
                actual_line: 2,
            }),
            diagnosis: if case == 1 {
                vec![crate::mutants::Finding {
                    mutant: Some("no-left-bower".into()),
                    kind: crate::mutants::Kind::Decision,
                    message: "at your first wrong line …".into(),
                }]
            } else {
                Vec::new()
            },
            part: if case == 3 {
                crate::grade::points::Part::Adt
            } else {
                crate::grade::points::Part::System
            },
        }
    }

    #[test]
    fn every_verdict_reads_back_as_it_was_written() {
        let verdicts = [
            Verdict::Pass,
            Verdict::PassUnder("ignoring trailing blank lines".into()),
            Verdict::Fail,
            Verdict::Crash("SIGSEGV".into()),
            Verdict::Timeout,
            Verdict::WrongExit {
                expected: 0,
                got: 3,
            },
            Verdict::Truncated,
            Verdict::Memory("killed".into()),
            Verdict::NotRun("no such program".into()),
            Verdict::Missed("not caught".into()),
        ];
        let outs: Vec<Outcome> = verdicts
            .into_iter()
            .enumerate()
            .map(|(i, v)| outcome(i, v))
            .collect();
        let limits = Limits {
            time: Duration::from_secs_f64(2.5),
            ..Limits::default()
        };
        // A shard's report carries the TA's points for the merge.
        let sharded = Sharded {
            shard: Shard { index: 2, count: 3 },
            cases: 27,
            points: Some(
                crate::grade::points::Points::parse("[adt]\neach = 0\n[system]\ntotal = 50\n")
                    .unwrap(),
            ),
        };
        let head = Head {
            program: "alice",
            error: Some("why"),
            sources: Some("p3/src"),
            shard: Some(&sharded),
            limits: &limits,
            timings: true,
        };
        let text = json_report(&head, &outs);
        let part = Part::parse("r.json", &text).unwrap();
        assert_eq!(part.program, "alice");
        assert_eq!(part.error.as_deref(), Some("why"));
        assert_eq!(part.sources.as_deref(), Some("p3/src"));
        assert_eq!(part.shard, Some(sharded.clone()));
        assert_eq!(part.limits.time, limits.time);
        assert!(part.timings);
        // Written again, the same bytes: nothing was lost on the way.
        let again = json_report(
            &Head {
                limits: &part.limits,
                ..head
            },
            &part.outcomes,
        );
        assert_eq!(again, text);
        for (a, b) in part.outcomes.iter().zip(&outs) {
            assert_eq!(a.verdict, b.verdict);
            assert_eq!(a.context, b.context);
        }
    }

    #[test]
    fn a_broken_report_is_refused_with_its_place() {
        let e = Part::parse("r.json", "{\"program\": 3}").unwrap_err();
        assert_eq!(
            e,
            "r.json:1:13: program: invalid type: integer `3`, expected a string"
        );
        let e = Part::parse("r.json", "{\n  \"program\": \"a\",\n  \"limits\": [").unwrap_err();
        assert!(e.starts_with("r.json:3:"), "{e}");
        let text = json_report(
            &Head {
                program: "a",
                error: None,
                sources: None,
                shard: None,
                limits: &Limits::default(),
                timings: false,
            },
            &[outcome(0, Verdict::Fail)],
        )
        .replace("\"fail\"", "\"wrong\"");
        let e = Part::parse("r.json", &text).unwrap_err();
        assert_eq!(
            e,
            "r.json: tests[0] (s0): \"wrong\" is not a verdict (is this a report of upcard grade?)"
        );
    }
}
