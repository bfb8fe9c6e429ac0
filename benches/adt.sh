#!/usr/bin/env bash
# Grading a class's classes from inside against building it (issue #77):
# STUDENTS copies of the eecs280 fixture's solution (the current term's
# API; tests/integration/programs/adt/eecs280) with a small euchre.cpp,
# graded by `upcard adt` with every part (the course's public tests and
# upcard's engine-derived tests) at -j 2, and built alone by `upcard build
# --course-files` one by one, in alternating pairs, and graded whole by
# `upcard grade --build --parts system,public,adt,style`. Prints each round's CPU
# seconds (user + system, children included) of each, the ratios, and the
# engine part's CPU a student (adt --parts engine, less the course's
# one-off compile, divided by STUDENTS).
#
#   benches/adt.sh [ROUNDS [STUDENTS]]   (defaults 3, 10)
set -euo pipefail
ROUNDS=${1:-3}
STUDENTS=${2:-10}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
fixture="$repo/tests/integration/programs/adt/eecs280"
for ((s = 0; s < STUDENTS; s++)); do
  mkdir -p "$work/class/s$s"
  cp "$fixture"/solution/*.cpp "$work/class/s$s/"
  printf '#include "Player.hpp"\nint main() { delete Player_factory("A", "Simple"); }\n' \
    >"$work/class/s$s/euchre.cpp"
done
cpu() { # the CPU seconds (user + system) of a command, children included
  local TIMEFORMAT='%U %S' t
  t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk -v t="$t" 'BEGIN{split(t, a, " "); printf "%.2f", a[1] + a[2]}'
}
builds() {
  for d in "$work"/class/*/; do
    "$upcard" build --rules eecs280 --course-files "$fixture/course" "$d" -o "$work/x.exe"
  done
}
adt() { "$upcard" adt -j 2 --course-files "$fixture/course" "$work/class" "$@"; }
# The whole grade in parts (docs/parts.md): the builds, the game on the
# bundled scenarios, the public tests, upcard's tests and style.
graded() {
  "$upcard" grade -j 2 --rules eecs280 --build --course-files "$fixture/course" \
    --parts system,public,adt,style --exe "$work/class"
}
for ((r = 0; r < ROUNDS; r++)); do
  b=$(cpu builds)
  a=$(cpu adt)
  g=$(cpu graded)
  echo "round $((r + 1)): builds alone $b s, the classes' parts $a s ($(awk "BEGIN{printf \"%.2f\", $a / $b}")×), grade --parts with every part $g s ($(awk "BEGIN{printf \"%.2f\", $g / $b}")×)"
done
one=$(mktemp -d)
mkdir -p "$one/s0" && cp "$work"/class/s0/*.cpp "$one/s0/"
e1=$(cpu "$upcard" adt -j 2 --parts engine --course-files "$fixture/course" "$one")
en=$(cpu adt --parts engine)
rm -rf "$one"
echo "engine part: $(awk "BEGIN{printf \"%.2f\", ($en - $e1) / ($STUDENTS - 1)}") s of CPU a student (one: $e1 s with the course's compile, $STUDENTS: $en s)"
