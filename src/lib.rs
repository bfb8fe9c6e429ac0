//! upcard: a scripted-scenario test harness and replay tool for Euchre as the
//! EECS 280 (Michigan) and CS 246 (Waterloo) courses specify it.

/// A course's classes graded from inside: its own files and public tests.
pub use upcard_adt as adt;

#[doc(hidden)]
pub mod fuzzing;

/// The arena: bots and programs over duplicate games, and tournaments.
pub use upcard_arena::{self as arena, tournament};
/// The bots, in one registry: above the rules.
pub use upcard_bots as bots;
/// upcard as a course's autograder on each platform.
pub use upcard_deploy as deploy;
/// The bottom layer, its own crate: cards, state, actions, events.
pub use upcard_engine::{self as engine, cards};
/// Grading: runs on scenarios, verdicts and reports.
pub use upcard_grade::grade;
/// The rule-mutant catalogue, its runs and diagnosis: the grader's.
pub use upcard_grade::mutants;
/// Upcard's input files read with bounds, and their parsers (file, line, column).
pub use upcard_parse as parse;
/// Play: people and bots at a table, at one device or joined from a link.
pub use upcard_play::{net, play};
/// Game records: timelines, their English, Euchre Game Notation: below the scenarios.
pub use upcard_record::{self as record, notation};
/// Replay, and records replayed and imported: above the scenarios.
pub use upcard_replay::{self as replay, egn};
/// The rule sets, their agents, printers and parsers: the layer above it.
pub use upcard_rules::{Failure, FailureKind, Rules, agents, courses, input, transcript};
/// The sandbox, and the one supervisor of every untrusted program.
pub use upcard_sandbox as sandbox;

/// Scenarios: the layer above the table and the records.
pub use upcard_scenario::scenario;
/// The seat protocol, both its ends, and program seats.
pub use upcard_seat as seat;
/// The spec's restrictions on a student's C++ sources.
pub use upcard_style as style;
/// Grading students' own unit tests against buggy solutions.
pub use upcard_unit as unit;
/// The bundled scenario library, embedded in the binary.
pub mod library;
