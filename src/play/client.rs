//! The other end of the seat protocol: what a `decide` message says, read
//! back into an observation an agent can decide from (`upcard join`).

use serde_json::Value;

use crate::agents::Observation;
use crate::cards::{Card, Suit};
use crate::engine::{Action, Hand, Seat};
use crate::play::save::parse_action;

/// An observation with its own storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub seat: Seat,
    pub hand: Hand,
    pub dealer: Seat,
    pub upcard: Option<Card>,
    pub upcard_taken: bool,
    pub round: u8,
    pub forced: bool,
    pub trump: Option<Suit>,
    pub maker: Option<Seat>,
    pub alone: bool,
    pub sitting_out: Option<Seat>,
    pub defender: Option<Seat>,
    pub trick: Vec<(Seat, Card)>,
    pub played: Vec<(Seat, Card)>,
    pub discard: Option<Card>,
    pub scores: [u32; 2],
    pub tricks: [u8; 4],
    pub hand_no: u32,
}

fn seat(v: &Value, key: &str) -> Result<Option<Seat>, String> {
    match &v[key] {
        Value::Null => Ok(None),
        x => x
            .as_u64()
            .filter(|n| *n < 4)
            .map(|n| Some(n as Seat))
            .ok_or_else(|| format!("{key} is not a seat")),
    }
}

fn card(v: &Value, what: &str) -> Result<Card, String> {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("{what}: {v} is not a card"))
}

fn opt_card(v: &Value, key: &str) -> Result<Option<Card>, String> {
    match &v[key] {
        Value::Null => Ok(None),
        x => card(x, key).map(Some),
    }
}

fn pairs(v: &Value, key: &str) -> Result<Vec<(Seat, Card)>, String> {
    v[key]
        .as_array()
        .ok_or_else(|| format!("{key} is not a list"))?
        .iter()
        .map(|p| {
            let s = p[0]
                .as_u64()
                .filter(|n| *n < 4)
                .ok_or_else(|| format!("{key}: {p} is not [seat, card]"))?;
            Ok((s as Seat, card(&p[1], key)?))
        })
        .collect()
}

impl Seen {
    pub fn from_json(o: &Value) -> Result<Seen, String> {
        let num = |k: &str| o[k].as_u64().ok_or_else(|| format!("{k} is not a number"));
        let flag = |k: &str| {
            o[k].as_bool()
                .ok_or_else(|| format!("{k} is not true or false"))
        };
        let nums = |k: &str, n: usize| -> Result<Vec<u64>, String> {
            let v: Vec<u64> = o[k]
                .as_array()
                .ok_or_else(|| format!("{k} is not a list"))?
                .iter()
                .filter_map(Value::as_u64)
                .collect();
            if v.len() == n {
                Ok(v)
            } else {
                Err(format!("{k} must have {n} numbers"))
            }
        };
        let hand = o["hand"]
            .as_array()
            .ok_or("hand is not a list")?
            .iter()
            .map(|c| card(c, "hand"))
            .collect::<Result<Vec<_>, _>>()?;
        let Ok(hand) = Hand::try_from(hand.as_slice()) else {
            return Err("a hand has at most 6 cards".into());
        };
        let scores = nums("scores", 2)?;
        let tricks = nums("tricks", 4)?;
        Ok(Seen {
            seat: seat(o, "seat")?.ok_or("seat is missing")?,
            hand,
            dealer: seat(o, "dealer")?.ok_or("dealer is missing")?,
            upcard: opt_card(o, "upcard")?,
            upcard_taken: flag("upcard_taken")?,
            round: num("round")?.min(2) as u8,
            forced: flag("forced")?,
            trump: match &o["trump"] {
                Value::Null => None,
                t => Some(
                    t.as_str()
                        .and_then(Suit::from_name)
                        .ok_or_else(|| format!("trump: {t} is not a suit"))?,
                ),
            },
            maker: seat(o, "maker")?,
            alone: flag("alone")?,
            sitting_out: seat(o, "sitting_out")?,
            defender: seat(o, "defender")?,
            trick: pairs(o, "trick")?,
            played: pairs(o, "played")?,
            discard: opt_card(o, "discard")?,
            scores: [scores[0] as u32, scores[1] as u32],
            tricks: std::array::from_fn(|i| tricks[i].min(5) as u8),
            hand_no: num("hand_no")? as u32,
        })
    }

    pub fn view(&self) -> Observation<'_> {
        Observation {
            seat: self.seat,
            hand: &self.hand,
            dealer: self.dealer,
            upcard: self.upcard,
            round: self.round,
            forced: self.forced,
            allow_alone: true,
            trump: self.trump,
            maker: self.maker,
            alone: self.alone,
            trick: &self.trick,
            sitting_out: self.sitting_out,
            defender: self.defender,
            played: &self.played,
            discard: self.discard,
            upcard_taken: self.upcard_taken,
            scores: self.scores,
            tricks: self.tricks,
            hand_no: self.hand_no,
        }
    }
}

/// A `decide` message: what the seat sees and may do.
pub fn decide(msg: &Value) -> Result<(Seen, Vec<Action>), String> {
    let seen = Seen::from_json(&msg["observation"])?;
    let legal = msg["legal"]
        .as_array()
        .ok_or("legal is not a list")?
        .iter()
        .map(|a| {
            a.as_str()
                .and_then(parse_action)
                .ok_or_else(|| format!("{a} is not an action"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if legal.is_empty() {
        return Err("legal is empty".into());
    }
    Ok((seen, legal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::courses::standard::config;
    use crate::engine::{Deck, NullSink, State};
    use crate::play::program_seat::observation_json;

    #[test]
    fn an_observation_reads_back_from_its_json() {
        let cards: Vec<Card> = crate::cards::all_cards().collect();
        let mut s = State::new(config(), Deck::pack(cards.try_into().unwrap(), false));
        for _ in 0..12 {
            while s.to_move().is_none() {
                s.advance(&mut NullSink);
            }
            let a = s.legal_actions()[0];
            s.apply(a, &mut NullSink).unwrap();
        }
        while s.to_move().is_none() {
            s.advance(&mut NullSink);
        }
        let seat = s.to_move().unwrap();
        let obs = s.observation(seat);
        let seen = Seen::from_json(&observation_json(&obs)).unwrap();
        assert_eq!(observation_json(&seen.view()), observation_json(&obs));
    }
}
