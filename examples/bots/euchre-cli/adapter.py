#!/usr/bin/env python3
"""The computer player of euchre-cli, a public Euchre program this project
did not write, at an upcard seat through the seat protocol
(docs/seat-protocol.md).

euchre-cli (https://github.com/boldandbrad/euchre-cli, MIT licence, by
Bradley Wojcik) is fetched, not kept here: put its wheel beside this file,

    python3 -m pip download euchre-cli==0.7.0 --no-deps -d examples/bots/euchre-cli

and this adapter imports its strategy (euchre.abstract.Computer) straight
from the wheel. Only the strategy is used: the modules its package imports
for its own terminal game (click, loguru, names) are stood in for here, so
nothing else is installed, and the wheel and this file are all the bot's
folder holds (the sandbox copies a bot's folder's files, not subfolders).

    upcard arena --team0 'exec:examples/bots/euchre-cli/adapter.py' --team1 simple

Where its game differs from upcard's (README.md of this folder): it never
goes alone or defends alone; it passes when the dealer may not (stick the
dealer), and then the adapter names the first lawful suit; it takes the
led suit as printed, so when the left bower is led it may choose a card
that does not follow: the adapter then plays the lawful card it values
most alike, and says so on standard error.
"""

import glob
import json
import os
import random
import sys
import types

# Beside this file; in upcard's sandbox the script runs from a descriptor,
# and its folder's files are in the working directory.
HERE = os.path.dirname(os.path.abspath(__file__))
PLACES = [HERE, os.getcwd()]


def stand_ins():
    """Modules euchre-cli's package imports for its terminal game only."""
    click = types.ModuleType("click")
    click.style = lambda text, *a, **k: text
    loguru = types.ModuleType("loguru")
    loguru.logger = types.SimpleNamespace(
        **{name: (lambda *a, **k: None) for name in ("debug", "info", "remove", "add")}
    )
    names = types.ModuleType("names")
    names.get_first_name = lambda *a, **k: "cpu"
    for m in (click, loguru, names):
        sys.modules.setdefault(m.__name__, m)


def load():
    wheels = sorted(w for d in PLACES for w in glob.glob(os.path.join(d, "euchre_cli-*.whl")))
    if not wheels:
        sys.exit(
            "no euchre-cli wheel beside the adapter: python3 -m pip download "
            "euchre-cli==0.7.0 --no-deps -d " + HERE
        )
    sys.path.insert(0, wheels[-1])
    stand_ins()
    from euchre.abstract import Card, Computer, Face, Suit, Team

    return Card, Computer, Face, Suit, Team


Card, Computer, Face, Suit, Team = load()

SUITS = {
    "S": Suit("Spade", "black"),
    "C": Suit("Club", "black"),
    "H": Suit("Heart", "red"),
    "D": Suit("Diamond", "red"),
}
NAMES = {"Spades": "S", "Clubs": "C", "Hearts": "H", "Diamonds": "D"}
WORDS = {v: k for k, v in NAMES.items()}
FACES = {
    "9": Face("Nine", 9),
    "T": Face("Ten", 10),
    "J": Face("Jack", 11),
    "Q": Face("Queen", 12),
    "K": Face("King", 13),
    "A": Face("Ace", 14),
}


def card(short):
    return Card(SUITS[short[1]], FACES[short[0]])


def short(c):
    rank = next(k for k, f in FACES.items() if f.name == c.face.name)
    suit = next(k for k, s in SUITS.items() if s.name == c.suit.name)
    return rank + suit


def player(obs):
    p = Computer("cpu", Team("team"))
    p.hand = [card(c) for c in obs["hand"]]
    p.is_dealer = obs["seat"] == obs["dealer"]
    return p


def lawful(choice, legal, prefix, obs):
    """`prefix + choice` if lawful, else the lawful card nearest in value."""
    action = prefix + choice
    if action in legal:
        return action
    trump = SUITS[NAMES[obs["trump"]]]
    options = [a for a in legal if a.startswith(prefix)]
    want = card(choice).weighted_value(trump)
    pick = min(options, key=lambda a: abs(card(a.split()[1]).weighted_value(trump) - want))
    print(f"euchre-cli chose {choice}, which does not follow: {pick} instead", file=sys.stderr)
    return pick


def decide(obs, legal):
    me = player(obs)
    if obs["trump"] is None and obs["round"] == 1:
        up = card(obs["upcard"])
        partner_deals = obs["dealer"] == (obs["seat"] + 2) % 4
        order = "order " + WORDS[obs["upcard"][1]]
        if order in legal and me.call_pick_up(up, partner_deals):
            return order
        return "pass" if "pass" in legal else legal[0]
    if obs["trump"] is None:
        unsuitable = SUITS[obs["upcard"][1]]
        named = me.call_trump_suit(unsuitable)
        if named is not unsuitable:
            letter = next(k for k, s in SUITS.items() if s is named)
            if "order " + WORDS[letter] in legal:
                return "order " + WORDS[letter]
        return "pass" if "pass" in legal else legal[0]
    if any(a.startswith("discard ") for a in legal):
        dropped = me.pick_up_card(card(obs["upcard"]))
        return lawful(short(dropped), legal, "discard ", obs)
    if any(a.startswith("play ") for a in legal):
        trump = SUITS[NAMES[obs["trump"]]]
        played = [card(c) for _, c in obs["trick"]]
        return lawful(short(me.play_card(played, trump)), legal, "play ", obs)
    # Defending alone: it never does.
    return "pass" if "pass" in legal else legal[0]


def main():
    said_stay = False
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") == "hello":
            # Its occasional accidental call is random: seeded per game and
            # seat, so a match is played the same way again.
            random.seed(msg.get("game", 0) * 4 + msg["seat"])
        elif msg.get("type") == "decide":
            answer = {"action": decide(msg["observation"], msg["legal"])}
            if not said_stay:
                answer["stay"] = said_stay = True
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
