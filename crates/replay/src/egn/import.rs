//! `upcard import GAME.egn --out DIR`: a recorded game (or one deal of it)
//! as a scenario of the standard game with its golden, so that `upcard run`
//! checks the engine still plays it the same way.

use std::path::{Path, PathBuf};

use upcard_engine::Event;
use upcard_parse::file::write_atomic;
use upcard_record::notation::{DealEntry, Record};
use upcard_scenario::scenario::{RulesName, Scenario, default_golden, play};

/// What was written.
pub struct Imported {
    pub record: PathBuf,
    pub scenario: PathBuf,
    pub golden: PathBuf,
    /// Why the replay ends before the game does, if it does.
    pub end: Option<String>,
}

/// A scenario name from a file name: lower case, letters, digits and dashes.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "game".into() } else { out }
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// The record cut to deal `d`, with the score before it (from its replay).
fn one_deal(file: &Path, record: Record, d: usize) -> Result<Record, String> {
    let t = upcard_record::replay(file, &record)?;
    let starts: Vec<[u32; 2]> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::HandStart { scores, .. } => Some(*scores),
            _ => None,
        })
        .collect();
    let (Some(scores), Some(entry)) = (starts.get(d), record.deals.get(d).cloned()) else {
        return Err(format!(
            "{}: --deal {d}: the record's replay has deals 0 to {}",
            file.display(),
            starts.len().min(record.deals.len()).saturating_sub(1)
        ));
    };
    Ok(match entry {
        DealEntry::Deal(one) => record.one_deal(*one, *scores),
        DealEntry::Packed(_) => record,
    })
}

/// Writes `out/NAME.egn` (the record, or only deal `deal` with the score
/// before it), `out/NAME.yaml` and the golden where `upcard run` looks.
/// Nothing is overwritten.
pub fn import(
    file: &Path,
    text: &str,
    out: &Path,
    deal: Option<usize>,
    name: Option<&str>,
) -> Result<Imported, String> {
    let shown = file.display().to_string();
    let mut record = Record::parse(&shown, text).map_err(|e| e.0)?;
    let stem = file
        .file_stem()
        .map_or("game".to_string(), |s| s.to_string_lossy().into_owned());
    let name = match (name, deal) {
        (Some(n), _) => n.to_string(),
        (None, Some(d)) => format!("{}-deal-{d}", slug(&stem)),
        (None, None) => slug(&stem),
    };
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(format!(
            "--name {name:?}: a scenario name is letters, digits, - and _"
        ));
    }
    if let Some(d) = deal {
        record = one_deal(file, record, d)?;
    }
    let egn = out.join(format!("{name}.egn"));
    let yaml = out.join(format!("{name}.yaml"));
    let golden = default_golden(&yaml, RulesName::standard, &name);
    for p in [&egn, &yaml, &golden] {
        if p.exists() {
            return Err(format!(
                "{} exists: remove it or give another --name",
                p.display()
            ));
        }
    }
    let title = record.metadata.title.clone().unwrap_or(stem.clone());
    let description = format!(
        "Imported from {} (Euchre Game Notation): {}{}.",
        file.file_name()
            .map_or(shown.clone(), |f| f.to_string_lossy().into_owned()),
        title,
        deal.map_or(String::new(), |d| format!(", deal {d}"))
    );
    let scenario_text = format!(
        "name: {name}\ndescription: {}\nrules: standard\nstandard:\n  record: {}\ntags: [standard, egn]\n",
        yaml_str(&description),
        yaml_str(&format!("{name}.egn"))
    );
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    write_atomic(&egn, record.to_json().as_bytes())
        .map_err(|e| format!("writing {}: {e}", egn.display()))?;
    // Checked as `upcard run` will load it before anything else is written.
    let scenario = Scenario::from_text(&yaml, &scenario_text).map_err(|e| e.to_string())?;
    let played = play(&scenario);
    write_atomic(&yaml, scenario_text.as_bytes())
        .map_err(|e| format!("writing {}: {e}", yaml.display()))?;
    if let Some(dir) = golden.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    write_atomic(&golden, &played.transcript)
        .map_err(|e| format!("writing {}: {e}", golden.display()))?;
    let end = upcard_record::notation::setup::read(&egn, &record)?
        .end
        .map(|e| e.text().to_string());
    Ok(Imported {
        record: egn,
        scenario: yaml,
        golden,
        end,
    })
}
