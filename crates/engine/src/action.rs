//! The decisions a seat can make.

use std::fmt;

use crate::cards::{Card, Suit};

/// One decision. In round one `Order` names the upcard's suit (ordering it
/// up); in round two it names another suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Pass,
    Order {
        suit: Suit,
        alone: bool,
    },
    /// The dealer's discard after picking up the upcard (or the upcard itself).
    Discard(Card),
    /// A card led or played to the trick.
    Play(Card),
    /// A defender plays alone against a lone maker (house rule).
    DefendAlone,
    /// A farmer's hand (only nines and tens) is thrown in (house rule).
    ThrowIn,
}

impl Action {
    pub fn is_bid(self) -> bool {
        matches!(self, Action::Pass | Action::Order { .. })
    }

    /// The card of a discard or play.
    pub fn card(self) -> Option<Card> {
        match self {
            Action::Discard(c) | Action::Play(c) => Some(c),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Order { suit, alone: false } => write!(f, "order {suit}"),
            Action::Order { suit, alone: true } => write!(f, "order {suit} alone"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::DefendAlone => f.write_str("defend alone"),
            Action::ThrowIn => f.write_str("throw in"),
        }
    }
}

impl Action {
    /// The action with cards in two characters (`play JH`), as the seat
    /// protocol and saved games write it; [`str::parse`] reads it back.
    pub fn short(self) -> String {
        match self {
            Action::Discard(c) => format!("discard {}", c.short()),
            Action::Play(c) => format!("play {}", c.short()),
            a => a.to_string(),
        }
    }
}

/// Reads what [`Action::short`] and `Display` write: cards in either
/// spelling (`play JH`, `play Jack of Hearts`).
impl std::str::FromStr for Action {
    type Err = String;

    fn from_str(s: &str) -> Result<Action, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let card = |w: &[&str]| w.join(" ").parse::<crate::cards::Card>().ok();
        let suit = |w: &str| crate::cards::Suit::from_name(w);
        let action = match words.as_slice() {
            ["pass"] => Some(Action::Pass),
            ["defend", "alone"] => Some(Action::DefendAlone),
            ["throw", "in"] => Some(Action::ThrowIn),
            ["order", s] => suit(s).map(|suit| Action::Order { suit, alone: false }),
            ["order", s, "alone"] => suit(s).map(|suit| Action::Order { suit, alone: true }),
            ["discard", rest @ ..] => card(rest).map(Action::Discard),
            ["play", rest @ ..] => card(rest).map(Action::Play),
            _ => None,
        };
        action.ok_or_else(|| format!("not an action: {s:?}"))
    }
}

/// At most: pass and three suits, each alone or not (round two); or pass,
/// the upcard's suit alone or not, and throwing a farmer's hand in.
/// (`ArrayVec` rather than the state's `List`: built fresh for every move,
/// it need not fill its unused slots, which measured 4% of a simulated game.)
pub type Actions = super::List<Action, 8>;

/// One call while making trump or answering the defend-alone question: who,
/// in which round (1 or 2; 0 for the defend-alone question), and what. The
/// hand's calls are public: every player heard them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid {
    pub seat: u8,
    pub round: u8,
    pub action: Action,
}

impl super::Fill for Bid {
    const FILL: Bid = Bid {
        seat: 0,
        round: 0,
        action: Action::Pass,
    };
}

/// A hand's calls: four in each round, two defend-alone answers.
pub type Bids = super::List<Bid, 10>;

impl super::list::Fill for Action {
    const FILL: Action = Action::Pass;
}
