//! The CS 246 computer player's choices (spec 2.2.2), rule by rule.

use upcard_engine::Hand;
use upcard_engine::Seat;
use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, Observation};
use upcard_rules::courses::cs246::computer::{
    Strategy, discard, follow, lead, round_one, round_two,
};

fn cards(s: &str) -> Hand {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

/// Seat 1 deciding; `dealer` and `upcard` as given.
fn bid_view<'a>(
    hand: &'a Hand,
    seat: Seat,
    dealer: Seat,
    upcard: &str,
    round: u8,
) -> Observation<'a> {
    Observation {
        seat,
        hand,
        dealer,
        upcard: Some(c(upcard)),
        round,
        forced: false,
        allow_alone: true,
        partner_order_alone: false,
        reneges_refused: false,
        trump: None,
        trump_round: 1,
        maker: None,
        alone: false,
        trick: &[],
        sitting_out: None,
        defender: None,
        played: &[],
        bids: &[],
        discard: None,
        upcard_taken: false,
        scores: [0, 0],
        tricks: [0; 4],
        makers_took: 0,
        scoring: upcard_engine::Scoring::STANDARD,
        hand_no: 0,
        switch: Switch::OFF,
    }
}

fn play_view<'a>(
    hand: &'a Hand,
    seat: Seat,
    trump: Suit,
    maker: Seat,
    trick: &'a [(Seat, Card)],
) -> Observation<'a> {
    Observation {
        trump: Some(trump),
        maker: Some(maker),
        trick,
        ..bid_view(hand, seat, 0, "9S", 0)
    }
}

fn o(suit: Suit, alone: bool) -> Action {
    Action::Order { suit, alone }
}

#[test]
fn r1_partner_is_dealer_orders_up_alone_or_passes() {
    // Seat 2, dealer 0 (partner). Both bowers + outside ace.
    let h = cards("JH JD AS 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 2, 0, "9H", 1)).0,
        o(Suit::Hearts, true)
    );
    // Left bower + 2 more trump.
    let h = cards("JD 9H TH 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 2, 0, "QH", 1)).0,
        o(Suit::Hearts, true)
    );
    // Left bower + 1 trump + outside ace.
    let h = cards("JD 9H AC 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 2, 0, "QH", 1)).0,
        o(Suit::Hearts, true)
    );
    // Right bower + other trump + ace, but no left bower: never orders its partner.
    let h = cards("JH 9H AC 9C TC");
    assert_eq!(round_one(&bid_view(&h, 2, 0, "QH", 1)).0, Action::Pass);
}

#[test]
fn r1_neither_dealer_orders_alone_orders_or_passes() {
    let h = cards("JH JD 9H AS 9C");
    assert_eq!(
        round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
        o(Suit::Hearts, true)
    );
    // Both bowers and an ace but no third trump: not alone; right + trump + ace: order.
    let h = cards("JH JD AS 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
        o(Suit::Hearts, false)
    );
    let h = cards("JH 9H AS 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
        o(Suit::Hearts, false)
    );
    // No outside ace.
    let h = cards("JH 9H KS 9C TC");
    assert_eq!(round_one(&bid_view(&h, 1, 0, "QH", 1)).0, Action::Pass);
}

#[test]
fn r1_dealer_counts_the_top_card() {
    // Dealer 0 with right bower + 2 trump in hand + top card = 3 other trump: alone.
    let h = cards("JH 9H TH 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
        o(Suit::Hearts, true)
    );
    // Right bower + 1 trump in hand + top card = 2 other trump, no ace: picks up.
    let h = cards("JH 9H KS 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
        o(Suit::Hearts, false)
    );
    // Left bower + top card + ace.
    let h = cards("JD AS KS 9C TC");
    assert_eq!(
        round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
        o(Suit::Hearts, false)
    );
    let h = cards("JD KS QS 9C TC");
    assert_eq!(round_one(&bid_view(&h, 0, 0, "QH", 1)).0, Action::Pass);
}

#[test]
fn r2_prefers_alone_then_h_d_s_c() {
    // Footnote 5: {JH JD AH AD 9C}, 9S turned down: hearts alone.
    let h = cards("JH JD AH AD 9C");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9S", 2), Strategy::default()).0,
        o(Suit::Hearts, true)
    );
    // Both bowers, only two suits: spades and clubs both qualify; S before C.
    let h = cards("JC JS 9H TH QH");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        o(Suit::Spades, true)
    );
    // Right + 2 other trump: declares, not alone.
    let h = cards("JS 9S TS 9H KD");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        o(Suit::Spades, false)
    );
    // Left + 2 other trump + ace.
    let h = cards("JC 9S TS AH KD");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        o(Suit::Spades, false)
    );
    // Five trump, no bowers.
    let h = cards("AC KC QC TC 9C");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        o(Suit::Clubs, false)
    );
    // Never the turned-down suit.
    let h = cards("JD JH AD KD QD");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        o(Suit::Hearts, true)
    );
    let h = cards("9S TS 9H KD QC");
    assert_eq!(
        round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
        Action::Pass
    );
}

#[test]
fn r2_dealer_turned_down_card_option() {
    // Dealer 0 holds JS 9S + KS; the turned-down 9H is no spade, but counts as an
    // outside ... card only; with JS TS and the turned-down AS (not possible: it
    // is the turned-down suit). Use an outside ace as the turned-down card's effect:
    let h = cards("JS 9S QD 9C TC");
    let v = bid_view(&h, 0, 0, "AH", 2);
    // Counting AH as an outside ace: right + 1 trump + ace → spades.
    assert_eq!(round_two(&v, Strategy::default()).0, o(Suit::Spades, false));
    let literal_off = Strategy {
        dealer_counts_turned_down: false,
        ..Strategy::default()
    };
    assert_eq!(round_two(&v, literal_off).0, Action::Pass);
}

