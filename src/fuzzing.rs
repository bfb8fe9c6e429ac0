//! What the fuzzers drive (fuzz/, `cargo fuzz`) and what `cargo test` runs
//! over the same corpus (tests/integration/fuzz_corpus.rs): each function takes any
//! bytes and must return without panicking, hanging or growing without
//! bound. Whatever the parsers accept is also played, replayed and saved.

use std::path::Path;

use crate::cards::Card;
use crate::courses::cs246::save::SaveFile;
use crate::courses::eecs280::pack::parse_pack;
use crate::courses::{cs246::program as cs246, eecs280::program as eecs280};
use crate::input::Tokens;
use crate::parse::file::utf8;
use crate::scenario::courses::cs246::from_save;
use crate::scenario::record;
use crate::scenario::{Scenario, play};

/// The official pack (EECS 280 `pack.in`), for the Human-input targets.
const PACK: &str = include_str!("../golden/eecs280/v2020-2026_adi/pack.in");

/// An EECS 280 pack file.
pub fn pack(data: &[u8]) {
    let Ok(text) = utf8("fuzz.in", data.to_vec()) else {
        return;
    };
    if let Ok(p) = parse_pack("fuzz.in", &text) {
        // Every card of an accepted pack is distinct.
        let mut sorted = p.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
    }
}

/// A CS 246 save file: if it is accepted, the game it describes is played to
/// its end by four computers, and saving at a few of its moves gives files
/// that are accepted again.
pub fn save(data: &[u8]) {
    let Ok(text) = utf8("fuzz.txt", data.to_vec()) else {
        return;
    };
    let Ok(save) = SaveFile::parse("fuzz.txt", &text) else {
        return;
    };
    // What upcard writes, it reads back.
    let written = save.write();
    let again = SaveFile::parse("written", &written)
        .unwrap_or_else(|e| panic!("upcard cannot read its own save file: {e}\n{written}"));
    assert_eq!(again, save);
    let t = record(&from_save(Path::new("fuzz.txt"), save, text));
    for i in [0, t.moves.len() / 2, t.moves.len().saturating_sub(1)] {
        if i < t.moves.len()
            && let Ok(w) = t.save_at(i)
        {
            SaveFile::parse("saved", &w)
                .unwrap_or_else(|e| panic!("a save at move {i} is refused: {e}\n{w}"));
        }
    }
}

/// A Euchre Game Notation record: what upcard reads it writes back the
/// same, and a record it reads is replayed and shown in every format.
pub fn egn(data: &[u8]) {
    use crate::notation::Record;
    let Ok(text) = utf8("fuzz.egn", data.to_vec()) else {
        return;
    };
    let Ok(record) = Record::parse("fuzz.egn", &text) else {
        return;
    };
    let written = record.to_json();
    let again = Record::parse("written", &written)
        .unwrap_or_else(|e| panic!("upcard cannot read its own record: {e}\n{written}"));
    assert_eq!(again, record);
    let Ok(t) = crate::record::timeline(Path::new("fuzz.egn"), &text) else {
        return;
    };
    for i in [0, t.moves.len() / 2, t.moves.len().saturating_sub(1)] {
        if i < t.moves.len() {
            crate::record::render(&t, i);
            crate::record::json_line(&t, i);
        }
    }
    crate::replay::html::page(&t, "fuzz");
    // What upcard writes of it reads back as the same game, or is refused.
    if let Ok(r) = crate::record::write::from_timeline(&t) {
        Record::parse("written", &r.to_json())
            .unwrap_or_else(|e| panic!("upcard cannot read the record it wrote: {e}"));
    }
}

/// A scenario file: if it is accepted, it is played.
pub fn scenario(data: &[u8]) {
    let Ok(text) = utf8("fuzz.yaml", data.to_vec()) else {
        return;
    };
    // Relative files it names are looked for in a folder that has none.
    if let Ok(s) = Scenario::from_text(Path::new("/nonexistent/fuzz.yaml"), &text) {
        let _ = play(&s);
    }
}

/// Standard input for four EECS 280 Human players.
pub fn human_eecs280(data: &[u8]) {
    let raw: Vec<String> = "pack.in shuffle 3 A Human B Human C Human D Human"
        .split(' ')
        .map(String::from)
        .collect();
    let args = eecs280::Args::parse(&raw).expect("valid arguments");
    let pack: [Card; 24] = parse_pack("pack.in", PACK)
        .expect("the official pack")
        .to_vec()
        .try_into()
        .expect("24 cards");
    let input = Tokens::new(Box::new(std::io::Cursor::new(data.to_vec()))).shared();
    let _ = eecs280::play(&args, pack, "./euchre.exe", &input, std::io::sink());
}

