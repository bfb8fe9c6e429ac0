//! The bundled library in scenarios/: its replays as insta snapshots (what
//! has no golden: the transcripts themselves are the goldens, checked by
//! `upcard run`), every file valid against the JSON Schema.

use std::path::{Path, PathBuf};

use upcard::record::json_line;
use upcard::scenario::Scenario;
use upcard::scenario::record;

/// Every 25th move of each scenario's JSON replay, and its last: the event,
/// the rule behind it, the lines printed and the whole state, so a change to
/// any of them shows in review.
#[test]
fn every_scenario_replay_is_snapshotted() {
    insta::glob!("../../scenarios", "**/*.yaml", |path| {
        let s = Scenario::load(path).unwrap();
        let description = s.description.clone();
        let t = record(&s);
        let last = t.moves.len().saturating_sub(1);
        let lines: Vec<String> = (0..t.moves.len())
            .filter(|&i| i % 25 == 0 || i == last)
            .map(|i| json_line(&t, i))
            .collect();
        let mut settings = insta::Settings::clone_current();
        settings.set_description(description);
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(lines.join("\n")));
    });
}

fn schema() -> serde_json::Value {
    let text = std::fs::read_to_string("grammar/scenario.schema.json").unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_committed_schema_is_the_generated_one() {
    let generated: serde_json::Value = serde_json::from_str(&upcard::scenario::schema()).unwrap();
    assert_eq!(
        schema(),
        generated,
        "grammar/scenario.schema.json is stale: run `upcard schema > grammar/scenario.schema.json`"
    );
}

#[test]
fn the_schema_validates_every_scenario_and_refuses_bad_ones() {
    let v = jsonschema::validator_for(&schema()).unwrap();
    let mut n = 0;
    for dir in ["scenarios/eecs280", "scenarios/cs246"] {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let y: serde_json::Value =
                serde_yaml::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            let errors: Vec<String> = v.iter_errors(&y).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{}: {errors:?}", p.display());
            n += 1;
        }
    }
    assert!(n >= 40, "only {n} scenarios");
    let bad = [
        "name: x\nrules: eecs280\ncolour: red\n",
        "name: x\nrules: chess\n",
        "name: x\nrules: eecs280\neecs280: {points: 1, players: [], pack: [XX]}\n",
        "name: x\nrules: cs246\nexpect: {compare: [ignore-everything]}\n",
        "rules: cs246\n",
    ];
    for b in bad {
        let y: serde_json::Value = serde_yaml::from_str(b).unwrap();
        assert!(!v.is_valid(&y), "the schema accepted {b:?}");
    }
}

#[test]
fn the_library_covers_what_issue_4_lists() {
    let names: Vec<String> = ["scenarios/eecs280", "scenarios/cs246"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| Scenario::load(&e.unwrap().path()).unwrap().name)
        .collect();
    for want in [
        "official-test00-adi",
        "official-test01-alice",
        "official-test50-adi",
        "screw-the-dealer",
        "dealer-discards-upcard",
        "left-bower-led",
        "left-bower-follows-trump",
        "trump-led",
        "march",
        "euchred",
        "shuffle-accumulates-over-hands",
        "noshuffle-same-pack-each-hand",
        "human-dealer-discards",
        "game-ends-exactly-on-target",
        "human-error-unrecognized-command",
        "human-error-suit-turned-down",
        "human-error-order-up-after-turn-down",
        "human-error-card-not-in-hand",
        "human-error-renege",
        "rage-quit",
        "quit",
        "nullified-hand",
        "alone-from-seat-0",
        "alone-from-seat-1",
        "alone-from-seat-2",
        "alone-from-seat-3",
        "ordering-up-the-partner",
        "save-loaded-mid-hand",
        "debug-output",
    ] {
        assert!(names.iter().any(|n| n == want), "no scenario {want}");
    }
    assert!(Path::new("scenarios").is_dir());
}

