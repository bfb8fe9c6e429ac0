//! A record replayed: the game it describes (`notation::setup`) played
//! through once, with the record's notes, the cards it does not know, and
//! its alternative lines, each a timeline of its own.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use crate::notation::setup::{End, NOTE_TRICK, OWN_NOTE, read};
use crate::notation::{Deal, DealEntry, Phase, Record};
use crate::{Source, Timeline};

/// A record played through: the game it describes, with the record's
/// notes and unknown cards, ending where the record does.
pub fn replay(path: &Path, record: &Record) -> Result<Timeline, String> {
    let r = read(path, record)?;
    let mut t = crate::record(Source {
        path: path.to_path_buf(),
        name: r.name,
        description: r.description,
        setup: Arc::new(r.setup),
        input: String::new(),
    });
    t.notes = r.notes;
    t.unknown = r.unknown;
    t.declared = r.declared;
    // The scripts end where the record does: say that, not the engine's words.
    t.record_ends = matches!(r.end, Some(End::Record(_)));
    t.error = r.end.map(|e| e.text().to_string());
    Ok(t)
}

/// The moves of hand `hand` that are the record's steps: its calls (the
/// first `calls`), then its cards.
fn steps(t: &Timeline, hand: u32, calls: usize) -> Vec<usize> {
    use upcard_engine::Event;
    let of_hand = |m: &&crate::Move| m.point.hand == hand;
    let mut v: Vec<usize> = t
        .moves
        .iter()
        .filter(of_hand)
        .filter(|m| matches!(m.event, Event::Passed { .. } | Event::Ordered { .. }))
        .take(calls)
        .map(|m| m.number - 1)
        .collect();
    v.extend(
        t.moves
            .iter()
            .filter(of_hand)
            .filter(|m| matches!(m.event, Event::Led { .. } | Event::Played { .. }))
            .map(|m| m.number - 1),
    );
    v
}

/// How many calls a deal's bidding has.
fn calls(phases: &[Phase]) -> usize {
    crate::notation::bidding(phases).map_or(0, |b| b.calls.len())
}

/// An alternative line's trick play: the main line's first `left` cards
/// (whole tricks, then the start of the trick the line finishes), then the
/// line's, its notes moved to where its cards now stand.
fn branch_tricks(
    main_tricks: &[Vec<String>],
    mut left: usize,
    alt: &crate::notation::Tricks,
) -> crate::notation::Tricks {
    use crate::notation::Tricks;
    // Cards of the main line before the branch: whole tricks, then
    // the start of the trick the line finishes.
    let mut tricks = Vec::new();
    let mut partial = Vec::new();
    for t in main_tricks {
        if left == 0 {
            break;
        }
        if t.len() <= left {
            tricks.push(t.clone());
            left -= t.len();
        } else {
            partial = t[..left].to_vec();
            left = 0;
        }
    }
    let whole = tricks.len();
    let start = partial.len();
    let mut rest = alt.tricks.clone();
    if let Some(first) = rest.first_mut() {
        partial.extend(first.iter().cloned());
        *first = partial;
    }
    tricks.extend(rest);
    let notes = alt.play_annotations.as_ref().map(|m| {
        m.iter()
            .filter_map(|(k, v)| {
                let i = k.parse::<usize>().ok()?;
                let (t, j) = (i / NOTE_TRICK, i % NOTE_TRICK);
                let at = NOTE_TRICK * (whole + t) + j + if t == 0 { start } else { 0 };
                Some((at.to_string(), v.clone()))
            })
            .collect()
    });
    Tricks {
        phase_number: 1,
        tricks,
        is_alone: None,
        play_annotations: notes,
    }
}

