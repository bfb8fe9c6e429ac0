//! The expert: perfect-information Monte Carlo. For each decision it deals
//! the cards it cannot see in ways consistent with what it has seen (its
//! hand, every card played, who has shown a void, where the upcard went),
//! solves each deal exactly (`solve`), and takes the action whose average
//! value is best. It sees only its observation, and the same seed gives the
//! same decisions.

mod infer;
mod solve;

use arrayvec::ArrayVec;
use rand_mt::Mt;

pub use solve::{Cards, Deal};

use upcard_engine::cards::{Card, Suit, all_cards};
use upcard_engine::{Action, EventSink, Seat, left_of, partner_of};
use upcard_rules::agents::{Agent, Decision, Kind, Observation, PlayerError, Seen};

/// The expert with its strength: deals solved per decision, and whether
/// it weighs them by what the bidding says (infer.rs).
pub struct Expert {
    rng: Mt,
    pub samples: usize,
    pub infer: bool,
    /// Think for about this long per decision (`--think-ms`): rounds of
    /// `samples` deals are solved while another round fits. Decisions then
    /// depend on the machine's speed; None (the default) solves one round,
    /// so a seed replays exactly.
    pub think: Option<std::time::Duration>,
}

/// The most rounds of deals a decision solves when thinking to time: late
/// in a hand a round takes microseconds and more deals tell nothing new.
const MAX_ROUNDS: u32 = 32;

/// Deals a bid is weighed on. A bid's average over a dozen deals is too
/// noisy to compare with the bidding threshold (one deal's points run from
/// -2 to 4): the expert weighs twice its samples, one set shared by
/// every trump and by going alone. Bids are few, so this moves the median
/// decision little (docs/bots.md). The former expert (`pimc`) weighs half
/// its samples, drawn afresh for each trump.
fn bid_deals(samples: usize, infer: bool) -> usize {
    if infer {
        samples * 2
    } else {
        (samples / 2).max(4)
    }
}

/// A bid's average value over its deals at which the expert makes trump.
const ORDER_AT: f64 = 0.35;

/// A bid's average at which going alone is weighed too.
const WEIGH_ALONE_AT: f64 = 1.2;

/// The expert's bids weigh each trump on this part of their deals at a
/// time (see `settled`).
const SCREEN_PARTS: usize = 4;

/// Standard errors by which a bid's average over part of its deals must be
/// past a threshold for the expert to take it as past it.
const SURELY: f64 = 2.0;

/// Whether the bids weighed so far (every trump the seat may make, not
/// alone) settle the decision: each is surely short of [`ORDER_AT`] and
/// the seat may pass; or all but one are, and that one surely reaches it
/// but surely not [`WEIGH_ALONE_AT`] (so going alone is not weighed).
fn settled(sums: &[(Action, Sum)], may_pass: bool) -> bool {
    let mut open = sums.iter().filter(|(_, s)| !s.surely_below(ORDER_AT));
    match (open.next(), open.next()) {
        (None, _) => may_pass,
        (Some((_, s)), None) => s.surely_above(ORDER_AT) && s.surely_below(WEIGH_ALONE_AT),
        _ => false,
    }
}

/// A bid's values summed over deals: enough for their weighted mean and
/// how far that mean may be from the one over all deals.
#[derive(Clone, Copy, Default)]
struct Sum {
    total: i64,
    weight: i64,
    squares: i64,
}

impl Sum {
    fn add(&mut self, other: Sum) {
        self.total += other.total;
        self.weight += other.weight;
        self.squares += other.squares;
    }

    fn mean(&self) -> f64 {
        self.total as f64 / self.weight.max(1) as f64
    }

    /// [`SURELY`] standard errors of the mean (the deals' spread, taking
    /// their weights as counts); None with fewer than two deals.
    fn margin(&self) -> Option<f64> {
        let n = self.weight as f64;
        if n < 2.0 {
            return None;
        }
        let mean = self.mean();
        let spread = (self.squares as f64 / n - mean * mean).max(0.0);
        Some(SURELY * (spread / n).sqrt())
    }

