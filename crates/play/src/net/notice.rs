//! What a table's door has to say as it goes (who arrived, who was refused,
//! the links): told to a listener its caller gives, which the binary writes
//! on standard error. The door prints nothing itself.

use std::fmt;
use std::sync::Arc;

use upcard_engine::Seat;

/// One thing the door says.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// Where the table listens.
    Listening { addr: String },
    /// A seat's link (`serve --web`).
    SeatLink { seat: Seat, url: String },
    /// The spectators' link.
    Spectators { url: String },
    /// A client (its address) was turned away or cut off, and why.
    Refused { who: String, why: String },
    /// A client asked for a name that is refused; the seat still waits.
    NameRefused {
        who: String,
        name: String,
        why: String,
    },
    /// A client's first line was not a join.
    NotAJoin { who: String },
    /// A browser's link with a token of no seat.
    WrongToken { who: String },
    /// `name` sits at `seat`, from a program client or a browser.
    Took {
        name: String,
        seat: Seat,
        browser: bool,
    },
    /// A browser that stopped reading was cut off (its seat waits).
    StoppedReading,
    /// A seat empty past its time limit is played by `bot` meanwhile.
    Empty { seat: Seat, secs: f64, bot: String },
    /// The player of a seat played by a bot meanwhile is back.
    Back { seat: Seat },
    /// No random source for the links' tokens: they are guessable.
    WeakTokens,
    /// The table deals another game.
    AnotherGame,
    /// The game was written to this record.
    Recorded { path: String },
    /// What a program client's seat said (its faults).
    Seat(String),
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Listening { addr } => write!(f, "listening on {addr}"),
            Notice::SeatLink { seat, url } => write!(f, "seat {seat}: {url}"),
            Notice::Spectators { url } => write!(f, "spectators: {url}"),
            Notice::Refused { who, why } => write!(f, "{who}: {why}"),
            Notice::NameRefused { who, name, why } => write!(
                f,
                "{who}: refused the name {}: {why}; still waiting",
                upcard_parse::escape::printable_line(&format!("{name:?}"))
            ),
            Notice::NotAJoin { who } => write!(
                f,
                "{who}: the first line was not {{\"type\":\"join\",\"name\":\"…\"}}; still waiting"
            ),
            Notice::WrongToken { who } => write!(f, "{who}: a link with a wrong token was refused"),
            Notice::Took {
                name,
                seat,
                browser,
            } => {
                let by = if *browser { " (browser)" } else { "" };
                write!(f, "{name} takes seat {seat}{by}")
            }
            Notice::StoppedReading => f.write_str("a browser stopped reading: cut off"),
            Notice::Empty { seat, secs, bot } => write!(
                f,
                "seat {seat} has been empty for {secs} s: bot:{bot} plays it until its player is back"
            ),
            Notice::Back { seat } => write!(f, "seat {seat} is back"),
            Notice::WeakTokens => {
                f.write_str("warning: /dev/urandom cannot be read; the links' tokens are weak")
            }
            Notice::AnotherGame => f.write_str("another game at the table"),
            Notice::Recorded { path } => write!(f, "the game is recorded in {path}"),
            Notice::Seat(text) => f.write_str(text),
        }
    }
}

type Listener = dyn Fn(&Notice) + Send + Sync;

/// Where the door's notices go (from any of its threads).
#[derive(Clone)]
pub struct Say(Option<Arc<Listener>>);

impl Say {
    /// Nothing is said.
    pub const NONE: Say = Say(None);

    pub fn to(listener: impl Fn(&Notice) + Send + Sync + 'static) -> Say {
        Say(Some(Arc::new(listener)))
    }

    pub fn say(&self, notice: Notice) {
        if let Some(l) = &self.0 {
            l(&notice);
        }
    }

    /// The same listener for a program client's seat: its faults.
    pub fn seat_echo(&self) -> upcard_seat::program_seat::Echo {
        match self.0.clone() {
            Some(l) => {
                upcard_seat::program_seat::Echo::to(move |n| l(&Notice::Seat(n.to_string())))
            }
            None => upcard_seat::program_seat::Echo::NONE,
        }
    }
}

impl fmt::Debug for Say {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Say(on)"
        } else {
            "Say(none)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Arrivals and links, with the words the door printed itself.
    fn arrivals() -> Vec<(Notice, &'static str)> {
        let who = || "127.0.0.1:5000".to_string();
        vec![
            (
                Notice::Listening {
                    addr: "127.0.0.1:7000".into(),
                },
                "listening on 127.0.0.1:7000",
            ),
            (
                Notice::SeatLink {
                    seat: 2,
                    url: "http://h/seat/ab".into(),
                },
                "seat 2: http://h/seat/ab",
            ),
            (
                Notice::Spectators {
                    url: "http://h/watch/cd".into(),
                },
                "spectators: http://h/watch/cd",
            ),
            (
                Notice::Refused {
                    who: who(),
                    why: "every remote seat is taken".into(),
                },
                "127.0.0.1:5000: every remote seat is taken",
            ),
            (
                Notice::NameRefused {
                    who: who(),
                    name: "a\u{1b}[2Jb".into(),
                    why: "it holds a control character".into(),
                },
                "127.0.0.1:5000: refused the name \"a\\u{1b}[2Jb\": it holds a control character; still waiting",
            ),
            (
                Notice::NotAJoin { who: who() },
                "127.0.0.1:5000: the first line was not {\"type\":\"join\",\"name\":\"…\"}; still waiting",
            ),
            (
                Notice::WrongToken { who: who() },
                "127.0.0.1:5000: a link with a wrong token was refused",
            ),
            (
                Notice::Took {
                    name: "Ann".into(),
                    seat: 1,
                    browser: false,
                },
                "Ann takes seat 1",
            ),
            (
                Notice::Took {
                    name: "Ann".into(),
                    seat: 3,
                    browser: true,
                },
                "Ann takes seat 3 (browser)",
            ),
        ]
    }

    /// The table's other notices.
    fn the_rest() -> Vec<(Notice, &'static str)> {
        vec![
            (Notice::StoppedReading, "a browser stopped reading: cut off"),
            (
                Notice::Empty {
                    seat: 0,
                    secs: 2.5,
                    bot: "computer".into(),
                },
                "seat 0 has been empty for 2.5 s: bot:computer plays it until its player is back",
            ),
            (Notice::Back { seat: 0 }, "seat 0 is back"),
            (
                Notice::WeakTokens,
                "warning: /dev/urandom cannot be read; the links' tokens are weak",
            ),
            (Notice::AnotherGame, "another game at the table"),
            (
                Notice::Recorded {
                    path: "g.egn".into(),
                },
                "the game is recorded in g.egn",
            ),
        ]
    }

    /// The words each notice had when the door printed them itself.
    #[test]
    fn each_notice_keeps_its_words() {
        for (notice, words) in arrivals().into_iter().chain(the_rest()) {
            assert_eq!(notice.to_string(), words);
        }
    }

    #[test]
    fn a_program_clients_faults_reach_the_doors_listener_and_none_says_nothing() {
        let heard = std::sync::Arc::new(Mutex::new(Vec::new()));
        let keep = heard.clone();
        let say = Say::to(move |n| keep.lock().unwrap().push(n.to_string()));
        let echo = say.seat_echo();
        assert!(echo.is_on());
        assert!(!Say::NONE.seat_echo().is_on());
        Say::NONE.say(Notice::AnotherGame);
        say.say(Notice::AnotherGame);
        assert_eq!(*heard.lock().unwrap(), ["another game at the table"]);
    }
}
