//! Running the upcard binary from the integration tests.

// Each test crate uses the part it needs.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// Installs what the tests need beyond a Rust toolchain (a C and C++
/// compiler, Chromium, Node.js, Python's venv) when it is missing, once a
/// run: tests/system-packages.sh, which .ci/run also runs up front.
pub fn system_packages() {
    static READY: OnceLock<Result<(), String>> = OnceLock::new();
    let ready = READY.get_or_init(|| {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/system-packages.sh");
        let out = Command::new("bash")
            .arg(&script)
            .output()
            .map_err(|e| format!("{}: {e}", script.display()))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    });
    if let Err(e) = ready {
        panic!("the tests' system packages are missing and could not be installed:\n{e}");
    }
}

/// Runs `upcard ARGS` in `dir` with `stdin` as its whole input. NO_COLOR is
/// removed so every test sees the same (plain, not a terminal) output.
pub fn upcard(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    system_packages();
    let mut child = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that stops reading early closes the pipe; that is not a failure here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Exit code and both outputs as text.
pub struct Out {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
}

/// Runs `upcard ARGS` in `dir` with no input and these environment variables.
pub fn upcard_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Out {
    system_packages();
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    Out {
        code: o.status.code(),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    }
}

pub fn upcard_text(dir: &Path, args: &[&str], stdin: &str) -> Out {
    let o = upcard(dir, args, stdin.as_bytes());
    Out {
        code: o.status.code(),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    }
}

/// The pids of live processes running the program `exe` (zombies excluded),
/// from /proc: sandboxed programs have pids of their own inside, but the
/// machine sees them all.
/// In the sandbox a program runs from the helper's copy of its file (a
/// memory file named `program`), so a copy with the same bytes counts too.
pub fn running(exe: &Path) -> Vec<i32> {
    let want = exe.canonicalize().unwrap_or_else(|_| exe.to_path_buf());
    let bytes = std::fs::read(&want).unwrap_or_default();
    let runs = |link: &Path| {
        let p = link.read_link().unwrap_or_default();
        p == want
            || (p.to_string_lossy().starts_with("/memfd:program")
                && std::fs::read(link).is_ok_and(|b| b == bytes))
    };
    let mut pids = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        if runs(&e.path().join("exe")) {
            let stat = std::fs::read_to_string(e.path().join("stat")).unwrap_or_default();
            let state = stat.rsplit_once(") ").map(|(_, r)| &r[..1]);
            if !matches!(state, None | Some("Z")) {
                pids.push(pid);
            }
        }
    }
    pids
}

/// Whether no process runs `exe` any more, within two seconds.
pub fn none_running(exe: &Path) -> bool {
    for _ in 0..200 {
        if running(exe).is_empty() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    false
}

/// Starts `upcard grade --exe EXE SCENARIO --timeout 60` and returns it once
/// `count` processes run `exe` (or None if they never do).
pub fn grading_until_running(
    exe: &Path,
    scenario: &str,
    count: usize,
) -> Option<std::process::Child> {
    let mut grader = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args([
            "grade",
            "--exe",
            exe.to_str().unwrap(),
            scenario,
            "--timeout",
            "60",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for _ in 0..1000 {
        if running(exe).len() == count {
            return Some(grader);
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let _ = grader.kill();
    let _ = grader.wait();
    None
}

/// `bytes` as a C string literal.
pub fn c_string(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for b in bytes {
        s.push_str(&format!("\\x{b:02x}"));
    }
    s.push('"');
    s
}

/// Writes C source `text` to `src` and compiles it into `exe` with `cc -O1`.
pub fn compile_c(src: &Path, text: &str, exe: &Path) {
    system_packages();
    std::fs::write(src, text).unwrap();
    let st = Command::new("cc")
        .arg("-O1")
        .arg("-o")
        .arg(exe)
        .arg(src)
        .status()
        .expect("a C compiler (cc)");
    assert!(st.success());
}

/// The run root of the grader with process id `pid` (in this user's folder
/// under the temporary directory), if it is there.
pub fn grader_root(pid: u32) -> Option<std::path::PathBuf> {
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    let prefix = format!("upcard-grade-{pid}-");
    std::fs::read_dir(std::env::temp_dir().join(format!("upcard-{uid}")))
        .ok()?
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| e.path())
}

/// `upcard autograder init --platform P --rules R`'s words.
pub fn init_args<'a>(platform: &'a str, rules: &'a str) -> [&'a str; 6] {
    [
        "autograder",
        "init",
        "--platform",
        platform,
        "--rules",
        rules,
    ]
}

/// `upcard ARGS` started in a pseudo-terminal of `cols` × `rows` (TERM set,
/// run in the checkout): the program and the terminal's end.
pub fn in_a_pty(
    args: &[&str],
    cols: u16,
    rows: u16,
) -> (
    Box<dyn portable_pty::Child + Send + Sync>,
    Box<dyn portable_pty::MasterPty + Send>,
) {
    use portable_pty::{CommandBuilder, PtySize, native_pty_system};
    let pair = native_pty_system()
        .openpty(PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_upcard"));
    cmd.args(args);
    cmd.env("TERM", "xterm-256color");
    cmd.cwd(env!("CARGO_MANIFEST_DIR"));
    let child = pair.slave.spawn_command(cmd).unwrap();
    drop(pair.slave);
    (child, pair.master)
}

/// autograder.io's sandbox for a suite: the project's first suite, its
/// instructor files copied into `sandbox` as the platform lays them out.
pub fn autograder_io_sandbox(project: &Path, sandbox: &Path) -> serde_yaml::Value {
    let y: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(project.join("agproject.yml")).unwrap())
            .unwrap();
    let suite = y["project"]["test_suites"][0].clone();
    std::fs::create_dir_all(sandbox).unwrap();
    for f in suite["instructor_files_needed"].as_sequence().unwrap() {
        let f = f.as_str().unwrap();
        std::fs::copy(project.join(f), sandbox.join(f)).unwrap();
    }
    suite
}

/// The steps of a generated GitHub Classroom workflow in `repo`.
pub fn classroom_steps(repo: &Path) -> Vec<serde_yaml::Value> {
    let text = std::fs::read_to_string(repo.join(".github/workflows/classroom.yml")).unwrap();
    let w: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap()
        .clone()
}
