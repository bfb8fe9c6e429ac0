//! Who sits at a standard table: people answering numbered choices (plain
//! mode and scenarios), and bots (the courses' strategies), kept lawful.

use std::cell::Cell;
use std::rc::Rc;

use crate::agents::{Agent, Decision, Kind, Observation, PlayerError};
use crate::courses::cs246::Computer;
use crate::courses::eecs280::Simple;
use crate::input::SharedTokens;
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Action, Event, EventSink, Seat};

/// A bot kind, as `--seat N=bot:KIND` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    /// Any lawful action, at random.
    Random,
    /// The EECS 280 strategy.
    Simple,
    /// The CS 246 strategy.
    Computer,
    /// Perfect-information Monte Carlo with exact search, every deal
    /// consistent with the cards seen weighed alike (the expert before it
    /// read the bidding).
    Pimc,
    /// The same, its deals weighed by what the bidding says (agents::expert).
    Expert,
}

/// What happens when a program at a seat misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFault {
    /// A bot takes the seat and the game goes on.
    Bot(Bot),
    /// The game ends there.
    End,
}

impl OnFault {
    /// `bot:KIND` or `end`.
    pub fn parse(s: &str) -> Result<OnFault, String> {
        if s == "end" {
            return Ok(OnFault::End);
        }
        s.strip_prefix("bot:")
            .and_then(Bot::find)
            .map(OnFault::Bot)
            .ok_or_else(|| {
                format!(
                    "{s:?} is not bot:KIND or end (bots: {})",
                    Bot::ALL.map(|b| b.name()).join(", ")
                )
            })
    }

    /// As `--on-fault` spells it (what `parse` reads).
    pub fn spec(self) -> String {
        match self {
            OnFault::Bot(b) => format!("bot:{}", b.name()),
            OnFault::End => "end".into(),
        }
    }

    /// The agent that plays on, if any, and its name.
    pub fn agent(self, seed: u32) -> (Option<Box<dyn Agent>>, &'static str) {
        match self {
            OnFault::Bot(b) => (Some(b.agent(seed)), b.name()),
            OnFault::End => (None, "end"),
        }
    }
}

/// Deals the expert samples per decision unless told otherwise.
pub const EXPERT_SAMPLES: usize = 24;

/// How hard the search bots (`pimc`, `expert`) think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Deals solved per decision (a round).
    pub samples: usize,
    /// Rounds solved while another fits this long per decision; None: one
    /// round, so that a seed replays exactly (docs/bots.md).
    pub think: Option<std::time::Duration>,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            samples: EXPERT_SAMPLES,
            think: None,
        }
    }
}

impl Bot {
    pub const ALL: [Bot; 5] = [
        Bot::Random,
        Bot::Simple,
        Bot::Computer,
        Bot::Pimc,
        Bot::Expert,
    ];

    /// Every bot's name, as help texts and messages list them.
    pub fn names(separator: &str) -> String {
        Bot::ALL.map(|b| b.name()).join(separator)
    }

    pub fn name(self) -> &'static str {
        match self {
            Bot::Random => "random",
            Bot::Simple => "simple",
            Bot::Computer => "computer",
            Bot::Pimc => "pimc",
            Bot::Expert => "expert",
        }
    }

    pub fn find(name: &str) -> Option<Bot> {
        Bot::ALL.into_iter().find(|b| b.name() == name)
    }

    /// The bot; `seed` decides the random and expert bots' choices.
    pub fn agent(self, seed: u32) -> Box<dyn Agent> {
        self.agent_with(seed, Strength::default())
    }

    /// The bot, the search bots as strong as `strength`.
    pub fn agent_with(self, seed: u32, strength: Strength) -> Box<dyn Agent> {
        use crate::agents::expert::Expert;
        let Strength { samples, think } = strength;
        let inner: Box<dyn Agent> = match self {
            Bot::Random => Box::new(crate::agents::expert::Random::new(seed)),
            Bot::Simple => Box::new(Simple),
            Bot::Computer => Box::new(Computer::default()),
            Bot::Pimc => Box::new(Expert::plain(seed, samples).thinking(think)),
            Bot::Expert => Box::new(Expert::new(seed, samples).thinking(think)),
        };
        Box::new(Lawful(inner))
    }
}

/// A course strategy at a table whose house rules it does not know: a
/// decision the rules forbid becomes the nearest lawful one (going alone
/// where a Canadian loner may not: ordering up with the partner).
pub struct Lawful(pub Box<dyn Agent>);

