//! How a command ends the process: a failure's message on standard error,
//! after everything the command printed, and the exit status of its kind.
//! Both binaries' (`upcard` and `upcard-course`), so the two say the same.

use std::io::Write;
use std::process::ExitCode;

/// The exit status of each way a command fails: 2 for bad usage or input,
/// 1 for a failed check.
pub fn exit_status(kind: upcard::FailureKind) -> u8 {
    match kind {
        upcard::FailureKind::Stopped => 0,
        upcard::FailureKind::Failed => 1,
        upcard::FailureKind::Input => 2,
    }
}

/// The process's exit for a command's `result`; a failure's message goes
/// to standard error as `upcard: …`, after standard output is flushed.
pub fn finish(result: Result<(), upcard::Failure>, stdout: &std::io::Stdout) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            let _ = stdout.lock().flush();
            if let Some(m) = f.message {
                eprintln!("upcard: {m}");
            }
            ExitCode::from(exit_status(f.kind))
        }
    }
}