/// Standard input for the CS 246 human player (the first byte picks a seed
/// and `-d`).
pub fn human_cs246(data: &[u8]) {
    let (seed, rest) = data.split_first().unwrap_or((&0, &[]));
    let mut raw = vec!["-s".to_string(), (seed % 16).to_string()];
    if seed & 0x80 != 0 {
        raw.push("-d".into());
    }
    let stdin = Box::new(std::io::Cursor::new(rest.to_vec()));
    let _ = cs246::run(&raw, stdin, &mut std::io::sink());
}

/// A student program's output on the EECS 280 `euchred` scenario, as
/// `grade --diagnose` reads it: every output that is not the golden gets at
/// least one finding, each with words.
pub fn diagnosis(data: &[u8]) {
    use std::sync::OnceLock;
    static SCENARIO: OnceLock<(Scenario, String, crate::mutants::Diagnoser)> = OnceLock::new();
    let (s, expected, diagnoser) = SCENARIO.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let s = Scenario::load(&dir.join("scenarios/eecs280/euchred.yaml"))
            .expect("the bundled scenario loads");
        let expected = play(&s).text();
        (s, expected, crate::mutants::Diagnoser::new())
    });
    let actual = String::from_utf8_lossy(data);
    let found = diagnoser.diagnose(s, expected, &actual);
    assert_eq!(found.is_empty(), *actual == **expected, "{found:?}");
    assert!(found.iter().all(|f| !f.message.is_empty()), "{found:?}");
}

/// A fuzz target: any bytes in, no panic out.
pub type Target = fn(&[u8]);

/// The targets by name, for the corpus test and the README.
/// A JSON report of `upcard grade` (what `upcard report merge` reads): if it
/// is accepted, writing it again and reading that gives the same report.
pub fn report(data: &[u8]) {
    use crate::grade::part::Part;
    use crate::grade::report::{Head, json_report};
    let Ok(text) = utf8("fuzz.json", data.to_vec()) else {
        return;
    };
    let Ok(p) = Part::parse("fuzz.json", &text) else {
        return;
    };
    let write = |p: &Part| {
        json_report(
            &Head {
                program: &p.program,
                error: p.error.as_deref(),
                sources: p.sources.as_deref(),
                shard: p.shard.as_ref(),
                limits: &p.limits,
                timings: p.timings,
            },
            &p.outcomes,
        )
    };
    let once = write(&p);
    let again = Part::parse("written", &once)
        .unwrap_or_else(|e| panic!("upcard cannot read its own report: {e}\n{once}"));
    assert_eq!(write(&again), once);
}

/// An `upcard play` save file: if it is accepted, it resumes, and writing
/// it again reads back the same game. The same bytes as a house-rules file
/// must be accepted or refused without a panic.
pub fn play_save(data: &[u8]) {
    use crate::courses::standard::{config, house};
    use crate::play::save::Saved;
    let Ok(text) = utf8("fuzz.toml", data.to_vec()) else {
        return;
    };
    let _ = house::apply_toml(&mut config(), "fuzz.toml", &text);
    let Ok(saved) = Saved::parse("fuzz.toml", &text) else {
        return;
    };
    let state = saved.state().expect("an accepted save resumes");
    let again = Saved::parse("written", &saved.write())
        .unwrap_or_else(|e| panic!("upcard cannot read its own save file: {e}"));
    assert_eq!(again.state().expect("resumes"), state);
}

