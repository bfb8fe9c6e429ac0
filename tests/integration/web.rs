//! `upcard play --web` and `upcard serve --web` in real headless Chromium
//! (Debian's, driven over the DevTools protocol by `headless_chrome`):
//! whole games by clicks and taps alone, a reload mid-trick, and each
//! game's final score checked against the engine playing the same seed
//! with the same decisions.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use headless_chrome::protocol::cdp::Input;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::{Value, json};

use upcard::agents::{Agent, Game, Scripted};
use upcard::bots::Bot;
use upcard::bots::{SeatKind, Table};
use upcard::courses::standard::{Cards, config};
use upcard::engine::{Action, Event, EventSink, NullSink, Outcome, VecSink};

fn upcard() -> Command {
    Command::new(env!("CARGO_BIN_EXE_upcard"))
}

/// A process with its standard output and error read line by line.
struct Proc {
    child: Child,
    lines: Receiver<String>,
}

impl Proc {
    fn start(args: &[&str]) -> Proc {
        let mut child = upcard()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, rx) = channel();
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        for r in [Box::new(out) as Box<dyn Read + Send>, Box::new(err)] {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for l in BufReader::new(r).lines().map_while(Result::ok) {
                    if tx.send(l).is_err() {
                        return;
                    }
                }
            });
        }
        Proc { child, lines: rx }
    }

    /// Lines until one contains `what`; that one.
    fn said(&self, what: &str) -> String {
        loop {
            let l = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("never said {what:?}"));
            if l.contains(what) {
                return l;
            }
        }
    }

    fn rest(mut self) -> (Option<i32>, Vec<String>) {
        let code = self.child.wait().unwrap().code();
        let mut v = Vec::new();
        while let Ok(l) = self.lines.recv_timeout(Duration::from_millis(500)) {
            v.push(l);
        }
        (code, v)
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

fn url_in(line: &str) -> String {
    let at = line.find("http://").unwrap();
    line[at..].split_whitespace().next().unwrap().to_string()
}

/// One browser at a time: five Chromiums at once on two cores only
/// make each test slower.
static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

pub(crate) fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn browser(width: u32, height: u32) -> Browser {
    crate::common::system_packages();
    // headless_chrome looks for a debugging port between 8000 and 9000;
    // a free one is given instead.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let dir = std::env::temp_dir().join(format!("upcard-chromium-{}-{width}", std::process::id()));
    let args: Vec<&OsStr> = [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    Browser::new(
        LaunchOptions::default_builder()
            .path(Some(PathBuf::from("/usr/bin/chromium")))
            .sandbox(false)
            .headless(true)
            .window_size(Some((width, height)))
            .port(Some(port))
            .user_data_dir(Some(dir))
            .idle_browser_timeout(Duration::from_secs(300))
            .args(args)
            .build()
            .unwrap(),
    )
    .expect("chromium at /usr/bin/chromium (tests/system-packages.sh installs it)")
}

fn eval(tab: &Tab, js: &str) -> Value {
    tab.evaluate(js, false)
        .unwrap()
        .value
        .unwrap_or(Value::Null)
}

/// What the page shows, as the test reads it: the game's end, the pass
/// screen, the name form, and the choice it would make now (the button a
/// person would press: the `pick`th enabled one, counted around).
const STATE: &str = r#"(()=>{const d=document;
 const done=d.getElementById('done').hidden?null:d.getElementById('donetext').dataset.scores;
 const pass=!d.getElementById('pass').hidden;const named=d.getElementById('namebox').hidden;
 let options=[];let seat=null;let trick=0;
 if(pending&&shown===pending.observation.seat&&!pass){seat=pending.observation.seat;trick=pending.observation.trick.length;
  options=[...d.querySelectorAll('#hand button.legal,#choices button')].filter(b=>b.getAttribute('aria-disabled')!='true').map(b=>b.dataset.action);}
 const tk=d.getElementById('taken');const he=d.getElementById('handend');
 const taken=tk?{text:tk.textContent,won:[...d.querySelectorAll('#centre .won')].map(e=>+e.dataset.seat),
  cards:[...d.querySelectorAll('#centre .played')].map(e=>[+e.dataset.seat,e.querySelector('.card').dataset.card])}:null;
 const handend=he.hidden?null:d.getElementById('handtext').textContent;
 return JSON.stringify({done,pass,named,seat,trick,options,legal:pending?pending.legal:[],taken,handend});})()"#;

fn state(tab: &Tab) -> Value {
    serde_json::from_str(eval(tab, STATE).as_str().unwrap()).unwrap()
}

/// How a decision is made on the page: a click, or a tap on a phone.
#[derive(Clone, Copy, PartialEq)]
enum Press {
    Click,
    Tap,
    /// The digit of the choice (the page numbers its enabled buttons).
    Key,
}

fn press(tab: &Tab, selector: &str, how: Press) {
    // A tab in the background gets no animation frames: the one pressed
    // comes to the front, as a person's window would.
    tab.bring_to_front().unwrap();
    let el = tab.wait_for_element(selector).unwrap_or_else(|e| {
        panic!(
            "{selector}: {e}; the page: {}",
            eval(tab, "document.body.innerText")
        )
    });
    match how {
        Press::Click | Press::Key => {
            el.click().unwrap_or_else(|e| {
                panic!(
                    "{selector}: {e}; the page: {}",
                    eval(tab, "document.body.innerHTML")
                )
            });
        }
        Press::Tap => {
            el.scroll_into_view().unwrap();
            let p = el.get_midpoint().unwrap();
            for kind in ["touchStart", "touchEnd"] {
                let points = if kind == "touchEnd" {
                    json!([])
                } else {
                    json!([{"x": p.x, "y": p.y}])
                };
                let ev: Input::DispatchTouchEvent =
                    serde_json::from_value(json!({"type": kind, "touchPoints": points})).unwrap();
                tab.call_method(ev).unwrap();
            }
        }
    }
}

/// Plays every decision the page offers until the game ends: returns the
/// final score it shows and the decisions made, by seat. `each` runs
/// before each decision (a check, a reload).
fn play_page(
    tabs: &[Arc<Tab>],
    how: Press,
    decisions: &mut BTreeMap<usize, Vec<Action>>,
    ends: &mut Vec<Value>,
    mut each: impl FnMut(&Tab, &Value, usize) -> bool,
) -> [u32; 2] {
    let start = Instant::now();
    let mut n = 0usize;
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "the game did not end"
        );
        let mut moved = false;
        for tab in tabs {
            let s = state(tab);
            if let Some(done) = s["done"].as_str() {
                let v: Vec<u32> = done.split(',').map(|x| x.parse().unwrap()).collect();
                return [v[0], v[1]];
            }
            if s["pass"].as_bool().unwrap() {
                press(tab, "#passok", how);
                moved = true;
                continue;
            }
            // A hand's summary or a taken trick on the table: kept, then
            // ended by a tap as a person would.
            let mut ended = false;
            for (what, end) in [("handend", "#handok"), ("taken", "#centre")] {
                if !s[what].is_null() && !ended {
                    if ends.last() != Some(&s[what]) {
                        ends.push(s[what].clone());
                    }
                    press(tab, end, how);
                    ended = true;
                }
            }
            if ended {
                moved = true;
                continue;
            }
            let options: Vec<String> = s["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            if options.is_empty() {
                continue;
            }
            // Every action the page offers is one the engine takes, and
            // the other way round.
            let legal: Vec<String> = s["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            let mut a = options.clone();
            let mut b = legal.clone();
            a.sort();
            b.sort();
            assert_eq!(a, b, "the page offers exactly the lawful actions");
            if !each(tab, &s, n) {
                moved = true;
                continue;
            }
            // Varied choices, the same for the same game.
            let at = (n * 7 + 3) % options.len();
            let pick = &options[at];
            let seat = s["seat"].as_u64().unwrap() as usize;
            if how == Press::Key {
                tab.bring_to_front().unwrap();
                tab.press_key(&(at + 1).to_string()).unwrap();
            } else {
                press(tab, &format!("[data-action=\"{pick}\"]"), how);
            }
            decisions
                .entry(seat)
                .or_default()
                .push(pick.parse().unwrap());
            n += 1;
            moved = true;
            // The page dropped the decision as the press was handled: the
            // next state read cannot offer it again.
        }
        if !moved {
            std::thread::sleep(Duration::from_millis(15));
        }
    }
}

