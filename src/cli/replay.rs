//! `upcard replay`: a scenario, CS 246 save file or EGN record, move by move.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use upcard::Failure;
use upcard::parse::file::write_atomic;
use upcard::record::{Target, Timeline};
use upcard::replay::interact;
use upcard::replay::span::{Style, span};
use upcard::scenario::Scenario;
use upcard::scenario::record;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
    /// One self-contained page that steps through the game.
    Html,
    /// The game as a Euchre Game Notation record (docs/egn.md).
    Egn,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub file: PathBuf,
    pub step: bool,
    pub to: Option<Target>,
    pub format: Format,
    pub save_at: Option<(Target, PathBuf)>,
    /// With `to`: every move up to it, not only the state there.
    pub trace: bool,
    /// Where the replay (text, JSON or the HTML page) goes (standard output when None).
    pub out: Option<PathBuf>,
    /// An alternative line of a record's analysis (from 1) instead of the game.
    pub line: Option<usize>,
}

/// A scenario (`.yaml`/`.yml`) or a CS 246 save file, checked.
pub fn load(path: &Path) -> Result<Timeline, Failure> {
    let is_yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let is_egn = path.extension().is_some_and(|e| e == "egn" || e == "json");
    if is_egn {
        return load_egn(path);
    }
    let scenario = if is_yaml {
        Scenario::load(path).map_err(|e| Failure::input(e.to_string()))?
    } else {
        let shown = path.display().to_string();
        use upcard::parse::file::{MAX_INPUT, ReadError, read_text};
        let text = read_text(path, MAX_INPUT).map_err(|e| match e {
            ReadError::NotText(e) => Failure::input(e.to_string()),
            e => Failure::input(format!("{shown}: {e}")),
        })?;
        if upcard::notation::looks_like(&text) {
            return upcard::record::timeline(path, &text).map_err(Failure::input);
        }
        // A rule set's own saved game (CS 246's format).
        upcard::scenario::courses::scenario_from_save(path, &text)
            .unwrap_or_else(|| Err(format!("{shown}: no course reads saved games")))
            .map_err(Failure::input)?
    };
    Ok(record(&scenario))
}

/// A Euchre Game Notation record.
fn load_egn(path: &Path) -> Result<Timeline, Failure> {
    use upcard::parse::file::{MAX_INPUT, ReadError, read_text};
    let text = read_text(path, MAX_INPUT).map_err(|e| match e {
        ReadError::NotText(e) => Failure::input(e.to_string()),
        e => Failure::input(format!("{}: {e}", path.display())),
    })?;
    upcard::record::timeline(path, &text).map_err(Failure::input)
}

