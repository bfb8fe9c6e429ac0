//! The EECS 280 spec's restrictions ("Requirements and Restrictions") on a
//! student's sources, read on tree-sitter's C++ grammar: libraries outside
//! the spec's list, `<algorithm>` for anything but `sort`, an unnecessary
//! `#include "Pack.hpp"`, global or static variables that are not `const`,
//! dynamic memory outside `Player_factory`, and output to standard error.
//! Each finding has its file, line and column and the spec's words.
//! The tree is walked with a cursor, never by recursion: a file nested a
//! hundred thousand deep is read in bounded stack.

pub mod oclint;
mod restrictions;
mod walk;

pub use restrictions::{ALLOWED, check};

/// One restriction broken, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub file: String,
    /// 1-based, as compilers say them.
    pub line: usize,
    pub column: usize,
    /// The rule's short name (`library`, `algorithm`, `include`, `global`,
    /// `static`, `dynamic-memory`, `stderr`).
    pub rule: &'static str,
    pub message: String,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {} [{}]",
            self.file, self.line, self.column, self.message, self.rule
        )
    }
}
