//! Printers that turn engine events into each course's exact text.

mod cs246;
mod eecs280;

pub use cs246::Cs246Printer;
pub use eecs280::Eecs280Printer;
