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
pub use exec::{Played, play, play_within, start};
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

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it
/// (created with O_EXCL under a random name by `tempfile`, so a planted
/// symbolic link is never followed), synced, then renamed over `path`.
/// Temporary files left by a bless that was killed are removed first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    std::fs::create_dir_all(dir)?;
    remove_stale_temporaries(dir);
    let name = path
        .file_name()
        .map_or("golden".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.upcard-{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets the mode any program's would (0666 less the umask), a
    // replaced one keeps its own; tempfile's default, 0600, would hide
    // reports and goldens from the rest of a course's staff.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    if let Ok(old) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// `.NAME.upcard-PID[-…].tmp` files whose writer (PID) is no longer running.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !(name.starts_with('.') && name.ends_with(".tmp")) {
            continue;
        }
        let pid = name
            .rsplit_once(".upcard-")
            .map(|(_, rest)| rest.trim_end_matches(".tmp"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !Path::new(&format!("/proc/{pid}")).exists()
            && e.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// The JSON Schema of scenario files, generated from `courses::RawScenario`.
pub fn schema() -> String {
    let schema = schemars::schema_for!(courses::RawScenario);
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON")
}
