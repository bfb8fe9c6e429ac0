//! upcard: a scripted-scenario test harness and replay tool for Euchre as the
//! EECS 280 (Michigan) and CS 246 (Waterloo) courses specify it.

pub mod arena;
#[doc(hidden)]
pub mod fuzzing;
pub mod grade;
pub mod mutants;
pub mod play;
#[cfg(test)]
mod properties;
pub mod replay;
pub mod scenario;

/// The bottom layer, its own crate: cards, state, actions, events.
pub use upcard_engine::{self as engine, cards};
/// The rule sets, their agents, printers and parsers: the layer above it.
pub use upcard_rules::{Failure, agents, courses, input, parse, transcript};
