//! Euchre Game Notation (EGN, github.com/NextSuit-Labs/euchre-game-notation):
//! the community's JSON record of a game. One set of types reads and writes
//! it ([`Record`]); [`setup`] turns a record into the standard game it
//! describes, which a scenario can play (`record:`). A record replayed is
//! [`crate::replay`], written [`crate::write`]; importing one as a scenario
//! is `upcard_replay::egn`'s, above the scenarios (docs/egn.md).

pub mod point;
pub mod setup;

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

/// What `fileType` says.
pub const FILE_TYPE: &str = "Euchre Game Notation";

/// A whole record: `fileType`, `version`, `metadata`, `deals`.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub file_type: String,
    pub version: String,
    pub metadata: Metadata,
    pub deals: Vec<DealEntry>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Metadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    pub players: Vec<PlayerEntry>,
    pub initial_score: Vec<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_score: Option<Vec<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<Ruleset>,
}

/// A player: a name, or an object with one (and ids upcard keeps but does
/// not use).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum PlayerEntry {
    Name(String),
    Player(Player),
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_ids: Option<Vec<serde_json::Value>>,
}

impl PlayerEntry {
    pub fn name(&self) -> &str {
        match self {
            PlayerEntry::Name(n) => n,
            PlayerEntry::Player(p) => &p.name,
        }
    }
}

/// The rule set. Every field is named, so a field upcard does not know is
/// refused where it stands (line and column) rather than ignored.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub std: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rank: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_score: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_deals: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canadian: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loner_lead: Option<LonerLead>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loner_march_score: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loner_euchred_score: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defend_alone: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub farmers: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partners_best: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go_under: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_players: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_no_trump: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_break: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub four_trick_tokens: Option<bool>,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LonerLead {
    LeftOfDealer,
    LeftOfLoner,
}

/// A deal, or one in the notation's packed binary form (base64), which
/// upcard keeps but cannot replay.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum DealEntry {
    Deal(Box<Deal>),
    Packed(String),
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Deal {
    pub deal_number: i64,
    pub initial_state: InitialState,
    pub phases: Vec<Phase>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternative_lines: Vec<AlternativeLine>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct InitialState {
    pub dealer: i64,
    pub up_card: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_cards: Option<Vec<Vec<String>>>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(tag = "type")]
pub enum Phase {
    #[serde(rename = "EUCHRE_BIDDING")]
    Bidding(Bidding),
    #[serde(rename = "TRICK_PLAY")]
    Tricks(Tricks),
}

/// A deal's (or an alternative line's) bidding phase and trick-play phase.
pub fn bidding(phases: &[Phase]) -> Option<&Bidding> {
    phases.iter().find_map(|p| match p {
        Phase::Bidding(b) => Some(b),
        _ => None,
    })
}

/// See [`bidding`].
pub fn tricks(phases: &[Phase]) -> Option<&Tricks> {
    phases.iter().find_map(|p| match p {
        Phase::Tricks(t) => Some(t),
        _ => None,
    })
}

/// Notes by the index of the call or card they are about (decimal keys).
pub type Annotations = BTreeMap<String, Vec<String>>;

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Bidding {
    pub phase_number: i64,
    pub calls: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_alone: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alone_defender: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_exchanges: Option<Vec<serde_json::Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_annotations: Option<Annotations>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Tricks {
    pub phase_number: i64,
    pub tricks: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_alone: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_annotations: Option<Annotations>,
}

#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AlternativeLine {
    pub branch_index: i64,
    pub phases: Vec<Phase>,
}

/// A string or an object, read in one pass so that an error inside the
/// object keeps its line and column (serde's untagged enums lose them).
macro_rules! string_or_object {
    ($ty:ident, $string:ident, $object:ident, $inner:ty, $wrap:expr, $what:literal) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> Visitor<'de> for V {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_str<E: de::Error>(self, s: &str) -> Result<$ty, E> {
                        Ok($ty::$string(s.to_string()))
                    }
                    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<$ty, A::Error> {
                        let inner =
                            <$inner>::deserialize(de::value::MapAccessDeserializer::new(map))?;
                        Ok($ty::$object($wrap(inner)))
                    }
                }
                d.deserialize_any(V)
            }
        }
    };
}

string_or_object!(
    PlayerEntry,
    Name,
    Player,
    Player,
    std::convert::identity,
    "a player's name or an object with its name"
);
string_or_object!(
    DealEntry,
    Packed,
    Deal,
    Deal,
    Box::new,
    "a deal (an object) or a packed deal (a base64 string)"
);

