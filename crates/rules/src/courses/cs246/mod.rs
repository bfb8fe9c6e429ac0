//! CS 246 Euchre (Spring 2018 spec): MT19937 shuffle, five-card deal, going
//! alone, nullified hands, the computer strategy, the human command
//! interpreter and save files. Decisions: docs/cs246-rules.md.

pub mod computer;
mod human;
pub mod program;
mod random;
pub mod save;
pub mod transcript;

pub use computer::{Computer, PREFERENCE, Strategy, preference};
pub use human::Human;
pub use upcard_engine::engine_seed;

use upcard_engine::cards::Card;
use upcard_engine::{AllPass, Config, DealPattern, Deck, FollowRule, LonerLead};

/// Spec 2.3.1.
pub const INITIAL: &str = "9H TH JH QH KH AH 9D TD JD QD KD AD 9S TS JS QS KS AS 9C TC JC QC KC AC";

pub fn initial_deck() -> [Card; 24] {
    let v: Vec<Card> = INITIAL
        .split(' ')
        .map(|s| Card::parse_short(s).expect("a valid card"))
        .collect();
    v.try_into().expect("24 cards")
}

/// The deck of a game seeded with `seed` (spec 2.3): each hand reshuffles
/// the previous hand's order, starting from `cards` with `drawn` shuffles
/// already drawn (a save file's game).
pub fn deck(seed: i64, cards: [Card; 24], drawn: u64) -> Deck {
    Deck::twister(seed, cards, drawn)
}

/// The readings of the spec that upcard lets users switch (docs/cs246-rules.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub loner_lead: LonerLead,
    pub sitting_out_dealer_picks_up: bool,
    pub renege_ends_game: bool,
    pub suit_words: bool,
    /// The renege message echoes the card as typed (`'9s'`), not as printed (`'9S'`).
    pub renege_card_typed: bool,
    /// Round-two suit commands accept lower case (`h n`), not only `H n`.
    pub suit_any_case: bool,
    pub strategy: Strategy,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            loner_lead: LonerLead::NextActive,
            sitting_out_dealer_picks_up: true,
            renege_ends_game: true,
            suit_words: false,
            renege_card_typed: true,
            suit_any_case: true,
            strategy: Strategy::default(),
        }
    }
}

/// Every option as `name=value`, for `--help` and error messages.
pub const OPTION_HELP: &str = "loner-lead=next-active|footnote, dealer-picks-up-when-out=yes|no, \
renege-ends-game=yes|no, renege-card=typed|printed, suit-case=any|upper, suits=letters|words, \
dealer-counts-turned-down=yes|no, last-trump=lowest-winning|highest";

impl Options {
    /// Applies one `name=value` option.
    pub fn set(&mut self, option: &str) -> Result<(), String> {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| format!("rule option {option:?} is not name=value ({OPTION_HELP})"))?;
        let yes_no = |v: &str| match v {
            "yes" => Ok(true),
            "no" => Ok(false),
            _ => Err(format!("rule option {name} takes yes or no, not {v:?}")),
        };
        match (name, value) {
            ("loner-lead", "next-active") => self.loner_lead = LonerLead::NextActive,
            ("loner-lead", "footnote") => self.loner_lead = LonerLead::FootnoteLiteral,
            ("dealer-picks-up-when-out", v) => self.sitting_out_dealer_picks_up = yes_no(v)?,
            ("renege-ends-game", v) => self.renege_ends_game = yes_no(v)?,
            ("renege-card", "printed") => self.renege_card_typed = false,
            ("renege-card", "typed") => self.renege_card_typed = true,
            ("suit-case", "any") => self.suit_any_case = true,
            ("suit-case", "upper") => self.suit_any_case = false,
            ("suits", "letters") => self.suit_words = false,
            ("suits", "words") => self.suit_words = true,
            ("dealer-counts-turned-down", v) => {
                self.strategy.dealer_counts_turned_down = yes_no(v)?
            }
            ("last-trump", "lowest-winning") => {
                self.strategy.last_plays_lowest_winning_trump = true
            }
            ("last-trump", "highest") => self.strategy.last_plays_lowest_winning_trump = false,
            _ => return Err(format!("unknown rule option {option:?} ({OPTION_HELP})")),
        }
        Ok(())
    }
}

