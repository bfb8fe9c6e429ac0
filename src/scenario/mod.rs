//! Scenario scripts: one YAML file per game or hand, the golden transcript it
//! must produce, and assertions on what happened. See docs/scenarios.md.

pub mod check;
pub mod diff;
mod error;
pub mod exec;
mod model;
pub mod raw;

use std::path::{Path, PathBuf};

use rayon::prelude::*;

pub use error::{ScenarioError, locate};
pub use exec::{Played, Printer, play, start};
pub use model::{Compare, Cs246Setup, Eecs280Setup, Expect, HandExpect, Scenario, Setup};
pub use model::{default_golden, default_golden_root};

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
        match std::fs::read(path) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => Golden::Text(t),
                Err(e) => Golden::Unreadable(format!("not UTF-8 text ({e})")),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Golden::Missing,
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
    let problems = check::problems(
        &s.expect,
        &played.events,
        &text,
        played.status,
        &s.names(),
        s.resumed_dealer(),
    );
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

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it,
/// then a rename, so an interrupted write never leaves half a golden.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    if !dir.as_os_str().is_empty() {
        std::fs::create_dir_all(dir)?;
    }
    let name = path
        .file_name()
        .map_or("golden".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.upcard-{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The JSON Schema of scenario files, generated from `raw::RawScenario`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(raw::RawScenario);
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON")
}
