//! A saved `upcard play` game: the table (seed, house rules, seats) and every
//! decision so far. Resuming replays the decisions on the engine, so the game
//! continues exactly where it stopped; a file whose decisions the rules do
//! not allow is refused, naming the decision.

use serde::{Deserialize, Serialize};

use upcard_bots::Bot;
use upcard_bots::{SeatKind, Table};
use upcard_engine::{Action, Event, EventSink, NullSink, State};
use upcard_rules::courses::standard::house::HouseRule;
use upcard_rules::courses::standard::{Cards, config, key_text, parse_key};

/// The format's version; another is refused with a clear message.
const VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    version: u32,
    /// The deal: its seed, or (a game nobody at the table could compute)
    /// its secret key; one of the two.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key: Option<String>,
    /// Every house rule's value, by name.
    house: std::collections::BTreeMap<String, String>,
    /// `human:NAME` or `bot:KIND`, by seat.
    seats: Vec<String>,
    names: Vec<String>,
    /// Each decision, as the engine prints actions (`order Hearts alone`,
    /// `play JH`), in order.
    actions: Vec<String>,
}

/// A game to save or resume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The table, its deal (`cards`) included.
    pub table: Table,
    pub actions: Vec<Action>,
}

/// `human:NAME` / `bot:KIND` for a seat.
pub fn seat_text(kind: &SeatKind, name: &str) -> String {
    match kind {
        SeatKind::Person => format!("human:{name}"),
        SeatKind::Bot(b) => format!("bot:{}", b.name()),
        SeatKind::Program(p) => format!("exec:{p}"),
    }
}

/// Records the decisions of a game as they happen (a sink beside the printer).
#[derive(Default, Debug)]
pub struct Decisions(pub Vec<Action>);

impl EventSink for Decisions {
    fn event(&mut self, e: &Event) {
        let a = match e {
            Event::Passed { .. } => Action::Pass,
            Event::Ordered { suit, alone, .. } => Action::Order {
                suit: *suit,
                alone: *alone,
            },
            Event::Discarded { card, .. } => Action::Discard(*card),
            Event::Led { card, .. } | Event::Played { card, .. } => Action::Play(*card),
            Event::DefendedAlone { .. } => Action::DefendAlone,
            Event::ThrownIn { .. } => Action::ThrowIn,
            _ => return,
        };
        self.0.push(a);
    }
}

impl Saved {
    pub fn write(&self) -> String {
        let c = &self.table.config;
        let (seed, key) = match self.table.cards {
            Cards::Key(k) => (None, Some(key_text(&k))),
            Cards::Seed(s) | Cards::Fixed(_, s) => (Some(s), None),
        };
        let raw = Raw {
            version: VERSION,
            seed,
            key,
            house: HouseRule::ALL
                .iter()
                .map(|r| (r.name().to_string(), r.get(c)))
                .collect(),
            seats: (0..4)
                .map(|i| seat_text(&self.table.seats[i], &self.table.names[i]))
                .collect(),
            names: self.table.names.to_vec(),
            actions: self.actions.iter().map(|a| a.short()).collect(),
        };
        format!(
            "# upcard play save file: upcard play --resume FILE continues the game.\n{}",
            toml::to_string(&raw).unwrap_or_default()
        )
    }

