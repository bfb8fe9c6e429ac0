#![no_main]
//! `cargo fuzz run diagnosis`: see upcard::fuzzing::diagnosis.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::diagnosis(data));
