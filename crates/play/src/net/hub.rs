//! Who sits where at a networked table, and what each client is sent.
//!
//! Every remote seat has a private token. A browser opens its seat's link
//! (`/seat/TOKEN`; all of `play --web`'s people share one, `/play/TOKEN`)
//! and its socket says `join` with that token; a seat-protocol client over
//! TCP gives the token too under `--web` (seats only by invitation), and
//! without `--web` (a table of programs) takes the first remote seat still
//! free. A
//! browser's seat survives its connection: a reload joins again with the
//! token and is sent the table and the decision waiting. A client is only
//! ever sent its own seat's observation (or, for a spectator and for a
//! device passed between people, the table without any hand), and an
//! answer reaches only the seat the answering link holds.

use std::collections::BTreeMap;
use std::net::TcpStream;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tungstenite::Message;

use super::http::{self, Socket};
use super::notice::{Notice, Say};
use super::{Arrival, Join, peer, same_token};
use upcard_engine::{Seat, State};
use upcard_rules::agents::Observation;
use upcard_seat::protocol::{
    EMOTE_GAP, EMOTES, HandSummary, Hello, Lobby, LobbySeat, Over, ToSeat, TrickWon, Update,
    WireObservation, line,
};

/// What a step ended: a trick, a hand, either or neither.
pub type Ended = (Option<TrickWon>, Option<HandSummary>);

/// Where a seat's answers arrive: the link's id and its text.
pub type Answers = Receiver<(u64, String)>;

/// Spectators' links open at once. A seat's link is never counted or
/// refused: it replaces its seat's older link, so there are at most four.
pub const MAX_SPECTATORS: usize = 64;
/// What a browser may send in [`FLOOD_WINDOW`] before it is cut off: every
/// frame counts, of any kind, with [`FRAME_COST`] bytes besides its own.
pub const FLOOD_BYTES: usize = 64 * 1024;
/// What a frame costs beyond its payload (an empty ping is not free).
pub const FRAME_COST: usize = 64;
pub const FLOOD_WINDOW: Duration = Duration::from_secs(10);

/// Why a name cannot be shown, if it cannot.
pub fn name_problem(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("it is blank")
    } else if name.len() > 40 {
        Some("it is longer than 40 bytes")
    } else if upcard_parse::escape::printable_line(name) != name {
        Some("it holds a control character or a direction override")
    } else {
        None
    }
}

/// A remote seat.
struct Slot {
    token: String,
    /// One of `play --web`'s people: named on the command line.
    device: bool,
    name: Option<String>,
    /// Taken by a seat-protocol client over TCP before the game began.
    tcp: Option<(TcpStream, bool)>,
    /// Taken over TCP: its link opens nothing (that client plays it).
    by_tcp: bool,
    link: Option<u64>,
    /// When its last link went away (None while one is open).
    left: Option<Instant>,
    /// The decision waiting for it, as sent.
    pending: Option<String>,
    answers: SyncSender<(u64, String)>,
    hello: Option<String>,
    /// Its last `update`, for a link that opens later.
    last: Option<Update>,
    /// When it last sent a reaction (the seat's, not a link's: a link
    /// opened again starts no new count).
    emoted: Option<Instant>,
}

impl Slot {
    fn new(token: String, device: bool, answers: SyncSender<(u64, String)>) -> Slot {
        Slot {
            token,
            device,
            name: None,
            tcp: None,
            by_tcp: false,
            link: None,
            left: None,
            pending: None,
            answers,
            hello: None,
            last: None,
            emoted: None,
        }
    }
}

struct Link {
    /// Bounded: a browser that stops reading is cut off, not queued for.
    tx: SyncSender<String>,
    seats: Vec<Seat>,
}

/// Messages queued for one link before it is cut off as not reading.
const LINK_QUEUE: usize = 1024;

