#!/usr/bin/env python3
"""OpenSpiel's Monte Carlo tree search at an upcard seat, through the seat
protocol (docs/seat-protocol.md): a public search-based Euchre bot that
upcard did not write, for measuring upcard's bots against.

OpenSpiel (https://github.com/google-deepmind/open_spiel, Apache-2.0) is
fetched, not kept here (README.md of this folder). Its
euchre game and its C++ search bots do the thinking; this file only turns
upcard's observation into an OpenSpiel state and the bot's action back:

- `--search mcts` (the default): determinized MCTS. Each decision the
  cards the seat cannot see are dealt again by OpenSpiel's own
  `ResampleFromInfostate` (every card played stays with its player, voids
  shown in play are kept), and `MCTSBot` (UCT, random roll-outs) searches
  that deal with `--simulations` simulations.
- `--search ismcts`: `ISMCTSBot`, information-set MCTS over deals
  resampled at every simulation, the same budget.

OpenSpiel's game is one hand of standard Euchre with the dealer keeping the
upcard: play it under `--house discard-upcard=off` (the adapter refuses
other house rules it cannot model). Its own order differs: trump is made,
then the dealer discards, then the maker says whether it goes alone; upcard
asks "order SUIT alone" at once, so for a bid the adapter searches the bid,
then (in the same sampled deal) the dealer's discard and the going alone.
Everything is seeded by the game and seat (`hello`), so a seeded match
plays the same games again.

    upcard arena --no-sandbox --house discard-upcard=off --team1 expert \\
        --team0 'exec:python3 examples/bots/open_spiel/adapter.py --simulations 4000'
"""

import argparse
import json
import os
import random
import sys

# pyspiel is one self-contained library file: installed, or beside this
# file (in upcard's sandbox the script runs from a descriptor, and its
# folder's files are in the working directory).
sys.path[:0] = [os.path.dirname(os.path.abspath(__file__)), os.getcwd()]
try:
    import pyspiel
except ImportError:
    sys.exit(
        "OpenSpiel is missing: python3 -m pip install open_spiel==2.0.2, or put its "
        "pyspiel.so (from the wheel) beside this file"
    )

RANKS = "9TJQKA"
SUITS = "CDHS"  # OpenSpiel's order: a card is rank * 4 + suit
LETTER = {"Clubs": "C", "Diamonds": "D", "Hearts": "H", "Spades": "S"}
WORD = {v: k for k, v in LETTER.items()}
PASS, ALONE, PARTNER = 24, 29, 30
TRUMP = {s: 25 + i for i, s in enumerate(SUITS)}

# The house rules OpenSpiel's euchre plays (others are refused at hello).
MODELLED = {
    "canadian-loner": {"off"},
    "defend-alone": {"off"},
    "discard-upcard": {"off"},
    "farmers-hand": {"off"},
    "going-alone": {"on"},
    "lone-march-points": {"4"},
    "loner-euchred-points": {"2"},
    "loner-lead": {"left-of-dealer"},
    "deals": {"off"},
    "fast-break": {"off"},
}


def card(short):
    return RANKS.index(short[0]) * 4 + SUITS.index(short[1])