/// The engine's game with the same seed, seats and decisions.
fn engine_game(
    seed: u32,
    house: &[&str],
    names: &[&str; 4],
    seats: [SeatKind; 4],
    decisions: &BTreeMap<usize, Vec<Action>>,
    other: BTreeMap<usize, Box<dyn Agent>>,
) -> [u32; 2] {
    engine_events(seed, house, names, seats, decisions, other, &mut NullSink)
}

/// [`engine_game`], its events to `sink`.
fn engine_events(
    seed: u32,
    house: &[&str],
    names: &[&str; 4],
    seats: [SeatKind; 4],
    decisions: &BTreeMap<usize, Vec<Action>>,
    mut other: BTreeMap<usize, Box<dyn Agent>>,
    sink: &mut dyn EventSink,
) -> [u32; 2] {
    let names = names.map(String::from);
    let mut c = config();
    for h in house {
        upcard::courses::standard::house::apply(&mut c, h).unwrap();
    }
    let table = Table::new(c, Cards::Seed(seed), names.clone(), seats);
    let agents: Vec<Box<dyn Agent>> = (0..4)
        .map(|i| -> Box<dyn Agent> {
            if let Some(a) = other.remove(&i) {
                return a;
            }
            match table.agent(i) {
                Some(a) => a,
                None => Box::new(Scripted::new(
                    names[i].clone(),
                    decisions.get(&i).cloned().unwrap_or_default(),
                )),
            }
        })
        .collect();
    let mut game = Game::new(table.state(), names, agents);
    match game.run(sink).unwrap() {
        Outcome::Won { scores, .. } => scores,
        o => panic!("{o:?}"),
    }
}

/// `upcard play --web` on a free port with `seed` and `seats`
/// (`N=human:NAME`, `N=bot:KIND`), and the link it prints.
fn play_web(seed: &str, seats: &[&str]) -> (Proc, String) {
    play_web_with(seed, seats, &[])
}

/// [`play_web`] with more arguments (house rules).
fn play_web_with(seed: &str, seats: &[&str], more: &[&str]) -> (Proc, String) {
    let mut args = vec!["play", "--web", "--listen", "127.0.0.1:0", "--seed", seed];
    for s in seats {
        args.extend(["--seat", s]);
    }
    args.extend(more);
    let p = Proc::start(&args);
    let url = url_in(&p.said("Open http://"));
    (p, url)
}

fn open(browser: &Browser, url: &str) -> Arc<Tab> {
    let tab = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(20));
    tab.navigate_to(url)
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    tab
}

#[test]
fn pass_and_play_two_people_and_two_bots_by_clicks_alone() {
    let _one = one_at_a_time();
    let (p, url) = play_web(
        "11",
        &["0=human:Ann", "2=human:Cy", "1=bot:simple", "3=bot:expert"],
    );
    let b = browser(1000, 900);
    let tab = open(&b, &format!("{url}?pace=0"));
    let mut decisions = BTreeMap::new();
    let mut shot = false;
    let scores = play_page(
        std::slice::from_ref(&tab),
        Press::Click,
        &mut decisions,
        &mut Vec::new(),
        |tab, s, n| {
            // A screenshot for the README, at a decision to play a card.
            if !shot && s["options"][0].as_str().unwrap().starts_with("play") && n > 8 {
                let png = tab
                    .capture_screenshot(
                        headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption::Png,
                        None,
                        None,
                        true,
                    )
                    .unwrap();
                let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play-web.png");
                std::fs::write(out, png).unwrap();
                shot = true;
            }
            true
        },
    );
    assert!(shot);
    // The table stays for another game while a browser is at it.
    drop(tab);
    drop(b);
    let (code, lines) = p.rest();
    assert_eq!(code, Some(0), "{lines:#?}");
    let want = engine_game(
        11,
        &[],
        &["Ann", "East", "Cy", "West"],
        [
            SeatKind::Person,
            SeatKind::Bot(Bot::Simple),
            SeatKind::Person,
            SeatKind::Bot(Bot::Expert),
        ],
        &decisions,
        BTreeMap::new(),
    );
    assert_eq!(scores, want);
    let win = lines.iter().find(|l| l.contains("win the game")).unwrap();
    let w = if scores[0] > scores[1] { 0 } else { 1 };
    assert!(
        win.contains(&format!("{} to {}", scores[w], scores[1 - w])),
        "{win}"
    );
    assert!(decisions[&0].len() > 5 && decisions[&2].len() > 5);
}

/// The text of what `js` evaluates to.
fn text(tab: &Tab, js: &str) -> String {
    eval(tab, js).as_str().unwrap_or_default().to_string()
}

/// The rules line of a game to 5 with farmers-hand on, and the rules'
/// page from its button.
fn rules_are_on_the_table(tab: &Tab) {
    tab.wait_for_element("#rulesline").unwrap();
    let t = Instant::now();
    while text(tab, "document.getElementById('rulesline').textContent").is_empty() {
        assert!(t.elapsed() < Duration::from_secs(10), "no rules line");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        text(tab, "document.getElementById('rulesline').textContent"),
        "Game to 5 \u{b7} farmers-hand on"
    );
    press(tab, "#rulesbtn", Press::Tap);
    let help = text(tab, "document.getElementById('helptext').innerText");
    assert!(
        help.contains("farmers-hand: on (not the standard off) \u{2014} a player dealt only nines and tens may throw the hand in on their first turn to bid"),
        "{help}"
    );
    assert!(
        help.contains("stick-the-dealer: off \u{2014} in round two"),
        "{help}"
    );
    assert!(
        help.contains("the Jack of trump (the right bower)"),
        "{help}"
    );
}

/// At a person's turn: the title says so, the score is from their side,
/// and a hand being bid on is cards to read. Whether it was a bid.
fn a_turn_reads_right(tab: &Tab, s: &Value) -> bool {
    assert_eq!(
        text(tab, "document.title"),
        "Your turn \u{b7} upcard: Euchre"
    );
    let sc = text(tab, "document.getElementById('score').dataset.scores");
    let (us, them) = sc.split_once(',').unwrap();
    assert_eq!(
        text(tab, "document.getElementById('score').textContent"),
        format!("Us {us} \u{2013} Them {them}")
    );
    let first = s["options"][0].as_str().unwrap();
    if first.starts_with("discard") {
        // The dealer discards: the table says so, not who is to lead.
        assert_eq!(
            text(tab, "document.getElementById('centre').textContent"),
            "Ann picks up the upcard and discards"
        );
    }
    if !first.starts_with("play") && !first.starts_with("discard") {
        // Bidding: the hand is cards to read, not buttons greyed out.
        let js = "JSON.stringify([document.querySelectorAll('#hand button').length,document.querySelectorAll('#hand span.card').length])";
        let v: Value = serde_json::from_str(&text(tab, js)).unwrap();
        assert_eq!(v[0], json!(0), "{v}");
        assert!(v[1].as_u64().unwrap() >= 5, "{v}");
        return true;
    }
    false
}

