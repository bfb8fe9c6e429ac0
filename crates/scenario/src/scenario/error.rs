//! A scenario that cannot be used: where (file, line, column, field) and why.

use std::fmt;

use upcard_parse::ParseError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ScenarioError {
    pub file: String,
    /// 1-based; 0 when the problem is the whole file (missing, unreadable).
    pub line: usize,
    pub column: usize,
    /// The field's path, e.g. `eecs280.players[2].type`; empty when unknown.
    pub field: String,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl ScenarioError {
    pub fn file(file: &str, message: String) -> ScenarioError {
        ScenarioError {
            file: file.to_string(),
            line: 0,
            column: 0,
            field: String::new(),
            message,
        }
    }

    /// From serde_yaml, which knows the place, and serde_path_to_error, which knows the field.
    pub fn from_yaml(
        file: &str,
        text: &str,
        e: serde_path_to_error::Error<serde_yaml::Error>,
    ) -> ScenarioError {
        let field = e.path().to_string();
        let inner = e.inner();
        // serde_yaml's line count breaks at U+2028 too; editors' does not.
        let (line, column) = inner
            .location()
            .map_or((0, 0), |l| upcard_parse::line_col(text, l.index()));
        // serde_yaml appends " at line L column C"; the location is already in front.
        let mut message = inner.to_string();
        if let Some(i) = message.find(" at line ") {
            message.truncate(i);
        }
        let field = if field == "." { String::new() } else { field };
        // serde_yaml may also start with (part of) the path; say it once.
        if let Some((head, rest)) = message.split_once(": ")
            && !head.is_empty()
            && field.starts_with(head)
        {
            message = rest.to_string();
        }
        let mut err = ScenarioError {
            file: file.to_string(),
            line,
            column,
            field,
            message,
        };
        if err.line == 0 && !text.trim().is_empty() {
            // Errors found after parsing (a missing field) carry no place; point at the mapping.
            err.line = 1;
            err.column = 1;
        }
        err
    }

    /// A problem with the field at `keys`, placed at the line where its key is written
    /// (or the nearest enclosing key that is written).
    pub fn at(file: &str, text: &str, keys: &[&str], message: String) -> ScenarioError {
        let (line, column) = locate(text, keys);
        ScenarioError {
            file: file.to_string(),
            line,
            column,
            field: keys.join("."),
            message,
        }
    }

    /// As `at`, naming the field more exactly than its key path (a list index).
    pub fn at_field(
        file: &str,
        text: &str,
        keys: &[&str],
        field: String,
        message: String,
    ) -> ScenarioError {
        ScenarioError {
            field,
            ..ScenarioError::at(file, text, keys, message)
        }
    }

    /// A pack or save file (or inline save text) with a problem of its own.
    pub fn nested(scenario: &str, e: ParseError) -> ScenarioError {
        ScenarioError {
            file: e.file,
            line: e.line,
            column: e.column,
            field: String::new(),
            message: format!("{} (used by {scenario})", e.message),
        }
    }
}

/// The 1-based line and column of the key path `keys` in a YAML mapping, found
/// by indentation: each key is looked for below the previous one. Stops at the
/// deepest key found; (1, 1) when even the first is missing.
pub fn locate(text: &str, keys: &[&str]) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = (1, 1);
    let mut from = 0;
    let mut min_indent = 0;
    for key in keys {
        let mut hit = None;
        for (i, l) in lines.iter().enumerate().skip(from) {
            let body = l.trim_start();
            let indent = l.len() - body.len();
            if !body.is_empty() && !body.starts_with('#') && indent < min_indent {
                break;
            }
            let body = body.strip_prefix("- ").unwrap_or(body);
            if body.starts_with(&format!("{key}:")) {
                hit = Some((i, l.len() - body.len()));
                break;
            }
        }
        match hit {
            Some((i, col)) => {
                found = (i + 1, col + 1);
                from = i + 1;
                min_indent = col + 1;
            }
            None => break,
        }
    }
    found
}
