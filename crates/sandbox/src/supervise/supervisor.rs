//! A supervisor of runs: each program started in the sandbox (unless the
//! user trusts it), in an empty run directory of its own, and watched to
//! its ending within its limits. Grading, builds, unit tests and the ADT
//! harness all run their programs through one.

use std::path::PathBuf;
use std::time::Duration;

use super::workspace::{Lease, Workspace};
use super::{Ending, Error, Limits, Run, watch};
use crate::Program;

/// Whether untrusted programs run in the sandbox (the default), and which
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
    /// The sandbox (its helper is this very program), unless `on` is false
    /// (`--no-sandbox`).
    pub fn when(on: bool) -> Result<Sandboxing, Error> {
        if !on {
            return Ok(Sandboxing::Off);
        }
        let helper = std::env::current_exe().map_err(Error::NoSelf)?;
        Ok(Sandboxing::On { helper })
    }
}

/// One program's run: what it is, the files it finds beside it (name,
/// text), its whole standard input, the file to collect from its
/// directory once it ends (a build's program), and its limits.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    pub program: Program<'a>,
    pub files: &'a [(String, String)],
    pub input: &'a [u8],
    pub collect: Option<&'a str>,
    pub limits: Limits,
}

impl<'a> Job<'a> {
    /// `program` with no files and no input, within `limits`.
    pub fn new(program: Program<'a>, limits: Limits) -> Job<'a> {
        Job {
            program,
            files: &[],
            input: b"",
            collect: None,
            limits,
        }
    }
}

/// How the sandbox holds on this machine.
#[cfg(target_os = "linux")]
type Settings = crate::Settings;
#[cfg(not(target_os = "linux"))]
type Settings = ();

/// Runs programs to their endings; its run directories (and the sandbox
/// helpers that serve them) go when it is dropped.
pub struct Supervisor {
    dirs: Workspace,
    sandbox: Option<Settings>,
    /// What the sandbox cannot do on this machine, one line each.
    notes: Vec<String>,
}

impl Supervisor {
    /// A supervisor whose runs may use at most `limits`' memory, processes
    /// and disk; with the sandbox on, its first helper is started here, so
    /// that a machine that allows no sandbox is refused before any run.
    pub fn new(limits: Limits, sandboxing: Sandboxing) -> Result<Supervisor, Error> {
        let mut s = Supervisor {
            dirs: Workspace::new().map_err(Error::Workspace)?,
            sandbox: None,
            notes: Vec::new(),
        };
        if let Sandboxing::On { helper } = sandboxing {
            s.start_sandbox(helper, limits)?;
        }
        Ok(s)
    }

    /// What the sandbox cannot do on this machine, one line each, to tell
    /// the user once.
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// An empty run directory, to write files into before [`Supervisor::run_in`].
    pub fn lease(&self) -> std::io::Result<Lease<'_>> {
        self.dirs.lease()
    }

    #[cfg(not(target_os = "linux"))]
    fn start_sandbox(&mut self, _helper: PathBuf, _limits: Limits) -> Result<(), Error> {
        Err(Error::NotLinux {
            whom: "student programs",
        })
    }

    #[cfg(target_os = "linux")]
    fn start_sandbox(&mut self, helper: PathBuf, limits: Limits) -> Result<(), Error> {
        let mut settings = crate::Settings {
            helper,
            mode: crate::Mode::Namespaces,
            memory: limits.memory,
            processes: limits.processes,
            disk: limits.disk,
            // A student's program may use the machine's CPUs as it would
            // at home (a build's compiler runs, a program's threads).
            cpus: 0,
        };
        let mut lease = self.dirs.lease().map_err(Error::Workspace)?;
        let (h, fell_back) = crate::start_first(&mut settings, lease.path(), &lease.jail())
            .map_err(|why| Error::NoSandbox {
                whom: "student programs",
                why,
            })?;
        if let Some(no_ns) = fell_back {
            self.notes.push(format!(
                "no namespaces for the sandbox ({no_ns}): programs are confined by \
                 Landlock only (a daemon a program starts can outlive its run)"
            ));
        }
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

    /// Runs `job` in a run directory of its own.
    pub fn run(&self, job: Job) -> Run {
        match self.dirs.lease() {
            Ok(mut dir) => self.run_in(&mut dir, job),
            Err(e) => not_run(format!("cannot make a directory to run in: {e}")),
        }
    }

    /// Runs `job` in `dir` with its files beside it: written into the run
    /// directory, or, in the sandbox, handed to PID 1 with the run (it
    /// writes them where the program runs, and nothing touches the
    /// grader's disk).
    pub fn run_in(&self, dir: &mut Lease, job: Job) -> Run {
        // A message to PID 1 holds at most 64 KiB: larger files go through
        // the run directory, as a build's sources do.
        let inline = cfg!(target_os = "linux")
            && self.sandbox.is_some()
            && job
                .files
                .iter()
                .map(|(n, t)| n.len() + t.len())
                .sum::<usize>()
                <= 16 << 10;
        if !inline {
            for (name, text) in job.files {
                if let Err(e) = dir.write(name, text) {
                    return not_run(format!("cannot write {name}: {e}"));
                }
            }
        }
        #[cfg(target_os = "linux")]
        if let Some(settings) = &self.sandbox {
            if dir.helper.as_ref().is_none_or(|h| !h.usable()) {
                dir.helper = None;
                match crate::Helper::start(settings, dir.path(), &dir.jail()) {
                    Ok(h) => dir.helper = Some(h),
                    Err(e) => return not_run(format!("the sandbox: {e}")),
                }
            }
            let files = if inline { job.files } else { &[] };
            let copy_dir = dir.written();
            let helper = dir.helper.as_mut().expect("started above");
            let job = Job { files, ..job };
            return watch::run_sandboxed(helper, job, copy_dir);
        }
        watch::run(job.program, dir.path(), job.input, job.limits)
    }
}

fn not_run(why: String) -> Run {
    Run {
        stdout: Vec::new(),
        stderr: Vec::new(),
        ending: Ending::NotStarted(why),
        time: Duration::ZERO,
    }
}