/// The score that ends a game (spec 2.1): a save at it is refused.
pub const POINTS_TO_WIN: u32 = 10;

/// The CS 246 rules.
pub fn config(options: &Options) -> Config {
    Config {
        points_to_win: POINTS_TO_WIN,
        deal: DealPattern::FiveEach,
        allow_alone: true,
        all_pass: AllPass::Nullify,
        scoring: upcard_engine::Scoring::STANDARD,
        // Hands are kept (and printed) in dealt order; a picked-up card goes last.
        sort_hands: false,
        follow: FollowRule::Penalty { points: 2 },
        loner_lead: options.loner_lead,
        sitting_out_dealer_picks_up: options.sitting_out_dealer_picks_up,
        penalty_can_end_game: options.renege_ends_game,
        ordering_partner_is_alone: true,
        discard_upcard: true,
        first_dealer: 0,
        // The standard game's house rules (canadian-loner, defend-alone,
        // farmers-hand, deals) are off in the courses; a new one need not
        // be named here.
        ..Config::standard()
    }
}

/// The course program's name.
pub const PROGRAM: &str = "./euchre";

/// CS 246 as a plug-in (crate::courses).
pub struct Cs246;

impl crate::courses::Course for Cs246 {
    fn name(&self) -> &'static str {
        "cs246"
    }

    fn config(&self) -> Config {
        config(&Options::default())
    }

    fn deck(&self, seed: u32) -> Deck {
        Deck::twister(i64::from(seed), initial_deck(), 0)
    }

    fn decks(&self, seeds: [u32; crate::DEALS_TOGETHER]) -> [Deck; crate::DEALS_TOGETHER] {
        Deck::twisters(seeds.map(i64::from), initial_deck())
    }

    fn about(&self) -> &'static str {
        "Play as the CS 246 euchre: [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]"
    }

    fn program(&self) -> &'static str {
        PROGRAM
    }

    fn examples(&self) -> &'static str {
        "Examples:
  upcard cs246 -s 3 -d
  upcard cs246 -f saved.txt
  upcard cs246 --no-human -s 7 --rule loner-lead=footnote"
    }

    /// CS 246's usual flags (its projects are built by the student's own
    /// Makefile; these serve a submission without one).
    fn cxxflags(&self) -> &'static str {
        "-std=c++14 -Wall -g -O1"
    }

    /// The spec asks for a `[Mm]akefile` beside the sources; without one,
    /// the build compiles the `.cc` and `.cpp` files of the folder that
    /// holds them.
    fn main_files(&self) -> &'static [&'static str] {
        &["Makefile", "makefile", "*.cc", "*.cpp"]
    }

    fn build_script(&self, cxxflags: &str) -> String {
        format!(
            "#!/usr/bin/env bash\n\
             # Builds euchre from the submission (written by `upcard autograder init`;\n\
             # edit it to match the project). CS 246 projects carry their own Makefile;\n\
             # without one, every .cc and .cpp file is compiled with the flags below.\n\
             set -euo pipefail\n\
             CXXFLAGS=({cxxflags})\n\
             if [ -f Makefile ]; then\n\
             \x20   make\n\
             else\n\
             \x20   shopt -s nullglob\n\
             \x20   g++ \"${{CXXFLAGS[@]}}\" ./*.cc ./*.cpp -o euchre\n\
             fi\n"
        )
    }

    fn run(
        &self,
        args: &[String],
        _argv0: &str,
        stdin: Box<dyn std::io::BufRead>,
        stdout: &mut dyn std::io::Write,
    ) -> Result<(), crate::Failure> {
        program::run(args, stdin, stdout)
    }

    fn record_section(&self, args: &[String]) -> Result<String, String> {
        let a = program::Args::parse(args)?;
        let q = |s: &str| serde_json::to_string(s).expect("a string");
        let mut y = format!(
            "rules: cs246\ncs246:\n  seed: {}\n  debug: {}\n  human: {}\n",
            a.seed.unwrap_or(0),
            a.debug,
            !a.no_human
        );
        if let Some(f) = &a.file {
            let text = upcard_parse::file::read_text(std::path::Path::new(f), 1 << 20)
                .map_err(|e| format!("{f}: {e}"))?;
            y.push_str(&format!("  save: {}\n", q(&text)));
        }
        let rules: Vec<&String> = args
            .windows(2)
            .filter(|w| w[0] == "--rule")
            .map(|w| &w[1])
            .collect();
        if !rules.is_empty() {
            y.push_str("  options:\n");
            for r in rules {
                let (k, v) = r.split_once('=').unwrap_or((r, ""));
                y.push_str(&format!("    {}: {}\n", q(k), q(v)));
            }
        }
        Ok(y)
    }

    fn skeleton(&self, name: &str) -> String {
        format!(
            r#"name: {name}
description: >-
  Say here which rule this scenario pins; students whose program fails it read this.
rules: cs246
cs246:
  # The deck is shuffled from the seed each hand (spec 2.3); -s SEED. Player
  # 0 deals hand 0; each player from the dealer's left takes five cards in
  # turn (player 1: cards 1-5, player 2: 6-10, player 3: 11-15, player 0:
  # 16-20); card 21 is the upcard. To pin a deal, give a save file instead:
  # save: |  (its text; `upcard replay --save-at` writes one from any game)
  seed: 0
  debug: true                   # -d: every hand is printed
  # Player 0 is the human and reads input (below), as in the course's
  # program, so that `upcard grade` can run a student's. (human: false,
  # four computers, is upcard's own setting: no course program runs it.)
  human: true
# Player 0's commands, separated by spaces or lines: p (pass), o or oa
# (order up, alone) in round one, S n or S a (name suit S, not alone or
# alone) in round two, a card such as 9S to lead, play or discard, q to
# quit. `upcard replay` shows each hand to pick cards from.
input: "q"
tags: [rule]
"#
        )
    }

    fn random_case(&self, rng: &mut rand_mt::Mt) -> Option<Box<dyn crate::courses::RandomCase>> {
        Some(Box::new(random::Case::random(rng)))
    }
}

