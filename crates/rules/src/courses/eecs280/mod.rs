//! EECS 280 Euchre (Winter 2025 spec): in-shuffle, 3-2 deal, screw the dealer,
//! no going alone, the Simple strategy and the Human stdin protocol.

mod human;
pub mod pack;
pub mod program;
mod random;
mod simple;
pub mod transcript;

pub use human::Human;
pub use simple::Simple;

use upcard_engine::cards::Card;
pub use upcard_engine::in_shuffle;
use upcard_engine::{AllPass, Config, DealPattern, Deck, FollowRule, LonerLead};

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
        // A lone march scores a plain march's 2 (no one goes alone here).
        scoring: upcard_engine::Scoring {
            lone_march_points: 2,
            ..upcard_engine::Scoring::STANDARD
        },
        // Human hands are printed in ascending `operator<` order; keeping every
        // hand sorted costs nothing and makes Human indices match.
        sort_hands: true,
        // The course program assumes Human players follow suit and does not check.
        follow: FollowRule::Trust,
        loner_lead: LonerLead::NextActive,
        sitting_out_dealer_picks_up: false,
        penalty_can_end_game: false,
        ordering_partner_is_alone: false,
        discard_upcard: true,
        first_dealer: 0,
        // The standard game's house rules (canadian-loner, defend-alone,
        // farmers-hand, deals) are off in the courses; a new one need not
        // be named here.
        ..Config::standard()
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

    fn config(&self) -> Config {
        config(10)
    }

    fn deck(&self, seed: u32) -> Deck {
        deck(crate::shuffle::shuffled(&mut rand_mt::Mt::new(seed)), true)
    }

    fn about(&self) -> &'static str {
        "Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4"
    }

    fn program(&self) -> &'static str {
        PROGRAM
    }

    fn examples(&self) -> &'static str {
        "Examples:
  upcard eecs280 pack.in noshuffle 10 Adi Simple Barbara Simple Chi-Chih Simple Dabbala Simple
  upcard eecs280 pack.in shuffle 3 Adi Human Barbara Simple Chi-Chih Simple Dabbala Simple
  ln -s \"$(command -v upcard)\" euchre.exe && ./euchre.exe pack.in noshuffle 1 A Simple B Simple C Simple D Simple"
    }

    fn unattributed_line(&self) -> &'static str {
        "the expected line is the command line the program was started with (line 1 echoes it)"
    }

    /// The course Makefile's CXXFLAGS (docs/eecs280-rules.md, "Building").
    fn cxxflags(&self) -> &'static str {
        "-Wall -Werror -pedantic -g --std=c++17 -Wno-sign-compare -Wno-comment"
    }

    /// The spec's and the course Makefile's `diff -B` / `diff -qB`
    /// (docs/eecs280-rules.md, "Comparing output").
    fn diff_flags(&self) -> &'static str {
        "-B"
    }

    fn main_files(&self) -> &'static [&'static str] {
        &["euchre.cpp"]
    }

    fn build_script(&self, cxxflags: &str) -> String {
        format!(
            "#!/usr/bin/env bash\n\
             # Builds euchre.exe as the course's Makefile does (written by `upcard autograder\n\
             # init`; edit it to match the project, e.g. to add the starter files' headers).\n\
             # The course builds with its own Makefile, not one a student submits: the\n\
             # project's four sources, with the Makefile's flags. Students' test files\n\
             # (Card_tests.cpp and the like, each with its own main) are not part of it.\n\
             set -euo pipefail\n\
             CXXFLAGS=({cxxflags})\n\
             SOURCES=()\n\
             for f in euchre.cpp Player.cpp Pack.cpp Card.cpp; do\n\
             \x20   if [ -f \"$f\" ]; then\n\
             \x20       SOURCES+=(\"$f\")\n\
             \x20   else\n\
             \x20       # A name that differs in case works on macOS and Windows, not here.\n\
             \x20       for g in ./*; do\n\
             \x20           g=\"${{g#./}}\"\n\
             \x20           if [ \"${{g,,}}\" = \"${{f,,}}\" ]; then\n\
             \x20               echo \"$f is missing: found $g, but file names are case-sensitive here; rename it $f\" >&2\n\
             \x20               exit 1\n\
             \x20           fi\n\
             \x20       done\n\
             \x20       echo \"$f is missing from the submission\" >&2\n\
             \x20   fi\n\
             done\n\
             g++ \"${{CXXFLAGS[@]}}\" \"${{SOURCES[@]}}\" -o euchre.exe\n"
        )
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

    fn record_section(&self, args: &[String]) -> Result<String, String> {
        let a = program::Args::parse(args).ok_or(
            "the arguments are not the course program's: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4",
        )?;
        let text = upcard_parse::file::read_text(std::path::Path::new(&a.pack_file), 1 << 20)
            .map_err(|e| format!("{}: {e}", a.pack_file))?;
        let pack = pack::parse_pack(&a.pack_file, &text).map_err(|e| e.to_string())?;
        let cards: Vec<String> = pack.iter().map(|c| c.short().to_string()).collect();
        let q = |s: &str| serde_json::to_string(s).expect("a string");
        // The pack travels in the scenario; a program run on it finds it in
        // its own folder, under its file name alone.
        let pack_name = std::path::Path::new(&a.pack_file)
            .file_name()
            .map_or("pack.in".to_string(), |n| n.to_string_lossy().into_owned());
        let mut y = format!(
            "rules: eecs280\neecs280:\n  pack: [{}]\n  pack_name: {}\n  shuffle: {}\n  points: {}\n  players:\n",
            cards.join(", "),
            q(&pack_name),
            a.shuffle,
            a.points
        );
        for i in 0..4 {
            y.push_str(&format!(
                "    - {{ name: {}, type: {} }}\n",
                q(&a.names[i]),
                a.types[i].name()
            ));
        }
        Ok(y)
    }

    fn skeleton(&self, name: &str) -> String {
        format!(
            r#"name: {name}
description: >-
  Say here which rule this scenario pins; students whose program fails it read this.
rules: eecs280
eecs280:
  # The pack, top card first. Player 0 deals hand 0; the deal goes from the
  # dealer's left in batches 3-2-3-2, then 2-3-2-3:
  #   player 1: cards 1-3 and 11-12    player 2: cards 4-5 and 13-15
  #   player 3: cards 6-8 and 16-17    player 0: cards 9-10 and 18-20
  # Card 21 is the upcard. With shuffle: true the pack is in-shuffled seven
  # times before each hand; with false every hand starts from this order.
  pack: [9S, TS, JS, QS, KS, AS, 9H, TH, JH, QH, KH, AH, 9C, TC, JC, QC, KC, AC, 9D, TD, JD, QD, KD, AD]
  shuffle: false
  points: 1
  players:                      # Simple or Human, in seat order
    - {{ name: Alice, type: Human }}
    - {{ name: Bob, type: Simple }}
    - {{ name: Cathy, type: Simple }}
    - {{ name: Drew, type: Simple }}
# A Human answers, one per line: a suit (Spades, Hearts, Clubs, Diamonds) or
# pass when making trump; a card's index in its hand as printed (0 first,
# hands are printed sorted) to lead or play; as dealer, an index to discard
# or -1 for the upcard. Leave input out when every player is Simple.
input: [pass, "0", "0", "0", "0", "0"]
tags: [rule]
"#
        )
    }

    fn random_case(&self, rng: &mut rand_mt::Mt) -> Option<Box<dyn crate::courses::RandomCase>> {
        Some(Box::new(random::Case::random(rng)))
    }
}
