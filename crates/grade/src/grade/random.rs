//! Differential testing: random games (packs, seeds, names, points, seat
//! types, legal Human answers that the engine's own strategies choose),
//! each compared with the engine; the first divergence is shrunk to a small
//! scenario that reproduces it.

use std::path::{Path, PathBuf};

use rand_mt::Mt;

use super::{Grader, Outcome};
use upcard_rules::courses::RandomCase;
use upcard_scenario::scenario::RulesName;
use upcard_scenario::scenario::{Compare, Scenario, play};

/// The `i`th random game of run `seed` under `rules`.
/// None when no course program plays `rules`.
pub fn case(rules: RulesName, seed: u32, i: u32) -> Option<Box<dyn RandomCase>> {
    let mut rng = Mt::new(seed.wrapping_mul(0x9E37_79B9) ^ i);
    rules.course().random_case(&mut rng)
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// The scenario file for a case.
pub fn yaml(c: &dyn RandomCase, name: &str) -> String {
    let input: Vec<String> = c.answers().iter().map(|a| yaml_str(a)).collect();
    let mut y = format!(
        "name: {name}\ndescription: >-\n  A random game on which the program under test and upcard's engine differ (upcard grade --random).\n"
    );
    y.push_str(&c.section());
    if !input.is_empty() {
        y.push_str(&format!("input: [{}]\n", input.join(", ")));
    }
    y.push_str("tags: [random]\n");
    y
}

/// A case that the program gets wrong: how, and the scenario that shows it.
struct Divergent {
    outcome: Outcome,
    scenario: Scenario,
    text: String,
    golden: Vec<u8>,
}

/// Runs `exe` on a case; Some when it does not pass.
fn differs(
    exe: &Path,
    c: &dyn RandomCase,
    dir: &Path,
    name: &str,
    (grader, compare): (&Grader, Compare),
) -> Result<Option<Divergent>, String> {
    let path = dir.join("scenarios").join(format!("{name}.yaml"));
    let text = yaml(c, name);
    let mut scenario = Scenario::from_text(&path, &text).map_err(|e| e.to_string())?;
    super::compare::apply(&mut scenario, compare);
    let played = play(&scenario);
    let outcome = grader.grade(exe, &scenario, (&played.text(), played.status))?;
    Ok((!outcome.verdict.passed()).then_some(Divergent {
        outcome,
        scenario,
        text,
        golden: played.transcript,
    }))
}

/// What a random run found.
pub struct Found {
    pub game: u32,
    pub scenario: PathBuf,
    pub outcome: Outcome,
    pub shrunk_steps: usize,
}

/// Plays `n` random games against `exe`; on the first divergence, shrinks
/// it and writes the scenario (and its golden) under `out`.
pub fn search(
    exe: &Path,
    rules: RulesName,
    n: u32,
    seed: u32,
    out: &Path,
    grader: &Grader,
    compare: Option<Compare>,
) -> Result<(u32, Option<Found>), String> {
    let judge = (grader, super::compare::grading(rules, compare));
    for i in 0..n {
        let mut c = case(rules, seed, i).ok_or_else(|| {
            format!(
                "{} has no course program to compare with the engine",
                rules.dir()
            )
        })?;
        let name = format!("random-{seed}-{i}");
        let Some(mut found) = differs(exe, c.as_ref(), out, &name, judge)? else {
            continue;
        };
        let mut steps = 0;
        'shrink: loop {
            for smaller in c.smaller() {
                if let Some(d) = differs(exe, smaller.as_ref(), out, &name, judge)? {
                    c = smaller;
                    found = d;
                    steps += 1;
                    continue 'shrink;
                }
            }
            break;
        }
        let s = &found.scenario;
        for (p, bytes) in [
            (&s.path, found.text.as_bytes()),
            (&s.expect.golden, &found.golden[..]),
        ] {
            upcard_parse::file::write_atomic(p, bytes)
                .map_err(|e| format!("writing {}: {e}", p.display()))?;
        }
        return Ok((
            i + 1,
            Some(Found {
                game: i,
                scenario: s.path.clone(),
                outcome: found.outcome,
                shrunk_steps: steps,
            }),
        ));
    }
    Ok((n, None))
}

/// What a program's random games found, as `grade --random` says it;
/// `rerun` is the `--exe …` that grades the program again.
pub fn said(
    found: &Option<Found>,
    (played, rules, seed): (u32, RulesName, u32),
    limits: &upcard_sandbox::Limits,
    rerun: &str,
) -> String {
    match found {
        None => format!(
            "{played} random {} games (seed {seed}): the program agrees with the engine on all of them\n",
            rules.dir(),
        ),
        Some(f) => format!(
            "random game {} (seed {seed}) differs: {}\nshrunk {} times; the scenario is {} (golden beside it)\nrerun it: upcard grade {rerun} {}\n{}",
            f.game,
            f.outcome.verdict.summary(limits),
            f.shrunk_steps,
            f.scenario.display(),
            f.scenario.display(),
            f.outcome.detail
        ),
    }
}
