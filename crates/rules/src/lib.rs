//! The rule sets of upcard, the layer above the engine (`upcard-engine`):
//! each course (EECS 280, CS 246) and the standard game as a plug-in
//! ([`courses`]: its configuration, deck, strategies, printer, command line
//! and file formats), the [`agents`] that decide (scripted answers, the
//! bots, the expert), the [`transcript`] printers' trait, the readers of
//! outside input ([`input`] for Human answers, [`parse`] for pack and save
//! files), and the seat protocol ([`protocol`], its messages; [`program_seat`],
//! a seat played by a program or a network client; [`client`], the other
//! end, which checks what a server sends).
//! Scenarios, grading and play sit above it (docs/architecture.md).

pub mod agents;
pub mod client;
pub mod courses;
mod failure;
pub mod input;
pub mod parse;
pub mod program_seat;
#[cfg(test)]
mod properties;
pub mod protocol;
pub mod transcript;

pub use failure::Failure;
/// The engine's rule-mutant switch, where the strategies and printers consult it.
use upcard_engine::mutants;
pub use upcard_engine::{self as engine, cards};
