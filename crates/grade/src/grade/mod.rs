//! Grading: student programs run on scenarios, judged against the goldens,
//! with each failure explained from the engine's own game.
//!
//! Here the grader's parts: how a run went (`verdict`), what a scenario
//! expects of a program (`expected`), the grader that runs and judges
//! (`grader`) and what it says of a failure (`explain`); beside them the
//! class, the reports and the sandboxed runs.

pub mod build;
pub mod class;
pub mod data;
pub mod event;
mod expected;
mod explain;
mod grader;
pub mod html;
pub mod live;
pub mod locate;
pub mod merge;
pub mod part;
mod pattern;
pub mod process;
pub mod random;
pub mod report;
mod sanitize;
#[cfg(target_os = "linux")]
pub use upcard_sandbox as sandbox;
pub mod shard;
pub mod spawn;
mod verdict;
pub mod workspace;
pub mod writer;

pub use expected::{Invocation, expected, invocation};
pub(crate) use grader::stderr_tail;
pub use grader::{Grader, Sandboxing, find_program};
pub use process::{Ending, Limits, Run, signal_name};
pub use verdict::{Context, Outcome, Verdict};
