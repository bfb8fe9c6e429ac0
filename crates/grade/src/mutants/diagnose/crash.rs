//! A program that stops on a signal, a failed assertion, an uncaught
//! exception or a sanitizer's report: what its standard error says, where
//! the engine's game was when its output stopped, and what that state
//! suggests ("a sixth card while hand 0 is dealt").

use super::{Finding, Kind, Place};
use upcard_engine::Event;
use upcard_record::Timeline;

/// What a program's standard error says of how it stopped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Report {
    /// The words a finding quotes: the assertion, the exception, the
    /// sanitizer's error.
    pub what: Option<String>,
    /// Where the report puts it: "SimplePlayer::add_card, Player.cpp:21".
    pub at: Option<String>,
    pub topic: Topic,
}

/// What the report is about, for the question a finding asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Topic {
    /// A card added to a full hand.
    HandFull,
    /// A pack that did not hold its 24 cards.
    PackSize,
    /// A card asked of an empty hand.
    HandEmpty,
    /// The starter code's `assert(false)`: a function not written yet.
    NotWritten,
    /// Memory the program does not own (an index, a pointer).
    Memory,
    /// An exception nothing caught.
    Uncaught,
    #[default]
    Other,
}

/// Standard error's last lines are what a crash leaves; more is not read.
const READ: usize = 64 * 1024;

impl Report {
    pub fn read(stderr: &str) -> Report {
        let tail = tail(stderr);
        assertion(tail)
            .or_else(|| uncaught(tail))
            .or_else(|| sanitizer(tail))
            .unwrap_or_default()
            .escaped()
    }

    /// The program's words as data: nothing it wrote reaches a terminal or
    /// a report as a control sequence.
    fn escaped(self) -> Report {
        let line = |t: Option<String>| t.map(|t| upcard_parse::escape::printable_line(&t));
        Report {
            what: line(self.what),
            at: line(self.at),
            topic: self.topic,
        }
    }
}

/// The last [`READ`] bytes of `stderr`, from a char boundary.
fn tail(stderr: &str) -> &str {
    let mut i = stderr.len().saturating_sub(READ);
    while !stderr.is_char_boundary(i) {
        i -= 1;
    }
    &stderr[i..]
}

/// glibc's "prog: FILE:LINE: FUNCTION: Assertion `COND' failed."
fn assertion(text: &str) -> Option<Report> {
    let line = text.lines().find(|l| l.contains(": Assertion `"))?;
    let (head, rest) = line.split_once(": Assertion `")?;
    let cond = rest.rsplit_once("' failed")?.0.to_string();
    // head: "prog: FILE:LINE: FUNCTION"
    let mut parts = head.splitn(4, ": ");
    let _prog = parts.next();
    let file_line = parts.next().unwrap_or("");
    let function = parts.next().unwrap_or("");
    let function = function_name(function);
    let at = match (file_line.is_empty(), function.is_empty()) {
        (false, false) => Some(format!("{function}, {file_line}")),
        (false, true) => Some(file_line.to_string()),
        _ => None,
    };
    let c = cond.to_ascii_lowercase();
    let topic = if c == "false" || c == "0" {
        Topic::NotWritten
    } else if c.contains("max_hand_size") || (c.contains("size()") && c.contains('<')) {
        Topic::HandFull
    } else if c.contains("pack_size") || c.contains("cardnum") || c.contains("pack") {
        Topic::PackSize
    } else if c.contains("empty()") || c.contains("size() >") || c.contains("size() !=") {
        Topic::HandEmpty
    } else {
        Topic::Other
    };
    Some(Report {
        what: Some(format!("the assertion `{cond}` failed")),
        at,
        topic,
    })
}

/// "virtual void SimplePlayer::add_card(const Card&)" -> "SimplePlayer::add_card".
fn function_name(signature: &str) -> String {
    let name = signature.split('(').next().unwrap_or(signature);
    name.rsplit(' ').next().unwrap_or(name).to_string()
}

