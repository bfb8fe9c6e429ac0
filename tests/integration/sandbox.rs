//! Hostile student programs against `upcard grade`'s sandbox: each is a small
//! C program; each test asserts its verdict, what it could see or do, and
//! that nothing it started outlived its run.

use std::path::{Path, PathBuf};
use std::process::Command;

const MARCH: &str = "scenarios/eecs280/march.yaml";

fn work() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-sandbox-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn golden_path() -> PathBuf {
    Path::new("golden/eecs280/march.out")
        .canonicalize()
        .unwrap()
}

/// Compiles `body` (C statements; `OUT` is the golden's bytes, `GOLDEN` its
/// absolute path on the machine) into a program named `name`.
fn program(name: &str, body: &str) -> PathBuf {
    let dir = work();
    let src = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    let golden = std::fs::read(golden_path()).unwrap();
    let text = format!(
        "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
         #include <unistd.h>\n#include <fcntl.h>\n#include <signal.h>\n#include <errno.h>\n\
         #include <sys/wait.h>\n#include <sys/stat.h>\n#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n\
         #include <sys/xattr.h>\n#include <sys/syscall.h>\n#include <sys/un.h>\n#include <sys/file.h>\n#include <sys/time.h>\n#include <sys/vfs.h>\n\
         #include <sys/ipc.h>\n#include <sys/shm.h>\n#include <sys/sem.h>\n#include <sys/msg.h>\n#include <mqueue.h>\n\
         static const char OUT[] = {};\nstatic const char *GOLDEN = {};\n{}\n\
         static void print_golden(void) {{ fwrite(OUT, 1, sizeof OUT - 1, stdout); fflush(stdout); }}\n\
         int main(int argc, char **argv) {{ (void)argc; (void)argv; (void)GOLDEN; (void)print_golden; {body} }}\n",
        crate::common::c_string(&golden),
        crate::common::c_string(golden_path().to_str().unwrap().as_bytes()),
        COUNT_XATTRS,
    );
    crate::common::compile_c(&src, &text, &exe);
    exe
}

struct Graded {
    code: Option<i32>,
    err: String,
    verdict: String,
    stdout: String,
}

fn grade(exe: &Path, extra: &[&str]) -> Graded {
    grade_env(exe, extra, &[])
}

fn grade_env(exe: &Path, extra: &[&str], env: &[(&str, &str)]) -> Graded {
    let report = work().join(format!(
        "{}.json",
        exe.file_name().unwrap().to_str().unwrap()
    ));
    let _ = std::fs::remove_file(&report);
    let report_arg = format!("json={}", report.display());
    let mut args = vec![
        "grade",
        "--exe",
        exe.to_str().unwrap(),
        MARCH,
        "--report",
        &report_arg,
    ];
    args.extend(extra);
    let o = crate::common::upcard_env(Path::new("."), &args, env);
    let text = std::fs::read_to_string(&report)
        .unwrap_or_else(|e| panic!("no report ({e}); stderr: {}", o.err));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let t = &json["tests"][0];
    Graded {
        code: o.code,
        err: o.err,
        verdict: t["verdict"].as_str().unwrap().to_string(),
        stdout: t["stdout"].as_str().unwrap().to_string(),
    }
}

/// Paths a program might try to reach the goldens by: the grader's working
/// directory through /proc, `..` upwards, and the absolute path.
const TRY_PATHS: &str = "char paths[40][512]; int n = 0; \
    snprintf(paths[n++], 512, \"/proc/%d/cwd/golden/eecs280/march.out\", (int)getppid()); \
    for (int p = 1; p < 40 && n < 30; p++) snprintf(paths[n++], 512, \"/proc/%d/cwd/golden/eecs280/march.out\", p); \
    strcpy(paths[n++], GOLDEN); \
    { char up[512] = \"\"; for (int i = 0; i < 8; i++) { strcat(up, \"../\"); snprintf(paths[n++], 512, \"%sgolden/eecs280/march.out\", up); } }";

#[test]
fn a_program_cannot_read_the_goldens() {
    let exe = program(
        "reader",
        &format!(
            "{TRY_PATHS} int seen = 0; for (int i = 0; i < n; i++) {{ FILE *f = fopen(paths[i], \"r\"); \
             if (f) {{ seen++; fclose(f); }} }} printf(\"seen %d\\n\", seen); return 0;"
        ),
    );
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "seen 0\n", "{}", g.err);
    assert_eq!(g.verdict, "fail");
    assert!(crate::common::none_running(&exe));
}

