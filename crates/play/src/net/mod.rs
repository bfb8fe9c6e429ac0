//! The network door of `upcard serve` and `upcard play --web`: one port for
//! the seat protocol's JSON lines (`upcard join`, programs) and for
//! browsers (the page, and the WebSocket that carries the same messages).
//!
//! Every connection is read on a thread of its own, against a deadline, so
//! a client that sends half a line (or nothing) costs one thread for five
//! seconds and delays nobody; at most [`MAX_HANDSHAKES`] are read at once,
//! and a connection past that closes the oldest one still silent: idle
//! connections cannot keep a real client out (a client that says who it is
//! at once is never the oldest). Who may sit where is the [`hub::Hub`]'s
//! business, not the door's.
//!
//! Built on `std::net` threads with `httparse` and `tungstenite` (the HTTP
//! and WebSocket parsers hyper and tokio-tungstenite use) rather than an
//! async stack: a table has four seats and a few spectators, the game's
//! agents are synchronous, and the two crates add little to the binary.

pub mod endings;
pub mod http;
pub mod hub;
pub mod notice;
pub mod page;
pub mod table;
pub mod web_seat;

use std::collections::VecDeque;
use std::io::Read;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use upcard_seat::protocol::{self, FromClient, ToSeat, line};

/// Connections being read (their first line, or their HTTP request) at once.
pub const MAX_HANDSHAKES: usize = 256;
/// How long a connection has to send its first line or request whole.
pub const HANDSHAKE_TIME: Duration = Duration::from_secs(5);
/// The longest first line (a `join`) or HTTP request head.
pub const MAX_HEAD: usize = 8 * 1024;

/// A client's `join`, whichever way it came.
#[derive(Clone, Debug)]
pub struct Join {
    pub name: String,
    pub token: Option<String>,
    pub table: bool,
}

impl Join {
    pub fn read(text: &str) -> Option<Join> {
        protocol::read::<FromClient>(text)
            .ok()
            .map(|FromClient::Join { name, token, table }| Join {
                name: name.trim().to_string(),
                token,
                table,
            })
    }
}

/// Opens the door: a thread accepting on `listener` for as long as the
/// process runs, handing each connection to `hub` once it has said who it is.
pub fn open(listener: TcpListener, hub: Arc<hub::Hub>) -> SocketAddr {
    let addr = listener
        .local_addr()
        .unwrap_or_else(|_| SocketAddr::from(([0, 0, 0, 0], 0)));
    let waiting = Arc::new(Mutex::new(Waiting::default()));
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let Some(id) = waiting.lock().ok().and_then(|mut w| w.add(&stream)) else {
                continue;
            };
            let (hub, waiting) = (hub.clone(), waiting.clone());
            let spawned = std::thread::Builder::new().spawn(move || {
                let arrived = greet(stream, &hub);
                if let Ok(mut w) = waiting.lock() {
                    w.done(id);
                }
                if let Some(a) = arrived {
                    hub.arrive(a);
                }
            });
            // No thread: the stream went with the closure, closed; its
            // entry is closed with the next that makes room.
            drop(spawned);
        }
    });
    addr
}

/// The connections still saying who they are, oldest first.
#[derive(Default)]
struct Waiting {
    next: u64,
    open: VecDeque<(u64, TcpStream)>,
}

impl Waiting {
    /// Takes a new connection in, closing the oldest when all
    /// [`MAX_HANDSHAKES`] are taken; its number, or None when it cannot be
    /// watched (no descriptor left: it is closed unread).
    fn add(&mut self, stream: &TcpStream) -> Option<u64> {
        while self.open.len() >= MAX_HANDSHAKES {
            if let Some((_, old)) = self.open.pop_front() {
                // Its thread's read ends at once, and the thread with it.
                let _ = old.shutdown(Shutdown::Both);
            }
        }
        let copy = stream.try_clone().ok()?;
        self.next += 1;
        self.open.push_back((self.next, copy));
        Some(self.next)
    }

    fn done(&mut self, id: u64) {
        if let Some(i) = self.open.iter().position(|(n, _)| *n == id) {
            self.open.remove(i);
        }
    }
}

/// A connection that has said who it is.
pub enum Arrival {
    /// A seat-protocol client over TCP, its `join` read.
    Line { stream: TcpStream, join: Join },
    /// A browser's WebSocket, its first message (a `join`) read.
    Socket {
        socket: Box<http::Socket>,
        join: Join,
    },
}

/// Reads what a new connection says first, within [`HANDSHAKE_TIME`]:
/// a `join` line, or an HTTP request (answered here unless it opens a
/// WebSocket).
fn greet(stream: TcpStream, hub: &hub::Hub) -> Option<Arrival> {
    let deadline = Instant::now() + HANDSHAKE_TIME;
    let _ = stream.set_nodelay(true);
    let mut first = [0u8; 1];
    let _ = stream.set_read_timeout(Some(HANDSHAKE_TIME));
    match stream.peek(&mut first) {
        Ok(1) => {}
        _ => return None,
    }
    if first[0] == b'{' {
        let text = read_line(&stream, deadline)?;
        return match Join::read(&text) {
            Some(join) => Some(Arrival::Line { stream, join }),
            None => {
                let msg = ToSeat::Error {
                    message: r#"send {"type":"join","name":"NAME"} first"#.into(),
                };
                (&stream).write_all_once(&line(&msg));
                hub.say(notice::Notice::NotAJoin { who: peer(&stream) });
                None
            }
        };
    }
    http::serve(stream, deadline, hub.web(), &|t| hub.knows(t))
}

/// The peer's address, for messages.
pub fn peer(stream: &TcpStream) -> String {
    stream
        .peer_addr()
        .map_or_else(|_| "a client".to_string(), |a| a.to_string())
}

/// One line, read a byte at a time (nothing past its newline is taken
/// from the stream, which the seat then reads on), within `deadline`.
fn read_line(mut stream: &TcpStream, deadline: Instant) -> Option<String> {
    let mut buf = Vec::new();
    let mut byte = [0u8; 1];
    while buf.len() <= MAX_HEAD {
        let left = deadline.checked_duration_since(Instant::now())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .ok()?;
        match stream.read(&mut byte) {
            Ok(1) if byte[0] == b'\n' => return String::from_utf8(buf).ok(),
            Ok(1) => buf.push(byte[0]),
            _ => return None,
        }
    }
    None
}

/// Writes once, ignoring failure: the peer may already be gone.
trait WriteOnce {
    fn write_all_once(self, text: &str);
}

impl WriteOnce for &TcpStream {
    fn write_all_once(mut self, text: &str) {
        use std::io::Write;
        let _ = self.set_write_timeout(Some(Duration::from_secs(1)));
        let _ = self.write_all(text.as_bytes());
    }
}

/// A secret for a link: 128 bits from the system's random source, as hex.
pub fn token(say: &notice::Say) -> String {
    let mut b = [0u8; 16];
    if std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut b))
        .is_err()
    {
        // No random source: the time and the process, which is guessable;
        // said so.
        say.say(notice::Notice::WeakTokens);
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        b = (t ^ u128::from(std::process::id())).to_le_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Compares a token in time independent of where it first differs.
pub fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}
