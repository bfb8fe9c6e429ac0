//! The other end of the seat protocol: what a `decide` message says, read
//! back into an observation an agent can decide from (`upcard join`).

use crate::protocol::{Decide, WireObservation};
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Action, Bid, Hand, Seat};
use upcard_rules::agents::Observation;

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
    pub trump_round: u8,
    pub maker: Option<Seat>,
    pub alone: bool,
    pub sitting_out: Option<Seat>,
    pub defender: Option<Seat>,
    pub trick: Vec<(Seat, Card)>,
    pub played: Vec<(Seat, Card)>,
    pub bids: Vec<Bid>,
    pub discard: Option<Card>,
    pub scores: [u32; 2],
    pub tricks: [u8; 4],
    pub hand_no: u32,
}

fn card(text: &str, what: &str) -> Result<Card, String> {
    text.parse()
        .map_err(|_| format!("{what}: {text:?} is not a card"))
}

fn pairs(v: &[(Seat, String)], what: &str) -> Result<Vec<(Seat, Card)>, String> {
    v.iter()
        .map(|(s, c)| {
            if *s >= 4 {
                return Err(format!("{what}: {s} is not a seat"));
            }
            Ok((*s, card(c, what)?))
        })
        .collect()
}

fn seat(s: Option<Seat>, what: &str) -> Result<Option<Seat>, String> {
    match s {
        Some(s) if s >= 4 => Err(format!("{what}: {s} is not a seat")),
        s => Ok(s),
    }
}

