//! Just enough HTTP/1.1 for the page and its WebSocket: one GET per
//! connection, read whole within the handshake's deadline, answered and
//! closed, or upgraded to a WebSocket (RFC 6455, by `tungstenite`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::{Arrival, Join, MAX_HEAD, page};

/// The largest message a browser may send (a `join` or an answer is tiny).
pub const MAX_MESSAGE: usize = 16 * 1024;

pub type Socket = WebSocket<TcpStream>;

/// What the page is opened as, from its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Page,
    Socket,
    NotFound,
}

/// `/seat/TOKEN`, `/play/TOKEN` and `/watch/TOKEN` are the page (it reads
/// its path) when `known(TOKEN)`, the table's; `/ws` its socket.
pub fn route(path: &str, known: &dyn Fn(&str) -> bool) -> Route {
    let path = path.split(['?', '#']).next().unwrap_or("");
    let token_ok =
        |t: &str| !t.is_empty() && t.len() <= 64 && t.bytes().all(|b| b.is_ascii_alphanumeric());
    match path {
        "/ws" => Route::Socket,
        _ => match path.strip_prefix('/').and_then(|p| p.split_once('/')) {
            Some(("seat" | "play" | "watch", t)) if token_ok(t) && known(t) => Route::Page,
            _ => Route::NotFound,
        },
    }
}

/// The page's policy: nothing fetched but its own socket, and no script
/// but its own, by the SHA-256 of its one inline script (an injected
/// script would not run).
fn policy() -> &'static str {
    static POLICY: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        use base64::Engine;
        use sha2::Digest;
        let page = page::PAGE.as_str();
        let script = page
            .split_once("<script>")
            .and_then(|(_, rest)| rest.split_once("</script>"))
            .map_or("", |(s, _)| s);
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script));
        format!(
            "default-src 'none'; script-src 'sha256-{hash}'; style-src 'unsafe-inline'; \
             connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'"
        )
    });
    &POLICY
}

/// What the door needs of a request head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub path: String,
    /// `Sec-WebSocket-Key` of a request that asks to upgrade to a WebSocket.
    pub websocket_key: Option<String>,
}

impl Request {
    /// A whole request head (up to its blank line): a GET, or the status
    /// to answer with.
    pub fn read(head: &[u8]) -> Result<Request, &'static str> {
        let mut headers = [httparse::EMPTY_HEADER; 32];
        let mut req = httparse::Request::new(&mut headers);
        match req.parse(head) {
            Ok(httparse::Status::Complete(_)) => {}
            Ok(httparse::Status::Partial) | Err(_) => return Err("400 Bad Request"),
        }
        if req.method != Some("GET") {
            return Err("405 Method Not Allowed");
        }
        let header = |name: &str| {
            req.headers
                .iter()
                .find(|h| h.name.eq_ignore_ascii_case(name))
                .and_then(|h| std::str::from_utf8(h.value).ok())
        };
        let upgrade = header("upgrade").is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
        Ok(Request {
            path: req.path.unwrap_or("/").to_string(),
            websocket_key: header("sec-websocket-key")
                .filter(|_| upgrade)
                .map(str::to_string),
        })
    }
}

fn respond(mut stream: &TcpStream, status: &str, kind: &str, body: &[u8]) {
    // The page is the whole app: no cache (a new game is a new page), no
    // referrer (the link's token stays in the address bar), and a policy
    // that lets it fetch nothing but its own socket.
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         Referrer-Policy: no-referrer\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n\
         Content-Security-Policy: {}\r\nConnection: close\r\n\r\n",
        body.len(),
        policy()
    );
    let _ = stream.set_write_timeout(Some(Duration::from_secs(5)));
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

/// The request's head (up to its blank line) read within `deadline`: the
/// bytes read and where the head ends. None: the client went, was too slow
/// or sent too much (answered).
fn read_head(stream: &mut TcpStream, deadline: Instant) -> Option<(Vec<u8>, usize)> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let head_len = loop {
        if let Some(i) = find(&buf, b"\r\n\r\n") {
            break i + 4;
        }
        if buf.len() > MAX_HEAD {
            respond(
                stream,
                "431 Request Header Fields Too Large",
                "text/plain",
                b"too large\n",
            );
            return None;
        }
        let left = deadline.checked_duration_since(Instant::now())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .ok()?;
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    };
    Some((buf, head_len))
}

