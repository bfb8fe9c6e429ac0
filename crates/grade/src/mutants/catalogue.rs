//! The catalogue: every mutant with its rule area and what it changes.
//! `docs/mutants.md` lists the same entries (a test keeps them in step).

use super::Area;
pub use upcard_engine::mutants::Mutant;

/// One catalogued student bug.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mutant: Mutant,
    /// Kebab-case, as `upcard mutants` and `grade --diagnose` print it.
    pub name: &'static str,
    /// The rule sets whose programs could carry this bug.
    pub rules: &'static [&'static str],
    pub area: Area,
    /// What the bug does, as a sentence a TA can read to a student.
    pub what: &'static str,
    /// Why no possible game tells it apart from the rules, if none can…
    equivalent: Option<&'static str>,
    /// …of these rule sets (all of `rules` when empty).
    equivalent_rules: &'static [&'static str],
}

impl Entry {
    /// Why the mutant is equivalent under `rules`, if it is.
    pub fn equivalent_in(&self, rules: &str) -> Option<&'static str> {
        self.equivalent
            .filter(|_| self.equivalent_rules.is_empty() || self.equivalent_rules.contains(&rules))
    }
}

const E: &[&str] = &["eecs280"];
const C: &[&str] = &["cs246"];
const BOTH: &[&str] = &["eecs280", "cs246"];

macro_rules! catalogue {
    ($($id:ident, $name:literal, $rules:expr, $area:ident, $what:literal $(, equivalent $(($in:expr))? = $why:literal)?;)*) => {
        /// Every mutant, at the index of its variant (a test checks it).
        pub const CATALOGUE: &[Entry] = &[$(Entry {
            mutant: Mutant::$id,
            name: $name,
            rules: $rules,
            area: Area::$area,
            what: $what,
            equivalent: catalogue!(@why $($why)?),
            equivalent_rules: catalogue!(@in $($($in)?)?),
        },)*];
    };
    (@why) => { None };
    (@why $why:literal) => { Some($why) };
    (@in) => { &[] };
    (@in $in:expr) => { $in };
}

