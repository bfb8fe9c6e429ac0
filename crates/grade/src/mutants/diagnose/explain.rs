//! Why the program's move is wrong, in the rule set's own terms: the rule
//! an unlawful move breaks, or the step of the strategy that chose
//! otherwise and what the program's choice would need to be true.

use super::reading::Reading;
use super::{Finding, Kind, Place};
use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, AllPass, Event, Seat};
use upcard_record::Timeline;

pub(crate) fn explain(t: &Timeline, r: &Reading) -> Option<Finding> {
    use Event::*;
    let x = Explainer { t, r };
    match (&r.expected, &r.actual) {
        (
            Led { seat, card } | Played { seat, card },
            Led {
                seat: s2,
                card: got,
            }
            | Played {
                seat: s2,
                card: got,
            },
        ) => Some(x.play(*seat, *card, *s2, *got)),
        (
            Passed { seat, .. } | Ordered { seat, .. },
            Passed { seat: s2, .. } | Ordered { seat: s2, .. },
        ) => Some(x.bid(*seat, *s2)),
        (TrickTaken { seat, .. }, TrickTaken { seat: s2, .. }) => Some(x.trick(*seat, *s2)),
        (HandOver { .. }, HandOver { .. }) => Some(x.hand_over()),
        (GameOver { winner, scores }, GameOver { .. }) => Some(x.game_over(*winner, *scores)),
        (HandStart { hand, dealer, .. }, HandStart { dealer: d2, .. }) => Some(Finding::new(
            Kind::Turn,
            format!(
                "your program has {} deal hand {hand}, but {} deals it: {}",
                x.n(*d2),
                x.n(*dealer),
                if *hand == 0 {
                    "the first hand is dealt by the first player named".to_string()
                } else {
                    format!(
                        "the deal passes to the left each hand, and {} sits left of the last dealer, {}",
                        x.n(*dealer),
                        x.n((dealer + 3) % 4)
                    )
                }
            ),
        )),
        (Asked { seat, .. }, Asked { hand, .. }) => {
            let e = r.events_before;
            let words = super::reading::orders(t, e)
                .into_iter()
                .find(|(ev, _)| matches!(ev, Asked { hand: h, .. } if h.as_slice() == hand.as_slice()))
                .map_or("in another order".to_string(), |(_, w)| w);
            Some(Finding::new(
                Kind::Field,
                format!(
                    "your program prints Human player {}'s hand {words}; the course's program prints a Human's hand sorted in the plain card order (by rank, nine lowest; a tie by suit: Spades, Hearts, Clubs, Diamonds), trump ignored, and an index typed chooses from that order",
                    x.n(*seat)
                ),
            ))
        }
        (Upcard { card, .. }, Upcard { card: got, .. }) => Some(Finding::new(
            Kind::Field,
            format!(
                "your program turns up the {} where the upcard is the {}: the card dealt next after the twenty in the players' hands{}",
                got.long(),
                card.long(),
                unread_pack(t, r, *got)
            ),
        )),
        _ => None,
    }
}

/// The first hand's upcard from a pack in its default order (EECS 280's
/// `Pack()`: Spades, Hearts, Clubs, Diamonds, each Nine to Ace), which a
/// program deals from when the file's pack never reaches the `Pack` that
/// deals: said when the program's upcard is that one.
fn unread_pack(t: &Timeline, r: &Reading, got: Card) -> String {
    // The card dealt after the twenty in the hands.
    let default_upcard = upcard_engine::DEFAULT_ORDER[20];
    let course = t.source.course();
    if r.before.hand_no != 0 || got != default_upcard || course != "eecs280" {
        return String::new();
    }
    format!(
        "; the {} is the upcard of a pack in its default order (Pack's default constructor: Spades, Hearts, Clubs, Diamonds, each Nine to Ace): is the pack read from the file ever the one that deals (a second, local Pack, or one never assigned)?",
        got.long()
    )
}

struct Explainer<'a> {
    t: &'a Timeline,
    r: &'a Reading,
}

/// "Spades" for "a Spades lead".
fn suit(s: Suit) -> &'static str {
    s.name()
}

