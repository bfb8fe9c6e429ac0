//! The game as a pure state machine: whose turn, what they may do, and what
//! an action does. Automatic steps (dealing, a sitting-out seat's turn,
//! scoring a hand) are taken one at a time by [`State::advance`], so every
//! step boundary the course programs print between is a state.

use super::{
    Action, AllPass, Ask, Config, DealPattern, Deck, Event, EventSink, FollowRule, Hand, List,
    LonerLead, Observation, Seat, left_of, partner_of, team_of,
};
use crate::cards::{Card, Checks, Plain, Suit};
use crate::config::Scoring;
use crate::follow::renege_suit;
use crate::mutants::{Mutant, Switch};

/// Reports an event, building it only for a sink that takes events (a null
/// sink costs nothing: the check is a constant once inlined).
macro_rules! emit {
    (@when $takes:expr, $sink:expr, $event:expr, $kind:expr) => {
        if $takes {
            // The engine's events own nothing on the heap, so dropping one
            // is a no-op; the compiler cannot see that past the sink's call
            // and ran the enum's drop glue for every event (5% of a game).
            let event = std::mem::ManuallyDrop::new($event);
            debug_assert!(($kind)(&*event) && !event.owns_heap());
            $sink.event(&event)
        }
    };
    ($sink:expr, $event:expr) => {
        emit!(@when $sink.takes_events(), $sink, $event, |_: &Event| true)
    };
}

/// [`emit!`] for an event of a move ([`Event::is_move`]), which a sink that
/// reads only how hands end does not take: nothing is built for it.
macro_rules! emit_move {
    ($sink:expr, $event:expr) => {
        emit!(@when $sink.takes_moves(), $sink, $event, Event::is_move)
    };
}

/// The cards of the tricks one seat took this hand.
pub type Pile = List<Card, 20>;
/// The cards on the table, in playing order.
pub type Table = List<(Seat, Card), 4>;

/// Where the state machine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    StartHand,
    Bidding {
        round: u8,
        turn: Seat,
        passes: u8,
    },
    Discard,
    /// Defenders are asked in turn whether to defend alone (house rule);
    /// `asked` of the two have answered.
    Defend {
        turn: Seat,
        asked: u8,
        round: u8,
    },
    /// `turns` seats have had their turn in the current trick.
    Trick {
        turn: Seat,
        turns: u8,
    },
    HandOver,
    Over,
    /// The players stopped the game (CS 246 `q`).
    Quit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won { team: usize, scores: [u32; 2] },
    Quit,
}

/// An action `apply` refused, and why (as the course rules put it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{problem}")]
pub struct Illegal {
    pub seat: Seat,
    pub problem: String,
}

/// Everything about a game in progress that decides what happens next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub config: Config,
    pub deck: Deck,
    pub phase: Phase,
    /// Hands started so far, counting from 0 (nullified hands count).
    pub hand_no: u32,
    pub dealer: Seat,
    pub scores: [u32; 2],
    pub hands: [Hand; 4],
    /// The four undealt cards; the first is the upcard, then the discard.
    pub kitty: List<Card, 4>,
    pub upcard: Option<Card>,
    pub trump: Option<Suit>,
    /// The bidding round trump was made in (1 or 2; 0 before it is made, or
    /// when a loaded game does not say).
    pub trump_round: u8,
    pub maker: Option<Seat>,
    pub alone: bool,
    /// A defender playing alone against the lone maker (house rule).
    pub defender: Option<Seat>,
    /// Tricks taken this hand, per seat.
    pub tricks: [u8; 4],
    /// The tricks the makers took this hand, in order: bit i is trick i.
    pub makers_took: u8,
    /// Cards from tricks taken this hand, per seat.
    pub taken: [Pile; 4],
    pub trick: Table,
    /// Every card played this hand, in order (public: what a player at the
    /// table has seen).
    pub played: List<(Seat, Card), 20>,
    /// Every call this hand, in order (public: everyone heard them).
    pub bids: crate::Bids,
    /// The dealer's discard this hand (only the dealer sees it); the dealer
    /// picked up the upcard exactly when this is Some.
    pub discard: Option<Card>,
    /// Seats whose human rage quit and a computer plays (save files keep it).
    pub replaced: [bool; 4],
    /// The first team to reach the target, when a renege penalty brought it
    /// there and the game played on (spec 2.4: "Once a team reaches 10").
    pub first_to_target: Option<usize>,
    pub winner: Option<usize>,
}

impl State {
    /// A game about to deal its first hand.
    pub fn new(config: Config, deck: Deck) -> State {
        State {
            config,
            deck,
            phase: Phase::StartHand,
            hand_no: 0,
            dealer: config.first_dealer,
            scores: [0, 0],
            hands: Default::default(),
            kitty: List::new(),
            upcard: None,
            trump: None,
            trump_round: 0,
            maker: None,
            alone: false,
            defender: None,
            tricks: [0; 4],
            makers_took: 0,
            taken: Default::default(),
            trick: List::new(),
            played: List::new(),
            bids: List::new(),
            discard: None,
            replaced: [false; 4],
            first_to_target: None,
            winner: None,
        }
    }

