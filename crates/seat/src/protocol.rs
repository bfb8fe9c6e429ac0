//! The seat protocol's messages (docs/seat-protocol.md): one definition of
//! each, used to write it (program seats, `upcard serve`) and to read it
//! (`upcard join`, the fuzz target, the tests). Readers ignore fields they
//! do not know, so a field added later breaks no program.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use upcard_engine::Seat;
use upcard_engine::cards::{Card, Suit};
use upcard_rules::agents::Observation;

/// The protocol's version: `hello.protocol`. Fields added since 1 are
/// optional for readers, so it is still 1.
pub const PROTOCOL: u32 = 1;

/// A message from upcard to a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToSeat {
    Hello(Hello),
    Decide(Decide),
    Over(Over),
    /// `upcard serve` refusing a client's `join` (the client may try again),
    /// or a browser's answer that it did not take.
    Error {
        message: String,
    },
    /// What just happened at the table, to a client that asked for it at
    /// `join` (`"table": true`): never sent to one that did not, so a
    /// program written for the first protocol never meets it.
    Update(Update),
    /// To browsers before the game begins, and again whenever a seat is
    /// taken: who sits where so far, and the rules to be played.
    Lobby(Lobby),
    /// To browsers: a player's quick reaction, one of [`EMOTES`] (never
    /// free text: nothing to moderate).
    Emote {
        seat: Seat,
        emote: String,
    },
    /// To the host's page of `upcard play --web` with nothing chosen on
    /// its command line: choose the seats and the rules
    /// (`{"type":"setup",…}`).
    Choose {},
    /// To the host's page once the table is chosen: each invited friend's
    /// seat and the path of its link (`/seat/TOKEN`), to send them.
    Invites {
        links: Vec<(Seat, String)>,
    },
    /// To browsers after a game that offers another: the seats whose people
    /// asked for it (`{"type":"again"}`) and those still to.
    Again {
        asked: Vec<Seat>,
        waiting: Vec<Seat>,
    },
}

/// The reactions a browser's seat may send (`{"type":"emote","emote":"nice"}`),
/// at most one every [`EMOTE_GAP`] per link.
pub const EMOTES: [&str; 6] = ["hi", "nice", "wow", "oops", "sorry", "gg"];
pub const EMOTE_GAP: std::time::Duration = std::time::Duration::from_secs(2);

/// The waiting room: each seat, taken or not, and the game to come.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    pub seats: Vec<LobbySeat>,
    pub points_to_win: u32,
    /// Every house rule by name and value, as in `hello`.
    pub house: BTreeMap<String, String>,
}

/// A seat in the waiting room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbySeat {
    pub seat: Seat,
    /// The name it goes by (its person's once taken; a bot's compass name).
    pub name: String,
    /// `bot`, `program` (a program the host started), `invited` (a link
    /// not yet opened) or `taken`.
    pub state: String,
    /// A bot's kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// The table after one step of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Update {
    /// The step's lines as `upcard play --plain` prints them (only what the
    /// whole table may see), perhaps empty.
    pub text: String,
    /// The table as this client may see it: its own seat's observation, or,
    /// for a spectator or a device passed between people, the table with
    /// no hand in it (`hand` empty, `discard` null; `seat` the seat to move).
    pub observation: WireObservation,
    /// The seat to move, if a seat is.
    #[serde(default)]
    pub to_move: Option<Seat>,
    /// What the seat to move is asked: `bid`, `discard`, `defend` (alone),
    /// `lead` or `play`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asked: Option<String>,
    /// The trick this step finished: its cards and who took it (the
    /// observation already shows the table without it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trick_won: Option<TrickWon>,
    /// The hand this step ended, summed up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_over: Option<HandSummary>,
}

