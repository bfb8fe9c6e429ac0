//! Grading: student programs run on scenarios, judged against the goldens,
//! with each failure explained from the engine's own game.

pub mod build;
pub mod class;
pub mod data;
pub mod event;
pub mod html;
pub mod live;
pub mod locate;
pub mod merge;
pub mod part;
mod pattern;
pub mod process;
pub mod random;
pub mod report;
mod sanitize;
#[cfg(target_os = "linux")]
pub use upcard_sandbox as sandbox;
pub mod shard;
pub mod spawn;
pub mod workspace;
pub mod writer;

use std::path::{Path, PathBuf};

pub use process::{Ending, Limits, Run, signal_name};
use upcard_replay::{Move, describe, record, state_text};
use upcard_scenario::scenario::diff::{Divergence, first_divergence, same};
use upcard_scenario::scenario::raw::Visibility;
use upcard_scenario::scenario::{Compare, Golden, Scenario, play};
use workspace::Workspace;

/// How one run of one scenario went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Passed under the scenario's comparison mode (says which).
    PassUnder(String),
    Fail,
    Crash(String),
    Timeout,
    WrongExit {
        expected: u8,
        got: i32,
    },
    Truncated,
    /// Killed for memory, or could not start within the memory limit.
    Memory(String),
    /// Filled the space it may write to (`--disk-mb`).
    Disk(String),
    /// The program could not be started (or was not found).
    NotRun(String),
    /// The submission's sources did not build (`--build`): the build's log
    /// is said once, at the head of the student's reports.
    BuildFailed,
    /// Unit-test grading: a bug no valid test of the student's catches (why).
    Missed(String),
}

impl Verdict {
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Pass | Verdict::PassUnder(_))
    }

    /// A short word for tables and reports.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::PassUnder(_) => "pass",
            Verdict::Fail => "fail",
            Verdict::Crash(_) => "crash",
            Verdict::Timeout => "timeout",
            Verdict::WrongExit { .. } => "exit",
            Verdict::Truncated => "truncated",
            Verdict::Memory(_) => "memory",
            Verdict::Disk(_) => "disk",
            Verdict::NotRun(_) => "not-run",
            Verdict::BuildFailed => "build-failed",
            Verdict::Missed(_) => "missed",
        }
    }

    pub fn summary(&self, limits: &Limits) -> String {
        match self {
            Verdict::Pass => "passed".into(),
            Verdict::PassUnder(m) => format!("passed ({m})"),
            Verdict::Fail => "wrong output".into(),
            Verdict::Crash(sig) => format!("crashed ({sig})"),
            Verdict::Timeout => format!("timed out after {} s (killed)", limits.time.as_secs_f64()),
            Verdict::WrongExit { expected, got } => {
                format!("right output, but exit status {got} instead of {expected}")
            }
            Verdict::Truncated => format!(
                "printed more than {} bytes (stopped; output truncated)",
                limits.output
            ),
            Verdict::Memory(why) => format!("out of memory: {why}"),
            Verdict::Disk(why) => format!("out of disk: {why}"),
            Verdict::NotRun(e) => format!("could not run: {e}"),
            Verdict::BuildFailed => {
                "not run: the submission did not build (the build's log is above)".into()
            }
            Verdict::Missed(why) => why.clone(),
        }
    }
}

/// One scenario's result for one program.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Which of the run's scenarios this is (its place in the run's list),
    /// so that a sharded run's parts can be put back in order.
    pub case: usize,
    pub name: String,
    pub path: PathBuf,
    pub description: String,
    pub weight: f64,
    pub visibility: Visibility,
    pub verdict: Verdict,
    /// What went wrong and why the expected output is right (empty on a pass).
    pub detail: String,
    pub stdout: String,
    pub stderr: String,
    pub exit: Option<i32>,
    pub time_ms: u128,
    /// Runs of the same scenario printed different output (`--repeat`).
    pub nondeterministic: bool,
    /// Wrong output that differs from the golden only in white space and
    /// blank lines (it would pass under `diff -B -w`); the scenario's
    /// `compare:` still decides the verdict.
    pub near_miss: bool,
    /// The expected and the actual lines around the first difference, with
    /// their line numbers (for side-by-side views).
    pub context: Option<Context>,
    /// What the wrong output's first wrong line means and the mutants that
    /// explain it, best first (`--diagnose`).
    pub diagnosis: Vec<upcard_mutants::Finding>,
}

