//! The full-screen table (ratatui on crossterm, the ecosystem's usual pair).
//! A `Screen` is the game plus what the person at the device sees; `key`
//! takes one key press and `draw` renders it, so the loop in `run` is thin.
//! Between two people's turns a pass screen hides every hand.

use std::io;

use ratatui::Frame;
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::play::save::Decisions;
use upcard_bots::Table;
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Action, EventSink, NullSink, Seat, Seen, State, Table as Trick};
use upcard_rules::agents::{Agent, Kind};
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_rules::courses::standard::{choice_text, display_order, offered};

/// The smallest terminal the table fits in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 20;

/// What the screen is doing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every hand hidden until the next person says they have the device.
    Pass {
        to: Seat,
    },
    /// A person decides.
    Choose {
        seat: Seat,
    },
    /// `q`: a file name to save to is being typed.
    Quit {
        name: String,
    },
    Over,
}

/// How the game at the screen ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Finished,
    /// Stopped with `q`, saved to the file (if one was named).
    Stopped {
        saved_to: Option<String>,
    },
}

pub struct Screen {
    pub table: Table,
    pub state: State,
    pub decisions: Decisions,
    bots: Vec<Option<Box<dyn Agent>>>,
    /// The game's text, as plain mode prints it.
    log: StandardPrinter<Vec<u8>>,
    pub mode: Mode,
    cursor: usize,
    pub message: Option<String>,
    help: bool,
    review: bool,
    last_trick: Option<(Trick, Seat)>,
    last_person: Option<Seat>,
    pub ending: Option<Ending>,
}

/// Watches the cards of the trick in play and keeps it when it is taken.
struct TrickWatch(Trick, Option<(Trick, Seat)>);

impl EventSink for TrickWatch {
    fn event(&mut self, e: &upcard_engine::Event) {
        use upcard_engine::Event;
        match e {
            Event::Led { seat, card } => {
                self.0.clear();
                let _ = self.0.try_push((*seat, *card));
            }
            Event::Played { seat, card } => {
                let _ = self.0.try_push((*seat, *card));
            }
            Event::TrickTaken { seat, .. } => self.1 = Some((self.0, *seat)),
            _ => {}
        }
    }
}

/// Suit symbol and colour.
fn suit_span(s: Suit) -> (char, Color) {
    match s {
        Suit::Spades => ('♠', Color::White),
        Suit::Hearts => ('♥', Color::Red),
        Suit::Clubs => ('♣', Color::White),
        Suit::Diamonds => ('♦', Color::Red),
    }
}

/// A card as `J♥`, its suit in colour.
fn card_span(c: Card, style: Style) -> Span<'static> {
    let (sym, color) = suit_span(c.suit());
    Span::styled(format!("{}{sym}", c.rank().letter()), style.fg(color))
}

impl Screen {
    pub fn new(table: Table, state: State, decisions: Vec<Action>) -> Screen {
        let bots = (0..4).map(|i| table.agent(i)).collect();
        let log = StandardPrinter::new(Vec::new(), table.names.clone());
        let mut s = Screen {
            table,
            state,
            decisions: Decisions(decisions),
            bots,
            log,
            mode: Mode::Over,
            cursor: 0,
            message: None,
            help: false,
            review: false,
            last_trick: None,
            last_person: None,
            ending: None,
        };
        s.run_until_person();
        s
    }

    fn apply(&mut self, a: Action) -> Result<(), String> {
        let mut watch = TrickWatch(self.state.trick, None);
        self.state
            .apply(a, &mut (&mut self.log, (&mut self.decisions, &mut watch)))
            .map_err(|e| e.problem)?;
        if let Some(t) = watch.1 {
            self.last_trick = Some(t);
        }
        Ok(())
    }

    /// Takes automatic steps and bots' turns until a person must decide.
    fn run_until_person(&mut self) {
        loop {
            if self.state.is_over() {
                self.mode = Mode::Over;
                return;
            }
            let Some(seat) = self.state.to_move() else {
                let mut watch = TrickWatch(self.state.trick, None);
                self.state.advance(&mut (&mut self.log, &mut watch));
                if let Some(t) = watch.1 {
                    self.last_trick = Some(t);
                }
                continue;
            };
            let legal = self.state.legal_actions();
            if let Some(bot) = self.bots[seat].as_mut() {
                let obs = Seen::of(&self.state, seat);
                let a = bot
                    .choose(&obs, &legal, &mut NullSink)
                    .map(|d| d.action)
                    .ok()
                    .filter(|a| legal.contains(a))
                    .unwrap_or(legal[0]);
                let _ = self.apply(a);
                continue;
            }
            self.cursor = self.first_legal(seat);
            self.mode = if self.table.people() > 1 && self.last_person != Some(seat) {
                Mode::Pass { to: seat }
            } else {
                Mode::Choose { seat }
            };
            return;
        }
    }

