//! `upcard play --web`: the game of `upcard play` in a browser. The people
//! at the table share one device and one link; the page hides every hand
//! between two people's turns.

use std::io::Write;
use std::net::TcpListener;
use std::path::Path;

use std::sync::Arc;
use std::time::Duration;

use crate::net::hub::{Answers, Hub, Remote};
use crate::net::notice::Say;
use crate::net::web_seat::WebSeat;
use crate::net::{self, table};
use crate::play::host;
use crate::play::save::Decisions;
use crate::play::session::{Setup, finish, house_line};
use upcard_bots::{SeatKind, Table};
use upcard_engine::Outcome;
use upcard_rules::Failure;
use upcard_rules::agents::Agent;
use upcard_seat::protocol::Hello;

/// Whether a phone on the network could reach this address.
fn loopback(addr: &std::net::SocketAddr) -> bool {
    addr.ip().is_loopback()
}

/// A QR code of `text` for a terminal: two rows of modules per line.
pub fn qr(text: &str) -> Option<String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .build(),
    )
}

/// How long a finished table waits for a browser to come back (a reload
/// takes a second or two) before it closes.
pub const LINGER: Duration = Duration::from_secs(10);

/// Serves the game on `listen` until it ends, records it if asked, and
/// deals another with the same seats and rules each time the people ask,
/// until no browser is left at the table.
pub fn run(
    setup: Setup,
    listen: &str,
    record_to: Option<&Path>,
    in_page: bool,
    say: Say,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let listener = TcpListener::bind(listen)
        .map_err(|e| Failure::input(format!("cannot listen on {listen}: {e}")))?;
    // Chosen in the page: the host's link holds every seat until then.
    let people: Vec<Remote> = (0..4)
        .filter(|&s| in_page || setup.table.seats[s] == SeatKind::Person)
        .map(|seat| Remote { seat, device: true })
        .collect();
    let (hub, mut answers) = Hub::new(&people, true, say);
    let addr = net::open(listener, hub.clone());
    let mut setup = setup;
    let mut friends = [false; 4];
    if in_page {
        let _ = writeln!(
            stdout,
            "upcard play: choose the seats and the house rules in the page."
        );
        invite(&hub, &addr, stdout);
        let ready = host::choose_in_page(&hub, &setup.table, &addr, stdout)?;
        (friends, answers) = (ready.friends, ready.answers);
        setup = Setup {
            state: ready.table.state(),
            table: ready.table,
            actions: Vec::new(),
        };
    } else {
        for r in &people {
            hub.name(r.seat, &setup.table.names[r.seat]);
        }
        host::lobby(&hub, &setup.table);
    }
    let t = &setup.table;
    let _ = writeln!(
        stdout,
        "upcard play: {}, {}.",
        crate::play::session::deal_words(t),
        house_line(t)
    );
    if !in_page {
        invite(&hub, &addr, stdout);
    }
    let (first, watch) = hellos(t, 0);
    hub.start(&first, watch);
    for game in 1.. {
        let Some(decisions) = play_one(&setup, &hub, &mut answers, friends, stdout)? else {
            return Ok(());
        };
        let to = record_to.map(|p| numbered(p, game));
        let said = finish(&setup, decisions, to.as_deref(), true)?;
        let _ = stdout.write_all(said.as_bytes());
        if !hub.wait_again(LINGER) {
            return Ok(());
        }
        let mut table = setup.table.clone();
        table.cards = table.cards.next().map_err(Failure::input)?;
        let _ = writeln!(
            stdout,
            "Another game: {}.",
            crate::play::session::deal_words(&table)
        );
        let (people, watch) = hellos(&table, game);
        answers = hub.restart(&people, watch);
        setup = Setup {
            state: table.state(),
            table,
            actions: Vec::new(),
        };
    }
    Ok(())
}

