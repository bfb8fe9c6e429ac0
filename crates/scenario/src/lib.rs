//! upcard's scenarios, the layer above the standard table (`upcard_bots::Table`)
//! and the game records (`upcard-record`): [`scenario`] files (their raw YAML
//! types, each rule set's section in `scenario::courses`, the checked
//! model), running them through the engine, comparing with goldens and
//! writing them whole, and a scenario's game as a timeline
//! (`scenario::record`). Replay (`upcard-replay`) and the rule mutants
//! (`upcard_grade::mutants`) sit above it (docs/architecture.md).

pub mod scenario;
