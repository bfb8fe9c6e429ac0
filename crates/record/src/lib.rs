//! Game records, below the scenarios: a game as a timeline of moves
//! ([`Timeline`], [`record`]), the one English description of an event and
//! the views of a move ([`describe`], [`render`], [`state_text`]), and Euchre
//! Game Notation ([`notation`]: a record's types and a record as the
//! standard game it describes; [`replay`], [`timeline`]: a record played
//! through; [`mod@write`]: a game or timeline as a record). Stepping through a
//! timeline and importing a record as a scenario are `upcard-replay`'s,
//! above the scenarios.

pub mod notation;
mod replay;
mod show;
mod timeline;
pub mod write;

pub use notation::point::Point;
pub use replay::{replay, timeline};
pub use show::{
    cards_text, describe, describe_move, json_line, note_text, render, state_text, team,
};
pub use timeline::{Line, Move, Source, Target, Timeline, record};
