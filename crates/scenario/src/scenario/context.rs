//! What a rule set's scenario section is checked with: the scenario file,
//! for messages placed at its keys, and the files it reads besides itself.
//! Apart from the model so that the sections (`scenario::courses`) and the
//! model that calls them do not import each other.

use std::path::{Path, PathBuf};

use super::ScenarioError;
use upcard_parse::file::{MAX_INPUT, ReadError, read_text};

/// What a course's `setup` has to hand: the scenario file (for messages
/// placed at its keys) and the files it reads besides itself.
pub struct SetupContext<'a> {
    pub dir: &'a Path,
    pub file: &'a str,
    pub text: &'a str,
    pub files: Vec<(PathBuf, &'static str)>,
}

impl SetupContext<'_> {
    /// A problem with the field at `keys`, placed where its key is written.
    pub fn at(&self, keys: &[&str], message: String) -> ScenarioError {
        ScenarioError::at(self.file, self.text, keys, message)
    }

    /// A file the scenario names at `keys`, relative to the scenario: its
    /// full path and text (bounded, regular, UTF-8). It is remembered for
    /// `bless --unreferenced` once `keep` is called with it.
    pub fn read(
        &self,
        relative: &str,
        what: &str,
        keys: &[&str],
    ) -> Result<(PathBuf, String), ScenarioError> {
        let full = self.dir.join(relative);
        let text = read_nested(&full, what, self.file, |m| self.at(keys, m))?;
        Ok((full, text))
    }

    /// `field` is the dotted key that names the file (`eecs280.pack_file`).
    pub fn keep(&mut self, path: PathBuf, field: &'static str) {
        self.files.push((path, field));
    }
}

/// A file a scenario names (pack, save file, input): bounded, regular, UTF-8.
/// `at` places a message at the scenario's key; a bad byte is placed in the file.
pub(crate) fn read_nested(
    full: &Path,
    what: &str,
    scenario: &str,
    at: impl Fn(String) -> ScenarioError,
) -> Result<String, ScenarioError> {
    read_text(full, MAX_INPUT).map_err(|e| match e {
        ReadError::NotText(p) => ScenarioError::nested(scenario, p),
        e => at(format!("cannot read {what} {}: {e}", full.display())),
    })
}