impl Update {
    /// The table of `state` after a step that finished no trick and no hand.
    pub fn new(text: String, observation: WireObservation, state: &upcard_engine::State) -> Update {
        use upcard_engine::Ask;
        Update {
            text,
            observation,
            to_move: state.to_move(),
            asked: state.ask().map(|a| {
                match a {
                    Ask::Bid { .. } => "bid",
                    Ask::Discard { .. } => "discard",
                    Ask::Defend => "defend",
                    Ask::Lead => "lead",
                    Ask::Play => "play",
                }
                .to_string()
            }),
            trick_won: None,
            hand_over: None,
        }
    }
}

/// A trick as it was taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickWon {
    /// Its cards in the order played.
    pub cards: Vec<(Seat, String)>,
    /// The seat that took it.
    pub winner: Seat,
}

/// How a hand ended, for a table's screen and a game's score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSummary {
    /// The hand's number in the game, counted from 1.
    pub hand_no: u32,
    pub dealer: Seat,
    /// Trump and who made it; none when the hand was not played (every
    /// seat passed, or a farmer's hand thrown in).
    pub trump: Option<String>,
    pub maker: Option<Seat>,
    pub alone: bool,
    /// A defender who played alone.
    pub defender: Option<Seat>,
    /// Tricks taken by team (team 0: seats 0 and 2).
    pub tricks: [u8; 2],
    /// The team that scored, if any, and how many points.
    pub scored: Option<usize>,
    pub points: u32,
    /// `made`, `march`, `euchre`, `passed` (nobody made trump) or
    /// `thrown in` (a farmer's hand).
    pub result: String,
    /// The score after the hand.
    pub scores: [u32; 2],
}

/// Once at the start of each game: who sits where and every rule in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    pub protocol: u32,
    pub seat: Seat,
    pub names: [String; 4],
    /// `standard`, `eecs280` or `cs246`.
    pub rules: String,
    pub points_to_win: u32,
    /// Under the standard rules, every house rule by its `--house` name and
    /// value (`"defend-alone": "on"`, `"lone-march-points": "5"`); empty
    /// for the courses' rules, which have none.
    #[serde(default)]
    pub house: BTreeMap<String, String>,
    /// The game's number in a match (0 for a single game): a program that
    /// stays is greeted again for each game it plays.
    #[serde(default)]
    pub game: u32,
    /// A spectator's greeting (`seat` is then 0 and means nothing): it
    /// is sent the table without hands and never asked to decide.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub watching: bool,
}

impl Hello {
    /// The greeting for `seat` of a game under `rules` to `points_to_win`,
    /// with its house rules (`courses::standard::house::values`; none for
    /// the courses).
    pub fn new(
        seat: Seat,
        names: &[String; 4],
        rules: &str,
        points_to_win: u32,
        house: BTreeMap<String, String>,
    ) -> Hello {
        Hello {
            protocol: PROTOCOL,
            seat,
            names: names.clone(),
            rules: rules.to_string(),
            points_to_win,
            house,
            game: 0,
            watching: false,
        }
    }
}

/// A decision for the seat: what it sees and what it may do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decide {
    pub observation: WireObservation,
    /// Every action the rules take, as `action` answers name them.
    pub legal: Vec<String>,
    /// The cards among `legal` that would be reneges (CS 246 rules: a card
    /// that does not follow suit is taken, and the other team scores the
    /// penalty). Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reneges: Vec<String>,
    /// Each card of the hand that may not be played now, with why, for a
    /// person's screen. Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refused: Vec<Refused>,
}

/// A card of the hand that the rules do not take now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refused {
    pub card: String,
    pub reason: String,
}

