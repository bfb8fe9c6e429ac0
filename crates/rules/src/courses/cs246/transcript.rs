//! The CS 246 program's output (spec 2.4), with and without `-d`.

use std::io::{self, Write};

use crate::courses::cs246::Options;
use upcard_engine::cards::{Card, Suit, short_list};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Ask, Event, EventSink, Seat, left_of};

pub struct Cs246Printer<W: Write> {
    out: crate::transcript::Latch<W>,
    /// The rule mutant printed, if any ([`Switch::OFF`]: the course program).
    switch: Switch,
    debug: bool,
    /// Seats whose hand is printed at each turn even without `-d` (the human).
    human: [bool; 4],
    suit_words: bool,
    renege_card_typed: bool,
    dealer: Seat,
    /// Tricks taken this hand per seat (for the mutant `tricks-count-team`).
    tricks: [u8; 4],
}

fn team(t: usize) -> &'static str {
    if t == 0 { "0-2" } else { "1-3" }
}

impl<W: Write> Cs246Printer<W> {
    pub fn new(out: W, debug: bool, human: [bool; 4], options: &Options) -> Self {
        Cs246Printer {
            out: crate::transcript::Latch::new(out),
            switch: Switch::OFF,
            debug,
            human,
            suit_words: options.suit_words,
            renege_card_typed: options.renege_card_typed,
            dealer: 0,
            tricks: [0; 4],
        }
    }

    /// Prints as `switch` has it from now on.
    pub fn set_switch(&mut self, switch: Switch) {
        self.switch = switch;
    }

    /// What has been written so far (for replay, which shows each move's lines).
    pub fn get_ref(&self) -> &W {
        self.out.get_ref()
    }

    pub fn finish(self) -> io::Result<W> {
        self.out.finish()
    }

    pub fn line(&mut self, s: &str) {
        self.out.put(&[s]);
    }

    fn suit(&self, s: Suit) -> String {
        if self.suit_words {
            s.name().to_string()
        } else {
            s.letter().to_string()
        }
    }

    pub fn hand_line(&mut self, seat: Seat, hand: &[Card], tricks: u8) {
        self.line(&format!(
            "Player {seat}: hand [{}] # tricks {tricks}\n",
            short_list(hand)
        ));
    }

    fn show_hand(&self, seat: Seat) -> bool {
        self.debug || self.human[seat]
    }

    /// The lines that open a hand once the kitty is formed.
    pub fn table(&mut self, top: Card, dealer: Seat) {
        self.dealer = dealer;
        let s = format!(
            "Top card of the kitty is: {}\nProposed trump suit is: {}\nDealer is player {dealer}.\n",
            top.short(),
            self.suit(top.suit())
        );
        self.line(&s);
    }

    /// Tricks already taken this hand (a game loaded mid-hand).
    pub fn tricks_taken(&mut self, tricks: [u8; 4]) {
        self.tricks = tricks;
    }

    pub fn kitty(&mut self, kitty: &[Card]) {
        self.line(&format!("Kitty: {}\n", short_list(kitty)));
    }

    pub fn first_bidder(&mut self, seat: Seat) {
        let seat = if self.switch.on(Mutant::FirstBidderIsDealer) {
            self.dealer
        } else {
            seat
        };
        self.line(&format!("Decision on trump starts with player {seat}.\n"));
    }

    pub fn scores(&mut self, scores: [u32; 2]) {
        self.line(&format!(
            "Scores: Team 0-2 {}, Team 1-3 {}\n",
            scores[0], scores[1]
        ));
    }

    pub fn ordered(&mut self, seat: Seat, suit: Suit, alone: bool, round: u8) {
        let tail = if alone { " and goes alone" } else { "" };
        let s = if round == 1 {
            let ordered = if self.switch.on(Mutant::OrderUpNamesOrderer) {
                seat
            } else {
                self.dealer
            };
            format!("Player {seat} orders up player {ordered}{tail}.\n")
        } else {
            format!("Player {seat} declares {} trump{tail}.\n", self.suit(suit))
        };
        self.line(&s);
    }
}

impl<W: Write> EventSink for Cs246Printer<W> {
    /// The transcript shows no strategy rules.
    fn takes_why(&self) -> bool {
        false
    }

