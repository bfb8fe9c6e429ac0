//! A Euchre strategy this project did not write — euchre-cli's computer
//! player (PyPI, MIT; examples/bots/euchre-cli/README.md) — at upcard's
//! seats through the seat protocol, in the sandbox, by the adapter in
//! examples/bots/euchre-cli. Its wheel is fetched by
//! tests/platforms/install.sh (pinned by hash), never committed.

use std::path::Path;

use crate::tester::Upcard;

/// A bot folder holding the adapter and the strategy's wheel.
fn bot_folder(tag: &str) -> std::path::PathBuf {
    let tools = crate::platforms::tools();
    let d = crate::seat_sandbox::fresh(tag).join("euchre-cli");
    std::fs::create_dir_all(&d).unwrap();
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bots/euchre-cli/adapter.py");
    std::fs::copy(&adapter, d.join("adapter.py")).unwrap();
    let wheel = "euchre_cli-0.7.0-py3-none-any.whl";
    std::fs::copy(tools.join("public-bots").join(wheel), d.join(wheel)).unwrap();
    d
}

#[test]
fn the_public_strategy_plays_whole_matches_without_a_fault() {
    let d = bot_folder("euchre-cli");
    let ran = Upcard::new()
        .args([
            "arena", "--team1", "simple", "--games", "20", "--seed", "1", "-j", "2",
        ])
        .args(["--format", "json"])
        .args([format!("--team0=exec:{}", d.join("adapter.py").display())])
        .run();
    let v: serde_json::Value = serde_json::from_str(&ran.text()).unwrap();
    // No fault: every decision was its strategy's (or the adapter's lawful
    // nearest card), in the sandbox.
    assert_eq!(v["teams"][0]["fault_counts"], serde_json::json!({}));
    // The same games as every run: its random calls are seeded per game.
    assert_eq!(
        (
            v["teams"][0]["games_won"].as_u64(),
            v["teams"][1]["games_won"].as_u64()
        ),
        (Some(17), Some(3)),
        "{}",
        ran.text()
    );
    // It stays for the match: one process per seat and worker, and one
    // more for the other half of a deal (no process plays both), not one
    // per game.
    let startups = v["teams"][0]["startups"].as_u64().unwrap();
    assert!(startups <= 8, "{startups}");
}

/// OpenSpiel's determinized MCTS (examples/bots/open_spiel), a search bot
/// this project did not write, plays whole seeded matches in the sandbox
/// without a fault and the same games again; its small budget here only
/// keeps the test quick.
#[test]
fn open_spiel_mcts_plays_whole_matches_in_the_sandbox_the_same_each_time() {
    let tools = crate::platforms::tools();
    let d = crate::seat_sandbox::fresh("open-spiel").join("open_spiel");
    std::fs::create_dir_all(&d).unwrap();
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bots/open_spiel/adapter.py");
    std::fs::copy(&adapter, d.join("adapter.py")).unwrap();
    std::fs::copy(tools.join("public-bots/pyspiel.so"), d.join("pyspiel.so")).unwrap();
    let run = |search: &str| {
        let ran = Upcard::new()
            .args([
                "arena", "--team1", "simple", "--games", "6", "--seed", "2", "-j", "2",
            ])
            .args(["--house", "discard-upcard=off", "--format", "json"])
            .args([format!(
                "--team0=exec:{} --search {search} --simulations 300",
                d.join("adapter.py").display()
            )])
            .run();
        let v: serde_json::Value = serde_json::from_str(&ran.text()).unwrap();
        assert_eq!(
            v["teams"][0]["fault_counts"],
            serde_json::json!({}),
            "{}",
            ran.stderr
        );
        (
            v["teams"][0]["games_won"].as_u64().unwrap(),
            v["hands"].as_u64().unwrap(),
        )
    };
    let mcts = run("mcts");
    assert_eq!(mcts, (6, 68), "its games won and the hands played");
    assert_eq!(mcts, run("mcts"), "a seeded match replays");
    let (_, hands) = run("ismcts");
    assert!(hands >= 6, "{hands}");
    // A rule set it cannot play is refused at hello, said on stderr.
    let ran = Upcard::new()
        .args([
            "arena", "--team1", "simple", "--games", "2", "--seed", "2", "-j", "1",
        ])
        .args(["--format", "json"])
        .args([format!("--team0=exec:{}", d.join("adapter.py").display())])
        .status(1)
        .run();
    assert!(
        ran.stderr
            .contains("OpenSpiel's euchre cannot play discard-upcard=on"),
        "{}",
        ran.stderr
    );
}
