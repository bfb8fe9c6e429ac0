//! What a seat says as it happens: its program's standard error, and the
//! faults that take the seat from it. The seat says nothing itself; it tells
//! a listener its caller gives (the binary's writes to standard error).

use std::fmt;
use std::sync::Arc;

/// One thing a seat says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice<'a> {
    /// Whole lines its program wrote on standard error, made printable,
    /// ending in a newline.
    Stderr(&'a str),
    /// A fault took the seat (`label`) from its program: what it did, and
    /// the bot that plays on (None: the game ends).
    Fault {
        label: &'a str,
        message: &'a str,
        then: Option<&'a str>,
    },
}

impl fmt::Display for Notice<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Stderr(text) => f.write_str(text),
            Notice::Fault {
                label,
                message,
                then: Some(bot),
            } => write!(f, "{label}: {message}; bot:{bot} takes the seat"),
            Notice::Fault {
                label,
                message,
                then: None,
            } => write!(f, "{label}: {message}; the game ends"),
        }
    }
}

type Listener = dyn Fn(Notice) + Send + Sync;

/// Where a seat's notices go: nowhere (they are only kept for the report),
/// or to a listener. Cloned with the launch settings to every seat, and to
/// the threads that read a program's standard error.
#[derive(Clone, Default)]
pub struct Echo(Option<Arc<Listener>>);

impl Echo {
    /// Nothing is said.
    pub const NONE: Echo = Echo(None);

    /// Each notice to `listener`, from whichever thread has it.
    pub fn to(listener: impl Fn(Notice) + Send + Sync + 'static) -> Echo {
        Echo(Some(Arc::new(listener)))
    }

    /// Whether anyone listens.
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    pub(crate) fn say(&self, notice: Notice) {
        if let Some(l) = &self.0 {
            l(notice);
        }
    }
}

impl fmt::Debug for Echo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_on() {
            "Echo(on)"
        } else {
            "Echo(none)"
        })
    }
}

/// The same listener (or none on both sides).
impl PartialEq for Echo {
    fn eq(&self, other: &Echo) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Echo {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn a_fault_says_who_plays_on_and_standard_error_is_passed_as_written() {
        let heard = Arc::new(Mutex::new(Vec::new()));
        let keep = heard.clone();
        let echo = Echo::to(move |n| keep.lock().unwrap().push(n.to_string()));
        echo.say(Notice::Fault {
            label: "seat 1 (bot.py)",
            message: "it timed out",
            then: Some("computer"),
        });
        echo.say(Notice::Fault {
            label: "seat 2 (x)",
            message: "it ended",
            then: None,
        });
        echo.say(Notice::Stderr("line one\n"));
        Echo::NONE.say(Notice::Stderr("nobody hears this\n"));
        assert_eq!(
            *heard.lock().unwrap(),
            [
                "seat 1 (bot.py): it timed out; bot:computer takes the seat",
                "seat 2 (x): it ended; the game ends",
                "line one\n",
            ]
        );
        assert_eq!(echo, echo.clone());
        assert_ne!(echo, Echo::NONE);
        assert_eq!(Echo::NONE, Echo::default());
    }
}