impl Decide {
    /// The decision `obs` asks for among `legal`.
    pub fn new(obs: &Observation, legal: &[upcard_engine::Action]) -> Decide {
        use upcard_engine::Action;
        Decide {
            observation: WireObservation::from(obs),
            legal: legal.iter().map(|a| a.short()).collect(),
            reneges: legal
                .iter()
                .filter(|a| matches!(a, Action::Play(c) if obs.reneges(*c)))
                .map(|a| a.short())
                .collect(),
            refused: match legal.first() {
                // Only play narrows the hand: a card that does not follow.
                Some(Action::Play(_)) => obs
                    .hand
                    .iter()
                    .filter(|c| !legal.contains(&Action::Play(**c)))
                    .map(|c| Refused {
                        card: c.short().to_string(),
                        reason: match obs.renege_suit(*c) {
                            Some(suit) => must_follow(*c, suit, obs.trump, obs.led()),
                            None => "the rules do not take it now".into(),
                        },
                    })
                    .collect(),
                _ => Vec::new(),
            },
        }
    }
}

/// Why `card` may not be played while `suit` is to be followed, saying
/// where a bower belongs (the card a person most often takes for another
/// suit's): the card refused, or the card led.
fn must_follow(card: Card, suit: Suit, trump: Option<Suit>, led: Option<Card>) -> String {
    let mut why = format!("you must follow {}", suit.name());
    let Some(t) = trump else {
        return why;
    };
    let one = |s: Suit| s.name().trim_end_matches('s').to_string();
    if card.is_right_bower(t) {
        why += &format!(
            "; the {} is the right bower, a {} (trump)",
            card.long(),
            one(t)
        );
    } else if card.is_left_bower(t) {
        why += &format!(
            "; the {} is the left bower, a {} while {} are trump",
            card.long(),
            one(t),
            t.name()
        );
    }
    if let Some(l) = led.filter(|l| l.is_left_bower(t)) {
        why += &format!(
            "; the {} led is the left bower, so {} were led",
            l.long(),
            t.name()
        );
    }
    why
}

/// Once when the game ends; then the program exits, or, if it stays, waits
/// for the next game's `hello`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Over {
    /// The winning team (0: seats 0 and 2).
    pub winner: usize,
    pub scores: [u32; 2],
    /// Every hand of the game, to a table's screen (left out for programs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<HandSummary>,
    /// To browsers: the table offers another game with the same seats and
    /// rules once each person's seat asks (`{"type":"again"}`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// To browsers: the games each team has won at this table so far, this
    /// one included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<[u32; 2]>,
}

/// A seat's answer to a `decide`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub action: String,
    /// The program plays the next game of a match in this same process:
    /// after `over` it is sent the next `hello` instead of being stopped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stay: bool,
}

/// A client's first line to `upcard serve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FromClient {
    Join {
        name: String,
        /// The seat's private token from its link (`upcard serve --web`);
        /// without one, the first remote seat still free.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// Send `update` messages: the table after every step.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        table: bool,
    },
}

/// What a seat may see, as the protocol sends it: cards as two characters
/// (`9H`), suits by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireObservation {
    pub seat: Seat,
    /// The seat's hand; the dealer's discard is chosen from these and the
    /// upcard, which is not among them.
    pub hand: Vec<String>,
    pub dealer: Seat,
    pub upcard: Option<String>,
    /// The dealer picked the upcard up this hand.
    pub upcard_taken: bool,
    /// 1 or 2 while trump is being made and during the dealer's discard; 0
    /// from the defend-alone question on.
    pub round: u8,
    /// The round trump was made in (1 or 2), 0 before.
    #[serde(default)]
    pub trump_round: u8,
    /// The dealer may not pass (stick the dealer).
    pub forced: bool,
    pub trump: Option<String>,
    pub maker: Option<Seat>,
    pub alone: bool,
    /// The lone maker's partner.
    pub sitting_out: Option<Seat>,
    /// Every seat sitting this hand out: the lone maker's partner and a
    /// lone defender's partner, in seat order.
    #[serde(default)]
    pub seats_out: Vec<Seat>,
    /// A defender playing alone (house rule `defend-alone`).
    pub defender: Option<Seat>,
    /// The cards on the table this trick, in the order played.
    pub trick: Vec<(Seat, String)>,
    /// Every card played this hand, in order, the current trick's last.
    pub played: Vec<(Seat, String)>,
    /// Every call this hand, in order. Older servers send none.
    #[serde(default)]
    pub bids: Vec<WireBid>,
    /// The dealer's own discard, to the dealer only.
    pub discard: Option<String>,
    /// Points by team (team 0: seats 0 and 2).
    pub scores: [u32; 2],
    /// Tricks taken this hand, by seat.
    pub tricks: [u8; 4],
    pub hand_no: u32,
}