#[test]
fn a_program_cannot_write_to_the_goldens() {
    let before = std::fs::read(golden_path()).unwrap();
    let exe = program(
        "writer",
        &format!(
            "{TRY_PATHS} int wrote = 0; for (int i = 0; i < n; i++) {{ FILE *f = fopen(paths[i], \"a\"); \
             if (f) {{ wrote++; fputs(\"pwned\\n\", f); fclose(f); }} }} printf(\"wrote %d\\n\", wrote); return 0;"
        ),
    );
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "wrote 0\n", "{}", g.err);
    assert_eq!(std::fs::read(golden_path()).unwrap(), before);
}

#[test]
fn a_program_that_kills_its_parent_does_not_stop_the_grader() {
    let exe = program(
        "parricide",
        "kill(getppid(), SIGKILL); kill(1, SIGKILL); kill(-1, SIGKILL); print_golden(); return 0;",
    );
    let g = grade(&exe, &[]);
    // kill(-1) takes the program itself; the grader lives and reports.
    assert!(
        g.verdict == "crash" || g.verdict == "pass",
        "{} {}",
        g.verdict,
        g.err
    );
    assert!(matches!(g.code, Some(0 | 1)), "{:?} {}", g.code, g.err);
    assert!(crate::common::none_running(&exe));
}

#[test]
fn a_setsid_daemon_is_gone_when_the_run_ends() {
    let exe = program(
        "daemon",
        "if (fork() == 0) { setsid(); if (fork() == 0) { for (;;) sleep(1); } return 0; } \
         wait(NULL); print_golden(); return 0;",
    );
    let g = grade(&exe, &[]);
    assert_eq!(g.verdict, "pass", "{}", g.err);
    assert!(
        crate::common::none_running(&exe),
        "the daemon outlived its run"
    );
}

#[test]
fn a_fork_bomb_is_bounded_and_gone() {
    let exe = program(
        "bomb",
        "int made = 0; for (int i = 0; i < 100000; i++) { pid_t p = fork(); \
         if (p == 0) { for (;;) pause(); } if (p < 0) break; made++; } \
         printf(\"made %d\\n\", made); return 0;",
    );
    let g = grade(&exe, &["--max-processes", "32"]);
    let made: u32 = g
        .stdout
        .trim()
        .strip_prefix("made ")
        .unwrap_or_else(|| panic!("{:?} {}", g.stdout, g.err))
        .parse()
        .unwrap();
    assert!(made < 32, "{made} processes");
    assert!(crate::common::none_running(&exe));
}

#[test]
fn eight_big_processes_meet_the_runs_memory_limit() {
    // Each child takes 800 MB, under the 1 GiB per-process limit; together
    // they are far over the run's 1 GiB.
    let exe = program(
        "hogs",
        "for (int i = 0; i < 8; i++) if (fork() == 0) { size_t n = (size_t)800 << 20; \
         volatile char *p = malloc(n); if (!p) return 3; \
         for (size_t j = 0; j < n; j += 4096) p[j] = 1; sleep(2); return 0; } \
         int done = 0, st; while (wait(&st) > 0) if (WIFEXITED(st) && WEXITSTATUS(st) == 0) done++; \
         printf(\"done %d\\n\", done); return 0;",
    );
    let g = grade(&exe, &["--memory-mb", "1024", "--timeout", "60"]);
    let done: u32 = match g.stdout.trim().strip_prefix("done ") {
        Some(n) => n.parse().unwrap(),
        // The kernel may pick the parent itself.
        None => {
            assert_eq!(g.verdict, "crash", "{:?} {}", g.stdout, g.err);
            0
        }
    };
    assert!(done <= 1, "{done} children held 800 MB each");
    assert!(crate::common::none_running(&exe));
}

#[test]
fn a_program_cannot_connect_to_the_machine() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let exe = program(
        "connect",
        &format!(
            "int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a; memset(&a, 0, sizeof a); \
             a.sin_family = AF_INET; a.sin_port = htons({port}); a.sin_addr.s_addr = inet_addr(\"127.0.0.1\"); \
             int r = s < 0 ? -1 : connect(s, (struct sockaddr *)&a, sizeof a); \
             printf(\"%s\\n\", r == 0 ? \"connected\" : \"refused\"); return 0;"
        ),
    );
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "refused\n", "{}", g.err);
    assert!(
        listener.accept().is_err(),
        "a connection reached the machine"
    );
}

