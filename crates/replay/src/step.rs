//! `--step`: walking a timeline with commands read line by line (a terminal,
//! or any scripted input).

use std::io::{BufRead, Read, Write};

use upcard_record::{Target, Timeline, render};

/// A failure to read the commands (not to write the replay).
#[derive(Debug)]
pub struct ReadingCommands(pub String);

impl std::fmt::Display for ReadingCommands {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "reading the commands: {}", self.0)
    }
}

impl std::error::Error for ReadingCommands {}

pub const HELP: &str = "commands: Enter or n next move, b back one move, t next trick, h next hand, j N or j HAND:TRICK:PLAY jump there, s FILE save this moment (CS 246 save file), q quit";

/// `s FILE`: the game after move `at` saved to FILE; what to tell the user.
fn save(t: &Timeline, at: usize, file: &str) -> String {
    let said = t.save_at(at).and_then(|save| {
        upcard_parse::file::write_atomic(std::path::Path::new(file), save.as_bytes())
            .map_err(|e| format!("writing {file}: {e}"))
    });
    match said {
        Ok(()) => format!(
            "saved the game after move {} ({}) to {file}",
            at + 1,
            t.moves[at].point
        ),
        Err(e) => e,
    }
}

/// `j N` or `j HAND:TRICK:PLAY`: the move to jump to, or what is wrong.
fn jump(t: &Timeline, target: &str) -> Result<usize, String> {
    let target = target
        .parse::<Target>()
        .map_err(|e| format!("{e}; e.g. j 12 or j 0:2:3"))?;
    t.find(target).map_err(|e| e.to_string())
}

/// Runs the stepping loop until `q` or the end of input.
pub fn interact(t: &Timeline, input: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<()> {
    if t.moves.is_empty() {
        writeln!(out, "this game has no moves")?;
        return Ok(());
    }
    let last = t.moves.len() - 1;
    let mut at = 0;
    write!(out, "{}", render(t, at))?;
    loop {
        write!(out, "replay> ")?;
        out.flush()?;
        let mut line = String::new();
        // One command per line; a line is never held past 4 KiB.
        let read = (&mut *input)
            .take(4096)
            .read_line(&mut line)
            .map_err(|e| std::io::Error::new(e.kind(), ReadingCommands(e.to_string())))?;
        if read == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let cmd = line.trim();
        let here = t.moves[at].point;
        let next = match cmd {
            "" | "n" => (at < last).then_some(at + 1),
            "b" => at.checked_sub(1),
            "t" => t.moves[at + 1..]
                .iter()
                .position(|m| (m.point.hand, m.point.trick) != (here.hand, here.trick))
                .map(|k| at + 1 + k),
            "h" => t.moves[at + 1..]
                .iter()
                .position(|m| m.point.hand != here.hand)
                .map(|k| at + 1 + k),
            "q" => return Ok(()),
            _ if cmd.starts_with("s ") => {
                writeln!(out, "{}", save(t, at, cmd[2..].trim()))?;
                continue;
            }
            _ => match cmd.strip_prefix("j").map(str::trim).map(|n| jump(t, n)) {
                Some(Ok(i)) => Some(i),
                Some(Err(e)) => {
                    writeln!(out, "{e}")?;
                    continue;
                }
                None => {
                    writeln!(out, "{HELP}")?;
                    continue;
                }
            },
        };
        match next {
            Some(i) => {
                at = i;
                write!(out, "{}", render(t, at))?;
            }
            None if cmd == "b" => writeln!(out, "at the first move")?,
            None => writeln!(out, "at the last move ({} moves)", t.moves.len())?,
        }
    }
}
