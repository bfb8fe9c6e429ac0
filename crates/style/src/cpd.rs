//! The course's `make style` copy-paste check: PMD's CPD, `--minimum-tokens
//! 100 --language cpp`, over the files OCLint checks. Its C++ tokens, as
//! PMD's grammar (pmd-cpp's `Cpp.jj`) has them: white space, comments and
//! every preprocessor line are skipped, a line ending in `\` continues it,
//! `#if 0` … `#endif` is skipped whole (CPD's default skip-blocks), and
//! each other token is its text — a literal, a name, a keyword, an
//! operator. A duplication is a run of at least the minimum of equal tokens
//! in two places (of one file or two) that do not overlap; each later place
//! is a finding, naming the first.

use std::collections::{BTreeMap, HashMap};

use crate::Finding;

/// `make style`'s `--minimum-tokens`.
pub const MINIMUM_TOKENS: usize = 100;

/// A token: its text's number (equal texts, equal numbers), its file, its line.
#[derive(Clone, Copy)]
struct Token {
    id: u32,
    file: usize,
    line: usize,
}

/// Every duplication of at least `minimum` tokens among `files`, in order
/// of the later place.
pub fn duplicates(files: &[(&str, &[u8])], minimum: usize) -> Vec<Finding> {
    let minimum = minimum.max(1);
    let mut names: BTreeMap<Vec<u8>, u32> = BTreeMap::new();
    let mut tokens: Vec<Token> = Vec::new();
    for (f, (_, src)) in files.iter().enumerate() {
        for (text, line) in lex(src) {
            let next = names.len() as u32;
            let id = *names.entry(text.to_vec()).or_insert(next);
            tokens.push(Token { id, file: f, line });
        }
        // A file's end matches nothing: no duplication runs across it.
        tokens.push(Token {
            id: u32::MAX - f as u32,
            file: f,
            line: 0,
        });
    }
    let matches = maximal(&tokens, minimum);
    matches
        .into_iter()
        .map(|(a, b, len)| {
            let (first, at) = (tokens[a], tokens[b]);
            let lines = tokens[b + len - 1].line - at.line + 1;
            Finding {
                file: files[at.file].0.to_string(),
                line: at.line,
                column: 1,
                rule: "duplicate code",
                message: format!(
                    "Found a {lines} line ({len} tokens) duplication: the same code starts at line {} of {}",
                    first.line, files[first.file].0
                ),
            }
        })
        .collect()
}

/// The duplications: (first place, later place, tokens), each later place
/// once and outside any other's run, in order of the later place.
fn maximal(tokens: &[Token], minimum: usize) -> Vec<(usize, usize, usize)> {
    if tokens.len() < minimum {
        return Vec::new();
    }
    // Each window's first place, by the window's hash; a later window with
    // the same tokens is a candidate (comparing with the first keeps this
    // linear in the tokens, however often a window repeats).
    const BASE: u64 = 0x100_0000_01b3;
    let pow = (1..minimum).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut h = tokens[..minimum].iter().fold(0u64, |h, t| {
        h.wrapping_mul(BASE).wrapping_add(u64::from(t.id))
    });
    let mut first: HashMap<u64, usize> = HashMap::new();
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    let same = |a: usize, b: usize| tokens[a].id == tokens[b].id && !sentinel(tokens[a]);
    for b in 0..=tokens.len() - minimum {
        if b > 0 {
            let out = u64::from(tokens[b - 1].id).wrapping_mul(pow);
            h = h
                .wrapping_sub(out)
                .wrapping_mul(BASE)
                .wrapping_add(u64::from(tokens[b + minimum - 1].id));
        }
        let a = *first.entry(h).or_insert(b);
        // A later place inside the last run found is that run's.
        if found.last().is_some_and(|&(_, lb, ll)| b < lb + ll) {
            continue;
        }
        let starts = a == 0 || !same(a - 1, b - 1);
        if a + minimum > b || !starts || !(0..minimum).all(|k| same(a + k, b + k)) {
            continue;
        }
        let mut len = minimum;
        while b + len < tokens.len() && a + len < b && same(a + len, b + len) {
            len += 1;
        }
        found.push((a, b, len));
    }
    found
}

