//! The file system a sandboxed program sees: an empty root with the system's
//! programs and libraries read-only, a few files of /etc, the usual devices,
//! its own /proc and /tmp, and its run directory as /work. Nothing else of
//! the machine: not the grader's working tree, not the goldens, not the
//! other runs' directories.

use std::os::unix::fs::symlink;
use std::path::Path;

use nix::mount::{MntFlags, MsFlags, mount, umount2};

/// What of /etc programs need: the loader's cache, users and groups for
/// libc, time zone, and Debian's alternatives (/usr/bin/awk and the like).
const ETC: [&str; 9] = [
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "passwd",
    "group",
    "nsswitch.conf",
    "hosts",
    "alternatives",
];
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

fn err(what: &str, p: &Path, e: impl std::fmt::Display) -> String {
    format!("{what} {}: {e}", p.display())
}

fn bind(src: &Path, dst: &Path, read_only: bool) -> Result<(), String> {
    bind_with(src, dst, read_only, false)
}

/// `device`: the bind is of a device node, which must stay usable (no
/// `nodev`); where the machine's own mount has `nodev` locked on, the bind
/// keeps it, as the kernel requires.
fn bind_with(src: &Path, dst: &Path, read_only: bool, device: bool) -> Result<(), String> {
    mount(
        Some(src),
        dst,
        None::<&str>,
        MsFlags::MS_BIND | MsFlags::MS_REC,
        None::<&str>,
    )
    .map_err(|e| err("cannot bind", src, e))?;
    let mut flags = MsFlags::MS_BIND | MsFlags::MS_REMOUNT | MsFlags::MS_NOSUID;
    if read_only {
        flags |= MsFlags::MS_RDONLY;
    }
    if device
        && mount(
            None::<&str>,
            dst,
            None::<&str>,
            flags | MsFlags::MS_NOEXEC,
            None::<&str>,
        )
        .is_ok()
    {
        return Ok(());
    }
    flags |= MsFlags::MS_NODEV;
    mount(None::<&str>, dst, None::<&str>, flags, None::<&str>)
        .map_err(|e| err("cannot make read-only", dst, e))
}

/// Shows host `src` at `dst` (below the new root) as it is: a link as the
/// same link, a directory or file bound read-only.
fn show(src: &Path, dst: &Path) -> Result<(), String> {
    let Ok(meta) = std::fs::symlink_metadata(src) else {
        return Ok(());
    };
    if meta.file_type().is_symlink() && src.parent() == Some(Path::new("/")) {
        let target = std::fs::read_link(src).map_err(|e| err("cannot read", src, e))?;
        return symlink(target, dst).map_err(|e| err("cannot link", dst, e));
    }
    // Anything else is followed: /etc/localtime is a link to the zone file.
    let Ok(meta) = std::fs::metadata(src) else {
        return Ok(());
    };
    if meta.is_dir() {
        std::fs::create_dir(dst).map_err(|e| err("cannot make", dst, e))?;
    } else {
        std::fs::write(dst, b"").map_err(|e| err("cannot make", dst, e))?;
    }
    bind(src, dst, true)
}

