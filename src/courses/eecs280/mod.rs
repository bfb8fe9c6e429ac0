//! EECS 280 Euchre (Winter 2025 spec): in-shuffle, 3-2 deal, screw the dealer,
//! no going alone, the Simple strategy and the Human stdin protocol.

mod human;
pub mod program;
mod random;
mod scenario;
mod simple;
pub mod transcript;

pub use human::Human;
pub use scenario::{Eecs280Setup, PlayerKind, RawEecs280, RawPlayer};
pub use simple::Simple;

use crate::cards::Card;
pub use crate::engine::in_shuffle;
use crate::engine::{AllPass, Config, DealPattern, Deck, FollowRule, LonerLead};

/// The pack of a game: `shuffle` in-shuffles it seven times a hand.
pub fn deck(pack: [Card; 24], shuffle: bool) -> Deck {
    Deck::pack(pack, shuffle)
}

/// The EECS 280 rules for a game to `points`.
pub fn config(points: u32) -> Config {
    Config {
        points_to_win: points,
        deal: DealPattern::Batches32,
        allow_alone: false,
        all_pass: AllPass::ScrewTheDealer,
        lone_march_points: 2,
        // Human hands are printed in ascending `operator<` order; keeping every
        // hand sorted costs nothing and makes Human indices match.
        sort_hands: true,
        // The course program assumes Human players follow suit and does not check.
        follow: FollowRule::Trust,
        loner_lead: LonerLead::NextActive,
        sitting_out_dealer_picks_up: false,
        penalty_can_end_game: false,
        ordering_partner_is_alone: false,
        // House rules of the standard game only.
        canadian_loner: false,
        defend_alone: false,
        farmers_hand: false,
        first_dealer: 0,
    }
}

/// A player type as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerType {
    Simple,
    Human,
}

impl PlayerType {
    pub fn parse(s: &str) -> Option<PlayerType> {
        match s {
            "Simple" => Some(PlayerType::Simple),
            "Human" => Some(PlayerType::Human),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlayerType::Simple => "Simple",
            PlayerType::Human => "Human",
        }
    }
}

/// The course program's name.
pub const PROGRAM: &str = "./euchre.exe";

/// EECS 280 as a plug-in (crate::courses).
pub struct Eecs280;

impl crate::courses::Course for Eecs280 {
    fn name(&self) -> &'static str {
        "eecs280"
    }

    fn about(&self) -> &'static str {
        "Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4"
    }

    fn program(&self) -> &'static str {
        PROGRAM
    }

    fn build_script(&self) -> &'static str {
        "# Builds euchre.exe from the submission (written by `upcard autograder init`;\n\
         # edit it to match the project, e.g. to add the starter files' headers).\n\
         set -e\n\
         if [ -f Makefile ]; then\n    make euchre.exe\n\
         else\n    g++ --std=c++17 -Wall -Werror -pedantic -g -O1 *.cpp -o euchre.exe\nfi\n"
    }

    fn setup(
        &self,
        raw: &crate::courses::RawScenario,
        cx: &mut crate::scenario::SetupContext<'_>,
    ) -> Result<std::sync::Arc<dyn crate::courses::Setup>, crate::scenario::ScenarioError> {
        let section = raw
            .eecs280
            .as_ref()
            .ok_or_else(|| cx.at(&["eecs280"], "missing".into()))?;
        Ok(std::sync::Arc::new(scenario::setup(section, cx)?))
    }

    fn run(
        &self,
        args: &[String],
        argv0: &str,
        stdin: Box<dyn std::io::BufRead>,
        stdout: &mut dyn std::io::Write,
    ) -> Result<(), crate::Failure> {
        program::run(args, argv0, stdin, stdout)
    }

    fn random_case(&self, rng: &mut rand_mt::Mt) -> Option<Box<dyn crate::courses::RandomCase>> {
        Some(Box::new(random::Case::random(rng)))
    }
}
