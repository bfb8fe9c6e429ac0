//! `upcard autograder init`: a ready-to-upload autograder for one course
//! (docs/deploying.md). Gradescope: `setup.sh`, `run_autograder`; GitHub
//! Classroom: a workflow with one test per scenario; autograder.io: an
//! autograder-cli project file with one test per scenario; PrairieLearn:
//! an externally graded question. Each carries the course's build script,
//! upcard itself, and the scenarios with their goldens and packs laid out as
//! in the project.

mod autograder_io;
pub mod init;
mod prairielearn;

use std::path::{Path, PathBuf};

use autograder_io::autograder_io;
use prairielearn::prairielearn;

use upcard_parse::file::write_atomic;
use upcard_rules::courses::Course;
use upcard_scenario::scenario::{Project, Scenario};

/// The grading platforms `--platform` names: each is one file here and one
/// variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Platform {
    Gradescope,
    AutograderIo,
    Prairielearn,
    GithubClassroom,
}

impl Platform {
    /// The platform's name as its users write it.
    pub fn title(self) -> &'static str {
        match self {
            Platform::Gradescope => "Gradescope",
            Platform::AutograderIo => "autograder.io",
            Platform::Prairielearn => "PrairieLearn",
            Platform::GithubClassroom => "GitHub Classroom",
        }
    }

    /// What the user does with the folder next.
    pub fn next_step(self) -> &'static str {
        match self {
            Platform::Gradescope => "zip the folder's contents and upload them",
            Platform::AutograderIo => {
                "upload it with autograder-cli: ag project save (docs/deploying.md)"
            }
            Platform::Prairielearn => "put the folder in the course's questions/ and commit it",
            Platform::GithubClassroom => "commit it to the assignment's template repository",
        }
    }

    /// Whether it runs one command a test and adds the points itself
    /// (autograder.io, GitHub Classroom): its tests are listed when the
    /// grader is made.
    pub fn runs_a_command_a_test(self) -> bool {
        matches!(self, Platform::AutograderIo | Platform::GithubClassroom)
    }

    /// Writes the platform's autograder for `d` into `dir`: returns the
    /// files written, relative to `dir`.
    pub fn write(self, d: &Deployment, dir: &Path) -> Result<Vec<PathBuf>, String> {
        match self {
            Platform::Gradescope => gradescope(d, dir),
            Platform::AutograderIo => autograder_io(d, dir),
            Platform::Prairielearn => prairielearn(d, dir),
            Platform::GithubClassroom => github_classroom(d, dir),
        }
    }
}

/// What every platform's autograder is made of.
pub struct Deployment<'a> {
    /// Where the scenarios and their files are; nothing outside it is copied.
    pub project: Project,
    pub course: &'a dyn Course,
    pub scenarios: &'a [Scenario],
    /// This upcard binary, copied in.
    pub upcard: &'a Path,
    /// The compiler flags of the build script (default: the course's).
    pub cxxflags: Option<String>,
    /// The staff's unit-test grading folder (`solution/`, and `bugs/` and
    /// `reference/` when there are): `upcard unit-tests` runs on each
    /// submission too, and its results join the program's (docs/unit-tests.md).
    pub unit: Option<PathBuf>,
    /// The course's headers (`--course-files`), under `course/`: each build
    /// uses them in place of the submission's, as the course compiles it.
    pub course_files: Vec<(String, Vec<u8>)>,
    /// `upcard grade --compare`'s value, when not the course's way.
    pub compare: Option<String>,
    /// The parts graded besides the system tests (`autograder init
    /// --parts`), when asked for: one `upcard grade --parts` stage.
    pub parts: Option<PartsStage>,
    /// Every test with its points as the TA's points file gives them, the
    /// scenarios' first (empty: a scenario is worth its weight). A platform
    /// that runs a command a test makes a test of each.
    pub planned: Vec<PlannedTest>,
}