fn list(cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|c| format!("the {}", c.long())).collect();
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

impl Explainer<'_> {
    /// The game won by the wrong side: why the other won, and where the
    /// winners sit on exactly the target, the comparison that names them.
    fn game_over(&self, winner: usize, scores: [u32; 2]) -> Finding {
        let target = self.r.before.config.points_to_win;
        let points = scores[winner];
        let plural = if points == 1 { "point" } else { "points" };
        // The winners on exactly the target, the others below it: a
        // winner chosen by `>` names the wrong side.
        let exact = if points == target {
            format!(
                ": {} have exactly the {target} {plural} to win, and {} fewer: is the winner chosen with `score > points_to_win` where `>=` is meant?",
                self.team(winner),
                self.team(1 - winner)
            )
        } else {
            String::new()
        };
        Finding::new(
            Kind::Outcome,
            format!(
                "your program has {} win the game, but {} reached {points} {plural} first (the target is {target}){exact}",
                self.team(1 - winner),
                self.team(winner),
            ),
        )
    }
    fn n(&self, s: Seat) -> String {
        super::shown(&self.t.names[s])
    }

    fn team(&self, t: usize) -> String {
        format!("{} and {}", self.n(t), self.n(t + 2))
    }

    /// The trick taken by `got`, where `want` takes it.
    fn trick(&self, want: Seat, got: Seat) -> Finding {
        let cards = self.trick_cards();
        let trump = self.trump();
        let played = |s: Seat| cards.iter().find(|(x, _)| *x == s).map(|(_, c)| *c);
        let (Some(w), Some(trump), Some(&(_, led))) = (played(want), trump, cards.first()) else {
            return Finding::new(
                Kind::Outcome,
                format!(
                    "your program gives the trick to {}, but {} takes it",
                    self.n(got),
                    self.n(want)
                ),
            );
        };
        let why = match played(got) {
            Some(g) => beats(w, g, trump, led),
            None => format!("{} played no card to this trick", self.n(got)),
        };
        Finding::new(
            Kind::Outcome,
            format!(
                "your program gives the trick to {}, but {}'s {} takes it: {why}",
                self.n(got),
                self.n(want),
                w.long()
            ),
        )
    }

    fn trump(&self) -> Option<Suit> {
        self.r.before.trump.or_else(|| {
            self.t.events[..self.r.events_before]
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::TrumpSet { trump, .. } => Some(*trump),
                    _ => None,
                })
        })
    }

    /// The cards played so far in the trick of the event read, in order.
    fn trick_cards(&self) -> Vec<(Seat, Card)> {
        let before = &self.t.events[..self.r.events_before];
        let Some(led) = before.iter().rposition(|e| matches!(e, Event::Led { .. })) else {
            return Vec::new();
        };
        before[led..]
            .iter()
            .filter_map(|e| match e {
                Event::Led { seat, card } | Event::Played { seat, card } => Some((*seat, *card)),
                _ => None,
            })
            .collect()
    }

    fn play(&self, seat: Seat, want: Card, s2: Seat, got: Card) -> Finding {
        let st = &self.r.before;
        let leading = matches!(self.r.expected, Event::Led { .. });
        if s2 != seat {
            return Finding::new(Kind::Turn, self.wrong_player(seat, s2, leading));
        }
        if got == want {
            return Finding::new(
                Kind::Field,
                format!(
                    "{} {} the {}, but your program prints it as {}",
                    self.n(seat),
                    if leading { "leads" } else { "plays" },
                    want.long(),
                    if leading {
                        "played, not led"
                    } else {
                        "led, not played"
                    }
                ),
            );
        }
        let hand = st.hands[seat].as_slice();
        if !hand.contains(&got) {
            return Finding::new(Kind::Illegal, self.not_held(seat, got, hand));
        }
        let Some(trump) = self.trump() else {
            return Finding::new(
                Kind::Difference,
                format!(
                    "{} plays the {} where the {} is expected",
                    self.n(seat),
                    got.long(),
                    want.long()
                ),
            );
        };
        // The rule itself, whatever the course's engine does with a renege
        // (EECS 280 trusts its players to follow).
        let led = if leading {
            None
        } else {
            self.trick_cards()
                .first()
                .map(|&(_, c)| Card::led_suit(c, trump))
        };
        let must: Vec<Card> = led.map_or(Vec::new(), |l| {
            hand.iter()
                .copied()
                .filter(|c| c.effective_suit(trump) == l)
                .collect()
        });
        if !must.is_empty() && !must.contains(&got) {
            return Finding::new(Kind::Illegal, self.not_following(seat, got, trump));
        }
        let options = if must.is_empty() { hand.to_vec() } else { must };
        self.lawful_card(
            Played {
                seat,
                want,
                got,
                leading,
            },
            trump,
            led,
            options,
        )
    }

    /// A lawful card other than the expected one: where it stands among
    /// the cards the seat could play, and the rule behind the expected one.
    fn lawful_card(
        &self,
        Played {
            seat,
            want,
            got,
            leading,
        }: Played,
        trump: Suit,
        led: Option<Suit>,
        mut options: Vec<Card>,
    ) -> Finding {
        options.sort_by_key(|c| std::cmp::Reverse(c.value(trump, led)));
        let place = options.iter().position(|&c| c == got).unwrap_or(0);
        let rank = match (place, options.len()) {
            (0, _) => "the highest".to_string(),
            (p, n) if p + 1 == n => "the lowest".to_string(),
            (p, _) => format!("number {} from the top", p + 1),
        };
        // A left bower played as if it followed its printed suit.
        let bower = match led {
            Some(l) if got.is_left_bower(trump) && got.suit() == l => format!(
                "; the {} is the left bower, a trump, so it does not follow the {} lead: does the program treat it as a {} card?",
                got.long(),
                suit(l),
                suit(l)
            ),
            _ => String::new(),
        };
        // The led card by name: a led left bower makes a lead of trump,
        // which its printed suit alone hides.
        let first = self.trick_cards().first().map(|&(_, c)| c);
        let order = match (led, first) {
            (Some(l), Some(c)) => {
                format!("{} trump, {} led: the {}", suit(trump), suit(l), c.long())
            }
            (Some(l), None) => format!("{} trump, {} led", suit(trump), suit(l)),
            (None, _) => format!("{} trump", suit(trump)),
        };
        let strategy = match self.r.why {
            Some(why) => format!(
                "the strategy {} the {} ({why})",
                if leading { "leads" } else { "plays" },
                want.long()
            ),
            None => format!(
                "{} {} the {}",
                self.n(seat),
                if leading { "leads" } else { "plays" },
                want.long()
            ),
        };
        Finding::new(
            if self.r.why.is_some() {
                Kind::Strategy
            } else {
                Kind::Field
            },
            format!(
                "{} {} the {}, a lawful card, where {strategy}; of the cards {} could play ({}), the {} is {rank} in this trick's order ({order}){bower}",
                self.n(seat),
                if leading { "leads" } else { "plays" },
                got.long(),
                self.n(seat),
                list(&options),
                got.long()
            ),
        )
    }

    fn wrong_player(&self, seat: Seat, s2: Seat, leading: bool) -> String {
        let st = &self.r.before;
        let (who, verb) = (self.n(s2), if leading { "leads" } else { "plays" });
        let rule = if leading && st.tricks_played() == 0 {
            format!(
                "the player to the dealer's left leads the first trick, and {} deals",
                self.n(st.dealer)
            )
        } else if leading {
            "the winner of the last trick leads the next".to_string()
        } else {
            "play goes to the left".to_string()
        };
        format!(
            "your program has {who} {verb} here, but it is {}'s turn: {rule}",
            self.n(seat)
        )
    }

    fn not_held(&self, seat: Seat, got: Card, hand: &[Card]) -> String {
        let st = &self.r.before;
        let mut hint = String::new();
        let played_before = self.t.events[..self.r.events_before]
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::HandStart { .. }))
            .find_map(|e| match e {
                Event::Led { seat, card } | Event::Played { seat, card } if *card == got => {
                    Some(*seat)
                }
                _ => None,
            });
        let discarded = self.t.events[..self.r.events_before]
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::HandStart { .. }))
            .any(|e| matches!(e, Event::Discarded { seat: s, card } if *s == seat && *card == got));
        let upcard = self.t.events[..self.r.events_before]
            .iter()
            .rev()
            .find_map(|e| match e {
                Event::Upcard { card, .. } => Some(*card),
                _ => None,
            });
        if discarded && upcard == Some(got) {
            hint = format!(
                "; the {} is the upcard, which {} picked up and then discarded as the lowest card: does the program keep the upcard rather than discard it?",
                got.long(),
                self.n(seat)
            );
        } else if discarded {
            hint = format!(
                "; the {} is the card {} discarded on picking up the upcard: is the discard taken out of the hand (and the upcard put in)?",
                got.long(),
                self.n(seat)
            );
        } else if let Some(by) = played_before {
            hint = format!(
                "; the {} was already played this hand, by {}: is a card left in the hand once it is played?",
                got.long(),
                self.n(by)
            );
        } else if let Some(o) = (0..4).find(|&o| st.hands[o].contains(&got)) {
            hint = format!("; the {} is in {}'s hand", got.long(), self.n(o));
        } else if st.upcard == Some(got) {
            hint = format!("; the {} is the upcard", got.long());
        }
        format!(
            "{} plays the {}, which {} does not hold ({}'s hand: {}){hint}",
            self.n(seat),
            got.long(),
            self.n(seat),
            self.n(seat),
            list(hand)
        )
    }

    fn not_following(&self, seat: Seat, got: Card, trump: Suit) -> String {
        let st = &self.r.before;
        let n = self.n(seat);
        let Some(&(_, led_card)) = self.trick_cards().first() else {
            return format!("{n} may not play the {} here", got.long());
        };
        let led = Card::led_suit(led_card, trump);
        let follow: Vec<Card> = st.hands[seat]
            .as_slice()
            .iter()
            .copied()
            .filter(|c| c.effective_suit(trump) == led)
            .collect();
        let left = |c: Card| {
            format!(
                "the {} is a trump (the left bower) when {} are trump",
                c.long(),
                suit(trump)
            )
        };
        if got.is_left_bower(trump) && got.suit() == led {
            format!(
                "{}, so it does not follow a {} lead; {n} holds {}, so {n} must play {}: your program seems to treat the left bower as a {} card",
                left(got),
                suit(led),
                list(&follow),
                if follow.len() == 1 {
                    "it"
                } else {
                    "one of them"
                },
                suit(got.suit())
            )
        } else if led == trump && follow.iter().any(|c| c.is_left_bower(trump)) && follow.len() == 1
        {
            format!(
                "{}, so {n} must follow the {} lead with it: your program seems to treat the left bower as a {} card",
                left(follow[0]),
                suit(trump),
                suit(follow[0].suit())
            )
        } else if led_card.is_left_bower(trump) {
            format!(
                "the {} led is a trump (the left bower) when {} are trump, so the led suit is {}, not {}; {n} holds {}, so {n} must follow with {}",
                led_card.long(),
                suit(trump),
                suit(trump),
                suit(led_card.suit()),
                list(&follow),
                if follow.len() == 1 {
                    "it"
                } else {
                    "one of them"
                }
            )
        } else {
            format!(
                "{n} holds {} and so must follow the {} lead; the {} is {}",
                list(&follow),
                suit(led),
                got.long(),
                if got.is_trump(trump) {
                    format!("a trump ({} are trump)", suit(trump))
                } else {
                    format!("a {} card", suit(got.suit()))
                }
            )
        }
    }

    /// A bid the rules forbid (a wrong suit for the round, a dealer passing
    /// where it may not), said; None for a lawful one.
    fn unlawful_bid(&self, seat: Seat, round: u8, got: Option<Suit>, up: Card) -> Option<String> {
        let st = &self.r.before;
        let n = self.n(seat);
        let up_suit = up.suit();
        match got {
            Some(s) if round == 1 && s != up_suit => Some(format!(
                "{n} orders up {} in round one, but in round one only the upcard's suit ({}, the {}) can be ordered up",
                suit(s),
                suit(up_suit),
                up.long()
            )),
            Some(s) if round == 2 && s == up_suit => Some(format!(
                "{n} names {} in round two, but the upcard's suit was turned down in round one and cannot be named",
                suit(s)
            )),
            None if round == 2
                && seat == st.dealer
                && st.config.all_pass == AllPass::ScrewTheDealer =>
            {
                Some(format!(
                    "{n} passes in round two as the dealer, but the dealer may not pass in round two (screw the dealer): the dealer must name a suit"
                ))
            }
            _ => None,
        }
    }

    /// What `seat` holds of suit `asked` that a bid weighs: its face and
    /// ace cards, bowers counted.
    fn holds(&self, seat: Seat, asked: Suit) -> String {
        let st = &self.r.before;
        let n = self.n(seat);
        let strong: Vec<Card> = st.hands[seat]
            .as_slice()
            .iter()
            .copied()
            .filter(|c| c.is_trump(asked) && c.rank().is_face_or_ace())
            .collect();
        match strong.len() {
            0 => format!(
                "{n} holds no face or ace card of {} (bowers count)",
                suit(asked)
            ),
            k => format!(
                "{n} holds {k} face or ace card{} of {} (bowers count): {}",
                if k == 1 { "" } else { "s" },
                suit(asked),
                list(&strong)
            ),
        }
    }

    fn bid(&self, seat: Seat, s2: Seat) -> Finding {
        let st = &self.r.before;
        if s2 != seat {
            return Finding::new(
                Kind::Turn,
                format!(
                    "your program has {} bid here, but it is {}'s turn: bidding starts to the dealer's left ({} deals) and goes to the left",
                    self.n(s2),
                    self.n(seat),
                    self.n(st.dealer)
                ),
            );
        }
        let n = self.n(seat);
        let (round, got) = match self.r.actual {
            Event::Passed { round, .. } => (round, None),
            Event::Ordered { round, suit, .. } => (round, Some(suit)),
            _ => unreachable!("a bid"),
        };
        let Some(up) = st.upcard else {
            return Finding::new(Kind::Difference, format!("{n}'s bid differs"));
        };
        let up_suit = up.suit();
        if let Some(illegal) = self.unlawful_bid(seat, round, got, up) {
            return Finding::new(Kind::Illegal, illegal);
        }
        let Some(why) = self.r.why else {
            return Finding::new(
                Kind::Field,
                format!(
                    "{n} {}, where the expected line has another bid",
                    bid_words(got)
                ),
            );
        };
        let asked = got.unwrap_or(if round == 1 { up_suit } else { up_suit.next() });
        let holds = self.holds(seat, asked);
        // Would the strategy bid so if this player were the dealer?
        if round == 2 && got.is_some() && seat != st.dealer {
            let mut as_dealer = st.clone();
            as_dealer.dealer = seat;
            let (mut game, _) = self.t.source.start(Switch::OFF);
            let same = game.ask(seat, &as_dealer).is_some_and(
                |d| matches!(d.action, Action::Order { suit, .. } if Some(suit) == got),
            );
            if same {
                return Finding::new(
                    Kind::Strategy,
                    format!(
                        "{n} names {} in round two where the strategy passes ({why}); {holds}: only the dealer must name a suit without one (screw the dealer), and {} deals: is {n} being treated as the dealer?",
                        suit(asked),
                        self.n(st.dealer)
                    ),
                );
            }
        }
        Finding::new(
            Kind::Strategy,
            format!(
                "{n} {} in round {round} where the strategy {}: {why}; {holds}",
                bid_words(got),
                match self.r.expected {
                    Event::Ordered { suit: s, .. } => format!("orders up {}", suit(s)),
                    _ => "passes".to_string(),
                }
            ),
        )
    }

    fn hand_over(&self) -> Finding {
        let before = &self.t.events[..self.r.events_before];
        let made = before.iter().rev().find_map(|e| match e {
            Event::TrumpSet {
                trump,
                maker,
                alone,
            } => Some((*trump, *maker, *alone)),
            _ => None,
        });
        let tricks = before.iter().rev().find_map(|e| match e {
            Event::TrickTaken { tricks, .. } => Some(*tricks),
            _ => None,
        });
        let (Some((trump, maker, alone)), Some(tricks), Event::HandOver { winner, points, .. }) =
            (made, tricks, &self.r.expected)
        else {
            return Finding::new(
                Kind::Outcome,
                "your program scores the hand differently".into(),
            );
        };
        let makers = maker % 2;
        let took = tricks[makers] + tricks[makers + 2];
        let rule = match took {
            5 => format!(
                "all five tricks (a march) score {points} point{}",
                if *points == 1 { "" } else { "s" }
            ),
            3 | 4 => "three or four tricks score 1 point for the makers".to_string(),
            _ => "with fewer than three tricks the makers are euchred: 2 points to the defenders"
                .to_string(),
        };
        Finding::new(
            Kind::Outcome,
            format!(
                "your program scores the hand differently: {} made {} trump{} and took {took} trick{}; {rule}, so {} score {points}",
                self.team(makers),
                suit(trump),
                if alone {
                    format!(" ({} alone)", self.n(maker))
                } else {
                    String::new()
                },
                if took == 1 { "" } else { "s" },
                self.team(*winner)
            ),
        )
    }
}

