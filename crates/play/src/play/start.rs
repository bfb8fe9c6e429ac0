//! Which table `upcard play` opens: a page in the browser (`--web`), the
//! full screen, or plain text. Above both the session and the web table,
//! so that neither needs the other's way of starting.

use std::io::Write;

use upcard_rules::Failure;

use super::session::{Options, plain, screen};

/// Plays the game `o` asks for: in the browser with `--web`, full screen
/// when `full_screen`, else plain text on `stdout` with numbered choices
/// read from standard input.
pub fn run(o: &Options, full_screen: bool, stdout: &mut dyn Write) -> Result<(), Failure> {
    let setup = o.setup()?;
    if let Some(listen) = &o.web {
        return super::web::run(
            setup,
            listen,
            o.record.as_deref(),
            o.setup_in_page(),
            o.say.clone(),
            stdout,
        );
    }
    if full_screen {
        return screen(setup, o.record.as_deref(), stdout);
    }
    plain(setup, o.record.as_deref(), stdout)
}
