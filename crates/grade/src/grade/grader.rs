//! The grader: runs programs on scenarios (in the sandbox unless told
//! otherwise) and judges them.

use std::path::{Path, PathBuf};

use upcard_scenario::scenario::diff::{first_divergence, same};
use upcard_scenario::scenario::{Compare, Scenario};

use super::data;
use upcard_sandbox::{Ending, Job, Limits, Program, Run, Sandboxing, Supervisor, signal_name};

use super::{Outcome, Verdict, invocation};

/// Runs programs on scenarios and judges them: how they are invoked, their
/// limits, and the directories they run in (removed when the grader is dropped).
pub struct Grader {
    pub argv0: Option<String>,
    pub limits: Limits,
    /// Starts and watches every program the grader runs.
    pub(super) supervisor: Supervisor,
    /// Name the mutants that reproduce a wrong transcript (`--diagnose`).
    pub diagnose: bool,
    /// The mutants' runs, kept across the programs graded.
    pub(super) diagnoser: crate::mutants::Diagnoser,
    /// The course's files every build sees in place of the student's
    /// (`--course-files`: its headers, as the course's autograder compiles
    /// students' `.cpp` files with them), by name.
    pub course_files: Vec<(String, Vec<u8>)>,
}

impl Grader {
    /// A grader; with the sandbox on, its first helper is started here, so
    /// that a machine that allows no sandbox is refused before any run.
    pub fn new(
        argv0: Option<String>,
        limits: Limits,
        sandboxing: Sandboxing,
    ) -> Result<Grader, upcard_sandbox::Error> {
        Ok(Grader {
            argv0,
            limits,
            supervisor: Supervisor::new(limits, sandboxing)?,
            diagnose: false,
            diagnoser: crate::mutants::Diagnoser::new(),
            course_files: Vec::new(),
        })
    }

    /// What the sandbox cannot do on this machine, one line each.
    pub fn notes(&self) -> &[String] {
        self.supervisor.notes()
    }

    /// The supervisor its programs run under, for runs of other kinds
    /// (a class's tests) in the same sandbox.
    pub fn supervisor(&self) -> &Supervisor {
        &self.supervisor
    }

    /// Runs `exe` as `argv0 args…` with no input, in a run directory of its
    /// own (in the sandbox, when it is on).
    pub fn run_program(&self, exe: &Path, argv0: &str, args: &[String], limits: Limits) -> Run {
        let p = Program {
            exe,
            argv0,
            args,
            env: &[],
        };
        self.supervisor.run(Job::new(p, limits))
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
    fn judge(&self, run: &Run, want: &str, compare: Compare, exit: &mut Option<i32>) -> Verdict {
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
                    Verdict::PassUnder(super::compare::passed_under(compare, want, &actual))
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
        let mut dir = match self.supervisor.lease() {
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
        let program = Program {
            exe,
            argv0: &inv.argv0,
            args: &inv.args,
            env,
        };
        let job = Job {
            files: &inv.files,
            input: s.input.as_bytes(),
            ..Job::new(program, self.limits)
        };
        let run = self.supervisor.run_in(&mut dir, job);
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

/// The program to grade in a submission directory: a course program's file
/// (`euchre.exe`, `euchre`: each rule set's `Course::program_file`), else
/// its only executable file.
pub fn find_program(dir: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    // A submission's files are data: a link (to another student's program,
    // or out of the class) is not followed, and says so.
    if data::is_link(dir) {
        return Err(data::link_refused(dir));
    }
    let files = upcard_rules::courses::COURSES
        .iter()
        .filter(|c| c.has_program())
        .map(|c| c.program_file());
    for name in files {
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
