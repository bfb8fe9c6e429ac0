//! Each rule set's section of a scenario file: its raw YAML type and the
//! setup that checks it into a game (`upcard_rules::courses::Setup`). The
//! table below is the one place that lists them, beside the rule sets'
//! own table (`upcard_rules::courses::COURSES`).

pub mod cs246;
pub mod eecs280;
pub mod standard;

use std::path::Path;

use crate::scenario::Scenario;
use upcard_rules::courses::{Course, Setup};

/// Declares the scenario file's top-level mapping with one optional section
/// per course, and `rules:`'s values with each course's setup. Invoked
/// once, below; each entry is
/// `name: CourseValue => SectionType, setup_function, "section doc";`.
macro_rules! courses {
    ($($name:ident : $course:expr => $raw:ty, $setup:path, $doc:literal;)+) => {

        #[derive(Clone, Debug, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        #[schemars(title = "upcard scenario")]
        /// One game or hand of Euchre, its input, and what its transcript must be.
        pub struct RawScenario {
            /// Names the rule the scenario pins; also the default golden's file name.
            pub name: String,
            /// Shown to students when their program fails this scenario.
            #[serde(default)]
            pub description: String,
            pub rules: RulesName,
            $(
                #[doc = $doc]
                #[serde(default)]
                pub $name: Option<$raw>,
            )+
            /// Standard input for Human players: a list of answers (one per line) or a block of text.
            #[serde(default)]
            pub input: Option<$crate::scenario::raw::RawInput>,
            /// Standard input from a file, relative to the scenario file (instead of `input`).
            #[serde(default)]
            pub input_file: Option<String>,
            #[serde(default)]
            pub expect: $crate::scenario::raw::RawExpect,
            /// Free labels, for `--filter` and grading groups.
            #[serde(default)]
            pub tags: Vec<String>,
            /// Points this scenario is worth when grading (default 1).
            #[serde(default)]
            pub weight: Option<f64>,
            #[serde(default)]
            pub visibility: Option<$crate::scenario::raw::Visibility>,
        }

        impl RawScenario {
            /// Each course's name, and whether this file has its section.
            pub fn sections(&self) -> Vec<(&'static str, bool)> {
                vec![$((stringify!($name), self.$name.is_some())),+]
            }
        }

        // A course's name as `rules:` takes it.
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
        pub enum RulesName {
            $($name),+
        }

        impl RulesName {
            pub fn course(self) -> &'static dyn Course {
                match self {
                    $(RulesName::$name => &$course),+
                }
            }

            /// The scenario's game from its section of `raw` (present:
            /// checked before this is called).
            pub fn setup(
                self,
                raw: &RawScenario,
                cx: &mut $crate::scenario::SetupContext<'_>,
            ) -> Result<std::sync::Arc<dyn Setup>, $crate::scenario::ScenarioError> {
                match self {
                    $(RulesName::$name => {
                        let section = raw
                            .$name
                            .as_ref()
                            .ok_or_else(|| cx.at(&[stringify!($name)], "missing".into()))?;
                        Ok(std::sync::Arc::new($setup(section, cx)?))
                    })+
                }
            }

            /// The golden folder (`golden/<name>/`).
            pub fn dir(self) -> &'static str {
                self.course().name()
            }

            pub fn from_name(name: &str) -> Option<RulesName> {
                match name {
                    $(stringify!($name) => Some(RulesName::$name),)+
                    _ => None,
                }
            }
        }
    };
}

courses! {
    eecs280: upcard_rules::courses::eecs280::Eecs280 => eecs280::RawEecs280, eecs280::setup, "The EECS 280 setup (when `rules: eecs280`).";
    cs246: upcard_rules::courses::cs246::Cs246 => cs246::RawCs246, cs246::setup, "The CS 246 setup (when `rules: cs246`).";
    standard: upcard_rules::courses::standard::Standard => standard::RawStandard, standard::setup, "The standard game's setup (when `rules: standard`).";
}

/// A saved game of a rule set's own format as a scenario, if `text` is one
/// (CS 246 save files; else None).
pub fn scenario_from_save(path: &Path, text: &str) -> Option<Result<Scenario, String>> {
    let shown = path.display().to_string();
    // Only CS 246 has save files that start with its scores line.
    let parsed = upcard_rules::courses::cs246::save::SaveFile::parse(&shown, text);
    Some(
        parsed
            .map(|s| cs246::from_save(path, s, text.to_string()))
            .map_err(|e| e.to_string()),
    )
}
