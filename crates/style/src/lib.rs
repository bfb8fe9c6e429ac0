//! The EECS 280 spec's restrictions ("Requirements and Restrictions") on a
//! student's sources, read on tree-sitter's C++ grammar: libraries outside
//! the spec's list, `<algorithm>` for anything but `sort`, an unnecessary
//! `#include "Pack.hpp"`, global or static variables that are not `const`,
//! dynamic memory outside `Player_factory`, and output to standard error.
//! Each finding has its file, line and column and the spec's words.
//! The tree is walked with a cursor, never by recursion: a file nested a
//! hundred thousand deep is read in bounded stack.

pub mod cpd;
pub mod oclint;
mod restrictions;
mod walk;

pub use restrictions::{ALLOWED, check};

/// A file as `upcard style` checks it, parsed once: OCLint's rules with
/// `limits`, and for a project file (not a test) the spec's restrictions
/// too; in order of place.
pub fn style(file: &str, src: &[u8], limits: oclint::Limits, project: bool) -> Vec<Finding> {
    let mut out = oclint::long_lines(file, src, limits.long_line);
    if let Some(tree) = walk::parse(src) {
        out.extend(oclint::in_tree(file, src, &tree, limits));
        if project {
            out.extend(restrictions::in_tree(file, src, &tree));
        }
    }
    out.sort_by_key(|f| (f.line, f.column));
    out
}

/// Every rule a finding can name, with what it asks, in the order a
/// grade lists them: OCLint's four and PMD's copy-paste detector (`make
/// style`), then the spec's restrictions.
pub const RULES: [(&str, &str); 12] = [
    ("long line", "no line longer than OCLint's LONG_LINE"),
    (
        "high ncss method",
        "no function of more statements than OCLint's NCSS_METHOD",
    ),
    (
        "deep nested block",
        "no block nested deeper than OCLint's NESTED_BLOCK_DEPTH",
    ),
    (
        "too many parameters",
        "no function of more parameters than OCLint's TOO_MANY_PARAMETERS",
    ),
    (
        "duplicate code",
        "no copy of 100 tokens or more (PMD's CPD, --minimum-tokens 100)",
    ),
    ("library", "only the spec's libraries"),
    ("algorithm", "<algorithm> for sort() only"),
    (
        "include",
        "no unnecessary .hpp (Pack.hpp in Card.cpp or Player.cpp)",
    ),
    ("global", "no global variables but constants"),
    ("static", "no static variables but constants"),
    ("dynamic-memory", "no dynamic memory outside Player_factory"),
    ("stderr", "no output to standard error"),
];

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