/// What the page should say at each trick's and hand's end, from the
/// engine's events: a taken trick as the test reads it off the table (the
/// words, the winning seat, the cards), a hand as its summary's text, for
/// a person at seat 0 (so "us" is seats 0 and 2).
fn endings_said(events: &[Event], names: &[&str; 4]) -> Vec<Value> {
    let team = |t: usize| format!("{} & {}", names[t], names[t + 2]);
    let side = |t: usize| format!("{}{}", team(t), if t == 0 { " (us)" } else { " (them)" });
    let plural = |n: u32, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    let (mut out, mut trick, mut made, mut defender, mut tricks) =
        (Vec::new(), Vec::new(), None, None, [0u8; 4]);
    for e in events {
        match e {
            Event::HandStart { .. } => (made, defender, tricks) = (None, None, [0; 4]),
            Event::TrumpSet {
                trump,
                maker,
                alone,
            } => made = Some((*trump, *maker, *alone)),
            Event::DefendedAlone { seat } => defender = Some(*seat),
            Event::Led { seat, card } => trick = vec![json!([seat, card.short().to_string()])],
            Event::Played { seat, card } => trick.push(json!([seat, card.short().to_string()])),
            Event::TrickTaken {
                seat, tricks: t, ..
            } => {
                tricks = *t;
                out.push(json!({"text": format!("{} takes the trick", names[*seat]),
                    "won": [seat], "cards": std::mem::take(&mut trick)}));
            }
            Event::Nullified { .. } => {
                out.push(json!(
                    "Everyone passed: no trump was made, and nobody scores."
                ));
            }
            Event::ThrownIn { .. } => {
                out.push(json!("A farmer's hand was thrown in: nobody scores."));
            }
            Event::HandOver {
                winner,
                points,
                march,
                euchred,
                ..
            } => {
                let (trump, maker, alone) = made.unwrap();
                let m = maker % 2;
                let by_team = [tricks[0] + tricks[2], tricks[1] + tricks[3]];
                let sym = ["\u{2660}", "\u{2665}", "\u{2663}", "\u{2666}"][[
                    "Spades", "Hearts", "Clubs", "Diamonds",
                ]
                .iter()
                .position(|n| *n == trump.name())
                .unwrap()];
                let mut t = format!(
                    "{}{}{} {sym}. ",
                    names[maker],
                    if alone { " went alone in " } else { " made " },
                    trump.name()
                );
                if let Some(d) = defender {
                    t += &format!("{} defended alone. ", names[d]);
                }
                t += &format!(
                    "{} took {}, {} {}. ",
                    side(m),
                    plural(u32::from(by_team[m]), "trick"),
                    side(1 - m),
                    by_team[1 - m]
                );
                t += if *euchred {
                    "Euchred! "
                } else if *march {
                    "A march! "
                } else {
                    ""
                };
                t += &format!("{} score {}.", team(*winner), plural(*points, "point"));
                out.push(json!(t));
            }
            _ => {}
        }
    }
    out
}

/// One person and three bots at the default pace: every taken trick stays
/// on the table with its winning card marked and its winner named, every
/// hand's end is summed up before the next, both as the engine played
/// them; the score reads from the person's side, the rules in force are on
/// the table and explained, a hand being bid on reads as cards to read, and
/// the tab's title says when it is the person's turn. The game ends on
/// the score sheet of every hand.
#[test]
fn tricks_and_hands_end_on_the_table_and_the_rules_are_shown() {
    let _one = one_at_a_time();
    let house = ["points-to-win=5", "farmers-hand=on"];
    let (p, url) = play_web_with(
        "4",
        &[
            "0=human:Ann",
            "1=bot:simple",
            "2=bot:expert",
            "3=bot:computer",
        ],
        &["--house", house[0], "--house", house[1]],
    );
    // A phone of 390x844, played by taps.
    let b = browser(390, 844);
    let tab = phone(&b, &format!("{url}?pace=20"), 390, 844);
    rules_are_on_the_table(&tab);
    press(&tab, "#helpdlg button", Press::Tap);
    let mut decisions = BTreeMap::new();
    let mut ends = Vec::new();
    let (mut bids, mut turns) = (0, 0);
    let scores = play_page(
        std::slice::from_ref(&tab),
        Press::Tap,
        &mut decisions,
        &mut ends,
        |tab, s, _| {
            bids += usize::from(a_turn_reads_right(tab, s));
            turns += 1;
            true
        },
    );
    assert!(bids >= 2 && turns > 10, "{bids} {turns}");
    let seats = [
        SeatKind::Person,
        SeatKind::Bot(Bot::Simple),
        SeatKind::Bot(Bot::Expert),
        SeatKind::Bot(Bot::Computer),
    ];
    let names = ["Ann", "East", "South", "West"];
    let mut events = VecSink::default();
    let want = engine_events(
        4,
        &house,
        &names,
        seats,
        &decisions,
        BTreeMap::new(),
        &mut events,
    );
    assert_eq!(scores, want);
    let said = endings_said(&events.0, &names);
    assert_eq!(ends, said);
    let hands = said.iter().filter(|v| v.is_string()).count();
    assert!(hands >= 3, "{said:#?}");
    // The score sheet: a row a hand under its heading.
    let rows = eval(&tab, "document.querySelectorAll('#history tr').length");
    assert_eq!(rows, json!(hands + 1));
    let w = usize::from(scores[1] > scores[0]);
    assert_eq!(
        text(&tab, "document.getElementById('donetext').textContent"),
        format!(
            "You {} the game, {} to {}.",
            if w == 0 { "win" } else { "lose" },
            scores[w],
            scores[1 - w]
        )
    );
    assert!(
        text(&tab, "document.getElementById('donenote').textContent").starts_with(&format!(
            "Games at this table: Us {} \u{2013} Them {}. Euchres: ",
            1 - w,
            w
        ))
    );
    and_into_a_second_game(&p, &tab, 5, &house);
    // (The second game waits for Ann however long: the host stops it.)
}

/// "Play again" on the score sheet deals the next game at the same table
/// (a seeded table's next seed): its first upcard is the engine's for that
/// seed, the score is back to nothing, and the person is asked to bid.
fn and_into_a_second_game(p: &Proc, tab: &Tab, seed: u32, house: &[&str]) {
    press(tab, "#againbtn", Press::Tap);
    p.said(&format!(
        "Another game: seed {seed} (--seed {seed} deals these cards again)."
    ));
    let mut c = config();
    for h in house {
        upcard::courses::standard::house::apply(&mut c, h).unwrap();
    }
    let names = ["Ann", "East", "South", "West"].map(String::from);
    let table = Table::new(
        c,
        Cards::Seed(seed),
        names,
        std::array::from_fn(|_| SeatKind::Person),
    );
    let mut dealt = table.state();
    let mut events = VecSink::default();
    while dealt.to_move().is_none() {
        dealt.advance(&mut events);
    }
    let upcard = events
        .0
        .iter()
        .find_map(|e| match e {
            Event::Upcard { card, .. } => Some(format!("The upcard is the {}.", card.long())),
            _ => None,
        })
        .unwrap();
    let t = Instant::now();
    loop {
        let log = text(tab, "document.getElementById('log').textContent");
        let next = log
            .split("\u{2014} Another game \u{2014}")
            .nth(1)
            .unwrap_or_default();
        if next.contains("The upcard is") {
            assert!(next.contains(&upcard), "{next}");
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "{log}");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        eval(tab, "document.getElementById('done').hidden"),
        json!(true)
    );
    let t = Instant::now();
    while state(tab)["options"].as_array().unwrap().is_empty() {
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "never asked in game two"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        text(tab, "document.getElementById('score').textContent"),
        "Us 0 \u{2013} Them 0"
    );
}