/// The link to open (and its QR code off loopback), or the spectators'
/// when nobody plays at this device.
fn invite(hub: &Hub, addr: &std::net::SocketAddr, stdout: &mut dyn Write) {
    match hub.tokens().first() {
        Some((_, token, _)) => {
            let url = format!("http://{addr}/play/{token}");
            let _ = writeln!(stdout, "Open {url} to play.");
            if !loopback(addr)
                && let Some(q) = qr(&url)
            {
                let _ = writeln!(stdout, "{q}");
            }
        }
        None => {
            let _ = writeln!(
                stdout,
                "Nobody plays at this device: watch at http://{addr}/watch/{}",
                hub.watch_token()
            );
        }
    }
    let _ = stdout.flush();
}

/// Each person's greeting for game `game` (0 for the first) and the
/// spectators'.
fn hellos(t: &Table, game: u32) -> (Vec<(usize, Hello)>, Hello) {
    let hello = |i: usize| {
        let mut h = Hello::new(
            i,
            &t.names,
            "standard",
            t.config.points_to_win,
            upcard_rules::courses::standard::house::values(&t.config),
        );
        h.game = game;
        h
    };
    let people = (0..4)
        .filter(|&i| t.seats[i] == SeatKind::Person)
        .map(|i| (i, hello(i)))
        .collect();
    let mut watch = hello(0);
    watch.watching = true;
    (people, watch)
}

/// One game at the table: its decisions when it was won, None when it
/// was stopped.
fn play_one(
    setup: &Setup,
    hub: &Arc<Hub>,
    answers: &mut [Option<Answers>; 4],
    friends: [bool; 4],
    stdout: &mut dyn Write,
) -> Result<Option<Vec<upcard_engine::Action>>, Failure> {
    let t = &setup.table;
    let mut agents: Vec<Box<dyn Agent>> = Vec::new();
    for (i, answers) in answers.iter_mut().enumerate() {
        if let Some(a) = t.agent(i) {
            agents.push(a);
            continue;
        }
        let rx = answers.take().expect("a person's seat");
        // A person here is waited for; a friend away, for a while, and then
        // the fault bot plays for them until they are back.
        let seat = if friends[i] {
            let (fallback, name) = t.on_fault.agent(t.bot_seed(i));
            WebSeat::new(hub.clone(), i, rx, Some(host::FRIEND_WAIT), fallback, name)
        } else {
            WebSeat::new(hub.clone(), i, rx, None, None, "")
        };
        agents.push(Box::new(seat));
    }
    let mut game = upcard_rules::agents::Game::new(setup.state.clone(), t.names.clone(), agents);
    let mut decisions = Decisions(setup.actions.clone());
    match table::play(&mut game, hub, &[], stdout, &mut decisions) {
        Ok(Outcome::Won { .. }) => Ok(Some(decisions.0)),
        Ok(Outcome::Quit) => Ok(None),
        Err(e) => Err(Failure::input(e.to_string())),
    }
}

/// The record of game `game` (1 for the first): `PATH` for the first,
/// `NAME-2.EXT` beside it for the second, and so on.
pub fn numbered(path: &Path, game: u32) -> std::path::PathBuf {
    if game <= 1 {
        return path.to_path_buf();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{game}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{game}"),
    };
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    /// The QR code is square: as many lines as modules per line, halved
    /// (two rows of modules to a line), with the quiet zone around.
    /// The first game's record is where it was asked for; the next ones
    /// are numbered beside it.
    #[test]
    fn later_games_are_recorded_beside_the_first() {
        use std::path::Path;
        assert_eq!(
            super::numbered(Path::new("d/evening.egn"), 1),
            Path::new("d/evening.egn")
        );
        assert_eq!(
            super::numbered(Path::new("d/evening.egn"), 2),
            Path::new("d/evening-2.egn")
        );
        assert_eq!(
            super::numbered(Path::new("evening"), 3),
            Path::new("evening-3")
        );
        assert_eq!(
            super::numbered(Path::new("a.b/c.yaml"), 2),
            Path::new("a.b/c-2.yaml")
        );
    }

    #[test]
    fn the_link_as_a_qr_code_is_square() {
        let q =
            super::qr("http://192.168.1.20:8080/play/0123456789abcdef0123456789abcdef").unwrap();
        let lines: Vec<&str> = q.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        assert_eq!(lines.len(), width.div_ceil(2));
        assert!(width >= 29, "{width}");
    }
}
