#!/usr/bin/env bash
# Whole EECS 280 games (as `cargo bench --bench games`), this commit against
# the engine before its redesign (commit 0f0c818, the baseline of issue #13),
# run in turn on the same machine: a virtual machine's speed drifts by more
# than the difference between two runs minutes apart, so figures taken at
# different times cannot be compared. Prints the fastest of ROUNDS runs of
# each (noise only ever adds time) and the speed-up.
#
#   benches/baseline.sh [ROUNDS [GAMES]]      (defaults 20 and 300)
set -euo pipefail

BASELINE=0f0c818
ROUNDS=${1:-20}
GAMES=${2:-300}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
cleanup() {
    git -C "$repo" worktree remove --force "$work/base" 2>/dev/null || true
    git -C "$repo" worktree remove --force "$work/head" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# One program for both versions; only where the EECS 280 program lives differs.
example() { # MODULE
    cat <<EOF
use $1::{Args, new_game, play};
use upcard::engine::NullSink;
use upcard::input::Tokens;
use upcard::courses::eecs280::pack::parse_pack;

const PACK: &str = include_str!("../golden/eecs280/v2020-2026_adi/pack.in");

fn main() {
    let mut argv = std::env::args().skip(1);
    let sink = argv.next().expect("null or transcript");
    let n: u32 = argv.next().and_then(|s| s.parse().ok()).expect("a number of games");
    let raw: Vec<String> = "pack.in shuffle 100 A Simple B Simple C Simple D Simple"
        .split(' ')
        .map(String::from)
        .collect();
    let a = Args::parse(&raw).unwrap();
    let pack = parse_pack("pack.in", PACK).unwrap();
    let input = Tokens::from_text("").shared();
    let mut bytes = 0;
    let t = std::time::Instant::now();
    for _ in 0..n {
        if sink == "null" {
            new_game(&a, pack, &input).run(&mut NullSink).unwrap();
        } else {
            let (r, w) = play(&a, pack, "./euchre.exe", &input, Vec::with_capacity(1 << 16));
            r.unwrap();
            bytes = w.unwrap().len();
        }
    }
    // Microseconds a game, and the transcript's length (the same game in both).
    println!("{:.1} {bytes}", t.elapsed().as_secs_f64() * 1e6 / f64::from(n));
}
EOF
}

build() { # NAME COMMIT MODULE
    git -C "$repo" worktree add --quiet --detach "$work/$1" "$2"
    mkdir -p "$work/$1/examples"
    example "$3" >"$work/$1/examples/games.rs"
    # One target folder: the dependencies are built once.
    (cd "$work/$1" && CARGO_TARGET_DIR="$work/target" cargo build --quiet --locked --profile bench --example games)
    cp "$work/target/release/examples/games" "$work/$1.bin"
}

echo "building $BASELINE and $(git -C "$repo" rev-parse --short HEAD) (a few minutes)" >&2
build base "$BASELINE" upcard::commands::eecs280
build head HEAD upcard::courses::eecs280::program

hands=131 # a game of this pack and seed (the bench counts them)
for sink in null transcript; do
    best_base=; best_head=
    for _ in $(seq "$ROUNDS"); do
        read -r b bytes_base < <("$work/base.bin" "$sink" "$GAMES")
        read -r h bytes_head < <("$work/head.bin" "$sink" "$GAMES")
        if [ "$bytes_base" != "$bytes_head" ]; then
            echo "the two versions wrote different transcripts ($bytes_base and $bytes_head bytes)" >&2
            exit 1
        fi
        best_base=$(echo "$b ${best_base:-$b}" | awk '{print ($1 < $2) ? $1 : $2}')
        best_head=$(echo "$h ${best_head:-$h}" | awk '{print ($1 < $2) ? $1 : $2}')
    done
    awk -v s="$sink" -v b="$best_base" -v h="$best_head" -v n="$hands" 'BEGIN {
        printf "%-10s baseline %7.1f µs a game (%9.0f hands/s)   now %7.1f µs (%9.0f hands/s)   %.2fx\n",
            s, b, n * 1e6 / b, h, n * 1e6 / h, b / h
    }'
done
