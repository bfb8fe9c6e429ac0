#!/usr/bin/env bash
# Start-up and whole-process cost (issue #32), in CPU time (perf stat's
# task-clock), each command run in turn ROUNDS times so that the machine's
# drift falls on all of them alike:
#   - a C hello-world built here (the floor of any process);
#   - upcard --version, as `cargo build --release` links it (a static PIE,
#     build.rs) and linked dynamically (UPCARD_LINK=dynamic), for comparison;
#   - upcard eecs280 PACK shuffle 100 with four Simple players (the
#     official pack), and the same through argv[0] (euchre.exe);
#   - the same game through upcard-course, the course programs alone;
#   - a byte-exact C++ euchre.exe on the same game: tests/integration/
#     programs/euchre.cpp (upcard's own, printing without endl), and any
#     other program given as an argument (a student's euchre.exe).
#
#   benches/startup.sh [ROUNDS [EXTRA_EUCHRE_EXE]]      (default 20 rounds of 50 runs)
set -euo pipefail
ROUNDS=${1:-20}
EXTRA=${2:-}
repo=$(git rev-parse --show-toplevel)
command -v perf >/dev/null || { echo "perf is needed (Debian: linux-perf)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
# The dynamic link build.rs replaces, in a target folder of its own.
UPCARD_LINK=dynamic cargo build --release --quiet --bin upcard --manifest-path "$repo/Cargo.toml" \
  --target-dir "$repo/target/dynamic"
dynamic="$repo/target/dynamic/release/upcard"
course="$repo/target/release/upcard-course"
printf '#include <stdio.h>\nint main(void){puts("hi");return 0;}\n' > "$work/hello.c"
cc -O2 -o "$work/hello" "$work/hello.c"
g++ -O2 -std=c++17 -o "$work/cpp_euchre" "$repo/tests/integration/programs/euchre.cpp"
cp "$repo/golden/eecs280/v2020-2026_adi/pack.in" "$work/pack.in"
ln -s "$upcard" "$work/euchre.exe"
game=(pack.in shuffle 100 A Simple B Simple C Simple D Simple)
cd "$work"
# The programs must agree on the game (their first line echoes their own name).
./euchre.exe "${game[@]}" | tail -n +2 > want
./cpp_euchre "${game[@]}" | tail -n +2 | cmp -s - want || { echo "cpp_euchre differs" >&2; exit 1; }
"$dynamic" eecs280 "${game[@]}" | tail -n +2 | cmp -s - want || { echo "the dynamic upcard differs" >&2; exit 1; }
"$course" eecs280 "${game[@]}" | tail -n +2 | cmp -s - want || { echo "upcard-course differs" >&2; exit 1; }
if [ -n "$EXTRA" ]; then
  "$EXTRA" "${game[@]}" | tail -n +2 | cmp -s - want || { echo "$EXTRA differs" >&2; exit 1; }
fi
names=("C hello" "upcard --version" "upcard eecs280 (game)" "euchre.exe -> upcard (game)" "C++ euchre.exe (game)"
  "dynamic upcard --version" "dynamic upcard eecs280 (game)" "upcard-course eecs280 (game)")
cmds=("./hello" "$upcard --version" "$upcard eecs280 ${game[*]}" "./euchre.exe ${game[*]}" "./cpp_euchre ${game[*]}"
  "$dynamic --version" "$dynamic eecs280 ${game[*]}" "$course eecs280 ${game[*]}")
if [ -n "$EXTRA" ]; then
  names+=("$(basename "$EXTRA") (game)")
  cmds+=("$EXTRA ${game[*]}")
fi
extra=$((${#cmds[@]} - 1))
declare -A best
for ((r = 0; r < ROUNDS; r++)); do
  for i in "${!cmds[@]}"; do
    # Mean task-clock of 50 runs, in ms; the fastest round is kept (noise only adds).
    ms=$(perf stat -r 50 -x, -e task-clock ${cmds[$i]} 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}')
    if [ -z "${best[$i]:-}" ] || awk "BEGIN{exit !($ms < ${best[$i]})}"; then best[$i]=$ms; fi
  done
done
for i in "${!cmds[@]}"; do
  printf '%-32s %7.3f ms\n' "${names[$i]}" "${best[$i]}"
done
awk "BEGIN{printf \"upcard --version over C hello: +%.3f ms (dynamic: +%.3f ms)\n\", ${best[1]} - ${best[0]}, ${best[5]} - ${best[0]}}"
awk "BEGIN{printf \"upcard eecs280 game / C++ euchre.exe: %.2f (dynamic: %.2f, upcard-course: %.2f)\n\", ${best[2]} / ${best[4]}, ${best[6]} / ${best[4]}, ${best[7]} / ${best[4]}}"
if [ -n "$EXTRA" ]; then
  awk "BEGIN{printf \"upcard eecs280 game / %s: %.2f (dynamic: %.2f, upcard-course: %.2f)\n\", \"$(basename "$EXTRA")\", ${best[2]} / ${best[$extra]}, ${best[6]} / ${best[$extra]}, ${best[7]} / ${best[$extra]}}"
fi
