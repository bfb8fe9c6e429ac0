//! A seat played from a browser at a table's door: its decisions wait for
//! the person; a seat left empty too long is played by its fallback bot
//! until they are back.

use std::sync::Arc;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

use upcard_engine::{Action, EventSink, Seat};
use upcard_rules::agents::{Agent, Decision, PlayerError, Seen};
use upcard_seat::program_seat::parse_answer;
use upcard_seat::protocol::{Decide, ToSeat};

use super::hub::{Answers, Hub, shown, text};
use super::notice::Notice;

/// A seat played from a browser: its decisions wait for the person, for as
/// long as they are connected; a seat left empty past the time limit is
/// played by the fallback bot, decision by decision, until they are back.
pub struct WebSeat {
    pub hub: Arc<Hub>,
    pub seat: Seat,
    pub answers: Answers,
    /// None: wait for the person however long (`play --web`).
    pub timeout: Option<Duration>,
    pub fallback: Option<Box<dyn Agent>>,
    pub fallback_name: String,
    /// The fallback said it plays (said once per absence).
    standing_in: bool,
}

impl WebSeat {
    pub fn new(
        hub: Arc<Hub>,
        seat: Seat,
        answers: Answers,
        timeout: Option<Duration>,
        fallback: Option<Box<dyn Agent>>,
        fallback_name: &str,
    ) -> WebSeat {
        WebSeat {
            hub,
            seat,
            answers,
            timeout,
            fallback,
            fallback_name: fallback_name.to_string(),
            standing_in: false,
        }
    }
}

impl Agent for WebSeat {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        // An answer left from before this decision is not an answer to it.
        while self.answers.try_recv().is_ok() {}
        let mut decide = Decide::new(obs, legal);
        decide.observation = shown(obs);
        self.hub
            .set_pending(self.seat, Some(text(&ToSeat::Decide(decide))));
        loop {
            match self.answers.recv_timeout(Duration::from_millis(50)) {
                Ok((link, msg)) => match parse_answer(&msg, legal) {
                    Ok((action, _)) => {
                        self.hub.set_pending(self.seat, None);
                        if std::mem::take(&mut self.standing_in) {
                            self.hub.say(Notice::Back { seat: self.seat });
                        }
                        return Ok(Decision::new(action));
                    }
                    // A person's wrong answer is told, not a fault: the
                    // decision still waits.
                    Err(f) => self.hub.tell(link, &ToSeat::Error { message: f.message }),
                },
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return Err(PlayerError::Quit),
            }
            if let (Some(t), Some(f)) = (self.timeout, self.fallback.as_mut())
                && self.hub.empty_for(self.seat, t)
            {
                if !std::mem::replace(&mut self.standing_in, true) {
                    self.hub.say(Notice::Empty {
                        seat: self.seat,
                        secs: t.as_secs_f64(),
                        bot: self.fallback_name.clone(),
                    });
                }
                self.hub.set_pending(self.seat, None);
                return f.choose(obs, legal, notes);
            }
        }
    }
}
