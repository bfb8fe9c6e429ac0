//! Validated scenarios: what `raw.rs` read, checked and resolved (paths, cards,
//! player names), so running one cannot fail on its own setup.

use std::path::{Path, PathBuf};
use upcard_parse::file::{MAX_INPUT, ReadError, read_text};

use super::error::ScenarioError;
use std::sync::Arc;

use super::context::{SetupContext, read_nested};
use super::courses::{RawScenario, RulesName};
use super::raw::{CompareFlag, PlayerRef, RawExpect, RawInput, Visibility};
use upcard_engine::cards::Suit;
use upcard_engine::{Seat, team_of};
use upcard_rules::courses::Setup;

#[derive(Clone, Debug)]
pub struct Scenario {
    /// The scenario file.
    pub path: PathBuf,
    pub name: String,
    pub description: String,
    pub rules: RulesName,
    pub setup: Arc<dyn Setup>,
    /// Standard input for Human players.
    pub input: String,
    pub expect: Expect,
    pub tags: Vec<String>,
    pub weight: f64,
    pub visibility: Visibility,
    /// Files the scenario reads besides itself (pack, save, input), each
    /// with the field that names it, for `bless --unreferenced` and for
    /// messages about the file (`autograder init`).
    pub files: Vec<(PathBuf, &'static str)>,
}

impl Scenario {
    /// A game from a file that is not a scenario (a save file, a record):
    /// no input, nothing expected, to replay.
    pub fn of_game(
        path: &Path,
        name: String,
        description: String,
        rules: RulesName,
        setup: Arc<dyn Setup>,
    ) -> Scenario {
        Scenario {
            path: path.to_path_buf(),
            name,
            description,
            rules,
            setup,
            input: String::new(),
            expect: Default::default(),
            tags: Vec::new(),
            weight: 1.0,
            visibility: Default::default(),
            files: Vec::new(),
        }
    }
}

/// diff's -B -b -w -i; all false is an exact comparison.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Compare {
    pub ignore_blank_lines: bool,
    pub ignore_space_change: bool,
    pub ignore_all_space: bool,
    pub ignore_case: bool,
}

impl Compare {
    pub fn is_exact(&self) -> bool {
        *self == Compare::default()
    }

    /// The comparison the flags name; `exact` stands alone.
    pub fn from_flags(flags: &[CompareFlag]) -> Result<Compare, String> {
        let mut c = Compare::default();
        for f in flags {
            match f {
                CompareFlag::Exact => {}
                CompareFlag::IgnoreBlankLines => c.ignore_blank_lines = true,
                CompareFlag::IgnoreSpaceChange => c.ignore_space_change = true,
                CompareFlag::IgnoreAllSpace => c.ignore_all_space = true,
                CompareFlag::IgnoreCase => c.ignore_case = true,
            }
        }
        if flags.contains(&CompareFlag::Exact) && !c.is_exact() {
            return Err("exact cannot be combined with an ignore- flag".into());
        }
        Ok(c)
    }

    /// The comparison of diff's flags as a course states them (`-B`,
    /// `-qB`, `-b -w`): the letters B, b, w and i; others (`q`, `y`) do not
    /// change what is equal.
    pub fn from_diff_flags(flags: &str) -> Compare {
        let has = |c: char| {
            flags
                .split_whitespace()
                .filter(|w| w.starts_with('-') && !w.starts_with("--"))
                .any(|w| w.contains(c))
        };
        Compare {
            ignore_blank_lines: has('B'),
            ignore_space_change: has('b'),
            ignore_all_space: has('w'),
            ignore_case: has('i'),
        }
    }

    /// diff's flags for this comparison (`-B`), empty when exact.
    pub fn diff_flags(&self) -> String {
        let letters: String = [
            (self.ignore_blank_lines, 'B'),
            (self.ignore_space_change, 'b'),
            (self.ignore_all_space, 'w'),
            (self.ignore_case, 'i'),
        ]
        .iter()
        .filter_map(|&(on, l)| on.then_some(l))
        .collect();
        if letters.is_empty() {
            letters
        } else {
            format!("-{letters}")
        }
    }

    /// "exact", or the ignored differences as diff's flags would say them.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.ignore_blank_lines {
            parts.push("blank lines");
        }
        if self.ignore_all_space {
            parts.push("all white space");
        } else if self.ignore_space_change {
            parts.push("white space changes");
        }
        if self.ignore_case {
            parts.push("case");
        }
        if parts.is_empty() {
            "exact".to_string()
        } else {
            format!("ignoring {}", parts.join(", "))
        }
    }
}

