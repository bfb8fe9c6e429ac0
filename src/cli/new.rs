//! `upcard new RULES NAME`: a commented scenario skeleton to start from.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;

/// Write a commented scenario skeleton (the deal order and the answers explained) and say what to run next
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard new eecs280 left-bower-trumps-ace
  upcard new cs246 renege-penalty --dir my-scenarios")]
pub struct Args {
    /// The rules: eecs280, cs246 or standard
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::names()))]
    rules: String,
    /// The scenario's name: lowercase letters, digits and dashes
    name: String,
    /// The scenarios folder (the file goes to DIR/RULES/NAME.yaml)
    #[arg(long, default_value = "scenarios")]
    dir: PathBuf,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let ok = !self.name.is_empty()
            && self
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !ok {
            return Err(Failure::input(format!(
                "{:?} is not a scenario name: use lowercase letters, digits and dashes",
                self.name
            )));
        }
        let course = upcard::courses::find(&self.rules).expect("clap checked the name");
        let path = self
            .dir
            .join(course.name())
            .join(format!("{}.yaml", self.name));
        if path.exists() {
            return Err(Failure::input(format!(
                "{} exists already: new never overwrites a scenario",
                path.display()
            )));
        }
        upcard::parse::file::write_atomic(&path, course.skeleton(&self.name).as_bytes())
            .map_err(|e| Failure::input(format!("writing {}: {e}", path.display())))?;
        let p = path.display();
        let _ = writeln!(
            stdout,
            "wrote {p}; edit it (its comments explain the deal and the answers), then:\n  upcard bless {p} && upcard replay {p}"
        );
        Ok(())
    }
}
