//! Random play over both courses' rules: the engine's contract, checked on
//! 100,000 steps from random states.

use rand_mt::Mt;

use upcard_rules::random_game::{below, new_game};

use upcard_engine::cards::{Card, Suit, all_cards};
use upcard_engine::{Action, NullSink, Seat, State, VecSink};

/// Every action there is, legal or not.
fn every_action() -> Vec<Action> {
    let mut v = vec![Action::Pass];
    for suit in Suit::ALL {
        for alone in [false, true] {
            v.push(Action::Order { suit, alone });
        }
    }
    v.extend(all_cards().map(Action::Discard));
    v.extend(all_cards().map(Action::Play));
    v.extend([Action::DefendAlone, Action::ThrowIn]);
    v
}

fn check_observation(s: &State, seat: Seat) {
    let obs = s.observation(seat);
    if seat != s.dealer {
        assert_eq!(obs.discard, None, "seat {seat} sees the dealer's discard");
    }
    assert_eq!(obs.hand, &s.hands[seat]);
    // The kitty below the upcard, and the other hands, are not in it. The
    // upcard is public, even once the dealer holds it.
    let seen: Vec<Card> = obs
        .hand
        .iter()
        .copied()
        .chain(obs.trick.iter().map(|&(_, c)| c))
        .collect();
    for other in (0..4).filter(|&o| o != seat) {
        for c in &s.hands[other] {
            assert!(!seen.contains(c), "seat {seat} sees {c} of seat {other}");
        }
    }
    for c in s.kitty.iter().skip(1) {
        assert!(
            !seen.contains(c) && obs.upcard != Some(*c),
            "seat {seat} sees the kitty's {c}"
        );
    }
}

#[test]
fn random_play_keeps_the_engine_contract() {
    let mut rng = Mt::new(20261122);
    let every = every_action();
    let mut state = new_game(&mut rng);
    let mut games = 0;
    for _ in 0..100_000 {
        if state.is_over() {
            games += 1;
            state = new_game(&mut rng);
        }
        let Some(seat) = state.to_move() else {
            assert!(state.legal_actions().is_empty());
            let mut twin = state.clone();
            let (mut e1, mut e2) = (VecSink::default(), VecSink::default());
            assert!(state.advance(&mut e1), "an automatic step");
            twin.advance(&mut e2);
            assert_eq!(
                (e1.0, &twin),
                (e2.0, &state),
                "a clone deals and scores alike"
            );
            continue;
        };
        for s in 0..4 {
            check_observation(&state, s);
        }
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "seat {seat} must have a move");
        for &a in &every {
            let mut probe = state.clone();
            let r = probe.apply(a, &mut NullSink);
            assert_eq!(r.is_ok(), legal.contains(&a), "{a} at {:?}", state.phase);
            assert_eq!(state.admits(seat, a), legal.contains(&a), "{a} admitted");
            if r.is_err() {
                assert_eq!(probe, state, "a refused action changed nothing");
            }
        }
        let a = legal[below(&mut rng, legal.len())];
        let mut twin = state.clone();
        let (mut e1, mut e2) = (VecSink::default(), VecSink::default());
        state.apply(a, &mut e1).expect("legal");
        twin.apply(a, &mut e2).expect("legal");
        assert_eq!(e1.0, e2.0);
        assert_eq!(twin, state, "a clone continues identically");
    }
    assert!(games > 100, "only {games} games finished");
}

/// The calls an observation lists are the hand's bidding as its events
/// told it, in order (passes, orders and named suits with their round, the
/// defend-alone answers as round 0), under every rule set; a new hand
/// starts an empty list.
#[test]
fn the_observed_calls_are_the_hands_bidding_events() {
    use upcard_engine::{Action, Bid, Event};
    let mut rng = Mt::new(20261125);
    let mut state = new_game(&mut rng);
    let mut heard: Vec<Bid> = Vec::new();
    let mut checked = 0;
    for _ in 0..40_000 {
        if state.is_over() {
            state = new_game(&mut rng);
            heard.clear();
        }
        let mut events = VecSink::default();
        match state.to_move() {
            None => {
                state.advance(&mut events);
            }
            Some(seat) => {
                for s in 0..4 {
                    assert_eq!(state.observation(s).bids, heard.as_slice());
                }
                checked += 1;
                let legal = state.legal_actions();
                let a = legal[below(&mut rng, legal.len())];
                state.apply_for(seat, a, &mut events).unwrap();
            }
        }
        for e in &events.0 {
            let bid = |seat: usize, round: u8, action| Bid {
                seat: seat as u8,
                round,
                action,
            };
            match *e {
                Event::HandStart { .. } => heard.clear(),
                Event::Passed { seat, round } => heard.push(bid(seat, round, Action::Pass)),
                Event::Ordered {
                    seat,
                    suit,
                    alone,
                    round,
                } => heard.push(bid(seat, round, Action::Order { suit, alone })),
                Event::DefendedAlone { seat } => heard.push(bid(seat, 0, Action::DefendAlone)),
                _ => {}
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