    /// The partner of a lone maker sits the hand out.
    #[inline]
    pub fn sitting_out(&self) -> Option<Seat> {
        match (self.alone, self.maker) {
            (true, Some(m)) if !self.config.switch.on(Mutant::AlonePartnerPlays) => {
                Some(partner_of(m))
            }
            _ => None,
        }
    }

    /// The partner of a lone defender, who sits the hand out too.
    pub fn defender_partner_out(&self) -> Option<Seat> {
        self.defender.map(partner_of)
    }

    /// Whether `seat` sits this hand out.
    #[inline]
    pub fn sits_out(&self, seat: Seat) -> bool {
        // Nobody sits out unless someone went alone: one test on the hot path.
        (self.alone || self.defender.is_some())
            && (self.sitting_out() == Some(seat) || self.defender_partner_out() == Some(seat))
    }

    #[inline]
    pub fn tricks_played(&self) -> u8 {
        self.tricks.iter().sum()
    }

    pub fn team_tricks(&self, team: usize) -> u8 {
        self.tricks[team] + self.tricks[team + 2]
    }

    #[inline]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over | Phase::Quit)
    }

    /// The seat that must decide now; None while the next step is automatic
    /// ([`State::advance`]) or the game is over.
    #[inline]
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Bidding { turn, .. } => Some(turn),
            Phase::Discard => Some(self.dealer),
            Phase::Defend { turn, .. } => Some(turn),
            Phase::Trick { turn, .. } if !self.sits_out(turn) => Some(turn),
            _ => None,
        }
    }

    /// The kind of decision [`State::to_move`] is asked for.
    pub fn ask(&self) -> Option<Ask> {
        self.to_move()?;
        Some(match self.phase {
            Phase::Bidding { round, .. } => Ask::Bid { round },
            Phase::Discard => Ask::Discard {
                upcard: self.upcard?,
            },
            Phase::Defend { .. } => Ask::Defend,
            _ if self.trick.is_empty() => Ask::Lead,
            _ => Ask::Play,
        })
    }

    pub(crate) fn all_pass(&self) -> AllPass {
        if self.config.switch.on(Mutant::DealerMayPass) {
            AllPass::Nullify
        } else if self.config.switch.on(Mutant::ScrewTheDealer) {
            AllPass::ScrewTheDealer
        } else {
            self.config.all_pass
        }
    }

    /// Hands are kept sorted (a mutant keeps them as dealt).
    fn sorts_hands(&self) -> bool {
        self.config.sort_hands && !self.config.switch.on(Mutant::HumanHandUnsorted)
    }

    /// The dealer of the next hand.
    fn next_dealer(&self) -> Seat {
        if self.config.switch.on(Mutant::DealerMovesRight) {
            (self.dealer + 3) % 4
        } else {
            left_of(self.dealer)
        }
    }

    /// What `seat` may see now.
    #[inline]
    pub fn observation(&self, seat: Seat) -> Observation<'_> {
        let (round, forced) = self.round_seen_by(seat);
        Observation {
            seat,
            hand: &self.hands[seat],
            dealer: self.dealer,
            upcard: self.upcard,
            round,
            forced,
            allow_alone: self.config.allow_alone,
            partner_order_alone: self.config.ordering_partner_is_alone,
            reneges_refused: self.config.refuses_reneges(),
            trump: self.trump,
            trump_round: self.trump_round,
            maker: self.maker,
            alone: self.alone,
            trick: &self.trick,
            sitting_out: self.sitting_out(),
            defender: self.defender,
            played: &self.played,
            bids: &self.bids,
            discard: self.discard.filter(|_| seat == self.dealer),
            upcard_taken: self.discard.is_some(),
            scores: self.scores,
            tricks: self.tricks,
            makers_took: self.makers_took,
            scoring: self.config.scoring,
            hand_no: self.hand_no,
            switch: self.config.switch,
        }
    }

    /// [`Observation::round`] and [`Observation::forced`] for `seat`:
    /// `forced` as [`State::forced`] for the seat to move, read from the
    /// phase once (this runs for every decision).
    #[inline]
    pub(crate) fn round_seen_by(&self, seat: Seat) -> (u8, bool) {
        match self.phase {
            Phase::Bidding { round, turn, .. } => (
                round,
                round == 2
                    && turn == seat
                    && turn == self.dealer
                    && self.all_pass() == AllPass::ScrewTheDealer,
            ),
            Phase::Discard => (1, false),
            _ => (0, false),
        }
    }

    /// Takes one automatic step: deals a hand, skips a sitting-out seat's
    /// turn, or scores a finished hand. Does nothing when a seat must decide
    /// or the game is over; returns whether it took a step.
    // Inlined, with dealing and scoring apart: a sitting-out seat's turn,
    // most of the steps taken, is a few stores, and had every register
    // saved and restored for the other two.
    #[inline]
    pub fn advance<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> bool {
        match self.phase {
            Phase::Trick { turn, turns } if self.sits_out(turn) => self.skip(sink, turn, turns),
            Phase::StartHand | Phase::HandOver => self.start_or_score(sink),
            _ => return false,
        }
        true
    }

    /// A seat sitting the hand out is skipped.
    #[inline]
    pub(crate) fn skip<S: EventSink + ?Sized>(&mut self, sink: &mut S, turn: Seat, turns: u8) {
        emit_move!(sink, Event::Skipped { seat: turn });
        self.end_turn(sink, turn, turns);
    }

    /// Deals a hand, or scores the hand just played.
    #[inline(never)]
    pub(crate) fn start_or_score<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        if self.phase == Phase::StartHand {
            self.start_hand(sink);
        } else {
            self.hand_over(sink);
        }
    }

    /// Applies the decision of the seat to move and reports what happened.
    /// A refused action changes nothing. A renege under a penalty rule scores
    /// the penalty and leaves the same seat to play (the phase unchanged).
    pub fn apply<S: EventSink + ?Sized>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        let Some(seat) = self.to_move() else {
            return Err(Illegal {
                seat: 0,
                problem: format!("{action}: nobody is to decide now"),
            });
        };
        self.apply_for(seat, action, sink)
    }

    /// [`State::apply`] when the caller knows `seat` is to move (the driver
    /// asked [`State::to_move`] already: not twice a decision). The action
    /// is tested by the parts of the one legality rule [`State::admits`]
    /// reads.
    #[inline]
    pub fn apply_for<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        debug_assert_eq!(self.to_move(), Some(seat), "the seat to move applies");
        // Each arm asks the legality rule's part for its kind of action:
        // `admits` as guards, so the hot path matches the action once.
        match (self.phase, action) {
            (Phase::Bidding { round, passes, .. }, _) if self.may_call(seat, round, action) => {
                self.apply_call(seat, round, passes, action, sink);
            }
            (Phase::Defend { asked, round, .. }, Action::Pass) => {
                self.heard(seat, 0, Action::Pass);
                emit_move!(sink, Event::Passed { seat, round: 0 });
                self.next_defender(sink, seat, asked, round);
            }
            (Phase::Defend { .. }, Action::DefendAlone) => {
                self.heard(seat, 0, Action::DefendAlone);
                self.defender = Some(seat);
                emit_move!(sink, Event::DefendedAlone { seat });
                self.begin_play(sink);
            }
            (Phase::Discard, Action::Discard(card)) if self.discards(seat).contains(card) => {
                self.apply_discard(seat, card, sink)
            }
            (Phase::Trick { turn, turns }, Action::Play(card))
                if self.playable(seat).contains(card) =>
            {
                self.apply_play(seat, card, turn, turns, sink);
            }
            _ => {
                debug_assert!(!self.admits(seat, action));
                let problem = self.refusal(seat, action);
                return Err(Illegal { seat, problem });
            }
        }
        Ok(())
    }

    /// A call the bidding rule admits (`passes` passes so far this round):
    /// a pass, ordering up or naming a suit, or throwing the hand in.
    #[inline(always)]
    pub(crate) fn apply_call<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        round: u8,
        passes: u8,
        action: Action,
        sink: &mut S,
    ) {
        match action {
            Action::Pass => {
                self.heard(seat, round, Action::Pass);
                self.pass(sink, seat, round, passes);
            }
            Action::Order { suit, alone } => self.apply_order(seat, round, suit, alone, sink),
            Action::ThrowIn => {
                self.heard(seat, round, Action::ThrowIn);
                let next_dealer = self.next_dealer();
                emit!(sink, Event::ThrownIn { seat, next_dealer });
                self.next_deal(sink, next_dealer);
            }
            // Not a call: the bidding rule admits none.
            _ => {}
        }
    }

    /// Ordering up (round one) or naming (round two) `suit`, maybe alone.
    #[inline(always)]
    fn apply_order<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        round: u8,
        suit: Suit,
        alone: bool,
        sink: &mut S,
    ) {
        let alone = alone || self.must_go_alone(seat, round);
        self.heard(seat, round, Action::Order { suit, alone });
        self.order(sink, seat, suit, alone, round);
    }

    /// The dealer's discard, having picked up the upcard.
    #[inline(always)]
    fn apply_discard<S: EventSink + ?Sized>(&mut self, seat: Seat, card: Card, sink: &mut S) {
        // `admits` a discard only with an upcard.
        let Some(upcard) = self.upcard else { return };
        let hand = &mut self.hands[seat];
        hand.push(upcard);
        // Taken out where it is, without a loop over the hand that stops
        // at the card (a branch on where the card is, mispredicted); a card
        // held twice goes out by the rule, every copy of it.
        match hand.find(&card) {
            Some(at) if !hand.has_twice() => {
                hand.remove(at);
            }
            _ => hand.retain(|c| *c != card),
        }
        if self.sorts_hands() {
            sort_hand(self.config.switch, &mut self.hands[seat]);
        }
        // The discard goes face down on the kitty in the upcard's place.
        if let Some(k) = self.kitty.first_mut() {
            *k = card;
        }
        self.discard = Some(card);
        emit_move!(sink, Event::Discarded { seat, card });
        if self.alone && self.config.defend_alone {
            self.ask_defenders();
        } else {
            self.begin_play(sink);
        }
    }

    /// A card led or played to the trick (`turns` taken in it so far), or a
    /// renege under a penalty rule.
    #[inline(always)]
    pub(crate) fn apply_play<S: EventSink + ?Sized>(
        &mut self,
        seat: Seat,
        card: Card,
        turn: Seat,
        turns: u8,
        sink: &mut S,
    ) {
        // `admits` only a card in hand.
        let Some(at) = self.hands[seat].find(&card) else {
            return;
        };
        if let FollowRule::Penalty { points } = self.config.follow
            && !self.config.switch.on(Mutant::RenegeAccepted)
            && renege_suit(
                self.config.switch,
                &self.hands[seat],
                &self.trick,
                self.trump,
                card,
            )
            .is_some()
        {
            self.renege(sink, seat, card, points);
            return;
        }
        let leading = self.trick.is_empty();
        self.hands[seat].remove(at);
        self.trick.push((seat, card));
        let _ = self.played.try_push((seat, card));
        emit_move!(
            sink,
            if leading {
                Event::Led { seat, card }
            } else {
                Event::Played { seat, card }
            }
        );
        self.end_turn(sink, turn, turns);
    }

    /// The players stop the game (CS 246 `q`): nothing more happens.
    pub fn abandon(&mut self) {
        self.phase = Phase::Quit;
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over => {
                let s = self.scores;
                let team = self.winner.unwrap_or(usize::from(s[1] > s[0]));
                Some(Outcome::Won { team, scores: s })
            }
            Phase::Quit => Some(Outcome::Quit),
            _ => None,
        }
    }

    /// Keeps a call in the hand's public record.
    fn heard(&mut self, seat: Seat, round: u8, action: Action) {
        let _ = self.bids.try_push(crate::Bid {
            seat: seat as u8,
            round,
            action,
        });
    }

    fn start_hand<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let deck = self.deck.next_deck(self.config.switch);
        self.hands = Default::default();
        self.taken = Default::default();
        self.tricks = [0; 4];
        self.makers_took = 0;
        self.trick.clear();
        self.played.clear();
        self.bids.clear();
        self.discard = None;
        self.trump = None;
        self.trump_round = 0;
        self.maker = None;
        self.alone = false;
        self.defender = None;
        emit!(
            sink,
            Event::HandStart {
                hand: self.hand_no,
                dealer: self.dealer,
                scores: self.scores,
            }
        );
        emit_move!(sink, Event::Deck { cards: deck });
        deal(
            self.config.switch,
            &mut self.hands,
            &deck,
            self.dealer,
            self.config.deal,
        );
        if self.sorts_hands() {
            let switch = self.config.switch;
            self.hands.iter_mut().for_each(|h| sort_hand(switch, h));
        }
        let mut kitty = [deck[20], deck[21], deck[22], deck[23]];
        if self.config.switch.on(Mutant::UpcardFromBottom) {
            kitty.reverse();
        }
        self.kitty = kitty.into_iter().collect();
        self.upcard = Some(kitty[0]);
        if !sink.quiet() {
            emit!(
                sink,
                Event::Dealt {
                    hands: self.hands,
                    kitty,
                }
            );
        }
        emit_move!(
            sink,
            Event::Upcard {
                card: kitty[0],
                dealer: self.dealer,
            }
        );
        self.phase = Phase::Bidding {
            round: 1,
            turn: left_of(self.dealer),
            passes: 0,
        };
    }

    fn pass<S: EventSink + ?Sized>(&mut self, sink: &mut S, seat: Seat, round: u8, passes: u8) {
        emit_move!(sink, Event::Passed { seat, round });
        let passes = passes + 1;
        if passes < 4 {
            self.phase = Phase::Bidding {
                round,
                turn: left_of(seat),
                passes,
            };
        } else if round == 1 {
            if let Some(up) = self.upcard {
                emit_move!(sink, Event::TurnedDown { suit: up.suit() });
            }
            self.phase = Phase::Bidding {
                round: 2,
                turn: left_of(self.dealer),
                passes: 0,
            };
        } else {
            let next_dealer = self.next_dealer();
            emit!(sink, Event::Nullified { next_dealer });
            self.next_deal(sink, next_dealer);
        }
    }

    fn order<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        seat: Seat,
        suit: Suit,
        alone: bool,
        round: u8,
    ) {
        self.trump = Some(suit);
        self.trump_round = round;
        self.maker = Some(seat);
        self.alone = alone;
        emit_move!(
            sink,
            Event::Ordered {
                seat,
                suit,
                alone,
                round,
            }
        );
        self.after_making(sink, round);
    }

    /// A defender passed on defending alone: the other is asked, or play goes on.
    fn next_defender<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        seat: Seat,
        asked: u8,
        round: u8,
    ) {
        if asked == 0 {
            self.phase = Phase::Defend {
                turn: partner_of(seat),
                asked: 1,
                round,
            };
        } else {
            self.begin_play(sink);
        }
    }

    /// Trump is made (and defenders have answered): the dealer picks up in
    /// round one, unless sitting out under rules where such a dealer does not.
    fn after_making<S: EventSink + ?Sized>(&mut self, sink: &mut S, round: u8) {
        let dealer_out = self.sits_out(self.dealer);
        let picks_up = if self.config.switch.on(Mutant::DealerSkipsPickUp) {
            false
        } else {
            round == 1 || self.config.switch.on(Mutant::DealerPicksUpInRoundTwo)
        };
        if picks_up && (!dealer_out || self.config.sitting_out_dealer_picks_up) {
            self.phase = Phase::Discard;
        } else if self.alone && self.config.defend_alone {
            self.ask_defenders();
        } else {
            self.begin_play(sink);
        }
    }

    /// Against a lone maker, once the dealer has picked up and discarded (or
    /// did not pick up), defenders are asked in turn from the maker's left
    /// whether to defend alone (house rule; after the discard, as written
    /// rules have it, so a defending dealer decides on the hand it plays).
    /// Cold and apart: no course plays it, and the hot paths stay as small.
    #[cold]
    fn ask_defenders(&mut self) {
        self.phase = Phase::Defend {
            turn: left_of(self.maker.unwrap_or(self.dealer)),
            asked: 0,
            round: self.trump_round,
        };
    }

    fn first_leader(&self) -> Seat {
        let eldest = if self.config.switch.on(Mutant::DealerLeads) {
            self.dealer
        } else {
            left_of(self.dealer)
        };
        let literal = self.config.loner_lead == LonerLead::FootnoteLiteral
            && self.alone
            && self.maker == Some(eldest);
        if literal {
            return left_of(eldest);
        }
        let mut leader = match (self.config.loner_lead, self.maker) {
            (LonerLead::LeftOfLoner, Some(maker)) if self.alone => left_of(maker),
            _ => eldest,
        };
        while self.sits_out(leader) {
            leader = left_of(leader);
        }
        leader
    }

    fn begin_play<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        if let (Some(trump), Some(maker)) = (self.trump, self.maker) {
            emit_move!(
                sink,
                Event::TrumpSet {
                    trump,
                    maker,
                    alone: self.alone,
                }
            );
        }
        self.phase = Phase::Trick {
            turn: self.first_leader(),
            turns: 0,
        };
    }

    /// CS 246 2.5.1: the card is refused, the other team scores, and the
    /// same player plays again, unless the penalty ends the game.
    fn renege<S: EventSink + ?Sized>(&mut self, sink: &mut S, seat: Seat, card: Card, points: u32) {
        let team = if self.config.switch.on(Mutant::RenegePenaltyToOwnTeam) {
            team_of(seat)
        } else {
            1 - team_of(seat)
        };
        self.scores[team] = self.scores[team].saturating_add(points);
        emit!(
            sink,
            Event::Renege {
                seat,
                card,
                typed: None,
                team,
                score: self.scores[team],
            }
        );
        if self.scores[team] >= self.config.points_to_win {
            if self.config.penalty_can_end_game {
                self.game_over(sink, team);
                return;
            }
            self.first_to_target.get_or_insert(team);
        }
    }

    /// A seat has played (or been skipped): the next turn, or the trick is
    /// taken. The next turn in line, three plays of four, is a few stores:
    /// inlined, apart from the taking, which needs registers saved.
    #[inline(always)]
    fn end_turn<S: EventSink + ?Sized>(&mut self, sink: &mut S, turn: Seat, turns: u8) {
        if turns + 1 < 4 {
            self.phase = Phase::Trick {
                turn: left_of(turn),
                turns: turns + 1,
            };
            return;
        }
        self.take_trick(sink);
    }

    /// The trick's four turns are over: its winner takes it, and leads the
    /// next or the hand is over.
    #[inline(never)]
    fn take_trick<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let (Some(trump), Some(&(_, led))) = (self.trump, self.trick.first()) else {
            return;
        };
        let switch = self.config.switch;
        let mut winner = if switch.is_off() {
            trick_winner(Plain, &self.trick, led, trump)
        } else {
            trick_winner(switch, &self.trick, led, trump)
        };
        if self.config.switch.on(Mutant::TrickGoesLeft) {
            winner = left_of(winner);
            while self.sits_out(winner) {
                winner = left_of(winner);
            }
        }
        // Counted before the count below is stored: the four counts read as
        // one word just after one of their bytes was stored cannot be
        // forwarded from the store, and waited for it.
        let played = self.tricks_played() + 1;
        self.tricks[winner] += 1;
        // Without a branch: which team took the trick is random.
        let makers = team_of(winner) == team_of(self.maker.unwrap_or(self.dealer));
        self.makers_took |= u8::from(makers) << (played - 1);
        let [(_, a), (_, b), (_, c), (_, d)] = *self.trick.slots();
        let cards: List<Card, 4> = List::from_slots([a, b, c, d], self.trick.len());
        self.taken[winner].append(&cards);
        self.trick.clear();
        emit_move!(
            sink,
            Event::TrickTaken {
                seat: winner,
                trick: played,
                tricks: self.tricks,
                scores: self.scores,
            }
        );
        self.phase = if played >= 5 {
            Phase::HandOver
        } else {
            Phase::Trick {
                turn: if self.config.switch.on(Mutant::WinnerDoesNotLead) {
                    left_of(winner)
                } else {
                    winner
                },
                turns: 0,
            }
        };
    }

    fn hand_over<S: EventSink + ?Sized>(&mut self, sink: &mut S) {
        let makers = team_of(self.maker.unwrap_or(self.dealer));
        let HandScore {
            makers_score,
            points,
            march,
            euchred,
        } = score_hand_with(
            self.config.switch,
            self.makers_took,
            self.alone,
            self.defender.is_some(),
            &self.config.scoring,
        );
        let winner = if makers_score { makers } else { 1 - makers };
        self.scores[winner] = self.scores[winner].saturating_add(points);
        emit!(
            sink,
            Event::HandOver {
                winner,
                points,
                march,
                euchred,
                scores: self.scores,
            }
        );
        let target = self.config.points_to_win;
        // A team already at the target before this hand was scored (a renege
        // penalty under renege-ends-game=no) got there first and wins.
        let other = 1 - winner;
        let reached = |score: u32| {
            if self.config.switch.on(Mutant::GameNeedsMore) {
                score > target
            } else {
                score >= target
            }
        };
        let game_winner = self
            .first_to_target
            .or(reached(self.scores[other]).then_some(other))
            .or(reached(self.scores[winner]).then_some(winner));
        match game_winner {
            Some(team) => self.game_over(sink, team),
            None => {
                let next_dealer = self.next_dealer();
                self.next_deal(sink, next_dealer);
            }
        }
    }

    fn game_over<S: EventSink + ?Sized>(&mut self, sink: &mut S, team: usize) {
        self.winner = Some(team);
        emit!(
            sink,
            Event::GameOver {
                winner: team,
                scores: self.scores,
            }
        );
        self.phase = Phase::Over;
    }

    /// A deal is over (scored or thrown in): the game ends after its last
    /// deal when one team is ahead (house rule `deals`), else `dealer` deals.
    fn next_deal<S: EventSink + ?Sized>(&mut self, sink: &mut S, dealer: Seat) {
        let d = self.config.deals;
        let [a, b] = self.scores;
        if d > 0 && self.hand_no + 1 >= d && a != b {
            self.game_over(sink, usize::from(b > a));
            return;
        }
        self.dealer = dealer;
        self.hand_no += 1;
        self.phase = Phase::StartHand;
    }
}

