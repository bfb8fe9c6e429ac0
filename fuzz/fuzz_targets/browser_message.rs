#![no_main]
//! `cargo fuzz run browser_message`: see upcard::fuzzing::browser_message.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::browser_message(data));
