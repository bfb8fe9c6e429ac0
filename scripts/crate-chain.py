#!/usr/bin/env python3
"""Prints the longest chain of the workspace's crates (#80) and fails when
it is longer than the limit.

A chain is a path of normal dependencies (not dev or build ones) between
the workspace's own packages, counted in crates: `a -> b -> c` is 3.
ripgrep's is 5; a deep stack makes every change at the bottom rebuild
everything above it and hides concepts in the wrong layer.

Usage: scripts/crate-chain.py [--max N]   (default N: 7)
"""

import functools
import json
import subprocess
import sys


def graph() -> dict:
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    ours = {p["name"] for p in meta["packages"]}
    return {
        p["name"]: sorted(
            {d["name"] for d in p["dependencies"] if d["kind"] is None and d["name"] in ours}
        )
        for p in meta["packages"]
    }


def main() -> int:
    limit = 7
    if sys.argv[1:2] == ["--max"]:
        limit = int(sys.argv[2])
    deps = graph()

    @functools.lru_cache(maxsize=None)
    def longest(name: str) -> tuple:
        below = [longest(d) for d in deps[name]]
        return (name,) + max(below, key=len, default=())

    chain = max((longest(n) for n in sorted(deps)), key=len)
    print(f"longest crate chain: {len(chain)}: {' -> '.join(chain)}")
    per = sum(len(v) for k, v in deps.items() if k != "upcard") / max(1, len(deps) - 1)
    print(f"internal dependencies per library crate: {per:.2f}")
    if len(chain) > limit:
        print(f"longer than {limit}: move the concept that makes the chain deep down (docs/architecture.md)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
