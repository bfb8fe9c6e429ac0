//! A program started to talk with (a bot's program at a seat): its pipes
//! left to the caller, and ended, with everything it started, when the
//! caller is done with it.
//!
//! In the sandbox the program sees a copy of its own folder's files as
//! /work (the folder of the first word of the command line that names a
//! file outside the system's directories: `./bots/mine/bot`, or
//! `python3 bots/mine/bot.py`'s script), the system's programs and
//! libraries read-only, nothing else of the machine, no network; its
//! memory, processes, CPU and writes are bounded. Each program has a
//! sandbox of its own, so two programs started so cannot see each other.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::Error;
use super::spawn::{Spawned, spawn};

/// The limits of one interactive program, all its processes together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confinement {
    /// The upcard binary, which runs as the sandbox's helper.
    pub helper: PathBuf,
    pub memory: u64,
    pub processes: u32,
    /// Bytes it may write in all (/work, /tmp, /dev/shm).
    pub disk: u64,
}

impl Confinement {
    /// The default limits (512 MiB, 32 processes, 64 MiB written), the
    /// helper being this very program (upcard).
    pub fn standard() -> Result<Confinement, Error> {
        Ok(Confinement {
            helper: std::env::current_exe().map_err(Error::NoSelf)?,
            memory: 512 << 20,
            processes: 32,
            disk: 64 << 20,
        })
    }
}

/// A started program: the caller's ends of its pipes (to take), and the
/// handle that ends it (dropped, it is ended too).
pub struct Interactive {
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
    process: Process,
}

enum Process {
    /// In a process group of its own.
    Direct(Spawned),
    /// In a sandbox of its own (the temporary folder its files were copied
    /// to goes after the sandbox does: fields drop in order).
    #[cfg(target_os = "linux")]
    Sandboxed {
        run: Box<crate::Sandboxed<crate::Helper>>,
        _files: Files,
    },
}

impl Interactive {
    /// Starts `words` (a program and its arguments): in a sandbox of its
    /// own with `confined`'s limits, or, given none, with the user's rights.
    pub fn start(words: &[String], confined: Option<&Confinement>) -> Result<Interactive, Error> {
        if words.is_empty() {
            return Err(Error::Program("no program to start".into()));
        }
        match confined {
            None => direct(words),
            Some(c) => sandboxed(words, c),
        }
    }

    /// Whether it has ended.
    pub fn ended(&mut self) -> bool {
        match &mut self.process {
            Process::Direct(c) => !matches!(c.try_wait(), Ok(None)),
            #[cfg(target_os = "linux")]
            Process::Sandboxed { run, .. } => !matches!(run.try_wait(), Ok(None)),
        }
    }

    /// Stops it and everything it started from running (`true`) until it
    /// is let go on (`false`): in the sandbox its control group frozen,
    /// without, its process group stopped (SIGSTOP, SIGCONT). Whether it
    /// could be.
    pub fn pause(&mut self, paused: bool) -> bool {
        match &mut self.process {
            Process::Direct(c) => {
                let signal = if paused { libc::SIGSTOP } else { libc::SIGCONT };
                // SAFETY: kill(2) on this unreaped child's process group.
                unsafe { libc::kill(-(c.pid as libc::pid_t), signal) == 0 }
            }
            #[cfg(target_os = "linux")]
            Process::Sandboxed { run, .. } => run.freeze(paused),
        }
    }

    /// The CPU time it and everything it started have used, where the
    /// kernel counts it (in the sandbox, its control group's account).
    pub fn cpu_time(&mut self) -> Option<Duration> {
        match &mut self.process {
            Process::Direct(_) => None,
            #[cfg(target_os = "linux")]
            Process::Sandboxed { run, .. } => run.cpu_time(),
        }
    }

