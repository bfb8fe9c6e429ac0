#![no_main]
//! `cargo fuzz run save`: see upcard::fuzzing::save.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::save(data));