fn tmpfs(dst: &Path, options: &str) -> Result<(), String> {
    mount(
        Some("tmpfs"),
        dst,
        Some("tmpfs"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        Some(options),
    )
    .map_err(|e| err("cannot mount a tmpfs on", dst, e))
}

/// The jail's /dev at `dev`: a small tmpfs holding the five devices bound
/// from the machine's, the standard links, and the folder /dev/shm is
/// bound on.
fn make_dev(dev: &Path) -> Result<(), String> {
    std::fs::create_dir(dev).map_err(|e| err("cannot make", dev, e))?;
    tmpfs(dev, "size=64k,mode=0755")?;
    for d in DEVICES {
        let dst = dev.join(d);
        std::fs::write(&dst, b"").map_err(|e| err("cannot make", &dst, e))?;
        bind_with(&Path::new("/dev").join(d), &dst, true, true)?;
    }
    for (name, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        symlink(target, dev.join(name)).map_err(|e| err("cannot link", &dev.join(name), e))?;
    }
    let shm = dev.join("shm");
    std::fs::create_dir(&shm).map_err(|e| err("cannot make", &shm, e))?;
    Ok(())
}

/// Where a new writable space is mounted before its folders are bound in
/// place (an empty folder of the read-only root).
const STAGE: &str = "/.space";

/// A new writable space at `stage`: a tmpfs of `disk` bytes (0: the
/// kernel's default) and 16,384 files, holding `work`, `tmp` and `shm` as
/// every run finds them: their modes, owned by the namespace's root (PID
/// 1), access and change times at the epoch, no attribute.
fn make_space(stage: &Path, disk: u64) -> Result<(), String> {
    use nix::sys::stat::{Mode, UtimensatFlags, umask, utimensat};
    let size = if disk > 0 {
        format!("size={disk},")
    } else {
        String::new()
    };
    tmpfs(stage, &format!("{size}nr_inodes=16384,mode=0755"))?;
    // The modes as given, sticky bit included (mkdir keeps it).
    let before = umask(Mode::empty());
    let made = SPACE.iter().try_for_each(|(d, _, mode)| {
        let p = stage.join(d);
        nix::unistd::mkdir(&p, Mode::from_bits_truncate(*mode))
            .map_err(|e| err("cannot make", &p, e))?;
        let epoch = nix::sys::time::TimeSpec::new(0, 0);
        utimensat(
            nix::fcntl::AT_FDCWD,
            &p,
            &epoch,
            &epoch,
            UtimensatFlags::NoFollowSymlink,
        )
        .map_err(|e| err("cannot set the times of", &p, e))
    });
    umask(before);
    made
}

/// The space's three folders: the name each has in the space, where
/// programs find it, and its mode.
const SPACE: [(&str, &str, u32); 3] = [
    ("work", "/work", 0o755),
    ("tmp", "/tmp", 0o1777),
    ("shm", "/dev/shm", 0o1777),
];

/// Puts a new, empty space where the last run's was, after its every
/// process is gone: a tmpfs numbers its files from one counter of its
/// own, so a run that made 5,000 files moved the next run's first inode
/// from 6 to 5,007 (and the run's input files alone counted the runs
/// before). The old space is detached and freed with its last file. PID 1
/// leaves /work while it is swapped. A bind keeps the space's own mount
/// flags (nosuid, nodev): none to set again.
pub fn renew_space(disk: u64) -> Result<(), String> {
    let stage = Path::new(STAGE);
    std::env::set_current_dir("/").map_err(|e| format!("chdir /: {e}"))?;
    make_space(stage, disk)?;
    for (from, to, _) in SPACE {
        let to = Path::new(to);
        umount2(to, MntFlags::MNT_DETACH).map_err(|e| err("cannot detach", to, e))?;
        mount(
            Some(&stage.join(from)),
            to,
            None::<&str>,
            MsFlags::MS_BIND,
            None::<&str>,
        )
        .map_err(|e| err("cannot bind", to, e))?;
    }
    umount2(stage, MntFlags::MNT_DETACH).map_err(|e| err("cannot detach", stage, e))?;
    std::env::set_current_dir("/work").map_err(|e| format!("chdir /work: {e}"))
}

/// Makes `jail` the root, the old one detached, the new one read-only but
/// for the writable space, and moves into /work.
fn pivot_into(jail: &Path) -> Result<(), String> {
    let old = jail.join(".old");
    std::fs::create_dir(&old).map_err(|e| err("cannot make", &old, e))?;
    nix::unistd::pivot_root(jail, &old).map_err(|e| format!("pivot_root: {e}"))?;
    std::env::set_current_dir("/").map_err(|e| format!("chdir /: {e}"))?;
    umount2("/.old", MntFlags::MNT_DETACH)
        .map_err(|e| format!("cannot detach the old root: {e}"))?;
    std::fs::remove_dir("/.old").map_err(|e| format!("cannot remove /.old: {e}"))?;
    // The root itself is read-only too: only /work, /tmp and /dev/shm take writes.
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REMOUNT | MsFlags::MS_RDONLY | MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
        None::<&str>,
    )
    .map_err(|e| format!("cannot make / read-only: {e}"))?;
    std::env::set_current_dir("/work").map_err(|e| format!("chdir /work: {e}"))?;
    Ok(())
}

