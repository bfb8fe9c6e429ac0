//! How a command's output and the process end: its output written whole (a
//! closed pipe ends it quietly), a failure's message on standard error after
//! everything it printed, and the exit status of its kind. Both binaries'
//! (`upcard` and `upcard-course`), so the two say the same.

use std::io::Write;

use upcard::Failure;

/// Writes a command's whole output; a closed pipe (`… | head`) ends quietly.
pub fn write_out(stdout: &mut dyn Write, bytes: &[u8]) -> Result<(), Failure> {
    match stdout.write_all(bytes).and_then(|_| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            Err(Failure::said(upcard::FailureKind::Stopped))
        }
        Err(e) => Err(Failure::input(format!("writing: {e}"))),
    }
}

/// The exit status of each way a command fails: 2 for bad usage or input,
/// 1 for a failed check.
pub fn exit_status(kind: upcard::FailureKind) -> u8 {
    match kind {
        upcard::FailureKind::Stopped => 0,
        upcard::FailureKind::Failed => 1,
        upcard::FailureKind::Input => 2,
    }
}

/// The process's exit status for a command's `result`; a failure's message
/// goes to standard error as `upcard: …`. Standard output is flushed first,
/// whatever the result: `upcard-course`'s C `main` returns this number, and
/// its return does not flush Rust's buffer as the runtime's `main` does.
pub fn finish_status(result: Result<(), Failure>, stdout: &std::io::Stdout) -> u8 {
    let _ = stdout.lock().flush();
    match result {
        Ok(()) => 0,
        Err(f) => {
            if let Some(m) = f.message {
                eprintln!("upcard: {m}");
            }
            exit_status(f.kind)
        }
    }
}
