//! Suits, ranks, cards and the three orderings shared by both rule sets.
//!
//! The plain order is the EECS 280 one: rank first, ties broken D > C > H > S
//! (the course's `enum Suit { SPADES, HEARTS, CLUBS, DIAMONDS }`). With a trump
//! suit the right bower is highest, then the left bower, then the other trump,
//! then everything else; with a led suit as well, cards of the led suit rank
//! above the remaining non-trump cards. The left bower is a trump card in every
//! context (following, counting trump, leading).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::mutants::{Mutant, Switch};

/// How card functions consult the rule mutants: a [`Switch`] is asked for
/// each card, [`Plain`] knows none plays. A hot caller checks
/// [`Switch::is_off`] once and runs the same generic code with `Plain`.
pub trait Checks: Copy {
    /// No mutant can be on: the orders come from precomputed tables.
    const PLAIN: bool;
    fn on(self, m: Mutant) -> bool;
}

/// The rules' own orders: every check is a constant false.
#[derive(Clone, Copy, Debug)]
pub struct Plain;

impl Checks for Switch {
    const PLAIN: bool = false;
    #[inline(always)]
    fn on(self, m: Mutant) -> bool {
        Switch::on(self, m)
    }
}

impl Checks for Plain {
    const PLAIN: bool = true;
    #[inline(always)]
    fn on(self, _: Mutant) -> bool {
        false
    }
}

/// The four suits, in the EECS 280 enum order (lowest to highest for tie breaks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Spades,
    Hearts,
    Clubs,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    /// The other suit of the same colour ("next").
    pub const fn next(self) -> Suit {
        Suit::from_index(next_suit(self.index()))
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// Full name as EECS 280 prints it: "Spades".
    pub fn name(self) -> &'static str {
        match self {
            Suit::Spades => "Spades",
            Suit::Hearts => "Hearts",
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
        }
    }

    /// One-letter code as CS 246 prints it: "S".
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
        }
    }

    pub fn from_name(s: &str) -> Option<Suit> {
        Suit::ALL.into_iter().find(|x| x.name() == s)
    }

    /// Accepts either case ("h" or "H").
    pub fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL
            .into_iter()
            .find(|x| x.letter() == c.to_ascii_uppercase())
    }

    /// 0..4, the suit's place in [`Suit::ALL`] (a table index).
    #[inline(always)]
    pub const fn index(self) -> u8 {
        self as u8
    }

    #[inline(always)]
    const fn from_index(i: u8) -> Suit {
        match i & 3 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Clubs,
            _ => Suit::Diamonds,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Ranks from nine to ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// The rank of index `i` (0..6; beyond, the ace: cards are made only
    /// by [`Card::new`], so it never is).
    #[inline(always)]
    const fn from_index(i: u8) -> Rank {
        match i {
            0 => Rank::Nine,
            1 => Rank::Ten,
            2 => Rank::Jack,
            3 => Rank::Queen,
            4 => Rank::King,
            _ => Rank::Ace,
        }
    }

    pub const ALL: [Rank; 6] = [
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Rank::Nine => "Nine",
            Rank::Ten => "Ten",
            Rank::Jack => "Jack",
            Rank::Queen => "Queen",
            Rank::King => "King",
            Rank::Ace => "Ace",
        }
    }

    pub fn letter(self) -> char {
        match self {
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    pub fn from_name(s: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|x| x.name() == s)
    }

    pub fn from_letter(c: char) -> Option<Rank> {
        Rank::ALL
            .into_iter()
            .find(|x| x.letter() == c.to_ascii_uppercase())
    }

    pub fn is_face_or_ace(self) -> bool {
        self >= Rank::Jack
    }
}

