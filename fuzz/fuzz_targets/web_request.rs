#![no_main]
//! `cargo fuzz run web_request`: see upcard::fuzzing::web_request.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::web_request(data));
