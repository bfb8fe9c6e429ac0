//! Euchre Game Notation records imported as scenarios ([`import`]). The
//! notation's own types, a record replayed as a timeline and writing one
//! are `upcard-record`'s, below scenarios (docs/egn.md).

pub mod import;