/// One test of the grade, known before any submission is graded: a
/// scenario, or a test of another part as that part's report names it.
#[derive(Clone, Debug, PartialEq)]
pub struct PlannedTest {
    /// Its part (`system`, `public`, `adt`, `unit-tests`, `style`).
    pub part: String,
    pub name: String,
    pub points: f64,
    pub visibility: upcard_scenario::scenario::raw::Visibility,
}

impl Deployment<'_> {
    /// The points of scenario `s`: the plan's, else its weight.
    fn scenario_points(&self, s: &Scenario) -> f64 {
        self.planned
            .iter()
            .find(|t| t.part == "system" && t.name == s.name)
            .map_or(s.weight, |t| t.points)
    }

    /// Whether the game is graded (not at the checkpoint).
    fn grades_system(&self) -> bool {
        self.parts.as_ref().is_none_or(|p| p.system)
    }

    /// The planned tests of the parts but the system tests.
    fn part_tests(&self) -> impl Iterator<Item = &PlannedTest> {
        self.planned.iter().filter(|t| t.part != "system")
    }
}

/// Whole points, as autograder.io and GitHub Classroom count them: a
/// fraction is refused (GitHub's grader would drop it), naming the test.
fn whole_points(platform: &str, what: &str, points: f64) -> Result<u64, String> {
    if points.fract() != 0.0 || points < 0.0 {
        return Err(format!(
            "{what}: {platform} gives whole points, and its points are {points} \
             (give whole points in the points file, e.g. `each`, or weights)"
        ));
    }
    Ok(points as u64)
}

/// The grading script's parts stage: `upcard grade --parts` on the
/// submission's sources, its results joined to the game's (docs/parts.md).
#[derive(Clone, Debug, Default)]
pub struct PartsStage {
    /// The parts but the system tests, by name (`public`, `adt`, `unit-tests`, `style`).
    pub parts: Vec<String>,
    /// Whether the game is graded too (not at the checkpoint).
    pub system: bool,
    /// The checkpoint (`grade --checkpoint`: upcard's tests are advice).
    pub checkpoint: bool,
    /// The course's files but its headers (public tests, the framework's
    /// source, `pack.in`), under `course/` beside them.
    pub course: Vec<(String, Vec<u8>)>,
    /// The TA's points file, as `points.toml`.
    pub points: Option<Vec<u8>>,
}

/// Where the course's headers go in an autograder.
pub const COURSE_DIR: &str = "course";

/// What `upcard build` is told of the course's headers, `dir` where they are.
fn course_flag(d: &Deployment, dir: &str) -> String {
    if d.course_files.is_empty() {
        String::new()
    } else {
        format!(" --course-files {dir}")
    }
}

/// What `upcard grade` is told of how to compare, when not as the course.
fn compare_flag(d: &Deployment) -> String {
    d.compare
        .as_ref()
        .map_or(String::new(), |c| format!(" --compare {c}"))
}

/// The course's headers, under `course/`, and the rest of its files and
/// the points file where the parts stage needs them.
fn course_file_list(d: &Deployment) -> Vec<File> {
    let stage = d.parts.iter().flat_map(|p| &p.course);
    let points = d.parts.as_ref().and_then(|p| p.points.clone());
    d.course_files
        .iter()
        .chain(stage)
        .map(|(n, b)| (Path::new(COURSE_DIR).join(n), b.clone(), false))
        .chain(points.map(|b| (PathBuf::from(POINTS_FILE), b, false)))
        .collect()
}

/// Where the TA's points file goes in an autograder.
pub const POINTS_FILE: &str = "points.toml";

/// What `unit/` holds in the autograder, copied from the staff's folder.
const UNIT_PARTS: [&str; 3] = ["solution", "bugs", "reference"];

/// The staff's unit-test folder's files, when the grader grades the unit tests.
fn staff_unit_files(d: &Deployment) -> Result<Vec<File>, String> {
    match &d.unit {
        Some(staff) => unit_files(staff),
        None => Ok(Vec::new()),
    }
}