/// A playing card. `Ord` is the plain order (rank, then D > C > H > S).
/// One byte, its plain index (`rank * 4 + suit`): equality is one compare,
/// and the order tables and bit sets are indexed by it directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card(u8);

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Card")
            .field("rank", &self.rank())
            .field("suit", &self.suit())
            .finish()
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The rules' plain order; a mutant's is [`Card::plain_index_with`].
impl Ord for Card {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.plain_index().cmp(&other.plain_index())
    }
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(plain_index_of(rank as u8, suit.index(), OrderFlags::NONE))
    }

    /// The card of a byte from [`Card::plain_index`] (only such bytes:
    /// callers move cards' bytes, they do not make them; unlike
    /// [`Card::from_plain_index`], no bound is checked).
    #[inline(always)]
    pub const fn from_byte(b: u8) -> Card {
        debug_assert!(b < 24, "a card's byte is its plain index");
        Card(b)
    }

    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 >> 2)
    }

    #[inline(always)]
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0)
    }

    /// 0..24 in the plain order (a sort key): the card's byte.
    #[inline(always)]
    pub fn plain_index(self) -> u8 {
        self.0
    }

    /// The plain order's sort key as `c` has it.
    #[inline(always)]
    pub fn plain_index_with<C: Checks>(self, c: C) -> u8 {
        if C::PLAIN {
            return self.0;
        }
        let f = OrderFlags {
            ties_reversed: c.on(Mutant::SuitTiesReversed),
            ties_ignored: c.on(Mutant::SuitTiesIgnored),
            hearts_below_spades: c.on(Mutant::HeartsBelowSpades),
            ..OrderFlags::NONE
        };
        plain_index_of(self.rank() as u8, self.suit().index(), f)
    }

    pub fn is_right_bower(self, trump: Suit) -> bool {
        is_right_bower_of(self.rank() as u8, self.suit().index(), trump.index())
    }

    #[inline]
    pub fn is_left_bower(self, trump: Suit) -> bool {
        self.is_left_bower_with(Plain, trump)
    }

    #[inline(always)]
    pub fn is_left_bower_with<C: Checks>(self, c: C, trump: Suit) -> bool {
        let f = OrderFlags {
            no_left_bower: c.on(Mutant::NoLeftBower),
            ..OrderFlags::NONE
        };
        is_left_bower_of(self.rank() as u8, self.suit().index(), trump.index(), f)
    }

    /// Trump suit or the left bower.
    #[inline]
    pub fn is_trump(self, trump: Suit) -> bool {
        self.is_trump_with(Plain, trump)
    }

    #[inline(always)]
    pub fn is_trump_with<C: Checks>(self, c: C, trump: Suit) -> bool {
        if C::PLAIN {
            return self.effective_suit_with(Plain, trump) == trump;
        }
        self.suit() == trump || self.is_left_bower_with(c, trump)
    }

    /// The suit a card counts as: the left bower belongs to trump.
    #[inline]
    pub fn effective_suit(self, trump: Suit) -> Suit {
        self.effective_suit_with(Plain, trump)
    }

    #[inline(always)]
    pub fn effective_suit_with<C: Checks>(self, c: C, trump: Suit) -> Suit {
        if C::PLAIN {
            return EFFECTIVE_SUITS[usize::from(trump.index() & 3)][self.table_index()];
        }
        // The two switches this reads, not all of them (each is a lookup).
        let f = OrderFlags {
            no_left_bower: c.on(Mutant::NoLeftBower),
            left_keeps_suit: c.on(Mutant::LeftBowerKeepsPrintedSuit),
            ..OrderFlags::NONE
        };
        Suit::from_index(effective_suit_of(
            self.rank() as u8,
            self.suit().index(),
            trump.index(),
            f,
        ))
    }

    /// A total-order key: higher beats lower. `led` is the led suit, if any.
    #[inline(always)]
    pub fn value(self, trump: Suit, led: Option<Suit>) -> u8 {
        self.value_with(Plain, trump, led)
    }

    /// [`Card::value`] with the mutants consulted through `c`.
    #[inline(always)]
    pub fn value_with<C: Checks>(self, c: C, trump: Suit, led: Option<Suit>) -> u8 {
        let led = led.map_or(NO_SUIT, Suit::index);
        if C::PLAIN {
            // One load, not a chain of branches that a card game's random
            // hands make the processor mispredict.
            return VALUES[usize::from(trump.index() & 3)][usize::from(led & 7)]
                [self.table_index()];
        }
        order_value(
            self.rank() as u8,
            self.suit().index(),
            trump.index(),
            led,
            OrderFlags::of(c),
        )
    }

    /// Where a card sits in the order tables (`& 31`: provably in bounds).
    #[inline(always)]
    fn table_index(self) -> usize {
        usize::from(self.plain_index() & 31)
    }

    /// The card at plain index `i` (0..24; no mutant consulted; beyond,
    /// the nine of spades, so that every card is one of the 24).
    #[inline(always)]
    pub fn from_plain_index(i: u32) -> Card {
        Card(if i < 24 { i as u8 } else { 0 })
    }

    /// The suit a trick led with `led_card` asks for (the left bower leads
    /// trump): the `led` that [`Card::value`] takes.
    #[inline(always)]
    pub fn led_suit(led_card: Card, trump: Suit) -> Suit {
        Card::led_suit_with(Plain, led_card, trump)
    }

    #[inline(always)]
    pub fn led_suit_with<C: Checks>(c: C, led_card: Card, trump: Suit) -> Suit {
        if c.on(Mutant::LedSuitIsPrintedSuit) {
            led_card.suit()
        } else {
            led_card.effective_suit_with(c, trump)
        }
    }

    /// Trump order (EECS 280 `Card_less(a, b, trump)`).
    pub fn cmp_trump(self, other: Card, trump: Suit) -> Ordering {
        self.cmp_trump_with(Plain, other, trump)
    }

    /// [`Card::cmp_trump`] as `c` has it.
    pub fn cmp_trump_with<C: Checks>(self, c: C, other: Card, trump: Suit) -> Ordering {
        self.value_with(c, trump, None)
            .cmp(&other.value_with(c, trump, None))
    }

    /// Led-suit-and-trump order (EECS 280 `Card_less(a, b, led_card, trump)`).
    /// The led suit is the led card's effective suit.
    pub fn cmp_led(self, other: Card, led_card: Card, trump: Suit) -> Ordering {
        self.cmp_led_with(Plain, other, led_card, trump)
    }

    /// [`Card::cmp_led`] as `c` has it.
    pub fn cmp_led_with<C: Checks>(
        self,
        c: C,
        other: Card,
        led_card: Card,
        trump: Suit,
    ) -> Ordering {
        let led = Some(Card::led_suit_with(c, led_card, trump));
        self.value_with(c, trump, led)
            .cmp(&other.value_with(c, trump, led))
    }

    /// "Jack of Diamonds".
    pub fn long(self) -> LongCard {
        LongCard(self)
    }

    /// "JD".
    pub fn short(self) -> ShortCard {
        ShortCard(self)
    }

    /// Parses "JD" / "jd" / "9s" (CS 246 notation).
    pub fn parse_short(s: &str) -> Option<Card> {
        let mut it = s.chars();
        let (r, su) = (it.next()?, it.next()?);
        if it.next().is_some() {
            return None;
        }
        Some(Card::new(Rank::from_letter(r)?, Suit::from_letter(su)?))
    }

    /// Parses "Jack of Diamonds" (EECS 280 notation, single spaces).
    pub fn parse_long(s: &str) -> Option<Card> {
        let mut it = s.split(' ');
        let rank = Rank::from_name(it.next()?)?;
        if it.next()? != "of" {
            return None;
        }
        let suit = Suit::from_name(it.next()?)?;
        if it.next().is_some() {
            return None;
        }
        Some(Card::new(rank, suit))
    }
}