/// Between two people's turns the device shows the pass screen, and the
/// page then holds no card of anyone's hand.
#[test]
fn the_pass_screen_hides_every_hand() {
    let _one = one_at_a_time();
    let (_p, url) = play_web(
        "3",
        &["0=human:Ann", "1=human:Bo", "2=human:Cy", "3=human:Di"],
    );
    let b = browser(1000, 900);
    let tab = open(&b, &format!("{url}?pace=0"));
    let mut seen = 0;
    let mut calls_seen = false;
    let t = Instant::now();
    while seen < 6 && t.elapsed() < Duration::from_secs(60) {
        let s = state(&tab);
        if s["pass"].as_bool().unwrap() {
            let hand = eval(
                &tab,
                "document.getElementById('hand').querySelectorAll('[data-card]').length",
            );
            assert_eq!(
                hand,
                json!(0),
                "a hand is on the page behind the pass screen"
            );
            let text = eval(&tab, "document.getElementById('passtext').textContent");
            assert!(
                text.as_str().unwrap().starts_with("Pass the device to "),
                "{text}"
            );
            press(&tab, "#passok", Press::Click);
            seen += 1;
            continue;
        }
        if let Some(a) = s["options"].as_array().and_then(|o| o.first()) {
            let a = a.as_str().unwrap().to_string();
            let cards = eval(
                &tab,
                "document.getElementById('hand').querySelectorAll('[data-card]').length",
            );
            assert!(
                cards.as_u64().unwrap() >= 5,
                "the person whose turn it is sees a hand"
            );
            // Each seat shows its calls this hand: as many "passed" as the
            // decision's observation has passes in the bidding rounds.
            let shown = eval(
                &tab,
                "[...document.querySelectorAll('.calls')].map(e=>e.textContent.split('passed').length-1).reduce((a,b)=>a+b,0)",
            );
            let passes = eval(
                &tab,
                "pending.observation.bids.filter(b=>b.call=='pass'&&b.round>0).length",
            );
            assert_eq!(shown, passes);
            calls_seen |= passes.as_u64().unwrap() > 0;
            press(&tab, &format!("[data-action=\"{a}\"]"), Press::Click);
            std::thread::sleep(Duration::from_millis(50));
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    assert_eq!(seen, 6);
    assert!(calls_seen, "no decision came after a pass");
}

/// On a 360x640 phone, every lawful card is on the screen, on top, and
/// takes a tap; a whole game is played by taps.
/// `url` on a phone: `width`x`height` CSS pixels, touch, the mobile
/// viewport.
fn phone(b: &Browser, url: &str, width: u32, height: u32) -> Arc<Tab> {
    let tab = open(b, "about:blank");
    let metrics: headless_chrome::protocol::cdp::Emulation::SetDeviceMetricsOverride =
        serde_json::from_value(
            json!({"width": width, "height": height, "deviceScaleFactor": 2, "mobile": true}),
        )
        .unwrap();
    tab.call_method(metrics).unwrap();
    tab.navigate_to(url)
        .unwrap()
        .wait_until_navigated()
        .unwrap();
    let touch: headless_chrome::protocol::cdp::Emulation::SetTouchEmulationEnabled =
        serde_json::from_value(json!({"enabled": true, "maxTouchPoints": 5})).unwrap();
    tab.call_method(touch).unwrap();
    assert_eq!(eval(&tab, "window.innerWidth"), json!(width));
    tab
}

#[test]
fn on_a_phone_every_legal_card_can_be_tapped() {
    let _one = one_at_a_time();
    let (p, url) = play_web(
        "5",
        &[
            "2=human:Cy",
            "0=bot:simple",
            "1=bot:computer",
            "3=bot:expert",
        ],
    );
    let b = browser(360, 640);
    let tab = phone(&b, &format!("{url}?pace=0"), 360, 640);
    let mut decisions = BTreeMap::new();
    let mut checked = 0;
    let scores = play_page(
        std::slice::from_ref(&tab),
        Press::Tap,
        &mut decisions,
        &mut Vec::new(),
        |tab, s, _| {
            for a in s["options"].as_array().unwrap() {
                let a = a.as_str().unwrap();
                // Scrolled into view, the button is the element at its own
                // middle: nothing covers it, and it fits the screen's width.
                let js = format!(
                "(()=>{{const b=document.querySelector('[data-action=\"{a}\"]');b.scrollIntoView({{block:'center'}});
                 const r=b.getBoundingClientRect();const e=document.elementFromPoint(r.x+r.width/2,r.y+r.height/2);
                 return (e===b||b.contains(e))&&r.left>=0&&r.right<=window.innerWidth&&r.width>=32&&r.height>=32;}})()"
            );
                assert_eq!(eval(tab, &js), json!(true), "{a} cannot be tapped");
                checked += 1;
            }
            true
        },
    );
    assert!(checked > 20);
    let want = engine_game(
        5,
        &[],
        &["North", "East", "Cy", "West"],
        [
            SeatKind::Bot(Bot::Simple),
            SeatKind::Bot(Bot::Computer),
            SeatKind::Person,
            SeatKind::Bot(Bot::Expert),
        ],
        &decisions,
        BTreeMap::new(),
    );
    assert_eq!(scores, want);
    // The table stays for another game while a browser is at it.
    drop(tab);
    drop(b);
    let (code, _) = p.rest();
    assert_eq!(code, Some(0));
}

/// `upcard serve --web` on a free port with `seed`, `seats` (`N=remote`,
/// `N=bot:KIND`) and `more` arguments.
fn serve_web(seed: &str, seats: &[&str], more: &[&str]) -> Proc {
    let mut args = vec!["serve", "--web", "--listen", "127.0.0.1:0", "--seed", seed];
    for s in seats {
        args.extend(["--seat", s]);
    }
    args.extend(more);
    Proc::start(&args)
}

/// What `serve --web` says when it starts: its address, the link of each of
/// its `remote` seats, and the spectators' link.
fn invitations(p: &Proc, remote: usize) -> (String, BTreeMap<usize, String>, String) {
    let addr = p
        .said("listening on ")
        .rsplit(' ')
        .next()
        .unwrap()
        .to_string();
    let mut links = BTreeMap::new();
    for _ in 0..remote {
        let l = p.said("upcard: seat ");
        let seat: usize = l["upcard: seat ".len()..][..1].parse().unwrap();
        links.insert(seat, url_in(&l));
    }
    (addr, links, url_in(&p.said("spectators: ")))
}

/// Two browsers, an `upcard join` bot and a server bot at one table; one
/// browser reloads in the middle of a trick and plays on.
#[test]
fn an_online_game_with_two_browsers_a_joined_bot_and_a_reload() {
    let _one = one_at_a_time();
    let p = serve_web(
        "21",
        &["0=remote", "1=remote", "2=remote", "3=bot:computer"],
        &["--house", "points-to-win=5"],
    );
    let (addr, links, watch) = invitations(&p, 3);
    let b = browser(1000, 900);
    // Seat 1 is taken by `upcard join` with its token.
    let token1 = links[&1].rsplit('/').next().unwrap().to_string();
    let mut join = upcard()
        .args([
            "join", &addr, "--name", "Bot", "--bot", "simple", "--token", &token1,
        ])
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut tabs = Vec::new();
    for (seat, name) in [(0usize, "Ann"), (2, "Cy")] {
        let tab = open(&b, &format!("{}?pace=0", links[&seat]));
        tab.wait_for_element("#name").unwrap().click().unwrap();
        tab.type_str(name).unwrap();
        press(&tab, "#nameform button", Press::Click);
        tabs.push(tab);
    }
    let spectator = open(&b, &format!("{watch}?pace=0"));
    let mut decisions = BTreeMap::new();
    let mut reloaded = false;
    let scores = play_page(
        &tabs,
        Press::Click,
        &mut decisions,
        &mut Vec::new(),
        |tab, s, _| {
            // Seat 2, with a card on the table: reload, and decide afresh.
            if !reloaded && s["seat"] == json!(2) && s["trick"].as_u64().unwrap() >= 1 {
                tab.reload(false, None).unwrap();
                tab.wait_until_navigated().unwrap();
                reloaded = true;
                return false;
            }
            true
        },
    );
    assert!(reloaded);
    join.wait().unwrap();
    let (code, lines) = p.rest();
    assert_eq!(code, Some(0), "{lines:#?}");
    // The spectator saw the same end, and never a card of a hand.
    let sdone = eval(
        &spectator,
        "document.getElementById('donetext').dataset.scores",
    );
    assert_eq!(sdone, json!(format!("{},{}", scores[0], scores[1])));
    let mut other: BTreeMap<usize, Box<dyn Agent>> = BTreeMap::new();
    // Seat 1 was `upcard join --bot simple` (seed 0).
    other.insert(1, Bot::Simple.agent(0));
    let want = engine_game(
        21,
        &["points-to-win=5"],
        &["Ann", "Bot", "Cy", "West"],
        [
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Person,
            SeatKind::Bot(Bot::Computer),
        ],
        &decisions,
        other,
    );
    assert_eq!(scores, want);
}

