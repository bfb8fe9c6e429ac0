#![no_main]
//! `cargo fuzz run human_eecs280`: see upcard::fuzzing::human_eecs280.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::human_eecs280(data));
