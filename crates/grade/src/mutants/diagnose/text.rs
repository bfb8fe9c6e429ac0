//! What a line differs in when it means nothing the game could have done:
//! a line left out or added, the output stopping early, a field of the
//! line (a name, a number, a command-line argument), or a number no game
//! gives (uninitialised memory).

use super::{Finding, Kind, Place, line};
use upcard_record::{Timeline, describe};
use upcard_scenario::scenario::Scenario;
use upcard_scenario::scenario::diff::Divergence;

/// What printed the expected line, as a clause: " (…)".
fn source(engine: Option<&Timeline>, place: Option<&Place>) -> String {
    match (engine, place) {
        (Some(t), Some(p)) => match p.event {
            Some(e) => format!(
                " ({})",
                describe(&t.events[e], &super::shown_names(&t.names))
            ),
            None if t.header_end > 0 => " (the command line, echoed)".into(),
            None => String::new(),
        },
        _ => String::new(),
    }
}

pub(crate) fn missing_or_extra(
    engine: Option<&Timeline>,
    place: Option<&Place>,
    expected: &str,
    actual: &str,
    d: &Divergence,
) -> Option<Finding> {
    let src = source(engine, place);
    match (&d.expected, &d.actual) {
        (None, Some(got)) => Some(Finding::new(
            Kind::ExtraLine,
            format!(
                "your output goes on after the expected output ends: its line {} is {got:?}",
                d.actual_line
            ),
        )),
        (Some(want), None) => {
            let hint = engine
                .zip(place)
                .map_or(String::new(), |(t, p)| exact_target(t, p));
            Some(Finding::new(
                Kind::EndsEarly,
                if d.actual_line <= 1 {
                    format!(
                        "your program printed nothing, not even the first line of the game, {want:?}{src}: does main get as far as the game (is it finished, and does no check of its arguments or files return first)?"
                    )
                } else {
                    format!(
                        "your output ends after line {}; the expected output goes on with {want:?}{src}{hint}",
                        d.actual_line - 1
                    )
                },
            ))
        }
        (Some(want), Some(got)) => {
            if line(expected, d.expected_line + 1) == Some(got.as_str()) {
                let hint = engine
                    .zip(place)
                    .map_or(String::new(), |(t, p)| exact_target(t, p));
                Some(Finding::new(
                    Kind::MissingLine,
                    format!(
                        "your output leaves out line {} of the expected output, {want:?}{src}, and goes on with the line after it{hint}",
                        d.expected_line
                    ),
                ))
            } else if line(actual, d.actual_line + 1) == Some(want.as_str()) {
                // A line printed twice, or early (it comes a little later).
                let later =
                    (1..=10).find(|k| line(expected, d.expected_line + k) == Some(got.as_str()));
                let repeats = if line(actual, d.actual_line.wrapping_sub(1)) == Some(got.as_str()) {
                    format!(" (it repeats line {})", d.actual_line - 1)
                } else if let Some(k) = later {
                    format!(
                        " (it comes early: the expected output has it {k} line{} later, at line {})",
                        if k == 1 { "" } else { "s" },
                        d.expected_line + k
                    )
                } else {
                    String::new()
                };
                Some(Finding::new(
                    Kind::ExtraLine,
                    format!(
                        "your output has an extra line {}, {got:?}{repeats}, before {want:?}{src}",
                        d.actual_line
                    ),
                ))
            } else {
                None
            }
        }
        (None, None) => None,
    }
}

/// For a missing winner line: the game ended exactly on the target.
fn exact_target(t: &Timeline, p: &Place) -> String {
    let Some(e) = p.event else {
        return String::new();
    };
    match t.events[e] {
        upcard_engine::Event::GameOver { winner, scores } => {
            let target = t.initial.config.points_to_win;
            if scores[winner] == target {
                format!(
                    "; the game ended with {} and {} at exactly {target} points, the target: a team that reaches the target wins (a check like `score > points_to_win` misses this)",
                    super::shown(&t.names[winner]),
                    super::shown(&t.names[winner + 2])
                )
            } else {
                String::new()
            }
        }
        _ => String::new(),
    }
}

/// The program goes on where the game is over.
pub(crate) fn after_game_over(t: &Timeline, p: &Place, got: &str) -> Option<Finding> {
    let upcard_engine::Event::GameOver { winner, scores } = t.events[p.event?] else {
        return None;
    };
    Some(Finding::new(
        Kind::Outcome,
        format!(
            "your program goes on (it prints {got:?}) where the game is over: {} and {} have {} points, and {} points win{}",
            super::shown(&t.names[winner]),
            super::shown(&t.names[winner + 2]),
            scores[winner],
            t.initial.config.points_to_win,
            exact_target(t, p)
        ),
    ))
}

/// Numbers far outside anything a game prints (hands, points, indexes).
const UNLIKELY: i64 = 2000;

fn numbers(s: &str) -> Vec<i64> {
    s.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|w| w.parse::<i64>().ok())
        .collect()
}

