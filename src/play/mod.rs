//! `upcard play`: the standard game for people at one device and bots, in
//! plain text or full screen, with save, resume and recording.

pub mod client;
pub mod program_seat;
pub mod protocol;
pub mod record;
pub mod save;
pub mod screen;