struct Inner {
    slots: [Option<Slot>; 4],
    links: BTreeMap<u64, Link>,
    next: u64,
    started: bool,
    watch_token: String,
    /// The table without hands: for spectators and a shared device.
    public: Option<Update>,
    /// Every line of the game so far: a link that opens later is sent it
    /// all in its first update, so a reload keeps the story.
    story: String,
    watch_hello: Option<String>,
    over: Option<String>,
    /// After a game: the seats whose people asked for another.
    again: [bool; 4],
    /// Games won by each team at this table.
    games: [u32; 2],
    /// The host's page chooses the table (`play --web` with nothing on its
    /// command line): its latest choice, from which link, until taken.
    choosing: bool,
    setup: Option<(u64, String)>,
    /// The invited friends' links, for the host's page.
    invites: Option<String>,
    /// The waiting room's other facts: the bots by seat and the rules.
    bots: [Option<String>; 4],
    rules: (u32, BTreeMap<String, String>),
    /// The door's listener (a link cut off is said from here).
    say: Say,
}

pub struct Hub {
    inner: Mutex<Inner>,
    web: bool,
    say: Say,
}

/// A remote seat asked for: `device` for `play --web`'s people.
pub struct Remote {
    pub seat: Seat,
    pub device: bool,
}

impl Hub {
    /// A hub for the remote seats, each with a fresh token (people at one
    /// device share one), and the answers' receiving ends by seat.
    pub fn new(remotes: &[Remote], web: bool, say: Say) -> (Arc<Hub>, [Option<Answers>; 4]) {
        let device_token = super::token(&say);
        let mut slots: [Option<Slot>; 4] = Default::default();
        let mut receivers: [Option<Answers>; 4] = Default::default();
        for r in remotes {
            // A few answers wait at most (a link answers once per decision;
            // more are dropped, not queued).
            let (tx, rx) = sync_channel(4);
            receivers[r.seat] = Some(rx);
            let token = if r.device {
                device_token.clone()
            } else {
                super::token(&say)
            };
            slots[r.seat] = Some(Slot::new(token, r.device, tx));
        }
        let hub = Hub {
            inner: Mutex::new(Inner {
                slots,
                links: BTreeMap::new(),
                next: 1,
                started: false,
                watch_token: super::token(&say),
                public: None,
                story: String::new(),
                watch_hello: None,
                over: None,
                again: [false; 4],
                games: [0, 0],
                choosing: false,
                setup: None,
                invites: None,
                bots: Default::default(),
                rules: (0, BTreeMap::new()),
                say: say.clone(),
            }),
            web,
            say,
        };
        (Arc::new(hub), receivers)
    }

    /// What the waiting room shows besides the remote seats: the bots (by
    /// kind) and the rules to be played.
    pub fn lobby(
        &self,
        bots: [Option<String>; 4],
        points_to_win: u32,
        house: BTreeMap<String, String>,
    ) {
        let mut inner = self.lock();
        inner.bots = bots;
        inner.rules = (points_to_win, house);
        inner.tell_lobby();
    }

    /// The host's page is to choose the table: it is asked to.
    pub fn choose(&self) {
        let mut inner = self.lock();
        inner.choosing = true;
        let ids: Vec<u64> = inner.links.keys().copied().collect();
        for id in ids {
            inner.greet(id);
        }
    }

    /// The host's latest choice, and the link it came from.
    pub fn take_setup(&self) -> Option<(u64, String)> {
        self.lock().setup.take()
    }

