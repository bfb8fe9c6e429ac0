//! How a seat's program is started: in the sandbox (the default), or with
//! the user's own rights (`--no-sandbox`), and the process that results.
//!
//! In the sandbox the program sees a copy of its own folder's files as
//! /work (the folder of the first word of the command line that names a
//! file outside the system's directories: `./bots/mine/bot`, or
//! `python3 bots/mine/bot.py`'s script), the system's programs and
//! libraries read-only, nothing else of the machine, no network; its
//! memory, processes and writes are bounded; and when the seat is done
//! with it, it and everything it started are killed. Each seat has a
//! sandbox of its own, so two bots at a table cannot see each other.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::echo::{Echo, Notice};

/// How the programs at a table's seats are started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// None: with the user's rights (`--no-sandbox`), only for programs one trusts.
    pub sandbox: Option<SeatSandbox>,
    /// Who is told as they happen what a program writes on its standard
    /// error and its faults (play, arena); with none they are only kept for
    /// the report (the tournament: its faults, and its standard error's
    /// last lines).
    pub echo: Echo,
}

/// The limits of one seat's program, all its processes together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSandbox {
    /// The upcard binary, which runs as the sandbox's helper.
    pub helper: PathBuf,
    pub memory: u64,
    pub processes: u32,
    /// Bytes it may write in all (/work, /tmp, /dev/shm).
    pub disk: u64,
}

impl Launch {
    /// With the user's rights, nothing said as it happens: what a library
    /// caller gets unless it asks for the sandbox.
    pub const TRUSTED: Launch = Launch {
        sandbox: None,
        echo: Echo::NONE,
    };

    /// The sandbox with its default limits (512 MiB, 32 processes, 64 MiB
    /// written), its helper being this very program (upcard).
    pub fn sandboxed(echo: Echo) -> Result<Launch, String> {
        let helper = std::env::current_exe()
            .map_err(|e| format!("cannot find upcard itself for the sandbox: {e}"))?;
        Ok(Launch {
            sandbox: Some(SeatSandbox {
                helper,
                memory: 512 << 20,
                processes: 32,
                disk: 64 << 20,
            }),
            echo,
        })
    }

    /// The sandbox unless `trusted` (`--no-sandbox`).
    pub fn choose(trusted: bool, echo: Echo) -> Result<Launch, String> {
        if trusted {
            Ok(Launch {
                sandbox: None,
                echo,
            })
        } else {
            Launch::sandboxed(echo)
        }
    }
}

/// The most of a program's standard error kept for its report.
pub const STDERR_TAIL: usize = 2048;

/// A started program: its pipes and the handle that ends it.
pub(super) struct Started {
    pub process: Process,
    pub stdin: File,
    pub stdout: File,
    pub stderr: StderrTail,
}

/// The last [`STDERR_TAIL`] bytes a program wrote on its standard error,
/// read by a thread of their own.
pub(super) struct StderrTail {
    tail: Arc<Mutex<Vec<u8>>>,
    done: Receiver<()>,
}

impl StderrTail {
    fn read(mut from: File, echo: Echo) -> StderrTail {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (tx, done) = channel();
        let keep = tail.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Echoed a whole line at a time, made printable: a program's
            // escape sequences never reach the terminal.
            let mut line = Vec::new();
            while let Ok(n @ 1..) = from.read(&mut buf) {
                if echo.is_on() {
                    line.extend_from_slice(&buf[..n]);
                    echo_lines(&mut line, false, &echo);
                }
                let mut t = keep.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&buf[..n]);
                let extra = t.len().saturating_sub(STDERR_TAIL);
                t.drain(..extra);
            }
            if echo.is_on() {
                echo_lines(&mut line, true, &echo);
            }
            let _ = tx.send(());
        });
        StderrTail { tail, done }
    }

    /// What it wrote last, as printable text; waits up to `wait` for the
    /// pipe to close (call it once the program and everything it started
    /// have ended).
    pub fn text(&self, wait: Duration) -> String {
        let _ = self.done.recv_timeout(wait);
        let t = self.tail.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&t);
        // A cut at the front may split a character or a line: start at a line.
        let text = match text.find('\n') {
            Some(i) if t.len() >= STDERR_TAIL && i + 1 < text.len() => &text[i + 1..],
            _ => &text,
        };
        upcard_parse::escape::printable(text.trim_end())
    }
}