pub fn run(o: &Options, stdin: &mut dyn BufRead, stdout: &mut dyn Write) -> Result<(), Failure> {
    let t = chosen_line(load(&o.file)?, o)?;
    if let Some((target, out)) = &o.save_at {
        return save_at(&t, *target, out, stdout);
    }
    if o.step {
        return interact(&t, stdin, stdout).map_err(io);
    }
    let (text, stopped_early) = match o.format {
        Format::Egn => (
            upcard::record::write::from_timeline(&t)
                .map_err(|e| Failure::input(format!("{}: {e}", o.file.display())))?
                .to_json(),
            false,
        ),
        Format::Html => {
            let title = format!("{} ({})", t.source.name, o.file.display());
            (upcard::replay::html::page(&t, &title), false)
        }
        Format::Text | Format::Json => {
            let to = o.to.map(|target| t.find(target)).transpose();
            let style = if o.format == Format::Text {
                Style::Text
            } else {
                Style::Json
            };
            let s = span(&t, to.map_err(Failure::input)?, o.trace, style);
            (s.text, s.stopped_early)
        }
    };
    match &o.out {
        Some(path) => write_atomic(path, text.as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", path.display()))),
        None => stdout.write_all(text.as_bytes()).map_err(io),
    }?;
    // A game that stops before its end said why; the replay could not show
    // the whole game.
    if stopped_early {
        Err(Failure::said(upcard::FailureKind::Failed))
    } else {
        Ok(())
    }
}

/// The game, or the alternative line `--line` asks for.
fn chosen_line(mut t: Timeline, o: &Options) -> Result<Timeline, Failure> {
    let Some(k) = o.line else { return Ok(t) };
    let n = t.lines.len();
    if k == 0 || k > n {
        return Err(Failure::input(format!(
            "--line {k}: {} has {}",
            o.file.display(),
            match n {
                0 => "no alternative lines".to_string(),
                1 => "one alternative line (--line 1)".to_string(),
                n => format!("alternative lines 1 to {n}"),
            }
        )));
    }
    Ok(t.lines.swap_remove(k - 1).timeline)
}

/// `--save-at POINT OUT`: the state after a move as a save file.
fn save_at(
    t: &Timeline,
    target: Target,
    out: &Path,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let i = t.find(target).map_err(Failure::input)?;
    let save = t.save_at(i).map_err(Failure::input)?;
    write_atomic(out, save.as_bytes())
        .map_err(|e| Failure::input(format!("writing {}: {e}", out.display())))?;
    writeln!(
        stdout,
        "saved the game after move {} ({}) to {}",
        i + 1,
        t.moves[i].point,
        out.display()
    )
    .map_err(io)
}

/// A write that failed: commands that could not be read are an input
/// error; a closed pipe (`upcard replay … | head`) is nothing wrong.
fn io(e: std::io::Error) -> Failure {
    if e.get_ref()
        .is_some_and(|r| r.is::<upcard::replay::ReadingCommands>())
    {
        Failure::input(e.to_string())
    } else if e.kind() == std::io::ErrorKind::BrokenPipe {
        Failure::said(upcard::FailureKind::Stopped)
    } else {
        Failure::input(format!("writing: {e}"))
    }
}

/// Step through a scenario, a CS 246 save file or a Euchre Game Notation record move by move
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard replay scenarios/eecs280/march.yaml
  upcard replay \"VWEC Finals.egn\" --to 8:3:1
  upcard replay scenarios/standard/defend-alone.yaml --format egn -o defend-alone.egn
  upcard replay scenarios/cs246/alone-from-seat-1.yaml --to 0:2:3 --format json
  upcard replay saved.txt --step
  upcard replay scenarios/eecs280/march.yaml --format html -o march.html")]
pub struct Args {
    /// A scenario (.yaml), a CS 246 save file or a Euchre Game Notation record (.egn)
    file: PathBuf,
    /// Walk it with commands: Enter/n next, b back, t next trick, h next hand, j N or j HAND:TRICK:PLAY jump, s FILE save, q quit
    #[arg(long)]
    step: bool,
    /// Show the game at this point: HAND:TRICK:PLAY (trick 0 is making trump) or a move number
    #[arg(long, value_name = "POINT")]
    to: Option<Target>,
    /// With --to: every move up to the point, not only the point
    #[arg(long, requires = "to")]
    trace: bool,
    /// text, json (one object per move: event, rule, full state), html (a page that steps through the game), or egn (the game as a Euchre Game Notation record)
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Write the replay (text, json or the html page) to this file
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with = "step"
    )]
    output: Option<PathBuf>,
    /// Write the state after POINT as a CS 246 save file OUT that continues the game exactly
    #[arg(long, num_args = 2, value_names = ["POINT", "OUT"])]
    save_at: Option<Vec<String>>,
    /// A Euchre Game Notation record's alternative line K (from 1; the text replay notes where each leaves the game) instead of the game
    #[arg(long, value_name = "K")]
    line: Option<usize>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let save_at = match self.save_at.as_deref() {
            Some([point, out]) => Some((
                point.parse::<Target>().map_err(Failure::input)?,
                PathBuf::from(out),
            )),
            _ => None,
        };
        let o = Options {
            file: self.file,
            step: self.step,
            to: self.to,
            format: self.format,
            save_at,
            trace: self.trace,
            out: self.output,
            line: self.line,
        };
        run(&o, &mut std::io::stdin().lock(), stdout)
    }
}
