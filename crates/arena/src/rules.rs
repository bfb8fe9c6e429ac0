//! Who plays for a team, and where the deals come from (the rules a match
//! is played under are `upcard_rules::Rules`).

use std::cell::RefCell;

use upcard_bots::Bot;
use upcard_engine::State;
use upcard_rules::Rules;
use upcard_rules::courses::standard;

/// Seeded deals made at once (see [`Deals::fresh`]).
const BATCH: usize = upcard_rules::DEALS_TOGETHER;

/// Hands of a deal shuffled once for both its games ([`upcard_engine::Deck::draw_ahead`]).
const AHEAD: usize = 10;

/// Who plays for a team: a bot, or a program speaking the seat protocol
/// (docs/seat-protocol.md), started for each seat of each game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    Bot(Bot),
    Program(String),
}

impl Entrant {
    /// `exec:PROGRAM` or a bot's name.
    pub fn parse(s: &str) -> Result<Entrant, String> {
        match s.strip_prefix("exec:") {
            Some(p) if !p.is_empty() => {
                upcard_seat::program_seat::command_words(p)?;
                Ok(Entrant::Program(p.to_string()))
            }
            _ => Bot::find(s).map(Entrant::Bot).ok_or_else(|| {
                format!(
                    "there is no bot {s:?}; the bots are {} (or exec:PROGRAM)",
                    Bot::ALL.map(|b| b.name()).join(", ")
                )
            }),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Entrant::Bot(b) => b.name().to_string(),
            Entrant::Program(p) => format!("exec:{p}"),
        }
    }
}

/// Where a match's deals come from. Its `Debug` shows no secret: a match
/// printed anywhere (a log, a panic) must not give the deals away.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Deals {
    /// `--seed S`: deal d is the course's shuffle of seed S + d, the same
    /// games again anywhere (tests, replays).
    Seed(u32),
    /// The default: deal d from a key derived from a secret of 256 random
    /// bits made for the match: no seat, program or bot can compute a hand
    /// it does not see.
    Secret([u8; 32]),
}

impl std::fmt::Debug for Deals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deals::Seed(s) => f.debug_tuple("Seed").field(s).finish(),
            Deals::Secret(_) => f.write_str("Secret(..)"),
        }
    }
}

impl Deals {
    /// `--seed S`, or without one a new secret from the system.
    pub fn from_seed(seed: Option<u32>) -> Result<Deals, String> {
        Ok(match seed {
            Some(s) => Deals::Seed(s),
            None => Deals::Secret(standard::fresh_key()?),
        })
    }

    /// The first state of deal `d` and the seeds of its bots' own choices,
    /// by seat. Kept for the deal's second game, and seeded deals are made
    /// [`BATCH`] at a time ([`Deals::fresh`] makes them).
    pub(super) fn deal(self, rules: Rules, d: u32) -> (State, [u32; 4]) {
        /// Whose deals are kept, the first one's number, and the deals.
        type Kept = (Option<(Rules, Deals)>, u32, Vec<(State, [u32; 4])>);
        thread_local! {
            static KEPT: RefCell<Kept> = const { RefCell::new((None, 0, Vec::new())) };
        }
        KEPT.with_borrow_mut(|(whose, first, made)| {
            if *whose != Some((rules, self)) || d.wrapping_sub(*first) as usize >= made.len() {
                (*whose, *first, *made) = (Some((rules, self)), d, self.fresh(rules, d));
            }
            made[d.wrapping_sub(*first) as usize].clone()
        })
    }

    /// Deal `d` made anew, and for seeded deals the next `BATCH - 1` too.
    /// Each deal is played twice (the teams swapped, usually one after the
    /// other on one worker, which takes the deals in order), and making it
    /// is costly enough to keep for the second: seeding a Mersenne Twister
    /// is 623 multiplies in a chain, which run side by side for four seeds
    /// ([`Rules::states`]); a secret deal's keys are three ChaCha20 blocks
    /// (the bots' seeds had been two of them a seat). A clone shares the
    /// hands drawn ahead, and the generator past them until it draws; the
    /// games are the same either way.
    fn fresh(self, rules: Rules, d: u32) -> Vec<(State, [u32; 4])> {
        // Both games of a deal deal the same hands: their first are
        // shuffled once, for both (a game lasts about ten hands).
        let ahead = |mut state: State| {
            state.deck.draw_ahead(AHEAD);
            state
        };
        let spread = |base: u32| {
            std::array::from_fn(|seat| base.wrapping_mul(0x9E37_79B9).wrapping_add(seat as u32))
        };
        match self {
            Deals::Seed(s) => {
                let seeds: [u32; BATCH] =
                    std::array::from_fn(|k| s.wrapping_add(d).wrapping_add(k as u32));
                let states = rules.states(seeds);
                states
                    .into_iter()
                    .zip(seeds)
                    .map(|(state, seed)| (ahead(state), spread(seed)))
                    .collect()
            }
            Deals::Secret(k) => {
                let key = upcard_engine::derive_key(k, u64::from(d));
                let state = ahead(rules.state_from(standard::Cards::Key(key)));
                // From the deal's key's stream 1, not its cards' stream.
                let b = upcard_engine::derive_key(key, 1);
                vec![(state, spread(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))]
            }
        }
    }

