//! Shell completions, the manual page and the examples in `--help`, all
//! generated from the clap definitions.

use crate::tester::Upcard;

#[test]
fn completions_cover_every_subcommand() {
    let bash = Upcard::new().args(["completions", "bash"]).run().text();
    assert!(bash.starts_with("_upcard() {"), "{bash}");
    for sub in [
        "run", "grade", "play", "arena", "serve", "join", "eecs280", "cs246",
    ] {
        assert!(bash.contains(&format!("upcard,{sub})")), "bash: {sub}");
    }
    let zsh = Upcard::new().args(["completions", "zsh"]).run().text();
    assert!(zsh.starts_with("#compdef upcard"), "{zsh}");
    let fish = Upcard::new().args(["completions", "fish"]).run().text();
    assert!(fish.contains("complete -c upcard"), "{fish}");
    let ps = Upcard::new()
        .args(["completions", "powershell"])
        .run()
        .text();
    assert!(ps.contains("Register-ArgumentCompleter"), "{ps}");
}

#[test]
fn the_manual_page_is_roff_and_lists_the_commands() {
    let man = Upcard::new().args(["man"]).run().text();
    assert!(man.contains(".TH upcard 1"), "{man}");
    for sub in ["play", "arena", "grade", "report", "autograder"] {
        assert!(man.contains(&format!("upcard\\-{sub}(1)")), "{sub}");
    }
}

#[test]
fn every_subcommand_shows_examples_in_its_help() {
    for sub in [
        "run",
        "bless",
        "grade",
        "replay",
        "schema",
        "autograder",
        "play",
        "arena",
        "serve",
        "join",
        "completions",
        "man",
    ] {
        let help = Upcard::new().args([sub, "--help"]).run().text();
        assert!(help.contains("\nExample"), "upcard {sub} --help:\n{help}");
        assert!(help.contains("  upcard "), "upcard {sub} --help:\n{help}");
    }
    let merge = Upcard::new()
        .args(["report", "merge", "--help"])
        .run()
        .text();
    assert!(merge.contains("\nExamples:\n  upcard grade"), "{merge}");
}

#[test]
fn new_writes_a_skeleton_that_blesses_and_runs_for_every_rule_set() {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    for rules in ["eecs280", "cs246", "standard"] {
        let file = format!("scenarios/{rules}/first-try.yaml");
        Upcard::new()
            .current_dir(&d)
            .args(["new", rules, "first-try"])
            .stdout_is(format!(
                "wrote {file}; edit it (its comments explain the deal and the answers), then:\n  upcard bless {file} && upcard replay {file}\n"
            ))
            .run();
        let text = std::fs::read_to_string(d.join(&file)).unwrap();
        assert!(
            text.contains("# ") && text.contains("dealer's left"),
            "{text}"
        );
        Upcard::new().current_dir(&d).args(["bless", &file]).run();
        let golden =
            std::fs::read_to_string(d.join(format!("golden/{rules}/first-try.out"))).unwrap();
        if rules == "cs246" {
            // Player 0 is the human (so a course program can run it), who
            // quits at the first question until the author writes moves.
            assert!(golden.contains("Proposed trump suit is"), "{golden}");
            std::fs::copy(env!("CARGO_BIN_EXE_upcard"), d.join("euchre")).unwrap();
            Upcard::new()
                .current_dir(&d)
                .args(["grade", "--exe", "euchre", &file])
                .stdout_is("PASS first-try\n\n1 passed, 0 failed\n")
                .run();
        } else {
            // The skeleton's game runs to its end.
            assert!(
                golden.contains("win") || golden.contains("WINS"),
                "{rules}: {golden}"
            );
        }
        Upcard::new()
            .current_dir(&d)
            .args(["run", &file])
            .stdout_is(format!("PASS first-try ({file})\n\n1 passed, 0 failed\n"))
            .run();
        Upcard::new()
            .current_dir(&d)
            .args(["new", rules, "first-try"])
            .status(2)
            .stderr_is(&format!(
                "upcard: {file} exists already: new never overwrites a scenario\n"
            ))
            .run();
    }
    Upcard::new()
        .current_dir(&d)
        .args(["new", "eecs280", "Bad Name"])
        .status(2)
        .stderr_is(
            "upcard: \"Bad Name\" is not a scenario name: use lowercase letters, digits and dashes\n",
        )
        .run();
}

