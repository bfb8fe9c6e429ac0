#![no_main]
//! `cargo fuzz run play_save`: see upcard::fuzzing::play_save.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::play_save(data));