/// A set of cards as bits by plain index (`rank * 4 + suit`), so that the
/// highest or lowest card of a suit is one instruction: within one suit,
/// outside trump, the orders of [`Card::value`] are the plain order. No
/// mutant is consulted: callers use it when none runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardSet(u32);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    /// The set as bits (one a card, by [`Card::plain_index`]).
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set of [`CardSet::bits`].
    #[inline]
    pub const fn from_bits(bits: u32) -> CardSet {
        CardSet(bits)
    }
    /// Jacks, queens, kings and aces: every suit's bits from the jack's up.
    pub const FACES_AND_ACES: CardSet = CardSet(0xff_ff00);

    /// The set of one card.
    #[inline(always)]
    pub fn of(card: Card) -> CardSet {
        CardSet(1 << card.plain_index())
    }

    #[inline]
    pub fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards of one printed suit: one bit in every four, from nines to aces.
    const fn printed(suit: Suit) -> CardSet {
        CardSet(0x11_1111 << suit.index())
    }

    const fn jack(suit: Suit) -> CardSet {
        CardSet(1 << (JACK * 4 + suit.index()))
    }

    /// The first `n` of `slots`, by a loop over all of them (its length
    /// fixed, so that the processor predicts its end).
    pub fn of_first(slots: &[Card], n: usize) -> CardSet {
        let mut set = 0;
        for (i, c) in slots.iter().enumerate() {
            set |= u32::from(i < n) << c.plain_index();
        }
        CardSet(set)
    }

    /// The cards that count as `suit` under `trump`: the left bower belongs
    /// to trump, not to its printed suit.
    #[inline(always)]
    pub fn suit(suit: Suit, trump: Suit) -> CardSet {
        // A lookup, not a test of `suit == trump`: whether the suit led is
        // trump is random, and that branch was mispredicted often.
        SUIT_SETS[usize::from(trump.index() & 3)][usize::from(suit.index() & 3)]
    }

    /// [`CardSet::suit`] worked out: the left bower moves to trump.
    const fn suit_of(suit: Suit, trump: Suit) -> CardSet {
        let left = Self::jack(trump.next());
        if suit.index() == trump.index() {
            CardSet(Self::printed(trump).0 | left.0)
        } else {
            CardSet(Self::printed(suit).0 & !left.0)
        }
    }

    /// This set, or `other` when this one is empty, chosen without a branch.
    #[inline(always)]
    pub fn or_if_empty(self, other: CardSet) -> CardSet {
        let empty = u32::from(self.0 == 0).wrapping_neg();
        CardSet(self.0 | (other.0 & empty))
    }

    #[inline]
    pub fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    #[inline]
    pub fn without(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.plain_index()) != 0
    }

    /// The cards in the plain order, lowest first.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        // Until no bit is left (not counted first: a count of bits is some
        // fifteen instructions on processors without `popcnt`).
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let c = Card::from_plain_index(bits.trailing_zeros());
                bits &= bits - 1;
                c
            })
        })
    }

    /// The highest card in the plain order.
    fn highest_plain(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_plain_index(31 - self.0.leading_zeros()))
    }

    /// The lowest card in the plain order.
    fn lowest_plain(self) -> Option<Card> {
        (self.0 != 0).then(|| Card::from_plain_index(self.0.trailing_zeros()))
    }

    /// The highest card by [`Card::value`] with `trump`, for a set of one
    /// suit or with no led suit (which would rank it above other suits).
    pub fn highest(self, trump: Suit) -> Option<Card> {
        let trumps = self.and(Self::suit(trump, trump));
        let (right, left) = (Self::jack(trump), Self::jack(trump.next()));
        if trumps.is_empty() {
            self.highest_plain()
        } else if !trumps.and(right).is_empty() {
            right.highest_plain()
        } else if !trumps.and(left).is_empty() {
            left.highest_plain()
        } else {
            trumps.highest_plain()
        }
    }

    /// The lowest card by [`Card::value`] with `trump`, for a set that holds
    /// no card of the led suit (if it is not trump).
    pub fn lowest(self, trump: Suit) -> Option<Card> {
        let trumps = Self::suit(trump, trump);
        let bowers = CardSet(Self::jack(trump).0 | Self::jack(trump.next()).0);
        self.without(trumps)
            .lowest_plain()
            .or_else(|| self.and(trumps).without(bowers).lowest_plain())
            .or_else(|| self.and(Self::jack(trump.next())).lowest_plain())
            .or_else(|| self.and(Self::jack(trump)).lowest_plain())
    }
}

