//! upcard's scenarios, the layer above the standard table (`upcard_bots::Table`):
//! [`scenario`] files (their raw YAML types, each rule set's section in
//! `scenario::courses`, the checked model), running them through the engine,
//! comparing with goldens and writing them whole; and [`notation`], Euchre
//! Game Notation's types and the standard game a record describes (what a
//! scenario's `record:` plays). Replay and EGN's replaying and writing
//! (`upcard-replay`) and the rule mutants (`upcard-mutants`) sit above it
//! (docs/architecture.md).

pub mod notation;
pub mod scenario;