/// Tells `echo` the whole lines of `pending` (all of it at the end, or when
/// a line grows past a screenful), made printable.
fn echo_lines(pending: &mut Vec<u8>, end: bool, echo: &Echo) {
    let cut = if end || pending.len() > 4096 {
        pending.len()
    } else {
        match pending.iter().rposition(|&b| b == b'\n') {
            Some(i) => i + 1,
            None => return,
        }
    };
    if cut == 0 {
        return;
    }
    let text = String::from_utf8_lossy(&pending[..cut]).into_owned();
    let mut shown = upcard_parse::escape::printable(&text);
    if !shown.ends_with('\n') {
        shown.push('\n');
    }
    echo.say(Notice::Stderr(&shown));
    pending.drain(..cut);
}

/// A seat's running program.
pub(super) enum Process {
    /// In a process group of its own.
    Direct(Child),
    /// In a sandbox of its own (the temporary folder its files were copied
    /// to goes after the sandbox does: fields drop in order).
    #[cfg(target_os = "linux")]
    Sandboxed {
        run: Box<upcard_sandbox::Sandboxed<upcard_sandbox::Helper>>,
        _files: SeatFiles,
    },
}

impl Process {
    /// Whether it has ended.
    pub fn ended(&mut self) -> bool {
        match self {
            Process::Direct(c) => !matches!(c.try_wait(), Ok(None)),
            #[cfg(target_os = "linux")]
            Process::Sandboxed { run, .. } => !matches!(run.try_wait(), Ok(None)),
        }
    }