/// Lines around the first difference: (line number, text) on each side.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Context {
    // In the order of their names, as the JSON report lists them.
    pub actual: Vec<(usize, String)>,
    /// Where the first difference is, as line numbers.
    pub actual_line: usize,
    pub expected: Vec<(usize, String)>,
    pub expected_line: usize,
}

/// Lines shown on each side of the first difference.
const CONTEXT: usize = 3;

fn around(text: &str, line: usize) -> Vec<(usize, String)> {
    let from = line.saturating_sub(CONTEXT).max(1);
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .skip(from - 1)
        .take(line + CONTEXT + 1 - from)
        .collect()
}

impl Outcome {
    /// Puts `f` first in the diagnosis and in the detail, whose first lines
    /// are the diagnosis; after a mutant whose whole game is the output,
    /// which is surer.
    pub(crate) fn lead_diagnosis(&mut self, f: upcard_mutants::Finding) {
        let old = upcard_mutants::diagnosis_text(&self.diagnosis);
        let at = self
            .diagnosis
            .iter()
            .take_while(|d| d.kind == upcard_mutants::Kind::Mutant)
            .count();
        self.diagnosis.insert(at, f);
        let rest = self
            .detail
            .strip_prefix(old.as_str())
            .unwrap_or(&self.detail);
        self.detail = upcard_mutants::diagnosis_text(&self.diagnosis) + rest;
    }

    /// A scenario's outcome with `verdict` and nothing run yet.
    pub fn of(s: &Scenario, verdict: Verdict) -> Outcome {
        Outcome {
            path: s.path.clone(),
            description: s.description.clone(),
            visibility: s.visibility,
            ..Outcome::new(s.name.clone(), s.weight, verdict, String::new())
        }
    }

    /// An outcome named `name`, worth `weight`, with its verdict and detail
    /// (for results that are no scenario's: unit-test grading's).
    pub fn new(name: String, weight: f64, verdict: Verdict, detail: String) -> Outcome {
        Outcome {
            case: 0,
            name,
            path: PathBuf::new(),
            description: String::new(),
            weight,
            visibility: Visibility::Visible,
            verdict,
            detail,
            stdout: String::new(),
            stderr: String::new(),
            exit: None,
            time_ms: 0,
            nondeterministic: false,
            near_miss: false,
            context: None,
            diagnosis: Vec::new(),
        }
    }

    pub fn score(&self) -> f64 {
        if self.verdict.passed() {
            self.weight
        } else {
            0.0
        }
    }
}

pub use upcard_rules::courses::Invocation;

/// The course's command line for a scenario, or why a student program cannot
/// run it (settings only upcard has).
pub fn invocation(s: &Scenario, argv0: Option<&str>) -> Result<Invocation, String> {
    s.setup.invocation(argv0)
}

/// What the program must print and its exit status, from the golden and the engine.
pub fn expected(s: &Scenario) -> Result<(String, u8), String> {
    let text = match Golden::read(&s.expect.golden) {
        Golden::Text(t) => t,
        Golden::Missing => {
            return Err(format!(
                "{}: its golden {} does not exist (upcard bless {} writes it)",
                s.path.display(),
                s.expect.golden.display(),
                s.path.display()
            ));
        }
        Golden::Unreadable(e) => {
            return Err(format!(
                "{}: golden {}: {e}",
                s.path.display(),
                s.expect.golden.display()
            ));
        }
    };
    let exit = s.expect.exit.unwrap_or_else(|| play(s).status);
    Ok((text, exit))
}

