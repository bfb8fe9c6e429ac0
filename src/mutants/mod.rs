//! Rule mutants: catalogued, plausible student bugs the engine, the course
//! strategies and printers can be switched to, to measure how many of them a
//! scenario suite catches (`upcard mutants`) and to name the bug behind a
//! failing program's output (`upcard grade --diagnose`).
//!
//! A mutant is data the code consults at the one place the bug lives
//! ([`on`]), never a copy of the code. It is switched on for the current
//! thread only, for the length of one [`play`], which is the only way to switch
//! one on: no scenario field, option or course command reaches it. A
//! thread-local switch rather than a field threaded through every layer keeps
//! the engine's signatures and hot paths as they are; [`on`] costs one relaxed
//! atomic load while no mutant runs anywhere in the process.

mod catalogue;
mod diagnose;
mod run;

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use catalogue::{CATALOGUE, Entry, Mutant};
pub use diagnose::{Diagnosis, diagnose};
pub use run::{Outcome, Report, Status, run};

use crate::scenario::{Played, Scenario};

/// The rule areas the catalogue is grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Area {
    CardOrder,
    Dealing,
    MakingTrump,
    PickUp,
    Leading,
    Tricks,
    Scoring,
    GameEnd,
    Printing,
    Human,
    Errors,
    Alone,
    SaveFiles,
}

impl Area {
    pub fn name(self) -> &'static str {
        match self {
            Area::CardOrder => "card order",
            Area::Dealing => "dealing and shuffling",
            Area::MakingTrump => "making trump",
            Area::PickUp => "pick-up and discard",
            Area::Leading => "leading and following",
            Area::Tricks => "trick winners",
            Area::Scoring => "scoring",
            Area::GameEnd => "game end and dealer",
            Area::Printing => "printing",
            Area::Human => "human prompts and hands",
            Area::Errors => "error messages and reneging",
            Area::Alone => "going alone",
            Area::SaveFiles => "save files",
        }
    }
}

impl Mutant {
    pub fn entry(self) -> &'static Entry {
        &CATALOGUE[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.entry().name
    }

    pub fn from_name(name: &str) -> Option<Mutant> {
        CATALOGUE.iter().find(|e| e.name == name).map(|e| e.mutant)
    }
}

/// The catalogue's entries for one rule set, in catalogue order.
pub fn for_rules(rules: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    CATALOGUE.iter().filter(move |e| e.rules.contains(&rules))
}

/// Threads currently playing a mutant, process-wide: the fast path of [`on`].
static RUNNING: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static CURRENT: Cell<Option<Mutant>> = const { Cell::new(None) };
}

/// Whether `m` is switched on for this thread.
#[inline(always)]
pub(crate) fn on(m: Mutant) -> bool {
    running() && is_current(m)
}

/// Whether any thread plays a mutant: the one load on hot paths.
#[inline(always)]
pub(crate) fn running() -> bool {
    RUNNING.load(Ordering::Relaxed) != 0
}

#[cold]
#[inline(never)]
fn is_current(m: Mutant) -> bool {
    CURRENT.with(|c| c.get()) == Some(m)
}

/// Switches a mutant on for this thread until dropped (not `Send`: it must
/// be dropped on the thread it switched).
struct Switch(std::marker::PhantomData<*const ()>);

impl Switch {
    fn on(m: Mutant) -> Switch {
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

/// Hands a mutant's game may last, the engine's limit for every game: a
/// mutant can make a game endless (one that deals the same cards every hand
/// and lets everyone pass, say).
pub use crate::agents::MAX_HANDS;

/// Plays `scenario` through the engine with `mutant` switched on, stopping
/// it after [`MAX_HANDS`] hands (as a program that hangs would be stopped).
pub fn play(scenario: &Scenario, mutant: Mutant) -> Played {
    let _on = Switch::on(mutant);
    crate::scenario::play_within(scenario, MAX_HANDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_order_is_the_enum_order_and_names_are_unique() {
        for (i, e) in CATALOGUE.iter().enumerate() {
            assert_eq!(e.mutant as usize, i, "{}", e.name);
            assert_eq!(Mutant::from_name(e.name), Some(e.mutant));
        }
        let mut names: Vec<_> = CATALOGUE.iter().map(|e| e.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CATALOGUE.len());
    }

    #[test]
    fn at_least_thirty_per_course() {
        assert!(for_rules("eecs280").count() >= 30);
        assert!(for_rules("cs246").count() >= 30);
    }

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
