//! The one supervisor of untrusted processes: a program run with limits to
//! its ending ([`Supervisor`]: a student's program on a scenario, a build,
//! a unit test, the ADT harness), or started to talk with ([`Interactive`]:
//! a bot's program at a seat). Both start it the same two ways, in the
//! sandbox (a helper's space) or, when the user trusts it, directly in a
//! process group of its own; both kill everything it started when it ends,
//! and [`stop_everything`] kills what is still running when upcard itself
//! is stopped.

mod ending;
mod error;
mod interactive;
mod limits;
mod live;
mod spawn;
mod supervisor;
mod watch;
mod workspace;

pub use ending::{Ending, Run, signal_name};
pub use error::Error;
pub use interactive::{Confinement, Interactive};
pub use limits::Limits;
pub use live::stop_everything;
pub use spawn::{Spawned, spawn};
pub use supervisor::{Job, Sandboxing, Supervisor};
pub use workspace::{Lease, Workspace};
