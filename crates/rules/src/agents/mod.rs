//! Agents decide for a seat from what it may see and the actions it may
//! take; the driver runs a game with four of them.

mod driver;
mod recorder;
mod scripted;

pub use driver::{EngineError, Game, MAX_HANDS};
pub use recorder::{Recorder, Words};
pub use scripted::Scripted;

pub use upcard_engine::{Observation, Seen};

use upcard_engine::{Action, EventSink};

/// A decision and the strategy rule behind it (shown by replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub action: Action,
    pub why: Option<&'static str>,
}

impl Decision {
    pub fn new(action: Action) -> Decision {
        Decision { action, why: None }
    }

    pub fn because((action, why): (Action, &'static str)) -> Decision {
        Decision {
            action,
            why: Some(why),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlayerError {
    #[error("{player}: standard input ended; expected {expected}")]
    InputEnded { player: String, expected: String },
    #[error("{player}: expected {expected}, got {got:?}")]
    BadAnswer {
        player: String,
        expected: String,
        got: String,
    },
    #[error("{player}: the script has no decision left; expected {expected}")]
    ScriptEnded { player: String, expected: String },
    #[error("{player}: reading standard input failed: {message}")]
    Io { player: String, message: String },
    /// The human asked to end the program (CS 246 `q`).
    #[error("quit")]
    Quit,
    /// The human hands its seat to a computer player (CS 246 `r`).
    #[error("rage quit")]
    RageQuit,
}

/// Decides for one seat. `notes` receives events the agent itself reports
/// (a human's prompts and rejected answers). An agent may answer with an
/// action outside `legal` (a human's input); the game refuses it.
pub trait Agent {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError>;
    /// Interactive agents read a terminal: output is flushed before asking.
    /// Asked once per agent: the answer may not change.
    fn interactive(&self) -> bool {
        false
    }
    /// The last card answered, as typed, for agents that read text.
    fn last_typed(&self) -> Option<&str> {
        None
    }
    /// Its decisions depend on what it is shown alone (no input read, no
    /// random draws, nothing remembered): a game of such agents can be put
    /// back to an earlier state and go on as it would have from there.
    fn stateless(&self) -> bool {
        false
    }
    /// The game is over (programs at a seat are told; others need not care).
    fn finished(&mut self, _winner: usize, _scores: [u32; 2]) {}
    /// How errors name this agent's seat (a course's Human: `Human player NAME`).
    fn label(&self, name: &str) -> String {
        name.to_string()
    }
}

/// A boxed agent is an agent ([`Game`]'s default agents are boxes).
impl<T: Agent + ?Sized> Agent for Box<T> {
    #[inline]
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        (**self).choose(obs, legal, notes)
    }
    fn interactive(&self) -> bool {
        (**self).interactive()
    }
    fn last_typed(&self) -> Option<&str> {
        (**self).last_typed()
    }
    fn stateless(&self) -> bool {
        (**self).stateless()
    }
    fn finished(&mut self, winner: usize, scores: [u32; 2]) {
        (**self).finished(winner, scores)
    }
    fn label(&self, name: &str) -> String {
        (**self).label(name)
    }
}

/// The kind of decision asked for, as the legal actions show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Bid,
    Discard,
    Play,
    /// Whether to defend alone (a house rule of the standard game).
    Defend,
}

/// A strategy's decision for what `legal` asks, with its rule: one of the
/// three functions is called.
#[inline]
pub fn explained(
    legal: &[Action],
    bid: impl FnOnce() -> (Action, &'static str),
    discard: impl FnOnce() -> (upcard_engine::cards::Card, &'static str),
    play: impl FnOnce() -> (upcard_engine::cards::Card, &'static str),
) -> Decision {
    Decision::because(match Kind::of(legal) {
        Kind::Bid => bid(),
        Kind::Discard => {
            let (c, why) = discard();
            (Action::Discard(c), why)
        }
        Kind::Play => {
            let (c, why) = play();
            (Action::Play(c), why)
        }
        // The courses' strategies predate the house rule: they keep the partner in.
        Kind::Defend => (
            Action::Pass,
            "does not defend alone: it plays with its partner",
        ),
    })
}

impl Kind {
    pub fn of(legal: &[Action]) -> Kind {
        // The variants alone, not `==`: this runs for every decision.
        match legal.first() {
            // Cards first: most decisions are plays.
            Some(Action::Play(_)) | None => Kind::Play,
            Some(Action::Pass) if matches!(legal.get(1), Some(Action::DefendAlone)) => Kind::Defend,
            Some(Action::DefendAlone) => Kind::Defend,
            Some(Action::Pass | Action::Order { .. }) => Kind::Bid,
            Some(Action::Discard(_)) => Kind::Discard,
            _ => Kind::Play,
        }
    }
}