/// A deal's alternative line as a deal of its own: the main line's steps
/// before `branchIndex` (calls, then cards), then the line's.
fn branch(main: &Deal, line: &crate::notation::AlternativeLine) -> Deal {
    use crate::notation::{Annotations, Bidding, Tricks};
    let b = usize::try_from(line.branch_index).unwrap_or(0);
    let main_bid = crate::notation::bidding(&main.phases);
    let main_tricks: Vec<Vec<String>> =
        crate::notation::tricks(&main.phases).map_or_else(Vec::new, |t| t.tricks.clone());
    let ncalls = calls(&main.phases);
    let alt_bid = crate::notation::bidding(&line.phases);
    let alt_tricks = crate::notation::tricks(&line.phases);
    let shift = |a: &Option<Annotations>, by: usize| -> Option<Annotations> {
        a.as_ref().map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some(((k.parse::<usize>().ok()? + by).to_string(), v.clone())))
                .collect()
        })
    };
    let bidding = match (alt_bid, main_bid) {
        (Some(alt), Some(mb)) => {
            let kept = b.min(ncalls);
            let mut calls = mb.calls[..kept].to_vec();
            calls.extend(alt.calls.iter().cloned());
            Bidding {
                calls,
                call_annotations: shift(&alt.call_annotations, kept),
                ..alt.clone()
            }
        }
        (Some(alt), None) => alt.clone(),
        (None, Some(mb)) => Bidding {
            call_annotations: None,
            ..mb.clone()
        },
        (None, None) => Bidding {
            phase_number: 0,
            calls: Vec::new(),
            is_alone: None,
            alone_defender: None,
            discard: None,
            card_exchanges: None,
            call_annotations: None,
        },
    };
    let mut phases = vec![Phase::Bidding(bidding)];
    match alt_tricks {
        Some(alt) => phases.push(Phase::Tricks(branch_tricks(
            &main_tricks,
            b.saturating_sub(ncalls),
            alt,
        ))),
        None if b > ncalls => phases.push(Phase::Tricks(Tricks {
            phase_number: 1,
            tricks: main_tricks,
            is_alone: None,
            play_annotations: None,
        })),
        None => {}
    }
    Deal {
        deal_number: main.deal_number,
        initial_state: main.initial_state.clone(),
        phases,
        alternative_lines: Vec::new(),
    }
}

/// The record's alternative lines, each replayed from the score before its
/// deal, with a note at the move where it leaves the game.
pub fn lines(path: &Path, record: &Record, t: &mut Timeline) {
    use upcard_engine::Event;
    let starts: BTreeMap<u32, [u32; 2]> = t
        .events
        .iter()
        .filter_map(|e| match e {
            Event::HandStart { hand, scores, .. } => Some((*hand, *scores)),
            _ => None,
        })
        .collect();
    let mut found = Vec::new();
    for (k, entry) in record.deals.iter().enumerate() {
        let DealEntry::Deal(d) = entry else { continue };
        let hand = u32::try_from(d.deal_number).unwrap_or(k as u32);
        let Some(scores) = starts.get(&hand) else {
            continue;
        };
        let main_steps = steps(t, hand, calls(&d.phases));
        for line in &d.alternative_lines {
            let b = usize::try_from(line.branch_index).unwrap_or(0);
            let Some(&at) = main_steps.get(b) else {
                continue;
            };
            let alt = branch(d, line);
            let alt_calls = calls(&alt.phases);
            let Ok(lt) = replay(path, &record.one_deal(alt, *scores)) else {
                continue;
            };
            let Some(&from) = steps(&lt, hand, alt_calls).get(b) else {
                continue;
            };
            found.push((at, from, lt));
        }
    }
    for (n, (at, from, lt)) in found.into_iter().enumerate() {
        let point = t.moves[at].point;
        let instead = crate::describe(&lt.moves[from].event, &lt.names);
        t.notes.entry(point).or_default().push(format!(
            "{OWN_NOTE}alternative line {}: {instead} (replay --line {}; the HTML page steps into it)",
            n + 1,
            n + 1
        ));
        t.lines.push(crate::Line {
            at,
            from,
            timeline: lt,
        });
    }
}

/// A record read and made ready to step through.
pub fn timeline(path: &Path, text: &str) -> Result<Timeline, String> {
    let file = path.display().to_string();
    let record = Record::parse(&file, text).map_err(|e| e.0)?;
    let mut t = replay(path, &record)?;
    lines(path, &record, &mut t);
    Ok(t)
}
