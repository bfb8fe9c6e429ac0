#!/usr/bin/env bash
# Unit-test grading at class scale (issue #31): STUDENTS submissions, each
# with two test files of TESTS tests (Card_tests.cpp and More_tests.cpp, made
# from the tests' small Card: each test checks one card, so most are valid
# and catch a few bugs), graded against the small solution and BUGS bugs it
# generates (--generate, kept by the reference tests) with -j 2. Prints the
# wall-clock time of each of ROUNDS rounds and their median.
#
#   benches/unit-tests.sh [ROUNDS [STUDENTS [TESTS [BUGS]]]]   (defaults 1, 30, 50, 30)
set -euo pipefail
ROUNDS=${1:-1}
STUDENTS=${2:-30}
TESTS=${3:-50}
BUGS=${4:-30}
repo=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
upcard="$repo/target/release/upcard"
unit="$repo/tests/integration/programs/unit"
ranks=(NINE TEN JACK QUEEN KING ACE)
suits=(SPADES HEARTS CLUBS DIAMONDS)
for ((s = 0; s < STUDENTS; s++)); do
  mkdir -p "$work/class/s$s"
  for file in Card_tests More_tests; do
    {
      echo '#include "Card.hpp"'
      echo '#include "unit_test_framework.hpp"'
      for ((t = 0; t < TESTS; t++)); do
        r=${ranks[(s + t) % 6]}
        su=${suits[(s + 3 * t) % 4]}
        tr=${suits[(t / 4) % 4]}
        case $((t % 5)) in
          0) echo "TEST(t$t) { ASSERT_EQUAL(is_trump({$r, $su}, $tr), $su == $tr || ($r == JACK && $su == Suit_next($tr))); }" ;;
          1) echo "TEST(t$t) { ASSERT_EQUAL(is_face_or_ace({$r, $su}), $r >= JACK); }" ;;
          2) echo "TEST(t$t) { ASSERT_TRUE(Card_less({NINE, $su}, {ACE, $tr}, $tr)); }" ;;
          3) echo "TEST(t$t) { Card h[] = {{$r, $su}, {JACK, $tr}}; ASSERT_TRUE(count_trump(h, 2, $tr) >= 1); }" ;;
          4) echo "TEST(t$t) { ASSERT_EQUAL(is_left_bower({$r, $su}, $tr), $r == JACK && $su == Suit_next($tr)); }" ;;
        esac
      done
      echo 'TEST_MAIN()'
    } >"$work/class/s$s/$file.cpp"
  done
done
times=()
for ((r = 0; r < ROUNDS; r++)); do
  start=$(date +%s.%N)
  "$upcard" unit-tests -j 2 --solution "$unit/solution" --reference-tests "$unit/reference" \
    --generate "$BUGS" --seed 1 "$work/class" >"$work/out" 2>&1
  end=$(date +%s.%N)
  t=$(awk "BEGIN{printf \"%.1f\", $end - $start}")
  times+=("$t")
  echo "round $((r + 1)): $t s"
done
head -3 "$work/out"
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }
echo "$STUDENTS submissions x 2 files x $TESTS tests x $BUGS bugs: $(median "${times[@]}") s (median of $ROUNDS)"