/// The seat of the highest card in the led-suit-and-trump order; of equals
/// (only under a mutant's order) the last played, or the first by mutant.
#[inline(always)]
fn trick_winner<C: Checks>(c: C, trick: &[(Seat, Card)], led: Card, trump: Suit) -> Seat {
    let key = Some(Card::led_suit_with(c, led, trump));
    let first = c.on(Mutant::TrickTiesGoFirst);
    // Key and position in one number, so the best is a `max` (no branch
    // whose outcome depends on the cards).
    let mut best = 0;
    for (i, &(_, card)) in trick.iter().enumerate() {
        let at = if first { 7 - i } else { i };
        best = best.max(usize::from(card.value_with(c, trump, key)) << 3 | at);
    }
    let at = best & 7;
    trick[if first { 7 - at } else { at }].0
}

/// Sorts a hand in the plain order (as `switch` has it). (No two cards are
/// equal, so an unstable sort gives the one order.)
fn sort_hand(switch: Switch, hand: &mut Hand) {
    if switch.is_off() {
        hand.sort_plain();
    } else {
        hand.sort_by_key(|c| c.plain_index_with(switch));
    }
}

/// The deck positions of each seat's five cards, in the order it receives
/// them, seats counted from the first to receive cards, for 20 cards dealt
/// in batches of `sizes` (one batch a seat, in turn).
const fn deal_order(sizes: [usize; 8]) -> [[usize; 5]; 4] {
    let mut order = [[0; 5]; 4];
    let mut held = [0; 4];
    let (mut next, mut batch) = (0, 0);
    while batch < 8 {
        let seat = batch % 4;
        let mut k = 0;
        while k < sizes[batch] {
            order[seat][held[seat]] = next;
            held[seat] += 1;
            next += 1;
            k += 1;
        }
        batch += 1;
    }
    order
}