/// A link with a wrong token is a 404 that says so; the right one is the
/// page, whose policy runs no script but its own; a join without its token
/// is refused, whatever the transport.
fn seats_are_by_invitation(addr: &str, token0: &str) {
    let get = |path: &str| http_get(addr, path);
    let wrong = get("/seat/0123456789abcdef0123456789abcdef");
    assert!(wrong.starts_with("HTTP/1.1 404 Not Found\r\n"), "{wrong}");
    assert!(
        wrong.ends_with(
            "\r\n\r\nThis link is not a seat at this table: check the link the host sent you.\n"
        ),
        "{wrong}"
    );
    let page = get(&format!("/seat/{token0}"));
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{}", &page[..200]);
    assert!(page.contains("script-src 'sha256-") && !page.contains("script-src 'unsafe-inline'"));
    // Under --web a seat is by invitation: a join without its token is
    // refused, whatever the transport.
    let s = TcpStream::connect(addr).unwrap();
    writeln!(&s, "{}", json!({"type": "join", "name": "Sneak"})).unwrap();
    let mut reply = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(&s), &mut reply).unwrap();
    assert!(reply.contains("seats are by invitation"), "{reply}");
}

/// `n` connections that say nothing, half a request, or half a join.
fn idle_connections(addr: &str, n: usize) -> Vec<TcpStream> {
    (0..n)
        .map(|i| {
            let mut s = TcpStream::connect(addr).unwrap();
            match i % 3 {
                0 => {}
                1 => s
                    .write_all(b"GET /seat/ab HTTP/1.1\r\nHost: x\r\n")
                    .unwrap(),
                _ => s.write_all(b"{\"type\":\"join\",\"na").unwrap(),
            }
            s
        })
        .collect()
}

/// The whole answer to `GET path`.
fn http_get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    text
}

/// The first message the table sends a socket that joins with `join`.
fn first_reply(addr: &str, join: serde_json::Value) -> String {
    let mut ws = socket_join(addr, join);
    ws.read().unwrap().to_text().unwrap().to_string()
}

/// A WebSocket to the table that has sent `join`.
fn socket_join(
    addr: &str,
    join: serde_json::Value,
) -> tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>> {
    let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/ws")).expect("the socket opens");
    ws.send(tungstenite::Message::text(join.to_string()))
        .unwrap();
    ws
}

/// Floods a socket with binary frames until the table cuts it off: what it
/// said then (a message or the close frame's reason), if anything.
fn flood<S: std::io::Read + std::io::Write>(ws: &mut tungstenite::WebSocket<S>) -> Option<String> {
    let junk = vec![b'x'; 12 * 1024];
    for _ in 0..20 {
        if ws.send(tungstenite::Message::binary(junk.clone())).is_err() {
            break;
        }
        let _ = ws.flush();
    }
    let t = Instant::now();
    while t.elapsed() < Duration::from_secs(5) {
        match ws.read() {
            Ok(tungstenite::Message::Text(m)) if m.contains("cut off") => {
                return Some(m.to_string());
            }
            Ok(tungstenite::Message::Close(Some(f))) => return Some(f.reason.to_string()),
            Ok(_) => {}
            Err(_) => break,
        }
    }
    None
}

/// 300 connections that say nothing or half a request and 64 spectators
/// do not hold up a real player's join; a join without its seat's token or
/// with a wrong one is refused; a browser that floods is cut off with a
/// message and the game goes on.
#[test]
fn idle_connections_wrong_tokens_and_floods_do_not_stop_the_table() {
    let args = "serve --web --listen 127.0.0.1:0 --seed 2 --seat 0=remote --seat 1=remote \
                --seat 2=bot:computer --seat 3=bot:computer --seat-timeout 1 --house points-to-win=3";
    let p = Proc::start(&args.split_whitespace().collect::<Vec<_>>());
    let (addr, links, watch) = invitations(&p, 2);
    let token0 = links[&0].rsplit('/').next().unwrap();
    // More silent connections than the door reads at once.
    let idle = idle_connections(&addr, 300);
    seats_are_by_invitation(&addr, token0);
    // A real join with its token is seated at once.
    let t = Instant::now();
    let mut s = TcpStream::connect(&addr).unwrap();
    writeln!(
        s,
        "{}",
        json!({"type": "join", "name": "Quick", "token": token0})
    )
    .unwrap();
    p.said("Quick takes seat 0");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    drop(s);
    // Spectators have a budget of their own: the 65th is refused, and a
    // seat's link still gets in below.
    let watch_token = watch.rsplit('/').next().unwrap();
    let spectator = || {
        socket_join(
            &addr,
            json!({"type": "join", "name": "W", "token": watch_token, "table": true}),
        )
    };
    // (A spectator is sent nothing before the game begins.)
    let spectators: Vec<_> = (0..64).map(|_| spectator()).collect();
    std::thread::sleep(Duration::from_millis(500));
    let mut extra = spectator();
    let first = extra.read().unwrap();
    assert!(
        first.to_text().unwrap().contains("too many spectators"),
        "{first:?}"
    );
    // A wrong token is refused with a message.
    let reply = first_reply(
        &addr,
        json!({"type": "join", "name": "Eve", "token": "0123456789abcdef0123456789abcdef", "table": true}),
    );
    assert!(reply.contains("not a seat at this table"), "{reply:?}");
    // Seat 0's link was taken by Quick over TCP: the link no longer
    // opens it. Seat 1 by socket, then a flood.
    let reply = first_reply(
        &addr,
        json!({"type": "join", "name": "Late", "token": token0, "table": true}),
    );
    assert!(reply.contains("taken by a program client"), "{reply:?}");
    let token1 = links[&1].rsplit('/').next().unwrap();
    let t = Instant::now();
    let mut ws = socket_join(
        &addr,
        json!({"type": "join", "name": "Flood", "token": token1, "table": true}),
    );
    p.said("Flood takes seat 1");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    drop(spectators);
    // Binary frames, which the table never reads, count as much as text.
    let cut = flood(&mut ws);
    assert!(
        cut.as_deref().is_some_and(|m| m.contains("cut off")),
        "{cut:?}"
    );
    p.said("cut off");
    // The game goes on: seat 0 (gone) and seat 1 (cut off) are played by
    // the fault bot after a second each, and the game ends.
    drop(idle);
    let (code, lines) = p.rest();
    assert_eq!(code, Some(0), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.contains("win the game")),
        "{lines:#?}"
    );
}

/// A whole game with the keyboard alone: the digit of each choice.
#[test]
fn a_game_by_keyboard_alone() {
    let _one = one_at_a_time();
    let (p, url) = play_web(
        "8",
        &[
            "0=human:Ann",
            "1=bot:computer",
            "2=bot:simple",
            "3=bot:random",
        ],
    );
    let b = browser(1000, 900);
    let tab = open(&b, &format!("{url}?pace=0"));
    let mut decisions = BTreeMap::new();
    let scores = play_page(
        std::slice::from_ref(&tab),
        Press::Key,
        &mut decisions,
        &mut Vec::new(),
        |_, _, _| true,
    );
    let want = engine_game(
        8,
        &[],
        &["Ann", "East", "South", "West"],
        [
            SeatKind::Person,
            SeatKind::Bot(Bot::Computer),
            SeatKind::Bot(Bot::Simple),
            SeatKind::Bot(Bot::Random),
        ],
        &decisions,
        BTreeMap::new(),
    );
    assert_eq!(scores, want);
    assert!(decisions[&0].len() > 10);
    // The table stays for another game while a browser is at it.
    drop(tab);
    drop(b);
    let (code, _) = p.rest();
    assert_eq!(code, Some(0));
}

