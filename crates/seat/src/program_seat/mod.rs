//! A seat taken by a program speaking the seat protocol (docs/seat-protocol.md)
//! on its standard input and output, or by a client over TCP. A program that
//! misbehaves is stopped, told off on standard error, its fault recorded, and
//! a bot plays its seat from then on: the game never waits on it for longer
//! than the time limit.
//!
//! The connection ([`Connection`]) is apart from the game's seat
//! ([`ProgramSeat`]) so that a program that stays (`"stay": true`) can be
//! handed from one game of a match to the next.

mod echo;
mod launch;
mod lines;
mod table;

use std::cell::RefCell;
use std::io::Write;
use std::os::fd::OwnedFd;
use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::protocol::{Answer, Decide, Hello, Over, ToSeat, line};
pub use echo::{Echo, Notice};
pub use launch::{Launch, STDERR_TAIL, SeatSandbox};
use launch::{Process, StderrTail};
use lines::Lines;
use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, Observation, PlayerError, Seen};

/// The longest line a program may answer with.
pub const MAX_LINE: usize = 64 * 1024;

/// How long a program has to exit after `over` (or, when it stays, after
/// its standard input closes) before its process group is stopped.
pub const GRACE: Duration = Duration::from_secs(2);

/// What went wrong with a seat's program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// It could not be started.
    CouldNotStart,
    /// It ended, or its connection dropped, before the game did.
    Ended,
    /// No answer within the time limit.
    Timeout,
    /// An answer that is not `{"action": …}` JSON, or not one line of UTF-8
    /// of at most 64 KiB.
    Unparsable,
    /// An action that is not among the lawful ones.
    Unlawful,
    /// A line sent when no `decide` was waiting for it.
    Unasked,
}

impl FaultKind {
    pub const ALL: [FaultKind; 6] = [
        FaultKind::CouldNotStart,
        FaultKind::Ended,
        FaultKind::Timeout,
        FaultKind::Unparsable,
        FaultKind::Unlawful,
        FaultKind::Unasked,
    ];

    /// As reports name it.
    pub fn name(self) -> &'static str {
        match self {
            FaultKind::CouldNotStart => "could not start",
            FaultKind::Ended => "ended",
            FaultKind::Timeout => "timeout",
            FaultKind::Unparsable => "unparsable",
            FaultKind::Unlawful => "unlawful",
            FaultKind::Unasked => "unasked",
        }
    }
}

/// One fault: its kind and what happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    pub message: String,
}

/// What a seat's program did in one game, for the arena's report: its
/// faults, the round trip of each `decide`, how long it took to start
/// (spawn to its first answer, which is not counted as a decision), and
/// the end of its standard error once it has stopped after a fault.
#[derive(Clone, Debug, Default)]
pub struct SeatLog {
    pub faults: Vec<Fault>,
    pub decisions: Vec<Duration>,
    pub startups: Vec<Duration>,
    pub stderr: Option<String>,
}

/// A program's (or client's) connection: the protocol's lines both ways.
pub struct Connection {
    label: String,
    process: Option<Process>,
    /// What a program writes on its standard error (its end kept).
    stderr: Option<StderrTail>,
    stdin: Option<Box<dyn Write + Send>>,
    /// A network seat's connection, shut down when the seat is given up.
    socket: Option<std::net::TcpStream>,
    lines: Lines,
    /// It answered `"stay": true`: it plays the next game of a match.
    stays: bool,
    /// When it was started, until its first answer (its start-up time).
    started: Option<Instant>,
    /// Who is told of its faults as they happen (`Launch::echo`).
    echo: Echo,
}

/// The words of an `exec:` command line: shell quoting, no shell.
pub fn command_words(command: &str) -> Result<Vec<String>, String> {
    match shlex::split(command) {
        Some(w) if !w.is_empty() => Ok(w),
        _ => Err(format!(
            "{command:?} is not a command line (unbalanced quotes, or empty)"
        )),
    }
}

impl Connection {
    /// Starts `command` (a program and its arguments, split as a shell
    /// would, without a shell) as `launch` says: in a sandbox of its own,
    /// or in a process group of its own with the user's rights.
    pub fn start(command: &str, label: String, launch: &Launch) -> Result<Connection, String> {
        let words = command_words(command)?;
        let started =
            launch::start(&words, launch).map_err(|e| format!("cannot start {command}: {e}"))?;
        let mut c = Connection::over(
            label,
            started.stdout.into(),
            Some(Box::new(started.stdin)),
            Some(started.process),
            None,
        );
        c.stderr = Some(started.stderr);
        c.started = Some(Instant::now());
        c.echo = launch.echo.clone();
        Ok(c)
    }

