#![no_main]
//! `cargo fuzz run style`: see upcard::fuzzing::style.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::style(data));
