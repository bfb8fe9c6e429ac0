//! The two courses' rule sets, built on the shared engine.

pub mod cs246;
pub mod eecs280;
