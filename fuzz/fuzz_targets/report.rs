#![no_main]
//! `cargo fuzz run report`: see upcard::fuzzing::report.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::report(data));
