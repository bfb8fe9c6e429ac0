//! upcard's scenarios, the layer above the rule sets (`upcard-rules`):
//! [`scenario`] files (their raw YAML types, each rule set's section in
//! `scenario::courses`, the checked model), running them through the engine,
//! comparing with goldens and writing them whole; [`replay`], a game as a
//! timeline of moves with its text, JSON and HTML views; and [`mutants`],
//! the catalogue of student bugs with the runs that measure a suite and
//! diagnose a program's output. Grading and play sit above it
//! (docs/architecture.md).

pub mod egn;
pub mod mutants;
pub mod notation;
pub mod replay;
pub mod scenario;
