//! `upcard serve`: a table whose seats are taken over the network by
//! `upcard join` (or any client of the seat protocol), by browsers opening
//! their seat's link (`--web`), and by bots. The
//! command parses its options into [`Options`] and calls [`Options::run`].

use std::cell::RefCell;
use std::io::Write;
use std::net::TcpListener;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::net::hub::{Answers, Hub, Remote};
use crate::net::notice::{Notice, Say};
use crate::net::web_seat::WebSeat;
use crate::net::{self, table};
use upcard_bots::Bot;
use upcard_bots::{OnFault, SeatKind, Table};
use upcard_engine::{Outcome, VecSink};
use upcard_rules::Failure;
use upcard_rules::Rules;
use upcard_rules::agents::{Agent, Game};
use upcard_rules::courses::standard::{Cards, SEATS, config};
use upcard_seat::program_seat::{Connection, ProgramSeat, Shared};
use upcard_seat::protocol::Hello;

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
    /// A seed deals a game that can be dealt again; without one (the
    /// default) the cards come from a secret key nobody at the table has.
    pub seed: Option<u32>,
    pub rules: String,
    pub house: Vec<String>,
    pub seat_timeout: Duration,
    pub join_timeout: Duration,
    pub on_fault: OnFault,
    /// Browsers too: each remote seat gets a link, and spectators one.
    pub web: bool,
    /// Where to write the table's game as a Euchre Game Notation record
    /// (when it ends, however it ends: what was played).
    pub record: Option<std::path::PathBuf>,
    /// Who is told what the table's door sees (arrivals, links, faults).
    pub say: Say,
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
        let remotes: Vec<Remote> = (0..4)
            .filter(|&s| kinds[s].is_none())
            .map(|seat| Remote {
                seat,
                device: false,
            })
            .collect();
        let (hub, mut answers) = Hub::new(&remotes, self.web, self.say.clone());
        hub.lobby(
            kinds.map(|k| k.map(|b| b.name().to_string())),
            rules.points_to_win(),
            rules.house(),
        );
        let addr = net::open(listener, hub.clone());
        announce(&addr.to_string(), &hub, self.web);
        self.wait_for_joins(&hub, &remotes)?;
        let mut names: [String; 4] = SEATS.map(String::from);
        for (seat, name) in hub.joined() {
            names[seat] = name;
        }
        let seats: [SeatKind; 4] = std::array::from_fn(|i| match kinds[i] {
            Some(b) => SeatKind::Bot(b),
            None => SeatKind::Person,
        });
        // The table makes the bots (seeded from the game's seed); the
        // rules make the game.
        let mut cards = Cards::from_seed(self.seed).map_err(Failure::input)?;
        for game in 0.. {
            let table = Table::new(config(), cards, names.clone(), seats.clone());
            let hello = |i: usize| {
                let mut h = Hello::new(
                    i,
                    &names,
                    rules.name(),
                    rules.points_to_win(),
                    rules.house(),
                );
                h.game = game;
                h
            };
            let mut watch = hello(0);
            watch.watching = true;
            if game > 0 {
                // Every remote seat is a browser's now (a table with a
                // program client offers no second game).
                let people: Vec<_> = remotes.iter().map(|r| (r.seat, hello(r.seat))).collect();
                answers = hub.restart(&people, watch.clone());
            }
            let seated = self.seat_all(&table, &kinds, &hub, &mut answers, &hello)?;
            if game == 0 {
                hub.start(&seated.hellos, watch);
            }
            let result = self.play_game(&rules, &table, seated, &hub, game, stdout);
            let won = matches!(result, Ok(Outcome::Won { .. }));
            if !(won && self.web && hub.wait_again(crate::play::web::LINGER)) {
                return match result {
                    Ok(Outcome::Won { .. }) => Ok(()),
                    Ok(Outcome::Quit) => Err(Failure::input(
                        "the game ended when a client misbehaved (--on-fault end); every finished hand is above",
                    )),
                    Err(e) => Err(e),
                };
            }
            cards = cards.next().map_err(Failure::input)?;
            self.say.say(Notice::AnotherGame);
        }
        Ok(())
    }

    /// One game at the table, recorded if asked (the second as NAME-2.EXT).
    fn play_game(
        &self,
        rules: &Rules,
        table: &Table,
        seated: Seated,
        hub: &Arc<Hub>,
        game: u32,
        stdout: &mut dyn Write,
    ) -> Result<Outcome, Failure> {
        let state = rules.state_from(table.cards);
        let config = state.config;
        let mut play = Game::new(state, table.names.clone(), seated.agents);
        let mut events = VecSink::default();
        let result = table::play(&mut play, hub, &seated.listeners, stdout, &mut events);
        if let Some(path) = &self.record {
            let path = crate::play::web::numbered(path, game + 1);
            record(&self.say, &path, table, &config, &events.0)?;
        }
        result.map_err(|e| Failure::input(e.to_string()))
    }

    /// Each seat's agent: the table's bots, and each remote seat's client,
    /// by TCP (a program seat, its updates listened to if it asked) or in
    /// the browser.
    fn seat_all(
        &self,
        table: &Table,
        kinds: &[Option<Bot>; 4],
        hub: &Arc<Hub>,
        answers: &mut [Option<Answers>; 4],
        hello: &dyn Fn(usize) -> Hello,
    ) -> Result<Seated, Failure> {
        let mut seated = Seated::default();
        for i in 0..4 {
            if kinds[i].is_some() {
                seated.agents.push(table.agent(i).expect("a bot"));
                continue;
            }
            let (fallback, fallback_name) = self.on_fault.agent(table.bot_seed(i));
            match hub.take_tcp(i) {
                Some((stream, updates)) => {
                    let conn = Connection::remote(
                        format!("seat {i} ({})", table.names[i]),
                        stream,
                        self.say.seat_echo(),
                    )
                    .map_err(Failure::input)?;
                    let seat = Rc::new(RefCell::new(ProgramSeat::new(
                        conn,
                        &hello(i),
                        self.seat_timeout,
                        fallback,
                        fallback_name,
                    )));
                    if updates {
                        seated.listeners.push((i, seat.clone()));
                    }
                    seated.agents.push(Box::new(Shared(seat)));
                }
                None => {
                    let rx = answers[i].take().expect("a remote seat");
                    seated.hellos.push((i, hello(i)));
                    seated.agents.push(Box::new(WebSeat::new(
                        hub.clone(),
                        i,
                        rx,
                        Some(self.seat_timeout),
                        fallback,
                        fallback_name,
                    )));
                }
            }
        }
        Ok(seated)
    }

    /// Every remote seat taken, each within --join-timeout of the last.
    fn wait_for_joins(&self, hub: &Hub, remotes: &[Remote]) -> Result<(), Failure> {
        let mut deadline = Instant::now() + self.join_timeout;
        let mut joined = 0;
        loop {
            let now = hub.joined().len();
            if now == remotes.len() {
                return Ok(());
            }
            if now > joined {
                joined = now;
                deadline = Instant::now() + self.join_timeout;
            }
            if Instant::now() >= deadline {
                let taken: Vec<usize> = hub.joined().iter().map(|(s, _)| *s).collect();
                let seat = remotes
                    .iter()
                    .find(|r| !taken.contains(&r.seat))
                    .map_or(0, |r| r.seat);
                return Err(Failure::input(format!(
                    "seat {seat}: no client joined in time"
                )));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The agents at a served table, the program seats whose updates are
/// listened to, and the browser seats' hellos.
#[derive(Default)]
struct Seated {
    agents: Vec<Box<dyn Agent>>,
    listeners: Vec<(usize, Rc<RefCell<ProgramSeat>>)>,
    hellos: Vec<(usize, Hello)>,
}

/// Where the table listens, and under `--web` each seat's link and the
/// spectators'.
fn announce(addr: &str, hub: &Hub, web: bool) {
    hub.say(Notice::Listening {
        addr: addr.to_string(),
    });
    if web {
        for (seat, token, _) in hub.tokens() {
            let url = format!("http://{addr}/seat/{token}");
            hub.say(Notice::SeatLink { seat, url });
        }
        let url = format!("http://{addr}/watch/{}", hub.watch_token());
        hub.say(Notice::Spectators { url });
    }
}

/// `--record`: the table's game, however it ended, as an EGN record.
fn record(
    say: &Say,
    path: &std::path::Path,
    table: &Table,
    config: &upcard_engine::Config,
    events: &[upcard_engine::Event],
) -> Result<(), Failure> {
    upcard_record::write::save_played(
        path,
        None,
        &format!("A game of upcard serve{}.", table.cards.seed_note()),
        &table.names,
        config,
        events,
    )
    .map_err(|e| Failure::input(format!("--record {}: {e}", path.display())))?;
    say.say(Notice::Recorded {
        path: path.display().to_string(),
    });
    Ok(())
}
