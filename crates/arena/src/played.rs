//! One game's result, from the bots' point of view, as the runner keeps
//! it for the report.

use std::time::Duration;

use super::FaultAt;

/// One game's result. Kept small: a long match keeps one per game, and
/// what only programs and `--timings` log is boxed apart (a random match
/// of 20,000 games had kept 4.4 MB of empty lists, on pages the kernel
/// zeroed first): 24 bytes a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct Played {
    /// Which bot's team won (None: a fault stopped the game, `--on-fault
    /// end`, or it was unfinished).
    pub winner: Option<u8>,
    /// Still undecided after `MAX_HANDS` hands: won by neither.
    pub unfinished: bool,
    pub hands: u32,
    /// Points each bot's team scored.
    pub points: [u32; 2],
    /// Each bot's log, when one logged anything.
    logs: Option<Box<[SeatLog; 2]>>,
}

/// What one bot's seats logged in a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct SeatLog {
    /// Decision times (a program's: the round trip of a decide).
    pub times: Vec<Duration>,
    /// Each program's start-up times (spawn to its first answer).
    pub startups: Vec<Duration>,
    pub faults: Vec<FaultAt>,
    /// The end of each program's standard error after its last fault.
    pub stderr: Option<String>,
}

/// The log of a bot that logged nothing.
static EMPTY: SeatLog = SeatLog {
    times: Vec::new(),
    startups: Vec::new(),
    faults: Vec::new(),
    stderr: None,
};

impl Played {
    /// Bot `b`'s log (empty when it logged nothing).
    pub fn log(&self, b: usize) -> &SeatLog {
        self.logs.as_ref().map_or(&EMPTY, |logs| &logs[b])
    }

    /// Bot `b`'s log, to write to.
    pub fn log_mut(&mut self, b: usize) -> &mut SeatLog {
        &mut self.logs.get_or_insert_with(Box::default)[b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_without_logs_reads_empty_ones_and_stays_small() {
        let mut p = Played::default();
        assert!(p.log(0).times.is_empty() && p.log(1).faults.is_empty());
        assert!(std::mem::size_of::<Played>() <= 24);
        p.log_mut(1).times.push(Duration::from_millis(3));
        assert_eq!(p.log(1).times, [Duration::from_millis(3)]);
        assert!(p.log(0).times.is_empty());
    }
}
