//! upcard: a scripted-scenario test harness and replay tool for Euchre as the
//! EECS 280 (Michigan) and CS 246 (Waterloo) courses specify it.

pub mod agents;
pub mod arena;
pub mod courses;
mod failure;
#[doc(hidden)]
pub mod fuzzing;
pub mod grade;
pub mod input;
pub mod mutants;
pub mod parse;
pub mod play;
#[cfg(test)]
mod properties;
pub mod replay;
pub mod scenario;
pub mod transcript;

pub use failure::Failure;
/// The bottom layer, its own crate: cards, state, actions, events.
pub use upcard_engine::{self as engine, cards};
