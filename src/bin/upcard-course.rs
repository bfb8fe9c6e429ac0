//! `upcard-course`: the course programs alone (what `upcard eecs280` and
//! `upcard cs246` run, byte for byte), for grading scripts that start the
//! reference program thousands of times. It links nothing else: a third
//! of `upcard`'s page faults at start, and 0.6–0.7 of its time a game (issue
//! #53; the figures are in README.md). Named `euchre.exe` or `euchre` (a
//! copy or a link) it is that course's program, arguments and all.

// Its own C `main`, not Rust's runtime one: that one probes the main
// thread's stack (reading /proc/self/maps) and maps an alternate signal
// stack, for a stack-overflow message this program has no use for (it
// recurses nowhere), about 0.1 ms of a game's 1 ms here (issue #53: a
// static C program starts in 0.56 ms, this one in 0.59 ms, and in 0.69 ms
// with the runtime's). What the runtime did that matters is done here:
// closed standard streams opened on /dev/null, SIGPIPE ignored (a closed
// pipe is a write error, ended quietly by `exit.rs`), the arguments read,
// a panic's status 101, standard output flushed at the end.
// (Its unit tests keep the test harness's `main`.)
#![cfg_attr(not(test), no_main)]

#[path = "../cli/exit.rs"]
mod exit;

use std::ffi::{OsString, c_char, c_int};

use upcard::Failure;
use upcard::courses::{COURSES, Course};

/// The process's entry, called by the C runtime with the arguments.
#[cfg(not(test))]
#[unsafe(no_mangle)]
pub extern "C" fn main(argc: c_int, argv: *const *const c_char) -> c_int {
    #[cfg(unix)]
    {
        open_closed_standard_streams();
        // SAFETY: setting a signal's disposition to a constant, before any
        // thread is started.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
    }
    let argv = arguments(argc, argv);
    // A panic's message is printed by the default hook as it unwinds; it
    // must not unwind out of a C function. What was printed before it is
    // flushed, as the runtime's `main` flushes after a panic too.
    std::panic::catch_unwind(|| run(&argv)).map_or_else(
        |_| {
            let _ = std::io::Write::flush(&mut std::io::stdout().lock());
            101
        },
        c_int::from,
    )
}

/// Standard streams the caller closed opened on /dev/null, as Rust's
/// runtime does: otherwise the next file opened (a pack) would take the
/// number of standard input or output and be read or written as it.
#[cfg(all(unix, not(test)))]
fn open_closed_standard_streams() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `poll` reads and writes the three entries it is given; a
    // closed descriptor comes back as POLLNVAL. Then opening a constant
    // path, which touches no memory of ours.
    unsafe {
        if libc::poll(fds.as_mut_ptr(), 3, 0) == -1 {
            return;
        }
        for p in fds {
            // The lowest free number: the one just found closed.
            if p.revents & libc::POLLNVAL != 0
                && libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) != p.fd
            {
                libc::abort();
            }
        }
    }
}

/// The arguments as the C runtime passed them: without Rust's `main`, the
/// standard library knows them on some targets only (glibc's, not musl's).
#[cfg(unix)]
fn arguments(argc: c_int, argv: *const *const c_char) -> Vec<OsString> {
    use std::os::unix::ffi::OsStrExt;
    let count = if argv.is_null() {
        0
    } else {
        usize::try_from(argc).unwrap_or(0)
    };
    (0..count)
        .map(|i| {
            // SAFETY: the C runtime passes `argc` pointers to NUL-terminated
            // strings that live as long as the process.
            let arg = unsafe { std::ffi::CStr::from_ptr(*argv.add(i)) };
            std::ffi::OsStr::from_bytes(arg.to_bytes()).to_os_string()
        })
        .collect()
}

#[cfg(not(unix))]
fn arguments(_argc: c_int, _argv: *const *const c_char) -> Vec<OsString> {
    std::env::args_os().collect()
}

fn run(argv: &[OsString]) -> u8 {
    let stdout = std::io::stdout();
    let result = match Run::from_args(argv) {
        Ok(Run::Program {
            course,
            argv0,
            args,
        }) => {
            let stdin = Box::new(std::io::stdin().lock());
            course.run(&args, &argv0, stdin, &mut stdout.lock())
        }
        Ok(Run::Say(text)) => exit::write_out(&mut stdout.lock(), text.as_bytes()),
        Err(f) => Err(f),
    };
    exit::finish_status(result, &stdout)
}

/// What the command line asks for.
enum Run {
    Program {
        course: &'static dyn Course,
        argv0: String,
        args: Vec<String>,
    },
    /// Help or the version, on standard output.
    Say(String),
}

impl Run {
    /// `upcard-course COURSE [--argv0 NAME] [--] ARGS…`, or under a course
    /// program's name its arguments as they are.
    fn from_args(argv: &[OsString]) -> Result<Run, Failure> {
        let text = |a: &OsString| a.to_string_lossy().into_owned();
        if let Some(course) = argv
            .first()
            .and_then(|a| upcard::courses::by_program_file(a))
        {
            return Ok(Run::Program {
                course,
                argv0: text(&argv[0]),
                args: argv[1..].iter().map(text).collect(),
            });
        }
        let mut rest = argv.iter().skip(1).map(text);
        let first = rest.next().unwrap_or_default();
        match first.as_str() {
            "-h" | "--help" => return Ok(Run::Say(usage())),
            "-V" | "--version" => {
                return Ok(Run::Say(format!(
                    "upcard-course {}\n",
                    env!("CARGO_PKG_VERSION")
                )));
            }
            _ => {}
        }
        let course = upcard::courses::find(&first)
            .filter(|c| c.has_program())
            .ok_or_else(|| {
                let what = if first.is_empty() {
                    "a course is missing".to_string()
                } else {
                    format!("{first:?} is not a course")
                };
                Failure::input(format!("{what}\n{}", usage()))
            })?;
        let mut args: Vec<String> = rest.collect();
        let mut argv0 = course.program().to_string();
        let given = match args.first().map(String::as_str) {
            Some("--argv0") if args.len() > 1 => Some((args[1].clone(), 2)),
            Some("--argv0") => {
                return Err(Failure::input("--argv0 takes the program's name"));
            }
            Some(a) => a.strip_prefix("--argv0=").map(|n| (n.to_string(), 1)),
            None => None,
        };
        if let Some((name, used)) = given {
            argv0 = name;
            args.drain(..used);
        }
        if args.first().is_some_and(|a| a == "--") {
            args.remove(0);
        }
        Ok(Run::Program {
            course,
            argv0,
            args,
        })
    }
}

/// The help text: the command line, and each course with its program.
fn usage() -> String {
    let courses: Vec<String> = COURSES
        .iter()
        .filter(|c| c.has_program())
        .map(|c| format!("  {:<9} {}\n", c.name(), c.about()))
        .collect();
    format!(
        "The course programs of upcard alone, quick to start.\n\n\
         Usage: upcard-course COURSE [--argv0 NAME] ARGS...\n\
         \x20      (a copy or link named as a course's program is that program)\n\n\
         Courses:\n{}",
        courses.concat()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a course it says so, status 2, as the process does (the
    /// integration tests run the binary itself: tests/integration).
    #[test]
    fn no_course_is_a_usage_error() {
        assert_eq!(arguments(0, std::ptr::null()), Vec::<OsString>::new());
        assert_eq!(run(&[OsString::from("upcard-course")]), 2);
        assert_eq!(run(&["upcard-course", "chess"].map(OsString::from)), 2);
    }
}