/// The seat protocol from both ends: the bytes as a server's `decide`
/// message (what `upcard join` reads) and as a seat's answer to a real
/// decision (what the server reads). A `decide` that is accepted is
/// decided by every bot, each choosing one of the lawful actions.
pub fn seat_protocol(data: &[u8]) {
    use crate::bots::Bot;
    use crate::engine::NullSink;
    use crate::seat::client::decide;
    use crate::seat::program_seat::parse_answer;
    use crate::seat::protocol::{ToSeat, read};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let opening = [
        crate::engine::Action::Pass,
        crate::engine::Action::Order {
            suit: crate::cards::Suit::Hearts,
            alone: false,
        },
    ];
    if let Ok((a, _)) = parse_answer(text.trim_end(), &opening) {
        assert!(opening.contains(&a));
    }
    let Ok(ToSeat::Decide(msg)) = read::<ToSeat>(text) else {
        return;
    };
    let Ok((seen, legal)) = decide(&msg) else {
        return;
    };
    for bot in Bot::ALL {
        // Few samples: the expert's search is what is checked, not its strength.
        let mut agent = bot.agent_with(
            1,
            crate::bots::Strength {
                samples: 2,
                think: None,
            },
        );
        let d = agent
            .choose(
                &crate::engine::Seen::made(seen.view()),
                &legal,
                &mut NullSink,
            )
            .unwrap_or_else(|e| panic!("bot {} gave up: {e}", bot.name()));
        assert!(
            legal.contains(&d.action),
            "bot {} chose {}",
            bot.name(),
            d.action
        );
    }
}

/// What a network client sends first to `upcard serve`/`play --web`: a
/// seat-protocol `join` line, or an HTTP request head (the page, or the
/// WebSocket upgrade), read as the door reads it.
pub fn web_request(data: &[u8]) {
    use crate::net::Join;
    use crate::net::http::{Request, Route, route};
    if data.first() == Some(&b'{') {
        let line = data.split(|b| *b == b'\n').next().unwrap_or_default();
        if let Ok(text) = std::str::from_utf8(line)
            && let Some(j) = Join::read(text)
        {
            // A name is trimmed; whether it is shown is the hub's check.
            assert_eq!(j.name, j.name.trim());
        }
        return;
    }
    let head = match data.windows(4).position(|w| w == b"\r\n\r\n") {
        Some(i) => &data[..i + 4],
        None => data,
    };
    if let Ok(r) = Request::read(head)
        && route(&r.path, &|_| true) == Route::Page
    {
        // A page's address holds a short alphanumeric token only.
        let token = r
            .path
            .split(['?', '#'])
            .next()
            .unwrap_or("")
            .rsplit('/')
            .next()
            .unwrap_or("");
        assert!(token.len() <= 64 && token.bytes().all(|b| b.is_ascii_alphanumeric()));
    }
}

/// What a browser sends on its socket once it has joined, as the table
/// reads it: a host's setup of the table (checked as a command line is:
/// what is accepted is a table that can be played, its people's names
/// showable), or anything else.
pub fn browser_message(data: &[u8]) {
    use crate::courses::standard::house;
    use crate::net::hub::name_problem;
    use crate::play::host::{Choice, read};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(chosen) = read(text) {
        assert_eq!(house::check(&chosen.config), Ok(()));
        let mut here = 0;
        for s in &chosen.seats {
            if let Choice::Here(n) = s {
                assert_eq!(name_problem(n), None, "{n:?}");
                here += 1;
            }
        }
        assert!(here > 0);
    }
}

/// A student's C++ source, checked against the spec's restrictions,
/// OCLint's rules and PMD's copy-paste detector (any bytes, as Card.cpp, and
/// as two files): every finding lies inside its file.
pub fn style(data: &[u8]) {
    let lines = data.split(|&b| b == b'\n').count();
    let limits = crate::style::oclint::EECS280;
    for f in crate::style::style("Card.cpp", data, limits, true) {
        assert!(f.line >= 1 && f.line <= lines, "{f} is outside the file");
        assert!(f.column >= 1, "{f}");
    }
    // The copy-paste detector over the bytes as two files, and a short minimum.
    let (a, b) = data.split_at(data.len() / 2);
    let count = |s: &[u8]| s.split(|&c| c == b'\n').count();
    for f in crate::style::cpd::duplicates(&[("Card.cpp", a), ("Pack.cpp", b)], 3) {
        let most = if f.file == "Card.cpp" {
            count(a)
        } else {
            count(b)
        };
        assert!(f.line >= 1 && f.line <= most, "{f} is outside its file");
    }
}

pub const TARGETS: [(&str, Target); 13] = [
    ("style", style),
    ("browser_message", browser_message),
    ("egn", egn),
    ("web_request", web_request),
    ("diagnosis", diagnosis),
    ("seat_protocol", seat_protocol),
    ("report", report),
    ("play_save", play_save),
    ("pack", pack),
    ("save", save),
    ("scenario", scenario),
    ("human_eecs280", human_eecs280),
    ("human_cs246", human_cs246),
];
