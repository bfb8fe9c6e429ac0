//! The table chosen in the page: `upcard play --web` with no seats and no
//! house rules on its command line lets the host's page choose each seat
//! (a person here, a friend invited by a link, a bot) and the house rules.
//! The page's choice arrives as one message and is checked here as the
//! command line's would be: the same house rules' registry, the same name
//! checks.

use serde::Deserialize;
use std::collections::BTreeMap;

use crate::net::hub::{Answers, Hub, name_problem};
use upcard_bots::Bot;
use upcard_bots::{SeatKind, Table};
use upcard_engine::Config;
use upcard_rules::courses::standard::{SEATS, config, house};
use upcard_seat::protocol::ToSeat;

/// Who sits at a seat, as the host chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// A person at the host's device, by name.
    Here(String),
    /// A friend who opens the seat's own link.
    Friend,
    Bot(Bot),
}

/// The host's whole choice: four seats and the rules.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub seats: [Choice; 4],
    pub config: Config,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Message {
    #[serde(rename = "type")]
    _type: String,
    seats: Vec<SeatMessage>,
    #[serde(default)]
    house: BTreeMap<String, String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatMessage {
    who: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    bot: Option<String>,
}

/// The page's `{"type":"setup","seats":[…],"house":{…}}`, checked: four
/// seats, each `{"who":"here","name":"Ann"}`, `{"who":"friend"}` or
/// `{"who":"bot","bot":"expert"}`; house rules by name as `--house`
/// takes them. The message says what is wrong, for the page to show.
pub fn read(msg: &str) -> Result<Chosen, String> {
    let m: Message =
        serde_json::from_str(msg).map_err(|e| format!("the setup is not readable: {e}"))?;
    let seats: Vec<Choice> = m
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| seat(i, s))
        .collect::<Result<_, _>>()?;
    let seats: [Choice; 4] = seats
        .try_into()
        .map_err(|v: Vec<Choice>| format!("a table has 4 seats, not {}", v.len()))?;
    let mut names: Vec<&str> = Vec::new();
    for s in &seats {
        if let Choice::Here(n) = s {
            if names.contains(&n.as_str()) {
                return Err(format!(
                    "two people are named {n:?}: give each a name of their own"
                ));
            }
            names.push(n);
        }
    }
    if names.is_empty() {
        return Err("at least one seat must be a person here, at this device".into());
    }
    let mut c = config();
    for (name, value) in &m.house {
        house::apply(&mut c, &format!("{name}={value}"))?;
    }
    house::check(&c)?;
    Ok(Chosen { seats, config: c })
}

fn seat(i: usize, s: &SeatMessage) -> Result<Choice, String> {
    match s.who.as_str() {
        "here" => {
            let name = s.name.as_deref().unwrap_or_default().trim().to_string();
            match name_problem(&name) {
                Some(why) => Err(format!("seat {i}: the name is refused: {why}")),
                None => Ok(Choice::Here(name)),
            }
        }
        "friend" => Ok(Choice::Friend),
        "bot" => {
            let kind = s.bot.as_deref().unwrap_or_default();
            Bot::find(kind)
                .map(Choice::Bot)
                .ok_or_else(|| format!("seat {i}: there is no bot {kind:?}"))
        }
        other => Err(format!("seat {i}: {other:?} is not here, friend or bot")),
    }
}

/// The waiting room's bots by kind and rules, for `t`.
pub fn lobby(hub: &Hub, t: &Table) {
    hub.lobby(
        std::array::from_fn(|i| match &t.seats[i] {
            SeatKind::Bot(b) => Some(b.name().to_string()),
            _ => None,
        }),
        t.config.points_to_win,
        house::values(&t.config),
    );
}

/// How long a friend's seat waits for its person before the fault bot
/// plays a decision (as `serve --web`'s default).
pub const FRIEND_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// The table the host chose, once every friend has taken their seat.
pub struct Ready {
    pub table: Table,
    /// Which seats are friends' (waited for a while, then played for).
    pub friends: [bool; 4],
    /// Where each person's seat's answers arrive.
    pub answers: [Option<Answers>; 4],
}