/// Deals 20 cards from the top of `deck` into the four (empty) `hands`,
/// starting at the dealer's left.
pub fn deal(
    switch: Switch,
    hands: &mut [Hand; 4],
    deck: &[Card; 24],
    dealer: Seat,
    pattern: DealPattern,
) {
    // Each hand gathered whole from its positions: pushing card by card
    // read each hand's length back from memory after storing it, a chain
    // through the store buffer that was most of a deal's time.
    const BATCHES: [[usize; 5]; 4] = deal_order([3, 2, 3, 2, 2, 3, 2, 3]);
    const FIVES: [[usize; 5]; 4] = deal_order([5, 5, 5, 5, 0, 0, 0, 0]);
    const BATCHES23: [[usize; 5]; 4] = deal_order([2, 3, 2, 3, 3, 2, 3, 2]);
    let order = match pattern {
        DealPattern::Batches32 if switch.on(Mutant::Deal23First) => &BATCHES23,
        DealPattern::FiveEach if switch.on(Mutant::DealInBatches) => &BATCHES,
        DealPattern::Batches32 => &BATCHES,
        DealPattern::FiveEach => &FIVES,
        DealPattern::Batches23 => &BATCHES23,
    };
    let first = if switch.on(Mutant::DealStartsAtDealer) {
        dealer
    } else {
        left_of(dealer)
    };
    for (r, at) in order.iter().enumerate() {
        debug_assert!(
            hands[(first + r) % 4].is_empty(),
            "dealt into an empty hand"
        );
        // Indexed one by one, not by `at.map`: an array's `map` is a call
        // of core's when the release build's codegen units fall otherwise.
        let [a, b, c, d, e] = *at;
        hands[(first + r) % 4] = Hand::of_five([deck[a], deck[b], deck[c], deck[d], deck[e]]);
    }
}

