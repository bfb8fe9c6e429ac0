//! Source-level mutants of a C++ file, for `upcard unit-tests --generate`:
//! the small slips a buggy solution is made of — a relational, logical or
//! arithmetic operator changed, a constant off by one, a condition negated,
//! two arguments swapped, a statement deleted — each named by its place and
//! change ("Card.cpp:12:5: < became <="). Only code is changed: comments,
//! string and character literals and preprocessor lines are left alone. The
//! candidates come in source order; which are kept (those that compile and
//! that reference tests tell apart from the solution) is the caller's.

/// One changed copy of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceMutant {
    pub file: String,
    /// The byte where the change is.
    pub at: usize,
    /// `FILE:LINE:COLUMN: what changed`.
    pub name: String,
    pub text: String,
}

/// Which bytes of `text` are code (not a comment, literal or `#` line).
fn code_mask(text: &str) -> Vec<bool> {
    let b = text.as_bytes();
    let mut mask = vec![false; b.len()];
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'#' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            continue;
        }
        if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            continue;
        }
        if c == b'\n' {
            line_start = true;
        } else if !c.is_ascii_whitespace() {
            line_start = false;
        }
        mask[i] = true;
        i += 1;
    }
    mask
}

/// Operators written with a space on each side, and what each may become.
const OPERATORS: &[(&str, &[&str])] = &[
    (" <= ", &[" < ", " > "]),
    (" >= ", &[" > ", " < "]),
    (" == ", &[" != "]),
    (" != ", &[" == "]),
    (" < ", &[" <= ", " > "]),
    (" > ", &[" >= ", " < "]),
    (" && ", &[" || "]),
    (" || ", &[" && "]),
    (" + ", &[" - "]),
    (" - ", &[" + "]),
    (" * ", &[" + "]),
];

/// `LINE:COLUMN` of byte `at`, from 1.
fn place(text: &str, at: usize) -> String {
    let line = text[..at].matches('\n').count() + 1;
    let col = at - text[..at].rfind('\n').map_or(0, |n| n + 1) + 1;
    format!("{line}:{col}")
}

/// One change to a source: `len` bytes at `at` become `new`.
struct Edit {
    at: usize,
    len: usize,
    new: String,
    what: String,
}

/// Whether `len` bytes at `at` are code (not a comment, string or include).
type Code<'a> = dyn Fn(usize, usize) -> bool + 'a;

/// Every candidate mutant of `text`, in source order (of its place).
pub fn mutants(file: &str, text: &str) -> Vec<SourceMutant> {
    let mask = code_mask(text);
    let code = |from: usize, len: usize| (from..from + len).all(|i| mask.get(i) == Some(&true));
    // Kinds in this order: at one place, their mutants come so.
    let mut edits: Vec<Edit> = operators(text, &code);
    edits.extend(constants(text, &mask));
    edits.extend(negated_conditions(text, &code));
    edits.extend(swapped_arguments(text, &code));
    edits.extend(deleted_statements(text, &code));
    edits.sort_by_key(|e| e.at);
    let mut seen = std::collections::BTreeSet::new();
    edits
        .into_iter()
        .map(|e| {
            let mut t = String::with_capacity(text.len() + e.new.len());
            t.push_str(&text[..e.at]);
            t.push_str(&e.new);
            t.push_str(&text[e.at + e.len..]);
            SourceMutant {
                file: file.to_string(),
                at: e.at,
                name: format!("{file}:{}: {}", place(text, e.at), e.what),
                text: t,
            }
        })
        .filter(|m| seen.insert(m.text.clone()))
        .collect()
}

/// Operators: the longer first at a place, so " <= " is not read as " < ".
fn operators(text: &str, code: &Code) -> Vec<Edit> {
    let mut out = Vec::new();
    for (op, into) in OPERATORS {
        for (at, _) in text.match_indices(op) {
            if !code(at + 1, op.len() - 2) {
                continue;
            }
            for new in *into {
                // The operator alone, without its spaces: its column is its own.
                out.push(Edit {
                    at: at + 1,
                    len: op.len() - 2,
                    new: new.trim().to_string(),
                    what: format!("{} became {}", op.trim(), new.trim()),
                });
            }
        }
    }
    out
}

