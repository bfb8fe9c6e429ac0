//! `upcard play` full screen: the screen (upcard::play::screen) and what
//! happens when it closes (save, record).

use upcard::Failure;
use upcard::play::screen::{Ending, Screen, run as run_screen};

use super::play::{Setup, finish, save};

pub fn run(setup: Setup, record_to: Option<&std::path::Path>) -> Result<(), Failure> {
    let screen = Screen::new(
        setup.table.clone(),
        setup.seed,
        setup.state.clone(),
        setup.actions.clone(),
    );
    let screen =
        run_screen(screen).map_err(|e| Failure::input(format!("cannot use the terminal: {e}")))?;
    let actions = screen.decisions.0.clone();
    match screen.ending {
        Some(Ending::Stopped {
            saved_to: Some(path),
        }) => {
            save(&setup, actions, std::path::Path::new(&path))?;
            println!("Saved to {path}: upcard play --resume {path} continues the game.");
        }
        Some(Ending::Stopped { saved_to: None }) => println!("Stopped without saving."),
        _ => {
            print!("{}", finish(&setup, actions, record_to, true)?);
            if let Some(upcard::engine::Outcome::Won { team, scores }) = screen.state.outcome() {
                println!(
                    "{} & {} win the game, {} to {}.",
                    setup.table.names[team],
                    setup.table.names[team + 2],
                    scores[team],
                    scores[1 - team]
                );
            }
        }
    }
    Ok(())
}
