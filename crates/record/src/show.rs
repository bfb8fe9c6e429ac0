//! Showing a move: one line saying what happened, the rule behind it, the
//! lines the course program printed, and the state after it (text or JSON).

use std::fmt::Write as _;

use crate::{Move, Timeline};
use upcard_engine::cards::short_list;
use upcard_engine::{Ask, Event, Phase, State, partner_of};

/// A team as people read it: its players' names (`Adi & Chi-Chih`), or,
/// where the players are named by their seats as in CS 246, as that course
/// prints it (`Team 0-2`): "0 & 2 0" is no score line anyone can read.
pub fn team(names: &[String; 4], t: usize) -> String {
    let seats = names.iter().enumerate().all(|(i, n)| *n == i.to_string());
    if seats {
        format!("Team {}-{}", t, t + 2)
    } else {
        format!("{} & {}", names[t], names[t + 2])
    }
}

/// What a move did, in words.
// One match arm per event: its length is the event list's.
#[allow(clippy::too_many_lines)]
pub fn describe(e: &Event, names: &[String; 4]) -> String {
    let n = |s: &usize| names[*s].as_str();
    match e {
        Event::Passed { seat, round } => format!("{} passes (round {round})", n(seat)),
        Event::Ordered {
            seat,
            suit,
            alone,
            round,
        } => format!(
            "{} {} {suit}{}",
            n(seat),
            if *round == 1 { "orders up" } else { "names" },
            if *alone { ", alone" } else { "" }
        ),
        Event::Discarded { seat, card } => format!("{} discards {}", n(seat), card.short()),
        Event::Nullified { next_dealer } => {
            format!(
                "nobody made trump: the hand is thrown in; {} deals next",
                n(next_dealer)
            )
        }
        Event::Led { seat, card } => format!("{} leads {}", n(seat), card.short()),
        Event::Played { seat, card } => format!("{} plays {}", n(seat), card.short()),
        Event::Renege {
            seat,
            card,
            team: t,
            ..
        } => format!(
            "{} reneges with {}: 2 points to {}",
            n(seat),
            card.short(),
            team(names, *t)
        ),
        Event::RageQuit { seat } => format!("{} rage quits; a computer takes the seat", n(seat)),
        Event::TrickTaken { seat, trick, .. } => format!("{} takes trick {trick}", n(seat)),
        Event::HandOver {
            winner,
            points,
            march,
            euchred,
            ..
        } => format!(
            "{} score {points}{}",
            team(names, *winner),
            if *march {
                " (march)"
            } else if *euchred {
                " (euchre)"
            } else {
                ""
            }
        ),
        Event::GameOver { winner, .. } => format!("{} win the game", team(names, *winner)),
        Event::Quit { seat } => format!("{} quits (q)", n(seat)),
        Event::HandStart { hand, dealer, .. } => {
            format!("hand {hand} starts: {} deals", n(dealer))
        }
        Event::Deck { .. } => "the deck is shuffled".into(),
        Event::Dealt { .. } => "the cards are dealt".into(),
        Event::Upcard { card, .. } => format!("the upcard is turned: {}", card.short()),
        Event::Asked { seat, ask, .. } => format!(
            "{} is asked {}",
            n(seat),
            match ask {
                Ask::Bid { round } => format!("to bid (round {round})"),
                Ask::Discard { upcard } =>
                    format!("to discard, having picked up {}", upcard.short()),
                Ask::Lead => "to lead".into(),
                Ask::Play => "to play".into(),
                Ask::Defend => "whether to defend alone".into(),
            }
        ),
        Event::TurnedDown { suit } => format!("everyone passed: {suit} is turned down"),
        Event::TrumpSet {
            trump,
            maker,
            alone,
        } => format!(
            "play begins: {trump} trump, made by {}{}",
            n(maker),
            if *alone { " alone" } else { "" }
        ),
        Event::Skipped { seat } => format!("{} sits out its turn", n(seat)),
        Event::Rejected { seat, .. } => format!("{}'s answer is refused", n(seat)),
        Event::Prompt { seat } => format!("{} is prompted for a command", n(seat)),
        Event::Choices { seat, choices } => {
            format!("{} is offered: {}", n(seat), choices.join("; "))
        }
        Event::PassDevice { seat } => format!("the device is passed to {}", n(seat)),
        Event::DefendedAlone { seat } => format!("{} defends alone", n(seat)),
        Event::ThrownIn { seat, next_dealer } => format!(
            "{} throws in a farmer's hand; {} deals next",
            n(seat),
            n(next_dealer)
        ),
        other => format!("{other:?}"),
    }
}