#[test]
fn a_program_gets_only_its_three_standard_descriptors() {
    let exe = program(
        "fds",
        "for (int fd = 0; fd < 1024; fd++) if (fcntl(fd, F_GETFD) >= 0) printf(\"%d \", fd); \
         printf(\"\\n\"); return 0;",
    );
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "0 1 2 \n", "{}", g.err);
}

#[test]
fn a_program_sees_an_empty_tmp_and_none_of_the_machine() {
    let exe = program(
        "look",
        "FILE *t = fopen(\"/tmp/left-behind\", \"r\"); printf(\"tmp %s\\n\", t ? \"dirty\" : \"clean\"); \
         FILE *w = fopen(\"/tmp/left-behind\", \"w\"); if (w) fclose(w); \
         printf(\"home %s\\n\", access(\"/home\", F_OK) == 0 || access(\"/root\", F_OK) == 0 ? \"seen\" : \"hidden\"); \
         printf(\"pid %d\\n\", (int)getpid()); return 0;",
    );
    // Twice on one helper: the second run sees no file from the first.
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "tmp clean\nhome hidden\npid 2\n", "{}", g.err);
    let g = grade(&exe, &[]);
    assert_eq!(g.stdout, "tmp clean\nhome hidden\npid 2\n", "{}", g.err);
}

#[test]
fn a_run_that_trades_its_input_for_other_files_leaves_none() {
    // PID 1 finds a run's space empty by counting its free inodes after
    // removing the run's inputs by name: this run keeps its pack under
    // another name (a hard link), removes the name PID 1 knows and leaves
    // a file in /tmp, so only a full listing can clean up after it. Two
    // scenarios on one worker run one after the other.
    let exe = program(
        "trade",
        "FILE *p = popen(\"ls -A /tmp /dev/shm; ls -A /work | grep -vx pack.in\", \"r\"); char line[256]; int n = 0; \
         while (p && fgets(line, sizeof line, p)) { size_t k = strlen(line); if (k > 1 && line[k - 2] != ':') n++; } \
         if (p) pclose(p); printf(\"left %d\\n\", n); \
         int linked = link(\"/work/pack.in\", \"/work/hard\") == 0; int gone = unlink(\"/work/pack.in\") == 0; \
         FILE *o = fopen(\"/tmp/other\", \"w\"); if (o) fclose(o); \
         printf(\"traded %d %d %d\\n\", linked, gone, o != NULL); return 0;",
    );
    for stdout in two_runs_on_one_worker(&exe, "trade") {
        assert_eq!(stdout, "left 0\ntraded 1 1 1\n");
    }
}

