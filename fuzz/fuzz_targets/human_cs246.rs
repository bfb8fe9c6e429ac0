#![no_main]
//! `cargo fuzz run human_cs246`: see upcard::fuzzing::human_cs246.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::human_cs246(data));
