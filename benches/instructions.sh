#!/usr/bin/env bash
# Instructions a hand of random play, counted by valgrind: the engine driven
# as a library (its decks seeded one and four at a time, and quick decks)
# and the arena's random match (`--seed 1`, and secret deals as the issue's
# own command plays). A virtual machine's times drift by a third between
# minutes; an instruction count is the same on every run, so a change of 1%
# shows. It is not time (a cache miss or a division counts one), so a
# change is still timed in alternating pairs (benches/peers.sh, `cargo
# bench --bench play`) before it is called faster.
#
#   benches/instructions.sh [GAMES [PEER_CHECKOUT]]
#
# Each loop runs GAMES games (default 2000) and twice as many; the
# difference over the difference in hands leaves out start-up. With a
# checkout of swpecht/swpecht.github.io, its `games` engine's random hands
# are counted the same way (as many hands as the arena's games hold, about
# nine a game), as benches/peers.sh times them. Needs valgrind (`apt
# install valgrind`).
set -euo pipefail

games=${1:-2000}
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "GAMES is a positive number" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (apt install valgrind)" >&2; exit 2; }
repo=$(git rev-parse --show-toplevel)
bin=$(cd "$repo" && cargo bench --locked --bench play --no-run 2>&1 |
    sed -n 's/.*Executable benches\/play.rs (\(.*\))$/\1/p')
[[ -x $repo/$bin ]] || { echo "no bench binary for benches/play.rs" >&2; exit 2; }

# The instructions a command runs.
instructions() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 |
        sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

# Instructions and hands of one loop: "INSTRUCTIONS HANDS" (the hands from
# a run of its own: the same games).
count() {
    local hands
    hands=$(UPCARD_ONCE=$1 UPCARD_GAMES=$2 "$repo/$bin")
    echo "$(UPCARD_ONCE=$1 UPCARD_GAMES=$2 instructions "$repo/$bin")" "${hands% hands}"
}

for mode in engine engine4 engine-quick arena arena-secret; do
    read -r i1 h1 < <(count "$mode" "$games")
    read -r i2 h2 < <(count "$mode" $((2 * games)))
    printf '%-13s %6d instructions a hand (%d hands more in %d games more)\n' \
        "$mode" $(((i2 - i1) / (h2 - h1))) $((h2 - h1)) "$games"
done

if [[ -n ${2:-} ]]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # shellcheck source=benches/peer.sh
    source "$repo/benches/peer.sh"
    peer_bin=$(build_peer "$2" "$work")
    i1=$(instructions "$peer_bin" $((games * 9)))
    i2=$(instructions "$peer_bin" $((games * 18)))
    printf '%-13s %6d instructions a hand (%d hands more)\n' \
        peer $(((i2 - i1) / (games * 9))) $((games * 9))
fi