    /// The table is chosen: the people here keep the host's link (named),
    /// each friend's seat gets a link of its own, the bots' seats none.
    /// The host's page is sent the friends' links; the seats' answers come
    /// through new channels.
    pub fn configure(&self, here: &[(Seat, String)], friends: &[Seat]) -> [Option<Answers>; 4] {
        let mut receivers: [Option<Answers>; 4] = Default::default();
        let mut inner = self.lock();
        inner.choosing = false;
        let host = inner
            .slots
            .iter()
            .flatten()
            .map(|s| s.token.clone())
            .next()
            .unwrap_or_default();
        let hosts: Vec<u64> = inner
            .links
            .iter()
            .filter(|(_, l)| !l.seats.is_empty())
            .map(|(id, _)| *id)
            .collect();
        for (i, slot) in inner.slots.iter_mut().enumerate() {
            let (tx, rx) = sync_channel(4);
            *slot = if let Some((_, name)) = here.iter().find(|(s, _)| *s == i) {
                let mut s = Slot::new(host.clone(), true, tx);
                s.name = Some(name.clone());
                s.link = hosts.last().copied();
                Some(s)
            } else if friends.contains(&i) {
                Some(Slot::new(super::token(&self.say), false, tx))
            } else {
                None
            };
            if slot.is_some() {
                receivers[i] = Some(rx);
            }
        }
        let seats: Vec<Seat> = here.iter().map(|(s, _)| *s).collect();
        for id in &hosts {
            if let Some(l) = inner.links.get_mut(id) {
                l.seats.clone_from(&seats);
            }
        }
        let links = friends
            .iter()
            .filter_map(|&f| Some((f, format!("/seat/{}", inner.slots[f].as_ref()?.token))))
            .collect();
        let m = text(&ToSeat::Invites { links });
        inner.invites = Some(m.clone());
        for id in hosts {
            inner.send(id, m.clone());
        }
        receivers
    }

    /// The page and its socket are served.
    /// Whether `token` opens something at this table: a seat's link (a
    /// device's), or the spectators'.
    pub fn knows(&self, token: &str) -> bool {
        let inner = self.lock();
        same_token(&inner.watch_token, token)
            | inner
                .slots
                .iter()
                .flatten()
                .fold(false, |any, s| any | same_token(&s.token, token))
    }

    pub fn web(&self) -> bool {
        self.web
    }