/// Integer constants, one up and one down.
fn constants(text: &str, mask: &[bool]) -> Vec<Edit> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && mask[i]
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let end = (i..b.len())
            .find(|&j| !b[j].is_ascii_digit())
            .unwrap_or(b.len());
        let follows = b.get(end).copied().unwrap_or(b' ');
        if !(follows.is_ascii_alphanumeric() || follows == b'.' || follows == b'_')
            && let Ok(n) = text[i..end].parse::<u64>()
        {
            let to = |m: u64| Edit {
                at: i,
                len: end - i,
                new: m.to_string(),
                what: format!("{n} became {m}"),
            };
            out.push(to(n + 1));
            if n > 0 {
                out.push(to(n - 1));
            }
        }
        i = end;
    }
    out
}

/// Conditions negated.
fn negated_conditions(text: &str, code: &Code) -> Vec<Edit> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (at, _) in text.match_indices("if (") {
        if !code(at, 4) {
            continue;
        }
        let open = at + 3;
        let mut depth = 0;
        let close = (open..b.len()).find(|&j| {
            match b[j] {
                b'(' => depth += 1,
                b')' => depth -= 1,
                _ => {}
            }
            depth == 0
        });
        if let Some(close) = close {
            let cond = &text[open + 1..close];
            out.push(Edit {
                at: open,
                len: close + 1 - open,
                new: format!("(!({cond}))"),
                what: "if condition negated".into(),
            });
        }
    }
    out
}

/// Two simple arguments swapped: f(a, b) with no nesting in either.
fn swapped_arguments(text: &str, code: &Code) -> Vec<Edit> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (at, _) in text.match_indices('(') {
        if !code(at, 1) || at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_') {
            continue;
        }
        let Some(close) = text[at..].find(')').map(|k| at + k) else {
            continue;
        };
        let inside = &text[at + 1..close];
        let parts: Vec<&str> = inside.split(", ").collect();
        let simple = |p: &str| !p.is_empty() && !p.contains(['(', ',', '"', '\'', '\n', '{', ';']);
        if parts.len() == 2
            && parts.iter().all(|p| simple(p))
            && parts[0] != parts[1]
            && code(at, close - at)
        {
            let name_start = text[..at]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map_or(0, |k| k + 1);
            out.push(Edit {
                at: at + 1,
                len: inside.len(),
                new: format!("{}, {}", parts[1], parts[0]),
                what: format!("the arguments of {} swapped", &text[name_start..at]),
            });
        }
    }
    out
}

/// Statements deleted: a line that is one statement, not a return.
fn deleted_statements(text: &str, code: &Code) -> Vec<Edit> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        let statement = t.ends_with(';')
            && !t.starts_with("return")
            && !t.contains(['{', '}'])
            && !t.starts_with('#')
            && code(start + line.find(t).unwrap_or(0), t.len());
        if statement {
            let lead = line.len() - line.trim_start().len();
            out.push(Edit {
                at: start + lead,
                len: t.len(),
                new: String::new(),
                what: "statement deleted".into(),
            });
        }
        start += line.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_change_and_nothing_in_comments_strings_or_includes() {
        let src = "#include <vector> // a < b\nint f(int a, int b) {\n  if (a < b) return 1;\n  x = g(a, b); /* 7 < 8 */\n  return \"1 < 2\" == 0;\n}\n";
        let names: Vec<String> = mutants("F.cpp", src).into_iter().map(|m| m.name).collect();
        assert_eq!(
            names,
            vec![
                "F.cpp:2:7: the arguments of f swapped",
                "F.cpp:3:3: statement deleted",
                "F.cpp:3:6: if condition negated",
                "F.cpp:3:9: < became <=",
                "F.cpp:3:9: < became >",
                "F.cpp:3:21: 1 became 2",
                "F.cpp:3:21: 1 became 0",
                "F.cpp:4:9: the arguments of g swapped",
                "F.cpp:5:18: == became !=",
                "F.cpp:5:21: 0 became 1",
            ]
        );
        let m = mutants("F.cpp", src);
        assert_eq!(
            m[2].text,
            "#include <vector> // a < b\nint f(int a, int b) {\n  if (!(a < b)) return 1;\n  x = g(a, b); /* 7 < 8 */\n  return \"1 < 2\" == 0;\n}\n"
        );
        // A statement with a comment after it is left (the line is not one statement).
        assert_eq!(
            m[1].text,
            "#include <vector> // a < b\nint f(int a, int b) {\n  \n  x = g(a, b); /* 7 < 8 */\n  return \"1 < 2\" == 0;\n}\n"
        );
    }
}
