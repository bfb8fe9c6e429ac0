//! The rule sets of upcard, the layer above the engine (`upcard-engine`):
//! each course (EECS 280, CS 246) and the standard game as a plug-in
//! ([`courses`]: its configuration, deck, strategies, printer, command line
//! and file formats), the [`agents`] that decide (scripted answers, the
//! bots, the expert), the [`transcript`] printers' trait, the readers of
//! outside input ([`input`] for Human answers, [`parse`] for pack and save
//! files), and [`random_game`], a game of any rule set with random options
//! for property tests. The seat protocol and program seats are above it
//! (`upcard-seat`): a standard table is given what starts its programs.
//! Scenarios, grading and play sit above it (docs/architecture.md).

pub mod agents;
pub mod courses;
mod failure;
pub mod input;
pub mod parse;
#[cfg(test)]
mod properties;
pub mod random_game;
pub mod transcript;

pub use failure::Failure;
