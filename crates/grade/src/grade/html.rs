//! `--report html=PATH`: one self-contained page per program (inline CSS,
//! no script, nothing fetched): the verdicts, and for each failure the
//! explanation (the first difference side by side, the rule behind the
//! expected line, the game there) with cards drawn, and the program's stderr.

use std::fmt::Write as _;

use super::{Context, Outcome};
use upcard_sandbox::Limits;

pub const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}\
.pass{color:#176f2c}.fail{color:#b3261e;font-weight:bold}\
pre{background:#f6f6f6;padding:.8em;overflow-x:auto;line-height:1.35}\
pre.detail,#program{white-space:pre-wrap;overflow-wrap:anywhere}\
.card{display:inline-block;border:1px solid #888;border-radius:3px;padding:0 .2em;background:#fff}\
.red{color:#c0392b}.black{color:#111}section{margin-top:2em}\
table.diff td{font-family:monospace;white-space:pre;vertical-align:top}\
table.diff tr.differs td{background:#fdecea}table.diff td.n{color:#888;text-align:right}";

use upcard_parse::escape::html as escape;

/// A card written short (`JD`) as a small drawn card (`J♦` in red).
fn card(word: &str) -> Option<String> {
    let mut it = word.chars();
    let (rank, suit, rest) = (it.next()?, it.next()?, it.next());
    if rest.is_some() || !"9TJQKA".contains(rank) {
        return None;
    }
    let (symbol, colour) = match suit {
        'S' => ('♠', "black"),
        'C' => ('♣', "black"),
        'H' => ('♥', "red"),
        'D' => ('♦', "red"),
        _ => return None,
    };
    let rank = if rank == 'T' {
        "10".to_string()
    } else {
        rank.to_string()
    };
    Some(format!(
        "<span class=\"card {colour}\" title=\"{word}\">{rank}{symbol}</span>"
    ))
}

/// Escapes `text` and draws the cards written short in it (whole words).
fn with_cards(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match card(word) {
            Some(c) => out.push_str(&c),
            None => out.push_str(&escape(word)),
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push_str(&escape(&c.to_string()));
        }
    }
    flush(&mut word, &mut out);
    out
}

/// Expected and actual lines side by side around the first difference;
/// the row of the difference is marked.
fn side_by_side(c: &Context) -> String {
    let mut h = String::from(
        "<table class=\"diff\"><tr><th></th><th>expected</th><th></th><th>your output</th></tr>\n",
    );
    let rows = c.expected.len().max(c.actual.len());
    for i in 0..rows {
        let cell = |side: &[(usize, String)]| match side.get(i) {
            Some((n, text)) => (n.to_string(), escape(text)),
            None => (String::new(), String::new()),
        };
        let (en, et) = cell(&c.expected);
        let (an, at) = cell(&c.actual);
        let differs = c.expected.get(i).map(|(n, _)| *n) == Some(c.expected_line)
            || c.actual.get(i).map(|(n, _)| *n) == Some(c.actual_line);
        let _ = writeln!(
            h,
            "<tr{}><td class=\"n\">{en}</td><td>{et}</td><td class=\"n\">{an}</td><td>{at}</td></tr>",
            if differs { " class=\"differs\"" } else { "" }
        );
    }
    h.push_str("</table>\n");
    h
}

/// The last lines of a program's stderr, as the other reports show it.
fn tail(s: &str, lines: usize) -> String {
    let all: Vec<&str> = s.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// The page for one program's outcomes; `head` (where its sources were,
/// why it could not run) said once above them.
pub fn report(program: &str, head: Option<&str>, outcomes: &[Outcome], limits: &Limits) -> String {
    let passed = outcomes.iter().filter(|o| o.verdict.passed()).count();
    let score: f64 = outcomes.iter().map(Outcome::score).sum();
    let max: f64 = outcomes.iter().map(|o| o.weight).sum();
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>upcard grade: {p}</title><style>{STYLE}</style></head><body>\n\
         <h1>upcard grade: {p}</h1>\n<p id=\"summary\">{passed} passed, {failed} failed; score {score} of {max}</p>\n",
        p = escape(program),
        failed = outcomes.len() - passed,
    );
    if let Some(head) = head {
        let _ = writeln!(h, "<pre id=\"program\">{}</pre>", escape(head));
    }
    h.push_str("<table id=\"verdicts\"><tr><th>scenario</th><th>verdict</th><th>why</th></tr>\n");
    for (i, o) in outcomes.iter().enumerate() {
        let class = if o.verdict.passed() { "pass" } else { "fail" };
        let name = if o.verdict.passed() {
            escape(&o.name)
        } else {
            format!("<a href=\"#f{i}\">{}</a>", escape(&o.name))
        };
        let _ = writeln!(
            h,
            "<tr><td>{name}</td><td class=\"{class}\">{}</td><td>{}</td></tr>",
            o.verdict.word(),
            escape(&o.verdict.summary(limits))
        );
    }
    h.push_str("</table>\n");
    for (i, o) in outcomes.iter().enumerate() {
        if o.verdict.passed() {
            continue;
        }
        let _ = write!(
            h,
            "<section class=\"failure\" id=\"f{i}\"><h2>{} <span class=\"fail\">{}</span></h2>\n\
             <p class=\"scenario\">{}</p>\n",
            escape(&o.name),
            o.verdict.word(),
            escape(&o.path.display().to_string())
        );
        if !o.description.is_empty() {
            let _ = writeln!(
                h,
                "<p class=\"checks\">What this scenario checks: {}</p>",
                escape(o.description.trim_end())
            );
        }
        if let Some(c) = &o.context {
            h.push_str(&side_by_side(c));
        }
        // The page shows standard error in its own block: not in the detail too.
        let noted = super::stderr_tail(o.stderr.as_bytes());
        let detail = if o.stderr.is_empty() {
            &o.detail
        } else {
            o.detail.strip_suffix(noted.as_str()).unwrap_or(&o.detail)
        };
        if !detail.is_empty() {
            let _ = writeln!(h, "<pre class=\"detail\">{}</pre>", with_cards(detail));
        }
        if !o.stderr.is_empty() {
            let _ = writeln!(
                h,
                "<h3>stderr (last 20 lines)</h3><pre class=\"stderr\">{}</pre>",
                escape(&tail(&o.stderr, 20))
            );
        }
        h.push_str("</section>\n");
    }
    h.push_str("</body></html>\n");
    h
}

/// The class's page: students × verdicts, each student linking to its page
/// (`stems`, in the rows' order: the students' file names).
pub fn index(rows: &[(String, Vec<String>)], stems: &[String], columns: &[&str]) -> String {
    titled_index("upcard grade", rows, stems, columns)
}

/// The class's page under `title` (`upcard unit-tests` has one too).
pub fn titled_index(
    title: &str,
    rows: &[(String, Vec<String>)],
    stems: &[String],
    columns: &[&str],
) -> String {
    let mut h = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>{title}</title><style>{STYLE}</style></head><body>\n\
         <h1>{title}</h1>\n<table id=\"students\"><tr><th>student</th>"
    );
    for c in columns {
        let _ = write!(h, "<th>{}</th>", escape(c));
    }
    h.push_str("</tr>\n");
    for ((name, counts), stem) in rows.iter().zip(stems) {
        // The link is the page's file name, percent-encoded but for the safe few.
        let href: String = stem
            .bytes()
            .map(|b| match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                    (b as char).to_string()
                }
                b => format!("%{b:02X}"),
            })
            .collect();
        let n = escape(name);
        let _ = write!(h, "<tr><td><a href=\"{href}.html\">{n}</a></td>");
        for c in counts {
            let _ = write!(h, "<td>{}</td>", escape(c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n</body></html>\n");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_page_links_each_student() {
        let page = index(
            &[("a<b".into(), vec!["3".into(), "1".into()])],
            &["a<b".into()],
            &["pass", "fail"],
        );
        assert!(page.contains(
            "<tr><th>student</th><th>pass</th><th>fail</th></tr>\n\
             <tr><td><a href=\"a%3Cb.html\">a&lt;b</a></td><td>3</td><td>1</td></tr>\n"
        ));
    }

    #[test]
    fn cards_are_drawn_only_as_whole_words() {
        assert_eq!(
            with_cards("led TD <x> JDX"),
            "led <span class=\"card red\" title=\"TD\">10♦</span> &lt;x&gt; JDX"
        );
        assert_eq!(
            with_cards("AS&"),
            "<span class=\"card black\" title=\"AS\">A♠</span>&amp;"
        );
    }
}