/// The staff's unit-test folder's files, under `unit/`: `solution/` and
/// `reference/` flat, `bugs/` a folder a bug.
fn unit_files(staff: &Path) -> Result<Vec<File>, String> {
    if !staff.join("solution").is_dir() {
        return Err(format!(
            "{}: no solution/ in it (the correct Card and Player, their headers and unit_test_framework.hpp)",
            staff.display()
        ));
    }
    let mut files = Vec::new();
    let flat = |dir: &Path, into: &Path, files: &mut Vec<File>| -> Result<(), String> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .collect();
        entries.sort();
        for p in entries {
            let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            files.push((into.join(p.file_name().unwrap_or_default()), bytes, false));
        }
        Ok(())
    };
    for part in UNIT_PARTS {
        let dir = staff.join(part);
        if !dir.is_dir() {
            continue;
        }
        let into = Path::new("unit").join(part);
        if part == "bugs" {
            let mut bugs: Vec<PathBuf> = std::fs::read_dir(&dir)
                .map_err(|e| format!("{}: {e}", dir.display()))?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect();
            bugs.sort();
            for b in bugs {
                flat(
                    &b,
                    &into.join(b.file_name().unwrap_or_default()),
                    &mut files,
                )?;
            }
        } else {
            flat(&dir, &into, &mut files)?;
        }
    }
    Ok(files)
}

/// The grading script's end: the unit tests' results joined to the
/// program's (`join`), then a check that results were written. A grader
/// that graded nothing (installed where the platform does not put it, its
/// scenarios missing) exits non-zero, which the platform shows as its own
/// error, instead of a silent exit 0.
fn finish(join: &str, l: &Layout) -> String {
    format!(
        r#"finish() {{
{join}    if [ ! -s "$RESULTS/results.json" ]; then
        echo "upcard: no results were written to $RESULTS/results.json: is this autograder where {platform} puts it ($ROOT)?" >&2
        exit 1
    fi
    exit 0
}}
for need in "$SOURCE/bin/upcard" "$SOURCE/scenarios" "$ROOT/{submission}"; do
    if [ ! -e "$need" ]; then
        echo "upcard: $need is missing: this autograder is not installed where {platform} puts it" >&2
        exit 1
    fi
done
"#,
        platform = l.platform,
        submission = l.submission,
    )
}

/// The end of a stage whose results (in `$var`) join the program's.
fn joined(var: &str, l: &Layout) -> String {
    format!(
        r#"    if [ -f "${var}" ]; then
        "$UPCARD" autograder combine --platform {format} "$RESULTS/results.json"             "${var}" --out "$RESULTS/results.json"
    fi
"#,
        format = l.format,
    )
}

/// The grading script's unit-test stage: run before the build (a program
/// that does not build still has its tests graded), its results joined to
/// the program's before the script ends.
fn unit_stage(d: &Deployment, l: &Layout) -> String {
    if let Some(p) = &d.parts {
        return parts_stage(d, p, l);
    }
    let Some(staff) = &d.unit else {
        return finish("", l);
    };
    let mut args = String::from("--solution unit/solution");
    for (part, flag) in [("bugs", "--bugs"), ("reference", "--reference-tests")] {
        if staff.join(part).is_dir() {
            args.push_str(&format!(" {flag} unit/{part}"));
        }
    }
    let stage = format!(
        r#"# The students' unit tests, against the staff's solution and bugs, in the
# sandbox too; their results join the program's at the end.
UNIT_RESULTS="$BUILD/unit-tests.json"
(cd "$SOURCE" && "$UPCARD" unit-tests {args} "$ROOT/{submission}"     --report {format}="$UNIT_RESULTS" >"$BUILD/unit-tests.log" 2>&1)
"#,
        submission = l.submission,
        format = l.format,
    );
    format!("{}{stage}", finish(&joined("UNIT_RESULTS", l), l))
}

/// The unit tests' folders as `upcard grade` names them, where the staff has them.
fn unit_flags(staff: &Path) -> String {
    let mut args = String::from(" --unit-solution unit/solution");
    for (part, flag) in [("bugs", "--unit-bugs"), ("reference", "--unit-reference")] {
        if staff.join(part).is_dir() {
            args.push_str(&format!(" {flag} unit/{part}"));
        }
    }
    args
}