/// An installed upcard, a copy of the binary outside the checkout run from
/// an empty folder, grades with the library built into it (each official
/// game once, the 2018 names opt-in), and `scenarios export` writes a
/// library that `upcard run` passes whole and that is never overwritten.
#[test]
fn an_installed_binary_grades_with_its_bundled_library() {
    let installed = Installed::new();
    let run = |args: &[&str]| installed.run(args);
    let exe = installed.exe.to_str().unwrap();
    let (code, out, err) = run(&["grade", "--exe", exe, "--rules", "eecs280"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.ends_with("\n17 passed, 0 failed\n"), "{out}");
    for game in ["00", "01", "50"] {
        assert_eq!(
            out.matches(&format!("official-test{game}")).count(),
            1,
            "{out}"
        );
    }
    assert_eq!(
        err,
        format!(
            "upcard: no ./scenarios here: using the {} scenarios bundled in upcard {} \
             (`upcard scenarios export DIR` writes them out to read and extend)\n\
             upcard: 3 opt-in scenarios not graded (official-test00-alice, official-test01-alice, \
             official-test50-alice): --filter opt-in, or a name, grades them\n",
            library().0,
            env!("CARGO_PKG_VERSION")
        )
    );
    // Asked for, the 2018 names are graded.
    let (code, out, _) = run(&[
        "grade",
        "--exe",
        exe,
        "--rules",
        "eecs280",
        "--filter",
        "official-2018",
    ]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.ends_with("\n3 passed, 0 failed\n"), "{out}");
    // Exported, the library runs whole from where it was written.
    let (code, out, err) = run(&["scenarios", "export", "lib"]);
    assert_eq!(code, Some(0), "{err}");
    let (scenarios, files) = library();
    assert_eq!(
        out,
        format!("wrote {scenarios} scenarios and their goldens ({files} files) into lib\n")
    );
    let (code, out, err) = run(&["run", "lib/scenarios"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.ends_with(&format!("\n{scenarios} passed, 0 failed\n")),
        "{out}"
    );
    let (code, _, err) = run(&["scenarios", "export", "lib"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "upcard: lib/scenarios exists: export writes a new library and overwrites none \
         (choose another folder)\n"
    );
}

/// upcard copied alone into a folder, with a course program beside it and
/// an empty folder to run in (no ./scenarios), its cache in a home of its own.
struct Installed {
    _dir: tempfile::TempDir,
    bin: PathBuf,
    exe: PathBuf,
    empty: PathBuf,
    home: PathBuf,
}

impl Installed {
    fn new() -> Installed {
        let t = tempfile::tempdir().unwrap();
        let bin = t.path().join("upcard");
        std::fs::copy(env!("CARGO_BIN_EXE_upcard"), &bin).unwrap();
        let exe = t.path().join("euchre.exe");
        let src =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/programs/euchre.cpp");
        crate::common::system_packages();
        let built = std::process::Command::new("g++")
            .args(["-O1", "-o"])
            .arg(&exe)
            .arg(&src)
            .status()
            .expect("g++ (apt-get install -y g++)");
        assert!(built.success());
        let empty = t.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        let home = t.path().join("home");
        Installed {
            _dir: t,
            bin,
            exe,
            empty,
            home,
        }
    }

    /// Its exit status, standard output and standard error.
    fn run(&self, args: &[&str]) -> (Option<i32>, String, String) {
        let o = std::process::Command::new(&self.bin)
            .current_dir(&self.empty)
            .args(args)
            .env("HOME", &self.home)
            .env_remove("XDG_CACHE_HOME")
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8(o.stdout).unwrap(),
            String::from_utf8(o.stderr).unwrap(),
        )
    }
}

/// The library in the checkout: its scenarios (YAML files under
/// `scenarios/`) and every file of `scenarios/` and `golden/`, which the
/// binary bundles.
pub fn library() -> (usize, usize) {
    fn walk(dir: &Path, yaml: &mut usize, all: &mut usize) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, yaml, all);
            } else {
                *all += 1;
                *yaml += usize::from(p.extension().is_some_and(|x| x == "yaml"));
            }
        }
    }
    let (mut yaml, mut all) = (0, 0);
    walk(Path::new("scenarios"), &mut yaml, &mut all);
    let mut none = 0;
    walk(Path::new("golden"), &mut none, &mut all);
    (yaml, all)
}
