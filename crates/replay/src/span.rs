//! A span of a replay's moves as text or JSON lines: what `upcard replay`
//! prints without `--step`.

use upcard_record::{Timeline, json_line, render};

/// How the moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Each move as people read it, a blank line between moves.
    Text,
    /// Each move as one JSON object a line.
    Json,
}

/// What a span shows, and whether the game stopped before its end (which
/// it says, in the span's own style). A record that holds no more is
/// replayed whole: where it ends is said, and that is not stopping early.
pub struct Span {
    pub text: String,
    pub stopped_early: bool,
}

/// The moves up to move `to` (every move when None): with `to`, only the
/// moment there unless `trace`. A game that stops early says why at the
/// end, when the span was to run to the end.
pub fn span(t: &Timeline, to: Option<usize>, trace: bool, style: Style) -> Span {
    let end = to.unwrap_or_else(|| t.moves.len().saturating_sub(1));
    let first = if to.is_some() && !trace { end } else { 0 };
    let mut text = String::new();
    for i in first..(end + 1).min(t.moves.len()) {
        match style {
            Style::Text => {
                if i > first {
                    text.push('\n');
                }
                text.push_str(&render(t, i));
            }
            Style::Json => {
                text.push_str(&json_line(t, i));
                text.push('\n');
            }
        }
    }
    let stopped = t.error.as_ref().filter(|_| to.is_none());
    if let Some(e) = stopped {
        let (said, key) = if t.record_ends {
            ("the replay ends with the record", "record_ends")
        } else {
            ("the game stopped early", "stopped_early")
        };
        match style {
            Style::Text => text.push_str(&format!("\n{said}: {e}\n")),
            Style::Json => {
                text.push_str(&serde_json::json!({ key: e }).to_string());
                text.push('\n');
            }
        }
    }
    Span {
        text,
        stopped_early: stopped.is_some() && !t.record_ends,
    }
}