    /// Ends it and everything it started (let go on first: a frozen
    /// helper could not hear the end).
    pub fn stop(&mut self) {
        self.pause(false);
        match &mut self.process {
            Process::Direct(c) => {
                let group = c.pid as libc::pid_t;
                // SAFETY: kill(2) with a negative pid signals that process
                // group, this unreaped child's (so its id is not reused).
                unsafe {
                    libc::kill(-group, libc::SIGKILL);
                }
                let _ = c.wait();
                // A signal is delivered, not waited for: until the group has
                // no running member (a second at most), what the program
                // started may still be running.
                let deadline = Instant::now() + Duration::from_secs(1);
                while group_runs(group) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            #[cfg(target_os = "linux")]
            Process::Sandboxed { run, .. } => {
                // The helper answers once everything the program started is gone.
                run.kill();
                let _ = run.wait();
            }
        }
    }
}

fn direct(words: &[String]) -> Result<Interactive, Error> {
    let exe = find_program(&words[0], false)?;
    let here = std::env::current_dir().map_err(|e| Error::Program(e.to_string()))?;
    let mut child = spawn(&exe, &words[0], &words[1..], &[], &here, 0)
        .map_err(|e| Error::Program(e.to_string()))?;
    Ok(Interactive {
        stdin: child.stdin.take(),
        stdout: child.stdout.take(),
        stderr: child.stderr.take(),
        process: Process::Direct(child),
    })
}

#[cfg(not(target_os = "linux"))]
fn sandboxed(_: &[String], _: &Confinement) -> Result<Interactive, Error> {
    Err(Error::NotLinux {
        whom: "programs at a seat",
    })
}

#[cfg(target_os = "linux")]
fn sandboxed(words: &[String], c: &Confinement) -> Result<Interactive, Error> {
    let exe = find_program(&words[0], true)?;
    let folder = own_folder(words);
    // Removed by the signal handler too, if the process is stopped.
    let dir =
        crate::cleanup::make_tracked(|| tempfile::Builder::new().prefix("upcard-seat-").tempdir())
            .map_err(|e| Error::Program(format!("cannot make a folder for its sandbox: {e}")))?;
    let dir = Files(dir);
    let work = dir.path().join("work");
    std::fs::create_dir(&work).map_err(|e| Error::Program(format!("{}: {e}", work.display())))?;
    if let Some(f) = &folder {
        copy_files(f, &work)?;
    }
    // Paths to its own files become their names: it runs in /work.
    let args: Vec<String> = words[1..]
        .iter()
        .map(|w| in_folder(Path::new(w), folder.as_deref()).unwrap_or_else(|| w.clone()))
        .collect();
    let argv0 = exe
        .file_name()
        .map_or_else(|| words[0].clone(), |n| n.to_string_lossy().into_owned());
    let mut settings = crate::Settings {
        helper: c.helper.clone(),
        mode: crate::Mode::Namespaces,
        memory: c.memory,
        processes: c.processes,
        disk: c.disk,
        // One CPU a program: a bot spinning processes between its answers
        // spends its own CPU, never its opponents' time to answer.
        cpus: 1,
    };
    let (helper, _) =
        crate::start_first(&mut settings, &work, &dir.path().join("jail")).map_err(|why| {
            Error::NoSandbox {
                whom: "programs at a seat",
                why,
            }
        })?;
    let address_space = helper.address_space(c.memory);
    let program = crate::Program {
        exe: &exe,
        argv0: &argv0,
        args: &args,
        env: &[],
    };
    let mut run = helper
        .spawn_owned(&program, address_space)
        .map_err(|e| Error::Program(format!("{}: {e}", exe.display())))?;
    Ok(Interactive {
        stdin: run.stdin.take(),
        stdout: run.stdout.take(),
        stderr: run.stderr.take(),
        process: Process::Sandboxed {
            run: Box::new(run),
            _files: dir,
        },
    })
}

/// The program's file: a path as given, else found on `PATH` as a shell
/// would; for the sandbox, only among the folders of `PATH` it shows (the
/// system's: a `python3` of pyenv's or conda's, in the user's home, is not
/// there).
fn find_program(word: &str, sandboxed: bool) -> Result<PathBuf, Error> {
    use std::os::unix::fs::PermissionsExt;
    if word.contains('/') {
        let p = PathBuf::from(word);
        return if p.metadata().is_ok_and(|m| m.is_file()) {
            Ok(p)
        } else {
            Err(Error::Program(format!("{word}: no such file")))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|d| !sandboxed || shown(d))
        .map(|d| d.join(word))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .ok_or_else(|| {
            Error::Program(if sandboxed {
                format!(
                    "{word}: not found in the system's folders on PATH, the only ones the \
                     sandbox shows ({}); give its path, or --no-sandbox for a program you trust",
                    SYSTEM_DIRS.join(", ")
                )
            } else {
                format!("{word}: not found on PATH")
            })
        })
}

#[cfg(target_os = "linux")]
use crate::SYSTEM_DIRS;
#[cfg(not(target_os = "linux"))]
const SYSTEM_DIRS: [&str; 0] = [];

fn shown(p: &Path) -> bool {
    let p = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    SYSTEM_DIRS.iter().any(|d| p.starts_with(d))
}

/// The folder whose files the program gets: that of the first word naming
/// a file outside the system's folders (the program given by its path, or
/// for an interpreter its script).
#[cfg(target_os = "linux")]
fn own_folder(words: &[String]) -> Option<PathBuf> {
    // A program named without a '/' is looked up on PATH, not here.
    let program = words.first().filter(|w| w.contains('/'));
    program
        .into_iter()
        .chain(&words[1..])
        .map(PathBuf::from)
        .filter(|p| p.metadata().is_ok_and(|m| m.is_file()) && !shown(p))
        .find_map(|p| p.canonicalize().ok())
        .and_then(|p| p.parent().map(Path::to_path_buf))
}

/// `p`'s file name when it names a file directly in `folder`.
#[cfg(target_os = "linux")]
fn in_folder(p: &Path, folder: Option<&Path>) -> Option<String> {
    let c = p.canonicalize().ok()?;
    (c.parent() == Some(folder?) && c.is_file())
        .then(|| c.file_name().map(|n| n.to_string_lossy().into_owned()))
        .flatten()
}

/// A program's temporary folder, removed with it (or by the signal
/// handler: `crate::cleanup`).
#[cfg(target_os = "linux")]
struct Files(tempfile::TempDir);

#[cfg(target_os = "linux")]
impl Files {
    fn path(&self) -> &Path {
        self.0.path()
    }
}

#[cfg(target_os = "linux")]
impl Drop for Files {
    // Removed first, forgotten after: forgotten first, a signal's handler
    // could exit while the folder was half removed, and leave the rest.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0.path());
        crate::cleanup::forget(self.0.path());
    }
}

/// What a bot's folder may hold to be copied for it: files, bytes in all
/// (by their sizes as listed: a sparse file counts whole, and is not
/// written out), and bytes a file.
const MAX_FILES: usize = 1000;
const MAX_BYTES: u64 = 256 << 20;
const MAX_FILE: u64 = 64 << 20;

/// Copies the regular files of `from` (not its folders, not what its links
/// point to) into `to`, within the bounds above; a folder past them is the
/// program's fault, said with the file.
#[cfg(target_os = "linux")]
fn copy_files(from: &Path, to: &Path) -> Result<(), Error> {
    let entries =
        std::fs::read_dir(from).map_err(|e| Error::Program(format!("{}: {e}", from.display())))?;
    let (mut files, mut total) = (0usize, 0u64);
    for e in entries.flatten() {
        let Ok(meta) = e.path().symlink_metadata() else {
            continue;
        };
        if !meta.file_type().is_file() {
            continue;
        }
        files += 1;
        total += meta.len();
        if meta.len() > MAX_FILE || files > MAX_FILES || total > MAX_BYTES {
            return Err(Error::Program(format!(
                "its folder {} is too large to copy for a seat ({} is {} bytes): at most \
                 {MAX_FILES} files of {} MiB each, {} MiB in all",
                from.display(),
                e.file_name().to_string_lossy(),
                meta.len(),
                MAX_FILE >> 20,
                MAX_BYTES >> 20
            )));
        }
        std::fs::copy(e.path(), to.join(e.file_name()))
            .map_err(|err| Error::Program(format!("cannot copy {}: {err}", e.path().display())))?;
    }
    Ok(())
}

/// Whether process group `pgid` has a member that is not a zombie.
#[cfg(target_os = "linux")]
fn group_runs(pgid: i32) -> bool {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return false;
    };
    procs.flatten().any(|e| {
        let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
        // After the command's ")": state, parent, group.
        let mut fields = stat.rsplit_once(')').map_or("", |x| x.1).split_whitespace();
        let state = fields.next();
        let group = fields.nth(1).and_then(|g| g.parse::<i32>().ok());
        group == Some(pgid) && state.is_some_and(|s| s != "Z")
    })
}

