//! The scenario file as written: serde + schemars types, one per YAML mapping.
//! `grammar/scenario.schema.json` is generated from these (`upcard schema`).
//! Checks that need more than one field live in `model.rs`.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};

use upcard_engine::cards::{Card, Suit};

/// When a student sees the result (Gradescope's names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    #[default]
    Visible,
    Hidden,
    AfterDueDate,
    AfterPublished,
}

impl Visibility {
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::Hidden => "hidden",
            Visibility::AfterDueDate => "after_due_date",
            Visibility::AfterPublished => "after_published",
        }
    }
}

/// Standard input: a list of answers, one per line, or a block of text.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum RawInput {
    Lines(Vec<String>),
    Text(String),
}

#[derive(Clone, Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawExpect {
    /// The golden transcript, relative to the scenario file
    /// (default: `golden/<rules>/<name>.out` beside the scenarios folder).
    #[serde(default)]
    pub golden: Option<String>,
    /// How the transcript is compared: exact (the default), or any of diff's -B -b -w -i.
    #[serde(default)]
    pub compare: Vec<CompareFlag>,
    /// The exit status the program must end with (default: the engine's, 0 for a finished game).
    #[serde(default)]
    pub exit: Option<u8>,
    /// Lines the transcript must contain, whole, in this order.
    #[serde(default)]
    pub contains: Vec<String>,
    /// Facts about hands, by hand number (0 is the first).
    #[serde(default)]
    pub hands: Vec<RawHandExpect>,
    /// A player on the team that wins the game.
    #[serde(default)]
    pub winner: Option<PlayerRef>,
    /// The final score, team 0 (players 0 and 2) first.
    #[serde(default)]
    pub final_score: Option<[u32; 2]>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CompareFlag {
    Exact,
    /// diff -B
    IgnoreBlankLines,
    /// diff -b
    IgnoreSpaceChange,
    /// diff -w
    IgnoreAllSpace,
    /// diff -i
    IgnoreCase,
}

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHandExpect {
    /// Which hand (0 is the first).
    pub hand: u32,
    #[serde(default)]
    pub dealer: Option<PlayerRef>,
    #[serde(default)]
    pub trump: Option<SuitName>,
    #[serde(default)]
    pub maker: Option<PlayerRef>,
    #[serde(default)]
    pub alone: Option<bool>,
    /// True when nobody made trump and the hand was thrown in (CS 246).
    #[serde(default)]
    pub nullified: Option<bool>,
    /// Who took each trick, in order.
    #[serde(default)]
    pub trick_winners: Option<Vec<PlayerRef>>,
    /// A player on the team that scored the hand.
    #[serde(default)]
    pub scored_by: Option<PlayerRef>,
    #[serde(default)]
    pub points: Option<u32>,
    #[serde(default)]
    pub march: Option<bool>,
    #[serde(default)]
    pub euchred: Option<bool>,
}

/// A card as "9S"/"9s" or "Nine of Spades"; checked while reading, so a bad
/// card is reported at its own line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardName(pub Card);

impl<'de> Deserialize<'de> for CardName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse::<Card>().map(CardName).map_err(|_| {
            de::Error::custom(format!(
                "{s:?} is not a card (write 9S or Nine of Spades; ranks 9 T J Q K A, suits S H C D)"
            ))
        })
    }
}

impl Serialize for CardName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0.short())
    }
}

impl JsonSchema for CardName {
    fn schema_name() -> Cow<'static, str> {
        "Card".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A card: 9S (either case) or Nine of Spades",
            "pattern": "^([9TJQKAtjqka][SHCDshcd]|(Nine|Ten|Jack|Queen|King|Ace) of (Spades|Hearts|Clubs|Diamonds))$"
        })
    }
}

/// A suit as a word (Spades) or a letter (S).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitName(pub Suit);

impl<'de> Deserialize<'de> for SuitName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_letter(c),
            _ => None,
        };
        letter
            .or_else(|| Suit::from_name(&s))
            .map(SuitName)
            .ok_or_else(|| {
                de::Error::custom(format!(
                    "{s:?} is not a suit (Spades or S, Hearts or H, Clubs or C, Diamonds or D)"
                ))
            })
    }
}

impl Serialize for SuitName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

impl JsonSchema for SuitName {
    fn schema_name() -> Cow<'static, str> {
        "Suit".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "enum": ["Spades", "Hearts", "Clubs", "Diamonds", "S", "H", "C", "D", "s", "h", "c", "d"]
        })
    }
}

/// A player: a name from the setup, or a seat number 0 to 3.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerRef {
    Seat(u64),
    Name(String),
}

impl fmt::Display for PlayerRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerRef::Seat(n) => write!(f, "{n}"),
            PlayerRef::Name(s) => f.write_str(s),
        }
    }
}

impl<'de> Deserialize<'de> for PlayerRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PlayerRef;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a player's name or a seat number 0 to 3")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<PlayerRef, E> {
                Ok(PlayerRef::Seat(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<PlayerRef, E> {
                u64::try_from(v)
                    .map(PlayerRef::Seat)
                    .map_err(|_| E::custom(format!("{v} is not a seat number 0 to 3")))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<PlayerRef, E> {
                Ok(PlayerRef::Name(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for PlayerRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            PlayerRef::Seat(n) => s.serialize_u64(*n),
            PlayerRef::Name(n) => s.serialize_str(n),
        }
    }
}

impl JsonSchema for PlayerRef {
    fn schema_name() -> Cow<'static, str> {
        "Player".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A player's name, or a seat number 0 to 3",
            "anyOf": [
                {"type": "string"},
                {"type": "integer", "minimum": 0, "maximum": 3}
            ]
        })
    }
}
