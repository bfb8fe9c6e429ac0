#![no_main]
//! `cargo fuzz run seat_protocol`: see upcard::fuzzing::seat_protocol.

libfuzzer_sys::fuzz_target!(|data: &[u8]| upcard::fuzzing::seat_protocol(data));
