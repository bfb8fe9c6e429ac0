//! Double-dummy search: every hand known, the rest of a hand solved exactly
//! by alpha-beta over the remaining plays. The value is the hand's points
//! for one team minus the other's, so ordering alone or marching counts.

use arrayvec::ArrayVec;

use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Scoring, Seat};

/// A hand of at most five cards, in play.
pub type Cards = ArrayVec<Card, 6>;

/// A position with every hand known.
#[derive(Clone, Debug)]
pub struct Deal {
    pub hands: [Cards; 4],
    pub trump: Suit,
    /// Seats that play (a lone hand's partner, a lone defender's partner do not).
    pub active: [bool; 4],
    /// The cards of the trick in play, in order.
    pub trick: ArrayVec<(Seat, Card), 4>,
    /// Whose turn it is.
    pub turn: Seat,
    /// Tricks taken so far this hand, by team.
    pub taken: [u8; 2],
    /// The tricks the makers took, in order (bit i: trick i).
    pub makers_took: u8,
    /// The makers' team, whether the maker is alone, and a lone defender.
    pub makers: usize,
    pub alone: bool,
    pub defender_alone: bool,
    /// The table's scoring (its house rules are public).
    pub scoring: Scoring,
}

impl Deal {
    fn players(&self) -> usize {
        self.active.iter().filter(|a| **a).count()
    }

    fn next(&self, s: Seat) -> Seat {
        let mut n = (s + 1) % 4;
        while !self.active[n] {
            n = (n + 1) % 4;
        }
        n
    }

    /// Points of the finished hand for `team` minus the other team's (the
    /// engine's own scoring rule).
    fn points(&self, team: usize) -> i32 {
        let s = upcard_engine::score_hand(
            self.makers_took,
            self.alone,
            self.defender_alone,
            &self.scoring,
        );
        let winner = if s.makers_score {
            self.makers
        } else {
            1 - self.makers
        };
        let p = s.points as i32;
        if winner == team { p } else { -p }
    }

    /// The cards `turn` may play now.
    pub fn moves(&self) -> Cards {
        let hand = &self.hands[self.turn];
        let Some(&(_, led)) = self.trick.first() else {
            return hand.clone();
        };
        let suit = led.effective_suit(self.trump);
        let follow: Cards = hand
            .iter()
            .copied()
            .filter(|c| c.effective_suit(self.trump) == suit)
            .collect();
        if follow.is_empty() {
            hand.clone()
        } else {
            follow
        }
    }

