#![no_main]
//! `cargo fuzz run scenario`: see upcard::fuzzing::scenario.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::scenario(data));
