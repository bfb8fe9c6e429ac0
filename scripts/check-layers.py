#!/usr/bin/env python3
"""Fails when a crate's modules import each other in a circle (#52).

Each file of a crate's src/ is a module; a path in it that names another
module of the crate (`crate::a::b`, `super::c`, in `use` lines or inline)
is an arrow from the file to the file of the longest module the path
names (a path beginning with a child module's name is the child's). A child's arrow to its own parent module is left out: a parent
declares and re-exports its children, and a child uses its parent's types,
as Rust lays modules out. What remains must have no circle: a module
higher up may use one lower down, never the reverse. Tests (what follows
`#[cfg(test)]` in a file) are left out. Prints each circle's files and
exits 1; prints nothing and exits 0 when there is none.

Usage: scripts/check-layers.py [CRATE_DIR...]  (default: . and crates/*)
"""

import re
import sys
from pathlib import Path

USE = re.compile(r"\buse\s+([^;]*);", re.S)
INLINE = re.compile(r"(?<![\w:])(\w+(?:::\w+)+)")
COMMENT = re.compile(r"//[^\n]*")


def modules(src: Path) -> dict:
    """Module path (a tuple of names) -> its file."""
    found = {}
    for f in sorted(src.rglob("*.rs")):
        parts = list(f.relative_to(src).with_suffix("").parts)
        if parts[-1] in ("mod", "lib", "main"):
            parts = parts[:-1]
        found[tuple(parts)] = f
    return found


def expand(text: str) -> list:
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    text = re.sub(r"\s+", "", text)
    if "{" not in text:
        return [text.split(" as ")[0]]
    head, rest = text.split("{", 1)
    body = rest[: rest.rfind("}")]
    items, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    items.append(cur)
    out = []
    for item in filter(None, items):
        for p in expand(item):
            out.append(head + p if p != "self" else head.rstrip(":"))
    return out


def resolve(path: str, here: tuple, mods: dict):
    """The module file a path names, from the module `here`."""
    segs = path.split("::")
    if here + (segs[0],) in mods:
        # A path that begins with a child module's name is relative.
        base = list(here)
    elif segs[0] == "crate":
        base, segs = [], segs[1:]
    elif segs[0] in ("super", "self"):
        base = list(here)
        while segs and segs[0] in ("super", "self"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
    else:
        return None
    full = base + [s for s in segs if re.fullmatch(r"\w+", s)]
    for n in range(len(full), -1, -1):
        if tuple(full[:n]) in mods:
            return tuple(full[:n])
    return None


def arrows(mods: dict) -> dict:
    edges = {m: set() for m in mods}
    for here, f in mods.items():
        text = COMMENT.sub("", f.read_text())
        # Tests are left out: a module's tests may use what is above it.
        text = text.split("#[cfg(test)]")[0]
        paths = [p for u in USE.findall(text) for p in expand(u)]
        paths += INLINE.findall(text)
        for p in paths:
            to = resolve(p, here, mods)
            # A module's arrow to itself or to one of its ancestors is not one.
            if to is None or to == here[: len(to)]:
                continue
            edges[here].add(to)
    return edges


def circles(edges: dict) -> list:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main() -> int:
    dirs = [Path(d) for d in sys.argv[1:]] or [Path(".")] + sorted(Path("crates").glob("*"))
    bad = 0
    for d in dirs:
        src = d / "src"
        if not src.is_dir():
            continue
        mods = modules(src)
        for comp in circles(arrows(mods)):
            bad += 1
            print(f"{d}: these modules import each other in a circle:")
            for m in comp:
                print(f"  {mods[m]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
