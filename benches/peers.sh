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

# shellcheck source=benches/peer.sh
source "$repo/benches/peer.sh"
peer_bin=$(build_peer "$peer" "$work")
(cd "$repo" && cargo build --release -q --bin upcard)

arena() {
    "$repo/target/release/upcard" arena --team0 random --team1 random \
        --games "$games" "${deals[@]}" -j 1 --format json |
        sed -n 's/.*"hands_per_second": \([0-9]*\).*/\1/p'
}
peer_hands() { "$peer_bin" $((games * 9)); }

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
