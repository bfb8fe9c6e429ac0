//! upcard's integration tests: one binary, one module per area, all running
//! the real `upcard` binary or the library's public API.

mod arena;
mod autograder;
mod cli_docs;
mod common;
mod course_binary;
mod cs246_cli;
mod cs246_shuffle;
mod deploy_library;
mod diagnose;
mod eecs280_cli;
mod egn;
mod engine_scripted;
mod fuzz_corpus;
mod grade_cli;
mod grade_random;
mod hostile_input;
mod html_report;
mod html_viewer;
mod mutants;
mod platforms;
mod play;
mod public_strategy;
mod replay;
mod run_cli;
mod sandbox;
mod scenario_errors;
mod scenario_library;
mod seat_protocol;
mod seat_sandbox;
mod serve;
mod shard;
mod tester;
mod tournament;
mod unit_tests;
mod web;
