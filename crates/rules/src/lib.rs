//! The rule sets of upcard, the layer above the engine (`upcard-engine`):
//! each course (EECS 280, CS 246) and the standard game as a plug-in
//! ([`courses`]: its configuration, deck, strategies, printer, command line
//! and file formats), the [`agents`] that decide (the driver, scripted
//! answers; the bots are `upcard-bots`), the [`transcript`] printers' trait, the readers of
//! outside input ([`input`] for Human answers; pack and save files are
//! `upcard-parse`'s), and [`random_game`], a game of any rule set with random options
//! for property tests. The bots (`upcard-bots`), the standard table
//! (`upcard_bots::Table`) and the seat protocol (`upcard-seat`) are above it.
//! Scenarios, grading and play sit above it (docs/architecture.md).

pub mod agents;
pub mod courses;
mod failure;
pub mod input;
pub mod random_game;
pub mod transcript;

pub use failure::{Failure, FailureKind};
