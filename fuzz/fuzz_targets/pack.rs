#![no_main]
//! `cargo fuzz run pack`: see upcard::fuzzing::pack.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::pack(data));