#[cfg(test)]
mod deck_tests {
    use super::*;
    use upcard_engine::cards::short_list;

    #[test]
    fn spec_2_3_2_and_2_3_5_examples_for_seed_0() {
        let mut d = Deck::twister(0, initial_deck(), 0);
        assert_eq!(
            short_list(&d.next_deck(upcard_engine::mutants::Switch::OFF)),
            "AS QC KC KS JS 9D TS 9S JH JD AH 9H AD QS TC AC KD 9C TD QH QD TH KH JC"
        );
        let mut clone = d.clone();
        let second = "9S KC 9D TS QD AH AC KD TD 9H KS QH QS AD JH KH 9C AS JC JD TH QC JS TC";
        assert_eq!(
            short_list(&d.next_deck(upcard_engine::mutants::Switch::OFF)),
            second
        );
        // A clone taken before the second shuffle draws the same numbers.
        assert_eq!(
            short_list(&clone.next_deck(upcard_engine::mutants::Switch::OFF)),
            second
        );
        assert_eq!(d.shuffles(), 2);
    }

    #[test]
    fn skipping_drawn_shuffles_continues_the_stream() {
        let mut d = Deck::twister(7, initial_deck(), 0);
        d.next_deck(upcard_engine::mutants::Switch::OFF);
        let mut resumed = Deck::twister(7, *d.cards(), 1);
        assert_eq!(
            d.next_deck(upcard_engine::mutants::Switch::OFF),
            resumed.next_deck(upcard_engine::mutants::Switch::OFF)
        );
    }
}
