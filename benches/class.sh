#!/usr/bin/env bash
# The sandbox's cost at class scale (issue #32): a class of STUDENTS copies
# of a byte-exact C++ euchre.exe (tests/integration/programs/euchre.cpp, or
# the program given) graded on the bundled EECS 280 scenarios with -j 2, in
# the sandbox and with --no-sandbox in turn, ROUNDS times, so that the
# machine's drift falls on both alike. Prints each round's wall-clock times
# and the medians' ratio.
#
#   benches/class.sh [ROUNDS [STUDENTS [EUCHRE_EXE]]]     (defaults 7, 25)
set -euo pipefail
ROUNDS=${1:-7}
STUDENTS=${2:-25}
PROGRAM=${3:-}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
if [ -z "$PROGRAM" ]; then
  g++ -O2 -std=c++17 -o "$work/euchre.exe" "$repo/tests/integration/programs/euchre.cpp"
  PROGRAM="$work/euchre.exe"
fi
for i in $(seq -w 1 "$STUDENTS"); do
  mkdir -p "$work/class/s$i"
  cp "$PROGRAM" "$work/class/s$i/euchre.exe"
done
cd "$repo"
seconds() { # ARGS...: wall-clock seconds of one grading run
  local start end
  start=$(date +%s.%N)
  "$upcard" grade --exe "$work/class" --rules eecs280 -j 2 "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk "BEGIN{printf \"%.3f\", $end - $start}"
}
sandbox=()
plain=()
for ((r = 0; r < ROUNDS; r++)); do
  s=$(seconds)
  p=$(seconds --no-sandbox)
  sandbox+=("$s")
  plain+=("$p")
  echo "round $((r + 1)): sandbox $s s, --no-sandbox $p s"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
ms=$(median "${sandbox[@]}")
mp=$(median "${plain[@]}")
runs=$(ls "$repo/scenarios/eecs280" | wc -l)
echo "$STUDENTS programs x $runs scenarios: sandbox $ms s, --no-sandbox $mp s (medians)"
awk "BEGIN{printf \"sandbox / no sandbox: %.2f\n\", $ms / $mp}"