    /// A client at the other end of `socket` (upcard serve); its faults are
    /// told to `echo`.
    pub fn remote(
        label: String,
        socket: std::net::TcpStream,
        echo: Echo,
    ) -> Result<Connection, String> {
        let reader = socket.try_clone().map_err(|e| e.to_string())?;
        let writer = socket.try_clone().map_err(|e| e.to_string())?;
        // A client that stops reading cannot hold the game up.
        let _ = writer.set_write_timeout(Some(Duration::from_secs(5)));
        let _ = reader.set_read_timeout(None);
        let mut c = Connection::over(
            label,
            reader.into(),
            Some(Box::new(writer)),
            None,
            Some(socket),
        );
        c.echo = echo;
        Ok(c)
    }

    fn over(
        label: String,
        stdout: OwnedFd,
        stdin: Option<Box<dyn Write + Send>>,
        process: Option<Process>,
        socket: Option<std::net::TcpStream>,
    ) -> Connection {
        Connection {
            label,
            process,
            stderr: None,
            stdin,
            socket,
            lines: Lines::new(stdout),
            stays: false,
            started: None,
            echo: Echo::NONE,
        }
    }

    /// Whether it said it plays the next game of a match.
    pub fn stays(&self) -> bool {
        self.stays
    }

    fn send(&mut self, text: &str) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .is_ok()
    }

    /// Closes its input (its end of the game, or of the match) and gives a
    /// program [`GRACE`] to exit before its process group is stopped.
    pub fn close(mut self) {
        if let Some(p) = self.process.as_mut() {
            p.pause(false);
        }
        self.stdin = None;
        if let Some(s) = self.socket.take() {
            let _ = s.shutdown(std::net::Shutdown::Write);
        }
        if let Some(mut p) = self.process.take() {
            let deadline = Instant::now() + GRACE;
            while Instant::now() < deadline {
                if p.ended() {
                    // Everything it started is ended with it.
                    p.stop();
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            self.process = Some(p);
        }
        // Drop stops what is left.
    }

    fn stop(&mut self) {
        self.stdin = None;
        if let Some(s) = self.socket.take() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
        if let Some(mut p) = self.process.take() {
            p.stop();
        }
    }

    /// The end of what its program wrote on standard error, once stopped.
    fn stderr_tail(&mut self) -> Option<String> {
        self.stop();
        let text = self.stderr.as_ref()?.text(Duration::from_millis(500));
        (!text.is_empty()).then_some(text)
    }

    /// Its answer to one decision, the round trip's time, or its fault.
    fn ask(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        timeout: Duration,
    ) -> Result<(Action, Duration), Fault> {
        let fault = |kind: FaultKind, message: String| Fault { kind, message };
        // A line written before the question is not an answer to it (a
        // double click would answer the next decision): a fault.
        if let Some(l) = self.lines.next(Duration::ZERO)? {
            let shown: String = l.chars().take(80).collect();
            return Err(fault(
                FaultKind::Unasked,
                format!("it sent {shown:?} before it was asked"),
            ));
        }
        let msg = ToSeat::Decide(Decide::new(obs, legal));
        let start = Instant::now();
        if !self.send(&line(&msg)) {
            return Err(fault(
                FaultKind::Ended,
                "it ended (its standard input closed)".into(),
            ));
        }
        let text = self.answer(start, timeout)?;
        let took = start.elapsed();
        let (action, stay) = parse_answer(&text, legal)?;
        self.stays |= stay;
        Ok((action, took))
    }
}

impl Connection {
    /// The answer line to the decision asked at `start`. The time limit is
    /// of the program's own CPU time where the sandbox counts it (a
    /// program kept from the CPU by other seats' processes is not timed
    /// out for it), with [`WALL_CEILING`] times the limit on the clock as
    /// the bound; elsewhere, of the clock.
    fn answer(&mut self, start: Instant, timeout: Duration) -> Result<String, Fault> {
        let fault = |kind: FaultKind, message: String| Fault { kind, message };
        let cpu = |c: &mut Connection| c.process.as_mut().and_then(|p| p.cpu_time());
        let before = cpu(self);
        let ceiling = timeout * WALL_CEILING;
        let mut wait = timeout;
        loop {
            if let Some(l) = self.lines.next(wait)? {
                return Ok(l);
            }
            let used = before.zip(cpu(self)).map(|(a, b)| b.saturating_sub(a));
            let waited = start.elapsed();
            match used {
                Some(used) if used < timeout && waited < ceiling => {
                    // Its CPU time is what is left to wait, at least a tick.
                    wait = (timeout - used)
                        .max(Duration::from_millis(10))
                        .min(ceiling - waited);
                }
                Some(_) if waited < ceiling => {
                    return Err(fault(
                        FaultKind::Timeout,
                        format!(
                            "no answer within {} s of its CPU time",
                            timeout.as_secs_f64()
                        ),
                    ));
                }
                Some(_) => {
                    return Err(fault(
                        FaultKind::Timeout,
                        format!("no answer within {} s on the clock", ceiling.as_secs_f64()),
                    ));
                }
                None => {
                    return Err(fault(
                        FaultKind::Timeout,
                        format!("no answer within {} s", timeout.as_secs_f64()),
                    ));
                }
            }
        }
    }
}

/// How many times its time limit a program's decision may take on the
/// clock when its CPU time is what is limited (a program that sleeps
/// spends none).
const WALL_CEILING: u32 = 2;

impl Drop for Connection {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A program's answer line, `{"action": "…"}` naming one of `legal`, and
/// whether it stays for the next game.
pub fn parse_answer(text: &str, legal: &[Action]) -> Result<(Action, bool), Fault> {
    let shown: String = text.chars().take(80).collect();
    let unparsable = |message| Fault {
        kind: FaultKind::Unparsable,
        message,
    };
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| unparsable(format!("its answer {shown:?} is not JSON ({e})")))?;
    let answer: Answer = serde_json::from_value(value).map_err(|e| {
        unparsable(format!(
            "its answer {shown:?} is not {{\"action\": \"…\"}} ({e})"
        ))
    })?;
    let action = answer
        .action
        .parse::<Action>()
        .ok()
        .filter(|a| legal.contains(a))
        .ok_or_else(|| {
            let texts: Vec<String> = legal.iter().map(|a| a.short()).collect();
            Fault {
                kind: FaultKind::Unlawful,
                message: format!(
                    "{:?} is not one of the lawful actions ({})",
                    answer.action,
                    texts.join(", ")
                ),
            }
        })?;
    Ok((action, answer.stay))
}

/// A seat of one game played by a connection.
pub struct ProgramSeat {
    conn: Option<Connection>,
    timeout: Duration,
    /// Who plays on after a fault (None: the game ends).
    fallback: Option<Box<dyn Agent>>,
    fallback_name: String,
    log: SeatLog,
    /// A connection that stays is kept here after `over`, for the next game.
    kept: Option<Connection>,
    /// Who is told of its faults as they happen (else only the log has them).
    echo: Echo,
}

impl ProgramSeat {
    /// The seat played by `conn`, greeted with `hello`. A connection that
    /// cannot take the greeting is a fault: the fallback plays from the start.
    pub fn new(
        mut conn: Connection,
        hello: &Hello,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> ProgramSeat {
        let greeted = conn.send(&line(&ToSeat::Hello(hello.clone())));
        let echo = conn.echo.clone();
        let mut seat = ProgramSeat::with(Some(conn), timeout, fallback, fallback_name);
        seat.echo = echo;
        if !greeted {
            seat.give_up(Fault {
                kind: FaultKind::Ended,
                message: "it ended (its standard input closed)".into(),
            });
        }
        seat
    }

    /// Starts `command` for a seat as `launch` says; a program that cannot
    /// start is a fault of the seat (the fallback plays it, or with none the
    /// game ends at its first decision).
    pub fn start(
        command: &str,
        launch: &Launch,
        label: String,
        hello: &Hello,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> ProgramSeat {
        match Connection::start(command, label.clone(), launch) {
            Ok(c) => ProgramSeat::new(c, hello, timeout, fallback, fallback_name),
            Err(e) => {
                let mut seat = ProgramSeat::with(None, timeout, fallback, fallback_name);
                seat.echo = launch.echo.clone();
                seat.report(
                    &label,
                    Fault {
                        kind: FaultKind::CouldNotStart,
                        message: e,
                    },
                );
                seat
            }
        }
    }

    fn with(
        conn: Option<Connection>,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> ProgramSeat {
        ProgramSeat {
            conn,
            timeout,
            fallback,
            fallback_name: fallback_name.to_string(),
            log: SeatLog::default(),
            kept: None,
            echo: Echo::NONE,
        }
    }

    /// No bot plays on after a fault: the game ends there (`--on-fault end`).
    pub fn without_fallback(mut self) -> ProgramSeat {
        self.fallback = None;
        self
    }

    /// The fault that took the seat from its program, if one did.
    pub fn fault(&self) -> Option<Fault> {
        self.log.faults.first().cloned()
    }

    /// What the seat's program did (taken: the next call finds it empty).
    pub fn log(&mut self) -> SeatLog {
        std::mem::take(&mut self.log)
    }

    /// Sends its client a message no answer is asked for (an `update`). A
    /// client that does not take it within its socket's write time limit
    /// has stopped reading: the seat is taken from it.
    pub fn tell(&mut self, msg: &ToSeat) {
        if let Some(conn) = self.conn.as_mut()
            && !conn.send(&line(msg))
        {
            self.give_up(Fault {
                kind: FaultKind::Ended,
                message: "it stopped reading what the table sends".into(),
            });
        }
    }

    /// After the game: the connection, if it stays for the next one.
    pub fn take_kept(&mut self) -> Option<Connection> {
        self.kept.take()
    }

    fn report(&mut self, label: &str, fault: Fault) {
        self.echo.say(Notice::Fault {
            label,
            message: &fault.message,
            then: self.fallback.as_ref().map(|_| self.fallback_name.as_str()),
        });
        self.log.faults.push(fault);
    }

    fn give_up(&mut self, fault: Fault) {
        if let Some(mut conn) = self.conn.take() {
            let label = conn.label.clone();
            self.log.stderr = conn.stderr_tail();
            drop(conn);
            self.report(&label, fault);
        }
    }
}

impl Agent for ProgramSeat {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        if let Some(conn) = self.conn.as_mut() {
            match conn.ask(obs, legal, self.timeout) {
                Ok((a, took)) => {
                    let log = &mut self.log;
                    // A fresh program's first answer includes its start-up.
                    match conn.started.take() {
                        Some(t) => log.startups.push(t.elapsed()),
                        None => log.decisions.push(took),
                    }
                    return Ok(Decision::new(a));
                }
                Err(fault) => self.give_up(fault),
            }
        }
        match self.fallback.as_mut() {
            Some(f) => f.choose(obs, legal, notes),
            // --on-fault end: the game stops here, every finished hand kept.
            None => Err(PlayerError::Quit),
        }
    }

    fn finished(&mut self, winner: usize, scores: [u32; 2]) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        conn.send(&line(&ToSeat::Over(Over {
            winner,
            scores,
            hands: Vec::new(),
            again: false,
            games: None,
        })));
        if conn.stays {
            self.kept = Some(conn);
        } else {
            conn.close();
        }
    }
}

impl Connection {
    /// Stops a program that stays from running while it waits for its
    /// next game (`reuse` lets it go on): frozen, it reads no store and
    /// watches no other seat, and it holds no CPU.
    pub fn park(&mut self) {
        if let Some(p) = self.process.as_mut() {
            p.pause(true);
        }
    }

    /// Names a connection kept from an earlier game for its next one, if
    /// its program still runs (a [`ProgramSeat`] then greets it), let go on.
    pub fn reuse(mut self, label: String) -> Option<Connection> {
        if let Some(p) = self.process.as_mut() {
            p.pause(false);
            if p.ended() {
                return None;
            }
        }
        self.label = label;
        Some(self)
    }
}

impl Drop for ProgramSeat {
    /// A program that stayed but is not handed on closes as at a game's end.
    fn drop(&mut self) {
        if let Some(c) = self.kept.take() {
            c.close();
        }
    }
}

/// A [`ProgramSeat`] the game plays through while its owner keeps a handle
/// to read its log and take back a connection that stays.
pub struct Shared(pub Rc<RefCell<ProgramSeat>>);

impl Agent for Shared {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        self.0.borrow_mut().choose(obs, legal, notes)
    }

    fn finished(&mut self, winner: usize, scores: [u32; 2]) {
        self.0.borrow_mut().finished(winner, scores);
    }
}