/// `upcard grade`'s arguments for the parts but the game, run from the
/// autograder's folder (its `course/`, `points.toml` and `unit/`).
fn parts_args(d: &Deployment, p: &PartsStage) -> String {
    let mut args = if p.checkpoint {
        "--checkpoint".to_string()
    } else {
        format!("--parts {}", p.parts.join(","))
    };
    if !d.course_files.is_empty() || !p.course.is_empty() {
        args.push_str(&format!(" --course-files {COURSE_DIR}"));
    }
    if p.points.is_some() {
        args.push_str(&format!(" --points {POINTS_FILE}"));
    }
    if let (true, Some(staff)) = (p.parts.iter().any(|x| x == "unit-tests"), &d.unit) {
        args.push_str(&unit_flags(staff));
    }
    args
}

/// The command that says one planned test's verdict from the parts'
/// report (`report`): exit 0 when it passed.
fn verdict_command(report: &str, t: &PlannedTest) -> Result<String, String> {
    let name = shlex::try_quote(&t.name)
        .map_err(|_| format!("{}: a test name with a NUL byte", t.name))?;
    Ok(format!(
        "bin/upcard autograder verdict {report} --part {} {name}",
        t.part
    ))
}

/// The grading script's parts stage (`autograder init --parts`): every part
/// but the game graded on the submission's sources by one `upcard grade
/// --parts`, before the build (a program that does not build still has its
/// classes graded); its results are the whole results at the checkpoint,
/// else joined to the game's.
fn parts_stage(d: &Deployment, p: &PartsStage, l: &Layout) -> String {
    let args = parts_args(d, p);
    let stage = format!(
        r#"# The parts besides the game ({parts}), graded from the submission's
# sources in the sandbox too; their results join the game's at the end.
PARTS_RESULTS="$BUILD/parts.json"
(cd "$SOURCE" && "$UPCARD" grade {args} --exe "$ROOT/{submission}"     --report {format}="$PARTS_RESULTS" >"$BUILD/parts.log" 2>&1)
"#,
        parts = p.parts.join(", "),
        submission = l.submission,
        format = l.format,
    );
    if !p.system {
        // The checkpoint: no game, so the parts' results are the results.
        let only = r#"    if [ -f "$PARTS_RESULTS" ]; then
        cp "$PARTS_RESULTS" "$RESULTS/results.json"
    fi
"#;
        return format!(
            "{}{stage}finish
",
            finish(only, l)
        );
    }
    format!("{}{stage}", finish(&joined("PARTS_RESULTS", l), l))
}

impl Deployment<'_> {
    /// The course's build script with the flags asked for.
    pub fn build_script(&self) -> String {
        let flags = self.cxxflags.as_deref().unwrap_or(self.course.cxxflags());
        self.course.build_script(flags)
    }
}

/// Where run_autograder finds things; tests and staff set the root anywhere.
pub const ROOT_VARIABLE: &str = "UPCARD_AUTOGRADER_ROOT";

const SETUP: &str = r#"#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder's image
# (written by `upcard autograder init`).
set -euo pipefail
apt-get update
apt-get install -y --no-install-recommends g++ make
chmod +x /autograder/source/bin/upcard /autograder/source/run_autograder
"#;

/// Where a platform puts things for its grading script.
struct Layout {
    /// Who runs the script, for its first comment.
    platform: &'static str,
    /// The tree's root on the platform.
    root: &'static str,
    /// The folders under it: the autograder's files, the submission.
    source: &'static str,
    submission: &'static str,
    /// `--report` and `build-failed --platform` name the results' format.
    format: &'static str,
}

