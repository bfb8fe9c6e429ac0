//! The grader: runs programs on scenarios (in the sandbox unless told
//! otherwise) and judges them.

use std::path::{Path, PathBuf};

use upcard_scenario::scenario::diff::{first_divergence, same};
use upcard_scenario::scenario::{Compare, Scenario};

use super::data;
use super::process::{Ending, Limits, Run, signal_name};
use super::workspace::Workspace;

#[cfg(target_os = "linux")]
use super::sandbox;
use super::{Outcome, Verdict, invocation, process, workspace};

/// Whether student programs run in the sandbox (the default), and which
/// binary serves as its helper (`upcard` itself).
#[derive(Clone, Debug)]
pub enum Sandboxing {
    On {
        helper: PathBuf,
    },
    /// `--no-sandbox`: only for programs one trusts.
    Off,
}

impl Sandboxing {
    /// The sandbox (its helper is upcard itself), unless `on` is false
    /// (`--no-sandbox`).
    pub fn when(on: bool) -> Result<Sandboxing, upcard_rules::Failure> {
        if !on {
            return Ok(Sandboxing::Off);
        }
        let helper = std::env::current_exe().map_err(|e| {
            upcard_rules::Failure::input(format!("cannot find upcard itself for the sandbox: {e}"))
        })?;
        Ok(Sandboxing::On { helper })
    }
}

/// How the sandbox holds on this machine.
#[cfg(target_os = "linux")]
type SandboxSettings = sandbox::Settings;
#[cfg(not(target_os = "linux"))]
type SandboxSettings = ();

/// Runs programs on scenarios and judges them: how they are invoked, their
/// limits, and the directories they run in (removed when the grader is dropped).
pub struct Grader {
    pub argv0: Option<String>,
    pub limits: Limits,
    pub(super) dirs: Workspace,
    sandbox: Option<SandboxSettings>,
    /// What the sandbox cannot do on this machine, one line each.
    pub notes: Vec<String>,
    /// Name the mutants that reproduce a wrong transcript (`--diagnose`).
    pub diagnose: bool,
    /// The mutants' runs, kept across the programs graded.
    pub(super) diagnoser: upcard_mutants::Diagnoser,
}

impl Grader {
    /// A grader; with the sandbox on, its first helper is started here, so
    /// that a machine that allows no sandbox is refused before any run.
    pub fn new(
        argv0: Option<String>,
        limits: Limits,
        sandboxing: Sandboxing,
    ) -> Result<Grader, String> {
        let dirs =
            Workspace::new().map_err(|e| format!("cannot make a directory for the runs: {e}"))?;
        let mut g = Grader {
            argv0,
            limits,
            dirs,
            sandbox: None,
            notes: Vec::new(),
            diagnose: false,
            diagnoser: upcard_mutants::Diagnoser::new(),
        };
        if let Sandboxing::On { helper } = sandboxing {
            g.start_sandbox(helper)?;
        }
        Ok(g)
    }

    #[cfg(not(target_os = "linux"))]
    fn start_sandbox(&mut self, _helper: PathBuf) -> Result<(), String> {
        Err(
            "the sandbox for student programs needs Linux (namespaces or Landlock); \
             --no-sandbox runs them without one, only for programs you trust"
                .into(),
        )
    }

    #[cfg(target_os = "linux")]
    fn start_sandbox(&mut self, helper: PathBuf) -> Result<(), String> {
        let mut settings = sandbox::Settings {
            helper,
            mode: sandbox::Mode::Namespaces,
            memory: self.limits.memory,
            processes: self.limits.processes,
            disk: self.limits.disk,
            // A student's program may use the machine's CPUs as it would
            // at home (a build's compiler runs, a program's threads).
            cpus: 0,
        };
        let mut lease = self
            .dirs
            .lease()
            .map_err(|e| format!("cannot make a directory for the runs: {e}"))?;
        let started = sandbox::start_first(&mut settings, lease.path(), &lease.jail()).map(
            |(h, fell_back)| {
                if let Some(no_ns) = fell_back {
                    self.notes.push(format!(
                        "no namespaces for the sandbox ({no_ns}): programs are confined by \
                         Landlock only (a daemon a program starts can outlive its run)"
                    ));
                }
                h
            },
        );
        let h = started.map_err(|why| {
            format!(
                "this machine allows no sandbox for student programs ({why}); \
                 upcard does not run untrusted programs without one: --no-sandbox \
                 runs them anyway, only for programs you trust"
            )
        })?;
        if let Some(why) = h.no_cgroup() {
            self.notes.push(format!(
                "no control group for the runs ({why}): memory is limited per process, \
                 not per run, and the number of processes is not limited"
            ));
        }
        lease.helper = Some(h);
        self.sandbox = Some(settings);
        Ok(())
    }