fn bid_words(got: Option<Suit>) -> String {
    match got {
        Some(s) => format!("orders up {}", suit(s)),
        None => "passes".into(),
    }
}

/// Why `w` beats `g` in a trick led with `led` under `trump`.
fn beats(w: Card, g: Card, trump: Suit, led: Card) -> String {
    let led_suit = Card::led_suit(led, trump);
    let lb = |c: Card| c.is_left_bower(trump);
    if w.is_right_bower(trump) {
        format!("the {} is the right bower, the highest trump", w.long())
    } else if lb(w) && !g.is_right_bower(trump) {
        format!(
            "the {} is the left bower, a trump when {} are trump and second only to the right bower",
            w.long(),
            suit(trump)
        )
    } else if w.is_trump(trump) && !g.is_trump(trump) {
        format!(
            "the {} is a trump and the {} is not: any trump beats a card of another suit",
            w.long(),
            g.long()
        )
    } else if w.is_trump(trump) {
        format!(
            "both are trumps, and the {} ranks above the {} (right bower, left bower, then ace, king, queen, ten, nine)",
            w.long(),
            g.long()
        )
    } else if g.effective_suit(trump) != led_suit {
        format!(
            "the {} follows the {} lead and the {} neither follows it nor is a trump, so it cannot win",
            w.long(),
            suit(led_suit),
            g.long()
        )
    } else {
        format!(
            "both follow the {} lead, and the {} ranks above the {}",
            suit(led_suit),
            w.long(),
            g.long()
        )
    }
}