    /// Deal `d` as the reports number it: its seed under `--seed` (the
    /// number that deals it again), else its place in the match.
    pub(super) fn number(self, d: u32) -> u32 {
        match self {
            Deals::Seed(s) => s.wrapping_add(d),
            Deals::Secret(_) => d,
        }
    }

    /// The seed, when one was given.
    pub fn seed(self) -> Option<u32> {
        match self {
            Deals::Seed(s) => Some(s),
            Deals::Secret(_) => None,
        }
    }

    /// How the reports name them: `seed 3`, or `secret deals`.
    pub fn words(self) -> String {
        match self {
            Deals::Seed(s) => format!("seed {s}"),
            Deals::Secret(_) => "secret deals".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deal asked for again (its second game) is the first's state and
    /// seeds; another deal in between is its own; the bots' seeds are the
    /// deal's base (its seed, or a word of its key's stream 1) spread by seat.
    #[test]
    fn a_deal_is_kept_for_its_second_game_and_its_seeds_are_by_seat() {
        let rules = Rules::standard(standard::config());
        let key = [3u8; 32];
        for deals in [Deals::Seed(5), Deals::Secret(key)] {
            // In a batch, past it, before it, and back.
            for d in [2, 3, 2, 2, 5, 6, 1, 9, 3] {
                let (state, seeds) = deals.deal(rules, d);
                let (fresh, fresh_seeds) = deals.fresh(rules, d)[0].clone();
                assert_eq!(state, fresh);
                assert_eq!(seeds, fresh_seeds);
                let base = match deals {
                    Deals::Seed(s) => s + d,
                    Deals::Secret(k) => {
                        let b = upcard_engine::derive_key(
                            upcard_engine::derive_key(k, u64::from(d)),
                            1,
                        );
                        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
                    }
                };
                let spread = base.wrapping_mul(0x9E37_79B9);
                assert_eq!(seeds, [0, 1, 2, 3].map(|seat| spread.wrapping_add(seat)));
            }
        }
        // A keyed game is the seeded game's state with the keyed deck in
        // place of the seeded one, under every rule set.
        for rules in Rules::every() {
            let mut want = rules.state(0);
            want.deck = standard::keyed_deck(key);
            assert_eq!(rules.state_from(standard::Cards::Key(key)), want);
        }
        // Pinned: seed 5's deal 2 is seed 7's, whose first bot seed is
        // 7 × 0x9E3779B9 mod 2^32.
        assert_eq!(Deals::Seed(5).deal(rules, 2).1[0], 0x5384_540f);
        let mut want = State::new(standard::config(), standard::deck(7));
        want.deck.draw_ahead(AHEAD);
        assert_eq!(Deals::Seed(5).deal(rules, 2).0, want);
    }

    /// A deal's hands, the first drawn once for both its games, are its
    /// seed's or its key's, past those drawn too.
    #[test]
    fn a_deal_deals_its_seeds_or_its_keys_hands() {
        let rules = Rules::standard(standard::config());
        let key = [9u8; 32];
        for (deals, mut plain) in [
            (Deals::Seed(5), rules.state(7).deck),
            (
                Deals::Secret(key),
                standard::keyed_deck(upcard_engine::derive_key(key, 2)),
            ),
        ] {
            let mut kept = deals.deal(rules, 2).0.deck;
            assert!(matches!(kept, upcard_engine::Deck::Ahead(_)));
            for hand in 0..2 * AHEAD {
                let off = upcard_engine::mutants::Switch::OFF;
                assert_eq!(kept.next_deck(off), plain.next_deck(off), "hand {hand}");
            }
        }
    }

    /// A printed match shows its seed, never its secret.
    #[test]
    fn deals_print_no_secret() {
        assert_eq!(format!("{:?}", Deals::Seed(5)), "Seed(5)");
        assert_eq!(format!("{:?}", Deals::Secret([9; 32])), "Secret(..)");
    }
}
