//! CS 246 shuffle and deal against the verified C++ std::mt19937 probe.

use std::process::Command;

use upcard::cards::short_list;
use upcard::courses::cs246::{deck as cs246_deck, initial_deck};
use upcard::engine::mutants::Switch;
use upcard::engine::{DealPattern, Hand, deal};

const PROBE: &str = include_str!("../../golden/cs246/spec_shuffle_deal_probe.txt");

fn probe_text(seed: i64, shuffles: usize) -> String {
    let mut s = format!("Seed: {seed}\n");
    let mut deck = cs246_deck(seed, initial_deck(), 0);
    for n in 0..shuffles {
        let dealer = n % 4;
        let cards = deck.next_deck(Switch::OFF);
        let mut hands: [Hand; 4] = Default::default();
        deal(
            Switch::OFF,
            &mut hands,
            &cards,
            dealer,
            DealPattern::FiveEach,
        );
        s.push_str(&format!(
            "-- shuffle #{} (dealer {dealer} if no nullified hands)\nDeck: {}\n",
            n + 1,
            short_list(&cards)
        ));
        for i in 1..=4 {
            let p = (dealer + i) % 4;
            s.push_str(&format!("Player {p}: hand [{}]\n", short_list(&hands[p])));
        }
        s.push_str(&format!(
            "Kitty: {}\nTop card of the kitty is: {}\n",
            short_list(&cards[20..]),
            cards[20].short()
        ));
    }
    s
}

#[test]
fn decks_hands_and_kitties_equal_the_probe_for_seeds_0_1_123() {
    let ours = probe_text(0, 4) + &probe_text(1, 2) + &probe_text(123, 2);
    assert_eq!(ours, PROBE);
}

#[test]
fn debug_run_prints_the_spec_decks_for_the_first_two_hands() {
    let out = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["cs246", "-d", "-s", "0", "--no-human"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Seed: 0\nScores: Team 0-2 0, Team 1-3 0\nDeck: AS QC KC KS JS 9D TS 9S JH JD AH 9H AD QS TC AC KD 9C TD QH QD TH KH JC\nKitty: QD TH KH JC\nTop card of the kitty is: QD\nProposed trump suit is: D\nDealer is player 0.\nDecision on trump starts with player 1.\n"));
    let decks: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Deck: "))
        .take(2)
        .collect();
    assert_eq!(
        decks,
        [
            "Deck: AS QC KC KS JS 9D TS 9S JH JD AH 9H AD QS TC AC KD 9C TD QH QD TH KH JC",
            "Deck: 9S KC 9D TS QD AH AC KD TD 9H KS QH QS AD JH KH 9C AS JC JD TH QC JS TC",
        ]
    );
}

#[test]
fn negative_seed_is_accepted_and_differs_from_zero() {
    let run = |seed: &str| {
        Command::new(env!("CARGO_BIN_EXE_upcard"))
            .args(["cs246", "-d", "-s", seed, "--no-human"])
            .output()
            .unwrap()
    };
    let a = run("-1");
    assert!(a.status.success());
    let text = String::from_utf8(a.stdout).unwrap();
    assert!(text.starts_with("Seed: -1\n"));
    // -1 reaches mt19937 as 4294967295, as a C++ int does.
    let b = String::from_utf8(run("4294967295").stdout).unwrap();
    assert_eq!(text.lines().nth(2), b.lines().nth(2));
}
