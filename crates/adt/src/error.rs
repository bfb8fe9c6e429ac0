//! Why the classes cannot be graded at all (one student's problem is that
//! student's row in the report, never an error).

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The course's files cannot be read.
    #[error("{}: {why}", .dir.display())]
    CourseFiles { dir: PathBuf, why: String },
    #[error(
        "{}: no public tests in it (Card_public_tests.cpp, Pack_public_tests.cpp, \
         Player_public_tests.cpp, or the older *_public_test.cpp)",
        .0.display()
    )]
    NoPublicTests(PathBuf),
    /// The submissions' folder cannot be read, or holds none (`why` names it).
    #[error("{why}")]
    Submissions { dir: PathBuf, why: String },
    #[error(transparent)]
    Sandbox(#[from] upcard_sandbox::Error),
    #[error("cannot make a work folder: {0}")]
    Work(#[source] std::io::Error),
    #[error("cannot start the workers: {0}")]
    Workers(String),
    #[error("writing the table: {0}")]
    Output(String),
    #[error("{}: {source}", .path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}