    /// Plays `card` for the seat to move; returns the trick's winner when
    /// it completes one.
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        let seat = self.turn;
        self.hands[seat].retain(|c| *c != card);
        self.trick.push((seat, card));
        if self.trick.len() < self.players() {
            self.turn = self.next(seat);
            return None;
        }
        let led = self.trick[0].1;
        let (w, _) = self
            .trick
            .iter()
            .copied()
            .max_by(|a, b| a.1.cmp_led(b.1, led, self.trump))
            .expect("a full trick");
        self.taken[w % 2] += 1;
        if w % 2 == self.makers {
            self.makers_took |= 1 << (self.taken[0] + self.taken[1] - 1);
        }
        self.trick.clear();
        self.turn = w;
        Some(w)
    }

    fn done(&self) -> bool {
        self.trick.is_empty()
            && self
                .hands
                .iter()
                .zip(self.active)
                .all(|(h, a)| !a || h.is_empty())
    }

    /// The value for `team` of the best play by both sides from here.
    pub fn solve(&self, team: usize) -> i32 {
        let mut d = self.clone();
        d.search(team, -100, 100, &mut Table::new())
    }

    /// The position at the start of a trick, as a key: within one deal the
    /// cards left (each stays in the hand it was dealt to), who leads and
    /// which tricks the makers took settle everything that follows.
    fn key(&self) -> u32 {
        let left = self
            .hands
            .iter()
            .flatten()
            .fold(0u32, |m, c| m | 1 << c.plain_index());
        left | (self.turn as u32) << 24 | u32::from(self.makers_took) << 26
    }

    fn search(&mut self, team: usize, mut alpha: i32, mut beta: i32, table: &mut Table) -> i32 {
        if self.done() {
            return self.points(team);
        }
        // Once the makers' fate is settled nothing left changes the points
        // (the tricks still to come go to the defenders, whose tricks
        // score nothing of their own), unless a march is still possible.
        let left = 5u8.saturating_sub(self.taken[0] + self.taken[1]);
        let m = self.taken[self.makers];
        if m + left < 3 || (m >= 3 && m + left < 5) {
            return self.points(team);
        }
        // Tricks played in another order often reach the same position.
        let key = self.trick.is_empty().then(|| self.key());
        if let Some(bounds) = key.and_then(|k| table.get(k)) {
            if bounds.0 == bounds.1 || bounds.0 >= beta {
                return bounds.0;
            }
            if bounds.1 <= alpha {
                return bounds.1;
            }
        }
        let window = (alpha, beta);
        let maximizing = self.turn % 2 == team;
        let moves = self.ordered_moves();
        let mut best = if maximizing { -100 } else { 100 };
        for c in moves {
            let saved = (
                self.hands[self.turn].clone(),
                self.trick.clone(),
                self.turn,
                self.taken,
                self.makers_took,
            );
            self.play(c);
            let v = self.search(team, alpha, beta, table);
            (
                self.hands[saved.2],
                self.trick,
                self.turn,
                self.taken,
                self.makers_took,
            ) = (saved.0, saved.1, saved.2, saved.3, saved.4);
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            // Outside the window the value is only a bound.
            let bounds = if best <= window.0 {
                (-100, best)
            } else if best >= window.1 {
                (best, 100)
            } else {
                (best, best)
            };
            table.put(k, bounds);
        }
        best
    }

    /// The cards worth trying, strongest first (cutoffs come sooner); of
    /// cards of one suit next to each other in rank in one hand, only one.
    fn ordered_moves(&self) -> Cards {
        let mut moves = self.moves();
        let led = self
            .trick
            .first()
            .map(|&(_, c)| c.effective_suit(self.trump));
        moves.sort_by_key(|c| std::cmp::Reverse(c.value(self.trump, led)));
        let t = self.trump;
        let between = |lo: Card, hi: Card| {
            let suit = lo.effective_suit(t);
            let (a, b) = (lo.value(t, None), hi.value(t, None));
            self.hands
                .iter()
                .flatten()
                .chain(self.trick.iter().map(|(_, c)| c))
                .any(|x| {
                    x.effective_suit(t) == suit && a < x.value(t, None) && x.value(t, None) < b
                })
        };
        let mut kept = Cards::new();
        for &c in &moves {
            match kept.last() {
                Some(&p) if p.effective_suit(t) == c.effective_suit(t) && !between(c, p) => {}
                _ => kept.push(c),
            }
        }
        kept
    }

    /// The value for `team` of each card the seat to move may play.
    pub fn values(&self, team: usize) -> Vec<(Card, i32)> {
        let mut table = Table::new();
        self.moves()
            .into_iter()
            .map(|c| {
                let mut d = self.clone();
                d.play(c);
                (c, d.search(team, -100, 100, &mut table))
            })
            .collect()
    }
}

/// Bounds on the values of positions at the start of a trick, found by one
/// search of one deal for one team: a small table indexed by the key's
/// hash, a newer entry taking an older one's place.
struct Table(Vec<(u32, i8, i8)>);

const TABLE_SLOTS: usize = 1 << 10;

impl Table {
    fn new() -> Table {
        Table(vec![(u32::MAX, 0, 0); TABLE_SLOTS])
    }

    fn slot(key: u32) -> usize {
        (key.wrapping_mul(0x9e37_79b9) >> 22) as usize
    }

    fn get(&self, key: u32) -> Option<(i32, i32)> {
        let (k, lo, hi) = self.0[Table::slot(key)];
        (k == key).then_some((i32::from(lo), i32::from(hi)))
    }