    /// Reads a save file; errors name `file`, and the line and column or the
    /// decision that cannot be taken.
    pub fn parse(file: &str, text: &str) -> Result<Saved, String> {
        let raw: Raw = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start).min(text.len());
            let before = &text[..offset];
            let line = before.matches('\n').count() + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("{file}:{line}:{col}: {}", e.message().trim_end())
        })?;
        let bad = |what: String| format!("{file}: {what}");
        if raw.version != VERSION {
            return Err(bad(format!(
                "version {} is not one this upcard reads ({VERSION})",
                raw.version
            )));
        }
        let mut cfg = config();
        for (name, value) in &raw.house {
            let rule = HouseRule::find(name).ok_or_else(|| {
                bad(format!(
                    "unknown house rule {name:?}; the house rules are {}",
                    upcard_rules::courses::standard::house::names()
                ))
            })?;
            rule.set(&mut cfg, value).map_err(bad)?;
        }
        // The rules together, as every table's: a game that must end.
        upcard_rules::courses::standard::house::check(&cfg).map_err(bad)?;
        if raw.seats.len() != 4 || raw.names.len() != 4 {
            return Err(bad("a game has four seats and four names".into()));
        }
        // A save file is data: a name that would drive the terminal (an
        // escape sequence, a carriage return) is refused, not printed.
        for (i, n) in raw.names.iter().enumerate() {
            if n.chars().any(char::is_control) || n != &upcard_parse::escape::printable(n) {
                return Err(bad(format!(
                    "seat {i}'s name {n:?} holds a control character: a name is plain text"
                )));
            }
        }
        let mut seats: [SeatKind; 4] = std::array::from_fn(|_| SeatKind::Person);
        for (i, s) in raw.seats.iter().enumerate() {
            seats[i] = match s.split_once(':') {
                Some(("human", _)) => SeatKind::Person,
                Some(("exec", p)) if !p.is_empty() => SeatKind::Program(p.to_string()),
                Some(("bot", kind)) => SeatKind::Bot(
                    Bot::find(kind).ok_or_else(|| bad(format!("seat {i}: no bot {kind:?}")))?,
                ),
                _ => {
                    return Err(bad(format!(
                        "seat {i}: {s:?} is not human:NAME, bot:KIND or exec:PROGRAM"
                    )));
                }
            };
        }
        let cards = match (raw.seed, &raw.key) {
            (Some(s), None) => Cards::Seed(s),
            (None, Some(k)) => Cards::Key(parse_key(k).map_err(|e| bad(format!("key: {e}")))?),
            _ => {
                return Err(bad(
                    "a save holds the deal's seed or its key, one of them".into()
                ));
            }
        };
        let table = Table::new(
            cfg,
            cards,
            std::array::from_fn(|i| raw.names[i].clone()),
            seats,
        );
        let mut actions = Vec::with_capacity(raw.actions.len());
        for (i, a) in raw.actions.iter().enumerate() {
            actions.push(
                a.parse::<Action>()
                    .ok()
                    .ok_or_else(|| bad(format!("decision {}: {a:?} is not a decision", i + 1)))?,
            );
        }
        let saved = Saved { table, actions };
        saved.state().map_err(bad)?;
        Ok(saved)
    }

    /// The state after every saved decision, or which one the rules refuse.
    pub fn state(&self) -> Result<State, String> {
        let mut state = self.table.state();
        for (i, &a) in self.actions.iter().enumerate() {
            while state.to_move().is_none() && !state.is_over() {
                state.advance(&mut NullSink);
            }
            if state.is_over() {
                return Err(format!(
                    "decision {} ({a}) comes after the game is over",
                    i + 1
                ));
            }
            state
                .apply(a, &mut NullSink)
                .map_err(|e| format!("decision {} ({a}) is not allowed: {e}", i + 1))?;
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_bots::Bot;
    use upcard_bots::SeatKind;

    fn table() -> Table {
        let mut c = config();
        c.defend_alone = true;
        Table::new(
            c,
            Cards::Seed(7),
            ["Ann".into(), "Bo".into(), "Cy".into(), "Di".into()],
            [
                SeatKind::Person,
                SeatKind::Bot(Bot::Simple),
                SeatKind::Person,
                SeatKind::Bot(Bot::Computer),
            ],
        )
    }

    #[test]
    fn a_save_reads_back_to_the_same_game() {
        // Twenty decisions of a game played by legal first choices.
        let t = table();
        let mut state = t.state();
        let mut actions = Vec::new();
        while actions.len() < 20 {
            if state.to_move().is_none() {
                state.advance(&mut NullSink);
                continue;
            }
            let a = state.legal_actions()[0];
            state.apply(a, &mut NullSink).unwrap();
            actions.push(a);
        }
        let saved = Saved { table: t, actions };
        let text = saved.write();
        let again = Saved::parse("s.toml", &text).unwrap();
        assert_eq!(again, saved);
        assert_eq!(again.state().unwrap(), state);
        // A keyed game keeps its key, and deals the same cards again.
        let mut keyed = saved.clone();
        keyed.table.cards = Cards::Key([0xa7; 32]);
        keyed.actions.truncate(1);
        let text = keyed.write();
        assert!(
            text.contains(&format!("key = \"{}\"", "a7".repeat(32))),
            "{text}"
        );
        assert!(!text.contains("seed"), "{text}");
        let again = Saved::parse("s.toml", &text).unwrap();
        assert_eq!(again, keyed);
        assert_eq!(again.table.state(), keyed.table.state());
    }

    #[test]
    fn a_save_that_cannot_be_resumed_says_why() {
        let saved = Saved {
            table: table(),
            actions: vec![Action::Pass],
        };
        let text = saved.write();
        let e = Saved::parse("s.toml", &text.replace("\"pass\"", "\"play JH\"")).unwrap_err();
        assert!(
            e.starts_with(
                "s.toml: decision 1 (play Jack of Hearts) is not allowed: expected a bid"
            ),
            "{e}"
        );
        let e = Saved::parse("s.toml", &text.replace("\"pass\"", "\"dance\"")).unwrap_err();
        assert_eq!(e, "s.toml: decision 1: \"dance\" is not a decision");
        let e = Saved::parse("s.toml", "version = 1\nseed = \"x\"\n").unwrap_err();
        assert!(e.starts_with("s.toml:2:8: "), "{e}");
        // House rules no table could have (a game with no end) are refused.
        let endless = text.replace("points-to-win = \"10\"", "points-to-win = \"none\"");
        assert_ne!(endless, text);
        let e = Saved::parse("s.toml", &endless).unwrap_err();
        assert_eq!(
            e,
            "s.toml: points-to-win = none needs deals = N: a game ends by a score or after a number of deals"
        );
        let e = Saved::parse("s.toml", &text.replace("version = 1", "version = 9")).unwrap_err();
        assert_eq!(e, "s.toml: version 9 is not one this upcard reads (1)");
        let name = &table().names[1];
        let hostile = text.replace(&format!("\"{name}\""), "\"Eve\\u001b]0;pwned\\u0007\"");
        assert_ne!(hostile, text);
        let e = Saved::parse("s.toml", &hostile).unwrap_err();
        assert_eq!(
            e,
            "s.toml: seat 1's name \"Eve\\u{1b}]0;pwned\\u{7}\" holds a control character: a name is plain text"
        );
    }
}