impl Agent for Lawful {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let d = self.0.choose(obs, legal, notes)?;
        if legal.contains(&d.action) {
            return Ok(d);
        }
        let nearest = match (d.action, obs.trump) {
            (Action::Order { suit, .. }, _) => Action::Order { suit, alone: false },
            // Keeping the upcard (discard-upcard off): the lowest card held.
            (Action::Discard(_), Some(trump)) => legal
                .iter()
                .copied()
                .filter_map(Action::card)
                .min_by_key(|c| c.value(trump, None))
                .map_or(d.action, Action::Discard),
            (a, _) => a,
        };
        Ok(Decision {
            action: if legal.contains(&nearest) {
                nearest
            } else {
                legal.first().copied().unwrap_or(d.action)
            },
            why: Some("the house rules forbid its strategy's choice: the nearest lawful one"),
        })
    }
}

/// Which person last had the device, shared by the people at one table.
pub type Turns = Rc<Cell<Option<Seat>>>;

/// A person answering numbered choices from standard input.
pub struct Person {
    pub name: String,
    pub input: SharedTokens,
    /// With two or more people, the device is passed between their turns.
    pub turns: Option<Turns>,
}

/// The words of one choice.
pub fn choice_text(obs: &Observation, a: Action) -> String {
    match a {
        Action::Pass if obs.round == 0 => "play with my partner".into(),
        Action::Pass => "pass".into(),
        Action::Order { suit, alone } => {
            let verb = if obs.round == 1 { "order up" } else { "name" };
            format!("{verb} {suit}{}", if alone { " and go alone" } else { "" })
        }
        Action::Discard(c) if Some(c) == obs.upcard => format!("discard the upcard, the {c}"),
        Action::Discard(c) => format!("discard the {c}"),
        // Offered only under a renege penalty (CS 246 rules).
        Action::Play(c) if obs.reneges(c) => format!("{c} (a renege: the other team scores)"),
        Action::Play(c) => format!("{c}"),
        Action::DefendAlone => "defend alone".into(),
        Action::ThrowIn => "throw in my farmer's hand".into(),
    }
}

/// A hand as shown to its holder: trump (or the upcard's suit) first, then
/// by suit and rank, so choices read in the order of the hand.
pub fn display_order(hand: &[Card], trump: Option<Suit>) -> Vec<Card> {
    let mut v = hand.to_vec();
    v.sort_by_key(|c| match trump {
        Some(t) => {
            let suit = c.effective_suit(t);
            (suit != t, suit, std::cmp::Reverse(c.value(t, None)))
        }
        None => (false, c.suit(), std::cmp::Reverse(c.rank() as u8)),
    });
    v
}

/// The legal actions in the order they are offered: cards as the hand is shown.
pub fn offered(obs: &Observation, legal: &[Action]) -> Vec<Action> {
    let mut v = legal.to_vec();
    // Where ordering up is going alone, it is offered only so.
    if obs.partner_order_alone
        && obs.round == 1
        && upcard_engine::partner_of(obs.seat) == obs.dealer
    {
        v.retain(|a| !matches!(a, Action::Order { alone: false, .. }));
    }
    if matches!(Kind::of(legal), Kind::Discard | Kind::Play) {
        let order = display_order(
            &obs.hand
                .iter()
                .copied()
                .chain(obs.upcard.filter(|_| Kind::of(legal) == Kind::Discard))
                .collect::<Vec<_>>(),
            obs.trump.or(obs.upcard.map(|u| u.suit())),
        );
        v.sort_by_key(|a| a.card().and_then(|c| order.iter().position(|o| *o == c)));
    }
    v
}

impl Agent for Person {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let seat = obs.seat;
        let read_line = |expected: &str| -> Result<String, PlayerError> {
            let r = self.input.borrow_mut().next_line();
            match r {
                Ok(Some(l)) => Ok(l),
                Ok(None) => Err(PlayerError::InputEnded {
                    player: self.name.clone(),
                    expected: expected.into(),
                }),
                Err(e) => Err(PlayerError::Io {
                    player: self.name.clone(),
                    message: e.to_string(),
                }),
            }
        };
        if let Some(turns) = &self.turns
            && turns.get() != Some(seat)
        {
            notes.event(&Event::PassDevice { seat });
            read_line("Enter, once the device is passed")?;
            turns.set(Some(seat));
        }
        let offer = offered(obs, legal);
        let choices: Vec<String> = offer.iter().map(|&a| choice_text(obs, a)).collect();
        notes.event(&Event::Choices { seat, choices });
        loop {
            let line = read_line(&format!("a number from 1 to {}", offer.len()))?;
            if line == "q" {
                return Err(PlayerError::Quit);
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=offer.len()).contains(&n) => {
                    return Ok(Decision::new(offer[n - 1]));
                }
                _ => notes.event(&Event::Rejected {
                    seat,
                    message: format!(
                        "{line:?} is not a choice: type a number from 1 to {}, or q to stop.",
                        offer.len()
                    ),
                }),
            }
        }
    }

    fn interactive(&self) -> bool {
        true
    }
}
