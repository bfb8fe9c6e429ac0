//! How a standard table starts the program at a seat: `Launch` is the
//! table's `ProgramSeats`, so the rules seat programs without knowing the
//! protocol or the sandbox.

use std::sync::Arc;

use upcard_bots::{OnFault, ProgramSeats, Programs, Table};
use upcard_rules::agents::Agent;
use upcard_rules::courses::standard::house;

use super::{Launch, ProgramSeat};
use crate::protocol::Hello;

impl ProgramSeats for Launch {
    fn start(&self, table: &Table, seat: usize, command: &str) -> Box<dyn Agent> {
        // A program that cannot start is a fault like any other: the fault
        // bot plays (the computer under --on-fault end: the game has not
        // begun to end).
        let (fallback, fallback_name) = table.fault_bot(seat);
        let hello = Hello::new(
            seat,
            &table.names,
            "standard",
            table.config.points_to_win,
            house::values(&table.config),
        );
        let mut s = ProgramSeat::start(
            command,
            self,
            format!("seat {seat} (exec:{command})"),
            &hello,
            table.seat_timeout,
            Some(fallback),
            fallback_name,
        );
        // Past its start, --on-fault end ends the game at a fault.
        if table.on_fault == OnFault::End && s.fault().is_none() {
            s = s.without_fallback();
        }
        Box::new(s)
    }
}

impl Launch {
    /// This launch as what a table starts its programs with.
    pub fn programs(&self) -> Programs {
        Programs(Some(Arc::new(self.clone())))
    }
}
