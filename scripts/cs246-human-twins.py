#!/usr/bin/env python3
"""Writes, for each CS 246 scenario whose four players are computers
(`human: false`, upcard's own setting), its human twin: the same game with
player 0 the human (as in the course's program), typing the moves the
computer would have made. The course program plays players 1-3 with the
spec's strategy, so `upcard grade` grades a student's computer players on
the twin. Moves come from `upcard replay --format json` of the original.

Usage: scripts/cs246-human-twins.py [UPCARD]   (from the project's folder)
Then: upcard bless scenarios/cs246/*-p0-human.yaml
Where a check names player 0's own move (which the human makes in the twin),
the twin checks instead the first later move of players 1-3 made for the same
reason (the replay's rule); a twin with no such move, or whose checks then
fail, is not written."""
import json
import pathlib
import re
import subprocess
import sys

UPCARD = sys.argv[1] if len(sys.argv) > 1 else "upcard"
SUFFIX = "-p0-human"


def words(e):
    """Player 0's command for a replayed event, or None."""
    if e.get("seat") != 0:
        return None
    kind = e["event"]
    if kind == "passed":
        return "p"
    if kind == "ordered":
        if e["round"] == 1:
            return "oa" if e["alone"] else "o"
        return f"{e['suit'][0]} {'a' if e['alone'] else 'n'}"
    if kind in ("discarded", "led", "played"):
        return e["card"]
    return None


def retarget(text, moves):
    """`text` with each checked line of player 0's moves replaced by the
    line of the first later move by players 1-3 with the same reason, or
    None when some has none."""
    def checked(line):
        m = re.match(r'^(\s*-\s*)"?(Player 0\b.*?)"?$', line)
        return m

    out = []
    for line in text.split("\n"):
        m = checked(line)
        if not m:
            out.append(line)
            continue
        wanted = m.group(2)
        at = next(
            (i for i, mv in enumerate(moves)
             if mv["event"].get("seat") == 0 and wanted in mv["printed"].splitlines()),
            None,
        )
        if at is None or not moves[at].get("why"):
            return None
        own = moves[at]["printed"].splitlines()
        back = len(own) - own.index(wanted)
        other = next(
            (mv for mv in moves[at + 1:]
             if mv["event"].get("seat") in (1, 2, 3) and mv.get("why") == moves[at]["why"]),
            None,
        )
        if other is None:
            return None
        lines = other["printed"].splitlines()
        if len(lines) < back:
            return None
        out.append(f"{m.group(1)}{json.dumps(lines[-back])}")
    text = "\n".join(out)
    return text.replace("in the first hand", "later in the game", 1)


def dropped(text):
    """`text` without its checks of player 0's own moves, when checks of
    players 1-3 remain; else None."""
    lines = [l for l in text.split("\n") if not re.match(r'^\s*-\s*"?Player 0\b', l)]
    if not any(re.match(r'^\s*-\s*"?Player [123]\b', l) for l in lines):
        return None
    return "\n".join(lines)


def twin(path):
    text = path.read_text()
    if "human: false" not in text or path.stem.endswith(SUFFIX):
        return None
    out = subprocess.run(
        [UPCARD, "replay", str(path), "--format", "json"],
        check=True, capture_output=True, text=True,
    ).stdout
    if re.search(r"^\s*-\s*\"?Player 0\b", text, re.M):
        # The check is of player 0's own move, which the human makes in the
        # twin: check instead the first move players 1-3 make later in the
        # same game for the same reason (the same rule of the strategy).
        candidates = [retarget(text, [json.loads(l) for l in out.splitlines()]), dropped(text)]
    else:
        candidates = [text]
    candidates = [c for c in candidates if c is not None]
    if not candidates:
        return None
    moves = [w for w in (words(json.loads(l)["event"]) for l in out.splitlines()) if w]
    return path.with_name(f"{path.stem}{SUFFIX}.yaml"), [as_human(c, moves) for c in candidates]


def as_human(text, moves):
    """The scenario `text` with player 0 the human typing `moves`."""
    name = re.search(r"^name: (.*)$", text, re.M).group(1).strip()
    text = text.replace(f"name: {name}", f"name: {name}{SUFFIX}", 1)
    text = re.sub(
        r"(  human: false)\n",
        "  human: true                  # player 0 types the moves below\n",
        text, count=1,
    )
    text = text.replace(
        "All four players are computers;",
        "Player 0 is the human, typing the moves its computer would make, so the course "
        "program's players 1-3 are graded on the strategy;",
        1,
    )
    lines = "\n".join(f"  - {json.dumps(m)}" for m in moves)
    text = text.replace("\nexpect:", f"\ninput:\n{lines}\nexpect:", 1)
    return text


def main():
    made = 0
    for path in sorted(pathlib.Path("scenarios/cs246").glob("*.yaml")):
        t = twin(path)
        if not t:
            continue
        # A retargeted check may stand out of order with the others and fail
        # the scenario: then the twin keeps only the checks of players 1-3,
        # and is not written when those fail too.
        for text in t[1]:
            t[0].write_text(text)
            said = subprocess.run(
                [UPCARD, "bless", "--dry-run", str(t[0])], capture_output=True, text=True
            ).stdout
            if not said.startswith("refused"):
                made += 1
                break
        else:
            t[0].unlink(missing_ok=True)
    print(f"wrote {made} twins")


main()