/// The mutant switches that change the card orders, as plain values, so
/// that one function computes an order both at compile time (the tables,
/// no mutant) and as a switch has it.
#[derive(Clone, Copy)]
struct OrderFlags {
    left_above_right: bool,
    led_not_ranked: bool,
    no_left_bower: bool,
    ties_reversed: bool,
    ties_ignored: bool,
    hearts_below_spades: bool,
    left_keeps_suit: bool,
    led_left_bower: bool,
}

impl OrderFlags {
    const NONE: OrderFlags = OrderFlags {
        left_above_right: false,
        led_not_ranked: false,
        no_left_bower: false,
        ties_reversed: false,
        ties_ignored: false,
        hearts_below_spades: false,
        left_keeps_suit: false,
        led_left_bower: false,
    };

    /// The switches [`order_value`] reads.
    #[inline(always)]
    fn of<C: Checks>(c: C) -> OrderFlags {
        OrderFlags {
            left_above_right: c.on(Mutant::LeftBowerAboveRight),
            led_not_ranked: c.on(Mutant::LedSuitNotRanked),
            no_left_bower: c.on(Mutant::NoLeftBower),
            ties_reversed: c.on(Mutant::SuitTiesReversed),
            ties_ignored: c.on(Mutant::SuitTiesIgnored),
            hearts_below_spades: c.on(Mutant::HeartsBelowSpades),
            led_left_bower: c.on(Mutant::LedSuitHasLeftBower),
            ..OrderFlags::NONE
        }
    }
}

