//! `upcard bless`: write goldens from the engine, atomically, saying what changed.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use similar::{ChangeTag, TextDiff};

use super::run::{apply_filter, load};
use upcard::Failure;
use upcard::scenario::{Golden, Scenario, evaluate, write_atomic};

#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub filter: Option<String>,
    /// List goldens no scenario uses instead of writing.
    pub unreferenced: bool,
}

/// Lines added and removed going from `old` to `new`.
fn counts(old: &str, new: &str) -> (usize, usize) {
    let d = TextDiff::from_lines(old, new);
    let mut plus = 0;
    let mut minus = 0;
    for c in d.iter_all_changes() {
        match c.tag() {
            ChangeTag::Insert => plus += 1,
            ChangeTag::Delete => minus += 1,
            ChangeTag::Equal => {}
        }
    }
    (plus, minus)
}

pub fn run(o: &Options, stdout: &mut dyn Write) -> Result<(), Failure> {
    let (mut scenarios, bad_input) = load(&o.paths)?;
    if o.unreferenced {
        if bad_input {
            // From a partly loaded library a used golden could look unreferenced.
            return Err(Failure::input(
                "nothing listed: fix the scenarios above first",
            ));
        }
        return unreferenced(&scenarios, stdout);
    }
    apply_filter(&mut scenarios, o.filter.as_deref())?;
    let results: Vec<_> = scenarios.par_iter().map(evaluate).collect();
    let (mut written, mut refused, mut failed) = (0, 0, 0);
    // Each line goes out as soon as its golden is written, so a failure
    // later on never hides what was already written.
    let mut say = |line: String| {
        let _ = stdout.write_all(line.as_bytes());
        let _ = stdout.flush();
    };
    for (s, r) in scenarios.iter().zip(&results) {
        let path = &s.expect.golden;
        let mut text = String::new();
        if !r.problems.is_empty() {
            refused += 1;
            text.push_str(&format!(
                "refused {} ({}): its assertions fail, so the engine's transcript is not blessed\n",
                path.display(),
                s.path.display()
            ));
            for p in &r.problems {
                text.push_str(&format!("  {p}\n"));
            }
            say(text);
            continue;
        }
        let new = r.played.text();
        let verb = match &r.golden {
            Golden::Text(old) if *old == new => {
                say(format!("unchanged {}\n", path.display()));
                continue;
            }
            Golden::Text(old) => {
                let (plus, minus) = counts(old, &new);
                format!("updated {} (+{plus} -{minus} lines)", path.display())
            }
            Golden::Missing => {
                format!("created {} ({} lines)", path.display(), new.lines().count())
            }
            Golden::Unreadable(_) => format!("replaced unreadable {}", path.display()),
        };
        match write_atomic(path, &r.played.transcript) {
            Ok(()) => {
                written += 1;
                say(format!("{verb}\n"));
            }
            Err(e) => {
                failed += 1;
                say(format!("not written {}: {e}\n", path.display()));
            }
        }
    }
    let unchanged = scenarios.len() - written - refused - failed;
    let mut summary = format!("{written} written, {unchanged} unchanged, {refused} refused");
    if failed > 0 {
        summary.push_str(&format!(", {failed} not written"));
    }
    say(format!("{summary}\n"));
    if bad_input || failed > 0 {
        Err(Failure::silent(2))
    } else if refused > 0 {
        Err(Failure::silent(1))
    } else {
        Ok(())
    }
}

/// Files in the golden folders of these scenarios that none of them uses.
fn unreferenced(scenarios: &[Scenario], stdout: &mut dyn Write) -> Result<(), Failure> {
    let used: BTreeSet<PathBuf> = scenarios
        .iter()
        .flat_map(|s| std::iter::once(&s.expect.golden).chain(&s.files))
        .map(|p| normal(p))
        .collect();
    // The `golden/` folders the scenarios' default goldens live in.
    let roots: BTreeSet<PathBuf> = scenarios
        .iter()
        .map(|s| upcard::scenario::default_golden_root(&s.path))
        .filter(|r| r.is_dir())
        .collect();
    let mut all = Vec::new();
    for r in &roots {
        files_under(r, &mut all);
    }
    all.sort();
    let mut text = String::new();
    for f in all {
        if !used.contains(&normal(&f)) {
            text.push_str(&format!("{}\n", f.display()));
        }
    }
    let _ = stdout.write_all(text.as_bytes());
    Ok(())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                files_under(&p, out);
            } else {
                out.push(p);
            }
        }
    }
}

/// A path without `.` and `a/..` parts, so two spellings of one file compare equal.
fn normal(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// Write or rewrite golden transcripts from the engine
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard bless scenarios/eecs280/march.yaml
  upcard bless --filter renege
  upcard bless --unreferenced")]
pub struct Args {
    #[command(flatten)]
    scenarios: super::run::Selection,
    /// List files in the golden folders that no scenario uses (writes nothing)
    #[arg(long)]
    unreferenced: bool,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let o = Options {
            paths: self.scenarios.paths,
            filter: self.scenarios.filter,
            unreferenced: self.unreferenced,
        };
        run(&o, stdout)
    }
}
