//! A connection's lines, read in the thread that asks, waiting with
//! poll(2): an answer wakes the game itself. (A reader thread handed each
//! line over a channel: two more wakeups a decision, which cost a staying
//! program a third of its games' speed.) Nothing is read while nothing is
//! asked, so a seat that writes unasked is held back by its pipe or TCP
//! window, and a line is at most [`MAX_LINE`] bytes.

use std::fs::File;
use std::io::Read;
use std::os::fd::{AsFd, OwnedFd};
use std::time::{Duration, Instant};

use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

use super::{Fault, FaultKind, MAX_LINE};

/// The bytes read from a program's standard output or a client's socket,
/// cut into lines.
pub(super) struct Lines {
    from: File,
    /// What was read past the last line taken.
    pending: Vec<u8>,
    /// The end of the stream, or the fault that ended it, once met.
    over: Option<Fault>,
}

impl Lines {
    pub fn new(fd: OwnedFd) -> Lines {
        Lines {
            from: File::from(fd),
            pending: Vec::new(),
            over: None,
        }
    }

    /// The next line (its end trimmed) within `wait`; `Ok(None)` when none
    /// came in time. A fault (the stream's end, a line too long or not
    /// UTF-8) is said once and then again at every call.
    pub fn next(&mut self, wait: Duration) -> Result<Option<String>, Fault> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(line) = self.take()? {
                return Ok(Some(line));
            }
            if let Some(f) = &self.over {
                return Err(f.clone());
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if !self.readable(left) {
                return Ok(None);
            }
            self.fill();
        }
    }

    /// A whole line from what was read, if there is one.
    fn take(&mut self) -> Result<Option<String>, Fault> {
        let end = match self.pending.iter().position(|&b| b == b'\n') {
            Some(i) => i + 1,
            // The stream ended inside a line: that line is the last one.
            None if self.over.is_some() && !self.pending.is_empty() => self.pending.len(),
            None if self.pending.len() > MAX_LINE => return Err(self.too_long()),
            None => return Ok(None),
        };
        if end > MAX_LINE {
            return Err(self.too_long());
        }
        let line: Vec<u8> = self.pending.drain(..end).collect();
        match String::from_utf8(line) {
            Ok(s) => Ok(Some(s.trim_end().to_string())),
            Err(_) => Err(self.fault(
                FaultKind::Unparsable,
                "it sent a line that is not UTF-8".into(),
            )),
        }
    }

    fn too_long(&mut self) -> Fault {
        self.fault(
            FaultKind::Unparsable,
            format!("it sent a line longer than {MAX_LINE} bytes"),
        )
    }

    /// Ends the stream with `kind`: nothing more is read from it.
    fn fault(&mut self, kind: FaultKind, message: String) -> Fault {
        self.pending.clear();
        let f = Fault { kind, message };
        self.over = Some(f.clone());
        f
    }

    /// Whether there is something to read (or the end) within `wait`.
    fn readable(&self, wait: Duration) -> bool {
        // Rounded up: a wait shorter than a millisecond is not no wait.
        let ms = wait.as_micros().div_ceil(1000);
        let timeout = PollTimeout::try_from(ms).unwrap_or(PollTimeout::MAX);
        let mut fds = [PollFd::new(self.from.as_fd(), PollFlags::POLLIN)];
        loop {
            match poll(&mut fds, timeout) {
                Ok(0) => return false,
                Ok(_) => return true,
                Err(nix::errno::Errno::EINTR) => continue,
                // A descriptor poll cannot watch: read says what it is.
                Err(_) => return true,
            }
        }
    }

    /// Reads what there is (poll said there is something, or the end).
    fn fill(&mut self) {
        let mut buf = [0u8; 16 * 1024];
        match self.from.read(&mut buf) {
            Ok(0) => {
                self.over = Some(Fault {
                    kind: FaultKind::Ended,
                    message: "it ended (its standard output closed)".into(),
                });
            }
            Ok(n) => self.pending.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                self.fault(FaultKind::Ended, format!("reading its output failed: {e}"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn pipe() -> (Lines, File) {
        let (r, w) = nix::unistd::pipe().unwrap();
        (Lines::new(r), File::from(w))
    }

    #[test]
    fn lines_come_whole_and_in_order_and_the_end_is_said() {
        let (mut lines, mut w) = pipe();
        assert_eq!(lines.next(Duration::from_millis(5)), Ok(None));
        w.write_all(b"{\"action\": \"pass\"}\r\nsecond ").unwrap();
        assert_eq!(
            lines.next(Duration::ZERO),
            Ok(Some("{\"action\": \"pass\"}".into()))
        );
        assert_eq!(lines.next(Duration::from_millis(5)), Ok(None));
        w.write_all(b"half\nlast, unended").unwrap();
        drop(w);
        assert_eq!(lines.next(Duration::ZERO), Ok(Some("second half".into())));
        assert_eq!(lines.next(Duration::ZERO), Ok(Some("last, unended".into())));
        let ended = lines.next(Duration::from_secs(5)).unwrap_err();
        assert_eq!(ended.kind, FaultKind::Ended);
        assert_eq!(lines.next(Duration::ZERO).unwrap_err(), ended);
    }

    #[test]
    fn a_line_too_long_or_not_utf8_is_a_fault_and_the_last() {
        let (mut lines, mut w) = pipe();
        let long = vec![b'x'; MAX_LINE + 1];
        let writer = std::thread::spawn(move || {
            let _ = w.write_all(&long);
            let _ = w.write_all(b"\nnever read\n");
        });
        let f = lines.next(Duration::from_secs(5)).unwrap_err();
        assert_eq!(
            f.message,
            format!("it sent a line longer than {MAX_LINE} bytes")
        );
        assert_eq!(lines.next(Duration::ZERO).unwrap_err(), f);
        drop(lines);
        writer.join().unwrap();
        // Exactly MAX_LINE bytes with its newline is a line.
        let (mut lines, mut w) = pipe();
        let mut most = vec![b'y'; MAX_LINE - 1];
        most.push(b'\n');
        let writer = std::thread::spawn(move || {
            w.write_all(&most).unwrap();
            w.write_all(b"\xff\n").unwrap();
        });
        let line = lines.next(Duration::from_secs(5)).unwrap().unwrap();
        assert_eq!(line.len(), MAX_LINE - 1);
        let f = lines.next(Duration::from_secs(5)).unwrap_err();
        assert_eq!(f.message, "it sent a line that is not UTF-8");
        writer.join().unwrap();
    }
}
