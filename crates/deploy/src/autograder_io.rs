//! autograder.io: a project file for autograder-cli (`agproject.yml`, its
//! `ag project save` uploads it) and the instructor files it names.
//! One test suite builds the submission in its setup command; each scenario
//! is a test case whose command is `upcard grade` on that scenario, worth
//! the scenario's weight when it exits 0.

use std::path::{Path, PathBuf};

use super::{
    Deployment, File, scenario_command, scenario_files, upcard_binary, verdict_command,
    whole_points, write_files, yaml_str,
};
use upcard_scenario::scenario::raw::Visibility;

/// The instructor files. autograder.io keeps them flat, so the scenarios and
/// goldens travel as one tar, unpacked by the setup command.
const UPCARD: &str = "upcard";
const BUILD: &str = "upcard-build.sh";
const SETUP: &str = "upcard-setup.sh";
const TESTS: &str = "upcard-tests.tar";
/// The parts' report, written by the setup command, read by each part's test.
const PARTS_REPORT: &str = "upcard-parts.json";

/// Seconds autograder.io gives one test command: upcard's own limit per run
/// (10 s by default) and its start-up, with room to spare.
const TIME_LIMIT: u32 = 60;

fn setup_script(d: &Deployment) -> String {
    let course = d.course;
    let program = course.program_file();
    let build = format!(
        "bin/upcard build --rules {rules} --script {BUILD}{course} .upcard-submission -o {program}\n",
        rules = course.name(),
        course = super::course_flag(d, super::COURSE_DIR),
    );
    let (parts, build) = match &d.parts {
        None => (String::new(), build),
        // The parts are graded before the build, whose failure ends the
        // script: a program that does not build still has its classes graded.
        Some(p) => (
            format!(
                "# The parts besides the game, graded once; each of their tests reads the report.\n\
                 rm -f {PARTS_REPORT}\n\
                 bin/upcard grade {args} --exe .upcard-submission \\\n\
                 \x20   --report json={PARTS_REPORT} >upcard-parts.log 2>&1 || true\n\
                 # A failed test is a score; no report is a grading error, said here.\n\
                 if [ ! -s {PARTS_REPORT} ]; then tail -n 40 upcard-parts.log; fi\n",
                args = super::parts_args(d, p),
            ),
            if p.system { build } else { String::new() },
        ),
    };
    format!(
        "#!/usr/bin/env bash\n\
         # autograder.io's setup command for the suite (written by `upcard autograder init`):\n\
         # unpack the scenarios and goldens, put upcard in bin/, build the submission. The\n\
         # build runs in upcard's sandbox on a copy of the student's files alone, so that it\n\
         # never sees the instructor files beside them.\n\
         set -euo pipefail\n\
         tar xf {TESTS}\n\
         mkdir -p bin .upcard-submission\n\
         cp {UPCARD} bin/upcard\n\
         chmod +x bin/upcard\n\
         for f in ./*.cpp ./*.cc ./*.hpp ./*.h ./Makefile; do\n\
         \x20   if [ -f \"$f\" ]; then cp \"$f\" .upcard-submission/; fi\n\
         done\n\
         {parts}{build}",
    )
}

/// The command feedback presets (autograder-cli's names) a scenario's
/// visibility gives: normal submissions, the final graded one, past the
/// daily limit.
fn feedback(v: Visibility) -> [&'static str; 3] {
    match v {
        Visibility::Visible => ["pass/fail+output", "pass/fail+output", "pass/fail"],
        Visibility::Hidden => ["private", "private", "private"],
        Visibility::AfterDueDate | Visibility::AfterPublished => {
            ["private", "pass/fail+output", "private"]
        }
    }
}

/// One test case a scenario (none at the checkpoint), then one a test of
/// the other parts, whole points each.
fn test_cases(d: &Deployment) -> Result<String, String> {
    let mut cases = String::new();
    let system = d.grades_system();
    for s in d.scenarios.iter().filter(|_| system) {
        let points = whole_points(
            "autograder.io",
            &s.path.display().to_string(),
            d.scenario_points(s),
        )?;
        cases.push_str(&test_case(
            &s.name,
            &scenario_command(d, s)?,
            points,
            s.visibility,
        ));
    }
    for t in d.part_tests() {
        let points = whole_points("autograder.io", &t.name, t.points)?;
        let cmd = verdict_command(PARTS_REPORT, t)?;
        cases.push_str(&test_case(&t.name, &cmd, points, t.visibility));
    }
    Ok(cases)
}