    fn surely_below(&self, at: f64) -> bool {
        self.margin().is_some_and(|m| self.mean() + m < at)
    }

    fn surely_above(&self, at: f64) -> bool {
        self.margin().is_some_and(|m| self.mean() - m > at)
    }
}

/// Candidate deals per deal solved early in a hand (see `Expert::deals`).
const EARLY_CANDIDATES: usize = 3;

impl Expert {
    pub fn new(seed: u32, samples: usize) -> Expert {
        Expert {
            rng: Mt::new(seed),
            samples: samples.max(1),
            infer: true,
            think: None,
        }
    }

    /// The same bot thinking for about `think` per decision.
    pub fn thinking(self, think: Option<std::time::Duration>) -> Expert {
        Expert { think, ..self }
    }

    /// Runs `round` (a round of deals solved) once, or while another fits
    /// the time to think (`--think-ms`) and `round` says more deals could
    /// change the decision.
    fn in_rounds(&mut self, mut round: impl FnMut(&mut Expert) -> bool) {
        let start = self.think.map(|_| std::time::Instant::now());
        let mut rounds = 0;
        loop {
            let open = round(self);
            rounds += 1;
            if !open || !self.another_round(start, rounds) {
                break;
            }
        }
    }

    /// Whether another round of deals fits the time left: `rounds` took
    /// the time since `start`, and the next is expected to take as long.
    fn another_round(&self, start: Option<std::time::Instant>, rounds: u32) -> bool {
        match (self.think, start) {
            (Some(budget), Some(start)) if rounds < MAX_ROUNDS => {
                start.elapsed() * (rounds + 1) / rounds <= budget
            }
            _ => false,
        }
    }

    /// The expert as it was before it read the bidding: every deal
    /// consistent with the cards seen is as likely as any other.
    pub fn plain(seed: u32, samples: usize) -> Expert {
        Expert {
            infer: false,
            ..Expert::new(seed, samples)
        }
    }

    /// `n` deals of the hidden cards to solve, consistent with `k`, each
    /// with its weight: how likely it makes every call the other seats made
    /// (infer.rs), as a whole number out of 1000 of the likeliest deal's, so
    /// that sums stay exact and ties stay ties. Without inference every
    /// deal weighs 1.
    ///
    /// Early in a hand, when each deal takes long to solve, it first deals
    /// [`EARLY_CANDIDATES`] times as many and keeps `n` drawn in proportion
    /// to their weights (each then weighs 1): the deals solved are the
    /// likely ones. Late, solving is quick and drawing more would cost more
    /// than it tells: the `n` deals are weighed instead. `scale` is the
    /// likelihood weighing 1000, set by a decision's first round of deals
    /// and kept for its later rounds (`--think-ms`).
    fn deals(
        &mut self,
        obs: &Observation,
        k: &Knowledge,
        trump: Option<Suit>,
        n: usize,
        scale: &mut Option<f64>,
    ) -> Vec<([Cards; 4], i64)> {
        let others_bid = obs.bids.iter().any(|b| usize::from(b.seat) != obs.seat);
        if !self.infer || !others_bid {
            return (0..n).map(|_| (self.sample(k, trump), 1)).collect();
        }
        let early = obs.hand.len() >= 4;
        let m = if early { n * EARLY_CANDIDATES } else { n };
        let hands: Vec<[Cards; 4]> = (0..m).map(|_| self.sample(k, trump)).collect();
        let bidding = infer::Bidding::new(obs);
        let likely: Vec<f64> = hands.iter().map(|h| bidding.likelihood(h)).collect();
        if early {
            let offset = f64::from(self.rng.next_u32()) / 4_294_967_296.0;
            return infer::resample(&likely, n, offset)
                .into_iter()
                .map(|i| (hands[i].clone(), 1))
                .collect();
        }
        let top = *scale.get_or_insert_with(|| likely.iter().copied().fold(0.0, f64::max));
        hands
            .into_iter()
            .zip(likely)
            .map(|(h, l)| {
                let w = if top > 0.0 {
                    (l / top * 1000.0).round() as i64
                } else {
                    1
                };
                (h, w)
            })
            .collect()
    }

