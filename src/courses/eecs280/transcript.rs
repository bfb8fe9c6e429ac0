//! The exact output of the EECS 280 `euchre.exe`.

use std::io::{self, Write};

use crate::cards::Card;
use crate::engine::{Ask, Event, EventSink, Seat};
use crate::mutants::{self, Mutant};

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
        if !mutants::on(Mutant::ArgvWithoutProgram) {
            line.push_str(argv0);
            line.push(' ');
        }
        for a in args {
            line.push_str(a);
            line.push(' ');
        }
        if mutants::on(Mutant::ArgvNoTrailingSpace) {
            line.pop();
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

    /// Writes the pieces in order. Events are printed piece by piece, not
    /// through `format!`: the transcript is upcard's hot path when grading
    /// and simulating (benches/games.rs).
    fn put(&mut self, pieces: &[&str]) {
        for p in pieces {
            if self.error.is_some() {
                return;
            }
            if let Err(e) = self.out.write_all(p.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    fn put_card(&mut self, c: Card) {
        self.put(&[c.rank.name(), " of ", c.suit.name()]);
    }

    /// "A and C" (a team by its seats' names).
    fn put_team(&mut self, team: usize) {
        self.put_name(team);
        self.put(&[" and "]);
        self.put_name(team + 2);
    }

    fn put_name(&mut self, seat: Seat) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(self.names[seat].as_bytes())
        {
            self.error = Some(e);
        }
    }

    fn put_number(&mut self, n: impl itoa::Integer) {
        let mut buf = itoa::Buffer::new();
        let s = buf.format(n);
        self.put(&[s]);
    }

    fn print_hand(&mut self, seat: Seat, hand: &[Card]) {
        for (i, c) in hand.iter().enumerate() {
            self.put(&["Human player "]);
            self.put_name(seat);
            self.put(&["'s hand: ["]);
            self.put_number(i);
            self.put(&["] "]);
            self.put_card(*c);
            self.put(&["\n"]);
        }
    }

    fn human_line(&mut self, seat: Seat, rest: &str) {
        self.put(&["Human player "]);
        self.put_name(seat);
        self.put(&[rest]);
    }
}

impl<W: Write> EventSink for Eecs280Printer<W> {
    fn event(&mut self, e: &Event) {
        match e {
            Event::HandStart { hand, dealer, .. } => {
                self.put(&["Hand "]);
                self.put_number(*hand + u32::from(mutants::on(Mutant::HandsFromOne)));
                self.put(&["\n"]);
                self.put_name(*dealer);
                self.put(&[" deals\n"]);
            }
            Event::Upcard { card, .. } => {
                self.put_card(*card);
                self.put(&[" turned up\n"]);
            }
            Event::Asked {
                seat, ask, hand, ..
            } if self.human[*seat] => {
                let prompt_first = mutants::on(Mutant::PromptBeforeHand);
                if !prompt_first {
                    self.print_hand(*seat, hand);
                }
                match ask {
                    Ask::Bid { .. } => {
                        self.human_line(*seat, ", please enter a suit, or \"pass\":\n")
                    }
                    Ask::Discard { .. } => {
                        if !mutants::on(Mutant::NoDiscardUpcardLine) {
                            self.put(&["Discard upcard: [-1]\n"]);
                        }
                        self.human_line(*seat, ", please select a card to discard:\n");
                    }
                    Ask::Lead | Ask::Play => self.human_line(*seat, ", please select a card:\n"),
                    Ask::Defend => {}
                }
                if prompt_first {
                    self.print_hand(*seat, hand);
                }
            }
            Event::Passed { seat, .. } => {
                self.put_name(*seat);
                self.put(&[" passes\n"]);
            }
            Event::Ordered { seat, suit, .. } => {
                self.put_name(*seat);
                self.put(&[" orders up ", suit.name(), "\n"]);
            }
            // "Print an extra newline when making, adding, and discarding is complete."
            Event::TrumpSet { .. } if !mutants::on(Mutant::NoBlankAfterMaking) => self.put(&["\n"]),
            Event::Led { seat, card } => {
                self.put_card(*card);
                self.put(&[" led by "]);
                self.put_name(*seat);
                self.put(&["\n"]);
            }
            Event::Played { seat, card } => {
                self.put_card(*card);
                self.put(&[" played by "]);
                self.put_name(*seat);
                self.put(&["\n"]);
            }
            Event::TrickTaken { seat, .. } => {
                self.put_name(*seat);
                self.put(&[" takes the trick\n\n"]);
            }
            Event::HandOver {
                winner,
                march,
                euchred,
                scores,
                ..
            } => {
                self.put_team(*winner);
                self.put(&[" win the hand\n"]);
                if *march && !mutants::on(Mutant::NoMarchLine) {
                    self.put(&["march!\n"]);
                }
                if *euchred && !mutants::on(Mutant::NoEuchredLine) {
                    self.put(&["euchred!\n"]);
                }
                for (t, points) in scores.iter().enumerate() {
                    if t != *winner && mutants::on(Mutant::WinnerPointsOnly) {
                        continue;
                    }
                    self.put_team(t);
                    self.put(&[" have "]);
                    self.put_number(*points);
                    self.put(&[" points\n"]);
                }
                self.put(&["\n"]);
            }
            Event::GameOver { winner, .. } => {
                self.put_team(*winner);
                self.put(&[" win!\n"]);
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
