#!/usr/bin/env python3
"""Checks `upcard adt` against the course framework run by hand.

For each submission under CLASS and each public test in COURSE, compiles the
test as the course does (the course's headers and framework, the student's
class sources: Card.cpp; Pack.cpp and Card.cpp; Player.cpp and Card.cpp) with
g++ outside any sandbox, lists its tests with --show_test_names, runs each
alone (pack.in beside it), and compares each test's pass or fail with what
`upcard adt --json` reports. Prints one line a difference and
`N agree (N tests pass, N fail, N files built by neither), N differ`;
exits 1 when any differs.

    scripts/adt-compare.py COURSE_FILES CLASS [--upcard PATH]

Only for submissions you trust: the hand-run is not sandboxed.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

FLAGS = "--std=c++17 -Wall -Werror -pedantic -g -Wno-sign-compare -Wno-comment".split()


def course_files(d):
    names = sorted(os.listdir(d))
    tests = [n for n in names if n.endswith(("_public_tests.cpp", "_public_test.cpp"))]
    keep = [n for n in names if n.endswith((".hpp", ".h")) or n in ("pack.in", "unit_test_framework.cpp")]
    return tests, keep


def classes_dir(root):
    """The shallowest folder holding Card.cpp, breadth first (as upcard looks)."""
    level = [root]
    for _ in range(7):
        found = sorted(d for d in level if os.path.isfile(os.path.join(d, "Card.cpp")))
        if found:
            return found[0]
        nxt = []
        for d in level:
            for e in sorted(os.listdir(d)):
                p = os.path.join(d, e)
                if os.path.isdir(p) and not os.path.islink(p) and not e.startswith("."):
                    nxt.append(p)
        level = nxt
    return None


def by_hand(course, test, keep, src):
    cls = test.split("_public_test")[0]
    needed = [f"{cls}.cpp"] + ([] if cls == "Card" else ["Card.cpp"])
    if src is None or any(not os.path.isfile(os.path.join(src, f)) for f in needed):
        return None
    with tempfile.TemporaryDirectory() as w:
        for f in keep + [test]:
            shutil.copy(os.path.join(course, f), w)
        for f in needed:
            shutil.copy(os.path.join(src, f), w)
        extra = ["unit_test_framework.cpp"] if "unit_test_framework.cpp" in keep else []
        built = subprocess.run(["g++", *FLAGS, test, *needed, *extra, "-o", "t.exe"], cwd=w,
                               capture_output=True)
        if built.returncode != 0:
            return None
        names = subprocess.run(["./t.exe", "--show_test_names"], cwd=w, capture_output=True,
                               text=True, timeout=60).stdout.split()
        out = {}
        for n in names:
            try:
                r = subprocess.run(["./t.exe", n], cwd=w, capture_output=True, timeout=10)
                out[n] = r.returncode == 0
            except subprocess.TimeoutExpired:
                out[n] = False
        return out


def main():
    a = argparse.ArgumentParser()
    a.add_argument("course")
    a.add_argument("klass")
    a.add_argument("--upcard", default="upcard")
    o = a.parse_args()
    tests, keep = course_files(o.course)
    with tempfile.TemporaryDirectory() as t:
        js = os.path.join(t, "report.json")
        subprocess.run([o.upcard, "adt", "--course-files", o.course, o.klass, "--json", js],
                       stdout=subprocess.DEVNULL)
        report = json.load(open(js))
    agree = differ = neither = passed = failed = 0
    for s in report["students"]:
        src = classes_dir(os.path.join(o.klass, s["name"]))
        for f in s["files"]:
            hand = by_hand(o.course, f["file"], keep, src)
            ours = None if f["error"] else {t["name"]: t["verdict"]["kind"] == "pass" for t in f["tests"]}
            if hand == ours:
                agree += 1
                if hand is None:
                    neither += 1
                else:
                    passed += sum(hand.values())
                    failed += sum(not v for v in hand.values())
            else:
                differ += 1
                print(f"{s['name']} {f['file']}: by hand {hand}, upcard {ours}")
    print(f"{agree} agree ({passed} tests pass, {failed} fail, {neither} files built by neither), "
          f"{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