/// Whether process group `pgid` has a member (zombies too, elsewhere).
#[cfg(not(target_os = "linux"))]
fn group_runs(pgid: i32) -> bool {
    // SAFETY: signal 0 only asks whether the group has members.
    unsafe { libc::kill(-pgid, 0) == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Write};

    fn sh(script: &str) -> Vec<String> {
        vec!["sh".into(), "-c".into(), script.into()]
    }

    #[test]
    fn a_direct_program_talks_sees_its_input_end_and_is_stopped_with_what_it_started() {
        let mut p =
            Interactive::start(&sh("sleep 300 & echo $!; read x; echo got $x; cat"), None).unwrap();
        let mut out = BufReader::new(p.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let sleeper: i32 = line.trim().parse().unwrap();
        let mut input = p.stdin.take().unwrap();
        writeln!(input, "hello").unwrap();
        line.clear();
        out.read_line(&mut line).unwrap();
        assert_eq!(line, "got hello\n");
        assert!(!p.ended());
        // Its input closed, `cat` ends, and with it the shell.
        drop(input);
        let deadline = Instant::now() + Duration::from_secs(10);
        while !p.ended() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(p.ended());
        // What it started in the background is still there until stopped.
        assert!(std::path::Path::new(&format!("/proc/{sleeper}")).exists());
        p.stop();
        let stat = std::fs::read_to_string(format!("/proc/{sleeper}/stat")).unwrap_or_default();
        let state = stat
            .rsplit_once(')')
            .map(|x| x.1.trim_start().chars().next());
        assert!(matches!(state, None | Some(Some('Z'))), "{stat}");
    }

    #[test]
    fn a_program_that_cannot_be_found_says_so() {
        let e = Interactive::start(&["no-such-program-upcard".into()], None)
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "no-such-program-upcard: not found on PATH");
        let e = Interactive::start(&["./no/such/bot".into()], None)
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "./no/such/bot: no such file");
        assert_eq!(
            Interactive::start(&[], None).err().unwrap().to_string(),
            "no program to start"
        );
    }
}
