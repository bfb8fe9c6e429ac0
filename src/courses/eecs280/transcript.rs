//! The exact output of the EECS 280 `euchre.exe`.

use std::io::{self, Write};

use crate::cards::Card;
use crate::engine::{Ask, Event, EventSink, Seat};

pub struct Eecs280Printer<W: Write> {
    out: W,
    names: [String; 4],
    human: [bool; 4],
    error: Option<io::Error>,
}

impl<W: Write> Eecs280Printer<W> {
    /// `human[s]`: seat `s` is a Human (its hands and prompts are printed).
    pub fn new(out: W, names: [String; 4], human: [bool; 4]) -> Self {
        Eecs280Printer {
            out,
            names,
            human,
            error: None,
        }
    }

    /// Line 1: the program name and each argument, each followed by a space.
    pub fn header(&mut self, argv0: &str, args: &[String]) {
        let mut line = String::with_capacity(128);
        line.push_str(argv0);
        line.push(' ');
        for a in args {
            line.push_str(a);
            line.push(' ');
        }
        line.push('\n');
        self.write(format_args!("{line}"));
    }

    /// Flushes and returns the writer, or the first write error.
    /// What has been written so far (for replay, which shows each move's lines).
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn write(&mut self, args: std::fmt::Arguments) {
        if self.error.is_none()
            && let Err(e) = self.out.write_fmt(args)
        {
            self.error = Some(e);
        }
    }

    fn team(&self, team: usize) -> String {
        format!("{} and {}", self.names[team], self.names[team + 2])
    }

    fn print_hand(&mut self, seat: Seat, hand: &[Card]) {
        for (i, c) in hand.iter().enumerate() {
            let name = &self.names[seat];
            let line = format!("Human player {name}'s hand: [{i}] {c}\n");
            self.write(format_args!("{line}"));
        }
    }
}

impl<W: Write> EventSink for Eecs280Printer<W> {
    fn event(&mut self, e: &Event) {
        match e {
            Event::HandStart { hand, dealer, .. } => {
                let d = &self.names[*dealer];
                let s = format!("Hand {hand}\n{d} deals\n");
                self.write(format_args!("{s}"));
            }
            Event::Upcard { card, .. } => self.write(format_args!("{card} turned up\n")),
            Event::Asked {
                seat, ask, hand, ..
            } if self.human[*seat] => {
                self.print_hand(*seat, hand);
                let name = self.names[*seat].clone();
                match ask {
                    Ask::Bid { .. } => self.write(format_args!(
                        "Human player {name}, please enter a suit, or \"pass\":\n"
                    )),
                    Ask::Discard { .. } => self.write(format_args!(
                        "Discard upcard: [-1]\nHuman player {name}, please select a card to discard:\n"
                    )),
                    Ask::Lead | Ask::Play => {
                        self.write(format_args!("Human player {name}, please select a card:\n"))
                    }
                }
            }
            Event::Passed { seat, .. } => {
                let n = self.names[*seat].clone();
                self.write(format_args!("{n} passes\n"))
            }
            Event::Ordered { seat, suit, .. } => {
                let n = self.names[*seat].clone();
                self.write(format_args!("{n} orders up {suit}\n"))
            }
            // "Print an extra newline when making, adding, and discarding is complete."
            Event::TrumpSet { .. } => self.write(format_args!("\n")),
            Event::Led { seat, card } => {
                let n = self.names[*seat].clone();
                self.write(format_args!("{card} led by {n}\n"))
            }
            Event::Played { seat, card } => {
                let n = self.names[*seat].clone();
                self.write(format_args!("{card} played by {n}\n"))
            }
            Event::TrickTaken { seat, .. } => {
                let n = self.names[*seat].clone();
                self.write(format_args!("{n} takes the trick\n\n"))
            }
            Event::HandOver {
                winner,
                march,
                euchred,
                scores,
                ..
            } => {
                let mut s = format!("{} win the hand\n", self.team(*winner));
                if *march {
                    s.push_str("march!\n");
                }
                if *euchred {
                    s.push_str("euchred!\n");
                }
                for (t, points) in scores.iter().enumerate() {
                    s.push_str(&format!("{} have {points} points\n", self.team(t)));
                }
                s.push('\n');
                self.write(format_args!("{s}"));
            }
            Event::GameOver { winner, .. } => {
                let t = self.team(*winner);
                self.write(format_args!("{t} win!\n"))
            }
            _ => {}
        }
    }

    fn flush(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.error = Some(e);
        }
    }
}

impl crate::transcript::Transcript for Eecs280Printer<Vec<u8>> {
    fn bytes(&self) -> &[u8] {
        self.get_ref()
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        // Writing to a Vec cannot fail.
        (*self).finish().unwrap_or_default()
    }
}
