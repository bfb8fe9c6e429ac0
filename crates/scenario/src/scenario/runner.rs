//! `upcard run`: every scenario through the engine, compared with its golden.

use crate::scenario::diff::{Style, render};
use crate::scenario::{Evaluated, Golden, Scenario, ScenarioError, discover, evaluate, load_all};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use upcard_parse::escape::{printable, printable_line};
use upcard_rules::Failure;

/// Where `--failed` finds the scenarios that failed last time (relative to the
/// working directory).
pub const LAST_FAILED: &str = ".upcard/last-failed";

#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub filter: Option<String>,
    pub failed: bool,
    pub side_by_side: bool,
    pub color: bool,
}

/// Told of each scenario file that cannot be loaded (the binary writes it on
/// standard error); the rest go on without it.
pub type Unreadable<'a> = &'a mut dyn FnMut(&ScenarioError);

/// The scenarios under `paths` (default `scenarios/`), loaded, and whether
/// any could not be (each told to `unreadable`: an input error).
pub fn load(paths: &[PathBuf], unreadable: Unreadable) -> Result<(Vec<Scenario>, bool), Failure> {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("scenarios")]
    } else {
        paths.to_vec()
    };
    let files = discover(&paths).map_err(|e| Failure::input(e.to_string()))?;
    if files.is_empty() {
        return Err(Failure::input(format!(
            "no scenario files (*.yaml) in {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let (scenarios, errors) = load_all(&files);
    for e in &errors {
        unreadable(e);
    }
    Ok((scenarios, !errors.is_empty()))
}

/// True when the scenario's name, path or one of its tags contains `text`.
/// Keeps the scenarios `filter` selects; a filter that selects none is an
/// error (a typo must not pass as an empty, successful run).
pub fn apply_filter(scenarios: &mut Vec<Scenario>, filter: Option<&str>) -> Result<(), Failure> {
    let Some(f) = filter else {
        return Ok(());
    };
    let before = scenarios.len();
    scenarios.retain(|s| matches(s, f));
    if scenarios.is_empty() && before > 0 {
        return Err(Failure::input(format!(
            "--filter {f:?} selects none of the {before} scenarios (it matches names, paths and tags)"
        )));
    }
    Ok(())
}

/// The tag of a scenario graded only when asked for: the bundled library's
/// 2018 names of the official games are one (the same games as the
/// current names'), so a default grade counts each game once.
pub const OPT_IN: &str = "opt-in";

/// Leaves out the `opt-in` scenarios a filter does not name exactly (by
/// their name or one of their tags), unless the paths and filter selected
/// nothing else, and says which were left out.
pub fn drop_opt_in(scenarios: &mut Vec<Scenario>, filter: Option<&str>) -> Vec<String> {
    let opt_in = |s: &Scenario| s.tags.iter().any(|t| t == OPT_IN);
    if scenarios.iter().all(opt_in) {
        return Vec::new();
    }
    let asked = |s: &Scenario| filter.is_some_and(|f| s.name == f || s.tags.iter().any(|t| t == f));
    let mut dropped = Vec::new();
    scenarios.retain(|s| {
        let keep = !opt_in(s) || asked(s);
        if !keep {
            dropped.push(s.name.clone());
        }
        keep
    });
    dropped
}

pub fn matches(s: &Scenario, text: &str) -> bool {
    s.name.contains(text)
        || s.path.to_string_lossy().contains(text)
        || s.tags.iter().any(|t| t.contains(text))
}

fn read_last_failed() -> Vec<PathBuf> {
    std::fs::read_to_string(LAST_FAILED)
        .map(|t| t.lines().map(PathBuf::from).collect())
        .unwrap_or_default()
}

fn write_last_failed(failed: &[&Path]) {
    let text: String = failed
        .iter()
        .map(|p| format!("{}\n", p.display()))
        .collect();
    // Only a convenience for the next run: failing to keep it is not an error.
    let _ = std::fs::create_dir_all(".upcard");
    let _ = upcard_parse::file::write_atomic(Path::new(LAST_FAILED), text.as_bytes());
}

/// A failed scenario's report: what it is for, then the diff and problems.
pub fn report(s: &Scenario, r: &Evaluated, style: Style) -> String {
    let mut out = String::new();
    // A library can come from anyone: its text is shown, never interpreted.
    let path = printable_line(&s.path.display().to_string());
    out.push_str(&format!("\n=== {} ({path})\n", s.name));
    if !s.description.is_empty() {
        out.push_str(&format!("{}\n", printable(s.description.trim_end())));
    }
    let golden = s.expect.golden.display();
    match &r.golden {
        Golden::Missing => out.push_str(&format!(
            "golden {golden} does not exist; `upcard bless {}` writes it from the engine\n",
            s.path.display()
        )),
        Golden::Unreadable(e) => out.push_str(&format!("golden {golden} cannot be read: {e}\n")),
        Golden::Text(g) => {
            let d = render(g, &r.played.text(), s.expect.compare, style);
            if !d.is_empty() {
                out.push_str(&format!(
                    "transcript differs from {golden} ({}):\n{d}",
                    s.expect.compare.describe()
                ));
            }
        }
    }
    for p in &r.problems {
        out.push_str(&format!("assertion: {p}\n"));
    }
    if let Some(e) = &r.played.error {
        out.push_str(&format!("the game stopped early: {e}\n"));
    }
    out
}

pub fn run(o: &Options, stdout: &mut dyn Write, unreadable: Unreadable) -> Result<(), Failure> {
    let (mut scenarios, bad_input) = load(&o.paths, unreadable)?;
    apply_filter(&mut scenarios, o.filter.as_deref())?;
    if o.failed {
        let last = read_last_failed();
        scenarios.retain(|s| last.contains(&s.path));
    }
    let results: Vec<Evaluated> = scenarios.par_iter().map(evaluate).collect();
    let style = Style {
        color: o.color,
        side_by_side: o.side_by_side,
        context: 3,
    };
    let (pass, fail) = if o.color {
        ("\x1b[32mPASS\x1b[0m", "\x1b[31mFAIL\x1b[0m")
    } else {
        ("PASS", "FAIL")
    };
    let mut text = String::new();
    let mut failed = Vec::new();
    for (s, r) in scenarios.iter().zip(&results) {
        let ok = r.passed;
        text.push_str(&format!(
            "{} {} ({})\n",
            if ok { pass } else { fail },
            s.name,
            s.path.display()
        ));
        if !ok {
            failed.push(s.path.as_path());
        }
    }
    for (s, r) in scenarios.iter().zip(&results) {
        if !r.passed {
            text.push_str(&report(s, r, style));
        }
    }
    text.push_str(&format!(
        "\n{} passed, {} failed\n",
        scenarios.len() - failed.len(),
        failed.len()
    ));
    stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .map_err(|e| Failure::input(format!("writing the report: {e}")))?;
    // `--failed` narrows the set; keep the list from full runs only meaningful
    // by recording exactly what this run saw fail.
    write_last_failed(&failed);
    if bad_input {
        Err(Failure::said(upcard_rules::FailureKind::Input))
    } else if !failed.is_empty() {
        Err(Failure::said(upcard_rules::FailureKind::Failed))
    } else {
        Ok(())
    }
}