/// Grades `exe` on two scenarios with one worker (so one helper, the second
/// run after the first); each run's standard output, in order.
fn two_runs_on_one_worker(exe: &Path, name: &str) -> Vec<String> {
    let report = work().join(format!("{name}.json"));
    let _ = std::fs::remove_file(&report);
    let report_arg = format!("json={}", report.display());
    let o = crate::common::upcard_env(
        Path::new("."),
        &[
            "grade",
            "--exe",
            exe.to_str().unwrap(),
            MARCH,
            "scenarios/eecs280/euchred.yaml",
            "-j",
            "1",
            "--report",
            &report_arg,
        ],
        &[],
    );
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap())
        .unwrap_or_else(|e| panic!("{e}: {}", o.err));
    let tests = json["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2, "{}", o.err);
    tests
        .iter()
        .map(|t| t["stdout"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_run_sees_no_ipc_object_of_the_run_before_it() {
    // Each run looks for System V shared memory, semaphores and message
    // queues and a POSIX message queue left by an earlier run, then tries
    // to leave its own: every IPC call is refused (the seccomp filter).
    // Two scenarios on one worker run one after the other.
    let exe = program(
        "ipc",
        "int shm = shmget(0x5eed, 0, 0), sem = semget(0x5eed, 0, 0), msg = msgget(0x5eed, 0); \
         mqd_t mq = mq_open(\"/upcard-left\", O_RDONLY); \
         printf(\"shm %s sem %s msg %s mq %s\\n\", shm >= 0 ? \"left\" : \"none\", sem >= 0 ? \"left\" : \"none\", \
                msg >= 0 ? \"left\" : \"none\", mq != (mqd_t)-1 ? \"left\" : \"none\"); \
         struct mq_attr a = { .mq_maxmsg = 1, .mq_msgsize = 8 }; \
         printf(\"made %d\", shmget(0x5eed, 4096, IPC_CREAT | 0600) >= 0); \
         printf(\" %d\", semget(0x5eed, 1, IPC_CREAT | 0600) >= 0); \
         printf(\" %d\", msgget(0x5eed, IPC_CREAT | 0600) >= 0); \
         mq_open(\"/upcard-left\", O_CREAT | O_RDWR, 0600, &a); printf(\"\\n\"); return 0;",
    );
    for stdout in two_runs_on_one_worker(&exe, "ipc") {
        assert_eq!(stdout, "shm none sem none msg none mq none\nmade 0 0 0\n");
    }
}

/// C: a run's view of the stores a run before it could have moved: the
/// inode numbers of a new file in each writable folder, the network
/// namespace's `OutNoRoutes` count, whether IP, netlink and packet
/// sockets open; then it moves every one it can (5,000 files, datagrams to
/// an address with no route: the channel a unit-test file used to vote).
const COUNTERS: &str = "const char *d[3] = {\"/work/n\", \"/tmp/n\", \"/dev/shm/n\"}; \
    for (int i = 0; i < 3; i++) { int f = open(d[i], O_CREAT | O_WRONLY, 0600); struct stat s; \
      fstat(f, &s); printf(\"%s %lu\\n\", d[i], (unsigned long)s.st_ino); close(f); } \
    long noroutes = -1; FILE *snmp = fopen(\"/proc/net/snmp\", \"r\"); char line[4096]; int row = 0; \
    while (snmp && fgets(line, sizeof line, snmp)) if (!strncmp(line, \"Ip: \", 4) && row++ == 1) { \
      char *t = strtok(line, \" \"); for (int k = 0; t && k < 13; k++) t = strtok(NULL, \" \"); \
      if (t) noroutes = atol(t); } \
    int udp = socket(AF_INET, SOCK_DGRAM, 0), nl = socket(AF_NETLINK, SOCK_RAW, 0), \
      pk = socket(AF_PACKET, SOCK_DGRAM, 0), u6 = socket(AF_INET6, SOCK_DGRAM, 0); \
    printf(\"noroutes %ld udp %d netlink %d packet %d udp6 %d errno %d\\n\", noroutes, udp >= 0, nl >= 0, \
      pk >= 0, u6 >= 0, errno); \
    struct sockaddr_in a; memset(&a, 0, sizeof a); a.sin_family = AF_INET; a.sin_port = htons(9); \
    a.sin_addr.s_addr = inet_addr(\"203.0.113.1\"); \
    for (int i = 0; udp >= 0 && i < 100; i++) sendto(udp, \"x\", 1, 0, (struct sockaddr *)&a, sizeof a); \
    char name[64]; for (int i = 0; i < 5000; i++) { snprintf(name, sizeof name, \"/tmp/f%d\", i); \
      close(open(name, O_CREAT | O_WRONLY, 0600)); }";

#[test]
fn a_run_moves_no_counter_the_next_run_reads() {
    // Both runs must see the same numbers: the second comes after the first
    // moved them, on the same worker.
    let exe = program("counters", &format!("{COUNTERS} return 0;"));
    let runs = two_runs_on_one_worker(&exe, "counters");
    assert_eq!(runs[0], runs[1]);
    let tail = runs[0].lines().last().unwrap();
    assert!(
        tail.starts_with("noroutes ") && tail.ends_with(" udp 0 netlink 0 packet 0 udp6 0 errno 1"),
        "{}",
        runs[0]
    );
}

/// C: every lock a program could take or read on a file every sandbox
/// sees (a seat's partner has the same `/usr`): `flock`, `fcntl`'s
/// process locks and open-file-description locks, and reading one.
const LOCKS: &str = "int f = open(\"/usr/bin/env\", O_RDONLY); \
    struct flock l; memset(&l, 0, sizeof l); l.l_type = F_RDLCK; l.l_whence = SEEK_SET; l.l_len = 1; \
    int a = flock(f, LOCK_SH | LOCK_NB); int ea = errno; \
    int b = fcntl(f, F_SETLK, &l); int eb = errno; \
    int c = fcntl(f, F_OFD_SETLK, &l); int ec = errno; \
    int g = fcntl(f, F_GETLK, &l); int eg = errno; \
    int h = fcntl(f, F_OFD_GETLK, &l); int eh = errno; \
    printf(\"flock %d %d setlk %d %d ofd %d %d getlk %d %d ofdget %d %d\\n\", a, ea, b, eb, c, ec, g, eg, h, eh);";

#[test]
fn no_lock_can_be_taken_or_read_in_any_mode() {
    let exe = program("locks", &format!("{LOCKS} return 0;"));
    let refused = "flock -1 1 setlk -1 1 ofd -1 1 getlk -1 1 ofdget -1 1\n";
    assert_eq!(grade(&exe, &[]).stdout, refused);
    let landlock = grade_env(&exe, &[], &[("UPCARD_SANDBOX", "landlock")]);
    assert_eq!(landlock.stdout, refused, "{}", landlock.err);
}

#[test]
fn landlock_alone_refuses_udp_and_the_machines_ipc() {
    // Landlock governs TCP only, and without namespaces System V objects
    // live in the machine's IPC namespace, read by the next student.
    let exe = program(
        "landlock-stores",
        "int udp = socket(AF_INET, SOCK_DGRAM, 0); int shm = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600); \
         int sem = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600); int msg = msgget(IPC_PRIVATE, IPC_CREAT | 0600); \
         printf(\"udp %d shm %d sem %d msg %d\\n\", udp, shm, sem, msg); return 0;",
    );
    let g = grade_env(&exe, &[], &[("UPCARD_SANDBOX", "landlock")]);
    assert_eq!(g.stdout, "udp -1 shm -1 sem -1 msg -1\n", "{}", g.err);
}

/// C: how many extended attributes a run could set (`user.*`, and
/// `system.*` for ACLs) `path` has; -1 when they cannot be listed.
const COUNT_XATTRS: &str = "static __attribute__((unused)) int xattrs(const char *path) { char names[4096]; \
    long n = listxattr(path, names, sizeof names); if (n < 0) return -1; int k = 0; \
    for (long i = 0; i < n; i += strlen(names + i) + 1) \
    if (!strncmp(names + i, \"user.\", 5) || !strncmp(names + i, \"system.\", 7)) k++; return k; }";

#[test]
fn a_run_finds_its_folders_its_ids_and_the_key_rings_as_the_first_run_did() {
    // Each run prints the state an earlier run could have left where no
    // file holds it: the three folders' mode, owner, times and extended
    // attributes, its own process ID, its program's name, a key, a socket
    // listening; then it changes every one of them (chmod 0 /work broke
    // the next student's run) and leaves a daemon holding a socket and a
    // lock. Two scenarios on one worker run one after the other: the
    // second must see what the first saw.
    let exe = program(
        "marks",
        "const char *d[3] = {\"/work\", \"/tmp\", \"/dev/shm\"}; \
         for (int i = 0; i < 3; i++) { struct stat s; stat(d[i], &s); \
           printf(\"%s %o %d %d %ld %d\\n\", d[i], s.st_mode & 07777, (int)s.st_uid, (int)s.st_gid, \
                  i ? (long)s.st_mtime + (long)s.st_atime : 0L, xattrs(d[i])); } \
         char exe[256] = {0}; if (readlink(\"/proc/self/exe\", exe, 255) < 0) strcpy(exe, \"?\"); \
         long key = syscall(SYS_keyctl, 10, -4, \"user\", \"upcard-left\", 0); \
         printf(\"pid %d exe %s key %ld pack %d\\n\", (int)getpid(), exe, key, access(\"pack.in\", R_OK) == 0); \
         for (int i = 0; i < 3; i++) { setxattr(d[i], \"user.left\", \"1\", 1, 0); \
           struct timeval t[2] = {{1000, 0}, {1000, 0}}; utimes(d[i], t); } \
         for (int i = 0; i < 4; i++) if (fork() == 0) _exit(0); while (wait(NULL) > 0) {} \
         long added = syscall(SYS_add_key, \"user\", \"upcard-left\", \"1\", 1, -4); \
         printf(\"key added %d\\n\", added >= 0); \
         struct sockaddr_un u; memset(&u, 0, sizeof u); u.sun_family = AF_UNIX; memcpy(u.sun_path, \"\\0upcard-left\", 12); \
         int c = socket(AF_UNIX, SOCK_STREAM, 0); \
         printf(\"socket %s\\n\", connect(c, (struct sockaddr *)&u, sizeof u) == 0 ? \"left\" : \"none\"); \
         int l = socket(AF_UNIX, SOCK_STREAM, 0); int bound = bind(l, (struct sockaddr *)&u, sizeof u) == 0 && listen(l, 1) == 0; \
         int lock = open(\"/tmp/lock\", O_CREAT | O_RDWR, 0600); \
         printf(\"listening %d locked %d\\n\", bound, flock(lock, LOCK_EX | LOCK_NB) == 0); \
         if (fork() == 0) { setsid(); if (fork() == 0) { for (;;) pause(); } _exit(0); } \
         chmod(\"/tmp\", 0700); chmod(\"/dev/shm\", 0); chmod(\"/work\", 0); return 0;",
    );
    for stdout in two_runs_on_one_worker(&exe, "marks") {
        assert_eq!(
            stdout,
            "/work 755 0 0 0 0\n/tmp 1777 0 0 0 0\n/dev/shm 1777 0 0 0 0\n\
             pid 2 exe /memfd:program (deleted) key -1 pack 1\nkey added 0\n\
             socket none\nlistening 1 locked 0\n"
        );
    }
}

#[test]
fn landlock_alone_keeps_the_graders_files_mode_and_attributes() {
    // With Landlock alone the program runs as the grader's user, and
    // Landlock does not govern chmod, chown, times or attributes: the
    // golden (the grader's own file) must keep its mode.
    use std::os::unix::fs::PermissionsExt;
    let golden = golden_path();
    let before = std::fs::metadata(&golden).unwrap().permissions().mode();
    let exe = program(
        "chmodder",
        "int a = chmod(GOLDEN, 0); int ea = errno; int b = chmod(\".\", 0); int eb = errno; \
         int c = setxattr(GOLDEN, \"user.left\", \"1\", 1, 0); int ec = errno; \
         int fd = open(GOLDEN, O_RDONLY); int f = fchmod(fd, 0); \
         long k = syscall(SYS_add_key, \"user\", \"upcard-left\", \"1\", 1, -4); \
         printf(\"%d %s %d %s %d %s %d %d %ld\\n\", a, strerror(ea), b, strerror(eb), c, strerror(ec), fd < 0, f, k); \
         return 0;",
    );
    let g = grade_env(&exe, &[], &[("UPCARD_SANDBOX", "landlock")]);
    let after = std::fs::metadata(&golden).unwrap().permissions().mode();
    std::fs::set_permissions(&golden, std::fs::Permissions::from_mode(before)).unwrap();
    assert_eq!(after, before);
    assert_eq!(
        g.stdout,
        "-1 Operation not permitted -1 Operation not permitted -1 Operation not permitted 1 -1 -1\n",
        "{}",
        g.err
    );
}

#[test]
fn a_grader_killed_outright_leaves_no_program_running() {
    let exe = program(
        "swarm",
        "for (int i = 0; i < 4; i++) if (fork() == 0) { if (i % 2) setsid(); for (;;) sleep(1); } \
         for (;;) sleep(1); return 0;",
    );
    let grader = crate::common::grading_until_running(&exe, MARCH, 5);
    let up = grader.is_some();
    let mut grader = grader.expect("the program and its children did not start");
    grader.kill().unwrap();
    grader.wait().unwrap();
    assert!(up);
    assert!(
        crate::common::none_running(&exe),
        "still running: {:?}",
        crate::common::running(&exe)
    );
    if let Some(root) = crate::common::grader_root(grader.id()) {
        let _ = std::fs::remove_dir_all(root);
    }
}

#[test]
fn without_the_sandbox_it_says_so_only_when_asked() {
    let exe = program("plain", "print_golden(); return 0;");
    let g = grade(&exe, &["--no-sandbox"]);
    assert_eq!(g.verdict, "pass");
    assert_eq!(g.err, "");
    let g = grade(&exe, &[]);
    assert_eq!(g.verdict, "pass");
}

#[test]
fn a_script_runs_with_its_interpreter_from_the_sandbox() {
    let exe = work().join("script.sh");
    std::fs::write(&exe, "#!/bin/sh\necho \"script ran in $PWD as $0 $1\"\n").unwrap();
    Command::new("chmod").arg("+x").arg(&exe).status().unwrap();
    let g = grade(&exe, &[]);
    // The program file is passed by descriptor, so a script's $0 is that
    // descriptor (docs/sandbox.md); a compiled program's argv[0] is ./euchre.exe.
    assert_eq!(
        g.stdout, "script ran in /work as /dev/fd/3 pack.in\n",
        "{}",
        g.err
    );
}

#[test]
fn landlock_alone_still_holds_the_goldens_the_network_and_the_descriptors() {
    // As on a machine without user namespaces.
    let env = [("UPCARD_SANDBOX", "landlock")];
    let exe = program(
        "landlock-only",
        &format!(
            "{TRY_PATHS} int seen = 0; for (int i = 0; i < n; i++) {{ FILE *f = fopen(paths[i], \"r\"); \
             if (f) {{ seen++; fclose(f); }} FILE *w = fopen(paths[i], \"a\"); if (w) {{ seen++; fclose(w); }} }} \
             int fds = 0; for (int fd = 0; fd < 1024; fd++) if (fcntl(fd, F_GETFD) >= 0) fds++; \
             int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a; memset(&a, 0, sizeof a); \
             a.sin_family = AF_INET; a.sin_port = htons(PORT); a.sin_addr.s_addr = inet_addr(\"127.0.0.1\"); \
             int r = s < 0 ? -1 : connect(s, (struct sockaddr *)&a, sizeof a); \
             kill(getppid(), SIGKILL); \
             printf(\"seen %d connect %s fds %d\\n\", seen, r == 0 ? \"yes\" : \"no\", fds); return 0;"
        )
        .replace("PORT", &{
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let p = l.local_addr().unwrap().port();
            std::mem::forget(l);
            p.to_string()
        }),
    );
    let before = std::fs::read(golden_path()).unwrap();
    let g = grade_env(&exe, &[], &env);
    assert_eq!(g.stdout, "seen 0 connect no fds 3\n", "{}", g.err);
    assert!(
        g.err
            .starts_with("upcard: note: no namespaces for the sandbox"),
        "{}",
        g.err
    );
    assert_eq!(std::fs::read(golden_path()).unwrap(), before);
    assert!(crate::common::none_running(&exe));
}

/// The device a path is on, as the kernel numbers it (one numbering for
/// every mount namespace, so the sandbox's and the grader's compare).
fn device(p: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(p).unwrap().dev()
}

/// A program that writes 400 files of 8 MB into its directory (each under
/// the per-file limit) is stopped by the bound on all it may write, gets a
/// verdict of its own, and what it wrote was on a tmpfs of its own, not on
/// any file system of the grader's. The program says where it wrote rather
/// than the test watching free space: other tests write to the same disk at
/// the same time, so free space cannot tell the run's writes from theirs.
#[test]
fn what_a_run_writes_in_all_is_bounded_and_off_the_grader_disk() {
    let exe = program(
        "filler",
        "static char block[1 << 20]; memset(block, 'x', sizeof block); int made = 0; \
         for (int f = 0; f < 400; f++) { char name[32]; snprintf(name, sizeof name, \"fill-%d\", f); \
         FILE *w = fopen(name, \"w\"); if (!w) break; int ok = 1; \
         for (int m = 0; m < 8 && ok; m++) ok = fwrite(block, 1, sizeof block, w) == sizeof block; \
         if (fclose(w) != 0 || !ok) break; made++; } \
         struct statfs fs; struct stat st; if (statfs(\"fill-0\", &fs) != 0 || stat(\"fill-0\", &st) != 0) return 3; \
         printf(\"made %d on %s %lu\\n\", made, fs.f_type == 0x01021994 ? \"tmpfs\" : \"disk\", (unsigned long)st.st_dev); \
         return 0;",
    );
    let g = grade(&exe, &["--disk-mb", "64"]);
    assert_eq!(g.verdict, "disk", "{} {}", g.stdout, g.err);
    // 64 MiB hold 7 whole files of 8 MiB.
    let (made, dev) = g.stdout.rsplit_once(' ').unwrap();
    assert_eq!(made, "made 7 on tmpfs", "{}", g.stdout);
    let dev: u64 = dev.trim_end().parse().unwrap();
    for grader in [
        std::env::temp_dir(),
        work(),
        std::env::current_dir().unwrap(),
    ] {
        assert_ne!(
            dev,
            device(&grader),
            "the run wrote on {}'s file system",
            grader.display()
        );
    }
    let text = std::fs::read_to_string(work().join("filler.json")).unwrap();
    assert!(
        text.contains("the run wrote more than its 64 MiB to its directory, /tmp and /dev/shm together (--disk-mb)"),
        "{text}"
    );
}

/// The same correct program gets the same verdict in every sandbox mode:
/// the usual devices work (a command's `2>/dev/null`, random numbers).
#[test]
fn the_five_devices_work_in_every_mode() {
    let exe = program(
        "devices",
        "const char *d[5] = {\"/dev/null\", \"/dev/zero\", \"/dev/full\", \"/dev/random\", \"/dev/urandom\"}; \
         for (int i = 0; i < 5; i++) { int fd = open(d[i], O_RDWR); if (fd < 0) { printf(\"%s: %s\\n\", d[i], strerror(errno)); return 1; } \
         char c; if (i > 0 && read(fd, &c, 1) != 1) { printf(\"%s: no byte\\n\", d[i]); return 1; } close(fd); } \
         if (!freopen(\"/dev/null\", \"w\", stderr)) return 1; fprintf(stderr, \"hidden\\n\"); \
         print_golden(); return 0;",
    );
    for (env, extra) in [
        (vec![], vec![]),
        (vec![("UPCARD_SANDBOX", "landlock")], vec![]),
        (vec![], vec!["--no-sandbox"]),
    ] {
        let g = grade_env(&exe, &extra, &env);
        assert_eq!(
            g.verdict, "pass",
            "{env:?} {extra:?}: {} {}",
            g.stdout, g.err
        );
    }
}

/// A tree deeper than PATH_MAX left in /tmp does not reach the next
/// program graded by the same worker.
#[test]
fn a_deep_tree_in_tmp_does_not_reach_the_next_student() {
    let dir = work().join("deep-class");
    let _ = std::fs::remove_dir_all(&dir);
    let deep = program(
        "deep",
        "if (chdir(\"/tmp\") != 0) return 1; char name[51]; memset(name, 'd', 50); name[50] = 0; \
         for (int i = 0; i < 1000; i++) { if (mkdir(name, 0700) != 0 || chdir(name) != 0) return 2; } \
         FILE *f = fopen(\"secret\", \"w\"); if (!f) return 3; fputs(\"left for the next one\", f); fclose(f); \
         print_golden(); return 0;",
    );
    let next = program(
        "next",
        "int n = 0; FILE *p = popen(\"ls -A /tmp /dev/shm; ls -A . | grep -vx pack.in\", \"r\"); char line[256]; \
         while (p && fgets(line, sizeof line, p)) { size_t k = strlen(line); \
         if (k > 1 && line[k - 2] != ':') { n++; fputs(line, stdout); } } \
         if (p) pclose(p); if (n == 0) print_golden(); else printf(\"found %d\\n\", n); return 0;",
    );
    for (who, exe) in [("a-deep", &deep), ("b-next", &next)] {
        std::fs::create_dir_all(dir.join(who)).unwrap();
        std::fs::copy(exe, dir.join(who).join("euchre.exe")).unwrap();
    }
    let csv = work().join("deep.csv");
    let o = crate::common::upcard_env(
        Path::new("."),
        &[
            "grade",
            "--exe",
            dir.to_str().unwrap(),
            "-j",
            "1",
            MARCH,
            "--csv",
            csv.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "student,pass,fail,crash,timeout,exit,truncated,memory,disk,not-run,build-failed,near-miss,not-exact,flaky,score,march\n\
         a-deep,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\nb-next,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\n",
        "{}",
        o.out
    );
}

/// Whoever can write the temporary directory may plant links named like a
/// killed grader's run root: the grader's stale cleanup never follows one,
/// and its own folders are private and unguessable.
#[test]
fn planted_links_in_tmpdir_leave_their_targets_alone() {
    use std::os::unix::fs::PermissionsExt;
    let base = work().join("planted");
    let _ = std::fs::remove_dir_all(&base);
    let tmp = base.join("tmp");
    let victim = base.join("course");
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::write(victim.join("grades.csv"), "alice,10\n").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o755)).unwrap();
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    let own = tmp.join(format!("upcard-{uid}"));
    std::fs::create_dir(&own).unwrap();
    std::fs::set_permissions(&own, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::os::unix::fs::symlink(&victim, tmp.join("upcard-grade-999999-0")).unwrap();
    std::os::unix::fs::symlink(&victim, own.join("upcard-grade-999999-0")).unwrap();
    let exe = program("plants", "print_golden(); return 0;");
    let tmp_s = tmp.to_str().unwrap().to_string();
    let g = grade_env(&exe, &[], &[("TMPDIR", tmp_s.as_str())]);
    assert_eq!(g.verdict, "pass", "{}", g.err);
    assert_eq!(
        std::fs::read_to_string(victim.join("grades.csv")).unwrap(),
        "alice,10\n"
    );
    assert_eq!(
        std::fs::metadata(&victim).unwrap().permissions().mode() & 0o777,
        0o755
    );
    // A folder of this user's name that is a link is not used at all.
    std::fs::remove_dir_all(&own).unwrap();
    std::os::unix::fs::symlink(&victim, &own).unwrap();
    let o = crate::common::upcard_env(
        Path::new("."),
        &["grade", "--exe", exe.to_str().unwrap(), MARCH],
        &[("TMPDIR", tmp_s.as_str())],
    );
    assert_eq!(o.code, Some(2), "{}", o.out);
    assert!(
        o.err.contains("is not a private folder of this user's"),
        "{}",
        o.err
    );
    assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 1);
}