    /// The items of a person's choice: cards (hand order) or menu actions.
    fn items(&self, seat: Seat) -> Vec<Action> {
        let legal = self.state.legal_actions();
        let obs = self.state.observation(seat);
        match Kind::of(&legal) {
            Kind::Play => self
                .hand_order(seat)
                .into_iter()
                .map(Action::Play)
                .collect(),
            Kind::Discard => offered(&obs, &legal),
            _ => offered(&obs, &legal),
        }
    }

    fn hand_order(&self, seat: Seat) -> Vec<Card> {
        let trump = self.state.trump.or(self.state.upcard.map(|u| u.suit()));
        display_order(&self.state.hands[seat], trump)
    }

    fn first_legal(&self, seat: Seat) -> usize {
        let legal = self.state.legal_actions();
        self.items(seat)
            .iter()
            .position(|a| legal.contains(a))
            .unwrap_or(0)
    }

    /// One key press.
    pub fn key(&mut self, code: KeyCode) {
        if self.help {
            self.help = false;
            return;
        }
        if self.review {
            self.review = false;
            return;
        }
        match self.mode.clone() {
            Mode::Over => self.ending = Some(Ending::Finished),
            Mode::Quit { mut name } => match code {
                KeyCode::Esc => {
                    self.mode = self.resume_mode();
                    self.message = Some("Back to the game.".into());
                }
                KeyCode::Enter => {
                    let n = name.trim().to_string();
                    self.ending = Some(Ending::Stopped {
                        saved_to: (!n.is_empty()).then_some(n),
                    });
                }
                KeyCode::Backspace => {
                    name.pop();
                    self.mode = Mode::Quit { name };
                }
                KeyCode::Char(c) if name.len() < 200 => {
                    name.push(c);
                    self.mode = Mode::Quit { name };
                }
                _ => {}
            },
            Mode::Pass { to } => match code {
                KeyCode::Enter => {
                    self.last_person = Some(to);
                    self.mode = Mode::Choose { seat: to };
                    self.message = None;
                }
                KeyCode::Char('q') => {
                    self.mode = Mode::Quit {
                        name: String::new(),
                    }
                }
                KeyCode::Char('?') => self.help = true,
                _ => {
                    self.message = Some(format!(
                        "Pass the device to {}, who presses Enter.",
                        self.table.names[to]
                    ))
                }
            },
            Mode::Choose { seat } => self.choose_key(seat, code),
        }
    }

    fn resume_mode(&self) -> Mode {
        match self.state.to_move() {
            _ if self.state.is_over() => Mode::Over,
            Some(seat) if self.last_person == Some(seat) || self.table.people() == 1 => {
                Mode::Choose { seat }
            }
            Some(seat) => Mode::Pass { to: seat },
            None => Mode::Over,
        }
    }

    fn choose_key(&mut self, seat: Seat, code: KeyCode) {
        let items = self.items(seat);
        let n = items.len().max(1);
        self.message = None;
        match code {
            KeyCode::Left | KeyCode::Up => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Right | KeyCode::Down | KeyCode::Tab => self.cursor = (self.cursor + 1) % n,
            KeyCode::Enter | KeyCode::Char(' ') => self.pick(seat, self.cursor),
            KeyCode::Char(d @ '1'..='9') => {
                let i = d as usize - '1' as usize;
                if i < items.len() {
                    // A refused card leaves the cursor on a lawful one.
                    if self.state.legal_actions().contains(&items[i]) {
                        self.cursor = i;
                    }
                    self.pick(seat, i);
                } else {
                    self.message = Some(format!(
                        "There is no choice {d}: choose 1 to {}.",
                        items.len()
                    ));
                }
            }
            KeyCode::Char('t') => {
                if self.last_trick.is_some() {
                    self.review = true;
                } else {
                    self.message = Some("No trick has been taken yet this game.".into());
                }
            }
            KeyCode::Char('?') | KeyCode::Char('h') => self.help = true,
            KeyCode::Char('q') => {
                self.mode = Mode::Quit {
                    name: String::new(),
                }
            }
            _ => {
                self.message = Some("That key does nothing here: ? shows the keys.".into());
            }
        }
    }

