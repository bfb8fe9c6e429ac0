//! A control group per sandbox helper, so that the memory and the number of
//! processes of a whole run are bounded, not each process's. cgroup v2 where
//! the grader's own group can have children with the memory and pids
//! controllers; v1 (separate memory and pids hierarchies) otherwise.
//! Without a writable cgroup file system there is no such limit and the
//! grader says so.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

static MADE: AtomicUsize = AtomicUsize::new(0);

pub struct Cgroup {
    /// One directory (v2) or two (v1: memory, pids).
    dirs: Vec<PathBuf>,
    /// The file whose `oom_kill N` line counts kills for memory.
    events: Option<PathBuf>,
    /// The group that freezes its processes: v2's own (`true`), or v1's
    /// freezer hierarchy's.
    freezer: Option<(PathBuf, bool)>,
    /// The file that counts the CPU time its processes used: v2's
    /// `cpu.stat` (`true`: microseconds), or v1's `cpuacct.usage`.
    usage: Option<(PathBuf, bool)>,
    /// That file, opened at its first read and read again in place (a seat
    /// reads it at every decision: one syscall, not an open and a close).
    usage_file: std::sync::OnceLock<Option<std::fs::File>>,
}

/// The grader's own group in `controller`'s hierarchy (v1), or in the
/// unified one (v2, `controller` empty).
fn own(controller: &str) -> Option<PathBuf> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    text.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, ctrls, path) = (parts.next()?, parts.next()?, parts.next()?);
        let hit = if controller.is_empty() {
            ctrls.is_empty()
        } else {
            ctrls.split(',').any(|c| c == controller)
        };
        hit.then(|| PathBuf::from(path.trim_start_matches('/')))
    })
}

/// Removes the groups of graders that were killed outright (their pid is
/// gone); a group is empty once its processes are.
fn remove_stale(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("upcard-")
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir(e.path());
        }
    }
}

fn make(parent: &Path, name: &str) -> Option<PathBuf> {
    remove_stale(parent);
    let dir = parent.join(name);
    std::fs::create_dir(&dir).ok()?;
    Some(dir)
}

