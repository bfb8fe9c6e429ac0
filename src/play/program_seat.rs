//! A seat taken by a program speaking the seat protocol (docs/seat-protocol.md)
//! on its standard input and output. A program that misbehaves is stopped,
//! told off on standard error, and a bot plays its seat from then on: the
//! game never waits on it for longer than the time limit.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, sync_channel};
use std::time::Duration;

use serde_json::{Value, json};

use crate::agents::{Agent, Decision, Observation, PlayerError};
use crate::engine::{Action, EventSink, Seat};
use crate::play::save::{action_text, parse_action};

/// The longest line a program may answer with.
pub const MAX_LINE: usize = 64 * 1024;

pub struct ProgramSeat {
    label: String,
    child: Option<Child>,
    stdin: Option<Box<dyn Write + Send>>,
    /// A network seat's connection, shut down when the seat is given up.
    socket: Option<std::net::TcpStream>,
    lines: Receiver<Result<String, String>>,
    timeout: Duration,
    /// Who plays on after a fault (None: the game ends).
    fallback: Option<Box<dyn Agent>>,
    fallback_name: String,
    faulted: bool,
    /// What went wrong, once it did (for callers and tests).
    pub fault: Option<String>,
}

/// The observation as the protocol sends it.
pub fn observation_json(obs: &Observation) -> Value {
    let card = |c: crate::cards::Card| c.short().to_string();
    let pairs = |v: &[(Seat, crate::cards::Card)]| -> Vec<Value> {
        v.iter().map(|&(s, c)| json!([s, card(c)])).collect()
    };
    json!({
        "seat": obs.seat,
        "hand": obs.hand.iter().map(|&c| card(c)).collect::<Vec<_>>(),
        "dealer": obs.dealer,
        "upcard": obs.upcard.map(card),
        "upcard_taken": obs.upcard_taken,
        "round": obs.round,
        "forced": obs.forced,
        "trump": obs.trump.map(|t| t.name()),
        "maker": obs.maker,
        "alone": obs.alone,
        "sitting_out": obs.sitting_out,
        "defender": obs.defender,
        "trick": pairs(obs.trick),
        "played": pairs(obs.played),
        "discard": obs.discard.map(card),
        "scores": obs.scores,
        "tricks": obs.tricks,
        "hand_no": obs.hand_no,
    })
}

/// What a seat is told when the game starts.
pub struct Hello<'a> {
    pub seat: Seat,
    pub names: &'a [String; 4],
    pub rules: &'a str,
    pub points_to_win: u32,
}

