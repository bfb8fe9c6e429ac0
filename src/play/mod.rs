//! `upcard play`: the standard game for people at one device and bots, in
//! plain text or full screen, with save, resume and recording.

pub mod client;
pub mod record;
pub mod save;
pub mod screen;

/// The seat protocol and program seats live with the rule sets (a standard
/// table seats programs); play re-exports them where it always had them.
pub use upcard_rules::{program_seat, protocol};