impl Cgroup {
    /// A new group limited to `memory` bytes (0: no memory limit),
    /// `processes` processes and, where the CPU controller is there,
    /// `cpus` CPUs (0: no bound), or why there can be none.
    pub fn new(memory: u64, processes: u32, cpus: u32) -> Result<Cgroup, String> {
        let name = format!(
            "upcard-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        let root = Path::new("/sys/fs/cgroup");
        let v2 = root.join("cgroup.controllers");
        if v2.exists() || root.join("unified/cgroup.controllers").exists() {
            let base = if v2.exists() {
                root.to_path_buf()
            } else {
                root.join("unified")
            };
            if let Some(own) = own("") {
                let parent = base.join(own);
                let controllers = std::fs::read_to_string(parent.join("cgroup.subtree_control"))
                    .unwrap_or_default();
                if controllers.contains("memory")
                    && controllers.contains("pids")
                    && let Some(dir) = make(&parent, &name)
                {
                    let g = Cgroup {
                        events: Some(dir.join("memory.events")),
                        dirs: vec![dir.clone()],
                        freezer: Some((dir.clone(), true)),
                        usage: Some((dir.join("cpu.stat"), true)),
                        usage_file: Default::default(),
                    };
                    if memory > 0 {
                        g.write(&dir, "memory.max", &memory.to_string())?;
                        let _ = std::fs::write(dir.join("memory.swap.max"), "0");
                    }
                    g.write(&dir, "pids.max", &processes.to_string())?;
                    if cpus > 0 && controllers.contains("cpu") {
                        let _ = std::fs::write(dir.join("cpu.max"), quota(cpus) + " 100000");
                    }
                    return Ok(g);
                }
            }
        }
        let (Some(mem), Some(pids)) = (own("memory"), own("pids")) else {
            return Err("no memory and pids control groups".into());
        };
        let mem_dir = make(&root.join("memory").join(mem), &name)
            .ok_or("cannot make a memory control group (no permission)")?;
        let mut g = Cgroup {
            events: Some(mem_dir.join("memory.oom_control")),
            dirs: vec![mem_dir.clone()],
            freezer: None,
            usage: None,
            usage_file: Default::default(),
        };
        let pids_dir = make(&root.join("pids").join(pids), &name)
            .ok_or("cannot make a pids control group (no permission)")?;
        g.dirs.push(pids_dir.clone());
        if memory > 0 {
            g.write(&mem_dir, "memory.limit_in_bytes", &memory.to_string())?;
            // Swap would let a run go past its limit (when swap accounting is on).
            let _ = std::fs::write(
                mem_dir.join("memory.memsw.limit_in_bytes"),
                memory.to_string(),
            );
        }
        g.write(&pids_dir, "pids.max", &processes.to_string())?;
        if cpus > 0
            && let Some(cpu) = own("cpu")
            && let Some(cpu_dir) = make(&root.join("cpu").join(cpu), &name)
        {
            let _ = std::fs::write(cpu_dir.join("cpu.cfs_period_us"), "100000");
            let _ = std::fs::write(cpu_dir.join("cpu.cfs_quota_us"), quota(cpus));
            g.dirs.push(cpu_dir);
        }
        if cpus > 0 {
            g.seat_groups_v1(root, &name);
        }
        Ok(g)
    }

    /// A seat's other v1 groups: a freezer (a program that stays is frozen
    /// between games) and a CPU account (its decisions are timed in CPU).
    /// Where cpuacct shares the cpu hierarchy, the cpu group counts.
    fn seat_groups_v1(&mut self, root: &Path, name: &str) {
        if let Some(f) = own("freezer")
            && let Some(dir) = make(&root.join("freezer").join(f), name)
        {
            self.freezer = Some((dir.clone(), false));
            self.dirs.push(dir);
        }
        if let Some(shared) = self
            .dirs
            .iter()
            .map(|d| d.join("cpuacct.usage"))
            .find(|f| f.exists())
        {
            self.usage = Some((shared, false));
        } else if let Some(a) = own("cpuacct")
            && let Some(dir) = make(&root.join("cpuacct").join(a), name)
        {
            self.usage = Some((dir.join("cpuacct.usage"), false));
            self.dirs.push(dir);
        }
    }

    /// The CPU time every process of the group has used so far (those that
    /// ended too), if the kernel counts it here.
    pub fn cpu_time(&self) -> Option<std::time::Duration> {
        use std::os::unix::fs::FileExt;
        let (path, v2) = self.usage.as_ref()?;
        let file = self
            .usage_file
            .get_or_init(|| std::fs::File::open(path).ok())
            .as_ref()?;
        // A control file is made anew by each read from its start.
        let mut buf = [0u8; 1024];
        let n = file.read_at(&mut buf, 0).ok()?;
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        if *v2 {
            let us = text
                .lines()
                .find_map(|l| l.strip_prefix("usage_usec "))?
                .trim()
                .parse()
                .ok()?;
            Some(std::time::Duration::from_micros(us))
        } else {
            Some(std::time::Duration::from_nanos(text.trim().parse().ok()?))
        }
    }

    fn write(&self, dir: &Path, file: &str, value: &str) -> Result<(), String> {
        std::fs::write(dir.join(file), value)
            .map_err(|e| format!("cannot set {}: {e}", dir.join(file).display()))
    }

    /// The `cgroup.procs` files a process writes `0` to, to join the group.
    pub fn procs_files(&self) -> Vec<std::ffi::CString> {
        use std::os::unix::ffi::OsStrExt;
        self.dirs
            .iter()
            .filter_map(|d| {
                std::ffi::CString::new(d.join("cgroup.procs").as_os_str().as_bytes()).ok()
            })
            .collect()
    }

    /// Puts process `pid` (and so everything it starts) in the group.
    pub fn add(&self, pid: u32) -> Result<(), String> {
        for d in &self.dirs {
            self.write(d, "cgroup.procs", &pid.to_string())?;
        }
        Ok(())
    }

    /// Freezes every process of the group, or thaws them (cgroup v2's
    /// freezer); whether they are so now. A frozen program runs nothing
    /// and so reads nothing: a seat's program that stays, idle while its
    /// deal is played the other way round.
    pub fn freeze(&self, frozen: bool) -> bool {
        let Some((dir, v2)) = &self.freezer else {
            return false;
        };
        // v2: `cgroup.freeze`, done when `cgroup.events` says `frozen 1`;
        // v1: `freezer.state`, which reads FREEZING until every task is.
        let (file, set, done, says): (&str, &str, &str, &str) = match (v2, frozen) {
            (true, true) => ("cgroup.freeze", "1", "cgroup.events", "frozen 1"),
            (true, false) => ("cgroup.freeze", "0", "cgroup.events", "frozen 0"),
            (false, true) => ("freezer.state", "FROZEN", "freezer.state", "FROZEN"),
            (false, false) => ("freezer.state", "THAWED", "freezer.state", "THAWED"),
        };
        if std::fs::write(dir.join(file), set).is_err() {
            return false;
        }
        // The kernel freezes the group's tasks one by one (milliseconds; a
        // second at most).
        for _ in 0..500 {
            let now = std::fs::read_to_string(dir.join(done)).unwrap_or_default();
            if now.lines().any(|l| l.trim() == says) {
                return true;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        false
    }

    /// How many processes the kernel has killed for memory in this group.
    pub fn oom_kills(&self) -> u64 {
        let Some(f) = &self.events else { return 0 };
        std::fs::read_to_string(f)
            .unwrap_or_default()
            .lines()
            .find_map(|l| l.strip_prefix("oom_kill "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0)
    }
}

/// `cpus` CPUs' worth of a 100 ms period, in microseconds.
fn quota(cpus: u32) -> String {
    (u64::from(cpus) * 100_000).to_string()
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        // Empty once its processes are gone; a few tries while they exit.
        for d in &self.dirs {
            for _ in 0..100 {
                if std::fs::remove_dir(d).is_ok() || !d.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
}
