//! Building a submission from its sources with the course's build script,
//! in the same sandbox as the program's runs: the build is student code
//! too (a Makefile's recipes, what the compiler is told to include), so it
//! sees the system's compiler, headers and libraries and its own files,
//! never the goldens, the scenarios or another submission.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::Grader;
use upcard_rules::courses::Invocation;
use upcard_sandbox::{Ending, Job, Limits, Program, signal_name};

/// A submission's files: at most this many, of at most this much in all.
const MAX_FILES: usize = 1000;
const MAX_BYTES: u64 = 64 << 20;

/// The build script's name in the build's directory.
const SCRIPT: &str = "upcard-build.sh";

/// Lines of a failed build's output kept for its verdict.
const LOG_LINES: usize = 200;

/// Why a build gave no program: what the student reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildFailed {
    pub log: String,
}

/// A submission's program that another part built from the same sources
/// with the course's flags (upcard adt links the game from the objects of
/// its classes' tests, so they are compiled once), used in place of a
/// build of its own.
#[derive(Clone, Debug)]
pub struct Prebuilt {
    pub path: PathBuf,
    /// The folder its sources were in, relative to the submission.
    pub below: Option<String>,
}

impl Prebuilt {
    /// Whether it was built from the sources a build of `src` would take
    /// (the same folder of the submission).
    /// A build would have started (its files read and accepted), so reusing
    /// it decides as the build would have.
    pub fn is_of(&self, src: &Path, main_files: &[&str]) -> bool {
        accepted(src, main_files).is_ok_and(|(below, _)| below == self.below)
    }
}

/// A shell to run the build script with, from the system's directories
/// (the sandbox shows those).
fn bash() -> PathBuf {
    ["/usr/bin/bash", "/bin/bash"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .unwrap_or_else(|| PathBuf::from("/bin/bash"))
}

/// The regular files at the top of `src`, a folder `locate::sources` found
/// (links and folders are left out: the build takes one folder), bounded
/// in count and size.
fn sources(src: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let entries = std::fs::read_dir(src).map_err(|e| format!("{}: {e}", src.display()))?;
    let mut files = Vec::new();
    let mut total = 0;
    for e in entries.flatten() {
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        if !meta.file_type().is_file() || name == SCRIPT {
            continue;
        }
        total += meta.len();
        if files.len() == MAX_FILES || total > MAX_BYTES {
            return Err(format!(
                "{}: more than {MAX_FILES} files or {} MiB: not a submission's sources",
                src.display(),
                MAX_BYTES >> 20
            ));
        }
        // Opened without following a link: the file checked above may have
        // been replaced since.
        let bytes = super::data::read_file(&e.path(), MAX_BYTES)
            .map_err(|why| format!("{}: {name} {why}", src.display()))?;
        files.push((name, bytes));
    }
    files.sort();
    Ok(files)
}

/// A submission's files by name, in name order.
type Files = Vec<(String, Vec<u8>)>;

/// The sources a build of `src` takes (those of the shallowest folder
/// holding one of `main_files`) and that folder relative to `src`, or why
/// there are none a build would start with.
fn accepted(src: &Path, main_files: &[&str]) -> Result<(Option<String>, Files), String> {
    let found = super::locate::sources(src, main_files)?;
    let files = sources(&found.dir)?;
    if let Some(empty) = super::locate::empty_main(&files, main_files) {
        return Err(empty);
    }
    Ok((found.below, files))
}

/// The end of a build's output, with why it stopped when it was stopped.
fn log(stdout: &[u8], stderr: &[u8], why: Option<String>) -> String {
    let mut text = String::from_utf8_lossy(stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(stderr));
    let text = upcard_parse::escape::printable(&text);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(LOG_LINES);
    let mut out = lines[start..].join("\n");
    if let Some(why) = why {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&why);
    }
    out
}

impl Grader {
    /// Builds the sources in `src` with `script` (a bash script that makes
    /// `program` in its working directory) in the sandbox, and puts the
    /// program at `dest`. The sources are those of the shallowest folder
    /// under `src` holding one of `main_files` (`src` itself when there are
    /// none): what is returned, relative to `src`, when it is below; the
    /// grader's course files replace the student's of the same name. The
    /// build gets the run limits, with at least a minute.
    pub fn build(
        &self,
        src: &Path,
        main_files: &[&str],
        script: &str,
        program: &str,
        dest: &Path,
    ) -> Result<Option<String>, BuildFailed> {
        let fail = |log: String| BuildFailed { log };
        let (below, files) = accepted(src, main_files).map_err(fail)?;
        let mut dir = self
            .supervisor
            .lease()
            .map_err(|e| fail(format!("cannot make a directory to build in: {e}")))?;
        // The course's files last: they replace the student's of the same name.
        for (name, bytes) in files.iter().chain(&self.course_files) {
            dir.write(name, bytes)
                .map_err(|e| fail(format!("cannot copy {name}: {e}")))?;
        }
        // Without namespaces (Landlock alone) a build may write only its own
        // directory: the compiler's temporary files go there too.
        let script = format!("export TMPDIR=\"$PWD/.upcard-tmp\"\nmkdir -p \"$TMPDIR\"\n{script}");
        dir.write(SCRIPT, script)
            .map_err(|e| fail(format!("cannot write the build script: {e}")))?;
        let inv = Invocation {
            argv0: "bash".into(),
            args: vec![SCRIPT.into()],
            files: Vec::new(),
        };
        let limits = Limits {
            time: self.limits.time.max(Duration::from_secs(60)),
            ..self.limits
        };
        let bash = bash();
        let script = Program {
            exe: &bash,
            argv0: &inv.argv0,
            args: &inv.args,
            env: &[],
        };
        let job = Job {
            collect: Some(program),
            ..Job::new(script, limits)
        };
        let run = self.supervisor.run_in(&mut dir, job);
        let why = match &run.ending {
            Ending::Exited(0) => None,
            Ending::Exited(code) => Some(format!("the build failed (exit status {code})")),
            Ending::Signal(sig) => Some(format!("the build was killed ({})", signal_name(*sig))),
            Ending::TimedOut => Some(format!(
                "the build took more than {} s and was stopped",
                limits.time.as_secs()
            )),
            Ending::Truncated => Some("the build printed too much and was stopped".into()),
            Ending::OutOfMemory => Some("the build ran out of memory".into()),
            Ending::DiskFull => Some("the build filled the space it may write to".into()),
            Ending::NotStarted(e) => Some(format!("the build could not start: {e}")),
        };
        if let Some(why) = why {
            return Err(fail(log(&run.stdout, &run.stderr, Some(why))));
        }
        let built = dir.path().join(program);
        let is_file = std::fs::symlink_metadata(&built).is_ok_and(|m| m.file_type().is_file());
        if !is_file {
            return Err(fail(log(
                &run.stdout,
                &run.stderr,
                Some(format!("the build made no {program}")),
            )));
        }
        std::fs::copy(&built, dest)
            .and_then(|_| {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(dest, std::fs::Permissions::from_mode(0o755))
            })
            .map_err(|e| fail(format!("cannot keep the built program: {e}")))?;
        Ok(below)
    }
}
