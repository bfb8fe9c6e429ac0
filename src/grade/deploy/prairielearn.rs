//! PrairieLearn: an externally graded question. `info.json` turns external
//! grading on with `tests/run.sh` as the entrypoint; `question.html` takes
//! the student's files; `tests/` holds upcard, the build script, and the
//! scenarios with their goldens (PrairieLearn copies it to `/grade/tests`,
//! the files to `/grade/student`, and reads `/grade/results/results.json`).

use std::path::{Path, PathBuf};

use super::{File, ROOT_VARIABLE, project_files, write_files};
use crate::courses::Course;
use crate::scenario::Scenario;

/// Seconds PrairieLearn gives one grading job (its maximum is 600).
const TIMEOUT: u32 = 120;

/// A name-derived UUID (PrairieLearn needs one per question): the same
/// question gives the same file, and another question another UUID.
fn uuid(seed: &str) -> String {
    // Two FNV-1a hashes of the seed, with different offsets, make 128 bits.
    let fnv = |offset: u64| {
        seed.bytes().fold(offset, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    let (a, b) = (fnv(0xcbf2_9ce4_8422_2325), fnv(0x6c62_272e_07bb_0142));
    let hex = format!("{a:016x}{b:016x}");
    // Version 4's and RFC 4122's variant bits, so validators accept it.
    format!(
        "{}-{}-4{}-8{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[13..16],
        &hex[17..20],
        &hex[20..32]
    )
}

fn info_json(course: &dyn Course, dir: &Path, scenarios: &[Scenario]) -> String {
    let seed = format!(
        "upcard {} {} {}",
        course.name(),
        dir.file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned()),
        scenarios
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let v = serde_json::json!({
        "uuid": uuid(&seed),
        "title": format!("Euchre ({})", course.name()),
        "topic": "Euchre",
        "tags": ["upcard"],
        "type": "v3",
        "singleVariant": true,
        "gradingMethod": "External",
        "externalGradingOptions": {
            "enabled": true,
            "image": "prairielearn/grader-c",
            "entrypoint": "/grade/tests/run.sh",
            "timeout": TIMEOUT,
        },
    });
    serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
}

fn question_html(course: &dyn Course) -> String {
    format!(
        "<!-- Written by `upcard autograder init`: say here what to submit. -->\n\
         <pl-question-panel>\n\
         \x20 <p>Submit your Euchre program's source files ({rules}). They are built with the\n\
         \x20 course's build script and run on the course's scenarios; each scenario's transcript\n\
         \x20 must match the reference program's byte for byte.</p>\n\
         </pl-question-panel>\n\
         <pl-file-upload optional-file-patterns=\"*.cpp, *.hpp, *.h, Makefile\"></pl-file-upload>\n\
         <pl-submission-panel>\n\
         \x20 <pl-external-grader-results></pl-external-grader-results>\n\
         \x20 <pl-file-preview></pl-file-preview>\n\
         </pl-submission-panel>\n",
        rules = course.name()
    )
}

/// run.sh: build the submission in a directory of its own, grade it, write
/// results.json. A build that fails makes the submission not gradable (no
/// attempt used), with the compiler's output.
fn run_sh(course: &dyn Course) -> String {
    let program = course.program().trim_start_matches("./");
    format!(
        r#"#!/usr/bin/env bash
# PrairieLearn runs this for each submission (written by `upcard autograder init`).
# {ROOT_VARIABLE} moves the whole tree, for trying it anywhere.
set -uo pipefail
ROOT="${{{ROOT_VARIABLE}:-/grade}}"
TESTS="$ROOT/tests"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
# upcard runs from a copy: the question's files may not keep the executable bit.
BIN="$(mktemp -d)"
cp "$TESTS/bin/upcard" "$BIN/upcard" && chmod +x "$BIN/upcard"
UPCARD="$BIN/upcard"
BUILD="$(mktemp -d)"
cp -R "$ROOT/student/." "$BUILD/"
if ! (cd "$BUILD" && bash "$TESTS/build.sh") >"$BUILD/build.log" 2>&1; then
    "$UPCARD" autograder build-failed --platform prairielearn "$BUILD/build.log" \
        --out "$RESULTS/results.json"
    exit 0
fi
cd "$TESTS"
"$UPCARD" grade --exe "$BUILD/{program}" --rules {rules} scenarios \
    --report prairielearn="$RESULTS/results.json"
# A failing test is a score, not a grading error.
exit 0
"#,
        rules = course.name(),
    )
}

/// Writes a PrairieLearn question for `course` into `dir` (a folder under
/// the course's `questions/`).
pub fn prairielearn(
    dir: &Path,
    course: &dyn Course,
    scenarios: &[Scenario],
    upcard: &Path,
) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<File> = vec![
        (
            PathBuf::from("info.json"),
            info_json(course, dir, scenarios).into_bytes(),
            false,
        ),
        (
            PathBuf::from("question.html"),
            question_html(course).into_bytes(),
            false,
        ),
        (
            PathBuf::from("tests/run.sh"),
            run_sh(course).into_bytes(),
            true,
        ),
    ];
    for (path, bytes, runs) in project_files(course, scenarios, upcard)? {
        files.push((Path::new("tests").join(path), bytes, runs));
    }
    write_files(dir, files)
}

#[cfg(test)]
mod tests {
    use super::uuid;

    #[test]
    fn uuids_are_stable_well_formed_and_differ() {
        let a = uuid("upcard eecs280 euchre march");
        assert_eq!(a, uuid("upcard eecs280 euchre march"));
        assert_ne!(a, uuid("upcard cs246 euchre march"));
        let parts: Vec<&str> = a.split('-').collect();
        assert_eq!(
            parts.iter().map(|p| p.len()).collect::<Vec<_>>(),
            [8, 4, 4, 4, 12]
        );
        assert!(
            parts[2].starts_with('4') && parts[3].starts_with('8'),
            "{a}"
        );
        assert!(a.chars().all(|c| c == '-' || c.is_ascii_hexdigit()));
    }
}
