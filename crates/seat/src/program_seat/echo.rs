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
