//! The binary's reporters and listeners: grading's and unit-tests' events in
//! words on standard error, a progress bar while programs run or games are
//! played when standard error is a terminal, and what scenario loading, a
//! seat and a table's door say (the libraries print nothing).

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use upcard::grade::event::{Event, Reporter};

/// Words on standard error; a bar over the runs on a terminal.
#[derive(Default)]
pub struct Stderr {
    bar: Mutex<Option<ProgressBar>>,
}

/// `n` and `one` or `many` by it.
fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

impl Reporter for Stderr {
    fn report(&self, event: Event) {
        let bar = || self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Note(n) => eprintln!("upcard: note: {n}"),
            Event::OptIn(names) => eprintln!(
                "upcard: {} opt-in scenario{} not graded ({}): --filter opt-in, or a name, grades them",
                names.len(),
                plural(names.len(), "", "s"),
                names.join(", ")
            ),
            Event::Unusable(e) => eprintln!("upcard: {e}"),
            Event::Skipped { path, why } => {
                eprintln!("upcard: skipped {}: {why}", path.display())
            }
            Event::SkippedCount(n) => eprintln!(
                "upcard: skipped {n} scenario{} that use{} upcard-only settings; --list-skipped shows them",
                plural(n, "", "s"),
                plural(n, "s", "")
            ),
            Event::RunsStarted(total) if std::io::stderr().is_terminal() => {
                *bar() = Some(progress(total, "runs {msg}"));
            }
            Event::RunsStarted(_) => {}
            Event::RunDone => {
                if let Some(b) = bar().as_ref() {
                    b.inc(1);
                }
            }
            Event::RunsDone => {
                if let Some(b) = bar().take() {
                    b.finish_and_clear();
                }
            }
            Event::Summary(text) => eprint!("{text}"),
        }
    }
}

/// A bar over `total` things on standard error, `what` after the counts.
fn progress(total: usize, what: &str) -> ProgressBar {
    let b = ProgressBar::new(total as u64);
    b.set_style(
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what}"))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    b
}

/// The arena's and the tournament's games: a bar over them while they are
/// played, when standard error is a terminal (nothing otherwise).
#[derive(Default)]
pub struct Games {
    bar: Mutex<Option<ProgressBar>>,
}

impl upcard::arena::Reporter for Games {
    fn report(&self, event: upcard::arena::Event) {
        use upcard::arena::Event;
        let mut bar = self.bar.lock().unwrap_or_else(|e| e.into_inner());
        match event {
            Event::Started { games } if std::io::stderr().is_terminal() => {
                *bar = Some(progress(games, "games"));
            }
            Event::Started { .. } => {}
            Event::GameDone => {
                if let Some(b) = bar.as_ref() {
                    b.inc(1);
                }
            }
            Event::Finished => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
            }
        }
    }
}

/// A scenario file that cannot be loaded, said on standard error.
pub fn unreadable(e: &upcard::scenario::ScenarioError) {
    eprintln!("upcard: {e}");
}

/// What a seat says as it happens, on standard error: its program's lines as
/// it wrote them (made printable), its faults after "upcard: ".
pub fn seat_echo() -> upcard::seat::program_seat::Echo {
    use upcard::seat::program_seat::{Echo, Notice};
    Echo::to(|n| match n {
        Notice::Stderr(text) => {
            use std::io::Write;
            let _ = std::io::stderr().write_all(text.as_bytes());
        }
        fault @ Notice::Fault { .. } => eprintln!("upcard: {fault}"),
    })
}

/// What a table's door sees, on standard error.
pub fn door() -> upcard::net::notice::Say {
    upcard::net::notice::Say::to(|n| eprintln!("upcard: {n}"))
}