/// Builds the new root at `jail` (an empty directory of the grader's),
/// with `work` as /work, and moves into it. Runs as PID 1 of the new
/// namespaces, before any program. Returns whether every IPC object of the
/// namespace can be listed (System V ones in /proc/sysvipc, POSIX message
/// queues in /dev/mqueue), so that PID 1 can remove them between runs.
///
/// Everything a program can write (/work, /tmp, /dev/shm) is one tmpfs of
/// `disk` bytes (0: the kernel's default, half the memory), so what a run
/// writes in all is bounded and never reaches the grader's disk. The run
/// directory `work` on the grader's disk is only read, by PID 1, through
/// the descriptor returned (the program cannot reach it).
pub fn build(work: &Path, jail: &Path, disk: u64) -> Result<(bool, std::fs::File), String> {
    use std::os::unix::fs::OpenOptionsExt;
    let inputs = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_DIRECTORY | libc::O_CLOEXEC)
        .open(work)
        .map_err(|e| err("cannot open", work, e))?;
    // Nothing mounted here reaches the machine's own mount table.
    mount(
        None::<&str>,
        "/",
        None::<&str>,
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        None::<&str>,
    )
    .map_err(|e| format!("cannot make the mounts private: {e}"))?;
    tmpfs(jail, "size=1m,mode=0755")?;
    let at = |p: &str| jail.join(p);
    for d in super::SYSTEM_DIRS {
        show(Path::new(d), &at(d.trim_start_matches('/')))?;
    }
    std::fs::create_dir(at("etc")).map_err(|e| err("cannot make", &at("etc"), e))?;
    for f in ETC {
        show(&Path::new("/etc").join(f), &at("etc").join(f))?;
    }
    let dev = at("dev");
    make_dev(&dev)?;
    let shm = dev.join("shm");
    // The one space programs write to; its folders are bound where programs
    // find them, and the space itself is then detached from the tree. Its
    // mount point stays, empty, for the next run's space (`renew_space`).
    let stage = at(STAGE.trim_start_matches('/'));
    std::fs::create_dir(&stage).map_err(|e| err("cannot make", &stage, e))?;
    make_space(&stage, disk)?;
    bind(&stage.join("shm"), &shm, false)?;
    // The namespace's POSIX message queues, as files PID 1 can remove.
    let mqueue = dev.join("mqueue");
    std::fs::create_dir(&mqueue).map_err(|e| err("cannot make", &mqueue, e))?;
    let queues_listed = mount(
        Some("mqueue"),
        &mqueue,
        Some("mqueue"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        None::<&str>,
    )
    .is_ok();
    let proc = at("proc");
    std::fs::create_dir(&proc).map_err(|e| err("cannot make", &proc, e))?;
    // This namespace's own processes only. (Where the machine hides parts
    // of its /proc, a new one may be refused; programs rarely need it.)
    let _ = mount(
        Some("proc"),
        &proc,
        Some("proc"),
        MsFlags::MS_NOSUID | MsFlags::MS_NODEV | MsFlags::MS_NOEXEC,
        None::<&str>,
    );
    for d in ["tmp", "work"] {
        std::fs::create_dir(at(d)).map_err(|e| err("cannot make", &at(d), e))?;
        bind(&stage.join(d), &at(d), false)?;
    }
    umount2(&stage, MntFlags::MNT_DETACH).map_err(|e| err("cannot detach", &stage, e))?;
    pivot_into(jail)?;
    Ok((
        queues_listed && Path::new("/proc/sysvipc/shm").is_file(),
        inputs,
    ))
}