/// The grading script: build the submission with the course's script in a
/// directory of its own, grade it, write results.json; a build that fails
/// is reported with its log. `ROOT_VARIABLE` moves the tree, for trying it
/// anywhere.
fn grading_script(d: &Deployment, l: &Layout) -> String {
    let course = d.course;
    let program = course.program_file();
    let unit = unit_stage(d, l);
    let done = "finish";
    format!(
        r#"#!/usr/bin/env bash
# {platform} runs this for each submission (written by `upcard autograder init`).
# {ROOT_VARIABLE} moves the whole tree, for trying it anywhere.
set -uo pipefail
ROOT="${{{ROOT_VARIABLE}:-{root}}}"
SOURCE="$ROOT/{source}"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
rm -f "$RESULTS/results.json"
# upcard runs from a copy: uploaded files may not keep the executable bit.
BIN="$(mktemp -d)"
BUILD="$(mktemp -d)"
trap 'rm -rf "$BIN" "$BUILD"' EXIT
cp "$SOURCE/bin/upcard" "$BIN/upcard" && chmod +x "$BIN/upcard"
UPCARD="$BIN/upcard"
{unit}# The build is student code too: it runs in upcard's sandbox, which shows it
# the compiler and the submission's own files, never this folder's goldens.
if ! "$UPCARD" build --rules {rules} --script "$SOURCE/build.sh"{course} "$ROOT/{submission}" \
        -o "$BUILD/{program}" >"$BUILD/build.log" 2>&1; then
    "$UPCARD" autograder build-failed --platform {format} "$BUILD/build.log" \
        --out "$RESULTS/results.json"
    {done}
fi
cd "$SOURCE" || exit 1
# --diagnose: a wrong transcript names the catalogued bug that reproduces it.
"$UPCARD" grade --exe "$BUILD/{program}" --rules {rules}{compare}{points} --diagnose scenarios \
    --report {format}="$RESULTS/results.json"
# A failing test is a score, not a grading error.
{done}
"#,
        platform = l.platform,
        root = l.root,
        source = l.source,
        submission = l.submission,
        format = l.format,
        rules = course.name(),
        course = course_flag(d, &format!("\"$SOURCE/{COURSE_DIR}\"")),
        compare = compare_flag(d),
        points = points_flag(d),
    )
}

/// The TA's points, where the grader carries them: the system tests'
/// `[system]` scales the scenarios as it does in `upcard grade`.
fn points_flag(d: &Deployment) -> String {
    match &d.parts {
        Some(PartsStage {
            points: Some(_), ..
        }) => format!(" --points {POINTS_FILE}"),
        _ => String::new(),
    }
}

/// run_autograder, Gradescope's script.
fn run_autograder(d: &Deployment) -> String {
    grading_script(
        d,
        &Layout {
            platform: "Gradescope",
            root: "/autograder",
            source: "source",
            submission: "submission",
            format: "gradescope",
        },
    )
}

/// A file to write: its path in the autograder, bytes, and whether it runs.
type File = (PathBuf, Vec<u8>, bool);

/// The course's build script, the scenarios, what they read and their
/// goldens, where the project has them (as `upcard grade scenarios` finds
/// them), and upcard itself.
fn project_files(d: &Deployment) -> Result<Vec<File>, String> {
    let mut files: Vec<File> = vec![(
        PathBuf::from("build.sh"),
        d.build_script().into_bytes(),
        true,
    )];
    files.extend(scenario_files(d)?);
    files.push((PathBuf::from("bin/upcard"), upcard_binary(d)?, true));
    files.extend(course_file_list(d));
    files.extend(staff_unit_files(d)?);
    Ok(files)
}

/// The scenarios, what they read and their goldens, each once, at its path
/// in the project.
fn scenario_files(d: &Deployment) -> Result<Vec<File>, String> {
    let mut files: Vec<File> = Vec::new();
    for s in d.scenarios {
        let shown = s.path.display();
        let named = std::iter::once((&s.path, "the scenario".to_string()))
            .chain(
                s.files
                    .iter()
                    .map(|(p, field)| (p, format!("{shown}: its {field}"))),
            )
            .chain(std::iter::once((
                &s.expect.golden,
                format!("{shown}: its golden (expect.golden)"),
            )));
        for (p, what) in named {
            let rel = d.project.inside(p, &what)?;
            let bytes = std::fs::read(p).map_err(|e| format!("reading {}: {e}", p.display()))?;
            if !files.iter().any(|(f, _, _)| *f == rel) {
                files.push((rel, bytes, false));
            }
        }
    }
    Ok(files)
}

