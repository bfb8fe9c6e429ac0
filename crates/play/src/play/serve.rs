//! `upcard serve`: a table whose seats are taken over the network by
//! `upcard join` (or any client of the seat protocol), and by bots. The
//! command parses its options into [`Options`] and calls [`Options::run`].

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use crate::agents::{Agent, Game};
use crate::arena::Rules;
use crate::courses::standard::transcript::StandardPrinter;
use crate::courses::standard::{Bot, Cards, OnFault, SEATS, SeatKind, Table, config};
use crate::engine::Outcome;
use crate::play::program_seat::{Connection, ProgramSeat};
use crate::play::protocol::{self, FromClient, Hello, ToSeat, line};
use upcard_rules::Failure;

/// `N=remote` or `N=bot:KIND`.
#[derive(Clone, Debug)]
pub struct ServeSeat {
    seat: usize,
    bot: Option<Bot>,
}

impl std::str::FromStr for ServeSeat {
    type Err = String;
    fn from_str(s: &str) -> Result<ServeSeat, String> {
        let usage = || format!("{s:?} is not N=remote or N=bot:KIND (N 0-3)");
        let (n, who) = s.split_once('=').ok_or_else(usage)?;
        let seat: usize = n.trim().parse().ok().filter(|n| *n < 4).ok_or_else(usage)?;
        match who.split_once(':') {
            Some(("bot", k)) => Ok(ServeSeat {
                seat,
                bot: Some(Bot::find(k).ok_or_else(|| format!("there is no bot {k:?}"))?),
            }),
            _ if who == "remote" => Ok(ServeSeat { seat, bot: None }),
            _ => Err(usage()),
        }
    }
}

/// What `upcard serve` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub listen: String,
    pub seats: Vec<ServeSeat>,
    pub seed: u32,
    pub rules: String,
    pub house: Vec<String>,
    pub seat_timeout: Duration,
    pub join_timeout: Duration,
    pub on_fault: OnFault,
}

/// Why a joining player's name cannot be shown, if it cannot.
fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("it is blank")
    } else if name.len() > 40 {
        Some("it is longer than 40 bytes")
    } else if crate::parse::escape::printable_line(name) != name {
        Some("it holds a control character or a direction override")
    } else {
        None
    }
}

/// Waits for one client and reads its `join` line (its name).
fn accept(listener: &TcpListener, deadline: Instant) -> Result<(TcpStream, String), String> {
    loop {
        match listener.accept() {
            Ok((stream, peer)) => {
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let mut first = Vec::new();
                let read = BufReader::new((&stream).take(4096)).read_until(b'\n', &mut first);
                let name = read
                    .ok()
                    .and_then(|_| std::str::from_utf8(&first).ok())
                    .and_then(|t| protocol::read::<FromClient>(t).ok())
                    .map(|FromClient::Join { name }| name.trim().to_string());
                // A name is shown on the host's terminal and in every game
                // line: printable text only, no control or direction codes.
                if let Some(n) = &name
                    && let Some(why) = name_problem(n)
                {
                    eprintln!(
                        "upcard: {peer}: refused the name {}: {why}; still waiting",
                        crate::parse::escape::printable_line(&format!("{n:?}"))
                    );
                    let msg = ToSeat::Error {
                        message: format!("the name is refused: {why}"),
                    };
                    let _ = (&stream).write_all(line(&msg).as_bytes());
                    continue;
                }
                match name {
                    Some(n) => {
                        let _ = stream.set_read_timeout(None);
                        return Ok((stream, n));
                    }
                    None => {
                        eprintln!(
                            "upcard: {peer}: the first line was not {{\"type\":\"join\",\"name\":\"…\"}}; still waiting"
                        );
                        let msg = ToSeat::Error {
                            message: r#"send {"type":"join","name":"NAME"} first"#.into(),
                        };
                        let _ = (&stream).write_all(line(&msg).as_bytes());
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err("no client joined in time".into());
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(e.to_string()),
        }
    }
}

impl Options {
    pub fn run(&self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let rules = Rules::from_name(&self.rules, &self.house).map_err(Failure::input)?;
        let mut kinds: [Option<Bot>; 4] = [Some(Bot::Computer); 4];
        for s in &self.seats {
            kinds[s.seat] = s.bot;
        }
        let listener = TcpListener::bind(&self.listen)
            .map_err(|e| Failure::input(format!("cannot listen on {}: {e}", self.listen)))?;
        listener
            .set_nonblocking(true)
            .map_err(|e| Failure::input(e.to_string()))?;
        let addr = listener
            .local_addr()
            .map_err(|e| Failure::input(e.to_string()))?;
        eprintln!("upcard: listening on {addr}");
        let mut names: [String; 4] = SEATS.map(String::from);
        let mut streams: Vec<Option<TcpStream>> = (0..4).map(|_| None).collect();
        for seat in (0..4).filter(|&s| kinds[s].is_none()) {
            let deadline = Instant::now() + self.join_timeout;
            let (stream, name) = accept(&listener, deadline)
                .map_err(|e| Failure::input(format!("seat {seat}: {e}")))?;
            // Unique among the other seats' names, checked again after
            // each renaming (a player may already be called "South (2)").
            let mut unique = name.clone();
            let mut k = 2;
            while names
                .iter()
                .enumerate()
                .any(|(i, n)| i != seat && *n == unique)
            {
                unique = format!("{name} ({k})");
                k += 1;
            }
            eprintln!("upcard: {unique} takes seat {seat}");
            names[seat] = unique;
            streams[seat] = Some(stream);
        }
        let seats: [SeatKind; 4] = std::array::from_fn(|i| match kinds[i] {
            Some(b) => SeatKind::Bot(b),
            None => SeatKind::Person,
        });
        // The table makes the bots (seeded from the game's seed); the
        // rules make the game.
        let table = Table::new(config(), Cards::Seed(self.seed), names.clone(), seats);
        let mut agents: Vec<Box<dyn Agent>> = Vec::new();
        for (i, stream) in streams.into_iter().enumerate() {
            let agent: Box<dyn Agent> = match stream {
                None => table.agent(i).expect("a bot"),
                Some(stream) => {
                    let hello = Hello::new(
                        i,
                        &names,
                        rules.name(),
                        rules.points_to_win(),
                        rules.house(),
                    );
                    let (fallback, fallback_name) = self.on_fault.agent(table.bot_seed(i));
                    let conn = Connection::remote(format!("seat {i} ({})", names[i]), stream)
                        .map_err(Failure::input)?;
                    Box::new(ProgramSeat::new(
                        conn,
                        &hello,
                        self.seat_timeout,
                        fallback,
                        fallback_name,
                    ))
                }
            };
            agents.push(agent);
        }
        let mut game = Game::new(rules.state(self.seed), names.clone(), agents);
        let mut printer = StandardPrinter::new(&mut *stdout, names);
        let result = game.run(&mut printer);
        let _ = printer.finish();
        match result {
            Ok(Outcome::Won { .. }) => Ok(()),
            Ok(Outcome::Quit) => Err(Failure::input(
                "the game ended when a client misbehaved (--on-fault end); every finished hand is above",
            )),
            Err(e) => Err(Failure::input(e.to_string())),
        }
    }
}
