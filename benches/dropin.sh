#!/usr/bin/env bash
# The EECS 280 drop-in against the fastest byte-exact public program (issue
# #53): a 100-point game (the official pack, shuffle, four Simple players)
# through vicngan/eecs280-p3-euchre built -O2, `upcard-course eecs280` and
# `upcard eecs280`, in alternating blocks of RUNS runs each (perf stat's
# task-clock, mean a game), each block starting with the next program, so
# the machine's drift falls on all three alike. Prints each block, each
# block's ratio to the peer, and the ratios' medians (ranges). Nothing of
# the peer is committed: give a checkout of it (`fetch
# github:vicngan/eecs280-p3-euchre`).
#
#   benches/dropin.sh PEER_CHECKOUT [BLOCKS [RUNS]]      (defaults 4 and 100)
set -euo pipefail
PEER=${1:?a checkout of vicngan/eecs280-p3-euchre}
BLOCKS=${2:-4}
RUNS=${3:-100}
repo=$(git rev-parse --show-toplevel)
command -v perf >/dev/null || { echo "perf is needed (Debian: linux-perf)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
(cd "$PEER" && g++ -O2 -std=c++17 Card.cpp Pack.cpp Player.cpp euchre.cpp -o "$work/peer")
cp "$repo/golden/eecs280/v2020-2026_adi/pack.in" "$work/pack.in"
cd "$work"
game=(pack.in shuffle 100 A Simple B Simple C Simple D Simple)
names=("peer" "upcard-course eecs280" "upcard eecs280")
cmds=("./peer ${game[*]}" "$repo/target/release/upcard-course eecs280 ${game[*]}"
  "$repo/target/release/upcard eecs280 ${game[*]}")
# The same game, byte for byte, past line 1 (which echoes each one's name).
for i in "${!cmds[@]}"; do
  ${cmds[$i]} | tail -n +2 > "out.$i"
  cmp -s out.0 "out.$i" || { echo "${names[$i]}'s game differs from the peer's" >&2; exit 1; }
done
n=${#cmds[@]}
r1=() r2=()
for ((b = 1; b <= BLOCKS; b++)); do
  declare -a ms=()
  # Each block starts with the next program: none always meets the
  # machine first (its drift within a block falls on each in turn).
  for ((k = 0; k < n; k++)); do
    i=$(((k + b) % n))
    ms[$i]=$(perf stat -r "$RUNS" -x, -e task-clock ${cmds[$i]} 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}')
  done
  printf 'block %d:' "$b"
  for i in "${!cmds[@]}"; do printf '  %s %.3f ms' "${names[$i]}" "${ms[$i]}"; done
  r1+=("$(awk "BEGIN{printf \"%.3f\", ${ms[1]} / ${ms[0]}}")")
  r2+=("$(awk "BEGIN{printf \"%.3f\", ${ms[2]} / ${ms[0]}}")")
  echo "  | upcard-course/peer ${r1[-1]}, upcard/peer ${r2[-1]}"
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {printf "%s (%s-%s)", v[int((NR+1)/2)], v[1], v[NR]}'; }
echo "median: upcard-course/peer $(median "${r1[@]}"), upcard/peer $(median "${r2[@]}")"
