//! The rule-mutant switch: which catalogued student bug, if any, the
//! engine, the course strategies and the printers play. The catalogue
//! (names, what each bug does, which rule sets it belongs to) lives in
//! the grader's (`upcard_grade::mutants`); the engine only knows the variants and asks its
//! [`Switch`] where each bug would live.
//!
//! The switch is a value a game is given (in its `Config`), not state of the
//! thread: the same inputs play the same game wherever they run. Hot paths
//! check [`Switch::is_off`] once and then run the rules' own code.

use std::cell::Cell;

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

thread_local! {
    /// While a [`Watch`] lives: the mutants whose switch was consulted.
    static SEEN: Cell<Option<u128>> = const { Cell::new(None) };
}

/// Which catalogued bug, if any, a game plays: a value the engine is given
/// in its [`crate::Config`], so that the state, its deck and every
/// [`crate::Observation`] carry it, and the printers are given it. Nothing
/// else can switch a mutant on: no scenario field, option or course command
/// reaches it (`upcard::mutants::play` is the one that makes one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Switch {
    mutant: Option<Mutant>,
    /// Consultations are noted for the thread's [`Watch`].
    noted: bool,
}

impl Switch {
    /// The rules: no mutant.
    pub const OFF: Switch = Switch {
        mutant: None,
        noted: false,
    };

    /// Plays `m`.
    pub const fn to(m: Mutant) -> Switch {
        Switch {
            mutant: Some(m),
            noted: false,
        }
    }

    /// The same switch, noting each mutant consulted in the thread's
    /// [`Watch`] (a diagnosis's question: which bugs could print anything
    /// else here?).
    pub const fn noted(self) -> Switch {
        Switch {
            noted: true,
            ..self
        }
    }

    /// The mutant played, if any.
    pub const fn mutant(self) -> Option<Mutant> {
        self.mutant
    }

    /// Nothing to consult: no mutant plays and none is noted, so a hot
    /// path may run the rules' own code (checked once, not per card).
    #[inline(always)]
    pub const fn is_off(self) -> bool {
        self.mutant.is_none() && !self.noted
    }

    /// Whether `m` is played.
    #[inline(always)]
    pub fn on(self, m: Mutant) -> bool {
        if self.noted {
            note(m);
        }
        self.mutant == Some(m)
    }
}

#[cold]
#[inline(never)]
fn note(m: Mutant) {
    SEEN.with(|w| {
        if let Some(seen) = w.get() {
            w.set(Some(seen | 1 << m as u32));
        }
    });
}

/// Notes, on this thread until dropped, which mutants a [`Switch::noted`]
/// switch is asked about (a record of the thread, not a switch: the games
/// it watches play the rules): a mutant whose switch a stretch
/// of play never consults plays that stretch exactly as the rules do, so a
/// diagnosis need not run it.
pub struct Watch(std::marker::PhantomData<*const ()>);

impl Watch {
    pub fn start() -> Watch {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_plays_its_mutant_only() {
        assert!(!Switch::OFF.on(Mutant::NoLeftBower));
        let s = Switch::to(Mutant::NoLeftBower);
        assert!(s.on(Mutant::NoLeftBower));
        assert!(!s.on(Mutant::DealerLeads));
        assert!(!s.is_off() && Switch::OFF.is_off() && !Switch::OFF.noted().is_off());
    }

    #[test]
    fn a_watch_notes_what_a_noted_switch_is_asked_and_nothing_else() {
        let watch = Watch::start();
        Switch::OFF.on(Mutant::DealerLeads);
        assert_eq!(watch.seen(), 0);
        Switch::OFF.noted().on(Mutant::DealerLeads);
        Switch::to(Mutant::NoLeftBower)
            .noted()
            .on(Mutant::HandsFromOne);
        assert_eq!(
            watch.seen(),
            1 << Mutant::DealerLeads as u32 | 1 << Mutant::HandsFromOne as u32
        );
        drop(watch);
        Switch::OFF.noted().on(Mutant::DealerLeads);
        assert_eq!(Watch::start().seen(), 0);
    }
}
