//! The state machine: one `step` per decision or automatic action.

use super::{
    AllPass, Ask, Bid, Config, DealPattern, Event, EventSink, FollowRule, LonerLead, Player,
    PlayerError, Seat, View, left_of, partner_of, team_of,
};
use crate::cards::{Card, Suit};

/// Supplies the deck order at the start of each hand (including nullified ones).
pub trait DeckSource {
    fn next_deck(&mut self) -> Vec<Card>;
}

/// Everything about a game in progress that decides what happens next.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct State {
    pub names: [String; 4],
    /// Hands started so far, counting from 0 (nullified hands count).
    pub hand_no: u32,
    pub dealer: Seat,
    pub scores: [u32; 2],
    pub hands: [Vec<Card>; 4],
    /// The four undealt cards; the first is the upcard.
    pub kitty: Vec<Card>,
    pub upcard: Option<Card>,
    pub trump: Option<Suit>,
    pub maker: Option<Seat>,
    pub alone: bool,
    /// Tricks taken this hand, per seat.
    pub tricks: [u8; 4],
    /// Cards from tricks taken this hand, per seat.
    pub taken: [Vec<Card>; 4],
    /// Cards on the table in the current trick, in playing order.
    pub trick: Vec<(Seat, Card)>,
    /// Seats that are computer players because their human rage quit.
    pub replaced: [bool; 4],
}

impl State {
    pub fn new(names: [String; 4], dealer: Seat) -> State {
        State {
            names,
            hand_no: 0,
            dealer,
            scores: [0, 0],
            hands: Default::default(),
            kitty: Vec::new(),
            upcard: None,
            trump: None,
            maker: None,
            alone: false,
            tricks: [0; 4],
            taken: Default::default(),
            trick: Vec::new(),
            replaced: [false; 4],
        }
    }

    /// The partner of a lone maker sits the hand out.
    pub fn sitting_out(&self) -> Option<Seat> {
        match (self.alone, self.maker) {
            (true, Some(m)) => Some(partner_of(m)),
            _ => None,
        }
    }

    pub fn tricks_played(&self) -> u8 {
        self.tricks.iter().sum()
    }

