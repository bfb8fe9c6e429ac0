//! The standard game (docs/house-rules.md): North American Euchre as
//! `../shared/specs/pass-and-play-euchre-vision.txt` describes it, for people
//! at one device and bots, with house rules. No course program plays it, so
//! its scenarios are checked by `upcard run` and never graded.

pub mod house;
mod person;
pub mod transcript;

pub use person::{Person, Turns, choice_text, display_order, offered};

use upcard_engine::cards::{ALL_CARDS, Card};
use upcard_engine::{Config, Deck};

/// The standard rules before house rules (the engine's plain Euchre,
/// [`Config::standard`]).
pub fn config() -> Config {
    Config::standard()
}

/// The deck of a seeded game: each hand is a Fisher–Yates shuffle (MT19937)
/// of the last, from the cards in [`ALL_CARDS`] order.
pub fn deck(seed: u32) -> Deck {
    Deck::twister(i64::from(seed), ALL_CARDS, 0)
}

/// [`deck`] of each of `seeds`, made together: several seeded games' decks
/// cost about what one does ([`Deck::twisters`]).
pub fn decks<const K: usize>(seeds: [u32; K]) -> [Deck; K] {
    Deck::twisters(seeds.map(i64::from), ALL_CARDS)
}

/// Random hands for simulations from `seed` ([`Deck::quick`]): a game
/// that plays in bulk (a playout, a benchmark) and that no seat at a table
/// plays, since the seed computes every hand.
pub fn quick_deck(seed: u64) -> Deck {
    Deck::quick(seed, ALL_CARDS)
}

/// The deck of a game dealt from a secret key (`Cards::Key`).
pub fn keyed_deck(key: [u8; 32]) -> Deck {
    Deck::keyed(key, ALL_CARDS)
}

/// A key as a scenario or a save file writes it: 64 hexadecimal digits.
pub fn key_text(key: &[u8; 32]) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// A key read back from [`key_text`]'s form.
pub fn parse_key(text: &str) -> Result<[u8; 32], String> {
    let bad = || format!("{text:?} is not a key: 64 hexadecimal digits");
    if text.len() != 64 || !text.is_ascii() {
        return Err(bad());
    }
    let mut key = [0u8; 32];
    for (i, b) in key.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(key)
}

impl Cards {
    /// `--seed S`'s cards, or without one a new key from the system.
    pub fn from_seed(seed: Option<u32>) -> Result<Cards, String> {
        Ok(match seed {
            Some(s) => Cards::Seed(s),
            None => Cards::Key(fresh_key()?),
        })
    }

    /// The cards of the next game at the same table: a seeded table's next
    /// seed (so a seeded evening can be dealt again), otherwise a new key
    /// (a pinned deal is not dealt twice).
    pub fn next(&self) -> Result<Cards, String> {
        match self {
            Cards::Seed(s) => Ok(Cards::Seed(s.wrapping_add(1))),
            Cards::Key(_) | Cards::Fixed(..) => Cards::from_seed(None),
        }
    }

    /// The deal in a sentence's parentheses: `seed 5`, or nothing for a
    /// keyed game (its key is the host's, in its save file or record).
    pub fn seed_words(&self) -> Option<String> {
        match self {
            Cards::Seed(s) | Cards::Fixed(_, s) => Some(format!("seed {s}")),
            Cards::Key(_) => None,
        }
    }

    /// [`Cards::seed_words`] as a record's description gives them after
    /// its title: ` (seed 5)`, or nothing.
    pub fn seed_note(&self) -> String {
        self.seed_words()
            .map_or(String::new(), |s| format!(" ({s})"))
    }
}

/// A new secret key from the operating system's randomness: 256 bits no
/// seat can compute. Where the system has none to give (it always does on
/// Linux and macOS), the game cannot be dealt fairly: an error.
pub fn fresh_key() -> Result<[u8; 32], String> {
    let mut key = [0u8; 32];
    getrandom::fill(&mut key)
        .map_err(|e| format!("no randomness from the system to deal with: {e}"))?;
    Ok(key)
}

/// The seats' names when none is given.
pub const SEATS: [&str; 4] = ["North", "East", "South", "West"];

/// The standard game as a plug-in (crate::courses): scenarios only.
pub struct Standard;

