//! The exact output of the EECS 280 `euchre.exe`.

use std::io::{self, Write};

use upcard_engine::cards::{Card, Plain};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Ask, Event, EventSink, Seat};

pub struct Eecs280Printer<W: Write> {
    out: crate::transcript::Latch<W>,
    /// The rule mutant printed, if any ([`Switch::OFF`]: the course program).
    switch: Switch,
    names: [String; 4],
    human: [bool; 4],
    /// POINTS_TO_WIN as echoed (only the `no-win-line-at-target` mutant reads it).
    target: Option<u32>,
    /// The most printed lines' pieces, made once per game: a card is one
    /// write, not three, and its line two (upcard's hot path when grading
    /// and simulating: benches/games.rs).
    lines: std::sync::Arc<Lines>,
}

/// Pieces of lines, by seat, team or card.
struct Lines {
    /// "Jack of Diamonds", by the card's plain index.
    cards: [String; 24],
    /// " led by NAME\n".
    led_by: [String; 4],
    /// " played by NAME\n".
    played_by: [String; 4],
    /// "NAME passes\n".
    passes: [String; 4],
    /// "NAME takes the trick\n\n".
    takes: [String; 4],
    /// "NAME deals\n".
    deals: [String; 4],
    /// "A and C".
    teams: [String; 2],
}

impl Lines {
    /// The pieces for `names`, shared with the last printer this thread
    /// made for the same names: a diagnosis makes a printer for every
    /// mutant's run of a game, and fifty strings each time were a tenth of
    /// its work.
    fn shared(names: &[String; 4]) -> std::sync::Arc<Lines> {
        use std::cell::RefCell;
        use std::sync::Arc;
        thread_local! {
            static LAST: RefCell<Option<([String; 4], Arc<Lines>)>> = const { RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match &*last {
                Some((n, lines)) if n == names => lines.clone(),
                _ => {
                    let lines = Arc::new(Lines::new(names));
                    *last = Some((names.clone(), lines.clone()));
                    lines
                }
            }
        })
    }

    fn new(names: &[String; 4]) -> Lines {
        let by_seat = |f: &dyn Fn(&str) -> String| std::array::from_fn(|s| f(&names[s]));
        let mut cards = upcard_engine::cards::all_cards().map(|c| c.long().to_string());
        Lines {
            cards: std::array::from_fn(|_| cards.next().unwrap_or_default()),
            led_by: by_seat(&|n| format!(" led by {n}\n")),
            played_by: by_seat(&|n| format!(" played by {n}\n")),
            passes: by_seat(&|n| format!("{n} passes\n")),
            takes: by_seat(&|n| format!("{n} takes the trick\n\n")),
            deals: by_seat(&|n| format!("{n} deals\n")),
            teams: std::array::from_fn(|t| format!("{} and {}", names[t], names[t + 2])),
        }
    }
}

impl<W: Write> Eecs280Printer<W> {
    /// `human[s]`: seat `s` is a Human (its hands and prompts are printed).
    pub fn new(out: W, names: [String; 4], human: [bool; 4]) -> Self {
        Eecs280Printer {
            lines: Lines::shared(&names),
            out: crate::transcript::Latch::new(out),
            switch: Switch::OFF,
            names,
            human,
            target: None,
        }
    }

    /// Line 1: the program name and each argument, each followed by a space.
    pub fn header(&mut self, argv0: &str, args: &[String]) {
        let mut line = String::with_capacity(128);
        if !self.switch.on(Mutant::ArgvWithoutProgram) {
            line.push_str(argv0);
            line.push(' ');
        }
        for a in args {
            line.push_str(a);
            line.push(' ');
        }
        if self.switch.on(Mutant::ArgvNoTrailingSpace) {
            line.pop();
        }
        line.push('\n');
        self.write(format_args!("{line}"));
        self.target = args.get(2).and_then(|p| p.parse().ok());
    }

    /// Flushes and returns the writer, or the first write error.
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

    fn write(&mut self, args: std::fmt::Arguments) {
        self.out.write_fmt(args);
    }

    /// Writes the pieces in order (through the shared [`crate::transcript::Latch`]).
    fn put(&mut self, pieces: &[&str]) {
        self.out.put(pieces);
    }

