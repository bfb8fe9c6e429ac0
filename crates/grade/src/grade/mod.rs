//! Grading: student programs run on scenarios, judged against the goldens,
//! with each failure explained from the engine's own game.
//!
//! Here the grader's parts: how a run went (`verdict`), what a scenario
//! expects of a program (`expected`), the grader that runs and judges
//! (`grader`) and what it says of a failure (`explain`); beside them the
//! class, the reports and the sandboxed runs.

pub mod build;
pub mod class;
pub mod compare;
pub mod data;
pub mod event;
mod expected;
mod explain;
pub mod folder;
mod grader;
pub mod headers;
pub mod html;
pub mod inside;
pub mod locate;
pub mod merge;
pub mod others;
pub mod part;
mod pattern;
pub mod points;
pub mod random;
pub mod report;
mod sanitize;
pub mod shard;
mod verdict;
pub mod writer;

pub use expected::{Invocation, expected, invocation};
pub(crate) use grader::stderr_tail;
pub use grader::{Grader, find_program};
pub use verdict::{Context, Outcome, Verdict};
