//! Parsers for upcard's input files, with errors that name file, line and column.

pub mod escape;
pub mod file;
mod location;
pub mod name;
pub mod pack;
pub mod save;

pub use location::{ParseError, line_col};
