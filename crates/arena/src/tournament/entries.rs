//! The bots of a tournament: each folder's program, and the built-ins.

use std::path::{Path, PathBuf};

use crate::Entrant;
use upcard_bots::Bot;
use upcard_parse::escape::printable_line;

/// One bot of the tournament.
#[derive(Clone, Debug)]
pub struct Entry {
    /// A folder's name, or `bot:NAME` for a built-in.
    pub name: String,
    pub entrant: Entrant,
}

/// The bots of `dir` (each subfolder's program, in name order; hidden
/// folders skipped) and the built-in `bots`.
pub fn entries(dir: Option<&Path>, bots: &[Bot]) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    if let Some(dir) = dir {
        let listing = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut folders: Vec<PathBuf> = listing
            .flatten()
            .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| e.path())
            .collect();
        folders.sort();
        for f in folders {
            let program = program_in(&f)?;
            let program =
                std::path::absolute(&program).map_err(|e| format!("{}: {e}", program.display()))?;
            let command = shlex::try_quote(&program.to_string_lossy())
                .map_err(|e| format!("{}: {e}", program.display()))?
                .into_owned();
            out.push(Entry {
                name: printable_line(&f.file_name().unwrap_or_default().to_string_lossy()),
                entrant: Entrant::Program(command),
            });
        }
    }
    for &b in bots {
        let name = format!("bot:{}", b.name());
        if out.iter().any(|e: &Entry| e.name == name) {
            return Err(format!("--bot {} is given twice", b.name()));
        }
        out.push(Entry {
            name,
            entrant: Entrant::Bot(b),
        });
    }
    if out.len() < 2 {
        return Err(format!(
            "a tournament needs two bots at least; found {} (a subfolder of DIR per program, or --bot NAME)",
            out.len()
        ));
    }
    Ok(out)
}

/// A bot folder's program: its one executable file, or of several the one
/// named `bot` or `bot.*`.
pub fn program_in(folder: &Path) -> Result<PathBuf, String> {
    use std::os::unix::fs::PermissionsExt;
    let listing = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut found: Vec<PathBuf> = listing
        .flatten()
        .filter(|e| {
            e.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
        .map(|e| e.path())
        .collect();
    found.sort();
    let named_bot = |p: &&PathBuf| p.file_stem().is_some_and(|s| s == "bot");
    match found.len() {
        0 => Err(format!(
            "{}: no executable file (a bot's folder holds its program, marked executable)",
            folder.display()
        )),
        1 => Ok(found.remove(0)),
        _ => match found.iter().filter(named_bot).count() {
            1 => Ok(found.iter().find(named_bot).cloned().unwrap_or_default()),
            _ => Err(format!(
                "{}: {} executable files ({}): name the bot's program bot or bot.EXT",
                folder.display(),
                found.len(),
                found
                    .iter()
                    .map(|p| p.file_name().unwrap_or_default().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_names_its_program() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let exe = |name: &str| {
            let p = d.path().join(name);
            std::fs::write(&p, "#!/bin/sh\n").unwrap();
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        };
        std::fs::write(d.path().join("README"), "").unwrap();
        assert!(program_in(d.path()).unwrap_err().ends_with(
            ": no executable file (a bot's folder holds its program, marked executable)"
        ));
        exe("run.sh");
        assert_eq!(program_in(d.path()).unwrap(), d.path().join("run.sh"));
        exe("helper");
        assert!(program_in(d.path()).unwrap_err().ends_with(
            ": 2 executable files (helper, run.sh): name the bot's program bot or bot.EXT"
        ));
        exe("bot.py");
        assert_eq!(program_in(d.path()).unwrap(), d.path().join("bot.py"));
    }
}
