//! upcard's play, above the scenarios (`upcard-scenario`): [`play`], the
//! standard game for people at one device and bots, in plain text or full
//! screen, with saved games, resuming and recording a game as a scenario;
//! and [`net`], a table friends join from a link (docs/architecture.md,
//! docs/seat-protocol.md). Bots meet apart, in `upcard-arena`.

pub mod net;
pub mod play;
