#![no_main]
//! `cargo fuzz run restrictions`: see upcard::fuzzing::restrictions.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::restrictions(data));