impl Seen {
    /// The observation a `decide` carries, its fields read into cards and
    /// seats (each wrong one named); [`Seen::check`] then asks whether a
    /// game could show it.
    pub fn from_wire(o: &WireObservation) -> Result<Seen, String> {
        let hand = o
            .hand
            .iter()
            .map(|c| card(c, "hand"))
            .collect::<Result<Vec<_>, _>>()?;
        let Ok(hand) = Hand::try_from(hand.as_slice()) else {
            return Err("hand: a hand has at most 6 cards".into());
        };
        let opt_card =
            |c: &Option<String>, what: &str| c.as_deref().map(|c| card(c, what)).transpose();
        Ok(Seen {
            seat: seat(Some(o.seat), "seat")?.unwrap_or(0),
            hand,
            dealer: seat(Some(o.dealer), "dealer")?.unwrap_or(0),
            upcard: opt_card(&o.upcard, "upcard")?,
            upcard_taken: o.upcard_taken,
            round: o.round.min(2),
            trump_round: o.trump_round.min(2),
            forced: o.forced,
            trump: o
                .trump
                .as_deref()
                .map(|t| Suit::from_name(t).ok_or_else(|| format!("trump: {t:?} is not a suit")))
                .transpose()?,
            maker: seat(o.maker, "maker")?,
            alone: o.alone,
            sitting_out: seat(o.sitting_out, "sitting_out")?,
            defender: seat(o.defender, "defender")?,
            trick: pairs(&o.trick, "trick")?,
            played: pairs(&o.played, "played")?,
            bids: o
                .bids
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let what = format!("bids[{i}]");
                    let seat = seat(Some(b.seat), &what)?.unwrap_or(0) as u8;
                    let action: Action = b.call.parse().map_err(|e| format!("{what}: {e}"))?;
                    if b.round > 2 {
                        return Err(format!("{what}: round {} is not 0, 1 or 2", b.round));
                    }
                    Ok(Bid {
                        seat,
                        round: b.round,
                        action,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?,
            discard: opt_card(&o.discard, "discard")?,
            scores: o.scores,
            tricks: o.tricks.map(|t| t.min(5)),
            hand_no: o.hand_no,
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
            partner_order_alone: false,
            // The server's rules are not sent: a renege is tested for.
            reneges_refused: false,
            trump: self.trump,
            trump_round: self.trump_round,
            maker: self.maker,
            alone: self.alone,
            trick: &self.trick,
            sitting_out: self.sitting_out,
            defender: self.defender,
            played: &self.played,
            bids: &self.bids,
            discard: self.discard,
            upcard_taken: self.upcard_taken,
            scores: self.scores,
            tricks: self.tricks,
            // The protocol sends counts, not the tricks' order, nor the
            // scoring rules (`hello` names the house rules, not this view):
            // the makers' tricks count as the first ones, scored as standard.
            makers_took: self.maker.map_or(0, |m| {
                upcard_engine::first_tricks(self.tricks[m % 2] + self.tricks[m % 2 + 2])
            }),
            scoring: upcard_engine::Scoring::STANDARD,
            hand_no: self.hand_no,
            // A remote table plays the rules.
            switch: upcard_engine::mutants::Switch::OFF,
        }
    }
}

/// A `decide` message: what the seat sees and may do, checked.
pub fn decide(d: &Decide) -> Result<(Seen, Vec<Action>), String> {
    let seen = Seen::from_wire(&d.observation).map_err(|e| format!("observation.{e}"))?;
    let legal = d
        .legal
        .iter()
        .map(|a| {
            a.parse::<Action>()
                .map_err(|_| format!("legal: {a:?} is not an action"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if legal.is_empty() {
        return Err("legal is empty".into());
    }
    seen.check(&legal)?;
    Ok((seen, legal))
}

impl Seen {
    /// Whether a game could show this seat this observation with these
    /// choices: a server that says otherwise is wrong (or lying), and the
    /// bots may rely on what any real game holds. Each refusal names the
    /// field.
    pub fn check(&self, legal: &[Action]) -> Result<(), String> {
        // While trump is being made (the dealer's discard says round 1 too).
        let bidding = matches!(self.round, 1 | 2) && self.trump.is_none();
        if self.played.len() > 20 {
            return Err(format!("played: {} cards, at most 20", self.played.len()));
        }
        if self.trick.len() > 3 {
            return Err(format!(
                "trick: {} cards before this seat plays, at most 3",
                self.trick.len()
            ));
        }
        let seen = self.cards()?;
        self.roles()?;
        // Every decision comes after the deal, which turns a card up.
        if self.upcard.is_none() {
            return Err("upcard: missing, yet a dealt hand has one".into());
        }
        let own_played = self.played.iter().filter(|p| p.0 == self.seat).count();
        let want = if bidding { 5 } else { 5 - own_played.min(5) };
        if self.hand.len() != want {
            return Err(format!(
                "hand: {} cards where this seat holds {want}",
                self.hand.len()
            ));
        }
        if bidding && self.upcard.is_some_and(|u| self.hand.contains(&u)) {
            return Err("upcard: it is also in the hand while trump is being made".into());
        }
        if let Some(d) = self.discard
            && seen.contains(&d)
        {
            return Err(format!("discard: {} is also in hand or played", d.short()));
        }
        self.check_legal(legal, bidding)
    }

    /// No card shown twice; the trick's cards played, by seats that have
    /// not played to it; as many cards played as the tricks taken say. The
    /// cards seen (hand and played).
    fn cards(&self) -> Result<Vec<Card>, String> {
        let mut seen: Vec<Card> = Vec::with_capacity(26);
        for (what, c) in self
            .hand
            .iter()
            .map(|c| ("hand", *c))
            .chain(self.played.iter().map(|(_, c)| ("played", *c)))
        {
            if seen.contains(&c) {
                return Err(format!("{what}: {} is shown twice", c.short()));
            }
            seen.push(c);
        }
        for (i, p) in self.trick.iter().enumerate() {
            if p.0 == self.seat || self.trick[..i].iter().any(|q| q.0 == p.0) {
                return Err(format!("trick: seat {} plays twice", p.0));
            }
            if !self.played.contains(p) {
                return Err(format!("trick: {} is not in played", p.1.short()));
            }
        }
        // Each finished trick took one card from every seat that plays.
        let per_trick =
            4 - usize::from(self.sitting_out.is_some()) - usize::from(self.defender.is_some());
        let taken: usize = self.tricks.iter().map(|&t| usize::from(t)).sum();
        if taken > 5 || taken * per_trick + self.trick.len() != self.played.len() {
            return Err(format!(
                "tricks: {taken} taken, but {} cards were played in tricks of {per_trick}",
                self.played.len()
            ));
        }
        Ok(seen)
    }

    /// Trump with its maker, a lone hand's partner out, a lone defender
    /// against a lone hand.
    fn roles(&self) -> Result<(), String> {
        // Trump comes with its maker; a lone hand with the partner out.
        if self.trump.is_some() != self.maker.is_some() {
            return Err("maker: given with trump, and only then".into());
        }
        if self.alone && self.maker.is_none() {
            return Err("alone: no one made trump".into());
        }
        if let Some(out) = self.sitting_out
            && (!self.alone || self.maker.map(upcard_engine::partner_of) != Some(out))
        {
            return Err(format!(
                "sitting_out: seat {out} is not a lone maker's partner"
            ));
        }
        if let Some(d) = self.defender
            && (!self.alone || self.maker.is_some_and(|m| m % 2 == d % 2))
        {
            return Err(format!("defender: seat {d} does not defend a lone hand"));
        }
        Ok(())
    }

    /// Each legal action is one this seat could be offered now.
    fn check_legal(&self, legal: &[Action], bidding: bool) -> Result<(), String> {
        for a in legal {
            let ok = match *a {
                Action::Pass => bidding || (self.trump.is_some() && self.alone),
                Action::Order { .. } => bidding,
                Action::ThrowIn => bidding && self.round == 1,
                Action::DefendAlone => !bidding && self.trump.is_some() && self.alone,
                Action::Discard(c) => {
                    self.round == 1
                        && self.trump.is_some()
                        && self.seat == self.dealer
                        && self.played.is_empty()
                        && (self.hand.contains(&c) || self.upcard == Some(c))
                }
                // A seat sitting out may still discard (CS 246's dealer), never play.
                Action::Play(c) => {
                    !bidding
                        && self.trump.is_some()
                        && self.sitting_out != Some(self.seat)
                        && self.hand.contains(&c)
                }
            };
            if !ok {
                return Err(format!(
                    "legal: {} cannot be offered to this seat here",
                    a.short()
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{WireObservation, read};
    use serde_json::Value;
    use upcard_engine::{Deck, NullSink, State};
    use upcard_rules::courses::standard::config;

    /// A `decide` message given as JSON, read and checked as `join` does.
    fn decide_json(v: &Value) -> Result<(Seen, Vec<Action>), String> {
        decide(&read::<Decide>(&v.to_string())?)
    }

    #[test]
    fn an_observation_reads_back_from_its_json() {
        let cards: Vec<Card> = upcard_engine::cards::all_cards().collect();
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
        let seen = Seen::from_wire(&WireObservation::from(&obs)).unwrap();
        assert_eq!(
            WireObservation::from(&seen.view()),
            WireObservation::from(&obs)
        );
    }

    fn decide_message(obs: &Observation, legal: &[Action]) -> Value {
        serde_json::to_value(crate::protocol::ToSeat::Decide(Decide::new(obs, legal))).unwrap()
    }

    /// The check refuses nothing a real game shows: every decision of
    /// random games under all three rule sets and random house rules.
    #[test]
    fn every_decision_of_random_games_passes_the_check() {
        use upcard_rules::random_game::{below, new_game};
        let mut rng = rand_mt::Mt::new(40);
        let mut state = new_game(&mut rng);
        let mut games = 0;
        for _ in 0..40_000 {
            if state.is_over() {
                games += 1;
                state = new_game(&mut rng);
            }
            let Some(seat) = state.to_move() else {
                state.advance(&mut NullSink);
                continue;
            };
            let legal = state.legal_actions();
            let msg = decide_message(&state.observation(seat), &legal);
            if let Err(e) = decide_json(&msg) {
                panic!("{e}: {msg}");
            }
            let a = legal[below(&mut rng, legal.len())];
            state.apply(a, &mut NullSink).unwrap();
        }
        assert!(games > 50, "only {games} games");
    }

    /// What a lying server sends is refused, naming the field.
    #[test]
    fn impossible_observations_are_refused() {
        let cards: Vec<Card> = upcard_engine::cards::all_cards().collect();
        let mut s = State::new(config(), Deck::pack(cards.try_into().unwrap(), false));
        while s.to_move().is_none() {
            s.advance(&mut NullSink);
        }
        let seat = s.to_move().unwrap();
        let good = decide_message(&s.observation(seat), &s.legal_actions());
        assert!(decide_json(&good).is_ok());
        let bad = |edit: &dyn Fn(&mut Value), want: &str| {
            let mut m = good.clone();
            edit(&mut m);
            let e = decide_json(&m).expect_err(want);
            assert!(e.starts_with(want), "{e} (wanted {want})");
        };
        // Six cards while bidding.
        bad(
            &|m| {
                let mut h = m["observation"]["hand"].as_array().unwrap().clone();
                h.push(m["observation"]["upcard"].clone());
                m["observation"]["hand"] = Value::Array(h);
            },
            "hand: 6 cards",
        );
        // An empty hand with a card to play.
        bad(
            &|m| {
                m["observation"]["hand"] = serde_json::json!([]);
                m["observation"]["round"] = serde_json::json!(0);
                m["observation"]["trump"] = serde_json::json!("Hearts");
                m["observation"]["maker"] = serde_json::json!(0);
                m["legal"] = serde_json::json!(["play AH"]);
            },
            "hand: 0 cards",
        );
        // A trick of four cards.
        bad(
            &|m| {
                let four = serde_json::json!([[0, "9S"], [1, "TS"], [2, "JS"], [3, "QS"]]);
                m["observation"]["trick"] = four.clone();
                m["observation"]["played"] = four;
            },
            "trick: 4 cards",
        );
        // A discard before trump is made.
        bad(
            &|m| {
                let c = m["observation"]["hand"][0].as_str().unwrap().to_string();
                m["legal"] = serde_json::json!([format!("discard {c}")]);
            },
            "legal: discard",
        );
        // A card shown in the hand and as played.
        bad(
            &|m| {
                let c = m["observation"]["hand"][0].clone();
                m["observation"]["played"] = serde_json::json!([[1, c]]);
            },
            "played:",
        );
    }
}
