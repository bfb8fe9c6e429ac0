//! PrairieLearn: an externally graded question. `info.json` turns external
//! grading on with `tests/run.sh` as the entrypoint; `question.html` takes
//! the student's files; `tests/` holds upcard, the build script, and the
//! scenarios with their goldens (PrairieLearn copies it to `/grade/tests`,
//! the files to `/grade/student`, and reads `/grade/results/results.json`).

use std::path::{Path, PathBuf};

use super::{Deployment, File, project_files, write_files};
use upcard_rules::courses::Course;
use upcard_scenario::scenario::Scenario;

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

/// run.sh: the grading script with PrairieLearn's layout (the question's
/// `tests/` at `/grade/tests`, the files at `/grade/student`).
fn run_sh(d: &Deployment) -> String {
    super::grading_script(
        d,
        &super::Layout {
            platform: "PrairieLearn",
            root: "/grade",
            source: "tests",
            submission: "student",
            format: "prairielearn",
        },
    )
}

/// Writes a PrairieLearn question for `course` into `dir` (a folder under
/// the course's `questions/`).
pub(super) fn prairielearn(d: &Deployment, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let (course, scenarios) = (d.course, d.scenarios);
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
        (PathBuf::from("tests/run.sh"), run_sh(d).into_bytes(), true),
    ];
    for (path, bytes, runs) in project_files(d)? {
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
