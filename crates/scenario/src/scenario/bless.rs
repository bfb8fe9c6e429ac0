//! `upcard bless`: write goldens from the engine, atomically, saying what changed.

use crate::scenario::diff::{Style, render};
use crate::scenario::runner::{Unreadable, apply_filter, load};
use crate::scenario::{Compare, Evaluated, Golden, Project, Scenario, default_golden, evaluate};
use rayon::prelude::*;
use similar::{ChangeTag, TextDiff};
use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use upcard_parse::file::write_atomic;
use upcard_rules::Failure;

#[derive(Clone, Debug)]
pub struct Options {
    pub paths: Vec<PathBuf>,
    pub filter: Option<String>,
    /// List goldens no scenario uses instead of writing.
    pub unreferenced: bool,
    /// Show each change as a diff and write nothing.
    pub dry_run: bool,
    /// Show each change and ask: accept, reject or skip.
    pub review: bool,
    /// Rewrite goldens outside the project's `golden/<rules>/` layout too.
    pub force: bool,
}

/// A review answer.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Answer {
    Accept,
    Reject,
    Skip,
}

/// Asks about one change on standard input; the end of input skips the rest.
fn ask(stdout: &mut dyn Write, input: &mut dyn BufRead) -> Answer {
    loop {
        let _ = write!(stdout, "accept (a), reject (r) or skip (s)? ");
        let _ = stdout.flush();
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(stdout);
                return Answer::Skip;
            }
            Ok(_) => {}
        }
        match line.trim() {
            "a" | "accept" => return Answer::Accept,
            "r" | "reject" => return Answer::Reject,
            "s" | "skip" => return Answer::Skip,
            other => {
                let _ = writeln!(stdout, "{other:?} is none of a, r, s");
            }
        }
    }
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

pub fn run(o: &Options, stdout: &mut dyn Write, unreadable: Unreadable) -> Result<(), Failure> {
    run_with(o, stdout, &mut std::io::stdin().lock(), unreadable)
}

/// What became of one scenario's golden.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Blessed {
    Written,
    Unchanged,
    /// Outside the project, or the scenario's assertions fail.
    Refused,
    /// Writing it failed.
    Failed,
    /// Not the engine's to change (`--force` does).
    Kept,
    /// `--dry-run`.
    Pending,
    Rejected,
    Skipped,
}

/// Each line goes out as soon as its golden is written, so a failure
/// later on never hides what was already written.
fn say(stdout: &mut dyn Write, line: String) {
    let _ = stdout.write_all(line.as_bytes());
    let _ = stdout.flush();
}

fn run_with(
    o: &Options,
    stdout: &mut dyn Write,
    input: &mut dyn BufRead,
    unreadable: Unreadable,
) -> Result<(), Failure> {
    let (mut scenarios, bad_input) = load(&o.paths, unreadable)?;
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
    let outcomes: Vec<Blessed> = scenarios
        .iter()
        .zip(&results)
        .map(|(s, r)| bless(o, s, r, stdout, input))
        .collect();
    let n = |b: Blessed| outcomes.iter().filter(|&&x| x == b).count();
    let mut summary = format!(
        "{} written, {} unchanged, {} refused",
        n(Blessed::Written),
        n(Blessed::Unchanged),
        n(Blessed::Refused)
    );
    for (b, what) in [
        (Blessed::Failed, "not written"),
        (Blessed::Kept, "kept (--force rewrites them)"),
        (Blessed::Pending, "would change (--dry-run)"),
        (Blessed::Rejected, "rejected"),
        (Blessed::Skipped, "skipped"),
    ] {
        if n(b) > 0 {
            summary.push_str(&format!(", {} {what}", n(b)));
        }
    }
    say(stdout, format!("{summary}\n"));
    if bad_input || n(Blessed::Failed) > 0 {
        Err(Failure::said(upcard_rules::FailureKind::Input))
    } else if n(Blessed::Refused) + n(Blessed::Kept) + n(Blessed::Pending) > 0 {
        // A golden that still differs fails `upcard run`: say so here too.
        Err(Failure::said(upcard_rules::FailureKind::Failed))
    } else {
        Ok(())
    }
}