/// "terminate called after throwing an instance of 'T'" and "what():  W".
fn uncaught(text: &str) -> Option<Report> {
    let line = text
        .lines()
        .find(|l| l.contains("terminate called after throwing an instance of '"))?;
    let kind = line
        .split_once("instance of '")?
        .1
        .trim_end_matches('\'')
        .to_string();
    let what = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("what():"))
        .map(|w| format!(" ({})", w.trim()))
        .unwrap_or_default();
    let topic = if kind.contains("out_of_range") {
        Topic::Memory
    } else {
        Topic::Uncaught
    };
    Some(Report {
        what: Some(format!("an exception, {kind}{what}, was not caught")),
        at: None,
        topic,
    })
}

/// AddressSanitizer's "ERROR: AddressSanitizer: KIND" with its first frame
/// in the program's own files, or UBSan's "FILE:LINE:COL: runtime error: M".
fn sanitizer(text: &str) -> Option<Report> {
    if let Some(line) = text
        .lines()
        .find(|l| l.contains("ERROR: AddressSanitizer: "))
    {
        let kind = line
            .split_once("AddressSanitizer: ")?
            .1
            .split(" on ")
            .next()
            .unwrap_or("")
            .to_string();
        return Some(Report {
            what: Some(format!("AddressSanitizer reports a {kind}")),
            at: own_frame(text),
            topic: Topic::Memory,
        });
    }
    let line = text.lines().find(|l| l.contains(": runtime error: "))?;
    let (at, msg) = line.split_once(": runtime error: ")?;
    Some(Report {
        what: Some(format!("undefined behaviour: {msg}")),
        at: Some(at.to_string()),
        topic: Topic::Memory,
    })
}

/// The first stack frame "#N 0x… in FUNC FILE:LINE" outside the system's
/// libraries, as "FUNC, FILE:LINE".
fn own_frame(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('#'))
        .filter_map(|l| l.split_once(" in ").map(|(_, r)| r))
        .find_map(|r| {
            let (func, file) = r.rsplit_once(' ')?;
            let source = [".cpp:", ".cc:", ".h:", ".hpp:"]
                .iter()
                .any(|x| file.contains(x));
            (source && !file.starts_with("/usr/")).then(|| {
                let file = file.rsplit('/').next().unwrap_or(file);
                format!("{}, {file}", function_name(func))
            })
        })
}

/// Where the engine's game was when the program's output stopped: a
/// phrase ("while hand 0 is dealt, by Adi") and whether cards were being
/// dealt (for the full-hand question).
pub(crate) fn state_at(t: &Timeline, p: &Place) -> (String, Stage) {
    let names = super::shown_names(&t.names);
    let Some(e) = p.event else {
        return ("before the game began".into(), Stage::Other);
    };
    let hand = p.hand.map_or(String::new(), |h| format!(" {h}"));
    let dealer = t.events[..=e].iter().rev().find_map(|ev| match ev {
        Event::HandStart { dealer, .. } => Some(*dealer),
        _ => None,
    });
    let by = dealer.map_or(String::new(), |d| format!(", by {}", names[d]));
    match &t.events[e] {
        Event::HandStart {
            hand: h, dealer, ..
        } => (
            format!("while hand {h} is dealt, by {}", names[*dealer]),
            Stage::Dealing,
        ),
        Event::Deck { .. } | Event::Dealt { .. } | Event::Upcard { .. } => {
            (format!("while hand{hand} is dealt{by}"), Stage::Dealing)
        }
        Event::Passed { .. } | Event::Ordered { .. } | Event::TurnedDown { .. } => {
            (format!("while trump is made in hand{hand}"), Stage::Other)
        }
        Event::Discarded { seat, .. } => (
            format!(
                "as the dealer, {}, picks up the upcard in hand{hand}",
                names[*seat]
            ),
            Stage::Other,
        ),
        Event::Led { seat, .. } => (
            format!("in the play of hand{hand}, {} to lead", names[*seat]),
            Stage::Other,
        ),
        Event::Played { seat, .. } => (
            format!("in the play of hand{hand}, {} to play", names[*seat]),
            Stage::Other,
        ),
        Event::HandOver { .. } | Event::TrickTaken { .. } => {
            (format!("as hand{hand}'s tricks are counted"), Stage::Other)
        }
        Event::GameOver { .. } => ("as the game ends".into(), Stage::Other),
        Event::Asked { seat, ask, .. } => {
            let what = match ask {
                upcard_engine::Ask::Bid { .. } => "to make trump",
                upcard_engine::Ask::Discard { .. } => "to discard",
                upcard_engine::Ask::Lead => "to lead",
                _ => "to play",
            };
            (
                format!("as {} is asked {what} in hand{hand}", names[*seat]),
                Stage::Other,
            )
        }
        _ => (format!("in hand{hand}"), Stage::Other),
    }
}