#[derive(Clone, Debug, Default)]
pub struct Expect {
    pub golden: PathBuf,
    pub compare: Compare,
    /// The scenario says how it is compared (`expect.compare`): that wins
    /// over a grading-wide or course comparison.
    pub compare_set: bool,
    pub exit: Option<u8>,
    pub contains: Vec<String>,
    pub hands: Vec<HandExpect>,
    /// The team that wins the game.
    pub winner: Option<usize>,
    pub final_score: Option<[u32; 2]>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandExpect {
    pub hand: u32,
    pub dealer: Option<Seat>,
    pub trump: Option<Suit>,
    pub maker: Option<Seat>,
    pub alone: Option<bool>,
    pub nullified: Option<bool>,
    pub trick_winners: Option<Vec<Seat>>,
    /// The team that scored.
    pub scored_by: Option<usize>,
    pub points: Option<u32>,
    pub march: Option<bool>,
    pub euchred: Option<bool>,
}

impl Scenario {
    pub fn rules(&self) -> RulesName {
        self.rules
    }

    /// Player names by seat.
    pub fn names(&self) -> [String; 4] {
        self.setup.names()
    }

    /// The dealer of the hand a save file starts in, if the game starts from one.
    pub fn resumed_dealer(&self) -> Option<Seat> {
        self.setup.resumed_dealer()
    }

    /// Reads and checks a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let file = path.display().to_string();
        let text = read_text(path, MAX_INPUT).map_err(|e| match e {
            ReadError::NotText(p) => ScenarioError {
                file: p.file,
                line: p.line,
                column: p.column,
                field: String::new(),
                message: p.message,
            },
            e => ScenarioError::file(&file, e.to_string()),
        })?;
        Scenario::from_text(path, &text)
    }

    /// Checks a scenario's text; `path` names it and anchors its relative paths.
    pub fn from_text(path: &Path, text: &str) -> Result<Scenario, ScenarioError> {
        let file = path.display().to_string();
        // A lone CR ends a line in YAML as in editors; as LF, every line
        // count here agrees with them.
        let normalized;
        let text = if text.contains('\r') {
            normalized = lone_cr_to_lf(text);
            normalized.as_str()
        } else {
            text
        };
        check_nesting(&file, text)?;
        let de = serde_yaml::Deserializer::from_str(text);
        let raw: RawScenario = serde_path_to_error::deserialize(de)
            .map_err(|e| ScenarioError::from_yaml(&file, text, e))?;
        let at = |keys: &[&str], message: String| ScenarioError::at(&file, text, keys, message);
        let dir = path.parent().unwrap_or(Path::new("."));
        let blank = raw
            .name
            .trim()
            .is_empty()
            .then(|| "it is blank".to_string());
        if let Some(why) = blank.or_else(|| upcard_parse::name::file_name_problem(&raw.name)) {
            return Err(at(
                &["name"],
                format!("the name {:?} cannot name the golden file: {why}", raw.name),
            ));
        }
        let mut files = Vec::new();
        let input = input(&raw, dir, &file, &at, &mut files)?;
        check_sections(&raw, &at)?;
        let mut cx = SetupContext {
            dir,
            file: &file,
            text,
            files,
        };
        let setup = raw.rules.setup(&raw, &mut cx)?;
        let files = cx.files;
        let expect = expect(&raw, &setup.names(), dir, path, &file, text)?;
        if let Some(w) = raw.weight
            && !(w.is_finite() && w >= 0.0)
        {
            return Err(at(
                &["weight"],
                format!("weight must be a number 0 or more, not {w}"),
            ));
        }
        Ok(Scenario {
            path: path.to_path_buf(),
            name: raw.name,
            description: raw.description,
            rules: raw.rules,
            setup,
            input,
            expect,
            tags: raw.tags,
            weight: raw.weight.unwrap_or(1.0),
            visibility: raw.visibility.unwrap_or_default(),
            files,
        })
    }
}

/// Where a scenario's error is: its keys and the message.
type At<'a> = dyn Fn(&[&str], String) -> ScenarioError + 'a;