fn sentinel(t: Token) -> bool {
    t.line == 0
}

/// The tokens of a C++ file as PMD's CPD reads them, each with its line.
fn lex(src: &[u8]) -> Vec<(&[u8], usize)> {
    let skipped = skip_blocks(src);
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let n = src.len();
    while i < n {
        if skipped[i] {
            line += usize::from(src[i] == b'\n');
            i += 1;
            continue;
        }
        let c = src[i];
        let rest = &src[i..];
        let start = i;
        let starts_line = line;
        if c == b'\n' {
            line += 1;
            i += 1;
        } else if rest.starts_with(b"\\\n") {
            line += 1;
            i += 2;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else if rest.starts_with(b"//") {
            while i < n && src[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with(b"/*") {
            i = block_comment(src, i + 2, &mut line);
        } else if c == b'#' {
            i = directive(src, i, &mut line);
        } else if let Some(end) = literal(src, i, &mut line) {
            i = end;
            out.push((&src[start..i], starts_line));
        } else if c.is_ascii_digit() || (c == b'.' && rest.get(1).is_some_and(u8::is_ascii_digit)) {
            i = number(src, i);
            out.push((&src[start..i], starts_line));
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80 {
            while i < n
                && (src[i].is_ascii_alphanumeric()
                    || matches!(src[i], b'_' | b'$')
                    || src[i] >= 0x80)
            {
                i += 1;
            }
            out.push((&src[start..i], starts_line));
        } else {
            i += operator(rest);
            out.push((&src[start..i], starts_line));
        }
    }
    out
}

/// Where a `/* … */` comment that starts before `i` ends.
fn block_comment(src: &[u8], mut i: usize, line: &mut usize) -> usize {
    while i < src.len() && !src[i..].starts_with(b"*/") {
        *line += usize::from(src[i] == b'\n');
        i += 1;
    }
    (i + 2).min(src.len())
}

/// Where a preprocessor line that starts at `i` ends (its newline, which
/// ends nothing else): a `\` before a newline continues it, and a comment
/// in it may span lines.
fn directive(src: &[u8], mut i: usize, line: &mut usize) -> usize {
    while i < src.len() && src[i] != b'\n' {
        if src[i..].starts_with(b"\\\n") {
            *line += 1;
            i += 2;
        } else if src[i..].starts_with(b"/*") {
            i = block_comment(src, i + 2, line);
        } else {
            i += 1;
        }
    }
    i
}

/// A string or character literal at `i` (with its prefix, raw strings
/// too): where it ends.
fn literal(src: &[u8], i: usize, line: &mut usize) -> Option<usize> {
    let mut j = i;
    for p in [&b"u8"[..], b"u", b"U", b"L"] {
        if src[j..].starts_with(p) && matches!(src.get(j + p.len()), Some(b'"' | b'\'' | b'R')) {
            j += p.len();
            break;
        }
    }
    if src[j..].starts_with(b"R\"") {
        let open = j + 2;
        let paren = open + src[open..].iter().position(|&c| c == b'(' || c == b'\n')?;
        let close: Vec<u8> = [b")", &src[open..paren], b"\""].concat();
        let end = src[paren..]
            .windows(close.len())
            .position(|w| w == close.as_slice())
            .map_or(src.len(), |k| paren + k + close.len());
        *line += src[i..end].iter().filter(|&&c| c == b'\n').count();
        return Some(end);
    }
    let quote = *src.get(j).filter(|c| **c == b'"' || **c == b'\'')?;
    let mut k = j + 1;
    while k < src.len() && src[k] != quote && src[k] != b'\n' {
        k += if src[k] == b'\\' { 2 } else { 1 };
    }
    Some((k + 1).min(src.len()))
}

/// Where a number at `i` ends: digits, letters, `.`, `'` and an exponent's sign.
fn number(src: &[u8], mut i: usize) -> usize {
    while i < src.len() {
        let c = src[i];
        let sign = matches!(c, b'+' | b'-') && matches!(src[i - 1], b'e' | b'E' | b'p' | b'P');
        if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'\'' | b'_') || sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// The length of the operator at the start of `rest`: the longest of C++'s.
fn operator(rest: &[u8]) -> usize {
    const OPS: [&[u8]; 26] = [
        b"->*", b"<<=", b">>=", b"...", b"::", b"->", b".*", b"++", b"--", b"<<", b">>", b"<=",
        b">=", b"==", b"!=", b"&&", b"||", b"*=", b"/=", b"%=", b"+=", b"-=", b"&=", b"^=", b"|=",
        b"##",
    ];
    OPS.iter()
        .find(|op| rest.starts_with(op))
        .map_or(1, |op| op.len())
}

/// The bytes inside `#if 0` … `#endif` (CPD's default skip-blocks), marked.
fn skip_blocks(src: &[u8]) -> Vec<bool> {
    let mut skip = vec![false; src.len()];
    let mut at = 0;
    let mut inside: Option<usize> = None;
    for l in src.split_inclusive(|&c| c == b'\n') {
        let t: Vec<u8> = l
            .iter()
            .copied()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        match inside {
            None if t == b"#if0" => inside = Some(at),
            Some(from) if t == b"#endif" => {
                skip[from..at + l.len()].iter_mut().for_each(|s| *s = true);
                inside = None;
            }
            _ => {}
        }
        at += l.len();
    }
    skip
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        lex(src.as_bytes())
            .into_iter()
            .map(|(t, l)| format!("{l}:{}", String::from_utf8_lossy(t)))
            .collect()
    }

    #[test]
    fn tokens_are_cpds_comments_and_directives_skipped() {
        assert_eq!(
            texts(
                "#include <iostream> // x\n#define A \\\n  1\nint a = 0x1F + 1.5e-3; // c\n\
                 /* b\n */ s = u8\"a\\\"b\" + 'c';\nx->*y <<= 2;\n#if 0\nhidden;\n#endif\nz;\n"
            ),
            [
                "4:int",
                "4:a",
                "4:=",
                "4:0x1F",
                "4:+",
                "4:1.5e-3",
                "4:;",
                "6:s",
                "6:=",
                "6:u8\"a\\\"b\"",
                "6:+",
                "6:'c'",
                "6:;",
                "7:x",
                "7:->*",
                "7:y",
                "7:<<=",
                "7:2",
                "7:;",
                "11:z",
                "11:;"
            ]
        );
        assert_eq!(texts("R\"x(a)\" b)x\" c"), ["1:R\"x(a)\" b)x\"", "1:c"]);
    }

    fn body(name: &str) -> String {
        format!(
            "int {name}(int a, int b) {{\n  int s = 0;\n  for (int i = 0; i < a; ++i) {{\n    s += i * b;\n  }}\n  return s;\n}}\n"
        )
    }

    #[test]
    fn a_duplication_is_found_at_its_later_place_once() {
        let one = format!("{}{}", body("f"), body("g"));
        let found = duplicates(&[("a.cpp", one.as_bytes())], 20);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].file, "a.cpp");
        assert_eq!(found[0].line, 8);
        assert_eq!(
            found[0].message,
            "Found a 7 line (39 tokens) duplication: the same code starts at line 1 of a.cpp"
        );
        // Across files, and not at 100 tokens: the copy is shorter.
        let other = body("h");
        let two = duplicates(
            &[("a.cpp", body("f").as_bytes()), ("b.cpp", other.as_bytes())],
            20,
        );
        assert_eq!((two[0].file.as_str(), two[0].line), ("b.cpp", 1));
        assert!(duplicates(&[("a.cpp", one.as_bytes())], MINIMUM_TOKENS).is_empty());
    }

    #[test]
    fn a_run_of_one_token_repeated_is_read_in_linear_time() {
        // Each run doubles: 100 tokens at 100, 200 at 200, 400 at 400, …
        let src = ";".repeat(200_000);
        let found = duplicates(&[("a.cpp", src.as_bytes())], MINIMUM_TOKENS);
        assert_eq!(found.len(), 11);
        assert_eq!(
            found[1].message,
            "Found a 1 line (200 tokens) duplication: the same code starts at line 1 of a.cpp"
        );
    }
}
