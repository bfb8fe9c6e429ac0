//! Scenario scripts: one YAML file per game or hand, the golden transcript it
//! must produce, and assertions on what happened. See docs/scenarios.md.

pub mod bless;
pub mod check;
mod context;
pub mod courses;
pub mod diff;
mod error;
pub mod exec;
mod model;
mod project;
pub mod raw;
pub mod runner;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub use context::SetupContext;
pub use courses::{RawScenario, RulesName};
pub use error::{ScenarioError, locate};
pub use exec::{Played, play, play_within, record, source, start};
pub use model::{Compare, Expect, HandExpect, Scenario};
pub use model::{default_golden, default_golden_root};
pub use project::Project;

/// Scenario files under `paths` (files as given, directories searched for
/// `*.yaml`/`*.yml`), sorted so every run lists them in the same order.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, ScenarioError> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p)
            .map_err(|e| ScenarioError::file(&p.display().to_string(), e.to_string()))?;
        if meta.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), ScenarioError> {
    let shown = || dir.display().to_string();
    let entries =
        std::fs::read_dir(dir).map_err(|e| ScenarioError::file(&shown(), e.to_string()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| ScenarioError::file(&shown(), e.to_string()))?
            .path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Loads every scenario; the errors are those that could not be used. Two
/// scenarios writing one golden is an error for the second.
pub fn load_all(files: &[PathBuf]) -> (Vec<Scenario>, Vec<ScenarioError>) {
    let loaded: Vec<Result<Scenario, ScenarioError>> =
        files.par_iter().map(|f| Scenario::load(f)).collect();
    let mut ok: Vec<Scenario> = Vec::with_capacity(loaded.len());
    let mut bad = Vec::new();
    for r in loaded {
        match r {
            Ok(s) => {
                if let Some(other) = ok.iter().find(|o| o.expect.golden == s.expect.golden) {
                    bad.push(ScenarioError::file(
                        &s.path.display().to_string(),
                        format!(
                            "its golden {} is also {}'s (give one of them another name or expect.golden)",
                            s.expect.golden.display(),
                            other.path.display()
                        ),
                    ));
                } else {
                    ok.push(s);
                }
            }
            Err(e) => bad.push(e),
        }
    }
    (ok, bad)
}

/// The golden transcript as found on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Golden {
    Missing,
    Unreadable(String),
    Text(String),
}

impl Golden {
    pub fn read(path: &Path) -> Golden {
        use upcard_parse::file::{MAX_GOLDEN, ReadError, read_text};
        match read_text(path, MAX_GOLDEN) {
            Ok(t) => Golden::Text(t),
            Err(ReadError::Io(std::io::ErrorKind::NotFound, _)) => Golden::Missing,
            Err(e) => Golden::Unreadable(e.to_string()),
        }
    }
}

/// A scenario run through the engine and judged.
#[derive(Clone, Debug)]
pub struct Evaluated {
    pub played: Played,
    pub golden: Golden,
    /// Assertion failures (not the golden comparison).
    pub problems: Vec<String>,
    /// The golden matches under the scenario's comparison and no assertion failed.
    pub passed: bool,
}

/// Plays a scenario and checks it against its golden and assertions.
pub fn evaluate(s: &Scenario) -> Evaluated {
    let played = play(s);
    let text = played.text();
    let mut problems = check::problems(
        &s.expect,
        &played.events,
        &text,
        played.status,
        &s.names(),
        s.resumed_dealer(),
    );
    // A game that would never end pins nothing: it is never blessed or passed.
    if played.endless
        && let Some(e) = &played.error
    {
        problems.insert(0, e.clone());
    }
    let golden = Golden::read(&s.expect.golden);
    // Compared once here, on the worker thread, not again by each reader.
    let matches = match &golden {
        Golden::Text(g) => diff::same(g, &text, s.expect.compare),
        _ => false,
    };
    Evaluated {
        passed: problems.is_empty() && matches,
        golden,
        played,
        problems,
    }
}

/// The JSON Schema of scenario files, generated from `courses::RawScenario`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(courses::RawScenario);
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON")
}
