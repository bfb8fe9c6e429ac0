#!/usr/bin/env bash
# Sourced by peers.sh and instructions.sh: `build_peer CHECKOUT WORK`
# builds swpecht's `games` engine (https://github.com/swpecht/swpecht.github.io)
# in WORK with a loop that plays its euchre random hands, and prints the
# loop's path. The loop takes a number of hands and prints hands a second;
# nothing of the peer is committed.
build_peer() {
    local peer=$1 work=$2
    # Only the engine's crate and the workspace manifest (with its shared
    # dependencies); its workspace's other crates are servers and bots.
    # (A mirror without some large file elsewhere in the repository makes
    # `git archive` complain after writing these: the check below decides.)
    { git -C "$peer" archive HEAD projects/liars_poker_bot/crates/games \
        projects/liars_poker_bot/Cargo.toml 2>/dev/null || true; } | tar -x -C "$work"
    local ws="$work/projects/liars_poker_bot"
    [[ -f $ws/crates/games/src/lib.rs ]] || { echo "no games crate in $peer" >&2; exit 2; }
    sed -i 's|members = \["crates/\*"\]|members = ["crates/games", "crates/upcard_peer"]|' "$ws/Cargo.toml"
    mkdir -p "$ws/crates/upcard_peer/src"
    cat > "$ws/crates/upcard_peer/Cargo.toml" <<'TOML'
[package]
name = "upcard_peer"
version = "0.1.0"
edition = "2021"

[dependencies]
games = { path = "../games" }
TOML
    cat > "$ws/crates/upcard_peer/src/main.rs" <<'RUST'
use games::{gamestates::euchre::Euchre, Action, GameState};
fn main() {
    let hands: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap();
    let game = Euchre::game();
    let mut actions: Vec<Action> = Vec::new();
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let start = std::time::Instant::now();
    for _ in 0..hands {
        let mut gs = (game.new)();
        while !gs.is_terminal() {
            gs.legal_actions(&mut actions);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // The pick by multiplying, as benches/play.rs picks: a 64-bit
            // division per decision was 7% of a random loop's time.
            gs.apply_action(actions[(((x >> 32) * actions.len() as u64) >> 32) as usize]);
        }
        std::hint::black_box(&gs);
    }
    println!("{:.0}", hands as f64 / start.elapsed().as_secs_f64());
}
RUST
    (cd "$ws" && cargo build --release -q -p upcard_peer) >&2
    echo "$ws/target/release/upcard_peer"
}