#[test]
fn record_keeps_a_typed_game_as_a_scenario_and_its_golden() {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::copy("golden/eecs280/v2020-2026_adi/pack.in", d.join("pack.in")).unwrap();
    let ran = Upcard::new()
        .current_dir(&d)
        .args([
            "record", "eecs280", "pack.in", "noshuffle", "1", "Adi", "Human", "Bob", "Simple",
            "Cy", "Simple", "Di", "Simple", "adi-deals",
        ])
        .stdin("pass\n0\n0\n0\n0\n0\n")
        .stderr_is(
            "upcard: recorded scenarios/eecs280/adi-deals.yaml and its golden golden/eecs280/adi-deals.out\n",
        )
        .run();
    // The golden is what the game printed at the terminal.
    assert_eq!(
        std::fs::read(d.join("golden/eecs280/adi-deals.out")).unwrap(),
        ran.stdout
    );
    let yaml = std::fs::read_to_string(d.join("scenarios/eecs280/adi-deals.yaml")).unwrap();
    assert!(
        yaml.contains("input: \"pass\\n0\\n0\\n0\\n0\\n0\\n\"\n"),
        "{yaml}"
    );
    Upcard::new()
        .current_dir(&d)
        .args(["run", "scenarios/eecs280/adi-deals.yaml"])
        .stdout_is("PASS adi-deals (scenarios/eecs280/adi-deals.yaml)\n\n1 passed, 0 failed\n")
        .run();
    // CS 246, with a rule option; and no overwriting.
    Upcard::new()
        .current_dir(&d)
        .args([
            "record",
            "cs246",
            "-s",
            "3",
            "--no-human",
            "--rule",
            "loner-lead=footnote",
            "four-computers",
        ])
        .run();
    Upcard::new()
        .current_dir(&d)
        .args(["run", "scenarios/cs246/four-computers.yaml"])
        .run();
    Upcard::new()
        .current_dir(&d)
        .args(["record", "cs246", "-s", "3", "four-computers"])
        .status(2)
        .stderr_is("upcard: scenarios/cs246/four-computers.yaml exists already: record never overwrites a scenario\n")
        .run();
}

/// Every command's help ends with examples, as the README promises.
#[test]
fn every_help_page_has_examples() {
    for cmd in [
        "run",
        "bless",
        "grade",
        "build",
        "replay",
        "schema",
        "autograder",
        "autograder init",
        "report",
        "report merge",
        "play",
        "arena",
        "serve",
        "join",
        "completions",
        "man",
        "new",
        "record",
        "mutants",
        "eecs280",
        "cs246",
    ] {
        let mut args: Vec<&str> = cmd.split(' ').collect();
        args.push("--help");
        let text = Upcard::new().args(args).run().text();
        assert!(
            text.contains("\nExamples:\n  "),
            "upcard {cmd} --help:\n{text}"
        );
    }
}

/// A pack from another folder is kept in the scenario under its file name:
/// a program graded on the scenario runs in a folder of its own, where that
/// name is where the pack is.
#[test]
fn record_names_a_pack_from_elsewhere_by_its_file_name() {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-record-sub-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("packs")).unwrap();
    std::fs::copy(
        "golden/eecs280/v2020-2026_adi/pack.in",
        d.join("packs/pack.in"),
    )
    .unwrap();
    Upcard::new()
        .current_dir(&d)
        .args([
            "record",
            "eecs280",
            "packs/pack.in",
            "noshuffle",
            "1",
            "A",
            "Simple",
            "B",
            "Simple",
            "C",
            "Simple",
            "D",
            "Simple",
            "from-elsewhere",
        ])
        .run();
    let yaml = std::fs::read_to_string(d.join("scenarios/eecs280/from-elsewhere.yaml")).unwrap();
    assert!(yaml.contains("  pack_name: \"pack.in\"\n"), "{yaml}");
    let golden = std::fs::read_to_string(d.join("golden/eecs280/from-elsewhere.out")).unwrap();
    assert!(
        golden
            .starts_with("./euchre.exe pack.in noshuffle 1 A Simple B Simple C Simple D Simple \n"),
        "{golden}"
    );
    // The reference, as the course program, passes it.
    std::fs::copy(env!("CARGO_BIN_EXE_upcard"), d.join("euchre.exe")).unwrap();
    Upcard::new()
        .current_dir(&d)
        .args(["grade", "--exe", "euchre.exe", "scenarios"])
        .stdout_is("PASS from-elsewhere\n\n1 passed, 0 failed\n")
        .run();
}