    /// Ends it and everything it started.
    pub fn stop(&mut self) {
        match self {
            Process::Direct(c) => {
                // The group's id is the program's.
                let group = i32::try_from(c.id()).ok();
                if let Some(pid) = group {
                    // SAFETY: kill(2) with a negative pid signals that process group.
                    unsafe {
                        libc::kill(-pid, libc::SIGKILL);
                    }
                }
                let _ = c.kill();
                let _ = c.wait();
                // A signal is delivered, not waited for: until the group has
                // no running member (a second at most), what the program
                // started may still be running.
                if let Some(pid) = group {
                    let deadline = Instant::now() + Duration::from_secs(1);
                    while group_runs(pid) && Instant::now() < deadline {
                        std::thread::sleep(Duration::from_millis(2));
                    }
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

/// Starts `words` (a program and its arguments) as `launch` says.
pub(super) fn start(words: &[String], launch: &Launch) -> Result<Started, String> {
    match &launch.sandbox {
        None => direct(words, launch.echo.clone()),
        Some(s) => sandboxed(words, s, launch.echo.clone()),
    }
}

fn direct(words: &[String], echo: Echo) -> Result<Started, String> {
    use std::os::fd::OwnedFd;
    use std::os::unix::process::CommandExt;
    let mut child = Command::new(&words[0])
        .args(&words[1..])
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let stdin = child.stdin.take().ok_or("no standard input")?;
    let stdout = child.stdout.take().ok_or("no standard output")?;
    let stderr = child.stderr.take().ok_or("no standard error")?;
    Ok(Started {
        process: Process::Direct(child),
        stdin: File::from(OwnedFd::from(stdin)),
        stdout: File::from(OwnedFd::from(stdout)),
        stderr: StderrTail::read(File::from(OwnedFd::from(stderr)), echo),
    })
}

#[cfg(not(target_os = "linux"))]
fn sandboxed(_: &[String], _: &SeatSandbox, _: Echo) -> Result<Started, String> {
    Err(
        "the sandbox for programs at a seat needs Linux (namespaces or Landlock); \
         --no-sandbox runs them without one, only for programs you trust"
            .into(),
    )
}

#[cfg(target_os = "linux")]
fn sandboxed(words: &[String], s: &SeatSandbox, echo: Echo) -> Result<Started, String> {
    let exe = find_program(&words[0])?;
    let folder = own_folder(words);
    // Removed by the signal handler too, if the process is stopped.
    let dir = upcard_sandbox::cleanup::make_tracked(|| {
        tempfile::Builder::new().prefix("upcard-seat-").tempdir()
    })
    .map_err(|e| format!("cannot make a folder for its sandbox: {e}"))?;
    let dir = SeatFiles(dir);
    let work = dir.path().join("work");
    std::fs::create_dir(&work).map_err(|e| format!("{}: {e}", work.display()))?;
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
    let mut settings = upcard_sandbox::Settings {
        helper: s.helper.clone(),
        mode: upcard_sandbox::Mode::Namespaces,
        memory: s.memory,
        processes: s.processes,
        disk: s.disk,
        // One CPU a seat: a bot spinning processes between its answers
        // spends its own CPU, never its opponents' time to answer.
        cpus: 1,
    };
    let (helper, _) = upcard_sandbox::start_first(&mut settings, &work, &dir.path().join("jail"))
        .map_err(|why| {
        format!(
            "this machine allows no sandbox for it ({why}); --no-sandbox runs programs \
                 at seats without one, only for programs you trust"
        )
    })?;
    let address_space = helper.address_space(s.memory);
    let program = upcard_sandbox::Program {
        exe: &exe,
        argv0: &argv0,
        args: &args,
        env: &[],
    };
    let mut run = helper
        .spawn_owned(&program, address_space)
        .map_err(|e| format!("{}: {e}", exe.display()))?;
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (run.stdin.take(), run.stdout.take(), run.stderr.take())
    else {
        return Err("the sandbox gave no pipes".into());
    };
    Ok(Started {
        process: Process::Sandboxed {
            run: Box::new(run),
            _files: dir,
        },
        stdin,
        stdout,
        stderr: StderrTail::read(stderr, echo),
    })
}

/// The program's file: a path as given, else found on `PATH` as a shell
/// would, among the folders of `PATH` the sandbox shows (the system's: a
/// `python3` of pyenv's or conda's, in the user's home, is not there).
#[cfg(target_os = "linux")]
fn find_program(word: &str) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    if word.contains('/') {
        let p = PathBuf::from(word);
        return if p.metadata().is_ok_and(|m| m.is_file()) {
            Ok(p)
        } else {
            Err(format!("{word}: no such file"))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .filter(|d| shown(d))
        .map(|d| d.join(word))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .ok_or_else(|| {
            format!(
                "{word}: not found in the system's folders on PATH, the only ones the sandbox \
                 shows ({}); give its path, or --no-sandbox for a program you trust",
                upcard_sandbox::SYSTEM_DIRS.join(", ")
            )
        })
}

#[cfg(target_os = "linux")]
fn shown(p: &Path) -> bool {
    let p = p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    upcard_sandbox::SYSTEM_DIRS.iter().any(|d| p.starts_with(d))
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

/// A seat's temporary folder, removed with the seat (or by the signal
/// handler: `upcard_sandbox::cleanup`).
#[cfg(target_os = "linux")]
pub(super) struct SeatFiles(tempfile::TempDir);

#[cfg(target_os = "linux")]
impl SeatFiles {
    fn path(&self) -> &Path {
        self.0.path()
    }
}

#[cfg(target_os = "linux")]
impl Drop for SeatFiles {
    // Removed first, forgotten after: forgotten first, a signal's handler
    // could exit while the folder was half removed, and leave the rest.
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0.path());
        upcard_sandbox::cleanup::forget(self.0.path());
    }
}

/// What a bot's folder may hold to be copied for a seat: files, bytes in
/// all (by their sizes as listed: a sparse file counts whole, and is not
/// written out), and bytes a file.
const MAX_FILES: usize = 1000;
const MAX_BYTES: u64 = 256 << 20;
const MAX_FILE: u64 = 64 << 20;

/// Copies the regular files of `from` (not its folders, not what its links
/// point to) into `to`, within the bounds above; a folder past them is the
/// seat's fault, said with the file.
#[cfg(target_os = "linux")]
fn copy_files(from: &Path, to: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
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
            return Err(format!(
                "its folder {} is too large to copy for a seat ({} is {} bytes): at most \
                 {MAX_FILES} files of {} MiB each, {} MiB in all",
                from.display(),
                e.file_name().to_string_lossy(),
                meta.len(),
                MAX_FILE >> 20,
                MAX_BYTES >> 20
            ));
        }
        std::fs::copy(e.path(), to.join(e.file_name()))
            .map_err(|err| format!("cannot copy {}: {err}", e.path().display()))?;
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
