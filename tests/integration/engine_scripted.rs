//! The engine driven by Scripted players: exact decisions in, exact events out.

use upcard::agents::{Agent, EngineError, Game, Scripted};
use upcard::cards::{Card, Suit};
use upcard::courses::eecs280::pack::parse_pack;
use upcard::courses::eecs280::{Simple, config, deck};
use upcard::engine::{Action, Event, State, VecSink};

const PACK: &str = include_str!("../../golden/eecs280/v2020-2026_adi/pack.in");

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// A noshuffle EECS 280 game to 1 point: seat 1 (B) scripted, the rest Simple.
/// B holds 9S TS JS KH AH; the upcard is JD.
fn game_with_b(decisions: Vec<Action>) -> Game {
    let pack = parse_pack("pack.in", PACK).unwrap();
    let b = Scripted::new("B", decisions);
    let agents: Vec<Box<dyn Agent>> = vec![
        Box::new(Simple),
        Box::new(b),
        Box::new(Simple),
        Box::new(Simple),
    ];
    let names = ["A", "B", "C", "D"].map(String::from);
    Game::new(State::new(config(1), deck(pack, false)), names, agents)
}

fn pass_then_hearts_then(card: &str) -> Vec<Action> {
    vec![
        Action::Pass,
        Action::Order {
            suit: Suit::Hearts,
            alone: false,
        },
        Action::Play(c(card)),
    ]
}

#[test]
fn scripted_seat_makes_exactly_its_listed_decisions() {
    let mut game = game_with_b(pass_then_hearts_then("AH"));
    let mut sink = VecSink::default();
    let err = game.run(&mut sink).unwrap_err();
    // The script ran out on B's second card: everything before it happened.
    assert_eq!(
        err.to_string(),
        "B: the script has no decision left; expected a card to play"
    );
    let ordered = sink.0.iter().find_map(|e| match e {
        Event::Ordered {
            seat, suit, round, ..
        } => Some((*seat, *suit, *round)),
        _ => None,
    });
    assert_eq!(ordered, Some((1, Suit::Hearts, 2)));
    assert!(sink.0.contains(&Event::Led {
        seat: 1,
        card: c("AH")
    }));
}

#[test]
fn a_card_not_in_hand_is_refused() {
    let mut game = game_with_b(pass_then_hearts_then("AD"));
    let err = game.run(&mut VecSink::default()).unwrap_err();
    assert_eq!(
        err,
        EngineError::Illegal {
            player: "B".into(),
            problem: "played Ace of Diamonds, which is not in hand".into()
        }
    );
}
