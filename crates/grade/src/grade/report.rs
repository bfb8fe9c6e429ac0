//! Grader reports. upcard's own JSON is the source; Gradescope, JUnit and TAP
//! are rendered from the same outcomes. Times appear only when asked for, so
//! the same runs give the same bytes.

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use serde_json::json;

use super::shard::Sharded;
use super::{Outcome, Verdict};
use upcard_sandbox::Limits;

fn message(o: &Outcome, limits: &Limits) -> String {
    let mut m = o.verdict.summary(limits);
    if !o.detail.is_empty() {
        m.push('\n');
        m.push_str(&o.detail);
    }
    if !o.verdict.passed() && !o.description.is_empty() {
        m.push_str(&format!(
            "\nwhat this scenario checks: {}\n",
            o.description.trim_end()
        ));
    }
    m
}

/// What a JSON report says of the run as a whole.
pub struct Head<'a> {
    pub program: &'a str,
    /// Why the program could not be run at all (none was found).
    pub error: Option<&'a str>,
    /// The folder below the submission's root its sources were built from.
    pub sources: Option<&'a str>,
    /// A sharded run's shard, and how many scenarios each program has in the
    /// whole run: what `upcard report merge` checks the parts against.
    pub shard: Option<&'a Sharded>,
    pub limits: &'a Limits,
    pub timings: bool,
}

/// upcard's report: everything about every run, enough to render every
/// other report from it again (`upcard report merge` reads it back).
pub fn json_report(head: &Head, outcomes: &[Outcome]) -> String {
    use super::part::{JsonLimits, JsonReport, JsonShard, JsonTest};
    let limits = head.limits;
    let tests = outcomes
        .iter()
        .map(|o| {
            let (signal, expected_exit, reason) = match &o.verdict {
                Verdict::BuildFailed => (None, None, None),
                Verdict::Crash(sig) => (Some(sig.clone()), None, None),
                Verdict::WrongExit { expected, .. } => (None, Some(*expected), None),
                Verdict::PassUnder(why)
                | Verdict::Memory(why)
                | Verdict::Disk(why)
                | Verdict::NotRun(why)
                | Verdict::Missed(why) => (None, None, Some(why.clone())),
                Verdict::Pass | Verdict::Fail | Verdict::Timeout | Verdict::Truncated => {
                    (None, None, None)
                }
            };
            JsonTest {
                case: o.case,
                context: o.context.clone(),
                description: o.description.clone(),
                detail: o.detail.clone(),
                diagnosis: o.diagnosis.clone(),
                exit: o.exit,
                expected_exit,
                max_score: o.weight,
                name: o.name.clone(),
                near_miss: o.near_miss,
                nondeterministic: o.nondeterministic,
                part: (o.part != super::points::Part::System).then(|| o.part.name().to_string()),
                reason,
                scenario: o.path.display().to_string(),
                score: o.score(),
                signal,
                stderr: o.stderr.clone(),
                stdout: o.stdout.clone(),
                summary: o.verdict.summary(limits),
                time_ms: head.timings.then_some(o.time_ms as u64),
                verdict: o.verdict.word().to_string(),
                visibility: o.visibility,
            }
        })
        .collect();
    let passed = outcomes.iter().filter(|o| o.verdict.passed()).count();
    let report = JsonReport {
        error: head.error.map(String::from),
        failed: outcomes.len() - passed,
        limits: JsonLimits {
            memory_bytes: limits.memory,
            output_bytes: limits.output,
            processes: limits.processes,
            time_s: limits.time.as_secs_f64(),
        },
        max_score: outcomes.iter().map(|o| o.weight).sum::<f64>(),
        passed,
        program: head.program.to_string(),
        score: outcomes.iter().map(Outcome::score).sum::<f64>(),
        sources: head.sources.map(String::from),
        shard: head.shard.map(|s| JsonShard {
            cases: s.cases,
            count: s.shard.count,
            index: s.shard.index,
            points: s.points.clone(),
        }),
        tests,
    };
    // Strings, numbers and lists of them always serialise.
    serde_json::to_string_pretty(&report).unwrap_or_default() + "\n"
}

/// Gradescope's results.json (autograder specification: tests with name,
/// score, max_score, status, output, visibility; `head`, once, as the
/// top-level output).
pub fn gradescope(head: Option<&str>, outcomes: &[Outcome], limits: &Limits) -> String {
    let tests: Vec<serde_json::Value> = outcomes
        .iter()
        .map(|o| {
            let mut t = json!({
                "name": o.name,
                "score": o.score(),
                "max_score": o.weight,
                "status": if o.verdict.passed() { "passed" } else { "failed" },
                "output": message(o, limits),
                "visibility": o.visibility.name(),
            });
            // The part as a Gradescope tag, which its results page groups by.
            if o.part != super::points::Part::System {
                t["tags"] = json!([o.part.name()]);
            }
            t
        })
        .collect();
    let mut v = json!({
        "score": outcomes.iter().map(Outcome::score).sum::<f64>(),
        "output_format": "text",
        "tests": tests,
    });
    if let Some(h) = head {
        v["output"] = json!(h);
    }
    serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
}