    pub fn team_tricks(&self, team: usize) -> u8 {
        self.tricks[team] + self.tricks[team + 2]
    }
}

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
    /// `turns` seats have had their turn in the current trick.
    Trick {
        turn: Seat,
        turns: u8,
    },
    HandOver,
    Over,
    Quit,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Won { team: usize, scores: [u32; 2] },
    Quit,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EngineError {
    #[error(transparent)]
    Player(#[from] PlayerError),
    #[error("{player}: {problem}")]
    Illegal { player: String, problem: String },
}

type Replacement = Box<dyn FnMut(Seat) -> Box<dyn Player>>;

pub struct Game {
    pub config: Config,
    pub state: State,
    pub phase: Phase,
    deck: Box<dyn DeckSource>,
    players: Vec<Box<dyn Player>>,
    replacement: Option<Replacement>,
    /// The first team to reach the target, when a renege penalty brought it
    /// there and the game played on (spec 2.4: "Once a team reaches 10").
    first_to_target: Option<usize>,
    winner: Option<usize>,
}

impl Game {
    pub fn new(
        config: Config,
        names: [String; 4],
        deck: Box<dyn DeckSource>,
        players: Vec<Box<dyn Player>>,
    ) -> Game {
        let state = State::new(names, config.first_dealer);
        Game::resume(config, state, Phase::StartHand, deck, players)
    }

    /// Continues from any state (a loaded save file, a replay snapshot).
    pub fn resume(
        config: Config,
        state: State,
        phase: Phase,
        deck: Box<dyn DeckSource>,
        players: Vec<Box<dyn Player>>,
    ) -> Game {
        assert_eq!(players.len(), 4, "a game has four players");
        Game {
            config,
            state,
            phase,
            deck,
            players,
            replacement: None,
            first_to_target: None,
            winner: None,
        }
    }

    /// What takes over a seat whose human rage quits.
    pub fn on_rage_quit(&mut self, f: impl FnMut(Seat) -> Box<dyn Player> + 'static) {
        self.replacement = Some(Box::new(f));
    }

    /// Plays to the end.
    pub fn run(&mut self, sink: &mut dyn EventSink) -> Result<Outcome, EngineError> {
        while self.step(sink)? {}
        Ok(self.outcome().expect("a finished game has an outcome"))
    }

    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over => {
                let s = self.state.scores;
                let team = self.winner.unwrap_or(usize::from(s[1] > s[0]));
                Some(Outcome::Won { team, scores: s })
            }
            Phase::Quit => Some(Outcome::Quit),
            _ => None,
        }
    }

    /// Advances by one decision or automatic action. Returns false once over.
    pub fn step(&mut self, sink: &mut dyn EventSink) -> Result<bool, EngineError> {
        match self.phase {
            Phase::StartHand => self.start_hand(sink),
            Phase::Bidding {
                round,
                turn,
                passes,
            } => self.bid(sink, round, turn, passes)?,
            Phase::Discard => self.discard(sink)?,
            Phase::Trick { turn, turns } => self.trick_turn(sink, turn, turns)?,
            Phase::HandOver => self.hand_over(sink),
            Phase::Over | Phase::Quit => return Ok(false),
        }
        Ok(!matches!(self.phase, Phase::Over | Phase::Quit))
    }

    fn illegal(&self, seat: Seat, problem: String) -> EngineError {
        EngineError::Illegal {
            player: self.players[seat].label(&self.state.names[seat]),
            problem,
        }
    }

    fn ask(&mut self, sink: &mut dyn EventSink, seat: Seat, ask: Ask) {
        let hand = self.state.hands[seat].clone();
        sink.event(&Event::Asked {
            seat,
            ask,
            hand,
            tricks: self.state.tricks[seat],
        });
        if self.players[seat].interactive() {
            sink.flush();
        }
    }

    /// Calls a player, handling a rage quit by replacing it and asking again.
    fn decide<T>(
        &mut self,
        sink: &mut dyn EventSink,
        seat: Seat,
        mut f: impl FnMut(&mut dyn Player, &View, &mut dyn EventSink) -> Result<T, PlayerError>,
        view_args: (u8, bool),
    ) -> Result<Option<T>, EngineError> {
        let (round, forced) = view_args;
        loop {
            let view = make_view(&self.state, &self.config, seat, round, forced);
            let r = f(self.players[seat].as_mut(), &view, sink);
            match r {
                Ok(v) => return Ok(Some(v)),
                Err(PlayerError::Quit) => {
                    sink.event(&Event::Quit { seat });
                    self.phase = Phase::Quit;
                    return Ok(None);
                }
                Err(PlayerError::RageQuit) => match self.replacement.as_mut() {
                    Some(make) => {
                        self.players[seat] = make(seat);
                        self.state.replaced[seat] = true;
                        sink.event(&Event::RageQuit { seat });
                    }
                    None => {
                        return Err(self.illegal(seat, "no computer player can take over".into()));
                    }
                },
                Err(e) => return Err(e.into()),
            }
        }
    }

    fn start_hand(&mut self, sink: &mut dyn EventSink) {
        let deck = self.deck.next_deck();
        let s = &mut self.state;
        s.hands = Default::default();
        s.taken = Default::default();
        s.tricks = [0; 4];
        s.trick.clear();
        s.trump = None;
        s.maker = None;
        s.alone = false;
        sink.event(&Event::HandStart {
            hand: s.hand_no,
            dealer: s.dealer,
            scores: s.scores,
        });
        sink.event(&Event::Deck {
            cards: deck.clone(),
        });
        deal(&mut s.hands, &deck, s.dealer, self.config.deal);
        if self.config.sort_hands {
            s.hands.iter_mut().for_each(|h| h.sort());
        }
        s.kitty = deck[20..24].to_vec();
        s.upcard = Some(deck[20]);
        sink.event(&Event::Dealt {
            hands: s.hands.clone(),
            kitty: s.kitty.clone(),
        });
        sink.event(&Event::Upcard {
            card: deck[20],
            dealer: s.dealer,
        });
        self.phase = Phase::Bidding {
            round: 1,
            turn: left_of(s.dealer),
            passes: 0,
        };
    }

    fn bid(
        &mut self,
        sink: &mut dyn EventSink,
        round: u8,
        turn: Seat,
        passes: u8,
    ) -> Result<(), EngineError> {
        let forced = round == 2
            && turn == self.state.dealer
            && self.config.all_pass == AllPass::ScrewTheDealer;
        self.ask(sink, turn, Ask::Bid { round });
        let Some(bid) = self.decide(sink, turn, |p, v, n| p.bid(v, n), (round, forced))? else {
            return Ok(());
        };
        let upcard = self.state.upcard.expect("dealt");
        match bid {
            Bid::Pass if forced => {
                return Err(self.illegal(
                    turn,
                    "passed as dealer in round two; the dealer must order up a suit (screw the dealer)".into(),
                ));
            }
            Bid::Pass => {
                sink.event(&Event::Passed { seat: turn, round });
                let passes = passes + 1;
                if passes < 4 {
                    self.phase = Phase::Bidding {
                        round,
                        turn: left_of(turn),
                        passes,
                    };
                } else if round == 1 {
                    sink.event(&Event::TurnedDown { suit: upcard.suit });
                    self.phase = Phase::Bidding {
                        round: 2,
                        turn: left_of(self.state.dealer),
                        passes: 0,
                    };
                } else {
                    let next_dealer = left_of(self.state.dealer);
                    sink.event(&Event::Nullified { next_dealer });
                    self.state.dealer = next_dealer;
                    self.state.hand_no += 1;
                    self.phase = Phase::StartHand;
                }
            }
            Bid::Order { suit, alone } => {
                let alone = alone
                    || (round == 1
                        && self.config.ordering_partner_is_alone
                        && partner_of(turn) == self.state.dealer);
                if round == 1 && suit != upcard.suit {
                    return Err(self.illegal(
                        turn,
                        format!(
                            "ordered up {suit} in round one; only {} may be ordered up",
                            upcard.suit
                        ),
                    ));
                }
                if round == 2 && suit == upcard.suit {
                    return Err(self.illegal(
                        turn,
                        format!("ordered up {suit} in round two; it was turned down"),
                    ));
                }
                if alone && !self.config.allow_alone {
                    return Err(
                        self.illegal(turn, "went alone; these rules have no going alone".into())
                    );
                }
                let s = &mut self.state;
                s.trump = Some(suit);
                s.maker = Some(turn);
                s.alone = alone;
                sink.event(&Event::Ordered {
                    seat: turn,
                    suit,
                    alone,
                    round,
                });
                let dealer_out = s.sitting_out() == Some(s.dealer);
                if round == 1 && (!dealer_out || self.config.sitting_out_dealer_picks_up) {
                    self.phase = Phase::Discard;
                } else {
                    self.begin_play(sink);
                }
            }
        }
        Ok(())
    }

    fn discard(&mut self, sink: &mut dyn EventSink) -> Result<(), EngineError> {
        let dealer = self.state.dealer;
        let upcard = self.state.upcard.expect("dealt");
        self.ask(sink, dealer, Ask::Discard { upcard });
        let Some(card) = self.decide(sink, dealer, |p, v, n| p.discard(v, n), (1, false))? else {
            return Ok(());
        };
        let s = &mut self.state;
        if card != upcard && !s.hands[dealer].contains(&card) {
            return Err(self.illegal(
                dealer,
                format!("discarded {card}, which is neither in hand nor the upcard"),
            ));
        }
        let hand = &mut s.hands[dealer];
        hand.push(upcard);
        hand.retain(|&c| c != card);
        if self.config.sort_hands {
            hand.sort();
        }
        // The discard goes face down on the kitty in the upcard's place.
        s.kitty[0] = card;
        sink.event(&Event::Discarded { seat: dealer, card });
        self.begin_play(sink);
        Ok(())
    }

    fn first_leader(&self) -> Seat {
        let s = &self.state;
        let eldest = left_of(s.dealer);
        let out = s.sitting_out();
        let literal = self.config.loner_lead == LonerLead::FootnoteLiteral
            && s.alone
            && s.maker == Some(eldest);
        if out == Some(eldest) || literal {
            left_of(eldest)
        } else {
            eldest
        }
    }

    fn begin_play(&mut self, sink: &mut dyn EventSink) {
        let s = &self.state;
        sink.event(&Event::TrumpSet {
            trump: s.trump.expect("made"),
            maker: s.maker.expect("made"),
            alone: s.alone,
        });
        self.phase = Phase::Trick {
            turn: self.first_leader(),
            turns: 0,
        };
    }

    fn trick_turn(
        &mut self,
        sink: &mut dyn EventSink,
        turn: Seat,
        turns: u8,
    ) -> Result<(), EngineError> {
        if self.state.sitting_out() == Some(turn) {
            sink.event(&Event::Skipped { seat: turn });
        } else if !self.play_card(sink, turn)? {
            return Ok(());
        }
        if turns + 1 < 4 {
            self.phase = Phase::Trick {
                turn: left_of(turn),
                turns: turns + 1,
            };
            return Ok(());
        }
        let s = &mut self.state;
        let trump = s.trump.expect("made");
        let led = s.trick[0].1;
        let (winner, _) = *s
            .trick
            .iter()
            .max_by(|a, b| a.1.cmp_led(b.1, led, trump))
            .expect("a trick has cards");
        s.tricks[winner] += 1;
        let cards: Vec<Card> = s.trick.drain(..).map(|(_, c)| c).collect();
        s.taken[winner].extend(cards);
        sink.event(&Event::TrickTaken {
            seat: winner,
            trick: s.tricks_played(),
            tricks: s.tricks,
            scores: s.scores,
        });
        self.phase = if s.tricks_played() == 5 {
            Phase::HandOver
        } else {
            Phase::Trick {
                turn: winner,
                turns: 0,
            }
        };
        Ok(())
    }

    /// Asks `turn` for a card and puts it on the table. False if the game stopped.
    fn play_card(&mut self, sink: &mut dyn EventSink, turn: Seat) -> Result<bool, EngineError> {
        let leading = self.state.trick.is_empty();
        self.ask(sink, turn, if leading { Ask::Lead } else { Ask::Play });
        loop {
            let Some(card) = self.decide(sink, turn, |p, v, n| p.play(v, n), (0, false))? else {
                return Ok(false);
            };
            let s = &self.state;
            if !s.hands[turn].contains(&card) {
                return Err(self.illegal(turn, format!("played {card}, which is not in hand")));
            }
            let trump = s.trump.expect("made");
            if let Some(&(_, led)) = s.trick.first() {
                let suit = led.effective_suit(trump);
                let could = s.hands[turn]
                    .iter()
                    .any(|c| c.effective_suit(trump) == suit);
                if could && card.effective_suit(trump) != suit {
                    match self.config.follow {
                        FollowRule::Trust => {}
                        FollowRule::Refuse => {
                            return Err(self
                                .illegal(turn, format!("played {card} but could follow {suit}")));
                        }
                        FollowRule::Penalty { points } => {
                            let team = 1 - team_of(turn);
                            let s = &mut self.state;
                            s.scores[team] = s.scores[team].saturating_add(points);
                            let typed = self.players[turn].last_typed().map(str::to_string);
                            sink.event(&Event::Renege {
                                seat: turn,
                                card,
                                typed,
                                team,
                                score: s.scores[team],
                            });
                            if s.scores[team] >= self.config.points_to_win {
                                if self.config.penalty_can_end_game {
                                    self.winner = Some(team);
                                    sink.event(&Event::GameOver {
                                        winner: team,
                                        scores: s.scores,
                                    });
                                    self.phase = Phase::Over;
                                    return Ok(false);
                                }
                                self.first_to_target.get_or_insert(team);
                            }
                            continue;
                        }
                    }
                }
            }
            let s = &mut self.state;
            s.hands[turn].retain(|&c| c != card);
            s.trick.push((turn, card));
            sink.event(&if leading {
                Event::Led { seat: turn, card }
            } else {
                Event::Played { seat: turn, card }
            });
            return Ok(true);
        }
    }

    fn hand_over(&mut self, sink: &mut dyn EventSink) {
        let s = &mut self.state;
        let makers = team_of(s.maker.expect("made"));
        let made = s.team_tricks(makers);
        let (winner, points, march, euchred) = if made == 5 {
            let p = if s.alone {
                self.config.lone_march_points
            } else {
                2
            };
            (makers, p, true, false)
        } else if made >= 3 {
            (makers, 1, false, false)
        } else {
            (1 - makers, 2, false, true)
        };
        s.scores[winner] = s.scores[winner].saturating_add(points);
        sink.event(&Event::HandOver {
            winner,
            points,
            march,
            euchred,
            scores: s.scores,
        });
        let target = self.config.points_to_win;
        // A team already at the target before this hand was scored (a renege
        // penalty under renege-ends-game=no) got there first and wins.
        let other = 1 - winner;
        let game_winner = self
            .first_to_target
            .or((s.scores[other] >= target).then_some(other))
            .or((s.scores[winner] >= target).then_some(winner));
        if let Some(team) = game_winner {
            self.winner = Some(team);
            sink.event(&Event::GameOver {
                winner: team,
                scores: s.scores,
            });
            self.phase = Phase::Over;
        } else {
            s.dealer = left_of(s.dealer);
            s.hand_no += 1;
            self.phase = Phase::StartHand;
        }
    }
}

