#![no_main]
//! `cargo fuzz run egn`: see upcard::fuzzing::egn.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::egn(data));
