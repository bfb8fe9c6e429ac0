//! The ends of tricks and hands as a table's screen shows them: which
//! cards a trick held and who took it, and each hand summed up (who made
//! trump, alone or not, tricks by side, points, a march or a euchre). Read
//! from the game's events, so the page never works out a rule itself.

use upcard_engine::cards::Card;
use upcard_engine::{Event, EventSink, Seat};
use upcard_seat::protocol::{HandSummary, TrickWon};

/// Collects what the last step ended; [`Endings::take`] hands it over.
#[derive(Default)]
pub struct Endings {
    hand_no: u32,
    dealer: Seat,
    trump: Option<String>,
    maker: Option<Seat>,
    alone: bool,
    defender: Option<Seat>,
    trick: Vec<(Seat, Card)>,
    tricks: [u8; 4],
    /// The score when the hand began.
    scores: [u32; 2],
    trick_won: Option<TrickWon>,
    hand_over: Option<HandSummary>,
    /// Every hand of the game so far.
    pub hands: Vec<HandSummary>,
}

impl Endings {
    /// What ended since the last call: a trick, a hand, either or both.
    pub fn take(&mut self) -> (Option<TrickWon>, Option<HandSummary>) {
        (self.trick_won.take(), self.hand_over.take())
    }

    fn summary(
        &self,
        scored: Option<usize>,
        points: u32,
        result: &str,
        scores: [u32; 2],
    ) -> HandSummary {
        HandSummary {
            hand_no: self.hand_no,
            dealer: self.dealer,
            trump: self.trump.clone(),
            maker: self.maker,
            alone: self.alone,
            defender: self.defender,
            tricks: [
                self.tricks[0] + self.tricks[2],
                self.tricks[1] + self.tricks[3],
            ],
            scored,
            points,
            result: result.to_string(),
            scores,
        }
    }

    fn hand_ended(&mut self, summary: HandSummary) {
        self.hands.push(summary.clone());
        self.hand_over = Some(summary);
    }
}

impl EventSink for Endings {
    fn event(&mut self, e: &Event) {
        match *e {
            Event::HandStart {
                hand,
                dealer,
                scores,
            } => {
                *self = Endings {
                    hand_no: hand + 1,
                    dealer,
                    scores,
                    hands: std::mem::take(&mut self.hands),
                    trick_won: self.trick_won.take(),
                    hand_over: self.hand_over.take(),
                    ..Endings::default()
                };
            }
            Event::TrumpSet {
                trump,
                maker,
                alone,
            } => {
                self.trump = Some(trump.name().to_string());
                self.maker = Some(maker);
                self.alone = alone;
            }
            Event::DefendedAlone { seat } => self.defender = Some(seat),
            Event::Led { seat, card } => self.trick = vec![(seat, card)],
            Event::Played { seat, card } => self.trick.push((seat, card)),
            Event::TrickTaken { seat, tricks, .. } => {
                self.tricks = tricks;
                self.trick_won = Some(TrickWon {
                    cards: self
                        .trick
                        .drain(..)
                        .map(|(s, c)| (s, c.short().to_string()))
                        .collect(),
                    winner: seat,
                });
            }
            Event::HandOver {
                winner,
                points,
                march,
                euchred,
                scores,
            } => {
                let result = match (march, euchred) {
                    (_, true) => "euchre",
                    (true, _) => "march",
                    _ => "made",
                };
                let s = self.summary(Some(winner), points, result, scores);
                self.hand_ended(s);
            }
            Event::Nullified { .. } => {
                let s = self.summary(None, 0, "passed", self.scores);
                self.hand_ended(s);
            }
            Event::ThrownIn { .. } => {
                let s = self.summary(None, 0, "thrown in", self.scores);
                self.hand_ended(s);
            }
            _ => {}
        }
    }

    fn takes_why(&self) -> bool {
        false
    }
}
