//! The `cs246:` section of a scenario, and the game it sets up.

use std::collections::BTreeMap;
use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::{ScenarioError, SetupContext};
use upcard_engine::mutants::Switch;
use upcard_engine::{Seat, State};
use upcard_rules::agents::Game;
use upcard_rules::courses::cs246::Cs246;
use upcard_rules::courses::cs246::program::{Args, start};
use upcard_rules::courses::cs246::save::SaveFile;
use upcard_rules::courses::{Course, Invocation, Setup};
use upcard_rules::input::SharedTokens;
use upcard_rules::transcript::Transcript;

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawCs246 {
    /// The shuffle seed (`-s`); default 0 as in the course program.
    #[serde(default)]
    pub seed: Option<i64>,
    /// Debug output (`-d`).
    #[serde(default)]
    pub debug: bool,
    /// A save file's text, loaded as with `-f`.
    #[serde(default)]
    pub save: Option<String>,
    /// A save file, relative to the scenario file.
    #[serde(default)]
    pub save_file: Option<String>,
    /// Rule options (`--rule NAME=VALUE`), e.g. `loner-lead: footnote`.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Player 0 reads commands from the input (default true); false makes all four computers.
    #[serde(default = "yes")]
    pub human: bool,
}

fn yes() -> bool {
    true
}

/// Checks the `cs246:` section.
pub fn setup(c: &RawCs246, cx: &mut SetupContext<'_>) -> Result<Cs246Setup, ScenarioError> {
    let file = cx.file;
    let at = |keys: &[&str], message: String| cx.at(keys, message);
    let mut args = Args {
        debug: c.debug,
        seed: c.seed,
        no_human: !c.human,
        ..Default::default()
    };
    if let Some(s) = c.seed
        && !(i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&s)
    {
        return Err(at(
            &["cs246", "seed"],
            format!("the seed {s} does not fit in 32 bits"),
        ));
    }
    for (k, v) in &c.options {
        args.options
            .set(&format!("{k}={v}"))
            .map_err(|m| at(&["cs246", "options", k], m))?;
    }
    let save = match (&c.save, &c.save_file) {
        (Some(_), Some(_)) => {
            return Err(at(
                &["cs246", "save"],
                "give save or save_file, not both".into(),
            ));
        }
        (None, None) => None,
        (Some(t), None) => {
            let shown = format!("{file} (cs246.save)");
            let s = SaveFile::parse(&shown, t).map_err(|err| ScenarioError::nested(file, err))?;
            Some((s, t.clone()))
        }
        (None, Some(p)) => {
            let (full, t) = cx.read(p, "save file", &["cs246", "save_file"])?;
            let shown = full.display().to_string();
            let s = SaveFile::parse(&shown, &t).map_err(|err| ScenarioError::nested(file, err))?;
            cx.keep(full, "cs246.save_file");
            Some((s, t))
        }
    };
    if save.is_some() {
        args.file = Some(
            c.save_file
                .as_deref()
                .and_then(|p| Path::new(p).file_name())
                .map_or("save.txt".to_string(), |b| b.to_string_lossy().into_owned()),
        );
    }
    Ok(Cs246Setup { args, save })
}

#[derive(Clone, Debug)]
pub struct Cs246Setup {
    /// The command line; `file` is the save file's name as the program sees it.
    pub args: Args,
    /// The save file and its text.
    pub save: Option<(SaveFile, String)>,
}

impl Setup for Cs246Setup {
    fn course(&self) -> &'static dyn Course {
        &Cs246
    }

    fn names(&self) -> [String; 4] {
        ["0", "1", "2", "3"].map(String::from)
    }

    fn start(&self, input: &SharedTokens, switch: Switch) -> (Game, Box<dyn Transcript>) {
        let save = self.save.as_ref().map(|(f, _)| f);
        let (game, printer) = start(&self.args, save, input, Vec::new(), switch);
        (game, Box::new(printer))
    }

    fn invocation(&self, argv0: Option<&str>) -> Result<Invocation, String> {
        if self.args.no_human {
            return Err("four computer players (human: false) is upcard's setting, not the course program's".into());
        }
        if self.args.options != Default::default() {
            return Err("rule options are upcard's settings, not the course program's".into());
        }
        let mut args = Vec::new();
        if self.args.debug {
            args.push("-d".to_string());
        }
        if let Some(seed) = self.args.seed {
            args.extend(["-s".to_string(), seed.to_string()]);
        }
        let mut files = Vec::new();
        if let (Some(name), Some((_, text))) = (&self.args.file, &self.save) {
            args.extend(["-f".to_string(), name.clone()]);
            files.push((name.clone(), text.clone()));
        }
        Ok(Invocation {
            argv0: argv0
                .unwrap_or(upcard_rules::courses::cs246::PROGRAM)
                .to_string(),
            args,
            files,
        })
    }

    fn resumed_dealer(&self) -> Option<Seat> {
        self.save.as_ref().map(|(s, _)| s.dealer)
    }

    fn save(&self, state: &State) -> Result<String, String> {
        if state.is_over() && state.phase == upcard_engine::Phase::Quit {
            return Err("the program has quit (q); there is nothing to continue".into());
        }
        // A save file at the target score is refused when loaded.
        if state
            .scores
            .iter()
            .any(|&s| s >= upcard_rules::courses::cs246::POINTS_TO_WIN)
        {
            return Err(format!(
                "a team has {} points: the game is over and there is nothing to continue",
                upcard_rules::courses::cs246::POINTS_TO_WIN
            ));
        }
        let seed = self
            .save
            .as_ref()
            .map_or(self.args.seed.unwrap_or(0), |(s, _)| s.seed);
        Ok(SaveFile::from_game(state, seed).write())
    }
}

/// A save file as a scenario: four computer players, nothing expected.
pub fn from_save(path: &Path, save: SaveFile, text: String) -> crate::scenario::Scenario {
    let args = Args {
        no_human: true,
        file: Some(path.display().to_string()),
        ..Default::default()
    };
    crate::scenario::Scenario::of_game(
        path,
        path.file_stem()
            .map_or("save".into(), |s| s.to_string_lossy().into_owned()),
        String::new(),
        super::RulesName::cs246,
        std::sync::Arc::new(Cs246Setup {
            args,
            save: Some((save, text)),
        }),
    )
}