    /// A card and the rest of its line (`led_by`, `played_by`, ...).
    fn put_card_line(&mut self, c: Card, rest: impl Fn(&Lines) -> &str) {
        let lines = &self.lines;
        let card = &lines.cards[usize::from(c.plain_index_with(Plain))];
        self.out.put(&[card, rest(lines)]);
    }

    fn put_card(&mut self, c: Card) {
        self.put_card_line(c, |_| "");
    }

    /// A line or piece made once per game.
    fn put_line(&mut self, line: impl Fn(&Lines) -> &str) {
        self.out.put(&[line(&self.lines)]);
    }

    /// "A and C" (a team by its seats' names).
    fn put_team(&mut self, team: usize) {
        self.put_line(|l| &l.teams[team]);
    }

    fn put_name(&mut self, seat: Seat) {
        self.out.put(&[&self.names[seat]]);
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
    // One match arm per event: its length is the event list's.
    #[allow(clippy::too_many_lines)]
    fn event(&mut self, e: &Event) {
        match e {
            Event::HandStart { hand, dealer, .. } => {
                self.put(&["Hand "]);
                self.put_number(*hand + u32::from(self.switch.on(Mutant::HandsFromOne)));
                self.put(&["\n"]);
                self.put_line(|l| &l.deals[*dealer]);
            }
            Event::Upcard { card, .. } => self.put_card_line(*card, |_| " turned up\n"),
            Event::Asked {
                seat, ask, hand, ..
            } if self.human[*seat] => {
                let prompt_first = self.switch.on(Mutant::PromptBeforeHand);
                if !prompt_first {
                    self.print_hand(*seat, hand);
                }
                match ask {
                    Ask::Bid { .. } => {
                        self.human_line(*seat, ", please enter a suit, or \"pass\":\n")
                    }
                    Ask::Discard { .. } => {
                        if !self.switch.on(Mutant::NoDiscardUpcardLine) {
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
            Event::Passed { seat, .. } => self.put_line(|l| &l.passes[*seat]),
            Event::Ordered { seat, suit, .. } => {
                self.put_name(*seat);
                self.put(&[" orders up ", suit.name(), "\n"]);
                if self.switch.on(Mutant::BlankBeforeDiscard) {
                    self.put(&["\n"]);
                }
            }
            // "Print an extra newline when making, adding, and discarding is complete."
            Event::TrumpSet { .. }
                if !self.switch.on(Mutant::NoBlankAfterMaking)
                    && !self.switch.on(Mutant::BlankBeforeDiscard) =>
            {
                self.put(&["\n"])
            }
            Event::Led { seat, card } => self.put_card_line(*card, |l| &l.led_by[*seat]),
            Event::Played { seat, card } => self.put_card_line(*card, |l| &l.played_by[*seat]),
            Event::TrickTaken { seat, .. } => self.put_line(|l| &l.takes[*seat]),
            Event::HandOver {
                winner,
                march,
                euchred,
                scores,
                ..
            } => {
                self.put_team(*winner);
                self.put(&[" win the hand\n"]);
                if *march && !self.switch.on(Mutant::NoMarchLine) {
                    self.put(&["march!\n"]);
                }
                if *euchred && !self.switch.on(Mutant::NoEuchredLine) {
                    self.put(&["euchred!\n"]);
                }
                for (t, points) in scores.iter().enumerate() {
                    if t != *winner && self.switch.on(Mutant::WinnerPointsOnly) {
                        continue;
                    }
                    self.put_team(t);
                    self.put(&[" have "]);
                    self.put_number(*points);
                    self.put(&[" points\n"]);
                }
                self.put(&["\n"]);
            }
            Event::GameOver { winner, scores }
                if self.switch.on(Mutant::NoWinLineAtTarget)
                    && Some(scores[*winner]) == self.target => {}
            Event::GameOver { winner, .. } => {
                self.put_team(*winner);
                self.put(&[" win!\n"]);
            }
            _ => {}
        }
    }

    /// The course program prints no strategy rules.
    fn takes_why(&self) -> bool {
        false
    }

    /// Hands are printed only for a Human's prompts.
    fn quiet(&self) -> bool {
        !self.human.contains(&true)
    }

    fn flush(&mut self) {
        self.out.flush();
    }
}

impl crate::transcript::Transcript for Eecs280Printer<Vec<u8>> {
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