    // One match arm per event: its length is the event list's.
    #[allow(clippy::too_many_lines)]
    fn event(&mut self, e: &Event) {
        match e {
            Event::HandStart { scores, .. } => {
                self.tricks = [0; 4];
                self.scores(*scores)
            }
            Event::Deck { cards } if self.debug => {
                self.line(&format!("Deck: {}\n", short_list(cards)))
            }
            Event::Dealt { kitty, .. } if self.debug => self.kitty(kitty),
            Event::Upcard { card, dealer } => {
                self.table(*card, *dealer);
                self.first_bidder(left_of(*dealer));
            }
            Event::Asked {
                seat,
                ask,
                hand,
                tricks,
            } => {
                match ask {
                    Ask::Bid { round: 1 } => {}
                    Ask::Bid { .. } => self.line(&format!("Player {seat}, choose a suit.\n")),
                    Ask::Discard { .. } => {
                        self.line(&format!("Player {seat}, choose card to discard.\n"))
                    }
                    Ask::Lead => self.line(&format!("Player {seat}, choose card to lead.\n")),
                    Ask::Play => self.line(&format!("Player {seat}, choose card to play.\n")),
                    Ask::Defend => {}
                }
                if self.show_hand(*seat) {
                    let tricks = if self.switch.on(Mutant::TricksCountTeam) {
                        self.tricks[*seat] + self.tricks[(*seat + 2) % 4]
                    } else {
                        *tricks
                    };
                    // The dealer's discard line shows the hand after picking up.
                    match ask {
                        Ask::Discard { upcard }
                            if !self.switch.on(Mutant::DiscardHandWithoutUpcard) =>
                        {
                            let six: Vec<Card> = hand.iter().copied().chain([*upcard]).collect();
                            self.hand_line(*seat, &six, tricks);
                        }
                        _ => self.hand_line(*seat, hand, tricks),
                    }
                }
            }
            Event::Prompt { .. } => self.line("> "),
            Event::Rejected { message, .. } => self.line(&format!("{message}\n")),
            Event::Passed { seat, .. } => self.line(&format!("Player {seat}: passes.\n")),
            Event::TurnedDown { suit } => {
                let s = format!("Kitty passed on, trump may not be {}.\n", self.suit(*suit));
                self.line(&s)
            }
            Event::Ordered {
                seat,
                suit,
                alone,
                round,
            } => self.ordered(*seat, *suit, *alone, *round),
            Event::Discarded { seat, card } if self.debug => {
                self.line(&format!("Player {seat}: discards {}.\n", card.short()))
            }
            Event::Nullified { next_dealer } => self.line(&format!(
                "No trump declared, hand is nullified. Deal switches to player {next_dealer}.\n"
            )),
            Event::Led { seat, card } => {
                self.line(&format!("Player {seat} leads {}.\n", card.short()))
            }
            Event::Played { seat, card } => {
                self.line(&format!("Player {seat} plays {}.\n", card.short()))
            }
            Event::Skipped { seat } if !self.switch.on(Mutant::SkippedNotPrinted) => {
                self.line(&format!("Player {seat} skipped.\n"))
            }
            Event::Renege {
                card,
                typed,
                team: t,
                score,
                ..
            } => {
                let shown = match typed {
                    Some(t) if self.renege_card_typed => t.clone(),
                    _ => card.short().to_string(),
                };
                self.line(&format!(
                    "ERROR: renegeing with card '{shown}'. Please enter a valid card.\nScore for Team {} is now {score}.\n",
                    team(*t)
                ))
            }
            Event::RageQuit { seat } => {
                // A computer now holds the seat: its hand is shown only with -d.
                self.human[*seat] = false;
                self.line(&format!("Player {seat} rage quit.\n"))
            }
            Event::TrickTaken {
                seat,
                trick,
                scores,
                tricks,
            } => {
                self.tricks = *tricks;
                self.line(&format!("Player {seat} takes the trick.\n"));
                // After the fifth trick the hand is scored first (HandOver).
                let print = if self.switch.on(Mutant::NoTrickScore) {
                    false
                } else {
                    *trick < 5 || self.switch.on(Mutant::TrickScoreAfterFifth)
                };
                if print {
                    let t = seat % 2;
                    self.line(&format!(
                        "Score for Team {} is now {}.\n",
                        team(t),
                        scores[t]
                    ));
                }
            }
            Event::HandOver {
                winner,
                euchred,
                scores,
                ..
            } => {
                let s = format!(
                    "Score for Team {} is now {}.\n",
                    team(*winner),
                    scores[*winner]
                );
                self.line(&s);
                if *euchred {
                    let named = if self.switch.on(Mutant::EuchredNamesWinners) {
                        *winner
                    } else {
                        1 - winner
                    };
                    self.line(&format!("Aw, team {} was euchred!\n", team(named)));
                }
            }
            Event::GameOver { winner, .. } => {
                self.line(&format!("Team {} WINS!!!\n", team(*winner)))
            }
            _ => {}
        }
    }

    fn flush(&mut self) {
        self.out.flush();
    }
}

impl crate::transcript::Transcript for Cs246Printer<Vec<u8>> {
    fn bytes(&self) -> &[u8] {
        self.get_ref()
    }
    fn switch(&mut self, switch: Switch) {
        self.set_switch(switch);
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        // Writing to a Vec cannot fail.
        (*self).finish().unwrap_or_default()
    }
}