/// No led suit (the trump order alone).
const NO_SUIT: u8 = 4;
const JACK: u8 = Rank::Jack as u8;

/// The other suit of the same colour, as [`Suit::next`]: S<->C, H<->D.
const fn next_suit(suit: u8) -> u8 {
    suit ^ 2
}

/// The plain order's index: rank first, then suit (reversed, ignored or
/// with Hearts and Spades swapped by a mutant).
const fn plain_index_of(rank: u8, suit: u8, f: OrderFlags) -> u8 {
    // Spades (0) and Hearts (1) trade places.
    let suit = if f.hearts_below_spades && suit < 2 {
        1 - suit
    } else {
        suit
    };
    if f.ties_ignored {
        rank * 4
    } else if f.ties_reversed {
        rank * 4 + 3 - suit
    } else {
        rank * 4 + suit
    }
}

const fn is_right_bower_of(rank: u8, suit: u8, trump: u8) -> bool {
    rank == JACK && suit == trump
}

const fn is_left_bower_of(rank: u8, suit: u8, trump: u8, f: OrderFlags) -> bool {
    rank == JACK && suit == next_suit(trump) && !f.no_left_bower
}

const fn effective_suit_of(rank: u8, suit: u8, trump: u8, f: OrderFlags) -> u8 {
    if is_left_bower_of(rank, suit, trump, f) && !f.left_keeps_suit {
        trump
    } else {
        suit
    }
}

/// The key of [`Card::value`]: right bower, left bower, trump, the led
/// suit, the rest, each group in the plain order.
const fn order_value(rank: u8, suit: u8, trump: u8, led: u8, f: OrderFlags) -> u8 {
    let (right, left) = if f.left_above_right {
        (100, 101)
    } else {
        (101, 100)
    };
    let led = if f.led_not_ranked { NO_SUIT } else { led };
    let plain = plain_index_of(rank, suit, f);
    if is_right_bower_of(rank, suit, trump) {
        right
    } else if is_left_bower_of(rank, suit, trump, f) {
        left
    } else if suit == trump {
        70 + plain
    } else if suit == led
        || (f.led_left_bower && led != NO_SUIT && rank == JACK && suit == next_suit(led))
    {
        40 + plain
    } else {
        plain
    }
}

/// [`order_value`] with no mutant, by trump, led suit (or [`NO_SUIT`]) and
/// plain index; slots past 24 and led past 4 are never read.
static VALUES: [[[u8; 32]; 8]; 4] = {
    let mut t = [[[0; 32]; 8]; 4];
    let mut trump = 0;
    while trump < 4 {
        let mut led = 0;
        while led <= NO_SUIT {
            let mut i = 0;
            while i < 24 {
                t[trump as usize][led as usize][i as usize] =
                    order_value(i / 4, i % 4, trump, led, OrderFlags::NONE);
                i += 1;
            }
            led += 1;
        }
        trump += 1;
    }
    t
};

/// [`CardSet::suit_of`] by trump and suit.
static SUIT_SETS: [[CardSet; 4]; 4] = {
    let mut t = [[CardSet::EMPTY; 4]; 4];
    let mut trump = 0;
    while trump < 4 {
        let mut suit = 0;
        while suit < 4 {
            t[trump][suit] = CardSet::suit_of(Suit::ALL[suit], Suit::ALL[trump]);
            suit += 1;
        }
        trump += 1;
    }
    t
};

