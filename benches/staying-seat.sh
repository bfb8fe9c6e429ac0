#!/usr/bin/env bash
# A seat's program that stays (issue #82): a stdlib Python bot that answers
# the first lawful action and asks to stay, GAMES games against `simple` at
# -j 2, in the sandbox (the default) and without it; hands a second of each,
# in alternating pairs with a BASELINE upcard when one is given (an older
# build: the drop this watches for was 10×). A seat's every decision is a
# round trip through its pipes, so this measures the seat's path — the
# sandbox, the per-seat CPU account, the duplicate-pair rule, the reading
# of answers — not the engine.
#
#   benches/staying-seat.sh [ROUNDS [GAMES [BASELINE_UPCARD]]]   (default 5 rounds of 400 games)
set -euo pipefail
ROUNDS=${1:-5}
GAMES=${2:-400}
BASELINE=${3:-}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
cat > "$work/stay.py" <<'EOF'
#!/usr/bin/env python3
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        print(json.dumps({"action": msg["legal"][0], "stay": True}), flush=True)
EOF
chmod +x "$work/stay.py"
# hands/s of one run: its report's hands over the clock's seconds.
run() {
  local bin=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$bin" arena --team0 "exec:$work/stay.py" --team1 simple --games "$GAMES" -j 2 \
    --format json "$@" >"$work/r.json"
  end=$(date +%s.%N)
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); \
assert not r['teams'][0]['faults'], r['teams'][0]['faults']; \
print(round(r['hands'] / (float(sys.argv[3]) - float(sys.argv[2]))))" "$work/r.json" "$start" "$end"
}
for ((r = 1; r <= ROUNDS; r++)); do
  line="round $r: sandboxed $(run "$upcard") hands/s, unsandboxed $(run "$upcard" --no-sandbox)"
  if [ -n "$BASELINE" ]; then
    line="$line; baseline sandboxed $(run "$BASELINE") hands/s"
  fi
  echo "$line"
done