/// What the game was doing, for the full-hand question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    Dealing,
    Other,
}

/// The finding: how the program stopped, where, what its report says, and
/// the question the state and the report point at.
pub(crate) fn finding(
    how: &str,
    report: &Report,
    printed: usize,
    state: Option<(String, Stage)>,
    pack: Option<&str>,
) -> Finding {
    let after = match printed {
        0 => "before printing anything (or before its output was flushed: what a killed program has not flushed is lost)".to_string(),
        1 => "after printing 1 line".to_string(),
        n => format!("after printing {n} lines"),
    };
    // A pack that did not read whole stops the program before any hand,
    // whatever the engine's next line is.
    let state = state.filter(|_| report.topic != Topic::PackSize);
    let (when, stage) = state.map_or((String::new(), Stage::Other), |(w, s)| {
        (format!(", {w}"), s)
    });
    let said = match (&report.what, &report.at) {
        (Some(w), Some(at)) => format!(": {w} ({at})"),
        (Some(w), None) => format!(": {w}"),
        _ => String::new(),
    };
    // A segmentation fault leaves no report of its own.
    let report = match report.what {
        None if how.contains("SIGSEGV") || how.contains("SIGBUS") => &Report {
            topic: Topic::Memory,
            ..Report::default()
        },
        _ => report,
    };
    let question = question(report, stage, pack);
    Finding::new(
        Kind::Crash,
        format!("your program {how} {after}{when}{said}{question}"),
    )
}

fn question(report: &Report, stage: Stage, pack: Option<&str>) -> String {
    match (report.topic, stage) {
        (Topic::HandFull, Stage::Dealing) => ": a card was added to a hand that already held five while the cards were dealt: is the dealer, or whom each card goes to, taken from a variable that is never set (read before it is written), or are the hands not emptied after each hand?".into(),
        (Topic::HandFull, _) => ": a card was added to a hand that already held five: is the dealer's discard taken out before the upcard is added, and are the hands emptied after each hand?".into(),
        (Topic::PackSize, _) => format!(
            ": the pack did not hold its 24 cards as read: is the pack opened from the file argv[1] names{}, and read to its end?",
            pack.map_or(String::new(), |p| format!(" (here {p:?})"))
        ),
        (Topic::HandEmpty, _) => ": a card was asked of a player with none left: is each hand dealt anew, and does a trick take one card from each player?".into(),
        (Topic::NotWritten, _) => {
            let f = report.at.as_deref().and_then(|a| a.split(", ").next()).unwrap_or("that function");
            format!(": {f} still holds the starter code's assert(false): is it written yet?")
        }
        (Topic::Memory, _) => ": memory the program does not own was used (an index past a vector's end, a null or deleted pointer): build with -fsanitize=address,undefined -g to be told the line".into(),
        (Topic::Uncaught, _) | (Topic::Other, _) => String::new(),
    }
}

/// What a sanitizer build's run says on standard error, if it reports an
/// error: the error, where it is, and what kind of mistake that is.
pub fn sanitized(stderr: &str) -> Option<Finding> {
    let report = sanitizer(tail(stderr))?.escaped();
    let at = report
        .at
        .as_ref()
        .map_or(String::new(), |a| format!(" at {a}"));
    Some(Finding::new(
        Kind::Sanitizer,
        format!(
            "built with -fsanitize=address,undefined, your program reports {}{at}: the line named is where the program uses memory it does not own (an index past a vector's end, a null or deleted pointer) or does what C++ leaves undefined; its output there cannot be trusted",
            report
                .what
                .unwrap_or_default()
                .trim_start_matches("AddressSanitizer reports ")
        ),
    ))
}