/// Whether scenario `s`'s golden may be written, and why not: outside its
/// project, or its assertions fail (the lines to say).
fn refusal(s: &Scenario, r: &Evaluated) -> Option<String> {
    let path = &s.expect.golden;
    // A golden is written only inside the scenario's own project,
    // whatever its `golden:` says and whatever --force says.
    if let Err(why) =
        Project::of_scenario(&s.path).and_then(|p| p.inside(path, "its golden (expect.golden)"))
    {
        return Some(format!(
            "refused {} ({}): {why}\n",
            path.display(),
            s.path.display()
        ));
    }
    if r.problems.is_empty() {
        return None;
    }
    let mut text = format!(
        "refused {} ({}): its assertions fail, so the engine's transcript is not blessed\n",
        path.display(),
        s.path.display()
    );
    for p in &r.problems {
        text.push_str(&format!("  {p}\n"));
    }
    Some(text)
}

/// One scenario's golden written from the engine's transcript, or why not,
/// said as it happens.
fn bless(
    o: &Options,
    s: &Scenario,
    r: &Evaluated,
    stdout: &mut dyn Write,
    input: &mut dyn BufRead,
) -> Blessed {
    let path = &s.expect.golden;
    if let Some(why) = refusal(s, r) {
        say(stdout, why);
        return Blessed::Refused;
    }
    let new = r.played.text();
    let verb = match &r.golden {
        Golden::Text(old) if *old == new => {
            say(stdout, format!("unchanged {}\n", path.display()));
            return Blessed::Unchanged;
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
    let diff = match &r.golden {
        Golden::Text(old) => render(
            old,
            &new,
            Compare::default(),
            Style {
                color: false,
                side_by_side: false,
                context: 3,
            },
        ),
        _ => String::new(),
    };
    // A golden the scenario names itself (an official course file) is
    // not the engine's to change unless asked.
    let ours = *path == default_golden(&s.path, s.rules(), &s.name);
    if !ours && !o.force && !matches!(r.golden, Golden::Missing) {
        say(
            stdout,
            format!(
                "kept {} ({}): it is not in the project's golden/ layout (an official file?); --force rewrites it\n{diff}",
                path.display(),
                s.path.display()
            ),
        );
        return Blessed::Kept;
    }
    if o.dry_run {
        say(stdout, format!("would have {verb}\n{diff}"));
        return Blessed::Pending;
    }
    if o.review {
        say(stdout, format!("{} ({}):\n{diff}", verb, s.path.display()));
        match ask(stdout, input) {
            Answer::Accept => {}
            Answer::Reject => {
                say(stdout, format!("rejected {}\n", path.display()));
                return Blessed::Rejected;
            }
            Answer::Skip => {
                say(stdout, format!("skipped {}\n", path.display()));
                return Blessed::Skipped;
            }
        }
    }
    match write_atomic(path, &r.played.transcript) {
        Ok(()) => {
            say(stdout, format!("{verb}\n"));
            Blessed::Written
        }
        Err(e) => {
            say(stdout, format!("not written {}: {e}\n", path.display()));
            Blessed::Failed
        }
    }
}

/// Files in the golden folders of these scenarios that none of them uses.
fn unreferenced(scenarios: &[Scenario], stdout: &mut dyn Write) -> Result<(), Failure> {
    let used: BTreeSet<PathBuf> = scenarios
        .iter()
        .flat_map(|s| std::iter::once(&s.expect.golden).chain(s.files.iter().map(|(p, _)| p)))
        .map(|p| normal(p))
        .collect();
    // The `golden/` folders the scenarios' default goldens live in.
    let roots: BTreeSet<PathBuf> = scenarios
        .iter()
        .map(|s| crate::scenario::default_golden_root(&s.path))
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