/// A WebSocket's upgrade, then its first message, which must be a join.
fn upgrade(
    mut stream: TcpStream,
    key: Option<String>,
    rest: &[u8],
    deadline: Instant,
) -> Option<Arrival> {
    let Some(key) = key else {
        respond(
            &stream,
            "400 Bad Request",
            "text/plain",
            b"a WebSocket only\n",
        );
        return None;
    };
    let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
    let reply = format!(
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n"
    );
    stream.write_all(reply.as_bytes()).ok()?;
    let rest = rest.to_vec();
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE));
    let mut socket = WebSocket::from_partially_read(stream, rest, Role::Server, Some(config));
    // The page sends its join as soon as the socket opens.
    let join = loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        socket
            .get_ref()
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .ok()?;
        match socket.read() {
            Ok(Message::Text(t)) => break Join::read(t.as_str()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    };
    match join {
        Some(join) => Some(Arrival::Socket {
            socket: Box::new(socket),
            join,
        }),
        None => {
            close(&mut socket, r#"send {"type":"join","name":"NAME"} first"#);
            None
        }
    }
}

/// Reads one request within `deadline` and answers it; a WebSocket's first
/// message (its `join`) is read too and handed back.
pub fn serve(
    mut stream: TcpStream,
    deadline: Instant,
    web: bool,
    known: &dyn Fn(&str) -> bool,
) -> Option<Arrival> {
    let (buf, head_len) = read_head(&mut stream, deadline)?;
    let request = match Request::read(&buf[..head_len]) {
        Ok(r) => r,
        Err(status) => {
            respond(&stream, status, "text/plain", b"bad request\n");
            return None;
        }
    };
    if !web {
        respond(
            &stream,
            "404 Not Found",
            "text/plain; charset=utf-8",
            b"This table seats seat-protocol clients (upcard join); start upcard serve with --web for browsers.\n",
        );
        return None;
    }
    match route(&request.path, known) {
        Route::Page => {
            respond(
                &stream,
                "200 OK",
                "text/html; charset=utf-8",
                page::PAGE.as_bytes(),
            );
            None
        }
        Route::NotFound => {
            // A seat's link with a wrong token says so before anything
            // asks for a name.
            respond(
                &stream,
                "404 Not Found",
                "text/plain; charset=utf-8",
                b"This link is not a seat at this table: check the link the host sent you.\n",
            );
            None
        }
        Route::Socket => upgrade(stream, request.websocket_key, &buf[head_len..], deadline),
    }
}

/// Closes a socket with a reason the page shows.
pub fn close(socket: &mut Socket, reason: &str) {
    use tungstenite::protocol::CloseFrame;
    use tungstenite::protocol::frame::coding::CloseCode;
    let error = upcard_seat::protocol::line(&upcard_seat::protocol::ToSeat::Error {
        message: reason.to_string(),
    });
    let _ = socket.send(Message::text(error.trim_end()));
    // A close frame's reason is at most 123 bytes.
    let short: String = reason.chars().take(60).collect();
    let _ = socket.close(Some(CloseFrame {
        code: CloseCode::Policy,
        reason: short.into(),
    }));
    let _ = socket.flush();
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_heads() {
        let ws = b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
        assert_eq!(
            Request::read(ws),
            Ok(Request {
                path: "/ws".into(),
                websocket_key: Some("dGhlIHNhbXBsZSBub25jZQ==".into())
            })
        );
        let page = b"GET /seat/ab12 HTTP/1.1\r\nHost: x\r\nSec-WebSocket-Key: k\r\n\r\n";
        assert_eq!(
            Request::read(page).unwrap().websocket_key,
            None,
            "no upgrade asked"
        );
        assert_eq!(
            Request::read(b"POST / HTTP/1.1\r\n\r\n"),
            Err("405 Method Not Allowed")
        );
        assert_eq!(
            Request::read(b"GET / HTTP/1.1\r\nHost"),
            Err("400 Bad Request")
        );
        assert_eq!(Request::read(b"\x00\x01\r\n\r\n"), Err("400 Bad Request"));
    }

    #[test]
    fn routes() {
        let known = |t: &str| t == "ab12";
        let route = |p: &str| route(p, &known);
        assert_eq!(route("/ws"), Route::Socket);
        assert_eq!(route("/play/ab12"), Route::Page);
        assert_eq!(route("/seat/ab12?x=1"), Route::Page);
        assert_eq!(route("/watch/ab12#m"), Route::Page);
        // A token the table does not know is no page.
        assert_eq!(route("/seat/ab13"), Route::NotFound);
        assert_eq!(route("/seat/"), Route::NotFound);
        assert_eq!(route("/seat/a/b"), Route::NotFound);
        assert_eq!(route("/seat/<script>"), Route::NotFound);
        assert_eq!(route("/"), Route::NotFound);
        assert_eq!(route("/etc/passwd"), Route::NotFound);
    }

    #[test]
    fn the_policy_lets_only_the_pages_own_script_run() {
        let p = policy();
        assert!(!p.contains("script-src 'unsafe-inline'"), "{p}");
        let hash = p
            .split("script-src 'sha256-")
            .nth(1)
            .and_then(|r| r.split_once('\''))
            .map(|(h, _)| h)
            .unwrap();
        assert_eq!(hash.len(), 44, "{p}");
    }
}