fn upcard_binary(d: &Deployment) -> Result<Vec<u8>, String> {
    std::fs::read(d.upcard).map_err(|e| format!("reading {}: {e}", d.upcard.display()))
}

/// A scenario's path as one word of a shell command.
fn shell_word(p: &Path) -> Result<String, String> {
    let s = p
        .to_str()
        .ok_or_else(|| format!("{}: not UTF-8", p.display()))?;
    shlex::try_quote(s)
        .map(|q| q.into_owned())
        .map_err(|_| format!("{}: a path with a NUL byte", p.display()))
}

/// The command that grades one scenario (a test of its own on platforms
/// that count tests themselves): exit 0 when it passes.
fn scenario_command(d: &Deployment, s: &Scenario) -> Result<String, String> {
    let path = d.project.inside(&s.path, "the scenario")?;
    Ok(format!(
        "bin/upcard grade --exe {} --rules {}{} --diagnose {}",
        d.course.program(),
        d.course.name(),
        compare_flag(d),
        shell_word(&path)?
    ))
}

/// Writes `files` under `dir`; returns their paths relative to `dir`.
fn write_files(dir: &Path, files: Vec<File>) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for (rel, bytes, runs) in files {
        let path = dir.join(&rel);
        write_atomic(&path, &bytes).map_err(|e| format!("writing {}: {e}", path.display()))?;
        if runs {
            make_executable(&path)?;
        }
        written.push(rel);
    }
    Ok(written)
}

/// Writes a Gradescope autograder for `course` into `dir`: returns the files
/// written, relative to `dir`. `upcard` is this program, copied in.
fn gradescope(d: &Deployment, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<File> = vec![
        (PathBuf::from("setup.sh"), SETUP.as_bytes().to_vec(), true),
        (
            PathBuf::from("run_autograder"),
            run_autograder(d).into_bytes(),
            true,
        ),
    ];
    files.extend(project_files(d)?);
    write_files(dir, files)
}

/// GitHub Classroom's workflow: the parts graded once (with `--parts`),
/// the build, then one command test per scenario (`upcard grade` on it
/// exits 0 when it passes) and per test of the other parts (`upcard
/// autograder verdict` on the parts' report), and the reporter.
fn classroom_workflow(d: &Deployment) -> Result<String, String> {
    let mut steps = String::new();
    let mut ids = Vec::new();
    let mut step = |name: &str, command: &str, points: f64| -> Result<(), String> {
        let id = format!("test-{}", ids.len() + 1);
        let score = whole_points("GitHub Classroom", name, points)?;
        steps.push_str(&format!(
            "    - name: {name}\n      id: {id}\n      uses: classroom-resources/autograding-command-grader@v1\n      with:\n        test-name: {name}\n        command: {command}\n        timeout: 1\n        max-score: {score}\n",
            name = workflow_str(name),
        ));
        ids.push(id);
        Ok(())
    };
    let system = d.grades_system();
    for s in d.scenarios.iter().filter(|_| system) {
        step(
            &s.name,
            &workflow_str(&scenario_command(d, s)?),
            d.scenario_points(s),
        )?;
    }
    for t in d.part_tests() {
        // The report's path is an expression GitHub fills in; the name is
        // written so that none of it is one.
        let command = verdict_command(
            CLASSROOM_REPORT,
            &PlannedTest {
                name: no_expressions(&t.name),
                ..t.clone()
            },
        )?;
        step(&t.name, &yaml_str(&command), t.points)?;
    }
    let env: String = ids
        .iter()
        .map(|id| {
            format!(
                "        {}_RESULTS: \"${{{{steps.{id}.outputs.result}}}}\"\n",
                id.to_uppercase()
            )
        })
        .collect();
    let build = if system {
        format!(
            "\x20   - name: Build\n      run: chmod +x bin/upcard && bin/upcard build --rules {rules} --script build.sh{course} . -o {program}\n      continue-on-error: true\n",
            rules = d.course.name(),
            program = d.course.program_file(),
            course = course_flag(d, COURSE_DIR),
        )
    } else {
        String::new()
    };
    Ok(format!(
        "# GitHub Classroom autograding (written by `upcard autograder init`).\n\
         name: Autograding Tests\n\
         'on':\n  push:\n  repository_dispatch:\n\
         permissions:\n  checks: write\n  actions: read\n  contents: read\n\
         jobs:\n  run-autograding-tests:\n    runs-on: ubuntu-latest\n\
         \x20   if: github.actor != 'github-classroom[bot]'\n\
         \x20   steps:\n\
         \x20   - name: Checkout code\n      uses: actions/checkout@v4\n\
         {parts}{build}{steps}\
         \x20   - name: Autograding Reporter\n      uses: classroom-resources/autograding-grading-reporter@v1\n      env:\n{env}\
         \x20     with:\n        runners: {}\n",
        ids.join(","),
        parts = classroom_parts(d),
    ))
}

