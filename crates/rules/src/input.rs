//! Whitespace-separated tokens from standard input (or a script), shared by
//! every human seat as the course programs share `cin`.

use std::cell::RefCell;
use std::io::BufRead;
use std::rc::Rc;

/// The longest line of standard input upcard reads.
pub const MAX_LINE: usize = 64 * 1024;

pub struct Tokens {
    reader: Box<dyn BufRead>,
    line: String,
    pos: usize,
}

/// A token source several players read from in turn.
pub type SharedTokens = Rc<RefCell<Tokens>>;

/// The next token for `player`; end of input and read failures become the
/// player's errors, naming what was `expected`.
pub fn read_answer(
    input: &SharedTokens,
    player: &str,
    expected: &str,
) -> Result<String, crate::agents::PlayerError> {
    use crate::agents::PlayerError;
    let r = input.borrow_mut().next_token();
    match r {
        Ok(Some(t)) => Ok(t),
        Ok(None) => Err(PlayerError::InputEnded {
            player: player.to_string(),
            expected: expected.into(),
        }),
        Err(e) => Err(PlayerError::Io {
            player: player.to_string(),
            message: e.to_string(),
        }),
    }
}

impl Tokens {
    pub fn new(reader: Box<dyn BufRead>) -> Tokens {
        Tokens {
            reader,
            line: String::new(),
            pos: 0,
        }
    }

    pub fn from_text(text: &str) -> Tokens {
        Tokens::new(Box::new(std::io::Cursor::new(text.as_bytes().to_vec())))
    }

    pub fn shared(self) -> SharedTokens {
        Rc::new(RefCell::new(self))
    }

    /// The next whitespace-separated token, or None at end of input.
    pub fn next_token(&mut self) -> std::io::Result<Option<String>> {
        loop {
            let rest = &self.line[self.pos..];
            let trimmed = rest.trim_start();
            if !trimmed.is_empty() {
                let start = self.pos + (rest.len() - trimmed.len());
                let len = trimmed.find(char::is_whitespace).unwrap_or(trimmed.len());
                self.pos = start + len;
                return Ok(Some(self.line[start..start + len].to_string()));
            }
            if !self.read_line()? {
                return Ok(None);
            }
        }
    }

    /// The rest of the current line (or the next line), trimmed; None at end of input.
    pub fn next_line(&mut self) -> std::io::Result<Option<String>> {
        let rest = self.line[self.pos..].trim();
        if !rest.is_empty() {
            let r = rest.to_string();
            self.pos = self.line.len();
            return Ok(Some(r));
        }
        if !self.read_line()? {
            return Ok(None);
        }
        self.pos = self.line.len();
        Ok(Some(self.line.trim().to_string()))
    }

    fn read_line(&mut self) -> std::io::Result<bool> {
        use std::io::Read;
        self.line.clear();
        self.pos = 0;
        let mut buf = Vec::new();
        // No answer is long: a line is never held past MAX_LINE bytes.
        if (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)?
            == 0
        {
            return Ok(false);
        }
        if buf.len() > MAX_LINE {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("a line of input is longer than {MAX_LINE} bytes"),
            ));
        }
        // Invalid UTF-8 becomes replacement characters: an unreadable answer,
        // reported as such, rather than an I/O failure.
        self.line = String::from_utf8_lossy(&buf).into_owned();
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_cross_lines_and_skip_blank_ones() {
        let mut t = Tokens::from_text("pass  Hearts\n\n 2\r\n-1");
        let mut got = Vec::new();
        while let Some(tok) = t.next_token().unwrap() {
            got.push(tok);
        }
        assert_eq!(got, ["pass", "Hearts", "2", "-1"]);
    }

    #[test]
    fn a_line_past_the_bound_is_an_error_not_memory() {
        let long = "x".repeat(MAX_LINE + 1);
        let mut t = Tokens::from_text(&long);
        let e = t.next_token().unwrap_err();
        assert_eq!(e.to_string(), "a line of input is longer than 65536 bytes");
    }

    #[test]
    fn lines_are_trimmed() {
        let mut t = Tokens::from_text("S a\n  9h \n");
        assert_eq!(t.next_line().unwrap().as_deref(), Some("S a"));
        assert_eq!(t.next_line().unwrap().as_deref(), Some("9h"));
        assert_eq!(t.next_line().unwrap(), None);
    }
}
