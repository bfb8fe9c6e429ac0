//! `upcard restrictions`: the EECS 280 spec's restrictions on each
//! submission's sources (docs/style.md), read as data on a C++ parser.

use std::io::Write;
use std::path::{Path, PathBuf};

use upcard::Failure;
use upcard::FailureKind;
use upcard::grade::{data, folder, locate};

/// Check a class's sources against the EECS 280 spec's restrictions: libraries, <algorithm> beyond sort, #include "Pack.hpp" in Card.cpp or Player.cpp, global or static variables, dynamic memory outside Player_factory, output to cerr
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard restrictions submissions/
  upcard restrictions alice/ --json alice.json")]
pub struct Args {
    /// A submission's folder (its sources however deep, as grade --build finds them), or a folder of them
    submissions: PathBuf,
    /// Write the findings as JSON to this file
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
}

/// One student's findings, or why the sources could not be read.
struct Checked {
    student: String,
    error: Option<String>,
    findings: Vec<Said>,
}

struct Said {
    file: String,
    line: usize,
    column: usize,
    rule: &'static str,
    message: String,
}

impl Checked {
    fn json(&self) -> serde_json::Value {
        let findings: Vec<serde_json::Value> = self
            .findings
            .iter()
            .map(|f| {
                serde_json::json!({
                    "file": f.file, "line": f.line, "column": f.column,
                    "rule": f.rule, "message": f.message,
                })
            })
            .collect();
        let mut v = serde_json::json!({ "student": self.student, "findings": findings });
        if let Some(e) = &self.error {
            v["error"] = e.clone().into();
        }
        v
    }
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let subs = folder::submissions(&self.submissions, &["Card.cpp"]).map_err(Failure::input)?;
        let checked: Vec<Checked> = subs.iter().map(|(who, dir)| check(who, dir)).collect();
        let mut text = String::new();
        for c in &checked {
            let who = upcard::parse::escape::printable_line(&c.student);
            match &c.error {
                Some(e) => text.push_str(&format!("{who}: not checked: {e}\n")),
                None if c.findings.is_empty() => {
                    text.push_str(&format!("{who}: no restriction broken\n"))
                }
                None => {
                    for f in &c.findings {
                        let line = format!(
                            "{}:{}:{}: {} [{}]",
                            f.file, f.line, f.column, f.message, f.rule
                        );
                        text.push_str(&format!(
                            "{who}: {}\n",
                            upcard::parse::escape::printable_line(&line)
                        ));
                    }
                }
            }
        }
        let broken = checked.iter().filter(|c| !c.findings.is_empty()).count();
        text.push_str(&format!(
            "\n{broken} of {} submission{} break a restriction\n",
            checked.len(),
            if checked.len() == 1 { "" } else { "s" }
        ));
        stdout
            .write_all(text.as_bytes())
            .map_err(|e| Failure::input(format!("writing the findings: {e}")))?;
        if let Some(p) = &self.json {
            let all: Vec<serde_json::Value> = checked.iter().map(Checked::json).collect();
            let json = serde_json::to_string_pretty(&all).expect("findings serialize");
            upcard::scenario::write_atomic(p, json.as_bytes())
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
        }
        if broken > 0 {
            return Err(Failure::said(FailureKind::Failed));
        }
        Ok(())
    }
}

/// A student's project files (not tests), each checked.
fn check(who: &str, dir: &Path) -> Checked {
    let mut out = Checked {
        student: who.to_string(),
        error: None,
        findings: Vec::new(),
    };
    let files = locate::sources(dir, &["Card.cpp"]).and_then(|l| data::read_sources(&l.dir));
    match files {
        Err(e) => out.error = Some(e),
        Ok(files) => {
            for (name, bytes) in files
                .iter()
                .filter(|(n, _)| n.ends_with(".cpp") && !n.contains("_test"))
            {
                out.findings
                    .extend(upcard::style::check(name, bytes).into_iter().map(|f| Said {
                        file: f.file,
                        line: f.line,
                        column: f.column,
                        rule: f.rule,
                        message: f.message,
                    }));
            }
        }
    }
    out
}