impl ProgramSeat {
    /// Starts `program` (run by the shell's rules: a path, or a name on
    /// PATH) and greets it.
    pub fn start(
        program: &str,
        hello: &Hello,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> Result<ProgramSeat, String> {
        use std::os::unix::process::CommandExt;
        // A group of its own: stopping it stops whatever it started too.
        let mut child = Command::new(program)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let stdin: Option<Box<dyn Write + Send>> = child
            .stdin
            .take()
            .map(|s| Box::new(s) as Box<dyn Write + Send>);
        let stdout = child.stdout.take().ok_or("no standard output")?;
        Ok(ProgramSeat::connect(
            format!("seat {} (exec:{program})", hello.seat),
            Box::new(stdout),
            stdin,
            Some(child),
            None,
            hello,
            timeout,
            fallback,
            fallback_name,
        ))
    }

    /// A seat at the other end of `socket` (upcard serve): the same protocol.
    pub fn remote(
        label: String,
        socket: std::net::TcpStream,
        hello: &Hello,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> Result<ProgramSeat, String> {
        let reader = socket.try_clone().map_err(|e| e.to_string())?;
        let writer = socket.try_clone().map_err(|e| e.to_string())?;
        Ok(ProgramSeat::connect(
            label,
            Box::new(reader),
            Some(Box::new(writer)),
            None,
            Some(socket),
            hello,
            timeout,
            fallback,
            fallback_name,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn connect(
        label: String,
        stdout: Box<dyn Read + Send>,
        stdin: Option<Box<dyn Write + Send>>,
        child: Option<Child>,
        socket: Option<std::net::TcpStream>,
        hello: &Hello,
        timeout: Duration,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> ProgramSeat {
        // Lines are read by a thread of their own, so a silent program
        // costs the game its time limit and no more. The channel holds one
        // line: with the one the thread holds, a seat that writes unasked
        // costs at most two lines of memory, and then the pipe or the TCP
        // window pushes back on it.
        let (tx, rx) = sync_channel(1);
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                let n = (&mut r)
                    .take(MAX_LINE as u64 + 1)
                    .read_until(b'\n', &mut buf);
                let msg = match n {
                    Ok(0) => Err("it ended (its standard output closed)".to_string()),
                    Ok(_) if buf.len() > MAX_LINE => {
                        Err(format!("it sent a line longer than {MAX_LINE} bytes"))
                    }
                    Ok(_) => String::from_utf8(buf)
                        .map(|s| s.trim_end().to_string())
                        .map_err(|_| "it sent a line that is not UTF-8".to_string()),
                    Err(e) => Err(format!("reading its output failed: {e}")),
                };
                let stop = msg.is_err();
                if tx.send(msg).is_err() || stop {
                    return;
                }
            }
        });
        let mut seat = ProgramSeat {
            label,
            child,
            stdin,
            socket,
            lines: rx,
            timeout,
            fallback,
            fallback_name: fallback_name.to_string(),
            faulted: false,
            fault: None,
        };
        let hi = json!({
            "type": "hello",
            "protocol": 1,
            "seat": hello.seat,
            "names": hello.names,
            "rules": hello.rules,
            "points_to_win": hello.points_to_win,
        });
        seat.send(&hi);
        seat
    }

    fn send(&mut self, v: &Value) -> bool {
        let Some(stdin) = self.stdin.as_mut() else {
            return false;
        };
        let line = format!("{v}\n");
        stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_ok()
    }

    fn stop(&mut self) {
        self.stdin = None;
        if let Some(s) = self.socket.take() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
        if let Some(mut c) = self.child.take() {
            // The group's id is the program's.
            if let Ok(pid) = i32::try_from(c.id()) {
                // SAFETY: kill(2) with a negative pid signals that process group.
                unsafe {
                    libc::kill(-pid, libc::SIGKILL);
                }
            }
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    fn give_up(&mut self, problem: String) {
        if self.fallback.is_some() {
            eprintln!(
                "upcard: {}: {problem}; bot:{} takes the seat",
                self.label, self.fallback_name
            );
        } else {
            eprintln!("upcard: {}: {problem}; the game ends", self.label);
        }
        self.fault = Some(problem);
        self.faulted = true;
        self.stop();
    }

    /// The program's answer to one decision, or what is wrong with it.
    fn ask(&mut self, obs: &Observation, legal: &[Action]) -> Result<Action, String> {
        // A line written before the question is not an answer to it (a
        // double click would answer the next decision): a fault.
        match self.lines.try_recv() {
            Ok(Ok(l)) => {
                let shown: String = l.chars().take(80).collect();
                return Err(format!("it sent {shown:?} before it was asked"));
            }
            Ok(Err(e)) => return Err(e),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => return Err("it ended".into()),
        }
        let texts: Vec<String> = legal.iter().map(|a| action_text(*a)).collect();
        let msg = json!({"type": "decide", "observation": observation_json(obs), "legal": texts});
        if !self.send(&msg) {
            return Err("it ended (its standard input closed)".into());
        }
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(Ok(l)) => l,
            Ok(Err(e)) => return Err(e),
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!("no answer within {} s", self.timeout.as_secs_f64()));
            }
            Err(RecvTimeoutError::Disconnected) => return Err("it ended".into()),
        };
        parse_answer(&line, legal)
    }
}

/// A program's answer line, `{"action": "…"}` naming one of `legal`.
pub fn parse_answer(line: &str, legal: &[Action]) -> Result<Action, String> {
    let shown: String = line.chars().take(80).collect();
    let v: Value = serde_json::from_str(line)
        .map_err(|e| format!("its answer {shown:?} is not JSON ({e})"))?;
    let text = v
        .get("action")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("its answer {shown:?} is not {{\"action\": \"…\"}}"))?;
    parse_action(text)
        .filter(|a| legal.contains(a))
        .ok_or_else(|| {
            let texts: Vec<String> = legal.iter().map(|a| action_text(*a)).collect();
            format!(
                "{text:?} is not one of the lawful actions ({})",
                texts.join(", ")
            )
        })
}

impl Agent for ProgramSeat {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        if !self.faulted {
            match self.ask(obs, legal) {
                Ok(a) => return Ok(Decision::new(a)),
                Err(problem) => self.give_up(problem),
            }
        }
        match self.fallback.as_mut() {
            Some(f) => f.choose(obs, legal, notes),
            // --on-fault end: the game stops here, every finished hand kept.
            None => Err(PlayerError::Quit),
        }
    }

    fn finished(&mut self, winner: usize, scores: [u32; 2]) {
        if !self.faulted {
            let over = json!({"type": "over", "winner": winner, "scores": scores});
            self.send(&over);
            // Closing its input lets it end; it gets a moment to.
            self.stdin = None;
            if let Some(s) = self.socket.take() {
                let _ = s.shutdown(std::net::Shutdown::Write);
            }
            if let Some(mut c) = self.child.take() {
                for _ in 0..50 {
                    if let Ok(Some(_)) = c.try_wait() {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(10));
                }
                self.child = Some(c);
                self.stop();
            }
        }
    }
}

impl Drop for ProgramSeat {
    fn drop(&mut self) {
        self.stop();
    }
}