/// One test case: its command passes when it exits 0.
fn test_case(name: &str, cmd: &str, points: u64, visibility: Visibility) -> String {
    let [normal, final_graded, past_limit] = feedback(visibility);
    format!(
        "        - name: {name}\n\
             \x20         type: single_cmd\n\
             \x20         cmd: {cmd}\n\
             \x20         return_code:\n\
             \x20           expected: zero\n\
             \x20           points: {points}\n\
             \x20         feedback:\n\
             \x20           normal: {normal}\n\
             \x20           final_graded_submission: {final_graded}\n\
             \x20           past_limit_submission: {past_limit}\n\
             \x20           staff_viewer: \"public\"\n\
             \x20         resources:\n\
             \x20           time_limit: {TIME_LIMIT}\n",
        name = yaml_str(name),
        cmd = yaml_str(cmd),
        normal = yaml_str(normal),
        final_graded = yaml_str(final_graded),
        past_limit = yaml_str(past_limit),
    )
}

/// The project file in autograder-cli's format (its `ag project save`
/// uploads it; `tests/platforms/autograder-io/` has the schema it checks).
fn project_yaml(d: &Deployment) -> Result<String, String> {
    let course = d.course;
    let cases = test_cases(d)?;
    let files = [UPCARD, BUILD, SETUP, TESTS];
    let list = |xs: &[&str]| {
        xs.iter()
            .map(|x| yaml_str(x))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let instructor: String = files
        .iter()
        .map(|f| format!("    - local_path: {}\n", yaml_str(f)))
        .collect();
    let patterns = [
        ("*.cpp", 1, 100),
        ("*.hpp", 0, 100),
        ("*.h", 0, 100),
        ("Makefile", 0, 1),
    ];
    let student: String = patterns
        .iter()
        .map(|(p, min, max)| {
            format!(
                "    - pattern: {}\n      min_num_matches: {min}\n      max_num_matches: {max}\n",
                yaml_str(p)
            )
        })
        .collect();
    let pattern_names: Vec<&str> = patterns.iter().map(|p| p.0).collect();
    Ok(format!(
        "# An autograder.io project (written by `upcard autograder init`), in the format of\n\
         # autograder-cli (PyPI). Set the course (name, semester, year), the project's name and\n\
         # time zone below, then upload it from this folder:\n\
         #   ag project save -f agproject.yml\n\
         project:\n\
         \x20 name: \"Euchre\"\n\
         \x20 timezone: \"UTC\"\n\
         \x20 course:\n\
         \x20   name: \"Your course\"\n\
         \x20   semester: null\n\
         \x20   year: null\n\
         \x20 settings: {{}}\n\
         \x20 student_files:\n{student}\
         \x20 instructor_files:\n{instructor}\
         \x20 test_suites:\n\
         \x20   - name: \"upcard {rules}\"\n\
         \x20     instructor_files_needed: [{files}]\n\
         \x20     student_files_needed: [{patterns}]\n\
         \x20     setup_cmd: \"bash {SETUP}\"\n\
         \x20     setup_label: \"Build\"\n\
         \x20     reject_submission_if_setup_fails: false\n\
         \x20     feedback:\n\
         \x20       normal: \"public\"\n\
         \x20       final_graded_submission: \"public\"\n\
         \x20       past_limit_submission: \"public\"\n\
         \x20       staff_viewer: \"public\"\n\
         \x20     test_cases:\n{cases}",
        rules = course.name(),
        files = list(&files),
        patterns = list(&pattern_names),
    ))
}

/// The scenarios and goldens as one tar: fixed owner, mode and time, so the
/// same project gives the same bytes.
fn tar(files: &[File]) -> Result<Vec<u8>, String> {
    let mut b = tar::Builder::new(Vec::new());
    for (path, bytes, _) in files {
        let mut h = tar::Header::new_ustar();
        h.set_path(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        h.set_size(bytes.len() as u64);
        h.set_mode(0o644);
        h.set_mtime(0);
        h.set_uid(0);
        h.set_gid(0);
        h.set_cksum();
        b.append(&h, bytes.as_slice())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    b.into_inner().map_err(|e| e.to_string())
}

/// Writes an autograder.io project for `course` into `dir`.
pub(super) fn autograder_io(d: &Deployment, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let bin = upcard_binary(d)?;
    let files: Vec<File> = vec![
        (
            PathBuf::from("agproject.yml"),
            project_yaml(d)?.into_bytes(),
            false,
        ),
        (PathBuf::from(UPCARD), bin, true),
        (PathBuf::from(BUILD), d.build_script().into_bytes(), false),
        (PathBuf::from(SETUP), setup_script(d).into_bytes(), false),
        (
            PathBuf::from(TESTS),
            tar(&[
                scenario_files(d)?,
                super::course_file_list(d),
                super::staff_unit_files(d)?,
            ]
            .concat())?,
            false,
        ),
    ];
    write_files(dir, files)
}
