//! What a supervised run may use: time, output, memory, processes and disk.

use std::time::Duration;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub time: Duration,
    /// Bytes kept of stdout (and of stderr); more marks the run truncated and ends it.
    pub output: usize,
    /// Memory in bytes: each process's address space (RLIMIT_AS) and, in the
    /// sandbox, all of a run's processes together; 0 for none.
    pub memory: u64,
    /// Processes a sandboxed run may have at once.
    pub processes: u32,
    /// Bytes a sandboxed run may write in all (its directory, /tmp,
    /// /dev/shm), with namespaces; 0 for the kernel's default.
    pub disk: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(10),
            output: 1 << 20,
            memory: 1 << 30,
            processes: 64,
            disk: 256 << 20,
        }
    }
}
