//! `upcard record RULES ARGS… NAME`: play as the course program at the
//! terminal, and keep the game as a scenario (what was typed as its input)
//! with its golden.

use std::cell::RefCell;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::rc::Rc;

use upcard::Failure;
use upcard::parse::file::write_atomic;
use upcard::scenario::{Scenario, default_golden, play};

/// Standard input that keeps every byte the game reads.
struct Tee<R: BufRead> {
    inner: R,
    kept: Rc<RefCell<Vec<u8>>>,
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.borrow_mut().extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, amt: usize) {
        if let Ok(b) = self.inner.fill_buf() {
            let n = amt.min(b.len());
            self.kept.borrow_mut().extend_from_slice(&b[..n]);
        }
        self.inner.consume(amt);
    }
}

/// Play a course game at the terminal and keep it as a scenario with its golden
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard record eecs280 pack.in noshuffle 1 Ann Human Bob Simple Cy Simple Di Simple ann-leads
  upcard record cs246 -s 7 -d my-first-hand")]
pub struct Args {
    /// The rules: eecs280 or cs246
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::program_names()))]
    rules: String,
    /// The course program's arguments, then the scenario's NAME
    #[arg(num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true, value_name = "ARGS… NAME")]
    args: Vec<String>,
    /// The scenarios folder (the file goes to DIR/RULES/NAME.yaml)
    #[arg(long, default_value = "scenarios")]
    dir: PathBuf,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let (name, args) = self.args.split_last().expect("clap asks for one");
        let ok = name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if name.is_empty() || !ok {
            return Err(Failure::input(format!(
                "{name:?} is not a scenario name (the last argument): use lowercase letters, digits and dashes"
            )));
        }
        let course = upcard::courses::find(&self.rules).expect("clap checked the name");
        let path = self.dir.join(course.name()).join(format!("{name}.yaml"));
        if path.exists() {
            return Err(Failure::input(format!(
                "{} exists already: record never overwrites a scenario",
                path.display()
            )));
        }
        let section = course.record_section(args).map_err(Failure::input)?;
        let kept = Rc::new(RefCell::new(Vec::new()));
        let stdin = Tee {
            inner: std::io::stdin().lock(),
            kept: kept.clone(),
        };
        let ran = course.run(args, course.program(), Box::new(stdin), stdout);
        let typed = String::from_utf8_lossy(&kept.borrow()).into_owned();
        // A game that ends in an error is recorded too: that is a scenario.
        let status = match &ran {
            Ok(()) => 0,
            Err(f) => super::exit::exit_status(f.kind),
        };
        let yaml = format!(
            "name: {name}\ndescription: >-\n  Recorded with upcard record (exit {status}); say here what it shows.\n{section}input: {}\ntags: [recorded]\n",
            serde_json::to_string(&typed).expect("a string")
        );
        let scenario =
            Scenario::from_text(&path, &yaml).map_err(|e| Failure::input(e.to_string()))?;
        let played = play(&scenario);
        let golden = default_golden(&path, scenario.rules(), name);
        write_atomic(&path, yaml.as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", path.display())))?;
        write_atomic(&golden, &played.transcript)
            .map_err(|e| Failure::input(format!("writing {}: {e}", golden.display())))?;
        eprintln!(
            "upcard: recorded {} and its golden {}",
            path.display(),
            golden.display()
        );
        ran
    }
}
