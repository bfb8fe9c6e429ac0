//! A transcript: the text a course program prints, made from the engine's
//! events by the course's printer (`courses/<course>/transcript.rs`).

use crate::engine::EventSink;

/// A course's printer writing to memory.
pub trait Transcript: EventSink {
    /// The transcript written so far.
    fn bytes(&self) -> &[u8];
    /// The whole transcript (what comes before the first event included).
    fn finish(self: Box<Self>) -> Vec<u8>;
}