#[test]
fn discard_lowest_non_trump_with_preference() {
    let h = cards("9S 9D AH KH QH");
    // Trump hearts: 9D and 9S tie; D before S.
    assert_eq!(discard(&bid_view(&h, 0, 0, "TH", 1)).0, c("9D"));
    let h = cards("JH JD AH KH QH");
    assert_eq!(discard(&bid_view(&h, 0, 0, "TH", 1)).0, c("TH"));
}

#[test]
fn lead_when_it_called() {
    let h = cards("9H JD AS KC");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("JD"));
    let h = cards("AS AD KC");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("AD"));
    let h = cards("KS QD KC");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("KS"));
}

#[test]
fn lead_when_partner_called() {
    let h = cards("JH 9H AS");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("JH"));
    let h = cards("AH 9H AS");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("9H"));
    let h = cards("AS KC 9D");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("AS"));
    // No trump, no ace: lowest of the opposite colour (spades, clubs).
    let h = cards("KS TC 9D");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("TC"));
    let h = cards("KD QD");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("QD"));
}

#[test]
fn lead_against_the_makers() {
    let h = cards("JH AS AC 9H");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("AS"));
    let h = cards("9H KS KD QC");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("KD"));
    let h = cards("9H JD");
    assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("JD"));
}

#[test]
fn follow_suit_take_or_duck() {
    let s = Strategy::default();
    // Opponent (seat 0) leads KS; seat 1 can take with AS.
    let trick = [(0, c("KS"))];
    let h = cards("AS 9S 9H");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("AS")
    );
    let trick = [(0, c("AS"))];
    let h = cards("KS 9S 9H");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("9S")
    );
    // Partner (seat 3) has the trick with KS: play under it.
    let trick = [(3, c("KS")), (0, c("9S"))];
    let h = cards("AS TS 9H");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("TS")
    );
    // No lower card: highest.
    let trick = [(2, c("TS")), (3, c("9S"))];
    let h = cards("AS KS");
    let v = play_view(&h, 1, Suit::Hearts, 1, &trick);
    // Seat 1's partner is 3, who does not have the trick (TS beats 9S): take it.
    assert_eq!(follow(&v, s).0, c("AS"));
    let trick = [(2, c("9S")), (3, c("AS"))];
    let h = cards("KS QS");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 1, &trick), s).0,
        c("QS")
    );
}

#[test]
fn cannot_follow_trump_or_throw_off() {
    let s = Strategy::default();
    // Not last, has trump: highest trump if it takes the trick.
    let trick = [(0, c("AS"))];
    let h = cards("9H KH 9C");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("KH")
    );
    // Last: the lowest trump that takes it.
    let trick = [(2, c("AS")), (3, c("9S")), (0, c("TH"))];
    let h = cards("9H QH AH 9C");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("QH")
    );
    let literal = Strategy {
        last_plays_lowest_winning_trump: false,
        ..s
    };
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), literal).0,
        c("AH")
    );
    // No trump: void a suit (the singleton), not the lowest card.
    let trick = [(0, c("AS"))];
    let h = cards("9C TC KD");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("KD")
    );
    // Partner has the trick: throw off; only trump: lowest trump.
    let trick = [(3, c("AS")), (0, c("9S"))];
    let h = cards("9D 9C");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("9D")
    );
    let h = cards("AH 9H");
    assert_eq!(
        follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
        c("9H")
    );
}

#[test]
fn last_to_play_counts_the_seats_that_play_not_the_cards() {
    // Every leader, with nobody or any one seat sitting out: walking the
    // seats that play from the leader, only the final one is last.
    for out in [None, Some(0), Some(1), Some(2), Some(3)] {
        for leader in (0..4).filter(|&s| Some(s) != out) {
            let order: Vec<Seat> = (0..4)
                .map(|i| (leader + i) % 4)
                .filter(|&s| Some(s) != out)
                .collect();
            let played: Vec<(Seat, Card)> = order.iter().map(|&s| (s, c("9C"))).collect();
            for (i, &seat) in order.iter().enumerate() {
                let h = cards("9H");
                let mut v = play_view(&h, seat, Suit::Hearts, 0, &played[..i]);
                v.sitting_out = out;
                let rest: Vec<Seat> = v.still_to_play().collect();
                assert_eq!(
                    rest,
                    order[i + 1..],
                    "leader {leader} out {out:?} seat {seat}"
                );
                assert_eq!(v.last_to_play(), i + 1 == order.len());
            }
        }
    }
}

#[test]
fn a_lone_maker_playing_third_is_last_and_trumps_low() {
    // Seed 2, hand 1 (issue 11): player 0 alone in diamonds, player 2 out;
    // player 1 leads AS, player 3 throws TC, player 0 cannot follow.
    let trick = [(1, c("AS")), (3, c("TC"))];
    let h = cards("JD AC 9D KC QD");
    let mut v = play_view(&h, 0, Suit::Diamonds, 0, &trick);
    v.alone = true;
    v.sitting_out = Some(2);
    assert!(v.last_to_play());
    let (card, why) = follow(&v, Strategy::default());
    assert_eq!(card, c("9D"));
    assert_eq!(
        why,
        "2.2.2.5 plays last: the lowest trump that takes the trick"
    );
    let literal = Strategy {
        last_plays_lowest_winning_trump: false,
        ..Strategy::default()
    };
    assert_eq!(follow(&v, literal).0, c("JD"));
}
