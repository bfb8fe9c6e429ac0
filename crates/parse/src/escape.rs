//! Text from a student's program or a peer, made safe to print: what a
//! terminal would interpret (escape sequences that set a window title,
//! clear the screen, write the clipboard or move the cursor; a carriage
//! return that overwrites a line; direction overrides that reorder it) is
//! written as a visible escape instead. One function, used everywhere
//! upcard prints such text.

/// `text` with every control character but newline and tab, and every
/// Unicode direction override, written as `\u{XX}`.
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (c.is_control() && c != '\n' && c != '\t') || is_direction_override(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// As `printable`, for text that must stay on one line: newlines too.
pub fn printable_line(text: &str) -> String {
    printable(text).replace('\n', "\\n")
}

/// Text made safe to put in HTML, in an element or a quoted attribute.
pub fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn is_direction_override(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_terminal_would_interpret_is_shown_not_sent() {
        assert_eq!(
            printable("ok\n\x1b]0;pwned\x07\x1b[2J\tx\r\u{202E}y\u{0}"),
            "ok\n\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\tx\\u{d}\\u{202e}y\\u{0}"
        );
        assert_eq!(printable_line("a\nb\x1b"), "a\\nb\\u{1b}");
        assert_eq!(printable("Zoë ♠ plain"), "Zoë ♠ plain");
    }
}
