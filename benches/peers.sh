#!/usr/bin/env bash
# The arena's random play beside a public engine's, in alternating runs on
# one machine (a virtual machine drifts more between minutes than the
# difference we look for): `upcard arena --team0 random --team1 random
# --games G --seed 1 -j 1` against swpecht's `games` crate (Rust; its euchre
# state played from deal to last trick, each action uniform among the legal
# ones, one hand a game). Prints each pair and the medians, in hands per
# second on one core. Nothing of the peer is committed: give a checkout.
#
#   benches/peers.sh PEER_CHECKOUT [PAIRS [GAMES [DEALS]]]
#
# Defaults 5 pairs of 40000 games with `--seed 1`; DEALS `secret` plays the
# issue's own command instead (no `--seed`: secret deals, a ChaCha20 deck).
#
# PEER_CHECKOUT: a clone (or bare git directory) of
# https://github.com/swpecht/swpecht.github.io
set -euo pipefail

peer=${1:?give a checkout of swpecht/swpecht.github.io}
pairs=${2:-5}
games=${3:-40000}
case ${4:-seed} in
  seed) deals=(--seed 1) ;;
  secret) deals=() ;;
  *) echo "DEALS is seed or secret" >&2; exit 2 ;;
esac
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Only the engine's crate and the workspace manifest (with its shared
# dependencies); its workspace's other crates are servers and bots.
# (A mirror without some large file elsewhere in the repository makes
# `git archive` complain after writing these: the check below decides.)
{ git -C "$peer" archive HEAD projects/liars_poker_bot/crates/games \
    projects/liars_poker_bot/Cargo.toml 2>/dev/null || true; } | tar -x -C "$work"
ws="$work/projects/liars_poker_bot"
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
            gs.apply_action(actions[(x % actions.len() as u64) as usize]);
        }
        std::hint::black_box(&gs);
    }
    println!("{:.0}", hands as f64 / start.elapsed().as_secs_f64());
}
RUST
(cd "$ws" && cargo build --release -q -p upcard_peer)
(cd "$repo" && cargo build --release -q --bin upcard)

arena() {
    "$repo/target/release/upcard" arena --team0 random --team1 random \
        --games "$games" "${deals[@]}" -j 1 --format json |
        sed -n 's/.*"hands_per_second": \([0-9]*\).*/\1/p'
}
peer_hands() { "$ws/target/release/upcard_peer" $((games * 9)); }

a=() p=()
for i in $(seq "$pairs"); do
    # Alternate which runs first, so neither always meets a warm machine.
    if ((i % 2)); then x=$(arena); y=$(peer_hands); else y=$(peer_hands); x=$(arena); fi
    a+=("$x") p+=("$y")
    echo "pair $i: arena $x, peer $y hands/s ($(echo "scale=2; $x / $y" | bc)x)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ma=$(median "${a[@]}") mp=$(median "${p[@]}")
echo "median: arena $ma (range $(printf '%s\n' "${a[@]}" | sort -n | head -1)–$(printf '%s\n' "${a[@]}" | sort -n | tail -1)), peer $mp (range $(printf '%s\n' "${p[@]}" | sort -n | head -1)–$(printf '%s\n' "${p[@]}" | sort -n | tail -1)): $(echo "scale=2; $ma / $mp" | bc)x"
