//! The driver: a state, four agents and a sink. It asks the seat to move,
//! applies the answer, and takes automatic steps. Quitting and rage quitting
//! are its policy, not the engine's.

use std::borrow::Cow;

use super::{Agent, Decision, PlayerError, Seen};
use upcard_engine::{
    Action, Actions, Event, EventSink, FollowRule, Illegal, Offer, Outcome, Seat, State,
};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum EngineError {
    #[error(transparent)]
    Player(#[from] PlayerError),
    #[error("{player}: {problem}")]
    Illegal { player: String, problem: String },
    /// [`Game::run_within`] stopped a game that would not end.
    #[error(
        "stopped after {hands} hands without a winner: this game would not end (a fixed deck dealt again when everyone passes does that: give the scenario a seed, or stick the dealer)"
    )]
    TooLong { hands: u32 },
}

type Replacement = Box<dyn FnMut(Seat) -> Box<dyn Agent>>;

/// Hands any game may take: far more than a real one (a 100-point EECS 280
/// game of one-point hands takes 199), so a game past it would never end.
pub const MAX_HANDS: u32 = 1000;

/// A game in play: its state, the seats' names and their agents.
///
/// Its agents are boxed by default; a caller whose agents are mostly of one
/// type gives an enum of that type and a box (the arena's built-in bots), so
/// the common agent's choice is inlined into the loop rather than a virtual
/// call whose answer comes back through memory.
pub struct Game<A: Agent = Box<dyn Agent>> {
    pub state: State,
    /// The seats' names; the courses' and the arena's are fixed strings,
    /// borrowed rather than copied per game.
    pub names: [Cow<'static, str>; 4],
    agents: Vec<A>,
    /// Each agent's [`Agent::interactive`], asked once (not per decision).
    interactive: [bool; 4],
    replacement: Option<Replacement>,
    /// The legal actions of the current decision, one list reused.
    legal: Actions,
}

/// Passes events on, giving a renege the card as its player typed it (asked
/// of the agent only then: it is a virtual call per decision otherwise).
struct Typed<'a, S: EventSink + ?Sized> {
    sink: &'a mut S,
    agent: &'a dyn Agent,
}

impl<S: EventSink + ?Sized> EventSink for Typed<'_, S> {
    fn event(&mut self, e: &Event) {
        match e {
            Event::Renege {
                seat,
                card,
                typed: None,
                team,
                score,
            } if self.agent.last_typed().is_some() => self.sink.event(&Event::Renege {
                seat: *seat,
                card: *card,
                typed: self.agent.last_typed().map(str::to_string),
                team: *team,
                score: *score,
            }),
            e => self.sink.event(e),
        }
    }
    fn flush(&mut self) {
        self.sink.flush();
    }
    fn quiet(&self) -> bool {
        self.sink.quiet()
    }
    fn takes_events(&self) -> bool {
        self.sink.takes_events()
    }
    fn takes_why(&self) -> bool {
        self.sink.takes_why()
    }
    fn takes_moves(&self) -> bool {
        self.sink.takes_moves()
    }
}

