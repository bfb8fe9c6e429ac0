//! The rule-mutant switch: which catalogued student bug, if any, the
//! engine, the course strategies and the printers play on this thread. The
//! catalogue (names, what each bug does, which rule sets it belongs to) lives
//! with the rule sets, in `upcard::mutants`; the engine only knows the
//! variants and consults [`on`] where each bug would live.
//!
//! A mutant is switched on for the current thread only, for as long as a
//! [`Switch`] lives. A thread-local switch rather than a field threaded
//! through every layer keeps the engine's signatures and hot paths as they
//! are: [`on`] costs one relaxed atomic load while no mutant runs anywhere in
//! the process.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A plausible student bug the engine can be switched to, in catalogue
/// order (`upcard::mutants::CATALOGUE[m as usize]` describes `m`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mutant {
    // Card order
    LeftBowerKeepsPrintedSuit,
    LeftBowerPrintedWhenFollowing,
    NoLeftBower,
    LeftBowerAboveRight,
    LedSuitNotRanked,
    LedSuitIsPrintedSuit,
    LedSuitHasLeftBower,
    SuitTiesReversed,
    SuitTiesIgnored,
    HeartsBelowSpades,
    // Dealing and shuffling
    DealStartsAtDealer,
    UpcardFromBottom,
    Deal23First,
    DealInBatches,
    OutShuffle,
    ShuffleOnce,
    ShuffleFromPack,
    ShuffleModuloOffByOne,
    ShuffleOncePerGame,
    PackFileNotRead,
    // Making trump
    DealerMayPass,
    ScrewTheDealer,
    SimpleIgnoresLeftBower,
    SimpleRoundOneNeedsOne,
    SimpleRoundTwoNeedsTwo,
    SimpleAlwaysDealer,
    ComputerPreferenceReversed,
    ComputerIgnoresTopCard,
    // Pick-up and discard
    DealerSkipsPickUp,
    DealerPicksUpInRoundTwo,
    SimpleKeepsUpcard,
    ComputerDiscardsHighest,
    // Leading and following
    DealerLeads,
    WinnerDoesNotLead,
    SimpleLeadsLowest,
    SimpleFollowsLowest,
    SimpleThrowsHighest,
    ComputerLeadsLowestTrump,
    // Trick winners
    TrickGoesLeft,
    TrickTiesGoFirst,
    // Scoring
    MarchScoresOne,
    EuchreScoresOne,
    MakersNeedFour,
    LoneMarchScoresTwo,
    RenegePenaltyToOwnTeam,
    // Game end
    GameNeedsMore,
    DealerMovesRight,
    // Printing
    ArgvNoTrailingSpace,
    ArgvWithoutProgram,
    HandsFromOne,
    NoBlankAfterMaking,
    BlankBeforeDiscard,
    NoEuchredLine,
    NoMarchLine,
    NoWinLineAtTarget,
    WinnerPointsOnly,
    NoTrickScore,
    TrickScoreAfterFifth,
    EuchredNamesWinners,
    OrderUpNamesOrderer,
    SkippedNotPrinted,
    FirstBidderIsDealer,
    // Human prompts and hands
    HumanHandUnsorted,
    NoDiscardUpcardLine,
    PromptBeforeHand,
    DiscardHandWithoutUpcard,
    TricksCountTeam,
    // Error messages
    NotInHandUnquoted,
    UnrecognizedUnquoted,
    RenegeAccepted,
    // Going alone
    AlonePartnerPlays,
    PartnerOrderNotAlone,
    // Save files
    SaveScoresSwapped,
    SaveTurnFromDealer,
}

// A watch's mask has a bit for each.
const _: () = assert!(Mutant::COUNT <= 128);

impl Mutant {
    /// How many variants there are (the last one's place, plus one).
    pub const COUNT: usize = Mutant::SaveTurnFromDealer as usize + 1;
}

/// Threads currently playing a mutant, process-wide: the fast path of [`on`].
static RUNNING: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static CURRENT: Cell<Option<Mutant>> = const { Cell::new(None) };
    /// While a [`Watch`] lives: the mutants whose switch was consulted.
    static SEEN: Cell<Option<u128>> = const { Cell::new(None) };
}

/// Whether `m` is switched on for this thread.
#[inline(always)]
pub fn on(m: Mutant) -> bool {
    running() && is_current(m)
}

/// Whether any thread plays a mutant: the one load on hot paths.
#[inline(always)]
pub fn running() -> bool {
    RUNNING.load(Ordering::Relaxed) != 0
}

#[cold]
#[inline(never)]
fn is_current(m: Mutant) -> bool {
    SEEN.with(|w| {
        if let Some(seen) = w.get() {
            w.set(Some(seen | 1 << m as u32));
        }
    });
    CURRENT.with(|c| c.get()) == Some(m)
}

/// Notes, for this thread until dropped, which mutants' switches the code
/// consults: a mutant whose switch a stretch of play never consults plays
/// that stretch exactly as the rules do, so a diagnosis need not run it.
pub struct Watch(std::marker::PhantomData<*const ()>);

impl Watch {
    pub fn start() -> Watch {
        RUNNING.fetch_add(1, Ordering::Relaxed);
        SEEN.with(|w| w.set(Some(0)));
        Watch(std::marker::PhantomData)
    }

    /// The mutants consulted so far, one bit each (`1 << m as u32`).
    pub fn seen(&self) -> u128 {
        SEEN.with(|w| w.get()).unwrap_or(0)
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        SEEN.with(|w| w.set(None));
        RUNNING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Switches a mutant on for this thread until dropped (not `Send`: it must
/// be dropped on the thread it switched). `upcard::mutants::play` is the one
/// caller: no scenario field, option or course command reaches it.
pub struct Switch(std::marker::PhantomData<*const ()>);

impl Switch {
    pub fn on(m: Mutant) -> Switch {
        RUNNING.fetch_add(1, Ordering::Relaxed);
        CURRENT.with(|c| c.set(Some(m)));
        Switch(std::marker::PhantomData)
    }
}

impl Drop for Switch {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(None));
        RUNNING.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_is_off_again_when_dropped_and_only_on_its_thread() {
        assert!(!on(Mutant::NoLeftBower));
        {
            let _s = Switch::on(Mutant::NoLeftBower);
            assert!(on(Mutant::NoLeftBower));
            assert!(!on(Mutant::DealerLeads));
            std::thread::spawn(|| assert!(!on(Mutant::NoLeftBower)))
                .join()
                .unwrap();
        }
        assert!(!on(Mutant::NoLeftBower));
    }
}