    /// Tells the door's listener.
    pub fn say(&self, notice: Notice) {
        self.say.say(notice);
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // A thread that panicked holding the lock left the table as it was.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Each remote seat's token.
    pub fn tokens(&self) -> Vec<(Seat, String, bool)> {
        self.lock()
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|s| (i, s.token.clone(), s.device)))
            .collect()
    }

    pub fn watch_token(&self) -> String {
        self.lock().watch_token.clone()
    }

    /// Seats named by a client so far, and a TCP client's stream taken out.
    pub fn joined(&self) -> Vec<(Seat, String)> {
        self.lock()
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().and_then(|s| s.name.clone().map(|n| (i, n))))
            .collect()
    }

    /// A seat taken over TCP: its stream and whether it asked for updates.
    pub fn take_tcp(&self, seat: Seat) -> Option<(TcpStream, bool)> {
        self.lock().slots[seat].as_mut().and_then(|s| s.tcp.take())
    }

    /// Names a device's seats (from the command line): they wait for no join.
    pub fn name(&self, seat: Seat, name: &str) {
        if let Some(s) = self.lock().slots[seat].as_mut() {
            s.name = Some(name.to_string());
        }
    }

    /// The game begins: each seat's greeting is kept and sent.
    pub fn start(&self, hellos: &[(Seat, Hello)], watch: Hello) {
        let mut inner = self.lock();
        inner.started = true;
        for (seat, h) in hellos {
            if let Some(s) = inner.slots[*seat].as_mut() {
                s.hello = Some(text(&ToSeat::Hello(h.clone())));
            }
        }
        inner.watch_hello = Some(text(&ToSeat::Hello(watch)));
        let ids: Vec<u64> = inner.links.keys().copied().collect();
        for id in ids {
            inner.greet(id);
        }
    }

    /// A connection that has said who it is.
    pub fn arrive(&self, arrival: Arrival) {
        match arrival {
            Arrival::Line { stream, join } => self.arrive_line(stream, join),
            Arrival::Socket { socket, join } => self.arrive_socket(*socket, join),
        }
    }

    fn arrive_line(&self, stream: TcpStream, join: Join) {
        let who = peer(&stream);
        let refuse = |why: String| {
            self.say(Notice::Refused {
                who: who.clone(),
                why: why.clone(),
            });
            let msg = ToSeat::Error { message: why };
            super::WriteOnce::write_all_once(&stream, &line(&msg));
        };
        if let Some(why) = name_problem(&join.name) {
            self.say(Notice::NameRefused {
                who: who.clone(),
                name: join.name.clone(),
                why: why.to_string(),
            });
            let msg = ToSeat::Error {
                message: format!("the name is refused: {why}"),
            };
            super::WriteOnce::write_all_once(&stream, &line(&msg));
            return;
        }
        let mut inner = self.lock();
        if inner.started {
            drop(inner);
            return refuse("the game has begun: every seat is taken".into());
        }
        let free = |s: &Slot| !s.device && s.name.is_none();
        if self.web && join.token.is_none() {
            drop(inner);
            return refuse(
                "this table's seats are by invitation: join with the token of your seat's link (upcard join --token TOKEN)"
                    .into(),
            );
        }
        let seat = match &join.token {
            Some(t) => inner.slots.iter().position(|s| {
                s.as_ref()
                    .is_some_and(|s| same_token(&s.token, t) && free(s))
            }),
            // In seat order, as clients arrive.
            None => inner
                .slots
                .iter()
                .position(|s| s.as_ref().is_some_and(free)),
        };
        let Some(seat) = seat else {
            drop(inner);
            return refuse(match join.token {
                Some(_) => "that token is not a free seat at this table".into(),
                None => "every remote seat is taken".into(),
            });
        };
        let name = inner.unique(seat, &join.name);
        self.say(Notice::Took {
            name: name.clone(),
            seat,
            browser: false,
        });
        if let Some(s) = inner.slots[seat].as_mut() {
            s.name = Some(name);
            s.tcp = Some((stream, join.table));
            s.by_tcp = true;
        }
        inner.tell_lobby();
    }

    fn arrive_socket(&self, mut socket: Socket, join: Join) {
        let Some(token) = join.token.clone() else {
            return http::close(&mut socket, "this link is not a seat at this table");
        };
        let mut inner = self.lock();
        let watching = same_token(&inner.watch_token, &token);
        let spectators = inner.links.values().filter(|l| l.seats.is_empty()).count();
        if watching && spectators >= MAX_SPECTATORS {
            drop(inner);
            return http::close(&mut socket, "too many spectators at this table");
        }
        let seats: Vec<Seat> = (0..4)
            .filter(|&i| {
                inner.slots[i]
                    .as_ref()
                    .is_some_and(|s| same_token(&s.token, &token))
            })
            .collect();
        if seats
            .iter()
            .any(|&i| inner.slots[i].as_ref().is_some_and(|s| s.by_tcp))
        {
            drop(inner);
            return http::close(&mut socket, "this seat is taken by a program client");
        }
        if !watching && seats.is_empty() {
            drop(inner);
            self.say(Notice::WrongToken {
                who: peer(socket.get_ref()),
            });
            return http::close(&mut socket, "this link is not a seat at this table");
        }
        // A browser's seat is named by its first join (before the game).
        for &seat in &seats {
            let unnamed = inner.slots[seat].as_ref().is_some_and(|s| s.name.is_none());
            if unnamed {
                if let Some(why) = name_problem(&join.name) {
                    drop(inner);
                    return http::close(&mut socket, &format!("the name is refused: {why}"));
                }
                if inner.started {
                    drop(inner);
                    return http::close(&mut socket, "the game began without this seat");
                }
                let name = inner.unique(seat, &join.name);
                self.say(Notice::Took {
                    name: name.clone(),
                    seat,
                    browser: true,
                });
                if let Some(s) = inner.slots[seat].as_mut() {
                    s.name = Some(name);
                }
            }
        }
        let id = inner.next;
        inner.next += 1;
        let (tx, rx) = sync_channel(LINK_QUEUE);
        // A seat opened again elsewhere (a reload, another tab) is this
        // link's now: the older one is told and closed.
        for &seat in &seats {
            if let Some(old) = inner.slots[seat].as_mut().and_then(|s| s.link.replace(id))
                && let Some(l) = inner.links.remove(&old)
            {
                let _ = l.tx.try_send(text(&ToSeat::Error {
                    message: "this seat was opened in another window".into(),
                }));
            }
            if let Some(s) = inner.slots[seat].as_mut() {
                s.left = None;
            }
        }
        inner.links.insert(id, Link { tx, seats });
        inner.tell_lobby();
        inner.greet(id);
        drop(inner);
        self.pump(socket, id, rx);
    }

    /// Carries one link's messages both ways until it closes.
    fn pump(&self, mut socket: Socket, id: u64, rx: Receiver<String>) {
        let _ = socket
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(20)));
        let _ = socket
            .get_ref()
            .set_write_timeout(Some(Duration::from_secs(5)));
        let mut window = (Instant::now(), 0usize);
        let why = 'link: loop {
            loop {
                match rx.try_recv() {
                    Ok(m) => {
                        if socket.send(Message::text(m)).is_err() {
                            break 'link None;
                        }
                    }
                    Err(std::sync::mpsc::TryRecvError::Empty) => break,
                    // Replaced by a newer link: its last word was sent.
                    Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                        break 'link Some(String::new());
                    }
                }
            }
            let read = socket.read();
            if let Ok(m) = &read {
                // Every frame counts against the flood limit, whatever its
                // kind (binary frames and pings once did not).
                if window.0.elapsed() > FLOOD_WINDOW {
                    window = (Instant::now(), 0);
                }
                window.1 += m.len() + FRAME_COST;
                if window.1 > FLOOD_BYTES {
                    break Some(format!(
                        "more than {} KiB in {} s: cut off",
                        FLOOD_BYTES / 1024,
                        FLOOD_WINDOW.as_secs()
                    ));
                }
            }
            match read {
                Ok(Message::Text(t)) => self.answer(id, t.as_str()),
                Ok(Message::Close(_)) => break None,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    let _ = socket.flush();
                }
                Err(tungstenite::Error::Capacity(_)) => {
                    break Some(format!(
                        "a message longer than {} KiB: cut off",
                        http::MAX_MESSAGE / 1024
                    ));
                }
                Err(_) => break None,
            }
        };
        if let Some(why) = why.filter(|w| !w.is_empty()) {
            self.say(Notice::Refused {
                who: peer(socket.get_ref()),
                why: why.clone(),
            });
            http::close(&mut socket, &why);
        } else {
            let _ = socket.close(None);
            let _ = socket.flush();
        }
        self.detach(id);
    }

    fn detach(&self, id: u64) {
        self.lock().detach(id);
    }

    /// A link's message: an answer for the seat it holds that is waiting.
    fn answer(&self, id: u64, msg: &str) {
        let mut inner = self.lock();
        match kind(msg).as_deref() {
            Some("again") if inner.over.is_some() => return inner.ask_again(id),
            Some("emote") => return inner.emote(id, msg),
            Some("setup") if inner.choosing => {
                if inner.links.get(&id).is_some_and(|l| !l.seats.is_empty()) {
                    inner.setup = Some((id, msg.to_string()));
                }
                return;
            }
            _ => {}
        }
        let Some(link) = inner.links.get(&id) else {
            return;
        };
        let waiting = link
            .seats
            .iter()
            .filter_map(|&s| inner.slots[s].as_ref())
            .find(|s| s.pending.is_some() && s.link == Some(id));
        match waiting {
            Some(s) => {
                let _ = s.answers.try_send((id, msg.to_string()));
            }
            None => {
                let _ = link.tx.try_send(text(&ToSeat::Error {
                    message: "nothing is waiting for an answer from this seat".into(),
                }));
            }
        }
    }

    /// The table after a step: each link is sent what it may see.
    pub fn update(&self, text_now: &str, state: &State, endings: &Ended) {
        let to_move = state.to_move();
        let mut inner = self.lock();
        inner.story.push_str(text_now);
        let mut o = WireObservation::from(&state.observation(to_move.unwrap_or(state.dealer)));
        o.hand.clear();
        o.discard = None;
        let update = |observation| {
            let mut u = Update::new(text_now.to_string(), observation, state);
            (u.trick_won, u.hand_over) = endings.clone();
            u
        };
        inner.public = Some(update(o));
        for seat in 0..4 {
            if let Some(s) = inner.slots[seat].as_mut() {
                s.last = Some(update(shown(&state.observation(seat))));
            }
        }
        let ids: Vec<u64> = inner.links.keys().copied().collect();
        for id in ids {
            if let Some(m) = inner.view(id, false) {
                inner.send(id, m);
            }
        }
    }

    /// The game is over: every link is told, and whether another game can
    /// follow at this table.
    pub fn finish(&self, mut over: Over) {
        let mut inner = self.lock();
        over.again = inner.offers_again();
        inner.again = [false; 4];
        if let Some(g) = inner.games.get_mut(over.winner) {
            *g += 1;
        }
        over.games = Some(inner.games);
        let m = text(&ToSeat::Over(over));
        inner.over = Some(m.clone());
        inner.broadcast(&m);
    }

    /// After a game that offers another: true once every person's seat
    /// has asked for it, false once no browser has been at the table for
    /// `linger` (or the game offered none).
    pub fn wait_again(&self, linger: Duration) -> bool {
        let mut empty_since: Option<Instant> = None;
        loop {
            {
                let inner = self.lock();
                if !inner.offers_again() {
                    return false;
                }
                let people = inner.slots.iter().enumerate().filter(|(_, s)| s.is_some());
                if people.clone().count() > 0 && people.clone().all(|(i, _)| inner.again[i]) {
                    return true;
                }
                if inner.links.is_empty() {
                    let since = *empty_since.get_or_insert_with(Instant::now);
                    if since.elapsed() >= linger {
                        return false;
                    }
                } else {
                    empty_since = None;
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The next game at the same table begins: the last game's story and
    /// decisions are dropped, every open link is greeted anew, and each
    /// remote seat's answers come through a new channel (the last game's
    /// seats went with it).
    pub fn restart(&self, hellos: &[(Seat, Hello)], watch: Hello) -> [Option<Answers>; 4] {
        let mut receivers: [Option<Answers>; 4] = Default::default();
        {
            let mut inner = self.lock();
            inner.story.clear();
            inner.public = None;
            inner.over = None;
            inner.again = [false; 4];
            for (i, slot) in inner.slots.iter_mut().enumerate() {
                if let Some(s) = slot {
                    let (tx, rx) = sync_channel(4);
                    s.answers = tx;
                    s.pending = None;
                    s.last = None;
                    receivers[i] = Some(rx);
                }
            }
        }
        self.start(hellos, watch);
        receivers
    }

    /// Whether `seat` has had no link for at least `d`.
    pub(super) fn empty_for(&self, seat: Seat, d: Duration) -> bool {
        self.lock().slots[seat]
            .as_ref()
            .and_then(|s| s.left)
            .is_some_and(|t| t.elapsed() >= d)
    }

    pub(super) fn set_pending(&self, seat: Seat, msg: Option<String>) {
        let mut inner = self.lock();
        let Some(s) = inner.slots[seat].as_mut() else {
            return;
        };
        s.pending = msg.clone();
        if let (Some(m), Some(id)) = (msg, s.link) {
            inner.send(id, m);
        }
    }

    pub fn tell(&self, id: u64, msg: &ToSeat) {
        self.lock().send(id, text(msg));
    }
}

impl Inner {
    /// A seat's reaction, passed to every link: one of the fixed few, from
    /// a link holding one seat (not a spectator, not a shared device), at
    /// most one a seat every `EMOTE_GAP`; anything else is dropped.
    fn emote(&mut self, id: u64, msg: &str) {
        let Some(link) = self.links.get(&id) else {
            return;
        };
        let emote = serde_json::from_str::<serde_json::Value>(msg)
            .ok()
            .and_then(|v| v.get("emote")?.as_str().map(str::to_string))
            .filter(|e| EMOTES.contains(&e.as_str()));
        let (Some(emote), [seat]) = (emote, link.seats.as_slice()) else {
            return;
        };
        let seat = *seat;
        let Some(slot) = self.slots[seat].as_mut() else {
            return;
        };
        if slot.emoted.is_some_and(|t| t.elapsed() < EMOTE_GAP) {
            return;
        }
        slot.emoted = Some(Instant::now());
        let m = text(&ToSeat::Emote { seat, emote });
        self.broadcast(&m);
    }

    /// Before the game: every link is told who sits where so far. Nothing
    /// until the host has said which seats are bots (`Hub::lobby`).
    fn tell_lobby(&mut self) {
        if self.started {
            return;
        }
        let Some(m) = self.lobby_text() else {
            return;
        };
        self.broadcast(&m);
    }

    /// The waiting room as a message, once the host has said which seats
    /// are bots.
    fn lobby_text(&self) -> Option<String> {
        if self.rules.0 == 0 {
            return None;
        }
        let seats = (0..4)
            .map(|i| {
                let compass = upcard_rules::courses::standard::SEATS[i].to_string();
                let (name, state) = match (&self.slots[i], &self.bots[i]) {
                    (Some(s), _) => match &s.name {
                        Some(n) => (n.clone(), "taken"),
                        None => (compass, "invited"),
                    },
                    (None, Some(_)) => (compass, "bot"),
                    (None, None) => (compass, "program"),
                };
                LobbySeat {
                    seat: i,
                    name,
                    state: state.into(),
                    bot: self.bots[i].clone(),
                }
            })
            .collect();
        Some(text(&ToSeat::Lobby(Lobby {
            seats,
            points_to_win: self.rules.0,
            house: self.rules.1.clone(),
        })))
    }

    /// Another game can follow: every remote seat is a browser's (a program
    /// client over TCP plays one game and is gone).
    fn offers_again(&self) -> bool {
        self.slots.iter().flatten().all(|s| !s.by_tcp) && self.slots.iter().any(Option::is_some)
    }

    /// A link asks for another game for the seats it holds; every link is
    /// told who has asked and who is still to.
    fn ask_again(&mut self, id: u64) {
        let Some(link) = self.links.get(&id) else {
            return;
        };
        if !self.offers_again() || link.seats.is_empty() {
            return;
        }
        for &s in &link.seats.clone() {
            self.again[s] = true;
        }
        let seats = |asked: bool| -> Vec<Seat> {
            (0..4)
                .filter(|&i| self.slots[i].is_some() && self.again[i] == asked)
                .collect()
        };
        let m = text(&ToSeat::Again {
            asked: seats(true),
            waiting: seats(false),
        });
        self.broadcast(&m);
    }

    /// Queues a message for every link.
    fn broadcast(&mut self, m: &str) {
        let ids: Vec<u64> = self.links.keys().copied().collect();
        for id in ids {
            self.send(id, m.to_string());
        }
    }

    /// Queues a message for a link; one whose queue is full has stopped
    /// reading and is cut off (its seat waits for it to come back).
    fn send(&mut self, id: u64, msg: String) {
        let full = match self.links.get(&id) {
            Some(l) => l.tx.try_send(msg).is_err(),
            None => false,
        };
        if full {
            self.say.say(Notice::StoppedReading);
            self.detach(id);
        }
    }

    fn detach(&mut self, id: u64) {
        if let Some(link) = self.links.remove(&id) {
            for seat in link.seats {
                if let Some(s) = self.slots[seat].as_mut()
                    && s.link == Some(id)
                {
                    s.link = None;
                    s.left = Some(Instant::now());
                }
            }
        }
    }

    /// A name no other seat has: "Ann (2)" for a second Ann.
    fn unique(&self, seat: Seat, name: &str) -> String {
        // Against every other seat's name as the table shows it now: a
        // seat not yet named (or a bot's) by its compass name.
        let taken = |n: &str| {
            (0..4).filter(|&i| i != seat).any(|i| {
                let shown = self.slots[i].as_ref().and_then(|s| s.name.as_deref());
                shown.unwrap_or(upcard_rules::courses::standard::SEATS[i]) == n
            })
        };
        let mut unique = name.to_string();
        let mut k = 2;
        while taken(&unique) {
            unique = format!("{name} ({k})");
            k += 1;
        }
        unique
    }

    /// What link `id` is shown of the table: its own seat's view, or the
    /// table without hands when it holds several seats (a device passed
    /// between people) or none (a spectator).
    fn view(&self, id: u64, whole_story: bool) -> Option<String> {
        let link = self.links.get(&id)?;
        let mut update = match link.seats.as_slice() {
            [one] => self.slots[*one].as_ref()?.last.clone()?,
            _ => self.public.clone()?,
        };
        if whole_story {
            update.text = self.story.clone();
        }
        Some(text(&ToSeat::Update(update)))
    }

    /// Sends a link that opened (or the game that began) the greeting, the
    /// table as it is, and a decision waiting for it or the game's end.
    fn greet(&mut self, id: u64) {
        let Some(link) = self.links.get(&id) else {
            return;
        };
        if !self.started {
            // The host's page (a link holding the device's seats): asked to
            // choose the table, or sent the friends' links it chose. A
            // friend's link holds a seat too, but is no host: a friend sent
            // the others' links could take their seats and see their hands.
            let host = link
                .seats
                .iter()
                .any(|&s| self.slots[s].as_ref().is_some_and(|s| s.device));
            let m = match (&self.invites, self.choosing) {
                (Some(i), _) if host => Some(i.clone()),
                (None, true) if host => Some(text(&ToSeat::Choose {})),
                _ => None,
            };
            if let Some(m) = m {
                self.send(id, m);
            }
            return;
        }
        // Who sits where (the bots by kind) before the game's greeting.
        let mut msgs: Vec<String> = self.lobby_text().into_iter().collect();
        if link.seats.is_empty() {
            msgs.extend(self.watch_hello.clone());
        }
        for &s in &link.seats {
            msgs.extend(self.slots[s].as_ref().and_then(|s| s.hello.clone()));
        }
        msgs.extend(self.view(id, true));
        match &self.over {
            Some(o) => msgs.push(o.clone()),
            None => {
                for &s in &link.seats {
                    msgs.extend(self.slots[s].as_ref().and_then(|s| s.pending.clone()));
                }
            }
        }
        for m in msgs {
            self.send(id, m);
        }
    }
}

/// A browser's message's `type` (`again`, `emote`); an answer has none.
fn kind(msg: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(msg).ok()?;
    v.get("type")?.as_str().map(str::to_string)
}

/// A seat's observation for a person's screen: the hand in the order it is
/// shown at the terminal (trump, or the upcard's suit, first).
pub(super) fn shown(obs: &Observation) -> WireObservation {
    let mut o = WireObservation::from(obs);
    let order = upcard_rules::courses::standard::display_order(
        obs.hand,
        obs.trump.or(obs.upcard.map(|u| u.suit())),
    );
    o.hand = order.iter().map(|c| c.short().to_string()).collect();
    o
}

/// A message as a socket's text (no newline).
pub(super) fn text(msg: &ToSeat) -> String {
    let mut l = line(msg);
    l.pop();
    l
}
