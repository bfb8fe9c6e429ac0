#!/usr/bin/env bash
# The arena's random play beside a public engine's, in alternating runs on
# one machine (a virtual machine drifts more between minutes than the
# difference we look for): `upcard arena --team0 random --team1 random
# --games G --seed 1 -j 1` against swpecht's `games` crate (Rust; its euchre
# state played from deal to last trick, each action uniform among the legal
# ones, one hand a game). Prints each pair and the medians, in hands per
# second on one core. Nothing of the peer is committed: give a checkout.
#
#   benches/peers.sh PEER_CHECKOUT [PAIRS [GAMES [MODE]]]
#
# Defaults 5 pairs of 40000 games with `--seed 1`; MODE `secret` plays the
# issue's own command instead (no `--seed`: secret deals, a ChaCha20 deck),
# and `engine`, `engine4` or `engine-quick` the engine driven as a library
# instead of the arena (benches/play.rs's loop as `cargo bench` builds it,
# its decks seeded one or four at a time, or quick decks; timed as a whole
# process, start-up included). Both sides pick by multiplying: a peer that divides for its
# pick was 5-15% slower, and made every ratio look better than it is.
#
# PEER_CHECKOUT: a clone (or bare git directory) of
# https://github.com/swpecht/swpecht.github.io
set -euo pipefail

peer=${1:?give a checkout of swpecht/swpecht.github.io}
pairs=${2:-5}
games=${3:-40000}
mode=${4:-seed}
label=arena
[[ $mode == engine* ]] && label=$mode
case $mode in
  seed) deals=(--seed 1) ;;
  secret | engine | engine4 | engine-quick) deals=() ;;
  *) echo "MODE is seed, secret, engine, engine4 or engine-quick" >&2; exit 2 ;;
esac
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=benches/peer.sh
source "$repo/benches/peer.sh"
peer_bin=$(build_peer "$peer" "$work")
if [[ $mode == engine* ]]; then
    bin=$(cd "$repo" && cargo bench --locked --bench play --no-run 2>&1 |
        sed -n 's/.*Executable benches\/play.rs (\(.*\))$/\1/p')
    [[ -x $repo/$bin ]] || { echo "no bench binary for benches/play.rs" >&2; exit 2; }
else
    # Built after any bench build: `cargo bench` leaves its own (fat LTO)
    # upcard in target/release.
    (cd "$repo" && cargo build --release -q --bin upcard)
fi

ours() {
    if [[ $mode == engine* ]]; then
        local start end hands
        start=$(date +%s%N)
        hands=$(UPCARD_ONCE=$mode UPCARD_GAMES=$games "$repo/$bin")
        end=$(date +%s%N)
        echo $((${hands% hands} * 1000000000 / (end - start)))
        return
    fi
    "$repo/target/release/upcard" arena --team0 random --team1 random \
        --games "$games" "${deals[@]}" -j 1 --format json |
        sed -n 's/.*"hands_per_second": \([0-9]*\).*/\1/p'
}
peer_hands() { "$peer_bin" $((games * 9)); }

a=() p=()
for i in $(seq "$pairs"); do
    # Alternate which runs first, so neither always meets a warm machine.
    if ((i % 2)); then x=$(ours); y=$(peer_hands); else y=$(peer_hands); x=$(ours); fi
    a+=("$x") p+=("$y")
    echo "pair $i: $label $x, peer $y hands/s ($(echo "scale=2; $x / $y" | bc)x)"
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
ma=$(median "${a[@]}") mp=$(median "${p[@]}")
echo "median: $label $ma (range $(printf '%s\n' "${a[@]}" | sort -n | head -1)–$(printf '%s\n' "${a[@]}" | sort -n | tail -1)), peer $mp (range $(printf '%s\n' "${p[@]}" | sort -n | head -1)–$(printf '%s\n' "${p[@]}" | sort -n | tail -1)): $(echo "scale=2; $ma / $mp" | bc)x"
