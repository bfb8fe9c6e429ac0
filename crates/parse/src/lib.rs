//! upcard's input files read with bounds and written whole, and what every
//! parser shares: errors that name file, line and column, escaping, names.
//! The courses' own formats (EECS 280's pack, CS 246's save files) are the
//! rule sets' (`upcard-rules`); this crate knows no card.

pub mod escape;
pub mod file;
mod location;
pub mod name;

pub use location::{ParseError, line_col};