def short(c):
    return RANKS[c // 4] + SUITS[c % 4]


def suit_of(c, obs):
    """A card's suit as it follows under trump (the left bower is trump)."""
    suit = SUITS[c % 4]
    trump = LETTER.get(obs.get("trump") or "")
    # Clubs and Spades (0, 3), Diamonds and Hearts (1, 2) share a colour.
    if trump and c // 4 == 2 and SUITS.index(suit) ^ SUITS.index(trump) == 3:
        return trump
    return suit


def voids(obs):
    """The suits each seat has shown it lacks: it did not follow one led."""
    void = [set() for _ in range(4)]
    active = 4 - len(obs.get("seats_out", []))
    played = obs["played"]
    for t in range(0, len(played), active):
        trick = played[t : t + active]
        led = suit_of(card(trick[0][1]), obs)
        for s, c in trick[1:]:
            if suit_of(card(c), obs) != led:
                void[s].add(led)
    return void


class Seat:
    def __init__(self, args):
        self.args = args
        self.game = None
        self.rng = random.Random(0)

    def hello(self, msg):
        if msg.get("rules") != "standard":
            sys.exit(f"OpenSpiel's euchre is the standard game, not {msg.get('rules')}")
        house = msg.get("house", {})
        for rule, values in MODELLED.items():
            if rule in house and house[rule] not in values:
                sys.exit(f"OpenSpiel's euchre cannot play {rule}={house[rule]}")
        stick = house.get("stick-the-dealer", "off") == "on"
        self.game = pyspiel.load_game("euchre", {"stick_the_dealer": stick})
        seed = msg.get("game", 0) * 4 + msg["seat"] + self.args.seed
        self.rng = random.Random(seed)
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        if self.args.search == "ismcts":
            self.bot = pyspiel.ISMCTSBot(seed, evaluator, self.args.uct_c, self.args.simulations)
        else:
            self.bot = pyspiel.MCTSBot(
                self.game, evaluator, self.args.uct_c, self.args.simulations, 1000, False, seed, False
            )

    def deal(self, obs):
        """Each seat's five dealt cards: its own as it knows them; the
        others' cards they have played, and the unseen cards dealt among
        them at random, a seat that has shown a void in a suit getting none
        of it (after 30 tries that fail, voids are let go)."""
        me, up = obs["seat"], card(obs["upcard"])
        played = [(s, card(c)) for s, c in obs["played"]]
        mine = {card(c) for c in obs["hand"]} | {c for s, c in played if s == me}
        if obs.get("discard"):
            mine.add(card(obs["discard"]))
        mine.discard(up)
        known = [set() for _ in range(4)]
        known[me] = mine
        for s, c in played:
            if s != me and c != up:
                known[s].add(c)
        seen = set().union(*known) | {up}
        pool = [c for c in range(24) if c not in seen]
        void = voids(obs)
        for attempt in range(31):
            self.rng.shuffle(pool)
            left, hands = list(pool), [set(k) for k in known]
            for s in sorted(range(4), key=lambda s: -len(void[s])):
                while len(hands[s]) < 5:
                    fits = [c for c in left if attempt == 30 or suit_of(c, obs) not in void[s]]
                    if not fits:
                        break
                    hands[s].add(fits[0])
                    left.remove(fits[0])
            if all(len(h) == 5 for h in hands):
                return hands
        raise AssertionError("no deal fits what the seat has seen")

    def state(self, obs):
        """The OpenSpiel state where this seat decides (one sampled deal)."""
        me, dealer = obs["seat"], obs["dealer"]
        hands = [sorted(h) for h in self.deal(obs)]
        s = self.game.new_initial_state()
        s.apply_action(dealer)
        for i in range(20):
            s.apply_action(hands[(dealer + i) % 4].pop())
        s.apply_action(card(obs["upcard"]))
        for bid in obs.get("bids", []):
            if bid["round"] == 0:
                continue
            call = bid["call"].split()
            if call[0] == "pass":
                s.apply_action(PASS)
                continue
            s.apply_action(TRUMP[LETTER[call[1]]])
            if bid["round"] == 1:
                if me == dealer and not obs.get("discard"):
                    return s  # the dealer's discard is this decision
                s.apply_action(self.dealer_discard(s, obs))
            s.apply_action(ALONE if call[-1] == "alone" else PARTNER)
        for _, c in obs["played"]:
            s.apply_action(card(c))
        return s

    def dealer_discard(self, s, obs):
        if obs["seat"] == obs["dealer"]:
            return card(obs["discard"])
        # Another dealer's discard: one of its cards it never played.
        shown = {card(c) for _, c in obs["played"]}
        options = [a for a in s.legal_actions() if a not in shown]
        return self.rng.choice(options)

    def decide(self, obs, legal):
        me = obs["seat"]
        if legal == ["pass", "defend alone"] or len(legal) == 1:
            return legal[0]
        s = self.state(obs)
        if s.current_player() != me:
            sys.exit(f"the rebuilt state has seat {s.current_player()} to move, not {me}")
        a = self.bot.step(s)
        if a == PASS:
            return "pass"
        if a in TRUMP.values():
            return self.order(s, a, obs, legal)
        verb = "discard " if legal[0].startswith("discard ") else "play "
        return verb + short(a)

    def order(self, s, a, obs, legal):
        """Making trump: then the dealer's discard and going alone, searched."""
        me = obs["seat"]
        plain = "order " + WORD[SUITS[a - 25]]
        s.apply_action(a)
        if s.current_player() == obs["dealer"] and s.legal_actions() != [ALONE, PARTNER]:
            s.apply_action(self.bot.step(s))
        alone = self.bot.step(s) == ALONE
        return plain + " alone" if alone and plain + " alone" in legal else plain


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--search", choices=["mcts", "ismcts"], default="mcts")
    p.add_argument("--simulations", type=int, default=4000)
    p.add_argument("--uct-c", type=float, default=2.0)
    p.add_argument("--seed", type=int, default=0)
    seat = Seat(p.parse_args())
    said_stay = False
    for line in sys.stdin:
        msg = json.loads(line)
        if msg.get("type") == "hello":
            seat.hello(msg)
        elif msg.get("type") == "decide":
            answer = {"action": seat.decide(msg["observation"], msg["legal"])}
            if not said_stay:
                answer["stay"] = said_stay = True
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
