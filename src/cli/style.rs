//! `upcard style`: each submission's sources as the course's `make style`
//! checks them (OCLint's four rules) and against the EECS 280 spec's
//! restrictions (docs/style.md), read as data on a C++ parser.

use std::io::Write;
use std::path::{Path, PathBuf};

use upcard::Failure;
use upcard::FailureKind;
use upcard::grade::{data, folder, locate};

/// Check a class's style as the course's make style does (OCLint's LongLine, HighNcssMethod, DeepNestedBlock, TooManyParameters) and against the EECS 280 spec's restrictions (libraries, <algorithm> beyond sort, Pack.hpp in Card.cpp or Player.cpp, global or static variables, dynamic memory outside Player_factory, cerr)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard style submissions/
  upcard style alice/ --json alice.json")]
pub struct Args {
    /// A submission's folder (its sources however deep, as grade --build finds them), or a folder of them
    submissions: PathBuf,
    /// Write the findings as JSON to this file
    #[arg(long, value_name = "PATH")]
    json: Option<PathBuf>,
    /// OCLint's LONG_LINE: the most bytes a line may have
    #[arg(long, default_value_t = upcard::style::oclint::EECS280.long_line)]
    long_line: usize,
    /// OCLint's NCSS_METHOD: the most non-commenting source statements a function may have
    #[arg(long, default_value_t = upcard::style::oclint::EECS280.ncss)]
    ncss_method: usize,
    /// OCLint's NESTED_BLOCK_DEPTH: the deepest a block may be
    #[arg(long, default_value_t = upcard::style::oclint::EECS280.depth)]
    nested_block_depth: usize,
    /// OCLint's TOO_MANY_PARAMETERS: the most parameters a function may take
    #[arg(long, default_value_t = upcard::style::oclint::EECS280.parameters)]
    too_many_parameters: usize,
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
        let limits = upcard::style::oclint::Limits {
            long_line: self.long_line,
            ncss: self.ncss_method,
            depth: self.nested_block_depth,
            parameters: self.too_many_parameters,
        };
        let checked: Vec<Checked> = subs
            .iter()
            .map(|(who, dir)| check(who, dir, limits))
            .collect();
        let mut text = String::new();
        for c in &checked {
            let who = upcard::parse::escape::printable_line(&c.student);
            match &c.error {
                Some(e) => text.push_str(&format!("{who}: not checked: {e}\n")),
                None if c.findings.is_empty() => text.push_str(&format!("{who}: clean\n")),
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
            "\n{broken} of {} submission{} have findings\n",
            checked.len(),
            if checked.len() == 1 { "" } else { "s" }
        ));
        stdout
            .write_all(text.as_bytes())
            .map_err(|e| Failure::input(format!("writing the findings: {e}")))?;
        if let Some(p) = &self.json {
            let all: Vec<serde_json::Value> = checked.iter().map(Checked::json).collect();
            let json = serde_json::to_string_pretty(&all).expect("findings serialize");
            upcard::parse::file::write_atomic(p, json.as_bytes())
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?;
        }
        if broken > 0 {
            return Err(Failure::said(FailureKind::Failed));
        }
        Ok(())
    }
}

/// A student's files, each checked (`check_folder`), as the table says them.
fn check(who: &str, dir: &Path, limits: upcard::style::oclint::Limits) -> Checked {
    let mut out = Checked {
        student: who.to_string(),
        error: None,
        findings: Vec::new(),
    };
    match check_folder(dir, limits) {
        Err(e) => out.error = Some(e),
        Ok(found) => {
            out.findings = found
                .into_iter()
                .map(|f| Said {
                    file: f.file,
                    line: f.line,
                    column: f.column,
                    rule: f.rule,
                    message: f.message,
                })
                .collect();
        }
    }
    out
}

/// A submission's files, each checked: the project's against the
/// restrictions and OCLint's rules, the graded test files against OCLint's
/// rules, the project's together against PMD's copy-paste detector (`grade --parts style` grades the same findings).
pub fn check_folder(
    dir: &Path,
    limits: upcard::style::oclint::Limits,
) -> Result<Vec<upcard::style::Finding>, String> {
    let files = locate::sources(dir, &["Card.cpp"]).and_then(|l| data::read_sources(&l.dir))?;
    let mut findings = Vec::new();
    let mut checked: Vec<(&str, &[u8])> = Vec::new();
    for (name, bytes) in files.iter().filter(|(n, _)| n.ends_with(".cpp")) {
        let project = !name.contains("_test");
        if !project && !upcard::unit::GRADED_TESTS.contains(&name.as_str()) {
            continue;
        }
        findings.extend(upcard::style::style(name, bytes, limits, project));
        if project {
            checked.push((name, bytes));
        }
    }
    // PMD's CPD over the project's files (not the tests, whose TESTs repeat
    // by design), as `make style` runs it after OCLint.
    let copies = upcard::style::cpd::duplicates(&checked, upcard::style::cpd::MINIMUM_TOKENS);
    findings.extend(copies);
    Ok(findings)
}