impl crate::courses::Course for Standard {
    fn name(&self) -> &'static str {
        "standard"
    }

    fn config(&self) -> Config {
        config()
    }

    fn config_with(&self, house: &[String]) -> Result<Config, String> {
        let mut c = config();
        for h in house {
            house::apply(&mut c, h)?;
        }
        house::check(&c)?;
        Ok(c)
    }

    fn house(&self, config: &Config) -> std::collections::BTreeMap<String, String> {
        house::values(config)
    }

    fn house_changed(&self, config: &Config) -> Vec<String> {
        house::changed(config)
            .iter()
            .map(|(r, v)| format!("{}={v}", r.name()))
            .collect()
    }

    fn deck(&self, seed: u32) -> Deck {
        deck(seed)
    }

    fn decks(&self, seeds: [u32; crate::DEALS_TOGETHER]) -> [Deck; crate::DEALS_TOGETHER] {
        decks(seeds)
    }

    fn about(&self) -> &'static str {
        "The standard game with house rules (upcard play)"
    }

    fn program(&self) -> &'static str {
        "upcard play"
    }

    fn build_script(&self, _cxxflags: &str) -> String {
        String::new()
    }

    fn has_program(&self) -> bool {
        false
    }

    fn skeleton(&self, name: &str) -> String {
        format!(
            r#"name: {name}
description: >-
  Say here what this game shows (docs/house-rules.md).
rules: standard
standard:
  # The shuffle's seed (each hand is shuffled anew); or deck: [24 cards], top
  # first, dealt the same every hand. North (seat 0) deals first; the deal
  # goes from the dealer's left in batches 3-2-3-2 then 2-3-2-3 (deal-pattern
  # 2-3: the other way round); card 21 is the upcard.
  seed: 1
  house: {{ stick-the-dealer: on, points-to-win: 1 }}
  players:                      # human, or a bot by name (docs/bots.md)
    - {{ name: Ann, type: human }}
    - {{ name: Bo, type: simple }}
    - {{ name: Cy, type: computer }}
    - {{ name: Di, type: computer }}
# A person answers each numbered choice with its number (with two or more
# people, one line, often empty, each time the device is passed); q stops.
input: ["1", "1", "1", "1", "1", "1", "1", "1", "1", "1", q]
tags: [standard]
"#
        )
    }

    fn run(
        &self,
        _args: &[String],
        _argv0: &str,
        _stdin: Box<dyn std::io::BufRead>,
        _stdout: &mut dyn std::io::Write,
    ) -> Result<(), crate::Failure> {
        Err(crate::Failure::input(
            "the standard game has no course program: play it with upcard play",
        ))
    }
}

/// Where the cards come from. Its `Debug` shows no key: a table printed
/// anywhere (a log, a panic) must not give the deal away.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Cards {
    /// Shuffled from a seed, each hand anew.
    Seed(u32),
    /// Shuffled from a secret key of 256 random bits, each hand anew: a
    /// deal no seat can compute (`Deck::keyed`).
    Key([u8; 32]),
    /// The same order every hand (scenarios that pin a deal), and the seed
    /// of the bots' own choices.
    Fixed([Card; 24], u32),
}

impl std::fmt::Debug for Cards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Cards::Seed(s) => f.debug_tuple("Seed").field(s).finish(),
            Cards::Key(_) => f.write_str("Key(..)"),
            Cards::Fixed(cards, s) => f.debug_tuple("Fixed").field(cards).field(s).finish(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::{Action, NullSink, State, VecSink};

    /// A printed table shows its seed or its pinned cards, never its key.
    #[test]
    fn cards_print_no_key() {
        assert_eq!(format!("{:?}", Cards::Seed(4)), "Seed(4)");
        assert_eq!(format!("{:?}", Cards::Key([0xa7; 32])), "Key(..)");
        let fixed = format!("{:?}", Cards::Fixed(upcard_engine::DEFAULT_ORDER, 2));
        assert!(
            fixed.starts_with("Fixed([") && fixed.ends_with("], 2)"),
            "{fixed}"
        );
    }

    /// A lone defender who euchres a lone maker scores 4.
    #[test]
    fn a_lone_defenders_euchre_scores_four() {
        let mut c = config();
        c.defend_alone = true;
        // North deals; East orders up alone, South defends alone; East
        // holds the four nines and a ten, South the best trump.
        let deck: [Card; 24] = [
            "9S", "9H", "9C", // East
            "JS", "JC", // South
            "AH", "KH", "QH", // West (sits out)
            "AD", "KD", // North (sits out)
            "9D", "TH", // East
            "AS", "KS", "QS", // South
            "AC", "KC", // West
            "QD", "JD", "TD", // North
            "TS", "QC", "TC", "JH",
        ]
        .map(|s| s.parse().unwrap());
        let mut s = State::new(c, Deck::pack(deck, false));
        while s.to_move().is_none() {
            s.advance(&mut NullSink);
        }
        let mut events = VecSink::default();
        let mut act = |s: &mut State, a: Action| {
            s.apply(a, &mut events).unwrap();
            while s.to_move().is_none() && !s.is_over() && s.tricks_played() < 5 {
                if !s.advance(&mut events) {
                    break;
                }
            }
        };
        act(
            &mut s,
            Action::Order {
                suit: upcard_engine::cards::Suit::Spades,
                alone: true,
            },
        );
        // North, the dealer, picks up and discards before defenders are
        // asked (docs/house-rules.md), then sits out when South defends.
        assert_eq!(s.to_move(), Some(0), "the dealer discards first");
        let discard = s.legal_actions()[0];
        assert!(matches!(discard, Action::Discard(_)), "{discard}");
        act(&mut s, discard);
        assert_eq!(s.to_move(), Some(2), "South, the first defender, is asked");
        act(&mut s, Action::DefendAlone);
        assert!(s.sits_out(0) && s.sits_out(3));
        // Play each seat's first legal card.
        while s.tricks_played() < 5 {
            let a = s.legal_actions()[0];
            act(&mut s, a);
        }
        s.advance(&mut events);
        assert!(s.team_tricks(0) >= 3, "South's trumps beat East's nines");
        assert_eq!(s.scores, [4, 0]);
    }
}