    fn below(&mut self, n: usize) -> usize {
        (self.rng.next_u32() as usize) % n.max(1)
    }
}

/// Calls `add` with each of `deals`' solution (`solve`) and weight,
/// solving a run of equal deals once (early in a hand the draw picks a
/// likely deal more than once) and no deal of weight 0 (it counts for
/// nothing): the same sums as solving each, in less time.
/// The bid whose deals scored best on average (alone where it beat the
/// partnership), or a pass when none pays, from every bid's weighed deals.
fn chosen_bid(sums: &[(Action, Sum)], legal: &[Action]) -> (Action, &'static str) {
    let average =
        |sums: &[(Action, Sum)], a: Action| sums.iter().find(|s| s.0 == a).map(|(_, s)| s.mean());
    let mut best: Option<(Action, f64)> = None;
    for &a in legal {
        let Action::Order { suit, alone: false } = a else {
            continue;
        };
        let Some(v) = average(sums, a) else { continue };
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((a, v));
        }
        let alone = Action::Order { suit, alone: true };
        if let Some(va) = average(sums, alone)
            && va > v
            && best.is_none_or(|(_, b)| va > b)
        {
            best = Some((alone, va));
        }
    }
    // Passing leaves the hand to the others: make trump only when the
    // deals say it pays (or when the dealer may not pass).
    match best {
        Some((a, v)) if v >= ORDER_AT || !legal.contains(&Action::Pass) => (
            a,
            "makes the trump whose sampled deals score best for its team",
        ),
        _ if legal.contains(&Action::Pass) => (
            Action::Pass,
            "passes: no trump scores enough over its sampled deals",
        ),
        _ => (legal[0], "makes the only trump it may"),
    }
}

fn each_solved<T>(
    deals: &[([Cards; 4], i64)],
    mut solve: impl FnMut(&[Cards; 4]) -> T,
    mut add: impl FnMut(&T, i64),
) {
    let mut last: Option<(&[Cards; 4], T)> = None;
    for (hands, weight) in deals {
        if *weight == 0 {
            continue;
        }
        let solved = match last.take() {
            Some((h, v)) if h == hands => (h, v),
            _ => (hands, solve(hands)),
        };
        add(&solved.1, *weight);
        last = Some(solved);
    }
}

/// What a seat knows of where the cards are.
struct Knowledge {
    /// Cards that may be in another active seat's hand.
    unknown: Vec<Card>,
    /// Cards each seat still holds, and a card known to be in its hand.
    need: [usize; 4],
    fixed: [Option<Card>; 4],
    /// Suits each seat has shown it lacks.
    void: [[bool; 4]; 4],
    active: [bool; 4],
}

fn knowledge(obs: &Observation) -> Knowledge {
    let me = obs.seat;
    let mut active = [true; 4];
    if let Some(s) = obs.sitting_out {
        active[s] = false;
    }
    if let Some(d) = obs.defender {
        active[partner_of(d)] = false;
    }
    let up = obs.upcard;
    let mut out: Vec<Card> = obs.hand.to_vec();
    out.extend(obs.played.iter().map(|&(_, c)| c));
    out.extend(obs.discard);
    let mut fixed = [None; 4];
    if let Some(u) = up {
        if !obs.upcard_taken {
            // Turned down, or still on the kitty: nobody holds it.
            out.push(u);
        } else if obs.dealer != me && !out.contains(&u) {
            // Picked up: in the dealer's hand until played.
            fixed[obs.dealer] = Some(u);
        }
    }
    let mut need = [0usize; 4];
    for s in 0..4 {
        let played = obs.played.iter().filter(|(p, _)| *p == s).count();
        need[s] = if active[s] {
            5usize.saturating_sub(played)
        } else {
            0
        };
    }
    need[me] = 0;
    let mut void = [[false; 4]; 4];
    if let Some(t) = obs.trump {
        let per = active.iter().filter(|a| **a).count().max(1);
        for trick in obs.played.chunks(per) {
            let led = trick[0].1.effective_suit(t);
            for &(s, c) in &trick[1..] {
                if c.effective_suit(t) != led {
                    void[s][usize::from(led.index())] = true;
                }
            }
        }
    }
    let unknown = all_cards()
        .filter(|c| !out.contains(c) && !fixed.contains(&Some(*c)))
        .collect();
    Knowledge {
        unknown,
        need,
        fixed,
        void,
        active,
    }
}

