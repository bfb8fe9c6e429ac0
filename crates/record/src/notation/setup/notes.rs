//! The record's annotations at the moves they are about.

use std::collections::BTreeMap;

use crate::notation::point::Point;
use crate::notation::{Deal, Phase};
use upcard_parse::escape::printable;

/// Cards per trick as annotation keys count them: a card's key is
/// `4 × trick + place` (the notation's reference replayer counts so, with
/// three-card tricks too).
pub const NOTE_TRICK: usize = 4;

/// The move annotation `i` of a bidding (`call`) or trick-play phase is about.
pub(super) fn note_point(hand: u32, call: bool, i: usize) -> Point {
    let small = |n: usize| n.min(255) as u8;
    if call {
        Point {
            hand,
            trick: 0,
            play: small(i + 1),
        }
    } else {
        Point {
            hand,
            trick: small(i / NOTE_TRICK + 1),
            play: small(i % NOTE_TRICK + 1),
        }
    }
}

/// The inverse of `note_point`: whether a move's notes are a call's, and
/// their key (None for a move that is neither: a trick taken, a score).
pub fn note_key(p: Point) -> Option<(bool, usize)> {
    let play = usize::from(p.play).checked_sub(1)?;
    match usize::from(p.trick) {
        0 => Some((true, play)),
        t => (play < NOTE_TRICK).then(|| (false, NOTE_TRICK * (t - 1) + play)),
    }
}

/// The record's annotations at the moves they are about.
pub(super) fn annotate(notes: &mut BTreeMap<Point, Vec<String>>, hand: u32, d: &Deal) {
    for phase in &d.phases {
        let (map, is_call) = match phase {
            Phase::Bidding(b) => (b.call_annotations.as_ref(), true),
            Phase::Tricks(t) => (t.play_annotations.as_ref(), false),
        };
        for (key, texts) in map.into_iter().flatten() {
            let Ok(i) = key.parse::<usize>() else {
                continue;
            };
            notes
                .entry(note_point(hand, is_call, i))
                .or_default()
                .extend(texts.iter().map(|t| printable(t)));
        }
    }
}