/// Where the classroom workflow's parts report goes: the runner's
/// temporary folder, outside the repository the student pushed.
const CLASSROOM_REPORT: &str = "${{ runner.temp }}/upcard-parts.json";

/// The workflow's step that grades the parts besides the game, once.
fn classroom_parts(d: &Deployment) -> String {
    let Some(p) = &d.parts else {
        return String::new();
    };
    format!(
        "\x20   - name: Grade the parts\n      run: {run}\n      continue-on-error: true\n",
        run = yaml_str(&format!(
            "chmod +x bin/upcard && rm -f \"{CLASSROOM_REPORT}\" && bin/upcard grade {} --exe . --report json=\"{CLASSROOM_REPORT}\"",
            parts_args(d, p)
        )),
    )
}

/// A YAML string for a workflow: GitHub evaluates `${{ … }}` in every
/// value before the shell sees it, so a `${{` in a name is written as the
/// expression that yields it.
fn workflow_str(s: &str) -> String {
    yaml_str(&no_expressions(s))
}

/// `s` with each `${{` written as the expression that yields it.
fn no_expressions(s: &str) -> String {
    s.replace("${{", "${{ '${{' }}")
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// Writes a GitHub Classroom autograder (for the assignment's template
/// repository) for `course` into `dir`.
fn github_classroom(d: &Deployment, dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<File> = vec![(
        PathBuf::from(".github/workflows/classroom.yml"),
        classroom_workflow(d)?.into_bytes(),
        false,
    )];
    files.extend(project_files(d)?);
    write_files(dir, files)
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> Result<(), String> {
    Ok(())
}

/// Lines of a build log shown to the student: the end, where errors are.
const LOG_LINES: usize = 200;

/// What the student reads of a build that failed: the end of its log.
fn build_log(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    let start = lines.len().saturating_sub(LOG_LINES);
    let mut output = String::from("Your submission did not compile, so no test ran.\n\n");
    if start > 0 {
        output.push_str(&format!(
            "(the last {LOG_LINES} lines of the build's output)\n"
        ));
    }
    output.push_str(&lines[start..].join("\n"));
    output
}

/// Gradescope's results.json for a submission that did not build: score 0
/// and the end of the build log.
pub fn build_failed(log: &str) -> String {
    let v = serde_json::json!({
        "score": 0.0,
        "output": build_log(log),
        "output_format": "text",
        "tests": [],
    });
    serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
}

/// PrairieLearn's results.json for a submission that did not build: not
/// gradable (the student keeps the attempt), with the build log's end.
pub fn build_failed_prairielearn(log: &str) -> String {
    let output = build_log(log);
    let v = serde_json::json!({
        "gradable": false,
        "format_errors": [output],
        "message": "Your submission did not compile.",
        "output": output,
    });
    serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
}
