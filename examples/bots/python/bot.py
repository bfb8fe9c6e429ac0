#!/usr/bin/env python3
"""A Euchre bot for upcard's seat protocol (docs/seat-protocol.md), standard
library only.

It reads one JSON message per line on standard input and answers each
`decide` with one line on standard output. It reads the rules from `hello`
(the house rules decide whether it may go alone), plays many games in one
process (its first answer says "stay": true, so after `over` the next
game's `hello` comes), and exits when its input closes.

    upcard arena --team0 'exec:python3 examples/bots/python/bot.py' --team1 simple
    upcard play --seat 1='exec:python3 examples/bots/python/bot.py'
    upcard arena --team0 'exec:python3 examples/bots/python/bot.py --once' ...

Its strategy is deliberately plain: order up with three trumps or two and
a bower, lead its best trump when it made trump, otherwise take a trick as
cheaply as it can and throw its lowest card when it cannot.
"""

import json
import sys

SUITS = {"S": "Spades", "H": "Hearts", "C": "Clubs", "D": "Diamonds"}
LETTER = {name: letter for letter, name in SUITS.items()}
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
RANKS = "9TJQKA"


def suit_of(card, trump):
    """The suit a card follows: the left bower is a trump."""
    if trump and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def power(card, trump, led):
    """How strong a card is in a trick led with `led` (higher wins)."""
    if trump:
        if card == "J" + trump:
            return 100
        if card == "J" + SAME_COLOUR[trump]:
            return 99
        if card[1] == trump:
            return 80 + RANKS.index(card[0])
    if led and suit_of(card, trump) == led:
        return 40 + RANKS.index(card[0])
    return RANKS.index(card[0])


def trumps_held(hand, trump):
    return [c for c in hand if suit_of(c, trump) == trump]


def bid(obs, legal, rules):
    """Order the suit in which the hand is strongest, or pass."""
    best = None
    for action in legal:
        if not action.startswith("order ") or action.endswith(" alone"):
            continue
        suit = LETTER[action.split()[1]]
        hand = list(obs["hand"])
        if obs["round"] == 1 and obs["seat"] == obs["dealer"] and obs["upcard"]:
            hand.append(obs["upcard"])
        held = trumps_held(hand, suit)
        bowers = sum(1 for c in held if c[0] == "J")
        strength = len(held) + bowers
        if len(held) >= 3 or (len(held) >= 2 and bowers >= 1):
            if best is None or strength > best[0]:
                best = (strength, action)
    if best is None:
        return legal[0] if "pass" in legal else legal[-1]
    strength, action = best
    # Alone with both bowers and five trumps in hand, when the rules allow it.
    if strength >= 7 and rules.get("going-alone", "on") == "on" and action + " alone" in legal:
        return action + " alone"
    return action


def play(obs, legal, cards):
    trump = LETTER.get(obs["trump"] or "", None)
    trick = obs["trick"]
    if not trick:
        if obs["maker"] is not None and obs["maker"] % 2 == obs["seat"] % 2:
            trumps = [c for c in cards if suit_of(c, trump) == trump]
            if trumps:
                return max(trumps, key=lambda c: power(c, trump, None))
        return max(cards, key=lambda c: power(c, trump, suit_of(c, trump)))
    led = suit_of(trick[0][1], trump)
    best = max(power(c, trump, led) for _, c in trick)
    winners = [c for c in cards if power(c, trump, led) > best]
    partner_winning = False
    for seat, card in trick:
        if power(card, trump, led) == best:
            partner_winning = seat % 2 == obs["seat"] % 2
    if winners and not partner_winning:
        return min(winners, key=lambda c: power(c, trump, led))
    return min(cards, key=lambda c: power(c, trump, led))


def decide(obs, legal, rules):
    if obs["round"] in (1, 2) and obs["trump"] is None:
        return bid(obs, legal, rules)
    plays = [a.split()[1] for a in legal if a.startswith("play ")]
    if plays:
        return "play " + play(obs, legal, plays)
    discards = [a.split()[1] for a in legal if a.startswith("discard ")]
    if discards:
        trump = LETTER[obs["trump"]]
        return "discard " + min(discards, key=lambda c: power(c, trump, None))
    # Defend alone, throw in: decline.
    return "pass" if "pass" in legal else legal[0]


def main():
    rules = {}
    # --once: one game per process (upcard starts it for every game), to
    # measure what staying saves.
    said_stay = "--once" in sys.argv[1:]
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            rules = dict(msg.get("house", {}))
            rules["rules"] = msg["rules"]
        elif kind == "decide":
            answer = {"action": decide(msg["observation"], msg["legal"], rules)}
            if not said_stay:
                answer["stay"] = True
                said_stay = True
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
        elif kind == "over":
            # The end of a game: a bot that learns or logs would do it here.
            # It stays, so the next game's hello comes; at the end of the
            # match its input closes and the loop ends.
            pass


if __name__ == "__main__":
    main()