    /// Runs `p` in `dir` with `files` (name, text) beside it: written into
    /// the run directory, or, in the sandbox, handed to PID 1 with the run
    /// (it writes them where the program runs, and nothing touches the
    /// grader's disk).
    pub(super) fn execute(
        &self,
        dir: &mut workspace::Lease,
        p: process::Program,
        files: &[(String, String)],
        input: &[u8],
        collect: Option<&str>,
        limits: Limits,
    ) -> Run {
        let not_run = |why: String| Run {
            stdout: Vec::new(),
            stderr: Vec::new(),
            ending: Ending::NotStarted(why),
            time: std::time::Duration::ZERO,
        };
        // A message to PID 1 holds at most 64 KiB: larger files go through
        // the run directory, as a build's sources do.
        let inline = cfg!(target_os = "linux")
            && self.sandbox.is_some()
            && files.iter().map(|(n, t)| n.len() + t.len()).sum::<usize>() <= 16 << 10;
        if !inline {
            for (name, text) in files {
                if let Err(e) = dir.write(name, text) {
                    return not_run(format!("cannot write {name}: {e}"));
                }
            }
        }
        #[cfg(target_os = "linux")]
        if let Some(settings) = &self.sandbox {
            if dir.helper.as_ref().is_none_or(|h| !h.usable()) {
                dir.helper = None;
                match sandbox::Helper::start(settings, dir.path(), &dir.jail()) {
                    Ok(h) => dir.helper = Some(h),
                    Err(e) => return not_run(format!("the sandbox: {e}")),
                }
            }
            let files = if inline { files } else { &[] };
            let copy_dir = dir.written();
            let helper = dir.helper.as_mut().expect("started above");
            return process::run_sandboxed(helper, p, files, copy_dir, input, limits, collect);
        }
        process::run(p, dir.path(), input, limits)
    }

    /// Runs `exe` as `argv0 args…` with no input, in a run directory of its
    /// own (in the sandbox, when it is on).
    pub fn run_program(
        &self,
        exe: &Path,
        argv0: &str,
        args: &[String],
        limits: Limits,
    ) -> Result<Run, String> {
        let mut dir = self
            .dirs
            .lease()
            .map_err(|e| format!("cannot make a directory to run in: {e}"))?;
        let p = process::Program {
            exe,
            argv0,
            args,
            env: &[],
        };
        Ok(self.execute(&mut dir, p, &[], b"", None, limits))
    }

    /// As [`Grader::grade`], then up to `repeat - 1` more runs, each in an
    /// environment of another size, whether the first passed or not (a
    /// program that reads memory it never set often passes in the grader's
    /// environment and fails in a student's): output that differs between
    /// two runs is reported as nondeterministic, with the first line where
    /// they differ.
    pub fn grade_repeated(
        &self,
        exe: &Path,
        s: &Scenario,
        want: (&str, u8),
        repeat: u32,
    ) -> Result<Outcome, String> {
        let mut out = self.grade(exe, s, want)?;
        if matches!(out.verdict, Verdict::NotRun(_) | Verdict::BuildFailed) {
            return Ok(out);
        }
        for run in 2..=repeat {
            let again = self.grade_run(exe, s, want, &repeat_env(run))?;
            if again.stdout == out.stdout {
                continue;
            }
            out.nondeterministic = true;
            let d = first_divergence(&out.stdout, &again.stdout, Default::default());
            out.detail.push_str(&format!(
                "nondeterministic: run {run} printed something else than run 1{}\n\
                 hint: output that changes between runs usually comes from uninitialised \
                 memory or an out-of-bounds access; try compiling with -fsanitize=address,undefined\n",
                d.map_or(String::new(), |d| format!(
                    ", first at line {}:\n  run 1:   {:?}\n  run {run}:   {:?}",
                    d.expected_line,
                    d.expected.unwrap_or_default(),
                    d.actual.unwrap_or_default()
                ))
            ));
            break;
        }
        Ok(out)
    }