/// Waits for the host's page to choose the table (a wrong choice is told
/// to the page, which may choose again), then for every invited friend to
/// take their seat. `base` gives the cards and how programs and faults are
/// met.
pub fn choose_in_page(
    hub: &Hub,
    base: &Table,
    addr: &std::net::SocketAddr,
    stdout: &mut dyn std::io::Write,
) -> Result<Ready, upcard_rules::Failure> {
    hub.choose();
    let chosen = loop {
        if let Some((link, msg)) = hub.take_setup() {
            match read(&msg) {
                Ok(c) => break c,
                Err(message) => hub.tell(link, &ToSeat::Error { message }),
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut table = base.clone();
    table.config = chosen.config;
    let mut here = Vec::new();
    let mut friends = Vec::new();
    for (i, c) in chosen.seats.iter().enumerate() {
        table.names[i] = SEATS[i].to_string();
        table.seats[i] = match c {
            Choice::Here(name) => {
                table.names[i].clone_from(name);
                here.push((i, name.clone()));
                SeatKind::Person
            }
            Choice::Friend => {
                friends.push(i);
                SeatKind::Person
            }
            Choice::Bot(b) => SeatKind::Bot(*b),
        };
    }
    let answers = hub.configure(&here, &friends);
    lobby(hub, &table);
    for (seat, token, device) in hub.tokens() {
        if !device {
            let _ = writeln!(
                stdout,
                "Seat {seat}'s link for a friend: http://{addr}/seat/{token}"
            );
        }
    }
    while hub
        .joined()
        .iter()
        .filter(|(s, _)| friends.contains(s))
        .count()
        < friends.len()
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    for (seat, name) in hub.joined() {
        table.names[seat] = name;
    }
    Ok(Ready {
        friends: std::array::from_fn(|i| friends.contains(&i)),
        table,
        answers,
    })
}

#[cfg(test)]
mod tests {
    use super::{Choice, read};
    use upcard_bots::Bot;

    #[test]
    fn a_setup_is_read_as_the_command_line_would_be() {
        let c = read(
            r#"{"type":"setup","seats":[{"who":"here","name":" Ann "},{"who":"bot","bot":"expert"},{"who":"friend"},{"who":"bot","bot":"simple"}],"house":{"points-to-win":"5","stick-the-dealer":"on"}}"#,
        )
        .unwrap();
        assert_eq!(
            c.seats,
            [
                Choice::Here("Ann".into()),
                Choice::Bot(Bot::Expert),
                Choice::Friend,
                Choice::Bot(Bot::Simple)
            ]
        );
        assert_eq!(c.config.points_to_win, 5);
    }

    #[test]
    fn a_wrong_setup_says_what_is_wrong() {
        let seats = |s: &str| format!(r#"{{"type":"setup","seats":[{s}]}}"#);
        let four = |a: &str| {
            seats(&format!(
                r#"{a},{{"who":"friend"}},{{"who":"friend"}},{{"who":"friend"}}"#
            ))
        };
        for (msg, want) in [
            (seats(r#"{"who":"friend"}"#), "a table has 4 seats, not 1"),
            (
                four(r#"{"who":"bot","bot":"best"}"#),
                "seat 0: there is no bot \"best\"",
            ),
            (
                four(r#"{"who":"here","name":""}"#),
                "seat 0: the name is refused: it is blank",
            ),
            (
                four(r#"{"who":"here","name":"a\u202eb"}"#),
                "seat 0: the name is refused: it holds a control character or a direction override",
            ),
            (
                four(r#"{"who":"ghost"}"#),
                "seat 0: \"ghost\" is not here, friend or bot",
            ),
            (
                seats(
                    r#"{"who":"here","name":"Ann"},{"who":"here","name":"Ann"},{"who":"friend"},{"who":"friend"}"#,
                ),
                "two people are named \"Ann\": give each a name of their own",
            ),
        ] {
            assert_eq!(read(&msg).unwrap_err(), want, "{msg}");
        }
        assert_eq!(
            read(&seats(
                r#"{"who":"friend"},{"who":"friend"},{"who":"bot","bot":"simple"},{"who":"friend"}"#
            ))
            .unwrap_err(),
            "at least one seat must be a person here, at this device"
        );
        let house = r#"{"type":"setup","seats":[{"who":"here","name":"Ann"},{"who":"friend"},{"who":"friend"},{"who":"friend"}],"house":{"points-to-win":"0"}}"#;
        assert!(
            read(house)
                .unwrap_err()
                .starts_with("house rule points-to-win takes"),
            "{}",
            read(house).unwrap_err()
        );
        assert!(
            read("{")
                .unwrap_err()
                .starts_with("the setup is not readable")
        );
    }
}
