//! What a scenario expects of a student program: its command line, the
//! output and the exit status.

use upcard_scenario::scenario::{Golden, Scenario, play};

pub use upcard_rules::courses::Invocation;

/// The course's command line for a scenario, or why a student program cannot
/// run it (settings only upcard has).
pub fn invocation(s: &Scenario, argv0: Option<&str>) -> Result<Invocation, String> {
    s.setup.invocation(argv0)
}

/// What the program must print and its exit status, from the golden and the engine.
pub fn expected(s: &Scenario) -> Result<(String, u8), String> {
    let text = match Golden::read(&s.expect.golden) {
        Golden::Text(t) => t,
        Golden::Missing => {
            return Err(format!(
                "{}: its golden {} does not exist (upcard bless {} writes it)",
                s.path.display(),
                s.expect.golden.display(),
                s.path.display()
            ));
        }
        Golden::Unreadable(e) => {
            return Err(format!(
                "{}: golden {}: {e}",
                s.path.display(),
                s.expect.golden.display()
            ));
        }
    };
    let exit = s.expect.exit.unwrap_or_else(|| play(s).status);
    Ok((text, exit))
}