    fn put(&mut self, key: u32, (lo, hi): (i32, i32)) {
        // Values are points (at most 4 either way) or the ±100 of no bound.
        let clamp = |v: i32| v.clamp(-100, 100) as i8;
        self.0[Table::slot(key)] = (key, clamp(lo), clamp(hi));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Cards {
        s.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    fn deal(hands: [&str; 4], turn: Seat) -> Deal {
        Deal {
            hands: hands.map(cards),
            trump: Suit::Spades,
            active: [true; 4],
            trick: ArrayVec::new(),
            turn,
            taken: [0, 0],
            makers_took: 0,
            makers: 0,
            alone: false,
            defender_alone: false,
            scoring: Scoring::STANDARD,
        }
    }

    #[test]
    fn all_the_trumps_march() {
        let d = deal(
            [
                "JS JC AS KS QS",
                "9H TH JH QH KH",
                "9D TD JD QD KD",
                "9C TC QC KC AC",
            ],
            1,
        );
        assert_eq!(d.solve(0), 2);
        assert_eq!(d.solve(1), -2);
    }

    #[test]
    fn the_last_trick_goes_to_the_higher_trump() {
        // One card each: seat 0 leads the left bower, seat 1 holds the right.
        let d = Deal {
            taken: [2, 2],
            makers_took: 0b0011,
            ..deal(["JC", "JS", "9H", "9D"], 0)
        };
        assert_eq!(
            d.solve(1),
            2,
            "seat 1's team takes three: the makers are euchred"
        );
        let d = Deal {
            taken: [2, 2],
            makers_took: 0b0011,
            ..deal(["JS", "JC", "9H", "9D"], 0)
        };
        assert_eq!(d.solve(0), 1);
    }

    /// Every move tried, no bound, no table: what the search must equal.
    fn minimax(d: &Deal, team: usize) -> i32 {
        if d.done() {
            return d.points(team);
        }
        let vs = d.moves().into_iter().map(|c| {
            let mut next = d.clone();
            next.play(c);
            minimax(&next, team)
        });
        if d.turn % 2 == team {
            vs.max().unwrap()
        } else {
            vs.min().unwrap()
        }
    }

    /// The pruned search with its table of positions gives the exact value
    /// of every card, on deals of every size, alone or not.
    #[test]
    fn the_search_equals_every_move_tried() {
        let mut rng = rand_mt::Mt::new(5);
        // Every move tried is slow beyond four cards a hand.
        for n in 0..300 {
            let size = if n % 10 == 0 { 4 } else { 2 + n % 2 };
            let mut pack: Vec<Card> = upcard_engine::cards::all_cards().collect();
            for i in (1..pack.len()).rev() {
                pack.swap(i, rng.next_u32() as usize % (i + 1));
            }
            let alone = n % 5 == 0;
            let mut d = Deal {
                hands: std::array::from_fn(|s| {
                    pack[s * size..(s + 1) * size].iter().copied().collect()
                }),
                trump: [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds][n % 4],
                turn: n % 4,
                makers: n % 2,
                alone,
                ..deal(["9S", "9H", "9C", "9D"], 0)
            };
            // The tricks already played went to team 1.
            d.taken = [0, (5 - size) as u8];
            if d.makers == 1 {
                d.makers_took = (1 << (5 - size)) - 1;
            }
            if alone {
                d.active[(d.makers + 2) % 4] = false;
                d.hands[(d.makers + 2) % 4].clear();
                if !d.active[d.turn] {
                    d.turn = (d.turn + 1) % 4;
                }
            }
            for team in 0..2 {
                let want: Vec<(Card, i32)> = d
                    .moves()
                    .into_iter()
                    .map(|c| {
                        let mut next = d.clone();
                        next.play(c);
                        (c, minimax(&next, team))
                    })
                    .collect();
                assert_eq!(d.values(team), want, "deal {n}, team {team}");
            }
        }
    }

    #[test]
    fn a_player_must_follow_suit() {
        let d = Deal {
            trick: [(0, "9H".parse().unwrap())].into_iter().collect(),
            ..deal(["AH", "TH JS", "QD", "KD"], 1)
        };
        let m: Vec<String> = d.moves().iter().map(|c| c.short().to_string()).collect();
        assert_eq!(m, ["TH"]);
    }
}
