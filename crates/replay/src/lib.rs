//! Replay, the layer above scenarios (`upcard-scenario`): a timeline
//! (`upcard_record::Timeline`) stepped through at a prompt ([`interact`]),
//! shown as a span of moves ([`span`]) or as a page ([`html`]), and Euchre
//! Game Notation records replayed and imported as scenarios ([`egn`]).

pub mod egn;
pub mod html;
pub mod span;
mod step;

pub use step::{ReadingCommands, interact};
