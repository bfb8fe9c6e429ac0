//! A transcript: the text a course program prints, made from the engine's
//! events by the course's printer (`courses/<course>/transcript.rs`).

use upcard_engine::EventSink;

/// A course's printer writing to memory.
pub trait Transcript: EventSink {
    /// The transcript written so far.
    fn bytes(&self) -> &[u8];
    /// The whole transcript (what comes before the first event included).
    fn finish(self: Box<Self>) -> Vec<u8>;
    /// Prints as `switch` has it from now on (a diagnosis plays a rule
    /// mutant for some steps of a game and not others).
    fn switch(&mut self, switch: upcard_engine::mutants::Switch);
}

/// The bytes a course program buffers before it writes to its output: 8
/// KiB, its pages reused. A 64 KiB buffer took a page fault for each of
/// its 16 pages as a game's 100 KB filled it, which cost more than the
/// extra writes (issue #53: 14 fewer faults; about 5% of a 100-point
/// game's time into a pipe, alternating runs).
pub const OUT_BUFFER: usize = 8 * 1024;

/// A printer's output: what it writes, and the first write error, kept
/// until [`Latch::finish`] so that an event sink (which cannot fail) stops
/// writing at the first error and the caller still learns of it. The one
/// definition every course's printer writes through.
#[derive(Debug)]
pub struct Latch<W> {
    out: W,
    error: Option<std::io::Error>,
}

impl<W: std::io::Write> Latch<W> {
    pub fn new(out: W) -> Latch<W> {
        Latch { out, error: None }
    }

    /// What has been written so far.
    pub fn get_ref(&self) -> &W {
        &self.out
    }

    /// Writes the pieces in order, nothing after a first error. Printers
    /// write piece by piece rather than through `format!`: the transcript
    /// is upcard's hot path when grading and simulating.
    #[inline]
    pub fn put(&mut self, pieces: &[&str]) {
        for p in pieces {
            if self.error.is_some() {
                return;
            }
            if let Err(e) = self.out.write_all(p.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    /// Formatted text, unless an earlier write failed.
    pub fn write_fmt(&mut self, args: std::fmt::Arguments<'_>) {
        if self.error.is_none()
            && let Err(e) = self.out.write_fmt(args)
        {
            self.error = Some(e);
        }
    }

    /// Flushes, unless an earlier write failed.
    pub fn flush(&mut self) {
        if self.error.is_none()
            && let Err(e) = self.out.flush()
        {
            self.error = Some(e);
        }
    }

    /// The output, or the first error.
    pub fn finish(mut self) -> std::io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(self.out)
    }
}
