use std::fmt;

/// A problem at a place in an input file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl ParseError {
    /// An error at byte `offset` of `text`, read from `file`.
    pub fn at(file: &str, text: &str, offset: usize, message: String) -> ParseError {
        let (line, column) = line_col(text, offset);
        ParseError {
            file: file.to_string(),
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

/// 1-based line and column (in characters) of byte `offset` in `text`, as
/// editors count them: a line ends at LF, CRLF or a lone CR, and nowhere
/// else (not at U+2028, U+2029 or NEL, which YAML 1.1 parsers count).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let bytes = before.as_bytes();
    let mut line = 1;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let lone_cr = b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n');
        if b == b'\n' || lone_cr {
            line += 1;
            start = i + 1;
        }
    }
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn lines_end_where_editors_end_them() {
        let t = "a\nb\r\nc\rd\u{2028}e\u{0085}f";
        let at = |s: &str| line_col(t, t.find(s).unwrap());
        assert_eq!(at("a"), (1, 1));
        assert_eq!(at("b"), (2, 1));
        assert_eq!(at("c"), (3, 1));
        assert_eq!(at("d"), (4, 1));
        assert_eq!(at("e"), (4, 3));
        assert_eq!(at("f"), (4, 5));
        // An offset inside a character counts from its start.
        assert_eq!(line_col("é", 1), (1, 1));
    }
}
