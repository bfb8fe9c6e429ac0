//! Where a move happened, as a record's annotations and a replay address it.

/// Where a move happened: hand number, trick (0 while making trump) and the
/// move's place within that trick (or within making trump), from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Point {
    pub hand: u32,
    pub trick: u8,
    pub play: u8,
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.hand, self.trick, self.play)
    }
}