/// The scenario's standard input: `input` (text or lines) or `input_file`.
fn input(
    raw: &RawScenario,
    dir: &Path,
    file: &str,
    at: &At,
    files: &mut Vec<(std::path::PathBuf, &'static str)>,
) -> Result<String, ScenarioError> {
    Ok(match (&raw.input, &raw.input_file) {
        (Some(_), Some(_)) => {
            return Err(at(&["input"], "give input or input_file, not both".into()));
        }
        (None, None) => String::new(),
        (Some(RawInput::Text(t)), None) => t.clone(),
        (Some(RawInput::Lines(lines)), None) => lines.iter().map(|l| format!("{l}\n")).collect(),
        (None, Some(p)) => {
            let full = dir.join(p);
            let t = read_nested(&full, "input file", file, |m| at(&["input_file"], m))?;
            files.push((full, "input_file"));
            t
        }
    })
}

/// The rule set's own section is given, and no other's.
fn check_sections(raw: &RawScenario, at: &At) -> Result<(), ScenarioError> {
    let course = raw.rules.course();
    for (name, present) in raw.sections() {
        if present && name != course.name() {
            return Err(at(
                &[name],
                format!(
                    "{} {name} section in a {} scenario",
                    a_or_an(name),
                    course.name()
                ),
            ));
        }
    }
    if !raw.sections().contains(&(course.name(), true)) {
        let n = course.name();
        return Err(at(
            &["rules"],
            format!("rules: {n} needs {} {n} section", a_or_an(n)),
        ));
    }
    Ok(())
}

/// "an eecs280", "a cs246": as the name is read aloud.
fn a_or_an(name: &str) -> &'static str {
    if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

fn lone_cr_to_lf(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() != Some(&'\n') {
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

/// Flow collections (`[`, `{`) nested deeper than any scenario needs; the
/// YAML parser's time grows with the square of the depth.
const MAX_NESTING: usize = 64;

/// Refuses flow nesting past [`MAX_NESTING`] before the YAML parser sees it.
/// Quoted strings and comments are skipped; brackets in plain scalars count,
/// which can only refuse a file with 64 of them open at once.
fn check_nesting(file: &str, text: &str) -> Result<(), ScenarioError> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut comment = false;
    let mut prev = ' ';
    for (i, c) in text.char_indices() {
        match (quote, c) {
            _ if comment => comment = c != '\n',
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') if " [{,:".contains(prev) => quote = Some(c),
            (None, '#') if prev.is_whitespace() => comment = true,
            (None, '[' | '{') => {
                depth += 1;
                if depth > MAX_NESTING {
                    let (line, column) = upcard_parse::line_col(text, i);
                    return Err(ScenarioError {
                        file: file.to_string(),
                        line,
                        column,
                        field: String::new(),
                        message: format!("nested more than {MAX_NESTING} levels deep"),
                    });
                }
            }
            (None, ']' | '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        prev = c;
    }
    Ok(())
}

/// `expect.compare`'s flags; `exact` stands alone.
fn compare(e: &RawExpect, file: &str, text: &str) -> Result<Compare, ScenarioError> {
    Compare::from_flags(&e.compare)
        .map_err(|why| ScenarioError::at(file, text, &["expect", "compare"], why))
}

fn expect(
    raw: &RawScenario,
    names: &[String; 4],
    dir: &Path,
    path: &Path,
    file: &str,
    text: &str,
) -> Result<Expect, ScenarioError> {
    let e: &RawExpect = &raw.expect;
    let seat = |r: &PlayerRef, keys: &[&str], field: String| -> Result<Seat, ScenarioError> {
        let found = match r {
            PlayerRef::Seat(n) => usize::try_from(*n).ok().filter(|n| *n < 4),
            PlayerRef::Name(s) => names.iter().position(|n| n == s),
        };
        found.ok_or_else(|| {
            ScenarioError::at_field(
                file,
                text,
                keys,
                field,
                format!(
                    "{r} is not a player here (players: {}; or a seat 0 to 3)",
                    names.join(", ")
                ),
            )
        })
    };
    let compare = compare(e, file, text)?;
    let golden = match &e.golden {
        Some(g) => dir.join(g),
        None => default_golden(path, raw.rules, &raw.name),
    };
    let mut hands = Vec::with_capacity(e.hands.len());
    for (i, h) in e.hands.iter().enumerate() {
        let k = |f: &'static str| -> Vec<&str> { vec!["expect", "hands", f] };
        let label = |f: &str| format!("expect.hands[{i}].{f}");
        let opt =
            |r: &Option<PlayerRef>, f| r.as_ref().map(|r| seat(r, &k(f), label(f))).transpose();
        hands.push(HandExpect {
            hand: h.hand,
            dealer: opt(&h.dealer, "dealer")?,
            trump: h.trump.map(|s| s.0),
            maker: opt(&h.maker, "maker")?,
            alone: h.alone,
            nullified: h.nullified,
            trick_winners: h
                .trick_winners
                .as_ref()
                .map(|v| {
                    v.iter()
                        .map(|r| seat(r, &k("trick_winners"), label("trick_winners")))
                        .collect()
                })
                .transpose()?,
            scored_by: opt(&h.scored_by, "scored_by")?.map(team_of),
            points: h.points,
            march: h.march,
            euchred: h.euchred,
        });
    }
    Ok(Expect {
        golden,
        compare,
        compare_set: !e.compare.is_empty(),
        exit: e.exit,
        contains: e.contains.clone(),
        hands,
        winner: e
            .winner
            .as_ref()
            .map(|r| seat(r, &["expect", "winner"], "expect.winner".into()))
            .transpose()?
            .map(team_of),
        final_score: e.final_score,
    })
}

/// `golden/<rules>/<name>.out` under `default_golden_root`.
pub fn default_golden(path: &Path, rules: RulesName, name: &str) -> PathBuf {
    default_golden_root(path)
        .join(rules.dir())
        .join(format!("{name}.out"))
}

/// The `golden` folder beside the `scenarios` folder the file is in (at any
/// depth), or beside the file itself when it is in none.
pub fn default_golden_root(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new(""));
    let root = dir
        .ancestors()
        .find(|a| a.file_name().is_some_and(|n| n == "scenarios"))
        .map(|s| s.parent().unwrap_or(Path::new("")))
        .unwrap_or(dir);
    root.join("golden")
}