    /// Runs `exe` on one scenario and judges it.
    /// `want` and `want_exit` are what `expected` gives for `s`.
    pub fn grade(&self, exe: &Path, s: &Scenario, want: (&str, u8)) -> Result<Outcome, String> {
        self.grade_run(exe, s, want, &[])
    }

    /// The verdict of a run's ending and output (its exit status into
    /// `exit` when it exited).
    fn judge(
        &self,
        run: &process::Run,
        want: &str,
        compare: Compare,
        exit: &mut Option<i32>,
    ) -> Verdict {
        let actual = String::from_utf8_lossy(&run.stdout);
        match &run.ending {
            Ending::NotStarted(e) => Verdict::NotRun(e.clone()),
            Ending::TimedOut => Verdict::Timeout,
            Ending::DiskFull => Verdict::Disk(format!(
                "the run wrote more than its {} MiB to its directory, /tmp and /dev/shm together (--disk-mb)",
                self.limits.disk >> 20
            )),
            Ending::Truncated => Verdict::Truncated,
            Ending::OutOfMemory => Verdict::Memory(format!(
                "killed: the run used more than its {} MiB",
                self.limits.memory >> 20
            )),
            // The dynamic loader says so when the memory limit stops it.
            Ending::Exited(127) if could_not_load(&run.stderr) => Verdict::Memory(format!(
                "the program could not start within {} MiB (--memory-mb)",
                self.limits.memory >> 20
            )),
            Ending::Signal(sig) => Verdict::Crash(signal_name(*sig)),
            Ending::Exited(code) => {
                *exit = Some(*code);
                if run.stdout == want.as_bytes() {
                    Verdict::Pass
                } else if !compare.is_exact() && same(want, &actual, compare) {
                    Verdict::PassUnder(compare.describe())
                } else {
                    Verdict::Fail
                }
            }
        }
    }

    /// [`Grader::grade`] with `env` added to the program's environment.
    fn grade_run(
        &self,
        exe: &Path,
        s: &Scenario,
        (want, want_exit): (&str, u8),
        env: &[String],
    ) -> Result<Outcome, String> {
        let inv = invocation(s, self.argv0.as_deref())?;
        let mut outcome = Outcome::of(s, Verdict::Pass);
        let mut dir = match self.dirs.lease() {
            Ok(d) => d,
            Err(e) => {
                outcome.verdict =
                    Verdict::NotRun(format!("cannot make a directory to run in: {e}"));
                return Ok(outcome);
            }
        };
        for (name, _) in &inv.files {
            // Only ever inside the run directory.
            if let Some(why) = upcard_parse::name::file_name_problem(name) {
                outcome.verdict = Verdict::NotRun(format!("the file {name:?}: {why}"));
                return Ok(outcome);
            }
        }
        let program = process::Program {
            exe,
            argv0: &inv.argv0,
            args: &inv.args,
            env,
        };
        let run = self.execute(
            &mut dir,
            program,
            &inv.files,
            s.input.as_bytes(),
            None,
            self.limits,
        );
        let actual = String::from_utf8_lossy(&run.stdout).into_owned();
        outcome.stdout = actual.clone();
        outcome.stderr = String::from_utf8_lossy(&run.stderr).into_owned();
        outcome.time_ms = run.time.as_millis();
        let compare = s.expect.compare;
        let mut notes = String::new();
        if std::str::from_utf8(&run.stdout).is_err() {
            notes.push_str("the output is not UTF-8 text; invalid bytes are shown as \u{FFFD}\n");
        }
        outcome.verdict = self.judge(&run, want, compare, &mut outcome.exit);
        let bad_exit = outcome.exit.filter(|&c| c != i32::from(want_exit));
        if outcome.verdict.passed()
            && let Some(code) = bad_exit
        {
            outcome.verdict = Verdict::WrongExit {
                expected: want_exit,
                got: code,
            };
        } else if outcome.verdict == Verdict::Fail
            && let Some(code) = bad_exit
        {
            // Both are wrong: say both.
            notes.push_str(&format!(
                "it also exited with status {code} instead of {want_exit}\n"
            ));
        }
        self.explain(s, want, &actual, &mut outcome, &mut notes);
        if !outcome.verdict.passed() && !run.stderr.is_empty() {
            notes.push_str(&stderr_tail(&run.stderr));
        }
        outcome.detail = notes;
        Ok(outcome)
    }
}

