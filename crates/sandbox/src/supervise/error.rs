//! Why the supervisor cannot run or start a program at all (a run that
//! starts and then fails is an [`Ending`](super::Ending), not an error).

use std::io;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The sandbox's helper is upcard itself, and it could not be found.
    #[error("cannot find upcard itself for the sandbox: {0}")]
    NoSelf(#[source] io::Error),
    /// No directory for the runs (the temporary folder is not usable).
    #[error("cannot make a directory for the runs: {0}")]
    Workspace(#[source] io::Error),
    /// The machine allows neither wall (namespaces, Landlock).
    #[error(
        "this machine allows no sandbox for {whom} ({why}); upcard does not run untrusted \
         programs without one: --no-sandbox runs them anyway, only for programs you trust"
    )]
    NoSandbox { whom: &'static str, why: String },
    /// The sandbox is Linux's.
    #[error(
        "the sandbox for {whom} needs Linux (namespaces or Landlock); --no-sandbox runs them \
         without one, only for programs you trust"
    )]
    NotLinux { whom: &'static str },
    /// A seat's program: not found, or its folder cannot be given to it.
    #[error("{0}")]
    Program(String),
}
