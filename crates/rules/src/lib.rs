//! The rule sets of upcard, the layer above the engine (`upcard-engine`):
//! each course (EECS 280, CS 246) and the standard game as a plug-in
//! ([`courses`]: its configuration, deck, strategies, printer, command line
//! and file formats), the [`agents`] that decide (the driver, scripted
//! answers; the bots are `upcard-bots`), the [`transcript`] printers' trait, the readers of
//! outside input ([`input`] for Human answers), the rules a table is played
//! under as `--rules` and `--house` select them ([`Rules`]), and
//! [`random_game`], a game of any rule set with random options for property
//! tests. The bots (`upcard-bots`), the standard table
//! (`upcard_bots::Table`) and the seat protocol (`upcard-seat`) are above it.
//! Scenarios, grading and play sit above it (docs/architecture.md).

pub mod agents;
pub mod courses;
mod failure;
pub mod input;
pub mod random_game;
mod selection;
mod shuffle;
pub mod transcript;

pub use courses::DEALS_TOGETHER;
pub use failure::{Failure, FailureKind};
pub use selection::Rules;
