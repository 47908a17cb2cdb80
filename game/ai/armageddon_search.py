"""What the search player knows of Battle for Armageddon: the hidden cards, what a position is
worth, and the basic player's choice to start from.

A world deals the other side's special cards, deck and face-down strategy cards afresh from
what the searching side has not seen (the basic player's own dealing, game/ai/armageddon.py).
A position is worth the basic player's score (hives held and lost, strength on the map and
in the boxes, build points, Orks drawn toward the hives not yet taken, stacks out of supply)
squashed to a chance. The basic player weighs each choice by looking one action ahead over
a few worlds, too dear for every node of the tree, so its choice leads the order at the root
only; deeper in the tree and in playouts moves are tried as they come, Done half the time.
"""
from __future__ import annotations

from game.core import rng

from game.rules import armageddon as bfa

from .armageddon import RESULT_WORTH, ArmageddonBot, score
from .knowledge import Knowledge

SCALE = 60.0          # score points for one step of the logistic (a hive held is 30 to 80)


class ArmageddonKnowledge(Knowledge):
    """Battle for Armageddon's worlds, evaluation and order for the search."""

    budgets = {"normal": 40, "hard": 120}
    cutoff = 4
    widen = 6

    def determinise(self, spec, state, side, picker):
        """The other side's hand, deck and face-down plan dealt from the cards ``side`` has not seen."""
        dealer = ArmageddonBot(spec)
        dealer._rng = picker            # the worlds are the search's own, from its generator
        return dealer.world(state, side)

    def root_order(self, spec, state, actions, side):
        """The basic player's choice first (it looks at every action once), then the rest."""
        return self.led_by(ArmageddonBot(spec, 0).choose(state, side), list(actions))

    def playout(self, spec, state, actions, picker):
        """Done half the time when it is offered, else any legal action."""
        if ("done",) in actions and rng.randint(picker, 0, 1):
            return ("done",)
        return rng.choice(picker, actions)

    def luck(self, spec, before, event):
        """An attack's result against the chances the rules' preview gives it (BFA-CBT-14), in the
        basic player's result worth (an eliminated defender 3, an exchange 0.3, ...): the
        attacker's luck, and the defender's opposite."""
        if event.get("kind") != "battle" or not event.get("attackers"):
            return {}
        chances = bfa.battle_preview(before, event["target"], event["attackers"], event["side"])["chances"]
        expected = sum(RESULT_WORTH.get(code, 0.0) * p for code, p in chances.items())
        got = RESULT_WORTH.get(event["result"], 0.0) - expected
        other = next(s for s in spec.sides if s != event["side"])
        return {event["side"]: got, other: -got}

    def evaluate(self, spec, state):
        """The basic player's score for the Imperium as a chance of winning."""
        chance = self.squash(score(state, "imperial"), SCALE)
        return {"imperial": chance, "ork": 1.0 - chance}


KNOWLEDGE = ArmageddonKnowledge()