/// The replay page of an annotated record: at a move where the record's
/// analysis has another line, a click steps into it (its own moves and
/// notes), the arrow keys walk it, and a click comes back to the game.
#[test]
fn the_replay_page_steps_into_an_alternative_line_and_back() {
    let _one = one_at_a_time();
    let dir = std::env::temp_dir().join(format!("upcard-lines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("hustle.html");
    let record = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/egn/examples/Quite the Hustle Annotated.egn");
    let o = upcard()
        .arg("replay")
        .arg(&record)
        .args(["--format", "html", "-o"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let browser = browser(1000, 800);
    let url = format!("file://{}#move=36", page.display());
    let tab = open(&browser, &url);
    let text = |id: &str| {
        eval(
            &tab,
            &format!("document.getElementById('{id}').textContent"),
        )
        .as_str()
        .unwrap()
        .to_string()
    };
    assert_eq!(
        text("what"),
        "move 36/326 at 1:1:1: Charliehustle4192 leads 9H"
    );
    press(&tab, "#branch button.into", Press::Click);
    assert_eq!(
        text("what"),
        "move 6/31 at 1:1:1: Charliehustle4192 leads AD"
    );
    assert!(text("notes").starts_with("Seems like an easy euchre when leading the Ad."));
    tab.press_key("ArrowRight").unwrap();
    assert_eq!(text("what"), "move 7/31 at 1:1:2: Big Bad Bill plays TD");
    press(&tab, "#back", Press::Click);
    assert_eq!(
        text("what"),
        "move 36/326 at 1:1:1: Charliehustle4192 leads 9H"
    );
    tab.press_key("ArrowRight").unwrap();
    assert_eq!(text("what"), "move 37/326 at 1:1:2: Big Bad Bill plays KH");
}

/// Reads a socket's messages, answering each decision with its first
/// legal action, until one of type `until`: that one.
fn socket_until<S: std::io::Read + std::io::Write>(
    ws: &mut tungstenite::WebSocket<S>,
    until: &str,
) -> Value {
    let t = Instant::now();
    loop {
        assert!(t.elapsed() < Duration::from_secs(60), "never sent {until}");
        let m: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
        if m["type"] == until {
            return m;
        }
        if m["type"] == "decide" {
            let a = m["legal"][0].clone();
            ws.send(tungstenite::Message::text(json!({"action": a}).to_string()))
                .unwrap();
        }
    }
}

/// Ann sends a reaction, three that are dropped, and asks for another
/// game: Cy is sent the one reaction, then who has asked.
fn ann_reacts_and_asks_again<S: std::io::Read + std::io::Write>(
    ann: &mut tungstenite::WebSocket<S>,
    cy: &mut tungstenite::WebSocket<S>,
) {
    // A reaction reaches the table; one sent too soon after it, one not
    // among the few, and free text are dropped.
    for e in [
        r#"{"type":"emote","emote":"nice"}"#,
        r#"{"type":"emote","emote":"wow"}"#,
        r#"{"type":"emote","emote":"<b>hi</b>"}"#,
        r#"{"type":"emote","text":"anything"}"#,
        r#"{"type":"again"}"#,
    ] {
        ann.send(tungstenite::Message::text(e)).unwrap();
    }
    let asked = json!({"type": "again", "asked": [0], "waiting": [2]});
    assert_eq!(socket_until(ann, "again"), asked);
    let mut seen = Vec::new();
    loop {
        let m: Value = serde_json::from_str(cy.read().unwrap().to_text().unwrap()).unwrap();
        seen.push(m.clone());
        if m["type"] == "again" {
            break;
        }
    }
    assert_eq!(
        seen,
        [json!({"type": "emote", "seat": 0, "emote": "nice"}), asked]
    );
}

/// `serve --web` with two browsers' seats: the game's end offers another;
/// it is dealt once both people have asked (each told who is still to),
/// each game is recorded (the second beside the first), and the table
/// closes once nobody is left at it.
#[test]
fn an_online_table_plays_again_when_everyone_asks() {
    let dir = std::env::temp_dir().join(format!("upcard-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("evening.egn");
    let p = serve_web(
        "7",
        &["0=remote", "2=remote", "1=bot:simple", "3=bot:simple"],
        &[
            "--seat-timeout",
            "1",
            "--house",
            "points-to-win=2",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    let (addr, links, _) = invitations(&p, 2);
    let token = |s: usize| links[&s].rsplit('/').next().unwrap().to_string();
    let mut ann = socket_join(
        &addr,
        json!({"type": "join", "name": "Ann", "token": token(0), "table": true}),
    );
    let mut cy = socket_join(
        &addr,
        json!({"type": "join", "name": "Cy", "token": token(2), "table": true}),
    );
    // Both play the game out; each is told it is over, with another offered.
    let (over, other) = std::thread::scope(|s| {
        let h = s.spawn(|| socket_until(&mut cy, "over"));
        (socket_until(&mut ann, "over"), h.join().unwrap())
    });
    assert_eq!(over, other);
    assert_eq!(over["again"], json!(true));
    let mut games = [0, 0];
    games[over["winner"].as_u64().unwrap() as usize] = 1;
    assert_eq!(over["games"], json!(games));
    // The score sheet ends on the final score.
    assert_eq!(
        over["hands"].as_array().unwrap().last().unwrap()["scores"],
        over["scores"]
    );
    ann_reacts_and_asks_again(&mut ann, &mut cy);
    cy.send(tungstenite::Message::text(r#"{"type":"again"}"#))
        .unwrap();
    let hello = socket_until(&mut cy, "hello");
    assert_eq!(
        (hello["game"].clone(), hello["seat"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(socket_until(&mut ann, "hello")["game"], json!(1));
    p.said("another game at the table");
    // Both leave: their seats are played by the fault bot, the second game
    // ends, and with nobody at the table it closes.
    drop((ann, cy));
    let (code, lines) = p.rest();
    assert_eq!(code, Some(0), "{lines:#?}");
    assert!(
        record.exists() && dir.join("evening-2.egn").exists(),
        "{lines:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player who takes a seat before the others sees the waiting room: each
/// seat by name, taken, still invited, or a bot by kind, and the rules to
/// be played; it goes when the last invited player joins, and the table
/// names the bots as bots.
#[test]
fn a_player_waits_in_a_room_that_says_who_is_still_to_come() {
    let _one = one_at_a_time();
    let p = serve_web(
        "3",
        &["0=remote", "2=remote", "1=bot:simple", "3=bot:expert"],
        &["--house", "points-to-win=7"],
    );
    let (addr, links, _) = invitations(&p, 2);
    let b = browser(1000, 900);
    let tab = open(&b, &format!("{}?pace=0", links[&0]));
    tab.wait_for_element("#name").unwrap().click().unwrap();
    tab.type_str("Ann").unwrap();
    press(&tab, "#nameform button", Press::Click);
    p.said("Ann takes seat 0");
    let room =
        "JSON.stringify([...document.querySelectorAll('#lobbyseats li')].map(l=>l.textContent))";
    let t = Instant::now();
    let want = json!([
        "Ann: here",
        "East: a bot (simple)",
        "South: waiting for the invited player\u{2026}",
        "West: a bot (expert)"
    ]);
    while serde_json::from_str::<Value>(&text(&tab, room)).ok() != Some(want.clone()) {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "{}",
            text(&tab, room)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        eval(&tab, "document.getElementById('lobby').hidden"),
        json!(false)
    );
    assert_eq!(
        text(&tab, "document.getElementById('lobbyrules').textContent"),
        "Game to 7"
    );
    let token2 = links[&2].rsplit('/').next().unwrap();
    let mut cy = socket_join(
        &addr,
        json!({"type": "join", "name": "Cy", "token": token2, "table": true}),
    );
    let t = Instant::now();
    while eval(&tab, "document.getElementById('lobby').hidden") != json!(true) {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "the waiting room stayed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let east = text(
        &tab,
        "document.querySelector('[data-seat=\"1\"] .name').textContent",
    );
    assert!(east.starts_with("East (bot: simple)"), "{east}");
    a_reaction_is_shown_and_sent(&tab, &mut cy);
}

/// Ann taps a reaction: it is on her own seat and in the story, and sent
/// to Cy.
fn a_reaction_is_shown_and_sent<S: std::io::Read + std::io::Write>(
    tab: &Tab,
    cy: &mut tungstenite::WebSocket<S>,
) {
    press(tab, "[data-emote=\"nice\"]", Press::Click);
    let t = Instant::now();
    while text(
        tab,
        "(document.querySelector('#p2 .emote')||{}).textContent",
    ) != "\u{1F44D} Nice!"
    {
        assert!(t.elapsed() < Duration::from_secs(10), "no reaction shown");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(
        text(tab, "document.getElementById('log').textContent").contains("Ann: \u{1F44D} Nice!\n")
    );
    assert_eq!(
        socket_until(cy, "emote"),
        json!({"type": "emote", "seat": 0, "emote": "nice"})
    );
}

/// Every card a message names: short (`9H`, also inside `play 9H`) and
/// long (`Nine of Hearts`, in the story's text).
fn cards_named(v: &Value, out: &mut Vec<String>) {
    const RANKS: [(&str, char); 6] = [
        ("Nine", '9'),
        ("Ten", 'T'),
        ("Jack", 'J'),
        ("Queen", 'Q'),
        ("King", 'K'),
        ("Ace", 'A'),
    ];
    const SUITS: [(&str, char); 4] = [
        ("Spades", 'S'),
        ("Hearts", 'H'),
        ("Clubs", 'C'),
        ("Diamonds", 'D'),
    ];
    match v {
        Value::String(s) => {
            for w in s.split(|c: char| !c.is_ascii_alphanumeric()) {
                let b = w.as_bytes();
                if b.len() == 2 && b"9TJQKA".contains(&b[0]) && b"SHCD".contains(&b[1]) {
                    out.push(w.to_string());
                }
            }
            for (rank, r) in RANKS {
                for (suit, su) in SUITS {
                    if s.contains(&format!("{rank} of {suit}")) {
                        out.push(format!("{r}{su}"));
                    }
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|x| cards_named(x, out)),
        Value::Object(o) => o.values().for_each(|x| cards_named(x, out)),
        _ => {}
    }
}

/// Checks what one reader was sent, in order: a spectator (`seat` None)
/// is never sent a hand, a discard or a decision; a seat only its own. Any
/// card named anywhere in a message (the story's text included) must be
/// one the reader may know: the upcard, a card played this hand, or, for
/// a seat, its own hand and discard. Returns how many messages it read.
fn sees_only_what_it_may(messages: &[Value], seat: Option<u64>) -> usize {
    let mut known: std::collections::BTreeSet<String> = Default::default();
    let mut hand_no = None;
    for m in messages {
        let obs = &m["observation"];
        if !obs.is_null() {
            if hand_no != Some(obs["hand_no"].clone()) {
                hand_no = Some(obs["hand_no"].clone());
                known.clear();
            }
            let mut public = Vec::new();
            for field in ["upcard", "played", "trick"] {
                cards_named(&obs[field], &mut public);
            }
            match seat {
                None => {
                    assert_eq!(obs["hand"], json!([]), "{m}");
                    assert!(obs["discard"].is_null(), "{m}");
                }
                Some(s) => {
                    assert_eq!(obs["seat"], json!(s), "{m}");
                    cards_named(&obs["hand"], &mut public);
                    cards_named(&obs["discard"], &mut public);
                }
            }
            known.extend(public);
        }
        assert!(seat.is_some() || m["type"] != "decide", "{m}");
        let mut named = Vec::new();
        cards_named(m, &mut named);
        for c in named {
            assert!(known.contains(&c), "{c} is not the reader's to see: {m}");
        }
    }
    messages.len()
}

/// A whole online game read by a spectator and by both people's seats:
/// no message to any of them names a card it may not see, including the
/// trick and hand endings, the score sheet, the waiting room and the
/// reactions.
#[test]
fn no_message_names_a_card_its_reader_may_not_see() {
    let p = serve_web(
        "9",
        &["0=remote", "2=remote", "1=bot:expert", "3=bot:simple"],
        &[
            "--house",
            "points-to-win=4",
            "--house",
            "discard-upcard=off",
        ],
    );
    let (addr, links, watch) = invitations(&p, 2);
    let token = |u: &str| u.rsplit('/').next().unwrap().to_string();
    let mut watcher = socket_join(
        &addr,
        json!({"type": "join", "name": "W", "token": token(&watch), "table": true}),
    );
    let seat = |s: usize, name: &str| {
        socket_join(
            &addr,
            json!({"type": "join", "name": name, "token": token(&links[&s]), "table": true}),
        )
    };
    let (mut ann, mut cy) = (seat(0, "Ann"), seat(2, "Cy"));
    // Each reads (and answers) to the game's end, reacting once.
    let read_all = |ws: &mut tungstenite::WebSocket<_>| {
        let mut all = Vec::new();
        let _ = ws.send(tungstenite::Message::text(
            r#"{"type":"emote","emote":"gg"}"#,
        ));
        loop {
            let m: Value = serde_json::from_str(ws.read().unwrap().to_text().unwrap()).unwrap();
            if m["type"] == "decide" {
                let a = m["legal"][0].clone();
                ws.send(tungstenite::Message::text(json!({"action": a}).to_string()))
                    .unwrap();
            }
            all.push(m.clone());
            if m["type"] == "over" {
                return all;
            }
        }
    };
    let (a, c, w) = std::thread::scope(|s| {
        let c = s.spawn(|| read_all(&mut cy));
        let w = s.spawn(|| read_all(&mut watcher));
        (read_all(&mut ann), c.join().unwrap(), w.join().unwrap())
    });
    assert!(sees_only_what_it_may(&w, None) > 40);
    assert!(sees_only_what_it_may(&a, Some(0)) > 40);
    assert!(sees_only_what_it_may(&c, Some(2)) > 40);
    for kind in ["lobby", "emote", "update", "over"] {
        assert!(
            w.iter().any(|m| m["type"] == kind),
            "the spectator had no {kind}"
        );
    }
    assert!(
        a.iter().any(|m| !m["trick_won"].is_null()) && a.iter().any(|m| !m["hand_over"].is_null())
    );
    drop((ann, cy, watcher));
    let (code, lines) = p.rest();
    assert_eq!(code, Some(0), "{lines:#?}");
}

/// `upcard play --web` with nothing chosen on its command line: the host's
/// page sets up the table. A blank name is refused with the reason; then
/// Ann here, an expert, a friend invited by a link and a simple bot, to 3
/// points with stick-the-dealer. The page shows the friend's link (the one
/// the terminal prints); the friend joins by it; the game is the engine's
/// with the same seats, rules, seed and decisions.
#[test]
fn the_host_sets_up_the_table_in_the_page() {
    let _one = one_at_a_time();
    let p = Proc::start(&["play", "--web", "--listen", "127.0.0.1:0", "--seed", "12"]);
    let url = url_in(&p.said("Open http://"));
    let b = browser(1000, 900);
    let tab = open(&b, &format!("{url}?pace=0"));
    tab.wait_for_element("#who3").unwrap();
    let set = |id: &str, v: &str| {
        eval(
            &tab,
            &format!(
                "(()=>{{const e=document.getElementById('{id}');e.value='{v}';e.dispatchEvent(new Event('change'));return 1;}})()"
            ),
        );
    };
    set("sname0", "");
    press(&tab, "#setupgo", Press::Click);
    wait_text(
        &tab,
        "document.getElementById('setupwhy').textContent",
        "seat 0: the name is refused: it is blank",
    );
    set("sname0", "Ann");
    the_levels_are_listed_by_word_and_west_is_casual(&tab);
    set("who1", "bot:expert");
    set("who2", "friend");
    eval(
        &tab,
        "document.querySelector('[data-rule=\"points-to-win\"]').value='3'",
    );
    eval(
        &tab,
        "document.querySelector('[data-rule=\"stick-the-dealer\"]').value='on'",
    );
    press(&tab, "#setupgo", Press::Click);
    let link = url_in(&p.said("Seat 2's link for a friend: "));
    let shown = "(document.querySelector('#invites input[data-seat=\"2\"]')||{}).value";
    let t = Instant::now();
    while text(&tab, shown) != link {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "{}",
            text(&tab, shown)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let token = link.rsplit('/').next().unwrap().to_string();
    let friend = friend_plays(link.split('/').nth(2).unwrap().to_string(), token);
    let mut decisions = BTreeMap::new();
    let scores = play_page(
        std::slice::from_ref(&tab),
        Press::Click,
        &mut decisions,
        &mut Vec::new(),
        |tab, _, _| {
            assert_eq!(
                text(tab, "document.getElementById('rulesline').textContent"),
                "Game to 3 \u{b7} stick-the-dealer on"
            );
            west_is_shown_as_casual(tab);
            true
        },
    );
    decisions.insert(2, friend.join().unwrap());
    let want = engine_game(
        12,
        &["points-to-win=3", "stick-the-dealer=on"],
        &["Ann", "East", "Cy", "West"],
        [
            SeatKind::Person,
            SeatKind::Bot(Bot::Expert),
            SeatKind::Person,
            SeatKind::Bot(Bot::Casual),
        ],
        &decisions,
        BTreeMap::new(),
    );
    assert_eq!(scores, want);
}

/// The setup form lists the levels first, by the words a person reads,
/// then the other bots; West is set to a level by its word.
fn the_levels_are_listed_by_word_and_west_is_casual(tab: &Tab) {
    assert_eq!(
        text(
            tab,
            "[...document.getElementById('who3').options].map(o=>o.textContent).join('|')"
        ),
        "A person here|A friend, invited by a link|Bot: beginner (level 1 of 5)|\
         Bot: casual (level 2 of 5)|Bot: intermediate (level 3 of 5)|\
         Bot: advanced (level 4 of 5)|Bot: expert (level 5 of 5)|Bot: random|Bot: simple|\
         Bot: computer|Bot: pimc"
    );
    // West: the level a person picks by its word.
    eval(
        tab,
        "(()=>{const s=document.getElementById('who3');\
         s.value=[...s.options].find(o=>o.textContent.startsWith('Bot: casual')).value;return 1;})()",
    );
}

/// The table names West's bot by its level's word.
fn west_is_shown_as_casual(tab: &Tab) {
    let west = text(
        tab,
        "document.querySelector('[data-seat=\"3\"] .name').textContent",
    );
    assert!(west.starts_with("West (bot: casual)"), "{west}");
}

/// Waits (10 s at most) until `js` evaluates to `want`.
fn wait_text(tab: &Tab, js: &str, want: &str) {
    let t = Instant::now();
    while text(tab, js) != want {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "{js}: {}",
            text(tab, js)
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A friend who joins by their seat's token and answers each decision
/// with its first legal action: their decisions, once the game is over.
fn friend_plays(addr: String, token: String) -> std::thread::JoinHandle<Vec<Action>> {
    std::thread::spawn(move || {
        let mut cy = socket_join(
            &addr,
            json!({"type": "join", "name": "Cy", "token": token, "table": true}),
        );
        let mut mine = Vec::new();
        loop {
            let m: Value = serde_json::from_str(cy.read().unwrap().to_text().unwrap()).unwrap();
            if m["type"] == "decide" {
                let a = m["legal"][0].as_str().unwrap().to_string();
                cy.send(tungstenite::Message::text(json!({"action": a}).to_string()))
                    .unwrap();
                mine.push(a.parse::<Action>().unwrap());
            }
            if m["type"] == "over" {
                return mine;
            }
        }
    })
}

/// Reads `ws`'s messages for `ms` milliseconds: every one, in order.
fn messages_for<S: std::io::Read + std::io::Write>(
    ws: &mut tungstenite::WebSocket<S>,
    ms: u64,
) -> Vec<Value> {
    let t = Instant::now();
    let mut seen = Vec::new();
    while t.elapsed() < Duration::from_millis(ms) {
        match ws.read() {
            Ok(tungstenite::Message::Text(m)) => seen.push(serde_json::from_str(&m).unwrap()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(e) => panic!("{e}"),
        }
    }
    seen
}

/// Sets a socket's reads to give up after 50 ms (for `messages_for`).
fn short_reads(ws: &tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>) {
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    }
}

/// The host sets up a table with two friends: only the host's page is
/// sent the friends' links (a friend sent them could take the other's
/// seat and see that hand), and a friend's reactions are limited by seat,
/// so opening the seat's link again starts no new count.
#[test]
fn a_friend_is_sent_no_other_seats_link_and_reactions_count_by_seat() {
    let p = Proc::start(&["play", "--web", "--listen", "127.0.0.1:0", "--seed", "3"]);
    let url = url_in(&p.said("Open http://"));
    let addr = url.split('/').nth(2).unwrap().to_string();
    let token = |link: &str| link.rsplit('/').next().unwrap().to_string();
    let join =
        |name: &str, t: String| json!({"type": "join", "name": name, "token": t, "table": true});
    let mut host = socket_join(&addr, join("Ann", token(&url)));
    socket_until(&mut host, "choose");
    let setup = json!({"type": "setup", "seats": [{"who": "here", "name": "Ann"},
        {"who": "friend"}, {"who": "friend"}, {"who": "bot", "bot": "simple"}]});
    host.send(tungstenite::Message::text(setup.to_string()))
        .unwrap();
    let invites = socket_until(&mut host, "invites");
    let links = invites["links"].as_array().unwrap().clone();
    assert_eq!(links.len(), 2, "{invites}");
    let link_of = |seat: u64| {
        links
            .iter()
            .find(|l| l[0] == seat)
            .map(|l| l[1].as_str().unwrap().to_string())
            .unwrap()
    };
    let mut bo = socket_join(&addr, join("Bo", token(&link_of(1))));
    short_reads(&bo);
    let seen = messages_for(&mut bo, 1000);
    assert!(
        seen.iter().all(|m| m["type"] != "invites"),
        "a friend was sent the links: {seen:?}"
    );
    // Bo's reaction, and one from Bo's link opened again at once: the
    // second is dropped (one a seat every 2 s).
    bo.send(tungstenite::Message::text(
        r#"{"type":"emote","emote":"hi"}"#,
    ))
    .unwrap();
    let mut again = socket_join(&addr, join("Bo", token(&link_of(1))));
    short_reads(&again);
    messages_for(&mut again, 300);
    again
        .send(tungstenite::Message::text(
            r#"{"type":"emote","emote":"wow"}"#,
        ))
        .unwrap();
    short_reads(&host);
    let emotes: Vec<Value> = messages_for(&mut host, 1000)
        .into_iter()
        .filter(|m| m["type"] == "emote")
        .collect();
    assert_eq!(emotes, [json!({"type": "emote", "seat": 1, "emote": "hi"})]);
}
