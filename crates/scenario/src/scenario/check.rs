//! A scenario's assertions (hand facts, winner, score, lines, exit status)
//! checked against what the engine did.

use super::model::{Expect, HandExpect};
use upcard_engine::cards::Suit;
use upcard_engine::{Event, Seat};

/// What one hand came to, read off the events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandFacts {
    pub hand: u32,
    pub dealer: Seat,
    pub trump: Option<Suit>,
    pub maker: Option<Seat>,
    pub alone: bool,
    pub nullified: bool,
    pub trick_winners: Vec<Seat>,
    pub scored_by: Option<usize>,
    pub points: u32,
    pub march: bool,
    pub euchred: bool,
}

/// Every hand's facts, and the game's winner and last score. A game resumed
/// from a save file starts inside hand 0, dealt by `resumed_dealer`.
pub fn facts(
    events: &[Event],
    resumed_dealer: Option<Seat>,
) -> (Vec<HandFacts>, Option<usize>, [u32; 2]) {
    let mut hands: Vec<HandFacts> = resumed_dealer
        .map(|dealer| HandFacts {
            dealer,
            ..Default::default()
        })
        .into_iter()
        .collect();
    let mut winner = None;
    let mut score = [0, 0];
    for e in events {
        let cur = hands.last_mut();
        match (e, cur) {
            (
                Event::HandStart {
                    hand,
                    dealer,
                    scores,
                },
                _,
            ) => {
                score = *scores;
                hands.push(HandFacts {
                    hand: *hand,
                    dealer: *dealer,
                    ..Default::default()
                });
            }
            (
                Event::TrumpSet {
                    trump,
                    maker,
                    alone,
                },
                Some(h),
            ) => {
                h.trump = Some(*trump);
                h.maker = Some(*maker);
                h.alone = *alone;
            }
            (Event::Nullified { .. }, Some(h)) => h.nullified = true,
            (Event::TrickTaken { seat, scores, .. }, Some(h)) => {
                h.trick_winners.push(*seat);
                score = *scores;
            }
            (Event::Renege { team, score: s, .. }, _) => score[*team] = *s,
            (
                Event::HandOver {
                    winner: w,
                    points,
                    march,
                    euchred,
                    scores,
                },
                Some(h),
            ) => {
                h.scored_by = Some(*w);
                h.points = *points;
                h.march = *march;
                h.euchred = *euchred;
                score = *scores;
            }
            (Event::GameOver { winner: w, scores }, _) => {
                winner = Some(*w);
                score = *scores;
            }
            _ => {}
        }
    }
    (hands, winner, score)
}

fn name(names: &[String; 4], s: Seat) -> &str {
    &names[s]
}

fn team(names: &[String; 4], t: usize) -> String {
    format!("{} and {}", names[t], names[t + 2])
}

fn hand_problems(want: &HandExpect, got: &HandFacts, names: &[String; 4], out: &mut Vec<String>) {
    let h = want.hand;
    let opt_seat = |s: Option<Seat>| s.map_or("nobody".to_string(), |s| name(names, s).to_string());
    if let Some(d) = want.dealer
        && d != got.dealer
    {
        out.push(format!(
            "hand {h}: expected {} to deal, {} dealt",
            name(names, d),
            name(names, got.dealer)
        ));
    }
    if let Some(t) = want.trump
        && Some(t) != got.trump
    {
        out.push(format!(
            "hand {h}: expected trump {t}, got {}",
            got.trump.map_or("none".into(), |s| s.to_string())
        ));
    }
    if let Some(m) = want.maker
        && Some(m) != got.maker
    {
        out.push(format!(
            "hand {h}: expected {} to make trump, got {}",
            name(names, m),
            opt_seat(got.maker)
        ));
    }
    let flag = |what: &str, w: Option<bool>, g: bool, out: &mut Vec<String>| {
        if let Some(w) = w
            && w != g
        {
            out.push(format!("hand {h}: expected {what} to be {w}, it was {g}"));
        }
    };
    flag("alone", want.alone, got.alone, out);
    flag("nullified", want.nullified, got.nullified, out);
    flag("march", want.march, got.march, out);
    flag("euchred", want.euchred, got.euchred, out);
    if let Some(w) = &want.trick_winners
        && *w != got.trick_winners
    {
        let list = |v: &[Seat]| {
            v.iter()
                .map(|s| name(names, *s))
                .collect::<Vec<_>>()
                .join(", ")
        };
        out.push(format!(
            "hand {h}: expected tricks taken by [{}], got [{}]",
            list(w),
            list(&got.trick_winners)
        ));
    }
    if let Some(t) = want.scored_by
        && Some(t) != got.scored_by
    {
        out.push(format!(
            "hand {h}: expected {} to score, got {}",
            team(names, t),
            got.scored_by.map_or("nobody".into(), |t| team(names, t))
        ));
    }
    if let Some(p) = want.points
        && p != got.points
    {
        out.push(format!(
            "hand {h}: expected {p} points scored, got {}",
            got.points
        ));
    }
}