impl Expert {
    /// Hands for the other seats, consistent with `k` (voids kept when it
    /// can be done in a few tries).
    fn sample(&mut self, k: &Knowledge, trump: Option<Suit>) -> [Cards; 4] {
        for attempt in 0..40 {
            // On the stack: a decision samples many deals.
            let mut pool: ArrayVec<Card, 24> = k.unknown.iter().copied().collect();
            for i in (1..pool.len()).rev() {
                pool.swap(i, self.below(i + 1));
            }
            let mut hands: [Cards; 4] = Default::default();
            let mut ok = true;
            // The most constrained seats first.
            let mut seats: ArrayVec<Seat, 4> = (0..4).filter(|&s| k.need[s] > 0).collect();
            seats.sort_by_key(|&s| std::cmp::Reverse(k.void[s].iter().filter(|v| **v).count()));
            for s in seats {
                if let Some(c) = k.fixed[s] {
                    hands[s].push(c);
                }
                while hands[s].len() < k.need[s] {
                    let fits = |c: &Card| {
                        attempt >= 30
                            || trump.is_none_or(|t| {
                                !k.void[s][usize::from(c.effective_suit(t).index())]
                            })
                    };
                    match pool.iter().position(fits) {
                        Some(i) => hands[s].push(pool.swap_remove(i)),
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
            }
            if ok {
                return hands;
            }
        }
        Default::default()
    }

    fn play(&mut self, obs: &Observation, legal: &[Action]) -> Weighed {
        let trump = obs.trump.expect("trump is made before play");
        let k = knowledge(obs);
        let me = obs.seat;
        let mut totals: Vec<(Action, i64)> = legal.iter().map(|a| (*a, 0)).collect();
        if legal.len() == 1 {
            return Weighed::only(legal[0], "plays its only lawful card");
        }
        let mut scale = None;
        let mut weights = 0;
        self.in_rounds(|this| {
            let deals = this.deals(obs, &k, Some(trump), this.samples, &mut scale);
            let solve = |hands: &[Cards; 4]| {
                let mut hands = hands.clone();
                hands[me] = obs.hand.iter().copied().collect();
                let maker = obs.maker.unwrap_or(obs.dealer);
                let deal = Deal {
                    hands,
                    trump,
                    active: k.active,
                    trick: obs.trick.iter().copied().collect(),
                    turn: me,
                    taken: [obs.tricks[0] + obs.tricks[2], obs.tricks[1] + obs.tricks[3]],
                    makers_took: obs.makers_took,
                    makers: maker % 2,
                    alone: obs.alone,
                    defender_alone: obs.defender.is_some(),
                    scoring: obs.scoring,
                };
                deal.values(me % 2)
            };
            each_solved(&deals, solve, |values, weight| {
                weights += weight;
                for &(c, v) in values {
                    if let Some(t) = totals.iter_mut().find(|(a, _)| a.card() == Some(c)) {
                        t.1 += weight * i64::from(v);
                    }
                }
            });
            true
        });
        // Ties go to the lowest card by trump order, keeping high cards.
        let best = totals
            .iter()
            .max_by(|a, b| {
                a.1.cmp(&b.1).then_with(|| {
                    let (ca, cb) = (a.0.card(), b.0.card());
                    match (ca, cb) {
                        (Some(x), Some(y)) => y.cmp_trump(x, trump),
                        _ => std::cmp::Ordering::Equal,
                    }
                })
            })
            .map_or(legal[0], |t| t.0);
        Weighed {
            best,
            why: "the card with the best average over sampled deals, each solved exactly",
            options: totals
                .iter()
                .map(|&(a, t)| (a, t as f64 / weights.max(1) as f64))
                .collect(),
        }
    }

    /// The value for this seat's team of making `suit` trump (alone or
    /// not) from here, summed over `deals` (the dealer's pick-up, exact
    /// play).
    fn bid_value(
        &self,
        obs: &Observation,
        deals: &[([Cards; 4], i64)],
        suit: Suit,
        alone: bool,
    ) -> Sum {
        let me = obs.seat;
        let mut sum = Sum::default();
        let solve = |hands: &[Cards; 4]| {
            let mut hands = hands.clone();
            hands[me] = obs.hand.iter().copied().collect();
            let mut active = [true; 4];
            if alone {
                active[partner_of(me)] = false;
            }
            // In round one the dealer takes the upcard and drops its worst card.
            if obs.round == 1
                && let Some(up) = obs.upcard
                && active[obs.dealer]
            {
                let d = &mut hands[obs.dealer];
                d.push(up);
                let worst = d
                    .iter()
                    .copied()
                    .min_by(|a, b| a.cmp_trump(*b, suit))
                    .expect("cards");
                d.retain(|c| *c != worst);
            }
            let mut lead = left_of(obs.dealer);
            while !active[lead] {
                lead = left_of(lead);
            }
            let deal = Deal {
                hands,
                trump: suit,
                active,
                trick: ArrayVec::new(),
                turn: lead,
                taken: [0, 0],
                makers_took: 0,
                makers: me % 2,
                alone,
                defender_alone: false,
                scoring: obs.scoring,
            };
            i64::from(deal.solve(me % 2))
        };
        each_solved(deals, solve, |&v, weight| {
            sum.add(Sum {
                total: weight * v,
                weight,
                squares: weight * v * v,
            })
        });
        sum
    }

    fn bid(&mut self, obs: &Observation, legal: &[Action]) -> Weighed {
        let k = knowledge(obs);
        let n = bid_deals(self.samples, self.infer);
        let mut scale = None;
        // Each bid weighed: its values summed over its deals.
        let mut sums: Vec<(Action, Sum)> = Vec::new();
        let average = |sums: &[(Action, Sum)], a: Action| {
            sums.iter().find(|s| s.0 == a).map(|(_, s)| s.mean())
        };
        let add = |sums: &mut Vec<(Action, Sum)>, bid: Action, sum: Sum| match sums
            .iter_mut()
            .find(|s| s.0 == bid)
        {
            Some(s) => s.1.add(sum),
            None => sums.push((bid, sum)),
        };
        let orders = || {
            legal.iter().filter_map(|&a| match a {
                Action::Order { suit, alone: false } => Some(suit),
                _ => None,
            })
        };
        self.in_rounds(|this| {
            // One set of deals for every trump and for alone: the choice
            // between them is then not swayed by which deals each drew.
            let shared = if this.infer && orders().next().is_some() {
                this.deals(obs, &k, None, n, &mut scale)
            } else {
                Vec::new()
            };
            // Most bids are plain: the expert weighs each trump on a
            // quarter of the deals at a time, and stops once the bid is
            // settled (see `settled`) without solving the rest.
            let mut from = 0;
            if this.infer && sums.is_empty() {
                let stage = (shared.len() / SCREEN_PARTS).max(1);
                while from + stage < shared.len() {
                    let to = from + stage;
                    for suit in orders() {
                        let sum = this.bid_value(obs, &shared[from..to], suit, false);
                        add(&mut sums, Action::Order { suit, alone: false }, sum);
                    }
                    from = to;
                    if settled(&sums, legal.contains(&Action::Pass)) {
                        return false;
                    }
                }
            }
            for &a in legal {
                let Action::Order { suit, alone: false } = a else {
                    continue;
                };
                for alone in [false, true] {
                    let bid = Action::Order { suit, alone };
                    // Alone is weighed only where the hand is already strong.
                    if alone
                        && !(legal.contains(&bid)
                            && average(&sums, a).is_some_and(|v| v >= WEIGH_ALONE_AT))
                    {
                        continue;
                    }
                    // The former expert (pimc) draws its deals afresh per bid.
                    let fresh;
                    let deals = if this.infer {
                        // Alone on every deal; the rest of them after a screening.
                        &shared[if alone { 0 } else { from }..]
                    } else {
                        fresh = this.deals(obs, &k, None, n, &mut scale);
                        &fresh
                    };
                    let sum = this.bid_value(obs, deals, suit, alone);
                    add(&mut sums, bid, sum);
                }
            }
            true
        });
        let (best, why) = chosen_bid(&sums, legal);
        // Passing is worth the threshold a bid must reach.
        let options = legal
            .iter()
            .filter_map(|&a| match a {
                Action::Pass => Some((a, ORDER_AT)),
                _ => sums.iter().find(|s| s.0 == a).map(|(_, s)| (a, s.mean())),
            })
            .collect();
        Weighed { best, why, options }
    }

    fn discard(&mut self, obs: &Observation, legal: &[Action]) -> Weighed {
        let trump = obs.trump.expect("trump is made before the discard");
        // Keep trump and aces; of the rest drop the card whose suit is
        // shortest (to make a void), lowest first.
        let cards: Vec<Card> = legal.iter().filter_map(|a| a.card()).collect();
        let count = |s: Suit| {
            cards
                .iter()
                .filter(|c| c.effective_suit(trump) == s)
                .count()
        };
        let drop = cards
            .iter()
            .copied()
            .min_by_key(|c| {
                let is_trump = c.is_trump(trump);
                (
                    is_trump,
                    c.rank() == upcard_engine::cards::Rank::Ace,
                    count(c.effective_suit(trump)),
                    c.value(trump, None),
                )
            })
            .expect("a card to discard");
        Weighed::only(
            Action::Discard(drop),
            "discards its lowest card of its shortest plain suit, keeping trump and aces",
        )
    }

    /// Every action the expert weighs, with its value, and the one it
    /// takes.
    pub fn weigh(&mut self, obs: &Observation, legal: &[Action]) -> Weighed {
        let mut weighed = match Kind::of(legal) {
            Kind::Play => self.play(obs, legal),
            Kind::Bid => self.bid(obs, legal),
            Kind::Discard => self.discard(obs, legal),
            Kind::Defend => Weighed::only(Action::Pass, "does not defend alone"),
        };
        // A throw-in or anything else not weighed is never chosen over these.
        if !legal.contains(&weighed.best) {
            weighed.best = legal[0];
        }
        weighed.options.retain(|(a, _)| legal.contains(a));
        weighed
    }
}

/// A decision weighed: the expert's action and why, and each action it
/// valued (points for its team, its average over the deals solved); none
/// where it decides by a rule (the discard) or has one choice.
pub struct Weighed {
    pub best: Action,
    pub why: &'static str,
    pub options: Vec<(Action, f64)>,
}

impl Weighed {
    fn only(best: Action, why: &'static str) -> Weighed {
        Weighed {
            best,
            why,
            options: Vec::new(),
        }
    }
}

impl Agent for Expert {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let weighed = self.weigh(obs, legal);
        Ok(Decision {
            action: weighed.best,
            why: Some(weighed.why),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum_of(values: &[i64]) -> Sum {
        let mut s = Sum::default();
        for &v in values {
            s.add(Sum {
                total: v,
                weight: 1,
                squares: v * v,
            });
        }
        s
    }

    fn order(suit: Suit) -> Action {
        Action::Order { suit, alone: false }
    }

    /// Equal deals in a row are solved once, deals of weight 0 not at all,
    /// and every weight still counts.
    #[test]
    fn equal_deals_are_solved_once() {
        let hand = |c: &str| {
            let mut h: [Cards; 4] = Default::default();
            h[0].push(c.parse().unwrap());
            h
        };
        let (a, b) = (hand("AH"), hand("KH"));
        let deals = [
            (a.clone(), 2),
            (a.clone(), 1),
            (b.clone(), 0),
            (b, 3),
            (a, 1),
        ];
        let mut solved = 0;
        let mut added = Vec::new();
        each_solved(
            &deals,
            |h| {
                solved += 1;
                h[0][0].short().to_string()
            },
            |v, w| added.push(format!("{v}x{w}")),
        );
        assert_eq!(solved, 3);
        assert_eq!(added, ["AHx2", "AHx1", "KHx3", "AHx1"]);
    }

    /// A bid stops being weighed only when more deals could not change it.
    #[test]
    fn a_bid_is_settled_only_when_it_is_sure() {
        let euchred = sum_of(&[-2; 12]);
        let one_point = sum_of(&[1; 12]);
        // Mean 0.5, spread 1.5: two standard errors reach both ways past 0.35.
        let close = sum_of(&[-1, 2, -1, 2, -1, 2, -1, 2, -1, 2, -1, 2]);
        assert!(!close.surely_below(ORDER_AT) && !close.surely_above(ORDER_AT));
        let (s, h) = (Suit::Spades, Suit::Hearts);
        // Every trump surely short: pass, if passing is allowed.
        assert!(settled(&[(order(s), euchred), (order(h), euchred)], true));
        assert!(!settled(&[(order(s), euchred), (order(h), euchred)], false));
        // One trump surely worth making but surely not alone: make it.
        assert!(settled(&[(order(s), euchred), (order(h), one_point)], true));
        assert!(!settled(
            &[(order(s), one_point), (order(h), one_point)],
            true
        ));
        assert!(!settled(&[(order(s), euchred), (order(h), close)], true));
        // Strong enough that alone must be weighed on every deal.
        assert!(!settled(&[(order(s), sum_of(&[2; 12]))], true));
        // One deal is never sure.
        assert!(!settled(&[(order(s), sum_of(&[-2]))], true));
    }

    use upcard_engine::{Deck, NullSink, State};
    use upcard_rules::courses::standard::config;

    fn deck(cards: &[&str]) -> [Card; 24] {
        let v: Vec<Card> = cards.iter().map(|c| c.parse().unwrap()).collect();
        v.try_into().unwrap()
    }

    /// The game dealt from `cards` after `before` lawful first-choice decisions.
    fn at(cards: [Card; 24], before: usize) -> State {
        let mut s = State::new(config(), Deck::pack(cards, false));
        let mut taken = 0;
        loop {
            while s.to_move().is_none() {
                s.advance(&mut NullSink);
            }
            if taken == before {
                return s;
            }
            let a = s.legal_actions()[0];
            s.apply(a, &mut NullSink).unwrap();
            taken += 1;
        }
    }

    fn decide(s: &State) -> Action {
        let seat = s.to_move().unwrap();
        let legal = s.legal_actions();
        Expert::new(42, 16)
            .choose(&Seen::of(s, seat), &legal, &mut NullSink)
            .unwrap()
            .action
    }

    /// `s` with hidden cards moved, as the seat to move cannot tell: a card
    /// of one suit swapped between two other seats holding that suit, and
    /// (before any play) a card swapped with the kitty below the upcard.
    fn hidden_change(s: &State) -> State {
        let me = s.to_move().unwrap();
        let mut t = s.clone();
        let suit = |c: &Card| s.trump.map_or(c.suit(), |tr| c.effective_suit(tr));
        let others: Vec<Seat> = (0..4).filter(|&x| x != me && !s.sits_out(x)).collect();
        'swap: for (i, &x) in others.iter().enumerate() {
            for &y in &others[i + 1..] {
                for (ix, cx) in s.hands[x].iter().enumerate() {
                    if let Some(iy) = s.hands[y]
                        .iter()
                        .position(|cy| suit(cy) == suit(cx) && cy != cx)
                    {
                        let (a, b) = (t.hands[x][ix], t.hands[y][iy]);
                        t.hands[x].replace(ix, b);
                        t.hands[y].replace(iy, a);
                        break 'swap;
                    }
                }
            }
        }
        if s.played.is_empty() && s.trump.is_none() {
            let x = others[0];
            let k = t.kitty[1];
            t.kitty[1] = t.hands[x].replace(0, k);
        }
        t
    }

    const DEAL: [&str; 24] = [
        "9S", "JH", "AC", // East
        "KD", "QS", // South
        "TS", "JS", "AH", // West
        "KC", "9D", // North
        "TH", "QH", // East
        "JD", "AS", "KS", // South
        "TC", "QC", // West
        "9H", "JC", "AD", // North
        "KH", "9C", "TD", "QD", // upcard, kitty
    ];

    #[test]
    fn the_expert_does_not_peek_at_cards_it_cannot_see() {
        let base = deck(&DEAL);
        // A bid, the dealer's discard, a lead, plays in later tricks.
        for before in [0, 3, 4, 5, 6, 9, 13] {
            let s = at(base, before);
            let t = hidden_change(&s);
            let seat = s.to_move().unwrap();
            assert_ne!(
                (&s.hands, &s.kitty),
                (&t.hands, &t.kitty),
                "decision {before}: nothing moved"
            );
            assert_eq!(s.hands[seat], t.hands[seat]);
            assert_eq!(decide(&s), decide(&t), "decision {before} of seat {seat}");
        }
    }

    /// While the dealer chooses its discard the upcard is not yet in its
    /// hand, but it is the dealer's: never dealt to another seat.
    #[test]
    fn the_dealer_choosing_its_discard_counts_the_upcard_as_its_own() {
        // The first seat orders the upcard up.
        let mut s = at(deck(&DEAL), 0);
        let order = *s
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Order { alone: false, .. }))
            .expect("an order");
        s.apply(order, &mut NullSink).unwrap();
        while s.to_move().is_none() {
            s.advance(&mut NullSink);
        }
        assert!(matches!(s.legal_actions()[0], Action::Discard(_)));
        let me = s.to_move().unwrap();
        let obs = s.observation(me);
        let up = obs.upcard.unwrap();
        assert!(!obs.hand.contains(&up));
        let k = knowledge(&obs);
        assert!(!k.unknown.contains(&up));
        assert!(!k.fixed.contains(&Some(up)));
        // 24 cards: the dealer's five and the upcard known, 18 hidden.
        assert_eq!(k.unknown.len(), 18);
    }

    /// Thinking to time solves another round while one more fits, never
    /// more than MAX_ROUNDS; without a budget, one round.
    #[test]
    fn thinking_to_time_solves_rounds_while_another_fits() {
        use std::time::{Duration, Instant};
        let now = Some(Instant::now());
        let hour = Expert::new(1, 4).thinking(Some(Duration::from_secs(3600)));
        assert!(hour.another_round(now, 1));
        assert!(hour.another_round(now, MAX_ROUNDS - 1));
        assert!(!hour.another_round(now, MAX_ROUNDS));
        assert!(!Expert::new(1, 4).another_round(now, 1));
        // A round that took 10 ms leaves no room for another in 15 ms.
        let tight = Expert::new(1, 4).thinking(Some(Duration::from_millis(15)));
        let started = Instant::now().checked_sub(Duration::from_millis(10));
        assert!(!tight.another_round(started, 1));
        // Both bots decide lawfully when thinking.
        let s = at(deck(&DEAL), 6);
        let seat = s.to_move().unwrap();
        let legal = s.legal_actions();
        for mut bot in [
            Expert::new(3, 4).thinking(Some(Duration::from_millis(2))),
            Expert::plain(3, 4).thinking(Some(Duration::from_millis(2))),
        ] {
            let d = bot
                .choose(&Seen::of(&s, seat), &legal, &mut NullSink)
                .unwrap();
            assert!(legal.contains(&d.action));
        }
    }

    #[test]
    fn the_same_seed_makes_the_same_decisions() {
        let s = at(deck(&DEAL), 6);
        assert_eq!(decide(&s), decide(&s));
    }
}
