//! `upcard play`: the standard game for people at one device and bots, in
//! plain text or full screen, with save, resume and recording.

pub mod host;
pub mod join;
pub mod record;
pub mod save;
pub mod screen;
pub mod serve;
pub mod session;
pub mod start;
pub mod web;