/// One call of the hand: the seat, the round (1 or 2; 0 for the
/// defend-alone question) and the call as an `action` names it (`pass`,
/// `order Hearts alone`, `defend alone`, `throw in`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WireBid {
    pub seat: Seat,
    pub round: u8,
    pub call: String,
}

impl From<&Observation<'_>> for WireObservation {
    fn from(obs: &Observation) -> WireObservation {
        let card = |c: Card| c.short().to_string();
        let pairs = |v: &[(Seat, Card)]| v.iter().map(|&(s, c)| (s, card(c))).collect();
        let seats_out = (0..4)
            .filter(|&s| {
                obs.sitting_out == Some(s)
                    || obs
                        .defender
                        .is_some_and(|d| upcard_engine::partner_of(d) == s)
            })
            .collect();
        WireObservation {
            seat: obs.seat,
            hand: obs.hand.iter().map(|&c| card(c)).collect(),
            dealer: obs.dealer,
            upcard: obs.upcard.map(card),
            upcard_taken: obs.upcard_taken,
            round: obs.round,
            trump_round: obs.trump_round,
            forced: obs.forced,
            trump: obs.trump.map(|t| t.name().to_string()),
            maker: obs.maker,
            alone: obs.alone,
            sitting_out: obs.sitting_out,
            seats_out,
            defender: obs.defender,
            trick: pairs(obs.trick),
            played: pairs(obs.played),
            bids: obs
                .bids
                .iter()
                .map(|b| WireBid {
                    seat: Seat::from(b.seat),
                    round: b.round,
                    call: b.action.short(),
                })
                .collect(),
            discard: obs.discard.map(card),
            scores: obs.scores,
            tricks: obs.tricks,
            hand_no: obs.hand_no,
        }
    }
}

/// One message as one line.
pub fn line<T: Serialize>(msg: &T) -> String {
    // Derived types of strings, numbers and lists always serialise.
    let mut s = serde_json::to_string(msg).unwrap_or_default();
    s.push('\n');
    s
}

/// Reads a message, naming the field that is wrong (`observation.hand[2]`).
pub fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." {
            inner.to_string()
        } else {
            format!("{path}: {inner}")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::must_follow;
    use upcard_engine::cards::{Card, Suit};

    fn card(s: &str) -> Card {
        Card::parse_short(s).unwrap()
    }

    /// A refused Jack says which suit it belongs to this hand, and a led
    /// left bower says that trump was led.
    #[test]
    fn a_refused_card_says_where_a_bower_belongs() {
        let hearts = Some(Suit::Hearts);
        assert_eq!(
            must_follow(card("JD"), Suit::Clubs, hearts, Some(card("AC"))),
            "you must follow Clubs; the Jack of Diamonds is the left bower, a Heart while Hearts are trump"
        );
        assert_eq!(
            must_follow(card("JH"), Suit::Spades, hearts, Some(card("9S"))),
            "you must follow Spades; the Jack of Hearts is the right bower, a Heart (trump)"
        );
        assert_eq!(
            must_follow(card("9D"), Suit::Hearts, hearts, Some(card("JD"))),
            "you must follow Hearts; the Jack of Diamonds led is the left bower, so Hearts were led"
        );
        assert_eq!(
            must_follow(card("JC"), Suit::Diamonds, hearts, Some(card("KD"))),
            "you must follow Diamonds"
        );
        assert_eq!(
            must_follow(card("JD"), Suit::Clubs, None, None),
            "you must follow Clubs"
        );
    }
}
