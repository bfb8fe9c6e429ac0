#!/usr/bin/env bash
# What `grade --diagnose` adds at class scale (issue #28): a class of
# STUDENTS C++ programs (tests/integration/programs/euchre.cpp, plain and
# with each of its planted bugs in turn, so most students fail many
# scenarios) graded on SCENARIOS generated EECS 280 games (random packs,
# shuffled or not, 1 to 10 points, blessed by upcard), with -j 2, with and
# without --diagnose in turn, ROUNDS times, so that the machine's drift
# falls on both alike. Prints each round's wall-clock times and the medians'
# ratio.
#
#   benches/diagnose.sh [ROUNDS [STUDENTS [SCENARIOS]]]     (defaults 3, 30, 130)
set -euo pipefail
ROUNDS=${1:-3}
STUDENTS=${2:-30}
SCENARIOS=${3:-130}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
src="$repo/tests/integration/programs/euchre.cpp"
bugs=(plain plain $(grep -o '^#if.*BUG_[A-Z_]*' "$src" | grep -o 'BUG_[A-Z_]*' | sort -u))
for ((i = 0; i < STUDENTS; i++)); do
  bug=${bugs[i % ${#bugs[@]}]}
  mkdir -p "$work/class/s$i"
  if [ "$bug" = plain ]; then define=(); else define=(-D"$bug"); fi
  g++ -O2 -std=c++17 "${define[@]}" -o "$work/class/s$i/euchre.exe" "$src"
done
mkdir -p "$work/lib/scenarios/eecs280"
python3 "$repo/benches/eecs280-games.py" "$work/lib/scenarios/eecs280" "$SCENARIOS"
(cd "$work/lib" && "$upcard" bless scenarios >/dev/null)
seconds() { # ARGS...: wall-clock seconds of one grading run
  local start end
  start=$(date +%s.%N)
  (cd "$work/lib" && "$upcard" grade --exe "$work/class" --rules eecs280 -j 2 scenarios "$@" >"$work/out" 2>&1) || true
  end=$(date +%s.%N)
  awk "BEGIN{printf \"%.3f\", $end - $start}"
}
plain=()
diagnosed=()
for ((r = 0; r < ROUNDS; r++)); do
  p=$(seconds)
  d=$(seconds --diagnose)
  plain+=("$p")
  diagnosed+=("$d")
  echo "round $((r + 1)): grade $p s, grade --diagnose $d s"
done
tail -n 1 "$work/out"
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
mp=$(median "${plain[@]}")
md=$(median "${diagnosed[@]}")
echo "$STUDENTS programs x $SCENARIOS scenarios: grade $mp s, grade --diagnose $md s (medians)"
awk "BEGIN{printf \"--diagnose / plain: %.2f\n\", $md / $mp}"
