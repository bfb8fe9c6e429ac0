#!/usr/bin/env bash
# Instructions a hand of random play, counted by valgrind: the engine driven
# as a library (its decks seeded one and four at a time) and the arena's
# random match (`--seed 1`, and secret deals as the issue's own command
# plays). A virtual machine's times drift by a third between minutes; an
# instruction count is the same on every run, so a change of 1% shows. It
# is not time (a cache miss or a division counts one), so a change is
# still timed in alternating pairs (benches/peers.sh, `cargo bench --bench
# play`) before it is called faster.
#
#   benches/instructions.sh [GAMES]
#
# Each loop runs GAMES games (default 2000) and twice as many; the
# difference over the difference in hands leaves out start-up. Needs
# valgrind (`apt install valgrind`).
set -euo pipefail

games=${1:-2000}
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "GAMES is a positive number" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt install valgrind)" >&2; exit 2; }
repo=$(git rev-parse --show-toplevel)
bin=$(cd "$repo" && cargo bench --locked --bench play --no-run 2>&1 |
    sed -n 's/.*Executable benches\/play.rs (\(.*\))$/\1/p')
[[ -x $repo/$bin ]] || { echo "no bench binary for benches/play.rs" >&2; exit 2; }

# Instructions and hands of one loop: "INSTRUCTIONS HANDS".
count() {
    local out
    out=$(UPCARD_ONCE=$1 UPCARD_GAMES=$2 valgrind --tool=cachegrind --cache-sim=no \
        --cachegrind-out-file=/dev/null "$repo/$bin" 2>&1)
    echo "$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$out" | tr -d ,)" \
        "$(sed -n 's/^\([0-9]*\) hands$/\1/p' <<<"$out")"
}

for mode in engine engine4 arena arena-secret; do
    read -r i1 h1 < <(count "$mode" "$games")
    read -r i2 h2 < <(count "$mode" $((2 * games)))
    printf '%-13s %6d instructions a hand (%d hands more in %d games more)\n' \
        "$mode" $(((i2 - i1) / (h2 - h1))) $((h2 - h1)) "$games"
done
