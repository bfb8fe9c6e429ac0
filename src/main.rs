use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use upcard::commands::{bless, grade, replay, run};
use upcard::replay::Target;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "upcard",
    version,
    about = "Euchre test harness and replay tool for EECS 280 and CS 246"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4
    Eecs280 {
        /// The program name echoed on line 1.
        #[arg(long, default_value = "./euchre.exe")]
        argv0: String,
        /// The course program's arguments, checked as it checks them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Play as the CS 246 euchre: [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]
    Cs246 {
        /// The program's flags, read as the course program reads them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run scenarios through the engine and compare each with its golden transcript
    Run {
        /// Scenario files or directories (default: scenarios/)
        paths: Vec<PathBuf>,
        /// Only scenarios whose name, path or a tag contains TEXT
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// Only the scenarios that failed last time (.upcard/last-failed)
        #[arg(long)]
        failed: bool,
        /// Show diffs as two columns
        #[arg(long)]
        side_by_side: bool,
        #[arg(long, value_enum, default_value = "auto")]
        color: run::Color,
    },
    /// Write or rewrite golden transcripts from the engine
    Bless {
        /// Scenario files or directories (default: scenarios/)
        paths: Vec<PathBuf>,
        /// Only scenarios whose name, path or a tag contains TEXT
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// List files in the golden folders that no scenario uses (writes nothing)
        #[arg(long)]
        unreferenced: bool,
    },
    /// Run a student program (or a directory of submissions) on the scenarios and grade it
    Grade {
        /// The program, or a directory with one submission per subdirectory
        #[arg(long)]
        exe: PathBuf,
        /// Scenario files or directories (default: scenarios/)
        paths: Vec<PathBuf>,
        /// Only scenarios whose name, path or a tag contains TEXT
        #[arg(long, value_name = "TEXT")]
        filter: Option<String>,
        /// argv[0] to run the program as (default ./euchre.exe for EECS 280, ./euchre for CS 246)
        #[arg(long)]
        argv0: Option<String>,
        /// Seconds each run may take before its process group is killed
        #[arg(long, default_value = "10", value_parser = grade::seconds)]
        timeout: std::time::Duration,
        /// Bytes of output kept per run; more stops the run and marks it truncated
        #[arg(long, default_value_t = 1 << 20)]
        max_output: usize,
        /// Memory limit in MiB: each process's address space, and in the sandbox all of a run's processes together (0 for none)
        #[arg(long, default_value_t = 1024)]
        memory_mb: u64,
        /// Processes a run may have at once (in the sandbox)
        #[arg(long, default_value_t = 64)]
        max_processes: u32,
        /// Run programs without the sandbox (only programs you trust)
        #[arg(long)]
        no_sandbox: bool,
        /// A report to write: gradescope=PATH, junit=PATH, json=PATH, tap[=PATH] (repeatable)
        #[arg(long = "report", value_name = "KIND=PATH")]
        reports: Vec<grade::ReportSpec>,
        /// Runs at once (default: the number of cores)
        #[arg(short = 'j', long)]
        jobs: Option<usize>,
        /// Also write the students × verdicts table as CSV
        #[arg(long, value_name = "PATH")]
        csv: Option<PathBuf>,
        /// Include run times in the JSON report (they differ from run to run)
        #[arg(long)]
        timings: bool,
        /// Differential testing: compare the program with the engine on N random games
        #[arg(long, value_name = "N")]
        random: Option<u32>,
        /// The course to grade: its scenarios only (default: the course of the scenarios given; for --random, eecs280)
        #[arg(long, value_enum)]
        rules: Option<RulesArg>,
        /// List the scenarios skipped because a course program cannot run them
        #[arg(long)]
        list_skipped: bool,
        /// Run each failing scenario up to N times and report output that changes between runs
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
        repeat: u32,
        /// The random games' seed
        #[arg(long, default_value_t = 0)]
        seed: u32,
        /// Where --random writes the shrunk scenario of a divergence (scenarios/ and golden/ inside)
        #[arg(long, default_value = "divergence")]
        out: PathBuf,
    },
    /// Step through a scenario or CS 246 save file move by move
    Replay {
        /// A scenario (.yaml) or a CS 246 save file
        file: PathBuf,
        /// Walk it with commands: Enter/n next, b back, t next trick, h next hand, j N jump, q quit
        #[arg(long)]
        step: bool,
        /// Stop after this point: HAND:TRICK:PLAY (trick 0 is making trump) or a move number
        #[arg(long, value_name = "POINT")]
        to: Option<Target>,
        /// text, or json: one object per move (event, rule, full state)
        #[arg(long, value_enum, default_value = "text")]
        format: replay::Format,
        /// Write the state after POINT as a CS 246 save file OUT that continues the game exactly
        #[arg(long, num_args = 2, value_names = ["POINT", "OUT"])]
        save_at: Option<Vec<String>>,
    },
    /// Print the JSON Schema of scenario files (grammar/scenario.schema.json)
    Schema,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum RulesArg {
    Eecs280,
    Cs246,
}

fn main() -> ExitCode {
    // `upcard grade` starts copies of itself as sandbox helpers.
    #[cfg(target_os = "linux")]
    {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if args
            .get(1)
            .is_some_and(|a| a == upcard::grade::sandbox::HELPER_ARG)
        {
            std::process::exit(upcard::grade::sandbox::helper_main(&args[2..]));
        }
    }
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let result = match cli.command {
        Command::Eecs280 { argv0, args } => upcard::commands::eecs280::run(
            &args,
            &argv0,
            Box::new(std::io::stdin().lock()),
            &mut stdout.lock(),
        ),
        Command::Cs246 { args } => upcard::commands::cs246::run(
            &args,
            Box::new(std::io::stdin().lock()),
            &mut stdout.lock(),
        ),
        Command::Run {
            paths,
            filter,
            failed,
            side_by_side,
            color,
        } => run::run(
            &run::Options {
                paths,
                filter,
                failed,
                side_by_side,
                color: color.enabled(),
            },
            &mut stdout.lock(),
        ),
        Command::Bless {
            paths,
            filter,
            unreferenced,
        } => bless::run(
            &bless::Options {
                paths,
                filter,
                unreferenced,
            },
            &mut stdout.lock(),
        ),
        Command::Grade {
            exe,
            paths,
            filter,
            argv0,
            timeout,
            max_output,
            memory_mb,
            max_processes,
            no_sandbox,
            reports,
            jobs,
            csv,
            timings,
            random,
            rules,
            list_skipped,
            repeat,
            seed,
            out,
        } => grade::run(
            &grade::Options {
                exe,
                paths,
                filter,
                argv0,
                limits: upcard::grade::Limits {
                    time: timeout,
                    output: max_output,
                    memory: memory_mb * 1024 * 1024,
                    processes: max_processes,
                },
                sandbox: !no_sandbox,
                reports,
                jobs: jobs
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
                csv,
                timings,
                random,
                rules: rules.map(|r| match r {
                    RulesArg::Eecs280 => upcard::scenario::raw::RulesName::Eecs280,
                    RulesArg::Cs246 => upcard::scenario::raw::RulesName::Cs246,
                }),
                list_skipped,
                repeat,
                seed,
                out,
            },
            &mut stdout.lock(),
        ),
        Command::Replay {
            file,
            step,
            to,
            format,
            save_at,
        } => (|| {
            let save_at = match save_at.as_deref() {
                Some([point, out]) => Some((
                    point
                        .parse::<Target>()
                        .map_err(upcard::commands::Failure::input)?,
                    PathBuf::from(out),
                )),
                _ => None,
            };
            replay::run(
                &replay::Options {
                    file,
                    step,
                    to,
                    format,
                    save_at,
                },
                &mut std::io::stdin().lock(),
                &mut stdout.lock(),
            )
        })(),
        Command::Schema => {
            let _ = writeln!(stdout.lock(), "{}", upcard::scenario::schema());
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            let _ = stdout.lock().flush();
            if let Some(m) = f.message {
                eprintln!("upcard: {m}");
            }
            ExitCode::from(f.code)
        }
    }
}
