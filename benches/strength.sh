#!/usr/bin/env bash
# Strength per millisecond: the expert at several budgets (deals solved per
# decision, `--samples`) against one fixed yardstick, with its decision
# times. Each row is `upcard arena --team0 expert --samples N --team1 BOT
# --games G --seed S -j 1 --timings`: games won with the 95% interval, and
# the expert's median and 99th-percentile decision on one core. A seed gives
# the same games at a budget on any machine; the times are this machine's.
#
#   benches/strength.sh [GAMES [YARDSTICK [SAMPLES...]]]   (defaults 400, computer, 6 12 24 48)
#
# docs/bots.md ("Strength per millisecond") has the figures.
set -euo pipefail

games=${1:-400}
# A bot that does not search: --samples would change a searching one too.
yardstick=${2:-computer}
budgets=("${@:3}")
(( ${#budgets[@]} )) || budgets=(6 12 24 48)
repo=$(git rev-parse --show-toplevel)
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"

printf '%-8s %-26s %-12s %s\n' samples "games won (95% CI)" "median ms" "p99 ms"
for n in "${budgets[@]}"; do
    "$upcard" arena --team0 expert --team1 "$yardstick" --samples "$n" --games "$games" \
        --seed 1 -j 1 --timings --format json |
        python3 -c '
import json, sys
v = json.load(sys.stdin)
t = v["teams"][0]
lo, hi = t["ci95"]
print("%-8s %-26s %-12s %s" % (sys.argv[1], "%.1f%% (%.1f-%.1f%%)" % (100 * t["win_rate"], 100 * lo, 100 * hi),
      t["decision_ms"]["median"], t["decision_ms"]["p99"]))' "$n"
done
