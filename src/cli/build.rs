//! `upcard build`: a submission's sources built with the course's build
//! script inside the grader's sandbox (docs/deploying.md, "The build").

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;
use upcard::grade::Grader;
use upcard::sandbox::{Limits, Sandboxing};
use upcard::scenario::RulesName;

/// Build a submission's sources in the sandbox, as the course builds them
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard build --rules eecs280 submission/ -o euchre.exe
  upcard build --rules cs246 --script my-build.sh submission/ -o euchre")]
pub struct Args {
    /// The course: its build script and its program's name
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::program_names()))]
    rules: String,
    /// A bash script to build with instead of the course's (it must make the course's program)
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// The compiler flags of the course's script (default: the course Makefile's)
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    cxxflags: Option<String>,
    /// Seconds the build may take (at least 60)
    #[arg(long, default_value_t = 120)]
    timeout: u64,
    /// Memory limit in MiB for the whole build
    #[arg(long, default_value_t = 2048)]
    memory_mb: u64,
    /// Build without the sandbox (only sources you trust)
    #[arg(long)]
    no_sandbox: bool,
    /// The course's files (a term's starter files): their headers replace the submission's, as the course compiles students' .cpp files; a header that differs is said
    #[arg(long, value_name = "DIR")]
    course_files: Option<PathBuf>,
    /// The submission's folder (the shallowest folder in it that holds the course's main file is built)
    src: PathBuf,
    /// Where the built program goes
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: PathBuf,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let rules = RulesName::from_name(&self.rules).expect("clap checked the name");
        let course = rules.course();
        let script = match &self.script {
            Some(p) => std::fs::read_to_string(p)
                .map_err(|e| Failure::input(format!("{}: {e}", p.display())))?,
            None => {
                let flags = match &self.cxxflags {
                    Some(f) => upcard::deploy::init::shell_words(f)?,
                    None => course.cxxflags().to_string(),
                };
                course.build_script(&flags)
            }
        };
        if !self.src.is_dir() {
            return Err(Failure::input(format!(
                "{}: not a folder of sources",
                self.src.display()
            )));
        }
        let limits = Limits {
            time: std::time::Duration::from_secs(self.timeout.max(60)),
            memory: self.memory_mb << 20,
            ..Limits::default()
        };
        let sandboxing = Sandboxing::when(!self.no_sandbox).map_err(super::refused)?;
        let mut grader = Grader::new(None, limits, sandboxing).map_err(super::refused)?;
        if let Some(d) = &self.course_files {
            grader.course_files = super::course_files::headers(d)?;
        }
        for n in grader.notes() {
            eprintln!("upcard: note: {n}");
        }
        let main_files = course.main_files();
        match grader.build(
            &self.src,
            main_files,
            &script,
            course.program_file(),
            &self.output,
        ) {
            Ok(below) => {
                let dir = below
                    .as_ref()
                    .map_or(self.src.clone(), |b| self.src.join(b));
                for c in upcard::grade::headers::changes(&dir, &grader.course_files) {
                    let _ = writeln!(stdout, "{} (the course's header was used)", c.describe());
                }
                if let Some(b) = below {
                    let _ = writeln!(
                        stdout,
                        "the sources are in {b}/ (the folder with {})",
                        upcard::grade::locate::described(main_files)
                    );
                }
                let _ = writeln!(stdout, "built {}", self.output.display());
                Ok(())
            }
            Err(f) => {
                eprintln!("{}", f.log);
                Err(Failure::said(upcard::FailureKind::Failed))
            }
        }
    }
}