/// Whose turn it is after the move, from the phase.
fn next_up(state: &State, names: &[String; 4]) -> String {
    let n = |s: usize| names[s].clone();
    match state.phase {
        Phase::StartHand => "the next hand is dealt".into(),
        Phase::Bidding { round, turn, .. } => format!("{} to bid (round {round})", n(turn)),
        Phase::Discard => format!("{} to discard", n(state.dealer)),
        Phase::Defend { turn, .. } => format!("{} to say whether to defend alone", n(turn)),
        // Every seat has had its turn: the trick is about to be taken.
        Phase::Trick { turns: 4.., .. } => "the trick is taken".into(),
        Phase::Trick { turn, turns } => {
            if turns == 0 {
                format!("{} to lead", n(turn))
            } else {
                format!("{} to play", n(turn))
            }
        }
        Phase::HandOver => "the hand is scored".into(),
        Phase::Over => "the game is over".into(),
        Phase::Quit => "the program has quit".into(),
    }
}

/// A note as shown: its label's meaning spelled out (`[?] mistake: …`).
pub fn note_text(note: &str) -> String {
    match crate::notation::label(note) {
        (Some((tag, meaning)), rest) => format!("{tag} {meaning}: {rest}"),
        (None, rest) => rest.to_string(),
    }
}

/// What a move did, with the cards its source does not know unnamed.
pub fn describe_move(t: &Timeline, m: &Move) -> String {
    match m.event {
        Event::Discarded { seat, card } if t.is_unknown(m.point.hand, card) => {
            format!("{} discards a card the record does not name", t.names[seat])
        }
        _ => describe(&m.event, &t.names),
    }
}

