//! The two courses' rule sets, built on the shared engine.

pub mod eecs280;