/// [`effective_suit_of`] with no mutant, by trump and plain index.
static EFFECTIVE_SUITS: [[Suit; 32]; 4] = {
    let mut t = [[Suit::Spades; 32]; 4];
    let mut trump = 0;
    while trump < 4 {
        let mut i = 0;
        while i < 24 {
            let suit = effective_suit_of(i / 4, i % 4, trump, OrderFlags::NONE);
            t[trump as usize][i as usize] = Suit::from_index(suit);
            i += 1;
        }
        trump += 1;
    }
    t
};

pub struct LongCard(Card);
pub struct ShortCard(Card);

impl fmt::Display for LongCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} of {}", self.0.rank().name(), self.0.suit().name())
    }
}

impl fmt::Display for ShortCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0.rank().letter(), self.0.suit().letter())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.long().fmt(f)
    }
}

impl FromStr for Card {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Card::parse_short(s)
            .or_else(|| Card::parse_long(s))
            .ok_or_else(|| format!("not a card: {s:?}"))
    }
}

/// The 24 cards in `all_cards` order, as a deck (tests).
#[cfg(test)]
pub fn numbered() -> [Card; 24] {
    ALL_CARDS
}

/// All 24 cards in the plain order, rank by rank and each rank by suit
/// (the EECS 280 "new pack" order is this grouped by suit; see
/// `engine::Deck`). Made at compile time: a seeded match starts every
/// game's deck from it.
pub const ALL_CARDS: [Card; 24] = {
    let mut cards = [Card::new(Rank::Nine, Suit::Spades); 24];
    let mut i = 0;
    while i < 24 {
        cards[i] = Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]);
        i += 1;
    }
    cards
};

/// [`ALL_CARDS`], one by one.
pub fn all_cards() -> impl Iterator<Item = Card> {
    ALL_CARDS.into_iter()
}

/// Formats cards in short notation separated by single spaces.
pub fn short_list(cards: &[Card]) -> String {
    let mut s = String::with_capacity(cards.len() * 3);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&c.short().to_string());
    }
    s
}

/// Cards appear in JSON as "9S"; suits as their names.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.short())
    }
}

impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn plain_order_breaks_ties_d_c_h_s() {
        assert!(c("AS") < c("AH"));
        assert!(c("AH") < c("AC"));
        assert!(c("AC") < c("AD"));
        assert!(c("KD") < c("AS"));
        assert!(c("9D") < c("TS"));
        let mut v: Vec<Card> = all_cards().collect();
        v.sort();
        assert_eq!(v.first(), Some(&c("9S")));
        assert_eq!(v.last(), Some(&c("AD")));
    }

    #[test]
    fn trump_order_bowers_then_trump_then_rest() {
        let t = Suit::Hearts;
        let order = ["JH", "JD", "AH", "KH", "QH", "TH", "9H", "AD", "AC", "AS"];
        for w in order.windows(2) {
            assert_eq!(c(w[0]).cmp_trump(c(w[1]), t), Ordering::Greater, "{w:?}");
        }
        // Outside trump the plain order holds, even for the other jacks.
        assert_eq!(c("JC").cmp_trump(c("JS"), t), Ordering::Greater);
        assert_eq!(c("9H").cmp_trump(c("AD"), t), Ordering::Greater);
    }

    #[test]
    fn led_order_puts_led_suit_above_other_non_trump() {
        let t = Suit::Spades;
        let led = c("9D");
        assert_eq!(c("9D").cmp_led(c("AH"), led, t), Ordering::Greater);
        assert_eq!(c("9S").cmp_led(c("AD"), led, t), Ordering::Greater);
        // The left bower of a red trump is not a diamond when diamonds are led.
        let t = Suit::Hearts;
        assert_eq!(c("9D").cmp_led(c("JD"), led, t), Ordering::Less);
        assert!(c("JD").is_trump(t));
        assert_eq!(c("JD").effective_suit(t), Suit::Hearts);
    }

    #[test]
    fn left_bower_led_means_trump_led() {
        let t = Suit::Clubs;
        let led = c("JS"); // left bower: trump is led
        assert_eq!(led.effective_suit(t), Suit::Clubs);
        // A trump nine beats a spade ace when the left bower was led.
        assert_eq!(c("9C").cmp_led(c("AS"), led, t), Ordering::Greater);
        assert_eq!(c("JC").cmp_led(c("JS"), led, t), Ordering::Greater);
    }

    #[test]
    fn trump_led_orders_like_trump() {
        let t = Suit::Diamonds;
        let led = c("9D");
        assert_eq!(c("JH").cmp_led(c("AD"), led, t), Ordering::Greater);
        assert_eq!(c("AD").cmp_led(c("AC"), led, t), Ordering::Greater);
        assert_eq!(c("AC").cmp_led(c("KC"), led, t), Ordering::Greater);
    }

    #[test]
    fn both_notations_round_trip() {
        for card in all_cards() {
            assert_eq!(Card::parse_long(&card.long().to_string()), Some(card));
            assert_eq!(Card::parse_short(&card.short().to_string()), Some(card));
        }
        assert_eq!(c("Jack of Diamonds").short().to_string(), "JD");
        assert_eq!(c("9s").long().to_string(), "Nine of Spades");
        assert_eq!(Card::parse_short("1S"), None);
        assert_eq!(Card::parse_short("JDX"), None);
        assert_eq!(Card::parse_long("Jack  of Diamonds"), None);
    }

    #[test]
    fn the_tables_give_the_computed_orders() {
        for trump in Suit::ALL {
            for led in std::iter::once(None).chain(Suit::ALL.map(Some)) {
                for card in all_cards() {
                    assert_eq!(
                        card.value_with(Plain, trump, led),
                        card.value_with(Switch::OFF, trump, led),
                        "{card} {trump} {led:?}"
                    );
                }
            }
            for card in all_cards() {
                let suit = card.effective_suit_with(Plain, trump);
                assert_eq!(suit, card.effective_suit_with(Switch::OFF, trump));
                assert_eq!(
                    suit,
                    if card.is_left_bower(trump) {
                        trump
                    } else {
                        card.suit()
                    }
                );
                assert_eq!(
                    card.is_trump_with(Plain, trump),
                    card.is_trump_with(Switch::OFF, trump)
                );
            }
        }
        for (i, card) in all_cards().enumerate() {
            assert_eq!(Card::from_plain_index(i as u32), card);
            assert_eq!(usize::from(card.plain_index()), i);
        }
    }

    /// A suit's set, looked up, holds exactly the cards whose effective
    /// suit it is: the left bower in trump's, not its printed suit's.
    #[test]
    fn a_suits_set_is_the_cards_that_count_as_that_suit() {
        for trump in Suit::ALL {
            for suit in Suit::ALL {
                let set = CardSet::suit(suit, trump);
                for card in all_cards() {
                    let counts = card.effective_suit(trump) == suit;
                    assert_eq!(set.contains(card), counts, "{card} {suit} {trump}");
                }
                assert_eq!(
                    set.len(),
                    if suit == trump {
                        7
                    } else if suit == trump.next() {
                        5
                    } else {
                        6
                    }
                );
            }
        }
        assert!(CardSet::suit(Suit::Hearts, Suit::Hearts).contains(c("JD")));
        assert!(!CardSet::suit(Suit::Diamonds, Suit::Hearts).contains(c("JD")));
    }

    #[test]
    fn or_if_empty_chooses_the_other_set_only_for_an_empty_one() {
        let a = CardSet::of(c("9S")).or(CardSet::of(c("AD")));
        let b = CardSet::of(c("JH"));
        assert_eq!(a.or_if_empty(b), a);
        assert_eq!(CardSet::EMPTY.or_if_empty(b), b);
        assert_eq!(CardSet::EMPTY.or_if_empty(CardSet::EMPTY), CardSet::EMPTY);
    }

    #[test]
    fn next_suit_is_same_colour() {
        for s in Suit::ALL {
            assert_eq!(s.next().is_red(), s.is_red());
            assert_ne!(s.next(), s);
            assert_eq!(s.next().next(), s);
        }
    }
}