/// A number in `got` that no game gives, where `want` has another.
pub(crate) fn uninitialised(want: &str, got: &str) -> Option<Finding> {
    let expected = numbers(want);
    let odd = numbers(got)
        .into_iter()
        .find(|n| !expected.contains(n) && (*n < 0 || *n > UNLIKELY))?;
    Some(Finding::new(
        Kind::Uninitialised,
        format!(
            "your line {got:?} has the number {odd} where the expected line {want:?} has {}: no game gives {odd}; a number like this usually comes from memory that was never set (a variable or array element read before it is written): build with -fsanitize=address,undefined or run under valgrind to find where",
            expected
                .first()
                .map_or("no number".to_string(), |n| n.to_string())
        ),
    ))
}

/// Output none of whose lines is a line of the game (a starter scaffold, a
/// test driver): said as that, not as its first line's difference.
pub(crate) fn not_the_game(expected: &str, actual: &str) -> Option<Finding> {
    let game: std::collections::BTreeSet<&str> =
        expected.lines().filter(|l| !l.trim().is_empty()).collect();
    let printed: Vec<&str> = actual.lines().filter(|l| !l.trim().is_empty()).collect();
    let first = printed.first()?;
    if printed.iter().any(|l| game.contains(l)) {
        return None;
    }
    Some(Finding::new(
        Kind::Difference,
        format!(
            "none of the {} line{} your program printed is a line of the game (the first: {first:?}): is the program the game yet (not a starter scaffold or a test driver)?",
            printed.len(),
            if printed.len() == 1 { "" } else { "s" }
        ),
    ))
}

/// A line that differs from the expected only in spaces at its start or end.
fn only_spaces(want: &str, got: &str, line_no: usize, src: &str) -> Option<Finding> {
    if got == want || got.trim() != want.trim() {
        return None;
    }
    let end = if got.trim_end() == want.trim_end() {
        "end"
    } else {
        "start"
    };
    Some(Finding::new(
        Kind::Field,
        format!(
            "line {line_no} differs from the expected {want:?}{src} only in spaces at its {end}: your program prints {got:?}"
        ),
    ))
}

/// The words in which `got` differs from `want`, said in the game's terms
/// where a word is a player's name or a command-line argument.
pub(crate) fn fields(
    s: &Scenario,
    engine: Option<&Timeline>,
    place: Option<&Place>,
    want: &str,
    got: &str,
    line_no: usize,
) -> Finding {
    let src = source(engine, place);
    if let Some(f) = only_spaces(want, got, line_no, &src) {
        return f;
    }
    let w: Vec<&str> = want.split(' ').collect();
    let g: Vec<&str> = got.split(' ').collect();
    let header =
        place.is_some_and(|p| p.event.is_none()) && engine.is_some_and(|t| t.header_end > 0);
    if w.len() != g.len() {
        return Finding::new(
            Kind::Difference,
            format!("line {line_no} differs: expected {want:?}{src}, your program printed {got:?}"),
        );
    }
    let diffs: Vec<(usize, &str, &str)> = w
        .iter()
        .zip(&g)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| (i, *a, *b))
        .collect();
    let names: Option<&[String; 4]> = engine.map(|t| &t.names);
    let mut said = Vec::new();
    let mut wrong_index = false;
    for &(i, a, b) in &diffs {
        if header && let Ok(inv) = s.setup.invocation(None) {
            let mut argv = vec![inv.argv0.clone()];
            argv.extend(inv.args.iter().cloned());
            if let Some(k) = argv.iter().position(|x| x == b)
                && argv.get(i).map(String::as_str) == Some(a)
            {
                said.push(format!(
                    "word {} of the echoed command line should be argument {i}, {a:?}, but is {b:?}, argument {k}",
                    i + 1
                ));
                wrong_index = true;
                continue;
            }
        }
        let seat = |x: &str| names.and_then(|n| n.iter().position(|m| m == x));
        if let (Some(sa), Some(sb)) = (seat(a), seat(b)) {
            let rel = match (sb + 4 - sa) % 4 {
                1 => "the player to their left",
                2 => "their partner",
                _ => "the player to their right",
            };
            let (a, b) = (super::shown(a), super::shown(b));
            said.push(format!("it names {b} where {a} is expected ({b} is {rel})"));
            continue;
        }
        if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
            said.push(format!(
                "it has {y} where {x} is expected{}",
                if (x - y).abs() == 1 {
                    " (off by one)"
                } else {
                    ""
                }
            ));
            continue;
        }
        said.push(format!("it has {b:?} where {a:?} is expected"));
    }
    Finding::new(
        Kind::Field,
        format!(
            "line {line_no} differs from the expected {want:?}{src} in {} word{}: {}",
            diffs.len(),
            if diffs.len() == 1 { "" } else { "s" },
            said.join("; ")
        ) + if wrong_index {
            ": is an argument read from the wrong index?"
        } else {
            ""
        },
    )
}