fn make_view<'a>(s: &'a State, config: &Config, seat: Seat, round: u8, forced: bool) -> View<'a> {
    View {
        seat,
        hand: &s.hands[seat],
        dealer: s.dealer,
        upcard: s.upcard.expect("a dealt hand has an upcard"),
        round,
        forced,
        allow_alone: config.allow_alone,
        trump: s.trump,
        maker: s.maker,
        alone: s.alone,
        trick: &s.trick,
        sitting_out: s.sitting_out(),
    }
}

/// Deals 20 cards from the top of `deck`, starting at the dealer's left.
pub fn deal(hands: &mut [Vec<Card>; 4], deck: &[Card], dealer: Seat, pattern: DealPattern) {
    const BATCHES: [usize; 8] = [3, 2, 3, 2, 2, 3, 2, 3];
    let mut next = 0;
    let mut seat = left_of(dealer);
    match pattern {
        DealPattern::Batches32 => {
            for n in BATCHES {
                hands[seat].extend_from_slice(&deck[next..next + n]);
                next += n;
                seat = left_of(seat);
            }
        }
        DealPattern::FiveEach => {
            for _ in 0..4 {
                hands[seat].extend_from_slice(&deck[next..next + 5]);
                next += 5;
                seat = left_of(seat);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::all_cards;

    #[test]
    fn batches_3232_then_2323_from_the_dealers_left() {
        let deck: Vec<Card> = all_cards().collect();
        let mut hands: [Vec<Card>; 4] = Default::default();
        deal(&mut hands, &deck, 0, DealPattern::Batches32);
        let idx = |h: &Vec<Card>| -> Vec<usize> {
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
        let deck: Vec<Card> = all_cards().collect();
        let mut hands: [Vec<Card>; 4] = Default::default();
        deal(&mut hands, &deck, 2, DealPattern::FiveEach);
        assert_eq!(hands[3], deck[0..5].to_vec());
        assert_eq!(hands[0], deck[5..10].to_vec());
        assert_eq!(hands[1], deck[10..15].to_vec());
        assert_eq!(hands[2], deck[15..20].to_vec());
    }
}
