//! `upcard autograder`: deploy upcard as a course's autograder.

use crate as deploy;
use std::io::Write;
use std::path::{Path, PathBuf};
use upcard_rules::Failure;
use upcard_scenario::scenario::RulesName;

/// `--cxxflags` as shell words for a build script's array, each one quoted
/// whatever it holds.
pub fn shell_words(flags: &str) -> Result<String, Failure> {
    let words = shlex::split(flags)
        .ok_or_else(|| Failure::input(format!("--cxxflags {flags:?}: unbalanced quotes")))?;
    let quoted: Result<Vec<String>, _> = words
        .iter()
        .map(|w| shlex::try_quote(w).map(|q| q.into_owned()))
        .collect();
    Ok(quoted
        .map_err(|_| Failure::input("--cxxflags holds a NUL byte"))?
        .join(" "))
}

/// The scenarios to deploy, and the project folder they are in (None:
/// the working directory; the bundled library's unpacked folder else).
pub struct Library<'a> {
    pub paths: &'a [PathBuf],
    pub project: Option<&'a Path>,
}

/// An autograder to write (`upcard autograder init`).
pub struct Request<'a> {
    pub platform: deploy::Platform,
    /// The course's rule set (`eecs280`, `cs246`).
    pub rules: &'a str,
    pub library: Library<'a>,
    pub cxxflags: Option<&'a str>,
    /// The unit tests' folder, when the autograder grades them too.
    pub unit: Option<&'a Path>,
    /// The course's headers (`--course-files`): each build uses them.
    pub course_files: Vec<(String, Vec<u8>)>,
    /// `upcard grade --compare`'s value, when not the course's way.
    pub compare: Option<&'a str>,
    /// The parts graded besides the game (`--parts`), when asked for.
    pub parts: Option<deploy::PartsStage>,
    /// Every test with its points, from the scenarios deployed (the parts'
    /// tests and the TA's points file): a platform that runs a command a
    /// test needs them, with parts or points.
    pub plan: Option<&'a Plan<'a>>,
    /// Where the autograder's files go.
    pub dir: &'a Path,
}

/// What lists a grade's tests from the scenarios deployed.
pub type Plan<'a> = dyn Fn(&[upcard_scenario::scenario::Scenario]) -> Result<Vec<deploy::PlannedTest>, Failure>
    + 'a;

/// What writing an autograder has to say besides what it wrote, told to the
/// caller as it happens (the binary says it on standard error).
#[derive(Clone, Copy, Debug)]
pub enum Notice<'a> {
    /// A scenario file that cannot be loaded.
    Unreadable(&'a upcard_scenario::scenario::ScenarioError),
    /// Opt-in scenarios left out (their names).
    OptInLeftOut(&'a [String]),
    /// `n` of the course's `of` scenarios left out, and why.
    LeftOut { n: usize, of: usize, why: &'a str },
}

impl std::fmt::Display for Notice<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Unreadable(e) => write!(f, "{e}"),
            Notice::OptInLeftOut(names) => write!(
                f,
                "left out {} opt-in scenarios ({}): give their paths to deploy them",
                names.len(),
                names.join(", ")
            ),
            Notice::LeftOut { n, of, why } => write!(f, "left out {n} of {of} scenarios: {why}"),
        }
    }
}

/// Writes a ready-to-upload autograder for `req.rules` and `req.platform`
/// into `req.dir`, from the scenarios of the library that a course program
/// can run, and says on `stdout` what it wrote.
pub fn init(
    req: &Request,
    stdout: &mut dyn Write,
    said: &mut dyn FnMut(Notice),
) -> Result<(), Failure> {
    let Request {
        platform,
        rules,
        library,
        cxxflags,
        unit,
        course_files,
        compare,
        parts,
        plan,
        dir,
    } = req;
    let (platform, dir) = (*platform, *dir);
    let cxxflags = cxxflags.map(shell_words).transpose()?;
    let one_command = platform.runs_a_command_a_test();
    if one_command && unit.is_some() && parts.is_none() {
        return Err(Failure::input(format!(
            "--unit-tests: {} runs one command a test: grade them as a part (--parts system,unit-tests; docs/parts.md)",
            platform.title()
        )));
    }
    let rules = RulesName::from_name(rules).expect("clap checked the name");
    let all = course_scenarios(library, rules, said)?;
    let me = std::env::current_exe()
        .map_err(|e| Failure::input(format!("finding upcard itself: {e}")))?;
    let d = deploy::Deployment {
        project: match library.project {
            Some(p) => upcard_scenario::scenario::Project::at(p),
            None => upcard_scenario::scenario::Project::current(),
        }
        .map_err(Failure::input)?,
        course: rules.course(),
        scenarios: &all,
        upcard: &me,
        cxxflags,
        unit: unit.map(Path::to_path_buf),
        course_files: course_files.clone(),
        compare: compare.map(str::to_string),
        parts: parts.clone(),
        planned: match plan {
            Some(plan) if one_command => plan(&all)?,
            _ => Vec::new(),
        },
    };
    let written = platform.write(&d, dir).map_err(Failure::input)?;
    let what = platform.title();
    let _ = writeln!(
        stdout,
        "wrote {} {what} autograder for {} ({} scenario{}, {} files) to {}; {}",
        if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        },
        rules.dir(),
        all.len(),
        if all.len() == 1 { "" } else { "s" },
        written.len(),
        dir.display(),
        platform.next_step(),
    );
    Ok(())
}

