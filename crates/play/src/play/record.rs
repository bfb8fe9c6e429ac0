//! `upcard play --record FILE`: a finished game as a scenario that
//! `upcard run` and `upcard replay` take, the people's answers as its input.

use std::path::Path;

use upcard_bots::{SeatKind, Table};
use upcard_engine::{Action, NullSink};
use upcard_parse::file::write_atomic;
use upcard_rules::courses::standard::house::HouseRule;
use upcard_rules::courses::standard::{Cards, config, key_text, offered};
use upcard_scenario::scenario::RulesName;
use upcard_scenario::scenario::{Scenario, play};

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// What the people typed in plain mode for these decisions: an empty line
/// when the device is passed (two or more people), then each choice's number.
pub fn input_lines(table: &Table, actions: &[Action]) -> Vec<String> {
    let mut state = table.state();
    let mut lines = Vec::new();
    let mut last = None;
    for &a in actions {
        while state.to_move().is_none() && !state.is_over() {
            state.advance(&mut NullSink);
        }
        let Some(seat) = state.to_move() else { break };
        if table.seats[seat] == SeatKind::Person {
            if table.people() > 1 && last != Some(seat) {
                lines.push(String::new());
                last = Some(seat);
            }
            let legal = state.legal_actions();
            let offer = offered(&state.observation(seat), &legal);
            if let Some(i) = offer.iter().position(|o| *o == a) {
                lines.push((i + 1).to_string());
            }
        }
        if state.apply(a, &mut NullSink).is_err() {
            break;
        }
    }
    lines
}

/// The scenario of a game played at `table` (its seed, or the key of a
/// game nobody at the table could compute).
pub fn scenario_yaml(table: &Table, actions: &[Action], name: &str) -> Result<String, String> {
    let about = table.cards.seed_note();
    let deal = match table.cards {
        Cards::Key(k) => format!("key: {}", key_text(&k)),
        Cards::Seed(s) | Cards::Fixed(_, s) => format!("seed: {s}"),
    };
    let mut y = format!(
        "name: {name}\ndescription: >-\n  A game of upcard play{about}, recorded with --record.\nrules: standard\nstandard:\n  {deal}\n"
    );
    let defaults = config();
    let house: Vec<String> = HouseRule::ALL
        .iter()
        .filter(|r| r.get(&table.config) != r.get(&defaults))
        .map(|r| format!("    {}: {}\n", r.name(), yaml_str(&r.get(&table.config))))
        .collect();
    if !house.is_empty() {
        y.push_str("  house:\n");
        y.push_str(&house.concat());
    }
    y.push_str("  players:\n");
    for i in 0..4 {
        let kind = match table.seats[i] {
            SeatKind::Person => "human",
            SeatKind::Bot(b) => b.name(),
            SeatKind::Program(_) => {
                return Err(
                    "a game with a program at a seat cannot be recorded: scenarios run no programs"
                        .into(),
                );
            }
        };
        y.push_str(&format!(
            "    - {{ name: {}, type: {kind} }}\n",
            yaml_str(&table.names[i])
        ));
    }
    let input: Vec<String> = input_lines(table, actions)
        .iter()
        .map(|l| yaml_str(l))
        .collect();
    if !input.is_empty() {
        y.push_str(&format!("input: [{}]\n", input.join(", ")));
    }
    y.push_str("tags: [recorded]\n");
    Ok(y)
}

/// Whether `path` asks for a Euchre Game Notation record (by its extension)
/// rather than a scenario.
pub fn is_egn(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "egn")
}

/// The events of a game played at `table` with these decisions.
pub fn events(table: &Table, actions: &[Action]) -> Vec<upcard_engine::Event> {
    let mut state = table.state();
    let mut sink = upcard_engine::VecSink::default();
    for &a in actions {
        while state.to_move().is_none() && !state.is_over() {
            state.advance(&mut sink);
        }
        if state.apply(a, &mut sink).is_err() {
            break;
        }
    }
    while state.to_move().is_none() && !state.is_over() && state.advance(&mut sink) {}
    sink.0
}

/// Writes the game as a Euchre Game Notation record (docs/egn.md), checked
/// by reading it back.
pub fn egn_record(path: &Path, table: &Table, actions: &[Action]) -> Result<(), String> {
    upcard_record::write::save_played(
        path,
        None,
        &format!("A game of upcard play{}.", table.cards.seed_note()),
        &table.names,
        &table.config,
        &events(table, actions),
    )
}

/// Records a finished game at `path`: a Euchre Game Notation record when
/// the name ends in `.egn`, else a scenario with its golden where `upcard
/// run` looks for it (the engine's own transcript of the scenario). Says
/// what was written.
pub fn record(path: &Path, table: &Table, actions: &[Action]) -> Result<String, String> {
    if is_egn(path) {
        egn_record(path, table, actions)?;
        return Ok(format!(
            "Recorded as {} (Euchre Game Notation).\n",
            path.display()
        ));
    }
    let golden = record_scenario(path, table, actions)?;
    Ok(format!(
        "Recorded as {} (its golden: {}).\n",
        path.display(),
        golden.display()
    ))
}

/// Writes the scenario to `path` and its golden; returns the golden's path.
fn record_scenario(
    path: &Path,
    table: &Table,
    actions: &[Action],
) -> Result<std::path::PathBuf, String> {
    let name = path
        .file_stem()
        .map_or("recorded".to_string(), |s| s.to_string_lossy().into_owned());
    let yaml = scenario_yaml(table, actions, &name)?;
    let scenario = Scenario::from_text(path, &yaml).map_err(|e| e.to_string())?;
    let played = play(&scenario);
    if let Some(e) = played.error {
        return Err(format!("the recorded game does not replay: {e}"));
    }
    let golden = upcard_scenario::scenario::default_golden(path, RulesName::standard, &name);
    write_atomic(path, yaml.as_bytes()).map_err(|e| format!("writing {}: {e}", path.display()))?;
    write_atomic(&golden, &played.transcript)
        .map_err(|e| format!("writing {}: {e}", golden.display()))?;
    Ok(golden)
}
