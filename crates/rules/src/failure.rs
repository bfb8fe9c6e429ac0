//! How a command ended when it did not succeed: which kind of ending, and
//! what to say. The libraries say what went wrong; only the binary turns a
//! kind into an exit status and writes the message.

/// Why a command did not succeed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// Bad usage or bad input: a file that cannot be read, a malformed
    /// scenario, an unknown option value.
    Input,
    /// A check failed: a scenario differs from its golden, a program
    /// failed, a score is under its bar.
    Failed,
    /// Nothing is wrong and nothing is left to do: whoever read the output
    /// went away (`… | head`).
    Stopped,
}

#[derive(Debug)]
pub struct Failure {
    pub kind: FailureKind,
    /// What to say (None: it was said already).
    pub message: Option<String>,
}

impl Failure {
    /// Bad usage or input, and why.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            kind: FailureKind::Input,
            message: Some(message.into()),
        }
    }

    /// A failed check, and which.
    pub fn failed(message: impl Into<String>) -> Failure {
        Failure {
            kind: FailureKind::Failed,
            message: Some(message.into()),
        }
    }

    /// An ending whose words were already written (a report, a course
    /// program's usage line).
    pub fn said(kind: FailureKind) -> Failure {
        Failure {
            kind,
            message: None,
        }
    }
}
