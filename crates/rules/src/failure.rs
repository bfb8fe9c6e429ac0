//! How a command ended when it did not succeed.

#[derive(Debug)]
pub struct Failure {
    /// 1: a check failed; 2: bad usage or bad input.
    pub code: u8,
    /// Printed to standard error, prefixed with "upcard: ".
    pub message: Option<String>,
}

impl Failure {
    pub fn input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: Some(message.into()),
        }
    }

    /// A usage error whose text was already printed (as the course programs do).
    pub fn silent(code: u8) -> Failure {
        Failure {
            code,
            message: None,
        }
    }
}
