//! Euchre Game Notation records above scenarios: a record replayed as a
//! timeline ([`game`]), games written as records ([`mod@write`]) and records
//! imported as scenarios ([`import`]). The notation's own types, and the
//! standard game a record describes, are `upcard_scenario::notation`'s, below
//! scenarios (docs/egn.md).

pub mod game;
pub mod import;
pub mod write;

pub use game::replay;

use upcard_scenario::notation::Record;

/// A record read and made ready to step through.
pub fn timeline(path: &std::path::Path, text: &str) -> Result<crate::Timeline, String> {
    let file = path.display().to_string();
    let record = Record::parse(&file, text).map_err(|e| e.0)?;
    let mut t = replay(path, &record)?;
    game::lines(path, &record, &mut t);
    Ok(t)
}