/// What repeated run `run` (from 2) adds to the program's environment: a
/// variable of a size that differs from run to run by kilobytes and in its
/// alignment, as a student's shell differs from the grader's, so that
/// what undefined behaviour reads (the stack below the environment, its
/// alignment) differs too, even where two plain runs agree; address-space
/// randomisation stays on in the sandbox as well. LS_COLORS is one a real
/// shell sets, often a few kilobytes long: nothing in it says which run
/// this is.
fn repeat_env(run: u32) -> Vec<String> {
    const COLOURS: &str = "di=01;34:ln=01;36:so=01;35:pi=40;33:ex=01;32:*.tar=01;31:";
    let size = (run.saturating_sub(1) as usize * 2741) % 8192;
    let value: String = COLOURS.chars().cycle().take(size).collect();
    vec![format!("LS_COLORS={value}")]
}

/// The loader's words when the address-space limit leaves no room to start.
fn could_not_load(stderr: &[u8]) -> bool {
    let e = String::from_utf8_lossy(stderr);
    e.contains("error while loading shared libraries")
        && (e.contains("cannot allocate memory") || e.contains("failed to map segment"))
}

/// The last lines of what the program wrote to standard error, for the
/// student: an assertion's file and line is usually there.
pub(crate) fn stderr_tail(stderr: &[u8]) -> String {
    const LINES: usize = 10;
    const BYTES: usize = 2000;
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    let from = lines.len().saturating_sub(LINES);
    let mut tail = lines[from..].join("\n");
    if tail.len() > BYTES {
        let mut cut = tail.len() - BYTES;
        while !tail.is_char_boundary(cut) {
            cut += 1;
        }
        tail = tail[cut..].to_string();
    }
    let mut out = if from > 0 || tail.len() < text.trim_end().len() {
        "standard error (the end):\n".to_string()
    } else {
        "standard error:\n".to_string()
    };
    // What the program printed is data: nothing in it reaches a terminal
    // as a control sequence.
    for l in tail.lines() {
        out.push_str(&format!(
            "  | {}\n",
            upcard_parse::escape::printable_line(l)
        ));
    }
    out
}

/// The program to grade in a submission directory: `euchre.exe` or `euchre`,
/// else its only executable file.
pub fn find_program(dir: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    // A submission's files are data: a link (to another student's program,
    // or out of the class) is not followed, and says so.
    if data::is_link(dir) {
        return Err(data::link_refused(dir));
    }
    for name in ["euchre.exe", "euchre"] {
        let p = dir.join(name);
        if data::is_link(&p) {
            return Err(data::link_refused(&p));
        }
        if p.is_file() {
            return Ok(p);
        }
    }
    let mut exes: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            std::fs::symlink_metadata(p)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .collect();
    exes.sort();
    match exes.len() {
        1 => Ok(exes.remove(0)),
        0 => Err(format!(
            "no program in {} (euchre.exe, euchre, or one executable file)",
            dir.display()
        )),
        _ => Err(format!(
            "{} holds several executable files and no euchre.exe or euchre",
            dir.display()
        )),
    }
}