/// PrairieLearn's external grader results.json (`/grade/results/results.json`):
/// a score from 0 to 1 and one test per scenario. PrairieLearn shows every
/// test it is given, so a scenario that is not `visible` shows its name and
/// points only: neither its expected output nor the program's.
pub fn prairielearn(head: Option<&str>, outcomes: &[Outcome], limits: &Limits) -> String {
    let tests: Vec<serde_json::Value> = outcomes
        .iter()
        .map(|o| {
            let shown = o.visibility == upcard_scenario::scenario::raw::Visibility::Visible;
            json!({
                "name": o.name,
                "description": if shown { o.description.trim_end() } else { "" },
                "points": o.score(),
                "max_points": o.weight,
                "message": if shown { o.verdict.summary(limits) } else {
                    "a hidden test: its output is not shown".to_string()
                },
                "output": if shown { message(o, limits) } else { String::new() },
            })
        })
        .collect();
    let max: f64 = outcomes.iter().map(|o| o.weight).sum();
    let got: f64 = outcomes.iter().map(Outcome::score).sum();
    let passed = outcomes.iter().filter(|o| o.verdict.passed()).count();
    let mut v = json!({
        "gradable": true,
        "score": if max > 0.0 { got / max } else { 0.0 },
        "message": format!("{passed} of {} tests passed", outcomes.len()),
        "tests": tests,
    });
    if let Some(h) = head {
        v["output"] = json!(h);
    }
    serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
}

/// JUnit XML: one suite for the program (`head` its standard error), one
/// case per scenario.
pub fn junit(program: &str, head: Option<&str>, outcomes: &[Outcome], limits: &Limits) -> String {
    let mut report = Report::new("upcard grade");
    let mut suite = TestSuite::new(program);
    if let Some(h) = head {
        suite.set_system_err(h);
    }
    for o in outcomes {
        let status = if o.verdict.passed() {
            TestCaseStatus::success()
        } else {
            let kind = if matches!(o.verdict, Verdict::NotRun(_) | Verdict::BuildFailed) {
                NonSuccessKind::Error
            } else {
                NonSuccessKind::Failure
            };
            let mut s = TestCaseStatus::non_success(kind);
            s.set_message(o.verdict.summary(limits));
            s.set_type(o.verdict.word());
            s.set_description(message(o, limits));
            s
        };
        let mut case = TestCase::new(o.name.clone(), status);
        // A scenario's class is its file; another part's test, its part's.
        case.set_classname(if o.part == super::points::Part::System {
            o.path.display().to_string()
        } else {
            o.part.name().to_string()
        });
        case.set_system_out(o.stdout.clone());
        if !o.stderr.is_empty() {
            case.set_system_err(o.stderr.clone());
        }
        suite.add_test_case(case);
    }
    report.add_test_suite(suite);
    report.to_string().unwrap_or_default()
}

/// TAP version 13, with a YAML block for each failure (`head` as
/// diagnostic lines before the plan).
pub fn tap(head: Option<&str>, outcomes: &[Outcome], limits: &Limits) -> String {
    let mut s = String::from("TAP version 13\n");
    for line in head.unwrap_or_default().lines() {
        s.push_str(&format!(
            "# {}\n",
            upcard_parse::escape::printable_line(line)
        ));
    }
    s.push_str(&format!("1..{}\n", outcomes.len()));
    for (i, o) in outcomes.iter().enumerate() {
        let ok = if o.verdict.passed() { "ok" } else { "not ok" };
        s.push_str(&format!("{ok} {} - {}\n", i + 1, o.name));
        if !o.verdict.passed() {
            s.push_str("  ---\n");
            s.push_str(&format!("  verdict: {}\n", o.verdict.word()));
            s.push_str("  message: |\n");
            // TAP goes to a terminal or a harness: escaped like all program text.
            for line in message(o, limits).lines() {
                s.push_str(&format!(
                    "    {}\n",
                    upcard_parse::escape::printable_line(line)
                ));
            }
            s.push_str("  ...\n");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_scenario::scenario::raw::Visibility;

    fn outcome(name: &str, visibility: Visibility, verdict: Verdict) -> Outcome {
        Outcome {
            case: 0,
            name: name.into(),
            path: format!("scenarios/{name}.yaml").into(),
            description: "what it checks\n".into(),
            weight: 2.0,
            visibility,
            verdict,
            detail: "expected line 4 …\n".into(),
            stdout: String::new(),
            stderr: String::new(),
            exit: Some(0),
            time_ms: 0,
            nondeterministic: false,
            near_miss: false,
            context: None,
            diagnosis: Vec::new(),
            part: Default::default(),
        }
    }

    #[test]
    fn prairielearn_shows_a_hidden_tests_points_only() {
        let outs = [
            outcome("seen", Visibility::Visible, Verdict::Fail),
            outcome("secret", Visibility::Hidden, Verdict::Fail),
            outcome("later", Visibility::AfterDueDate, Verdict::Pass),
        ];
        let v: serde_json::Value =
            serde_json::from_str(&prairielearn(None, &outs, &Limits::default())).unwrap();
        assert_eq!(v["score"], 2.0 / 6.0);
        assert_eq!(v["message"], "1 of 3 tests passed");
        assert_eq!(v["tests"][0]["message"], "wrong output");
        assert_eq!(
            v["tests"][0]["output"],
            "wrong output\nexpected line 4 …\n\nwhat this scenario checks: what it checks\n"
        );
        assert_eq!(v["tests"][0]["description"], "what it checks");
        for t in [&v["tests"][1], &v["tests"][2]] {
            assert_eq!(t["message"], "a hidden test: its output is not shown");
            assert_eq!((&t["output"], &t["description"]), (&"".into(), &"".into()));
        }
        assert_eq!(v["tests"][2]["points"], 2.0);
    }
}
