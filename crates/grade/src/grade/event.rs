//! What grading says as it goes, apart from its reports: typed events that
//! a reporter given by the caller turns into words and progress (the
//! binary's writes them to standard error). The grader prints nothing
//! itself, as nextest's runner hands its events to its reporters.

use std::path::PathBuf;

/// One thing grading has to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Something of the machine the grading goes on without (a sandbox
    /// layer it cannot have here).
    Note(String),
    /// Opt-in scenarios left out (their names).
    OptIn(Vec<String>),
    /// A scenario that cannot be graded (its golden unreadable): said whole.
    Unusable(String),
    /// A scenario no course program can run, and why (`--list-skipped`).
    Skipped { path: PathBuf, why: String },
    /// How many scenarios were skipped, when they are not listed.
    SkippedCount(usize),
    /// The runs begin: this many in all.
    RunsStarted(usize),
    /// One run is done (from any thread).
    RunDone,
    /// Every run is done.
    RunsDone,
    /// The summary, when a report has standard output to itself.
    Summary(String),
}

/// Turns events into what a person sees. Called from the grading threads.
pub trait Reporter: Sync {
    fn report(&self, event: Event);
}

/// A reporter that says nothing (a caller that says its own).
pub struct Quiet;

impl Reporter for Quiet {
    fn report(&self, _: Event) {}
}
