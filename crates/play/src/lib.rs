//! upcard's play, above the scenarios (`upcard-scenario`): [`play`], the
//! standard game for people at one device and bots, in plain text or full
//! screen, with saved games, resuming and recording a game as a scenario;
//! and [`arena`], bots and programs over duplicate games with their
//! statistics and faults (docs/architecture.md, docs/seat-protocol.md).

pub mod arena;
pub mod net;
pub mod play;
pub mod tournament;