/// What a finished hand scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandScore {
    /// The makers score (else the defenders do).
    pub makers_score: bool,
    pub points: u32,
    pub march: bool,
    pub euchred: bool,
}

/// A `makers_took` when only how many tricks the makers took is known (a
/// save file, a seat-protocol observation): the first ones. Every rule but a
/// fast break scores it the same as the real order.
pub fn first_tricks(made: u8) -> u8 {
    (1u8 << made.min(5)) - 1
}

/// The one scoring rule, for the engine and the expert's solver alike: the
/// makers took the tricks of `makers_took` (bit i: trick i), maybe `alone`,
/// maybe against a lone defender (`defended_alone`). 3 or 4 tricks score 1;
/// a march 2, a lone march `lone_march_points`; a euchre 2 to the
/// defenders, `loner_euchred_points` against a lone maker, 4 to a lone
/// defender; under `fast_break`, makers who took only the last three tricks
/// score nothing.
#[inline]
pub fn score_hand(
    makers_took: u8,
    alone: bool,
    defended_alone: bool,
    scoring: &Scoring,
) -> HandScore {
    score_hand_with(Switch::OFF, makers_took, alone, defended_alone, scoring)
}

/// [`score_hand`] as `switch` has it (the engine's: a mutant may score
/// otherwise).
#[inline]
fn score_hand_with(
    switch: Switch,
    makers_took: u8,
    alone: bool,
    defended_alone: bool,
    scoring: &Scoring,
) -> HandScore {
    let Scoring {
        lone_march_points,
        loner_euchred_points,
        fast_break,
    } = *scoring;
    let made = makers_took.count_ones() as u8;
    let enough = if switch.on(Mutant::MakersNeedFour) {
        4
    } else {
        3
    };
    let (makers_score, points, march, euchred) = if made == 5 {
        let p = match (alone, switch.on(Mutant::LoneMarchScoresTwo)) {
            (true, false) => lone_march_points,
            (true, true) => 2,
            _ if switch.on(Mutant::MarchScoresOne) => 1,
            _ => 2,
        };
        (true, p, true, false)
    } else if fast_break && makers_took == 0b11100 {
        (true, 0, false, false)
    } else if made >= enough {
        (true, 1, false, false)
    } else if defended_alone {
        (false, 4, false, true)
    } else if switch.on(Mutant::EuchreScoresOne) {
        (false, 1, false, true)
    } else if alone {
        (false, loner_euchred_points, false, true)
    } else {
        (false, 2, false, true)
    };
    HandScore {
        makers_score,
        points,
        march,
        euchred,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CardSet, numbered};

    #[test]
    fn batches_3232_then_2323_from_the_dealers_left() {
        let deck = numbered();
        let mut hands: [Hand; 4] = Default::default();
        deal(Switch::OFF, &mut hands, &deck, 0, DealPattern::Batches32);
        let idx = |h: &Hand| -> Vec<usize> {
            h.iter()
                .map(|c| deck.iter().position(|d| d == c).unwrap())
                .collect()
        };
        assert_eq!(idx(&hands[1]), vec![0, 1, 2, 10, 11]);
        assert_eq!(idx(&hands[2]), vec![3, 4, 12, 13, 14]);
        assert_eq!(idx(&hands[3]), vec![5, 6, 7, 15, 16]);
        assert_eq!(idx(&hands[0]), vec![8, 9, 17, 18, 19]);
    }

    #[test]
    fn five_each_from_the_dealers_left() {
        let deck = numbered();
        let mut hands: [Hand; 4] = Default::default();
        deal(Switch::OFF, &mut hands, &deck, 2, DealPattern::FiveEach);
        assert_eq!(hands[3].as_slice(), &deck[0..5]);
        assert_eq!(hands[0].as_slice(), &deck[5..10]);
        assert_eq!(hands[1].as_slice(), &deck[10..15]);
        assert_eq!(hands[2].as_slice(), &deck[15..20]);
    }

    /// A seat is told whether the rules refuse a renege (then none is
    /// legal, and a bot need not test for one): only under `Refuse`.
    #[test]
    fn an_observation_says_whether_reneges_are_refused() {
        for (follow, refused) in [
            (FollowRule::Refuse, true),
            (FollowRule::Trust, false),
            (FollowRule::Penalty { points: 2 }, false),
        ] {
            let config = Config {
                follow,
                ..Config::standard()
            };
            let s = State::new(config, Deck::pack(numbered(), false));
            assert_eq!(s.observation(1).reneges_refused, refused, "{follow:?}");
            // Told by a lazy view without making the observation too.
            assert_eq!(crate::Seen::of(&s, 1).reneges_refused(), refused);
            let made = crate::Seen::made(s.observation(1));
            assert_eq!(made.reneges_refused(), refused);
        }
    }

    /// The dealer's discard leaves the hand as taking the card out of the
    /// hand with the upcard, the others in order, would: each card of
    /// each of many hands, sorted and not, and a hand holding a card twice
    /// (every copy goes).
    #[test]
    fn a_discard_takes_the_card_out_of_the_hand_with_the_upcard() {
        let deck = numbered();
        for (start, sort) in (0..19).flat_map(|s| [(s, false), (s, true)]) {
            let mut dealt: Hand = deck[start..start + 5].iter().copied().collect();
            let upcard = deck[(start + 7) % 24];
            if start == 18 {
                dealt = [deck[0], deck[1], deck[0], deck[2], deck[3]]
                    .into_iter()
                    .collect();
            }
            for card in dealt.iter().copied().chain([upcard]) {
                let mut s = State::new(
                    Config {
                        sort_hands: sort,
                        ..Config::standard()
                    },
                    Deck::pack(deck, false),
                );
                s.phase = Phase::Discard;
                s.upcard = Some(upcard);
                s.trump = Some(upcard.suit());
                s.maker = Some(1);
                s.hands[s.dealer] = dealt;
                let mut want: Vec<Card> = dealt.iter().copied().chain([upcard]).collect();
                want.retain(|c| *c != card);
                if sort {
                    want.sort_by_key(|c| c.plain_index());
                }
                s.apply(Action::Discard(card), &mut crate::NullSink)
                    .unwrap();
                assert_eq!(s.hands[s.dealer].as_slice(), want, "{start} {card}");
                let set = want
                    .iter()
                    .fold(CardSet::EMPTY, |a, &c| a.or(CardSet::of(c)));
                assert_eq!(s.hands[s.dealer].set(), set);
            }
        }
    }

    /// Keeps every event, or only those that are not moves.
    struct Kept {
        events: Vec<Event>,
        moves: bool,
    }

    impl EventSink for Kept {
        fn event(&mut self, e: &Event) {
            self.events.push(e.clone());
        }
        fn takes_moves(&self) -> bool {
            self.moves
        }
    }

    /// A sink that takes no moves is sent every other event, in order, and
    /// the game is the same: the same events otherwise, the same end.
    #[test]
    fn a_sink_without_moves_gets_every_other_event_of_the_same_game() {
        // With a lone defender (house rule), whose answers are events too.
        let config = Config {
            defend_alone: true,
            ..Config::standard()
        };
        for seed in 0..40u64 {
            let play = |moves: bool| {
                let mut s = State::new(config, Deck::pack(numbered(), true));
                let mut sink = Kept {
                    events: Vec::new(),
                    moves,
                };
                let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                while !s.is_over() {
                    let Some(_) = s.to_move() else {
                        s.advance(&mut sink);
                        continue;
                    };
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let legal = s.legal_actions();
                    let a = legal[(x % legal.len() as u64) as usize];
                    s.apply(a, &mut sink).expect("a legal action");
                }
                (sink.events, s.scores)
            };
            let (all, scores) = play(true);
            let (some, same_scores) = play(false);
            assert!(all.iter().any(Event::is_move));
            let others: Vec<Event> = all.into_iter().filter(|e| !e.is_move()).collect();
            assert_eq!(some, others, "seed {seed}");
            assert_eq!(scores, same_scores);
        }
    }
}
