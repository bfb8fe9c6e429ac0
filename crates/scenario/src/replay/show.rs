//! Showing a move: one line saying what happened, the rule behind it, the
//! lines the course program printed, and the state after it (text or JSON).

use std::fmt::Write as _;

use super::{Move, Timeline};
use crate::cards::short_list;
use crate::engine::{Ask, Event, Phase, State, partner_of};

fn team(names: &[String; 4], t: usize) -> String {
    format!("{} & {}", names[t], names[t + 2])
}

/// What a move did, in words.
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

/// The state as text: one line each for the table, score and tricks, then each hand.
pub fn state_text(state: &State, names: &[String; 4]) -> String {
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
            short_list(&state.hands[p]),
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
        describe(&m.event, &t.names)
    );
    if let Some(w) = m.why {
        let _ = writeln!(s, "  why: {w}");
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
    s.push_str(&state_text(&m.state, &t.names));
    s
}

/// A move as one line of JSON: the event, the rule, and the full state.
pub fn json_line(t: &Timeline, i: usize) -> String {
    let m = &t.moves[i];
    let v = serde_json::json!({
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
    v.to_string()
}

/// The state as replay's JSON shows it: what the table sees and holds, by
/// seat, with the players' names (the deck and rules are left out).
#[derive(serde::Serialize)]
struct StateJson<'a> {
    names: &'a [String; 4],
    hand_no: u32,
    dealer: usize,
    scores: [u32; 2],
    hands: &'a [crate::engine::Hand; 4],
    kitty: &'a [crate::cards::Card],
    upcard: Option<crate::cards::Card>,
    trump: Option<crate::cards::Suit>,
    maker: Option<usize>,
    alone: bool,
    tricks: [u8; 4],
    taken: &'a [crate::engine::Pile; 4],
    trick: &'a [(usize, crate::cards::Card)],
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
