#!/usr/bin/env python3
"""Writes N generated EECS 280 scenarios (random packs, shuffled or not, 1 to
10 points, four Simple players) into DIR, the same for every run: the
class-scale benchmarks grade on them (bless them with `upcard bless`).

    benches/eecs280-games.py DIR N
"""
import random
import sys

out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(280)
cards = [r + s for r in "9TJQKA" for s in "SHCD"]
for i in range(n):
    pack = cards[:]
    rng.shuffle(pack)
    with open(f"{out}/game-{i:03}.yaml", "w") as f:
        f.write(f"name: game-{i:03}\nrules: eecs280\neecs280:\n")
        f.write(f"  pack: [{', '.join(pack)}]\n")
        f.write(f"  shuffle: {str(rng.random() < 0.5).lower()}\n")
        f.write(f"  points: {rng.randint(1, 10)}\n  players:\n")
        for name in ["Adi", "Barbara", "Chi-Chih", "Dabbala"]:
            f.write(f"    - {{ name: {name}, type: Simple }}\n")
