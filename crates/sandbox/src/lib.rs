//! The sandbox every untrusted program runs in (Linux), and the one
//! supervisor that starts and ends them ([`Supervisor`] for a run to its
//! ending: a student's program when grading, a build, a unit test;
//! [`Interactive`] for a bot's program at a seat). A helper process
//! (helper.rs) builds the sandbox once and starts each program in it; its
//! owner talks to the helper over a socket (wire.rs). A leaf crate:
//! nothing of upcard's below it.
//!
//! Two walls, the first one the machine allows:
//! - namespaces: new user, PID, mount, network, IPC and UTS namespaces, a
//!   file system of the system's programs and libraries (read-only), the run
//!   directory as /work and a private /tmp (jail.rs), no network, no
//!   capabilities, and everything killed when the run ends; with Landlock
//!   rules inside as a second wall (confine.rs);
//! - Landlock alone, where user namespaces are not allowed.
//!
//! Either way a control group bounds the memory and the processes of the
//! whole run where the machine lets the grader make one (cgroup.rs).
//! Building the namespaces costs milliseconds (a network namespace alone
//! ~1.3 ms here), so each helper builds them once and keeps them for all its
//! runs; a run costs the helper one fork.

use std::path::Path;

pub mod cleanup;
mod supervise;

pub use supervise::*;

#[cfg(target_os = "linux")]
mod linux;
#[cfg(target_os = "linux")]
pub use linux::*;

/// A program to start: its file, `argv[0]` and arguments, and the
/// `NAME=VALUE` entries it gets in its environment besides the usual.
#[derive(Clone, Copy, Debug)]
pub struct Program<'a> {
    pub exe: &'a Path,
    pub argv0: &'a str,
    pub args: &'a [String],
    pub env: &'a [String],
}