impl<A: Agent + From<Box<dyn Agent>>> Game<A> {
    /// A game from any state (a new one, a loaded save file, a replay snapshot).
    pub fn new<N: Into<Cow<'static, str>>>(state: State, names: [N; 4], agents: Vec<A>) -> Game<A> {
        assert_eq!(agents.len(), 4, "a game has four agents");
        let interactive = std::array::from_fn(|i| agents[i].interactive());
        Game {
            state,
            names: names.map(Into::into),
            agents,
            interactive,
            replacement: None,
            legal: Actions::new(),
        }
    }

    /// What takes over a seat whose human rage quits.
    pub fn on_rage_quit(&mut self, f: impl FnMut(Seat) -> Box<dyn Agent> + 'static) {
        self.replacement = Some(Box::new(f));
    }

    /// Plays to the end; a game that goes on past [`MAX_HANDS`] hands would
    /// never end (everyone passing the same cards) and is stopped.
    pub fn run<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> Result<Outcome, EngineError> {
        self.run_within(sink, MAX_HANDS)
    }

    /// Plays to the end, or stops once `max_hands` more hands have been dealt
    /// (rules changed by a mutant may never end a game).
    // Kept whole and apart, with `decide` inside it: when LLVM inlined this
    // loop into its caller and left `decide` apart instead, the events'
    // drop glue was no longer elided and the transcript path took 8% more
    // instructions (cachegrind over benches/baseline.sh's games).
    #[inline(never)]
    pub fn run_within<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        max_hands: u32,
    ) -> Result<Outcome, EngineError> {
        // Counted from here: a loaded game may start at any hand number.
        let first = self.state.hand_no;
        // `step` without asking twice whether the game is over: `advance`
        // takes no step exactly when it is (no seat being to move).
        loop {
            match self.state.to_move() {
                Some(seat) => self.decide(sink, seat)?,
                None => {
                    // Checked before each automatic step rather than after
                    // every step (a test a decision): a step that moves the
                    // hand number on leaves the next hand to be dealt, an
                    // automatic step, so the game stops at the same place.
                    if self.state.hand_no.saturating_sub(first) >= max_hands {
                        return Err(EngineError::TooLong { hands: max_hands });
                    }
                    if !self.state.advance(sink) {
                        break;
                    }
                }
            }
        }
        Ok(self.end())
    }

    /// Plays to the end as [`Game::run`] does, calling `watch` with the
    /// state and the sink after every step: a networked table sends each
    /// client its view of the table between two steps.
    pub fn run_watched<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        mut watch: impl FnMut(&State, &mut S),
    ) -> Result<Outcome, EngineError> {
        let first = self.state.hand_no;
        while self.step(sink)? {
            watch(&self.state, sink);
            if self.state.hand_no.saturating_sub(first) >= MAX_HANDS {
                return Err(EngineError::TooLong { hands: MAX_HANDS });
            }
        }
        watch(&self.state, sink);
        Ok(self.end())
    }

    /// The finished game's outcome, the agents told of a win.
    fn end(&mut self) -> Outcome {
        let outcome = self
            .state
            .outcome()
            .expect("a finished game has an outcome");
        if let Outcome::Won { team, scores } = outcome {
            for a in &mut self.agents {
                a.finished(team, scores);
            }
        }
        outcome
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// Advances by one decision or automatic step. Returns false once over.
    pub fn step<S: EventSink + ?Sized>(&mut self, sink: &mut S) -> Result<bool, EngineError> {
        match self.state.to_move() {
            Some(seat) => self.decide(sink, seat)?,
            None if self.state.is_over() => return Ok(false),
            None => {
                self.state.advance(sink);
            }
        }
        Ok(!self.state.is_over())
    }

    /// Every agent is [`Agent::stateless`]: setting [`Game::state`] back
    /// replays the game from there.
    pub fn stateless(&self) -> bool {
        self.agents.iter().all(|a| a.stateless())
    }

    /// What `seat`'s agent would decide in `state` (a state of this game,
    /// perhaps changed to ask "what if"), without playing it. Only for
    /// agents that read no input: a human's answer would be used up.
    pub fn ask(&mut self, seat: Seat, state: &State) -> Option<Decision> {
        if self.interactive[seat] || state.to_move() != Some(seat) {
            return None;
        }
        let mut legal = Actions::new();
        state.legal_actions_into(seat, &mut legal);
        self.agents[seat]
            .choose(&Seen::of(state, seat), &legal, &mut upcard_engine::NullSink)
            .ok()
    }

    fn illegal(&self, seat: Seat, problem: String) -> EngineError {
        EngineError::Illegal {
            player: self.agents[seat].label(&self.names[seat]),
            problem,
        }
    }

    /// Asks `seat` until the state moves on: a renege penalty asks again
    /// (without a new prompt), and a rage quit hands the seat over first.
    /// Only the common path is here, inlined into the loop: the prompt, a
    /// renege penalty's take and a player's error are calls apart, so that
    /// the loop's code stays small (its layout in the binary had decided
    /// several per cent of a random match's time).
    #[inline(always)]
    fn decide<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        seat: Seat,
    ) -> Result<(), EngineError> {
        if !sink.quiet() || self.interactive[seat] {
            self.prompt(sink, seat);
        }
        // Only a renege's event needs the card as typed (CS 246); elsewhere
        // the sink takes the events directly.
        let typed = matches!(self.state.config.follow, FollowRule::Penalty { .. });
        loop {
            // Listed with the set the answer is checked against: the rule
            // read once a decision, not again to apply the answer.
            let offer = self.state.offer(seat, &mut self.legal);
            // Made only if the agent reads it.
            let obs = Seen::of(&self.state, seat);
            // Agents take any sink; `&mut S` is one.
            let mut notes = &mut *sink;
            match self.agents[seat].choose(&obs, &self.legal, &mut notes) {
                Ok(d) => {
                    if let Some(rule) = d.why.filter(|_| sink.takes_why()) {
                        sink.event(&Event::Why { seat, rule });
                    }
                    // Only a renege penalty leaves the same seat to decide
                    // again (the phase unchanged): asked only under one.
                    let moved_on = if typed {
                        self.take_typed(sink, seat, offer, d.action)
                    } else {
                        self.state.take(seat, offer, d.action, sink).map(|()| true)
                    };
                    match moved_on {
                        Err(e) => return Err(self.illegal(seat, e.problem)),
                        Ok(true) => return Ok(()),
                        Ok(false) => {}
                    }
                }
                Err(e) => {
                    if let Some(done) = self.player_error(sink, seat, e) {
                        return done;
                    }
                }
            }
        }
    }

    /// The prompt's event, and a human's output shown before it answers.
    #[inline(never)]
    fn prompt<S: EventSink + ?Sized>(&mut self, sink: &mut S, seat: Seat) {
        if !sink.quiet()
            && let Some(ask) = self.state.ask()
        {
            sink.event(&Event::Asked {
                seat,
                ask,
                hand: self.state.hands[seat],
                tricks: self.state.tricks[seat],
            });
        }
        if self.interactive[seat] {
            sink.flush();
        }
    }

    /// [`State::take`] under a renege penalty, a renege's event with the
    /// card as the player typed it: whether the state moved on.
    #[inline(never)]
    fn take_typed<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        seat: Seat,
        offer: Offer,
        action: Action,
    ) -> Result<bool, Illegal> {
        let before = self.state.phase;
        let mut typed = Typed {
            sink,
            agent: &self.agents[seat],
        };
        self.state
            .take(seat, offer, action, &mut typed)
            .map(|()| self.state.phase != before || self.state.is_over())
    }

    /// A player that did not decide: a quit ends the game, a rage quit
    /// hands the seat over (`None`: ask again), anything else is an error.
    #[cold]
    #[inline(never)]
    fn player_error<S: EventSink + ?Sized>(
        &mut self,
        sink: &mut S,
        seat: Seat,
        e: PlayerError,
    ) -> Option<Result<(), EngineError>> {
        match e {
            PlayerError::Quit => {
                sink.event(&Event::Quit { seat });
                self.state.abandon();
                Some(Ok(()))
            }
            PlayerError::RageQuit => match self.replacement.as_mut() {
                Some(make) => {
                    self.agents[seat] = A::from(make(seat));
                    self.interactive[seat] = self.agents[seat].interactive();
                    self.state.replaced[seat] = true;
                    sink.event(&Event::RageQuit { seat });
                    None
                }
                None => Some(Err(
                    self.illegal(seat, "no computer player can take over".into())
                )),
            },
            e => Some(Err(e.into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::courses::standard;
    use upcard_engine::VecSink;

    /// Passes whenever it may (every hand is thrown in: a game that would
    /// not end).
    struct Passer;

    impl Agent for Passer {
        fn choose(
            &mut self,
            _: &Seen,
            legal: &[Action],
            _: &mut dyn EventSink,
        ) -> Result<Decision, PlayerError> {
            let pass = legal.iter().find(|a| **a == Action::Pass);
            Ok(Decision::new(*pass.unwrap_or(&legal[0])))
        }
    }

    /// A game past its hands stops just after the hand that reached the
    /// limit, before the next is dealt: the same events whatever the limit.
    #[test]
    fn a_game_that_would_not_end_stops_before_dealing_past_the_limit() {
        for limit in 1..5u32 {
            let [deck] = standard::decks([7]);
            let state = State::new(standard::config(), deck);
            let agents: Vec<Box<dyn Agent>> = (0..4).map(|_| Box::new(Passer) as _).collect();
            let mut game = Game::new(state, standard::SEATS, agents);
            let mut sink = VecSink::default();
            let e = game.run_within(&mut sink, limit).unwrap_err();
            assert_eq!(e, EngineError::TooLong { hands: limit });
            let dealt = sink
                .0
                .iter()
                .filter(|e| matches!(e, Event::HandStart { .. }));
            assert_eq!(dealt.count(), limit as usize);
            assert!(matches!(sink.0.last(), Some(Event::Nullified { .. })));
            assert_eq!(game.state.hand_no, limit);
        }
    }
}