/// Every way the engine's game differs from the scenario's assertions.
pub fn problems(
    expect: &Expect,
    events: &[Event],
    transcript: &str,
    status: u8,
    names: &[String; 4],
    resumed_dealer: Option<Seat>,
) -> Vec<String> {
    let mut out = Vec::new();
    let (hands, winner, score) = facts(events, resumed_dealer);
    for want in &expect.hands {
        match hands.iter().find(|h| h.hand == want.hand) {
            Some(got) => hand_problems(want, got, names, &mut out),
            None => out.push(format!(
                "hand {} was never played ({} hands were)",
                want.hand,
                hands.len()
            )),
        }
    }
    if let Some(w) = expect.winner
        && Some(w) != winner
    {
        out.push(format!(
            "expected {} to win the game, got {}",
            team(names, w),
            winner.map_or("no winner".into(), |t| team(names, t))
        ));
    }
    if let Some(s) = expect.final_score
        && s != score
    {
        out.push(format!(
            "expected a final score of {} to {}, got {} to {}",
            s[0], s[1], score[0], score[1]
        ));
    }
    if let Some(e) = expect.exit
        && e != status
    {
        out.push(format!("expected exit status {e}, got {status}"));
    }
    if let Some(p) = missing_line(&expect.contains, transcript) {
        out.push(p);
    }
    out
}

/// The first of `lines` not found, whole and in order, in `text`.
pub fn missing_line(lines: &[String], text: &str) -> Option<String> {
    let mut rest = text.lines();
    for want in lines {
        if !rest.any(|l| l == want) {
            return Some(format!(
                "expected the line {want:?} (in this order) in the transcript"
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::cards::Suit;

    fn names() -> [String; 4] {
        ["A", "B", "C", "D"].map(String::from)
    }

    fn hand() -> Vec<Event> {
        vec![
            Event::HandStart {
                hand: 0,
                dealer: 3,
                scores: [0, 0],
            },
            Event::TrumpSet {
                trump: Suit::Hearts,
                maker: 1,
                alone: false,
            },
            Event::TrickTaken {
                seat: 1,
                trick: 0,
                tricks: [0, 1, 0, 0],
                scores: [0, 0],
            },
            Event::HandOver {
                winner: 0,
                points: 2,
                march: false,
                euchred: true,
                scores: [2, 0],
            },
            Event::GameOver {
                winner: 0,
                scores: [2, 0],
            },
        ]
    }

    #[test]
    fn facts_follow_the_events() {
        let (hands, winner, score) = facts(&hand(), None);
        assert_eq!(
            hands,
            vec![HandFacts {
                hand: 0,
                dealer: 3,
                trump: Some(Suit::Hearts),
                maker: Some(1),
                trick_winners: vec![1],
                scored_by: Some(0),
                points: 2,
                euchred: true,
                ..Default::default()
            }]
        );
        assert_eq!((winner, score), (Some(0), [2, 0]));
    }

    #[test]
    fn each_assertion_reports_its_own_mismatch() {
        let expect = Expect {
            hands: vec![
                HandExpect {
                    hand: 0,
                    dealer: Some(0),
                    trump: Some(Suit::Spades),
                    maker: Some(2),
                    alone: Some(true),
                    trick_winners: Some(vec![3]),
                    scored_by: Some(1),
                    points: Some(1),
                    euchred: Some(false),
                    ..Default::default()
                },
                HandExpect {
                    hand: 4,
                    ..Default::default()
                },
            ],
            winner: Some(1),
            final_score: Some([0, 10]),
            exit: Some(0),
            contains: vec!["nope".into()],
            ..Default::default()
        };
        let p = problems(&expect, &hand(), "yes\n", 2, &names(), None);
        assert_eq!(
            p,
            vec![
                "hand 0: expected A to deal, D dealt",
                "hand 0: expected trump Spades, got Hearts",
                "hand 0: expected C to make trump, got B",
                "hand 0: expected alone to be true, it was false",
                "hand 0: expected euchred to be false, it was true",
                "hand 0: expected tricks taken by [D], got [B]",
                "hand 0: expected B and D to score, got A and C",
                "hand 0: expected 1 points scored, got 2",
                "hand 4 was never played (1 hands were)",
                "expected B and D to win the game, got A and C",
                "expected a final score of 0 to 10, got 2 to 0",
                "expected exit status 0, got 2",
                "expected the line \"nope\" (in this order) in the transcript",
            ]
        );
    }

    #[test]
    fn contains_wants_whole_lines_in_order() {
        let text = "one\ntwo\nthree\n";
        let l = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(missing_line(&l(&["one", "three"]), text), None);
        assert!(missing_line(&l(&["three", "one"]), text).is_some());
        assert!(missing_line(&l(&["tw"]), text).is_some());
    }
}