/// What printed byte `offset` of the engine's transcript (the command line,
/// a hand's start, a move, a trick's end, the scoring), the rule behind it,
/// and the game just before it.
fn explain_line(s: &Scenario, offset: usize) -> String {
    let t = record(s.clone());
    let Some(e) = t.event_at(offset) else {
        return format!("{}\n", s.rules().course().unattributed_line());
    };
    let names = &t.names;
    let (m, mut out) = match t.move_of_event(e) {
        Ok(i) => {
            let m: &Move = &t.moves[i];
            let mut out = format!(
                "the expected line comes from move {} (hand {}, trick {}): {}\n",
                m.number,
                m.point.hand,
                m.point.trick,
                describe(&m.event, names)
            );
            if let Some(w) = m.why {
                out.push_str(&format!("  why: {w}\n"));
            }
            out.push_str("the game just before that move:\n");
            (m, out)
        }
        Err(next) => {
            let what = format!(
                "the expected line comes from: {}\n",
                describe(&t.events[e], names)
            );
            match next {
                Some(i) => (&t.moves[i], what + "the game at that point:\n"),
                None => return what,
            }
        }
    };
    out.push_str(&state_text(&m.before, &t.names));
    out
}

fn divergence_text(d: &Divergence) -> String {
    let show = |l: &Option<String>| match l {
        Some(l) => format!("{l:?}"),
        None => "(end of output)".to_string(),
    };
    format!(
        "first difference: expected line {}, actual line {}\n  expected: {}\n  actual:   {}\n",
        d.expected_line,
        d.actual_line,
        show(&d.expected),
        show(&d.actual)
    )
}

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
    dirs: Workspace,
    sandbox: Option<SandboxSettings>,
    /// What the sandbox cannot do on this machine, one line each.
    pub notes: Vec<String>,
    /// Name the mutants that reproduce a wrong transcript (`--diagnose`).
    pub diagnose: bool,
    /// The mutants' runs, kept across the programs graded.
    diagnoser: upcard_mutants::Diagnoser,
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
    fn execute(
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

    /// What a failure's detail says: a near miss, the first wrong line and
    /// the game there, and with `--diagnose` the mutants that print it.
    fn explain(
        &self,
        s: &Scenario,
        want: &str,
        actual: &str,
        outcome: &mut Outcome,
        notes: &mut String,
    ) {
        let compare = s.expect.compare;
        let loose = Compare {
            ignore_blank_lines: true,
            ignore_all_space: true,
            ..Compare::default()
        };
        if outcome.verdict == Verdict::Fail && same(want, actual, loose) {
            outcome.near_miss = true;
            notes.push_str(
                "near miss: the output differs from the expected only in white space and blank \
                 lines (it would pass under diff -B -w); this scenario compares ",
            );
            notes.push_str(&format!("{}\n", compare.describe()));
        }
        if !outcome.verdict.passed()
            && !matches!(outcome.verdict, Verdict::NotRun(_) | Verdict::BuildFailed)
        {
            // What the output got wrong, and the game at that point.
            if let Some(d) = first_divergence(want, actual, compare) {
                notes.push_str(&divergence_text(&d));
                outcome.context = Some(Context {
                    expected: around(want, d.expected_line),
                    actual: around(actual, d.actual_line),
                    expected_line: d.expected_line,
                    actual_line: d.actual_line,
                });
                let offset: usize = want
                    .split_inclusive('\n')
                    .take(d.expected_line.saturating_sub(1))
                    .map(str::len)
                    .sum();
                if d.expected.is_some() {
                    notes.push_str(&explain_line(s, offset));
                }
            }
        }
        if !self.diagnose {
            return;
        }
        let found = match (&outcome.verdict, outcome.exit) {
            (Verdict::Crash(sig), _) => {
                let how = format!("was killed by {sig}");
                self.diagnoser.crash(s, want, actual, &outcome.stderr, &how)
            }
            // A sanitizer's report ends the program with a status.
            (Verdict::Fail, Some(code)) if code != 0 && !outcome.stderr.is_empty() => {
                let how = format!("exited with status {code}");
                self.diagnoser.crash(s, want, actual, &outcome.stderr, &how)
            }
            (Verdict::Fail, _) => self.diagnoser.diagnose(s, want, actual),
            _ => return,
        };
        notes.insert_str(0, &upcard_mutants::diagnosis_text(&found));
        outcome.diagnosis = found;
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