/// Why a file is not a record upcard reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Record {
    /// Reads a record from its JSON text; errors name `file`, the line,
    /// the column and the field.
    pub fn parse(file: &str, text: &str) -> Result<Record, ReadError> {
        let mut de = serde_json::Deserializer::from_str(text);
        let record: Record = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let at = if path == "." || path.is_empty() {
                String::new()
            } else {
                format!(" (at {path})")
            };
            // serde_json's message ends "at line L column C": say it first.
            let msg = inner.to_string();
            let msg = msg
                .rsplit_once(" at line ")
                .map_or(msg.clone(), |(m, _)| m.to_string());
            ReadError(format!(
                "{file}:{}:{}: {msg}{at}",
                inner.line(),
                inner.column()
            ))
        })?;
        de.end().map_err(|e| {
            ReadError(format!(
                "{file}:{}:{}: text after the record",
                e.line(),
                e.column()
            ))
        })?;
        if record.file_type != FILE_TYPE {
            return Err(ReadError(format!(
                "{file}: fileType is {:?}, not {FILE_TYPE:?}",
                record.file_type
            )));
        }
        let major = record.version.split('.').next().unwrap_or("");
        if major != "1" {
            return Err(ReadError(format!(
                "{file}: version {:?}: upcard reads Euchre Game Notation 1.x",
                record.version
            )));
        }
        Ok(record)
    }

    /// A record of `deal` alone, played from `scores` (its players and rules
    /// this record's; none of its other deals copied).
    pub fn one_deal(&self, deal: Deal, scores: [u32; 2]) -> Record {
        Record {
            file_type: self.file_type.clone(),
            version: self.version.clone(),
            metadata: Metadata {
                initial_score: scores.iter().map(|&s| i64::from(s)).collect(),
                final_score: None,
                ..self.metadata.clone()
            },
            deals: vec![DealEntry::Deal(Box::new(deal))],
        }
    }

    /// The record as JSON (two-space indent, as the notation's own tools write it).
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a record serializes");
        s.push('\n');
        s
    }
}

/// Whether `text` looks like an EGN record (a JSON object naming the notation).
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with('{') && text.contains(FILE_TYPE)
}

/// An annotation's label (`[??]` … `[!!]`) and its meaning, and the text after it.
pub fn label(note: &str) -> (Option<(&'static str, &'static str)>, &str) {
    // Longer tags first, so `[??]` is not read as `[?]`.
    const LABELS: [(&str, &str); 6] = [
        ("[??]", "blunder"),
        ("[?!]", "dubious"),
        ("[!?]", "interesting"),
        ("[!!]", "brilliant"),
        ("[?]", "mistake"),
        ("[!]", "great play"),
    ];
    for (tag, meaning) in LABELS {
        if let Some(rest) = note.strip_prefix(tag) {
            return (Some((tag, meaning)), rest.trim_start());
        }
    }
    (None, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_file_line_column_and_field() {
        let text = "{\n  \"fileType\": \"Euchre Game Notation\",\n  \"version\": \"1.4\",\n  \"metadata\": {\"players\": [], \"initialScore\": [0, 0], \"ruleset\": {\"jokers\": true}},\n  \"deals\": []\n}\n";
        let e = Record::parse("g.egn", text).unwrap_err().0;
        assert!(
            e.starts_with("g.egn:4:") && e.contains("unknown field `jokers`"),
            "{e}"
        );
        assert!(e.contains("metadata.ruleset"), "{e}");
    }

    #[test]
    fn labels_longest_first() {
        assert_eq!(
            label("[??]Threw trump"),
            (Some(("[??]", "blunder")), "Threw trump")
        );
        assert_eq!(label("[?] Passed"), (Some(("[?]", "mistake")), "Passed"));
        assert_eq!(label("[!!]x"), (Some(("[!!]", "brilliant")), "x"));
        assert_eq!(label("Plain"), (None, "Plain"));
    }

    #[test]
    fn a_packed_deal_and_a_player_object_are_read() {
        let text = r#"{"fileType":"Euchre Game Notation","version":"1.4","metadata":{"players":["A",{"name":"B"}],"initialScore":[0,0]},"deals":["AbC="]}"#;
        let r = Record::parse("g.egn", text).unwrap();
        assert_eq!(r.metadata.players[1].name(), "B");
        assert_eq!(r.deals, vec![DealEntry::Packed("AbC=".into())]);
    }
}
