//! `upcard <course> ARGS…`: run as a course's program. One subcommand per
//! course in the table (upcard::courses::COURSES), made here, not listed.

use std::io::Write;

use clap::{Arg, ArgMatches, Command};
use upcard::Failure;
use upcard::courses::{COURSES, Course};

/// A subcommand for each course.
pub fn subcommands(cmd: Command) -> Command {
    COURSES.iter().filter(|c| c.has_program()).fold(cmd, |cmd, c| {
        cmd.subcommand(
            Command::new(c.name())
                .about(c.about())
                .after_help(c.examples())
                .arg(
                    Arg::new("argv0")
                        .long("argv0")
                        .default_value(c.program())
                        .help("The program name, as the course program is started (echoed where it echoes it)"),
                )
                .arg(
                    Arg::new("args")
                        .num_args(0..)
                        .trailing_var_arg(true)
                        .allow_hyphen_values(true)
                        .help("The course program's arguments, checked as it checks them"),
                ),
        )
    })
}

/// A course program's run, when `name` is a course's subcommand.
pub struct Program {
    course: &'static dyn Course,
    argv0: String,
    args: Vec<String>,
}

impl Program {
    pub fn from_matches(name: &str, m: &ArgMatches) -> Option<Program> {
        let course = upcard::courses::find(name).filter(|c| c.has_program())?;
        Some(Program {
            course,
            argv0: m
                .get_one::<String>("argv0")
                .cloned()
                .unwrap_or_else(|| course.program().to_string()),
            args: m
                .get_many::<String>("args")
                .map_or(Vec::new(), |v| v.cloned().collect()),
        })
    }

    /// upcard started under a course program's name (`euchre.exe`,
    /// `euchre`: a copy or a link) is that program, arguments and all, so
    /// it drops in wherever the course's program goes.
    pub fn from_argv0(argv: &[std::ffi::OsString]) -> Option<Program> {
        let argv0 = argv.first()?;
        let course = upcard::courses::by_program_file(argv0)?;
        Some(Program {
            course,
            argv0: argv0.to_string_lossy().into_owned(),
            args: argv[1..]
                .iter()
                .map(|a| a.to_string_lossy().into_owned())
                .collect(),
        })
    }

    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let stdin = Box::new(std::io::stdin().lock());
        self.course.run(&self.args, &self.argv0, stdin, stdout)
    }
}