/// Cards as text, `??` for those not known.
pub fn cards_text(
    cards: &[upcard_engine::cards::Card],
    unknown: &[upcard_engine::cards::Card],
) -> String {
    if unknown.is_empty() {
        return short_list(cards);
    }
    cards
        .iter()
        .map(|c| {
            if unknown.contains(c) {
                "??".to_string()
            } else {
                c.short().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The state as text: one line each for the table, score and tricks, then each hand.
pub fn state_text(state: &State, names: &[String; 4]) -> String {
    state_text_knowing(state, names, &[])
}

/// [`state_text`] with the cards in `unknown` shown as `??`.
pub fn state_text_knowing(
    state: &State,
    names: &[String; 4],
    unknown: &[upcard_engine::cards::Card],
) -> String {
    let mut s = String::new();
    let _ = write!(s, "  dealer {}", names[state.dealer]);
    match (state.trump, state.maker) {
        (Some(t), Some(m)) => {
            let _ = write!(
                s,
                " · trump {t}, made by {}{}",
                names[m],
                if state.alone { " alone" } else { "" }
            );
        }
        _ => {
            if let Some(up) = state.upcard {
                let _ = write!(s, " · upcard {}", up.short());
            }
        }
    }
    let _ = writeln!(s, " · next: {}", next_up(state, names));
    let _ = writeln!(
        s,
        "  score: {} {}, {} {}",
        team(names, 0),
        state.scores[0],
        team(names, 1),
        state.scores[1]
    );
    let _ = writeln!(
        s,
        "  tricks this hand: {} {}, {} {}",
        team(names, 0),
        state.team_tricks(0),
        team(names, 1),
        state.team_tricks(1)
    );
    if !state.trick.is_empty() {
        let table: Vec<String> = state
            .trick
            .iter()
            .map(|(p, c)| format!("{} {}", names[*p], c.short()))
            .collect();
        let _ = writeln!(s, "  table: {}", table.join(", "));
    }
    let out = state.sitting_out();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    for p in 0..4 {
        let _ = writeln!(
            s,
            "  {:<width$}  [{}]  tricks {}{}",
            names[p],
            cards_text(&state.hands[p], unknown),
            state.tricks[p],
            if out == Some(p) {
                format!(" (sits out: {} is alone)", names[partner_of(p)])
            } else {
                String::new()
            }
        );
    }
    s
}

/// A move as text: what happened, why, what the program printed, the state after.
pub fn render(t: &Timeline, i: usize) -> String {
    let m: &Move = &t.moves[i];
    let mut s = String::new();
    let _ = writeln!(
        s,
        "move {}/{} at {} (hand {}, trick {}, play {}): {}",
        m.number,
        t.moves.len(),
        m.point,
        m.point.hand,
        m.point.trick,
        m.point.play,
        describe_move(t, m)
    );
    if let Some(w) = m.why {
        let _ = writeln!(s, "  why: {w}");
    }
    for note in t.notes.get(&m.point).into_iter().flatten() {
        let _ = writeln!(s, "  note: {}", note_text(note));
    }
    let printed = String::from_utf8_lossy(&t.transcript[m.printed.clone()]);
    if !printed.is_empty() {
        s.push_str("  printed:\n");
        for line in printed.split_inclusive('\n') {
            let _ = write!(s, "  | {line}");
        }
        if !printed.ends_with('\n') {
            s.push('\n');
        }
    }
    let unknown = t
        .unknown
        .get(&m.state.hand_no)
        .map_or(&[][..], |u| u.as_slice());
    s.push_str(&state_text_knowing(&m.state, &t.names, unknown));
    s
}

/// A move as one line of JSON: the event, the rule, and the full state.
pub fn json_line(t: &Timeline, i: usize) -> String {
    let m = &t.moves[i];
    let mut v = serde_json::json!({
        "move": m.number,
        "hand": m.point.hand,
        "trick": m.point.trick,
        "play": m.point.play,
        "event": m.event,
        "why": m.why,
        "printed": String::from_utf8_lossy(&t.transcript[m.printed.clone()]),
        "state": StateJson::new(&m.state, &t.names),
        "phase": m.state.phase,
    });
    if let Some(notes) = t.notes.get(&m.point) {
        v["notes"] = serde_json::json!(notes);
    }
    // Cards the source does not know are "??" wherever they would show.
    if let Some(unknown) = t.unknown.get(&m.state.hand_no) {
        let names: Vec<String> = unknown.iter().map(|c| c.short().to_string()).collect();
        mask(&mut v["state"]["hands"], &names);
        mask(&mut v["state"]["kitty"], &names);
        mask(&mut v["event"], &names);
    }
    v.to_string()
}

/// Replaces every string in `v` that names a card in `unknown` by "??".
fn mask(v: &mut serde_json::Value, unknown: &[String]) {
    match v {
        serde_json::Value::String(s) if unknown.contains(s) => *s = "??".into(),
        serde_json::Value::Array(a) => a.iter_mut().for_each(|x| mask(x, unknown)),
        serde_json::Value::Object(o) => o.values_mut().for_each(|x| mask(x, unknown)),
        _ => {}
    }
}

/// The state as replay's JSON shows it: what the table sees and holds, by
/// seat, with the players' names (the deck and rules are left out).
#[derive(serde::Serialize)]
struct StateJson<'a> {
    names: &'a [String; 4],
    hand_no: u32,
    dealer: usize,
    scores: [u32; 2],
    hands: &'a [upcard_engine::Hand; 4],
    kitty: &'a [upcard_engine::cards::Card],
    upcard: Option<upcard_engine::cards::Card>,
    trump: Option<upcard_engine::cards::Suit>,
    maker: Option<usize>,
    alone: bool,
    tricks: [u8; 4],
    taken: &'a [upcard_engine::Pile; 4],
    trick: &'a [(usize, upcard_engine::cards::Card)],
    replaced: [bool; 4],
}

impl<'a> StateJson<'a> {
    fn new(s: &'a State, names: &'a [String; 4]) -> StateJson<'a> {
        StateJson {
            names,
            hand_no: s.hand_no,
            dealer: s.dealer,
            scores: s.scores,
            hands: &s.hands,
            kitty: &s.kitty,
            upcard: s.upcard,
            trump: s.trump,
            maker: s.maker,
            alone: s.alone,
            tricks: s.tricks,
            taken: &s.taken,
            trick: &s.trick,
            replaced: s.replaced,
        }
    }
}

#[cfg(test)]
mod team_names {
    use super::team;

    #[test]
    fn teams_are_named_as_their_course_names_them() {
        let seats = ["0", "1", "2", "3"].map(String::from);
        assert_eq!(team(&seats, 0), "Team 0-2");
        assert_eq!(team(&seats, 1), "Team 1-3");
        let people = ["Adi", "Barbara", "Chi-Chih", "Dabbala"].map(String::from);
        assert_eq!(team(&people, 1), "Barbara & Dabbala");
    }
}
