//! `upcard play --web`: the game of `upcard play` in a browser. The people
//! at the table share one device and one link; the page hides every hand
//! between two people's turns.

use std::io::Write;
use std::net::TcpListener;
use std::path::Path;

use crate::net::hub::{Hub, Remote, WebSeat};
use crate::net::{self, table};
use crate::play::save::Decisions;
use crate::play::session::{Setup, finish, house_line};
use upcard_engine::Outcome;
use upcard_rules::Failure;
use upcard_rules::agents::Agent;
use upcard_seat::protocol::Hello;
use upcard_table::SeatKind;

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

/// Serves the game on `listen` until it ends, then records it if asked.
pub fn run(
    setup: Setup,
    listen: &str,
    record_to: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let t = &setup.table;
    let listener = TcpListener::bind(listen)
        .map_err(|e| Failure::input(format!("cannot listen on {listen}: {e}")))?;
    let people: Vec<Remote> = (0..4)
        .filter(|&s| t.seats[s] == SeatKind::Person)
        .map(|seat| Remote { seat, device: true })
        .collect();
    let (hub, mut answers) = Hub::new(&people, true);
    for r in &people {
        hub.name(r.seat, &t.names[r.seat]);
    }
    let addr = net::open(listener, hub.clone());
    let _ = writeln!(
        stdout,
        "upcard play: {}, {}.",
        crate::play::session::deal_words(t),
        house_line(t)
    );
    match hub.tokens().first() {
        Some((_, token, _)) => {
            let url = format!("http://{addr}/play/{token}");
            let _ = writeln!(stdout, "Open {url} to play.");
            if !loopback(&addr)
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
    let hello = |i: usize| {
        Hello::new(
            i,
            &t.names,
            "standard",
            t.config.points_to_win,
            upcard_rules::courses::standard::house::values(&t.config),
        )
    };
    let mut hellos = Vec::new();
    let mut agents: Vec<Box<dyn Agent>> = Vec::new();
    for (i, answers) in answers.iter_mut().enumerate() {
        match t.agent(i) {
            Some(a) => agents.push(a),
            None => {
                let rx = answers.take().expect("a person's seat");
                hellos.push((i, hello(i)));
                agents.push(Box::new(WebSeat::new(hub.clone(), i, rx, None, None, "")));
            }
        }
    }
    let mut watch = hello(0);
    watch.watching = true;
    hub.start(&hellos, watch);
    let mut game = upcard_rules::agents::Game::new(setup.state.clone(), t.names.clone(), agents);
    let mut decisions = Decisions(setup.actions.clone());
    let result = table::play(&mut game, &hub, &[], stdout, &mut decisions);
    match result {
        Ok(Outcome::Won { .. }) => {
            let said = finish(&setup, decisions.0, record_to, true)?;
            let _ = stdout.write_all(said.as_bytes());
            Ok(())
        }
        Ok(Outcome::Quit) => Ok(()),
        Err(e) => Err(Failure::input(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    /// The QR code is square: as many lines as modules per line, halved
    /// (two rows of modules to a line), with the quiet zone around.
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
