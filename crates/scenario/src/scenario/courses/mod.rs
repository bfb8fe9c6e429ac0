//! Each rule set's section of a scenario file: its raw YAML type and the
//! setup that checks it into a game (`upcard_rules::courses::Setup`). The
//! table below is the one place that lists them, beside the rule sets'
//! own table (`upcard_rules::courses::COURSES`).

pub mod cs246;
pub mod eecs280;
pub mod standard;

use std::path::Path;

use crate::courses::{Course, Setup};
use crate::scenario::Scenario;

crate::scenario::raw::courses! {
    eecs280: crate::courses::eecs280::Eecs280 => eecs280::RawEecs280, eecs280::setup, "The EECS 280 setup (when `rules: eecs280`).";
    cs246: crate::courses::cs246::Cs246 => cs246::RawCs246, cs246::setup, "The CS 246 setup (when `rules: cs246`).";
    standard: crate::courses::standard::Standard => standard::RawStandard, standard::setup, "The standard game's setup (when `rules: standard`).";
}

/// A saved game of a rule set's own format as a scenario, if `text` is one
/// (CS 246 save files; else None).
pub fn scenario_from_save(path: &Path, text: &str) -> Option<Result<Scenario, String>> {
    let shown = path.display().to_string();
    // Only CS 246 has save files that start with its scores line.
    let parsed = crate::courses::cs246::save::SaveFile::parse(&shown, text);
    Some(
        parsed
            .map(|s| cs246::from_save(path, s, text.to_string()))
            .map_err(|e| e.to_string()),
    )
}