catalogue! {
    // Card order
    LeftBowerKeepsPrintedSuit, "left-bower-keeps-printed-suit", BOTH, CardOrder,
        "the left bower is treated as its printed suit when following and leading (it still ranks as the second-highest trump)";
    LeftBowerPrintedWhenFollowing, "left-bower-printed-when-following", E, CardOrder,
        "when following suit, a left bower in the hand counts as its printed suit (it is still a trump when led, and ranks as one)";
    NoLeftBower, "no-left-bower", BOTH, CardOrder,
        "the jack of the trump suit's colour is an ordinary card of its printed suit";
    LeftBowerAboveRight, "left-bower-above-right", BOTH, CardOrder,
        "the left bower beats the right bower";
    LedSuitNotRanked, "led-suit-not-ranked", BOTH, CardOrder,
        "cards of the led suit do not beat other non-trump cards: non-trump cards compare by rank and suit alone";
    LedSuitIsPrintedSuit, "led-suit-is-printed-suit", BOTH, CardOrder,
        "when the left bower is led, the led suit is its printed suit, not trump",
        equivalent(C) = "the led left bower is a trump, so the trick goes to a trump whatever the led suit, and the CS 246 computer orders by the led suit only the trumps it may follow with";
    LedSuitHasLeftBower, "led-suit-has-left-bower", E, CardOrder,
        "cards are ranked against the led suit as if it had a left bower: the jack of the led suit's colour counts as a card of the led suit (the trump test applied to the led suit)";
    SuitTiesReversed, "suit-ties-reversed", BOTH, CardOrder,
        "cards of equal rank compare with the suits the other way round (S > H > C > D instead of D > C > H > S)",
        equivalent(C) = "CS 246 never orders cards of different suits by suit: hands are not sorted, the computer breaks ties by its own H > D > S > C preference, and a trick goes to the led suit or trump";
    SuitTiesIgnored, "suit-ties-ignored", E, CardOrder,
        "cards of equal rank compare equal (Card_less and operator< compare ranks only): of two non-trump cards of one rank, the one earlier in the hand is taken as both the lower and the higher, the upcard after the hand";
    HeartsBelowSpades, "hearts-below-spades", E, CardOrder,
        "cards of equal rank break the tie with Hearts and Spades swapped (H < S < C < D instead of S < H < C < D)";
    // Dealing and shuffling
    DealStartsAtDealer, "deal-starts-at-dealer", BOTH, Dealing,
        "the deal starts with the dealer instead of the player to the dealer's left";
    UpcardFromBottom, "upcard-from-bottom", BOTH, Dealing,
        "the kitty is taken in reverse, so the last card of the deck is turned up";
    Deal23First, "deal-2-3-first", E, Dealing,
        "the first round of the deal goes out 2-3-2-3 and the second 3-2-3-2";
    DealInBatches, "deal-in-batches", C, Dealing,
        "cards go out in batches of 3-2-3-2 then 2-3-2-3 instead of five at a time";
    OutShuffle, "out-shuffle", E, Dealing,
        "the shuffle interleaves starting with the first half of the pack instead of the second";
    ShuffleOnce, "shuffle-once", E, Dealing,
        "the pack is in-shuffled once per hand instead of seven times";
    ShuffleFromPack, "shuffle-from-pack", E, Dealing,
        "each hand shuffles the pack as read from the file instead of the previous hand's order";
    ShuffleModuloOffByOne, "shuffle-modulo-off-by-one", C, Dealing,
        "the shuffle draws k = rng() % (n - 1) instead of rng() % n";
    ShuffleOncePerGame, "shuffle-once-per-game", C, Dealing,
        "the deck is shuffled for the first hand only; later hands deal the same order";
    PackFileNotRead, "pack-file-not-read", E, Dealing,
        "the pack file is never read into the Pack that deals (a second, local Pack, or one never assigned): the cards come from a pack in its default order, Spades, Hearts, Clubs, Diamonds, each Nine to Ace";
    // Making trump
    DealerMayPass, "dealer-may-pass", E, MakingTrump,
        "the dealer may pass in round two (no screw the dealer): when all pass the hand is dealt again by the next dealer";
    ScrewTheDealer, "screw-the-dealer", C, MakingTrump,
        "the dealer may not pass in round two, so a hand is never nullified";
    SimpleIgnoresLeftBower, "simple-ignores-left-bower", E, MakingTrump,
        "Simple does not count the left bower among its trump face cards when making trump";
    SimpleRoundOneNeedsOne, "simple-round-one-needs-one", E, MakingTrump,
        "Simple orders up in round one with one trump face card instead of two";
    SimpleRoundTwoNeedsTwo, "simple-round-two-needs-two", E, MakingTrump,
        "Simple names the next suit in round two only with two face cards of it instead of one";
    SimpleAlwaysDealer, "simple-always-dealer", E, MakingTrump,
        "Simple counts itself as the dealer in round two, so it names the suit of the upcard's colour even without a face or ace card of it";
    ComputerPreferenceReversed, "computer-preference-reversed", C, MakingTrump,
        "the computer tries suits in round two in the order C > S > D > H instead of H > D > S > C";
    ComputerIgnoresTopCard, "computer-ignores-top-card", C, MakingTrump,
        "a computer dealer deciding in round one does not count the top card it would pick up";
    // Pick-up and discard
    DealerSkipsPickUp, "dealer-skips-pick-up", BOTH, PickUp,
        "the dealer does not pick up the upcard when trump is made in round one";
    DealerPicksUpInRoundTwo, "dealer-picks-up-in-round-two", BOTH, PickUp,
        "the dealer picks up the upcard and discards in round two as well";
    SimpleKeepsUpcard, "simple-keeps-upcard", E, PickUp,
        "Simple never discards the upcard, only the lowest card of its own five";
    ComputerDiscardsHighest, "computer-discards-highest", C, PickUp,
        "the computer discards its highest non-trump card instead of its lowest";
    // Leading and following
    DealerLeads, "dealer-leads", BOTH, Leading,
        "the dealer leads the first trick instead of the player to the dealer's left";
    WinnerDoesNotLead, "winner-does-not-lead", BOTH, Leading,
        "the player to the left of a trick's winner leads the next trick";
    SimpleLeadsLowest, "simple-leads-lowest", E, Leading,
        "Simple leads its lowest non-trump card instead of its highest";
    SimpleFollowsLowest, "simple-follows-lowest", E, Leading,
        "Simple follows suit with its lowest card of the led suit instead of its highest";
    SimpleThrowsHighest, "simple-throws-highest", E, Leading,
        "Simple, unable to follow suit, plays its highest card instead of its lowest";
    ComputerLeadsLowestTrump, "computer-leads-lowest-trump", C, Leading,
        "a computer that called trump leads its lowest trump where it should lead its highest";
    // Trick winners
    TrickGoesLeft, "trick-goes-left", BOTH, Tricks,
        "the trick is credited to the player to the left of the one who played the winning card";
    TrickTiesGoFirst, "trick-ties-go-first", BOTH, Tricks,
        "when two cards in a trick compare equal, the first played wins",
        equivalent = "no two cards in a trick ever compare equal: every card has its own place in the order once trump and the led suit are known";
    // Scoring
    MarchScoresOne, "march-scores-one", BOTH, Scoring,
        "a march (all five tricks) scores 1 point instead of 2";
    EuchreScoresOne, "euchre-scores-one", BOTH, Scoring,
        "euchring the makers scores 1 point instead of 2";
    MakersNeedFour, "makers-need-four", BOTH, Scoring,
        "the makers need four tricks to score; with three they are euchred";
    LoneMarchScoresTwo, "lone-march-scores-two", C, Scoring,
        "a lone hand that takes all five tricks scores 2 points instead of 4";
    RenegePenaltyToOwnTeam, "renege-penalty-to-own-team", C, Scoring,
        "the renege penalty is given to the reneging player's own team";
    // Game end
    GameNeedsMore, "game-needs-more", BOTH, GameEnd,
        "a team must pass the target instead of reaching it to win";
    DealerMovesRight, "dealer-moves-right", BOTH, GameEnd,
        "the deal passes to the dealer's right instead of the left";
    // Printing
    ArgvNoTrailingSpace, "argv-no-trailing-space", E, Printing,
        "the echoed command line has no space after its last argument";
    ArgvWithoutProgram, "argv-without-program", E, Printing,
        "the echoed command line leaves out argv[0]";
    HandsFromOne, "hands-from-one", E, Printing,
        "hands are numbered from 1 instead of 0";
    NoBlankAfterMaking, "no-blank-after-making", E, Printing,
        "no blank line is printed once trump is made and the dealer has discarded";
    BlankBeforeDiscard, "blank-before-discard", E, Printing,
        "the blank line that ends making trump is printed as soon as trump is ordered, before the dealer's discard, not after it";
    NoEuchredLine, "no-euchred-line", E, Printing,
        "the \"euchred!\" line is missing";
    NoMarchLine, "no-march-line", E, Printing,
        "the \"march!\" line is missing";
    NoWinLineAtTarget, "no-win-line-at-target", E, Printing,
        "the \"win!\" line is missing when the winners end the game with exactly the points to win";
    WinnerPointsOnly, "winner-points-only", E, Printing,
        "after a hand only the winning team's points are printed";
    NoTrickScore, "no-trick-score", C, Printing,
        "the team score is not printed after each of the first four tricks";
    TrickScoreAfterFifth, "trick-score-after-fifth", C, Printing,
        "the team score is printed after the fifth trick too";
    EuchredNamesWinners, "euchred-names-winners", C, Printing,
        "the euchre message names the defenders instead of the team that was euchred";
    OrderUpNamesOrderer, "order-up-names-orderer", C, Printing,
        "\"orders up player N\" names the player ordering instead of the dealer";
    SkippedNotPrinted, "skipped-not-printed", C, Printing,
        "the turn of the player sitting out is not announced (\"Player N skipped.\")";
    FirstBidderIsDealer, "first-bidder-is-dealer", C, Printing,
        "\"Decision on trump starts with player N\" names the dealer";
    // Human prompts and hands
    HumanHandUnsorted, "human-hand-unsorted", E, Human,
        "hands are kept in the order dealt, not sorted, so a Human's hand prints and indexes unsorted";
    NoDiscardUpcardLine, "no-discard-upcard-line", E, Human,
        "the \"Discard upcard: [-1]\" line is missing from the Human's discard prompt";
    PromptBeforeHand, "prompt-before-hand", E, Human,
        "the Human's prompt is printed before its hand instead of after";
    DiscardHandWithoutUpcard, "discard-hand-without-upcard", C, Human,
        "the hand shown with \"choose card to discard\" leaves out the top card picked up";
    TricksCountTeam, "tricks-count-team", C, Human,
        "the \"# tricks\" of a hand line counts the team's tricks instead of the player's";
    // Error messages
    NotInHandUnquoted, "not-in-hand-unquoted", C, Errors,
        "the not-in-hand error prints the card without quotes";
    UnrecognizedUnquoted, "unrecognized-unquoted", C, Errors,
        "the unrecognized-command error prints the command without quotes";
    RenegeAccepted, "renege-accepted", C, Errors,
        "a card that does not follow suit is played without the renege error or penalty";
    // Going alone
    AlonePartnerPlays, "alone-partner-plays", C, Alone,
        "the partner of a lone maker plays the hand instead of sitting out";
    PartnerOrderNotAlone, "partner-order-not-alone", C, Alone,
        "ordering up one's partner, the dealer, does not mean going alone";
    // Save files
    SaveScoresSwapped, "save-scores-swapped", C, SaveFiles,
        "a save file's two scores are read in the other order";
    SaveTurnFromDealer, "save-turn-from-dealer", C, SaveFiles,
        "a save file taken during bidding resumes with the player to the dealer's left, not the player whose turn it was";
}