/// A Human's hand listed in another order than the course's, when the
/// program's line shows a card of that hand where another belongs.
pub(crate) fn hand_order(t: &Timeline, p: &Place, want: &str, got: &str) -> Option<Finding> {
    let Event::Asked { seat, hand, .. } = &t.events[p.event?] else {
        return None;
    };
    let (w_at, w_card) = want.rsplit_once("] ")?;
    let (g_at, g_card) = got.rsplit_once("] ")?;
    let (w, g) = (Card::parse_long(w_card)?, Card::parse_long(g_card)?);
    if w_at != g_at || !hand.contains(&g) {
        return None;
    }
    Some(Finding::new(
        Kind::Field,
        format!(
            "your program prints Human player {}'s hand in another order: it lists the {} at [{}] where the {} belongs; the course's program prints a Human's hand sorted in the plain card order (by rank, nine lowest; a tie by suit: Spades, Hearts, Clubs, Diamonds), trump ignored, and an index typed chooses from that order",
            super::shown(&t.names[*seat]),
            g.long(),
            w_at.rsplit_once('[').map_or("?", |x| x.1),
            w.long()
        ),
    ))
}

/// A card the program played (`got`) where `want` was expected, by `seat`.
#[derive(Clone, Copy)]
struct Played {
    seat: Seat,
    want: Card,
    got: Card,
    leading: bool,
}
