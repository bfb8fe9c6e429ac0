//! Printers that turn engine events into each course's exact text.

mod eecs280;

pub use eecs280::Eecs280Printer;