    fn pick(&mut self, seat: Seat, i: usize) {
        let items = self.items(seat);
        let Some(&a) = items.get(i) else { return };
        let legal = self.state.legal_actions();
        if !legal.contains(&a) {
            let why = match (self.state.trick.first(), self.state.trump) {
                (Some(&(_, led)), Some(t)) => format!(
                    "You must follow {}: {} may not be played.",
                    led.effective_suit(t),
                    a.card().map_or("that".into(), |c| format!("the {c}"))
                ),
                _ => "That may not be chosen now.".into(),
            };
            self.message = Some(why);
            return;
        }
        if let Err(e) = self.apply(a) {
            self.message = Some(e);
            return;
        }
        self.last_person = Some(seat);
        self.run_until_person();
    }

    /// The game's last lines of text.
    fn log_lines(&self, n: usize) -> Vec<String> {
        let text = String::from_utf8_lossy(self.log.get_ref()).into_owned();
        let lines: Vec<String> = text
            .lines()
            .filter(|l| !l.is_empty())
            .map(String::from)
            .collect();
        lines[lines.len().saturating_sub(n)..].to_vec()
    }

    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            // The keys still work here: say how to leave, and show the
            // stop prompt when it is open.
            let prompt = match &self.mode {
                Mode::Quit { name } => format!(
                    "\nSave the game to a file? Name: {name} (Enter without a name stops without saving, Esc goes back)"
                ),
                _ => "\nq stops (Enter confirms); Ctrl-C stops at once.".into(),
            };
            let p = Paragraph::new(format!(
                "The terminal is {}×{}: make it at least {MIN_WIDTH}×{MIN_HEIGHT} to see the table.\nThe game is waiting.{prompt}",
                area.width, area.height
            ))
            .wrap(Wrap { trim: true });
            f.render_widget(p, area);
            return;
        }
        let [top, middle, bottom, footer] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Min(9),
            Constraint::Length(7),
            Constraint::Length(1),
        ])
        .areas(area);
        f.render_widget(Paragraph::new(self.header()), top);
        if let Mode::Pass { to } = self.mode {
            let p = Paragraph::new(vec![
                Line::from(""),
                Line::from(format!("Pass the device to {}", self.table.names[to]))
                    .style(Style::default().add_modifier(Modifier::BOLD)),
                Line::from(""),
                Line::from(format!(
                    "{}: press Enter when only you can see the screen.",
                    self.table.names[to]
                )),
            ])
            .alignment(Alignment::Center)
            .block(Block::default().borders(Borders::ALL));
            f.render_widget(p, middle.union(bottom));
        } else {
            let [table_area, log_area] =
                Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)])
                    .areas(middle);
            self.draw_table(f, table_area);
            let log = Paragraph::new(
                self.log_lines(log_area.height.saturating_sub(2) as usize)
                    .join("\n"),
            )
            .block(Block::default().borders(Borders::ALL).title(" game "))
            .wrap(Wrap { trim: false });
            f.render_widget(log, log_area);
            self.draw_choices(f, bottom);
        }
        let keys = match self.mode {
            Mode::Quit { .. } => {
                "type a file name · Enter: save and stop (empty: stop) · Esc: keep playing"
            }
            Mode::Over => "the game is over · any key: leave",
            _ => "←→↑↓ move · Enter choose · 1-9 pick · t last trick · ? help · q quit",
        };
        let footer_line = match &self.message {
            Some(m) => Line::from(Span::styled(m.clone(), Style::default().fg(Color::Yellow))),
            None => Line::from(keys),
        };
        f.render_widget(Paragraph::new(footer_line), footer);
        if self.help {
            self.draw_help(f, area);
        }
        if self.review {
            self.draw_review(f, area);
        }
    }

    fn header(&self) -> Vec<Line<'static>> {
        let n = &self.table.names;
        let s = self.state.scores;
        let mut center = format!(
            "Score: {} & {} {} · {} & {} {} · to {} · hand {} · dealer {}",
            n[0],
            n[2],
            s[0],
            n[1],
            n[3],
            s[1],
            self.state.config.points_to_win,
            self.state.hand_no + 1,
            n[self.state.dealer]
        );
        if let (Some(t), Some(m)) = (self.state.trump, self.state.maker) {
            center.push_str(&format!(
                " · trump {} {t} by {}{}",
                suit_span(t).0,
                n[m],
                if self.state.alone { " alone" } else { "" }
            ));
        }
        vec![
            Line::from(Span::styled(
                match self.table.cards.seed_words() {
                    Some(seed) => format!("upcard play · {seed}"),
                    None => "upcard play".to_string(),
                },
                Style::default().add_modifier(Modifier::BOLD),
            )),
            Line::from(center),
        ]
    }

    fn draw_table(&self, f: &mut Frame, area: Rect) {
        let n = &self.table.names;
        let turn = self.state.to_move();
        let label = |s: Seat| {
            let mut t = n[s].clone();
            if s == self.state.dealer {
                t.push_str(" (dealer)");
            }
            if self.state.sits_out(s) {
                t.push_str(" (sits out)");
            }
            t.push_str(&format!(" · {} tricks", self.state.tricks[s]));
            let style = if turn == Some(s) {
                Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
            } else {
                Style::default()
            };
            Span::styled(
                if turn == Some(s) {
                    format!("▶ {t}")
                } else {
                    t
                },
                style,
            )
        };
        let played = |s: Seat| -> Span<'static> {
            match self.state.trick.iter().find(|(x, _)| *x == s) {
                Some(&(_, c)) => card_span(c, Style::default().add_modifier(Modifier::BOLD)),
                None => Span::raw("  "),
            }
        };
        let centre: Span = match (self.state.trump, self.state.upcard) {
            (None, Some(up))
                if matches!(
                    self.state.phase,
                    upcard_engine::Phase::Bidding { round: 1, .. }
                ) =>
            {
                let mut s = card_span(up, Style::default().add_modifier(Modifier::REVERSED));
                s.content = format!("upcard {}", s.content).into();
                s
            }
            (Some(t), _) => {
                let (sym, color) = suit_span(t);
                Span::styled(format!("trump {sym}"), Style::default().fg(color))
            }
            _ => Span::raw("     "),
        };
        let lines = vec![
            Line::from(label(0)).alignment(Alignment::Center),
            Line::from(played(0)).alignment(Alignment::Center),
            Line::from(""),
            Line::from(vec![
                label(3),
                Span::raw("  "),
                played(3),
                Span::raw("   "),
                centre,
                Span::raw("   "),
                played(1),
                Span::raw("  "),
                label(1),
            ])
            .alignment(Alignment::Center),
            Line::from(""),
            Line::from(played(2)).alignment(Alignment::Center),
            Line::from(label(2)).alignment(Alignment::Center),
        ];
        f.render_widget(
            Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" table ")),
            area,
        );
    }

    fn draw_choices(&self, f: &mut Frame, area: Rect) {
        let block = Block::default().borders(Borders::ALL);
        let Mode::Choose { seat } = self.mode else {
            let text = match &self.mode {
                Mode::Quit { name } => format!("Save the game to a file? Name: {name}█"),
                Mode::Over => match self.state.outcome() {
                    Some(upcard_engine::Outcome::Won { team, scores }) => format!(
                        "{} & {} win the game, {} to {}.",
                        self.table.names[team],
                        self.table.names[team + 2],
                        scores[team],
                        scores[1 - team]
                    ),
                    _ => "The game is over.".into(),
                },
                _ => String::new(),
            };
            f.render_widget(Paragraph::new(text).block(block), area);
            return;
        };
        let legal = self.state.legal_actions();
        let items = self.items(seat);
        let kind = Kind::of(&legal);
        let title = format!(
            " {}: {} ",
            self.table.names[seat],
            match kind {
                Kind::Bid => "make trump or pass",
                Kind::Discard => "pick up the upcard and discard",
                Kind::Play if self.state.trick.is_empty() => "lead a card",
                Kind::Play => "play a card",
                Kind::Defend => "defend alone?",
            }
        );
        let block = block.title(title);
        let lines = if kind == Kind::Play {
            self.card_choices(&items, &legal)
        } else {
            self.listed_choices(seat, &items)
        };
        f.render_widget(
            Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false }),
            area,
        );
    }

    /// A play: the hand as numbered cards, those that may not be played marked.
    fn card_choices(&self, items: &[Action], legal: &[Action]) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        let mut spans = Vec::new();
        for (i, a) in items.iter().enumerate() {
            let c = a.card().expect("a card");
            let ok = legal.contains(a);
            let mut style = if ok {
                Style::default().add_modifier(Modifier::BOLD)
            } else {
                Style::default().add_modifier(Modifier::DIM)
            };
            if i == self.cursor {
                style = style.add_modifier(Modifier::REVERSED);
            }
            spans.push(Span::raw(format!(" {}:", i + 1)));
            spans.push(card_span(c, style));
            spans.push(Span::raw(if ok { " " } else { "✗" }));
        }
        lines.push(Line::from(spans));
        if items.iter().any(|a| !legal.contains(a)) {
            lines.push(Line::from(
                "Cards marked ✗ may not be played now: follow the suit led.",
            ));
        }
        lines
    }

    /// Any other decision: the hand, then the numbered choices in words.
    fn listed_choices(&self, seat: Seat, items: &[Action]) -> Vec<Line<'static>> {
        let obs = self.state.observation(seat);
        let hand: Vec<Span> = self
            .hand_order(seat)
            .into_iter()
            .flat_map(|c| [card_span(c, Style::default()), Span::raw(" ")])
            .collect();
        let mut lines = vec![Line::from([vec![Span::raw("Your hand: ")], hand].concat())];
        for (i, a) in items.iter().enumerate() {
            let text = format!("{}) {}", i + 1, choice_text(&obs, *a));
            let style = if i == self.cursor {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            lines.push(Line::from(Span::styled(text, style)));
        }
        lines
    }

    fn popup(&self, f: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>) {
        let w = area.width.min(64);
        let h = (lines.len() as u16 + 2).min(area.height);
        let r = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        f.render_widget(Clear, r);
        f.render_widget(
            Paragraph::new(lines)
                .block(
                    Block::default()
                        .borders(Borders::ALL)
                        .title(title.to_string()),
                )
                .wrap(Wrap { trim: false }),
            r,
        );
    }

    fn draw_help(&self, f: &mut Frame, area: Rect) {
        let lines = [
            "Keys",
            "  ← → ↑ ↓  move between cards or choices",
            "  Enter    choose; 1-9 choose by number",
            "  t        the last trick taken",
            "  ?        this help",
            "  q        stop (and save the game to resume it)",
            "Rules: follow the suit led if you can; the bowers are",
            "trump; 3 tricks make the bid (1 point), 5 a march (2,",
            "4 alone); a euchre scores 2 for the defenders.",
            "Any key closes this help.",
        ];
        self.popup(
            f,
            area,
            " help ",
            lines.iter().map(|l| Line::from(*l)).collect(),
        );
    }

    fn draw_review(&self, f: &mut Frame, area: Rect) {
        let Some((trick, winner)) = &self.last_trick else {
            return;
        };
        let mut lines: Vec<Line> = trick
            .iter()
            .map(|&(s, c)| {
                Line::from(vec![
                    Span::raw(format!("{:>12}: ", self.table.names[s])),
                    card_span(c, Style::default()),
                ])
            })
            .collect();
        lines.push(Line::from(format!(
            "{} took it. Any key closes this.",
            self.table.names[*winner]
        )));
        self.popup(f, area, " last trick ", lines);
    }
}

/// Runs the screen until the game ends or a person stops it.
pub fn run(mut screen: Screen) -> io::Result<Screen> {
    let mut terminal = ratatui::try_init()?;
    let result = (|| -> io::Result<()> {
        loop {
            terminal.draw(|f| screen.draw(f))?;
            if screen.ending.is_some() {
                return Ok(());
            }
            match event::read()? {
                // The terminal is raw, so Ctrl-C is a key, not a signal: it
                // stops the game at once, as it would any other program.
                TermEvent::Key(k)
                    if k.kind == KeyEventKind::Press
                        && k.code == KeyCode::Char('c')
                        && k.modifiers.contains(KeyModifiers::CONTROL) =>
                {
                    screen.ending = Some(Ending::Stopped { saved_to: None });
                }
                TermEvent::Key(k) if k.kind == KeyEventKind::Press => screen.key(k.code),
                // A resize redraws on the next turn of the loop.
                _ => {}
            }
        }
    })();
    ratatui::restore();
    result.map(|()| screen)
}
