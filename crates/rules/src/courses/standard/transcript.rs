//! The standard game as plain text: what `upcard play --plain` prints and
//! the standard scenarios' goldens. Only what everyone at the table may see
//! is told (a discard is not named), and a person's hand only to them, after
//! the device has been passed.

use std::io::{self, Write};

use super::person::display_order;
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Event, EventSink, Hand, Seat};

pub struct StandardPrinter<W: Write> {
    out: crate::transcript::Latch<W>,
    names: [String; 4],
    /// The last hand each seat was asked with (shown with its choices).
    hands: [Hand; 4],
    upcard: Option<Card>,
    trump: Option<Suit>,
    /// The score as last told (a renege penalty changes it mid-hand).
    scores: [u32; 2],
}

impl<W: Write> StandardPrinter<W> {
    pub fn new(out: W, names: [String; 4]) -> Self {
        StandardPrinter {
            out: crate::transcript::Latch::new(out),
            names,
            hands: Default::default(),
            upcard: None,
            trump: None,
            scores: [0; 2],
        }
    }

    pub fn get_ref(&self) -> &W {
        self.out.get_ref()
    }

    /// Flushes and returns the writer, or the first write error.
    pub fn finish(self) -> io::Result<W> {
        self.out.finish()
    }

    pub fn line(&mut self, text: &str) {
        self.out.put(&[text]);
    }

    fn team(&self, team: usize) -> String {
        format!("{} & {}", self.names[team], self.names[team + 2])
    }

    fn score(&self, s: [u32; 2]) -> String {
        format!("{} {}, {} {}", self.team(0), s[0], self.team(1), s[1])
    }
}

/// "the Jack of Hearts".
fn the(c: Card) -> String {
    format!("the {c}")
}

impl<W: Write> EventSink for StandardPrinter<W> {
    /// The transcript shows no strategy rules.
    fn takes_why(&self) -> bool {
        false
    }

    // One match arm per event: its length is the event list's.
    #[allow(clippy::too_many_lines)]
    fn event(&mut self, e: &Event) {
        let n = |s: &Seat| self.names[*s].clone();
        let text = match e {
            Event::HandStart {
                hand,
                dealer,
                scores,
            } => {
                self.trump = None;
                self.scores = *scores;
                format!(
                    "{}Hand {}. {} deals. Score: {}.\n",
                    if *hand == 0 { "" } else { "\n" },
                    hand + 1,
                    n(dealer),
                    self.score(*scores)
                )
            }
            Event::Upcard { card, .. } => {
                self.upcard = Some(*card);
                format!("The upcard is {}.\n", the(*card))
            }
            Event::Asked { seat, hand, .. } => {
                self.hands[*seat] = *hand;
                return;
            }
            Event::PassDevice { seat } => {
                format!("\nPass the device to {}, then press Enter.\n", n(seat))
            }
            Event::Choices { seat, choices } => {
                let trump = self.trump.or(self.upcard.map(|u| u.suit()));
                let hand: Vec<String> = display_order(&self.hands[*seat], trump)
                    .iter()
                    .map(|c| c.to_string())
                    .collect();
                let mut s = format!("{}, your hand: {}.\n", n(seat), hand.join(", "));
                for (i, c) in choices.iter().enumerate() {
                    s.push_str(&format!("  {}) {c}\n", i + 1));
                }
                s.push_str(&format!("{}, choose 1-{}:\n", n(seat), choices.len()));
                s
            }
            Event::Rejected { message, .. } => format!("{message}\n"),
            Event::Passed { seat, round: 0 } => format!("{} will not defend alone.\n", n(seat)),
            Event::Passed { seat, .. } => format!("{} passes.\n", n(seat)),
            Event::TurnedDown { suit } => format!("Everyone passed: {suit} is turned down.\n"),
            Event::Ordered {
                seat,
                suit,
                alone,
                round,
            } => format!(
                "{} {} {suit}{}.\n",
                n(seat),
                if *round == 1 { "orders up" } else { "names" },
                if *alone { " and goes alone" } else { "" }
            ),
            Event::DefendedAlone { seat } => format!("{} defends alone.\n", n(seat)),
            Event::Discarded { seat, .. } => format!(
                "{} picks up {} and discards a card.\n",
                n(seat),
                self.upcard.map_or("the upcard".into(), the)
            ),
            Event::TrumpSet {
                trump,
                maker,
                alone,
            } => {
                self.trump = Some(*trump);
                format!(
                    "Trump is {trump}, made by {}{}.\n",
                    n(maker),
                    if *alone { " alone" } else { "" }
                )
            }
            Event::Nullified { next_dealer } => format!(
                "Everyone passed again: the hand is thrown in, and {} deals.\n",
                n(next_dealer)
            ),
            Event::ThrownIn { seat, next_dealer } => format!(
                "{} throws in a farmer's hand, and {} deals.\n",
                n(seat),
                n(next_dealer)
            ),
            Event::Led { seat, card } => format!("{} leads {}.\n", n(seat), the(*card)),
            Event::Played { seat, card } => format!("{} plays {}.\n", n(seat), the(*card)),
            Event::TrickTaken { seat, tricks, .. } => format!(
                "{} takes the trick. Tricks: {} {}, {} {}.\n",
                n(seat),
                self.team(0),
                tricks[0] + tricks[2],
                self.team(1),
                tricks[1] + tricks[3]
            ),
            Event::HandOver {
                winner,
                points,
                march,
                euchred,
                scores,
            } => {
                self.scores = *scores;
                format!(
                    "{} {} and score {points} point{}. Score: {}.\n",
                    self.team(*winner),
                    if *euchred {
                        "euchre the makers"
                    } else if *march {
                        "take all five tricks"
                    } else {
                        "make their bid"
                    },
                    if *points == 1 { "" } else { "s" },
                    self.score(*scores)
                )
            }
            Event::Renege {
                seat,
                card,
                team,
                score,
                ..
            } => {
                let penalty = score.saturating_sub(self.scores[*team]);
                self.scores[*team] = *score;
                format!(
                    "{} plays {} but could follow suit: a renege. {} score {penalty} point{}, and {} plays again. Score: {}.\n",
                    n(seat),
                    the(*card),
                    self.team(*team),
                    if penalty == 1 { "" } else { "s" },
                    n(seat),
                    self.score(self.scores)
                )
            }
            Event::GameOver { winner, scores } => format!(
                "\n{} win the game, {} to {}.\n",
                self.team(*winner),
                scores[*winner],
                scores[1 - *winner]
            ),
            _ => return,
        };
        self.line(&text);
    }

    fn flush(&mut self) {
        self.out.flush();
    }
}

impl crate::transcript::Transcript for StandardPrinter<Vec<u8>> {
    fn bytes(&self) -> &[u8] {
        self.get_ref()
    }
    /// The standard game has no catalogued bugs: its printing has no switch.
    fn switch(&mut self, _: upcard_engine::mutants::Switch) {}
    fn finish(self: Box<Self>) -> Vec<u8> {
        // Writing to a Vec cannot fail.
        (*self).finish().unwrap_or_default()
    }
}
