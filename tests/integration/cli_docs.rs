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
