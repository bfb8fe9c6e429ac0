#!/usr/bin/env bash
# The sandbox's cost at class scale (issue #32): a class of STUDENTS
# programs graded with -j 2, in the sandbox and with --no-sandbox in turn
# (each first in every other round), ROUNDS times, so that the machine's
# drift falls on both alike. Prints each round's wall-clock times and the
# medians' ratio.
#
#   benches/class.sh [ROUNDS [STUDENTS [PROGRAMS [SCENARIOS]]]]   (defaults 7, 25, -, 0)
#
# PROGRAMS: one euchre.exe copied to every student, or a folder whose
# subfolders each hold a euchre.exe (students' real programs, built as the
# course's Makefile builds them), given to the students in turn; by default
# upcard's own byte-exact C++ test program (tests/integration/programs/
# euchre.cpp, which prints without endl). SCENARIOS: that many generated
# EECS 280 games (benches/eecs280-games.py, blessed by upcard); 0 grades on
# the bundled EECS 280 scenarios.
set -euo pipefail
ROUNDS=${1:-7}
STUDENTS=${2:-25}
PROGRAMS=${3:-}
SCENARIOS=${4:-0}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
if [ -z "$PROGRAMS" ]; then
  g++ -O2 -std=c++17 -o "$work/euchre.exe" "$repo/tests/integration/programs/euchre.cpp"
  PROGRAMS="$work/euchre.exe"
fi
if [ -d "$PROGRAMS" ]; then
  mapfile -t exes < <(find "$PROGRAMS" -mindepth 2 -maxdepth 2 -name euchre.exe | sort)
else
  exes=("$PROGRAMS")
fi
[ "${#exes[@]}" -gt 0 ] || { echo "no euchre.exe in $PROGRAMS" >&2; exit 2; }
for ((i = 0; i < STUDENTS; i++)); do
  mkdir -p "$work/class/s$i"
  cp "${exes[i % ${#exes[@]}]}" "$work/class/s$i/euchre.exe"
done
lib="$repo"
if [ "$SCENARIOS" -gt 0 ]; then
  lib="$work/lib"
  mkdir -p "$lib/scenarios/eecs280"
  python3 "$repo/benches/eecs280-games.py" "$lib/scenarios/eecs280" "$SCENARIOS"
  (cd "$lib" && "$upcard" bless scenarios >/dev/null)
fi
seconds() { # ARGS...: wall-clock seconds of one grading run
  local start end
  start=$(date +%s.%N)
  (cd "$lib" && "$upcard" grade --exe "$work/class" --rules eecs280 -j 2 scenarios "$@" >/dev/null 2>&1) || true
  end=$(date +%s.%N)
  awk "BEGIN{printf \"%.3f\", $end - $start}"
}
sandbox=()
plain=()
ratios=()
for ((r = 0; r < ROUNDS; r++)); do
  # Each mode goes first in every other round, so that whatever the first
  # run of a pair leaves (a warm cache, a hot core) falls on both alike.
  if ((r % 2 == 0)); then
    s=$(seconds)
    p=$(seconds --no-sandbox)
  else
    p=$(seconds --no-sandbox)
    s=$(seconds)
  fi
  sandbox+=("$s")
  plain+=("$p")
  ratios+=("$(awk "BEGIN{printf \"%.3f\", $s / $p}")")
  echo "round $((r + 1)): sandbox $s s, --no-sandbox $p s"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
ms=$(median "${sandbox[@]}")
mp=$(median "${plain[@]}")
runs=$(ls "$lib/scenarios/eecs280" | wc -l)
echo "$STUDENTS programs x $runs scenarios: sandbox $ms s, --no-sandbox $mp s (medians)"
awk "BEGIN{printf \"sandbox / no sandbox: %.2f (medians' ratio)\n\", $ms / $mp}"
# Each round's pair ran back to back: the median of their ratios cancels
# the machine's drift between rounds best.
echo "sandbox / no sandbox: $(median "${ratios[@]}") (median of the rounds' ratios)"
