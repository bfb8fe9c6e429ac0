//! A student's built programs (one build made them all: `plan`), and each
//! program's verdict from its steps: not built (a file missing), does not
//! compile (its file's first error, or its link's), or its path.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::build::{Failed, first_error};
use crate::bundle::Bundle;

/// A student's built programs, or why none was built.
pub(crate) struct Built {
    pub dir: PathBuf,
    pub bundle: Result<Bundle, Failed>,
}

impl Built {
    /// The program that runs `needed` student files through `link` (a
    /// step), at `exe`; else why not, in the report's words, and the log.
    pub fn program(
        &self,
        student: &BTreeMap<String, Vec<u8>>,
        needed: &[String],
        link: &str,
        exe: &str,
    ) -> Result<PathBuf, Failed> {
        let b = self.bundle.as_ref().map_err(Clone::clone)?;
        if let Some(missing) = needed.iter().find(|f| !student.contains_key(*f)) {
            return Err((
                format!("not built: {missing} is not in the submission"),
                None,
            ));
        }
        for f in needed {
            let step = format!("compile-{f}");
            if b.succeeded(&step) == Some(false) {
                let log = b.log(&step);
                return Err((
                    format!("does not compile: {}", first_error(&log)),
                    Some(log),
                ));
            }
        }
        if b.made(exe) {
            return Ok(self.dir.join(exe));
        }
        let log = b.log(link);
        let why = if log.trim().is_empty() {
            "the build made no program".to_string()
        } else {
            first_error(&log)
        };
        Err((format!("does not compile: {why}"), Some(log)))
    }
}
