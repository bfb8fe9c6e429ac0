//! `upcard join`: take a seat at an `upcard serve` table, as a person at
//! this terminal or as a bot. The command parses its options into
//! [`Options`] and calls [`Options::run`].

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use upcard_bots::Bot;
use upcard_engine::{NullSink, Seen};
use upcard_parse::escape::printable_line;
use upcard_rules::Failure;
use upcard_rules::courses::standard::{choice_text, display_order, offered};
use upcard_seat::client::decide;
use upcard_seat::protocol::{Answer, FromClient, ToSeat, line, read};

/// What `upcard join` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub address: String,
    pub name: String,
    pub bot: Option<Bot>,
    pub seed: u32,
    /// A seat's private token (from its `upcard serve --web` link).
    pub token: Option<String>,
}

impl Options {
    pub fn run(&self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let stream = TcpStream::connect(&self.address)
            .map_err(|e| Failure::input(format!("cannot reach {}: {e}", self.address)))?;
        let mut writer = stream
            .try_clone()
            .map_err(|e| Failure::input(e.to_string()))?;
        // A person is shown the table as `play --plain` shows it: every
        // step's lines come in `update` messages. A bot needs none.
        let join = FromClient::Join {
            name: self.name.clone(),
            token: self.token.clone(),
            table: self.bot.is_none(),
        };
        write!(writer, "{}", line(&join)).map_err(|e| Failure::input(e.to_string()))?;
        let mut reader = BufReader::new(stream);
        let mut bot = self.bot.map(|b| b.agent(self.seed));
        // The name the server gave the seat (made unique at the table).
        let mut name = printable_line(&self.name);
        loop {
            let mut bytes = Vec::new();
            let n = (&mut reader)
                .take(1 << 20)
                .read_until(b'\n', &mut bytes)
                .map_err(|e| Failure::input(format!("reading from the server: {e}")))?;
            if n == 0 {
                return Err(Failure::input("the server closed the connection"));
            }
            let text = std::str::from_utf8(&bytes)
                .map_err(|_| Failure::input("the server sent a line that is not UTF-8"))?;
            let msg: ToSeat = read(text).map_err(|e| {
                Failure::input(format!("the server sent a message upcard cannot read: {e}"))
            })?;
            match msg {
                ToSeat::Hello(h) => {
                    name = printable_line(&h.names[h.seat]);
                    let _ = writeln!(
                        stdout,
                        "Joined as {} at seat {}, a game to {}.",
                        name, h.seat, h.points_to_win
                    );
                }
                ToSeat::Update(u) => {
                    // The server's text: shown as printable lines only.
                    for l in u.text.lines() {
                        let _ = writeln!(stdout, "{}", printable_line(l));
                    }
                    let _ = stdout.flush();
                }
                ToSeat::Decide(d) => {
                    let (seen, legal) = decide(&d).map_err(Failure::input)?;
                    let obs = Seen::made(seen.view());
                    let action = match bot.as_mut() {
                        Some(b) => {
                            b.choose(&obs, &legal, &mut NullSink)
                                .map_err(|e| Failure::input(e.to_string()))?
                                .action
                        }
                        None => ask_person(&name, &obs, &legal, stdout)?,
                    };
                    let answer = Answer {
                        action: action.short(),
                        stay: false,
                    };
                    write!(writer, "{}", line(&answer))
                        .map_err(|e| Failure::input(format!("writing to the server: {e}")))?;
                }
                ToSeat::Over(o) => {
                    let _ = writeln!(
                        stdout,
                        "The game is over: team {} wins, {} to {}.",
                        o.winner, o.scores[0], o.scores[1]
                    );
                    return Ok(());
                }
                ToSeat::Error { message } => {
                    let _ = writeln!(stdout, "The server says: {}", printable_line(&message));
                }
                // Browsers' business: a table with a TCP client offers no
                // second game.
                ToSeat::Again { .. }
                | ToSeat::Lobby(_)
                | ToSeat::Emote { .. }
                | ToSeat::Choose {}
                | ToSeat::Invites { .. } => {}
            }
        }
    }
}

/// The person at this end chooses by number from the choices offered, as
/// `play --plain` offers them.
fn ask_person(
    name: &str,
    obs: &upcard_engine::Observation,
    legal: &[upcard_engine::Action],
    stdout: &mut dyn Write,
) -> Result<upcard_engine::Action, Failure> {
    let stdin = std::io::stdin();
    let offer = offered(obs, legal);
    let trump = obs.trump.or(obs.upcard.map(|u| u.suit()));
    let hand: Vec<String> = display_order(obs.hand, trump)
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut s = format!("{}, your hand: {}.\n", name, hand.join(", "));
    for (i, a) in offer.iter().enumerate() {
        s.push_str(&format!("  {}) {}\n", i + 1, choice_text(obs, *a)));
    }
    s.push_str(&format!("{name}, choose 1-{}:\n", offer.len()));
    let _ = stdout.write_all(s.as_bytes());
    let _ = stdout.flush();
    loop {
        let mut answer = String::new();
        if stdin.lock().read_line(&mut answer).unwrap_or(0) == 0 {
            return Err(Failure::input("standard input ended"));
        }
        match answer.trim().parse::<usize>() {
            Ok(i) if (1..=offer.len()).contains(&i) => return Ok(offer[i - 1]),
            _ => {
                let _ = writeln!(stdout, "Type a number from 1 to {}.", offer.len());
            }
        }
    }
}