/// The library's scenarios a course program of `rules` can run: one course,
/// no opt-in ones, no upcard-only settings (what is left out is said).
fn course_scenarios(
    library: &Library,
    rules: RulesName,
    said: &mut dyn FnMut(Notice),
) -> Result<Vec<upcard_scenario::scenario::Scenario>, Failure> {
    let (mut all, bad) = upcard_scenario::scenario::runner::load(library.paths, &mut |e| {
        said(Notice::Unreadable(e))
    })?;
    if bad {
        return Err(Failure::input(
            "fix the scenarios above first: an autograder must not carry a broken one",
        ));
    }
    // Only what a course program can run: one course, no upcard-only settings.
    all.retain(|s| s.rules() == rules);
    let opt_in = upcard_scenario::scenario::runner::drop_opt_in(&mut all, None);
    if !opt_in.is_empty() {
        said(Notice::OptInLeftOut(&opt_in));
    }
    let course_total = all.len();
    let mut reasons = std::collections::BTreeMap::<String, usize>::new();
    all.retain(|s| match s.setup.invocation(None) {
        Ok(_) => true,
        Err(why) => {
            *reasons.entry(why).or_default() += 1;
            false
        }
    });
    for (why, &n) in &reasons {
        said(Notice::LeftOut {
            n,
            of: course_total,
            why,
        });
    }
    if all.is_empty() {
        return Err(Failure::input(format!(
            "no {} scenario a course program can run, so no autograder was written",
            rules.dir()
        )));
    }
    Ok(all)
}

/// Writes the results of a submission that did not build
/// (`upcard autograder build-failed`): its build log, bounded, as the
/// platform's results file.
pub fn build_failed(log: &Path, platform: &str, out: &Path) -> Result<(), Failure> {
    use std::io::Read;
    // A build log is small; a bound keeps a flood from a
    // hostile submission's build from filling memory.
    let mut bytes = Vec::new();
    std::fs::File::open(log)
        .and_then(|f| f.take(16 << 20).read_to_end(&mut bytes))
        .map_err(|e| Failure::input(format!("{}: {e}", log.display())))?;
    let text = String::from_utf8_lossy(&bytes);
    let results = if platform == "prairielearn" {
        deploy::build_failed_prairielearn(&text)
    } else {
        deploy::build_failed(&text)
    };
    upcard_parse::file::write_atomic(out, results.as_bytes())
        .map_err(|e| Failure::input(format!("writing {}: {e}", out.display())))
}

/// Joins results files of one platform into one (`upcard autograder
/// combine`): the program's and the unit tests', say. Gradescope: the tests
/// one after the other, the scores added; PrairieLearn: the same, the score
/// the points over the points possible.
pub fn combine(platform: &str, inputs: &[std::path::PathBuf], out: &Path) -> Result<(), Failure> {
    let mut all = Vec::new();
    for p in inputs {
        let text = std::fs::read_to_string(p)
            .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
        let v: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
        all.push(v);
    }
    let tests: Vec<serde_json::Value> = all
        .iter()
        .flat_map(|v| v["tests"].as_array().cloned().unwrap_or_default())
        .collect();
    let sum = |key: &str| -> f64 { tests.iter().filter_map(|t| t[key].as_f64()).sum() };
    // A submission PrairieLearn may not grade (it did not build) stays so.
    let refused = all.iter().find(|v| v["gradable"].as_bool() == Some(false));
    let combined = match (platform, refused) {
        ("gradescope", _) => {
            // The top-level outputs (a failed build's log) joined.
            let output: Vec<&str> = all.iter().filter_map(|v| v["output"].as_str()).collect();
            let mut v = serde_json::json!({
                "score": all.iter().filter_map(|v| v["score"].as_f64()).sum::<f64>(),
                "output_format": "text",
                "tests": tests,
            });
            if !output.is_empty() {
                v["output"] = output.join("\n").into();
            }
            v
        }
        (_, Some(v)) => v.clone(),
        _ => {
            let (got, max) = (sum("points"), sum("max_points"));
            let passed = tests
                .iter()
                .filter(|t| t["points"].as_f64() == t["max_points"].as_f64())
                .count();
            serde_json::json!({
                "gradable": all.iter().all(|v| v["gradable"].as_bool() != Some(false)),
                "score": if max > 0.0 { got / max } else { 0.0 },
                "message": format!("{passed} of {} tests passed", tests.len()),
                "tests": tests,
            })
        }
    };
    let text = serde_json::to_string_pretty(&combined).expect("plain JSON") + "\n";
    upcard_parse::file::write_atomic(out, text.as_bytes())
        .map_err(|e| Failure::input(format!("{}: {e}", out.display())))
}

#[cfg(test)]
mod notice_tests {
    use super::Notice;

    #[test]
    fn what_was_left_out_is_said_in_the_words_staff_know() {
        let names = ["adi-2018".to_string(), "alice-2018".to_string()];
        assert_eq!(
            Notice::OptInLeftOut(&names).to_string(),
            "left out 2 opt-in scenarios (adi-2018, alice-2018): give their paths to deploy them"
        );
        assert_eq!(
            Notice::LeftOut {
                n: 3,
                of: 40,
                why: "it sets house rules"
            }
            .to_string(),
            "left out 3 of 40 scenarios: it sets house rules"
        );
    }
}
