"""Odds after a mid-round reshuffle, checked against a brute-force count of every possible world.

After a reshuffle during a round the draw pile is exactly the former discards, which both
players saw (JH-SEQ-8, JH-AMBIG-16), so the opponent's hand can no longer be on top. The
count below does not use the odds module: it deals every arrangement of the cards the
Maccabean has not seen and every order of the reshuffle, replays the Greek turn in each
world through the contract, keeps the worlds in which the Maccabean would have seen what
he did see, and counts the card on top of the pile.
"""
from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from game.ai.judean_hammer import JudeanHammerBot
from game.core import rng
from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC, odds
from game.rules.judean_hammer.cards import CARDS, IDS

from .helpers import position

M, G = "maccabean", "greek"
GREEK_PLAY = 13                # Seron's Army, a Greek card played for OPs
GREEK_KEEPS = 14               # the Greek's other card: the Maccabean has not seen it
DRAW = [5, 15]                 # the last two cards of the draw pile
MAC_HAND = [1, 2]
DISCARD = [3, 12]
# Three Greek attacks: two reveals empty the pile, the third reshuffles the discards.
TURN = [("card", GREEK_PLAY), ("ops",), ("move",),
        ("area", "Samaria"), ("area", "Shechem"), ("area", "Samaria"), ("area", "Galilee"),
        ("area", "Jerusalem"), ("area", "Emmaus"), ("done",),
        ("area", "Shechem"), ("area", "Galilee")]


def _start(greek_hand, draw):
    state = position(units={M: {"Shechem": 1, "Galilee": 1, "Emmaus": 1, "Modein": 2},
                            G: {"Samaria": 3, "Jerusalem": 1}}, side=G)
    state["hands"] = {M: list(MAC_HAND), G: list(greek_hand)}
    state["draw"], state["discard"], state["combat"] = list(draw), list(DISCARD), []
    held = set(MAC_HAND) | set(greek_hand) | set(draw) | set(DISCARD)
    state["removed"] = [c for c in IDS if c not in held]
    return state


def _play(state):
    for action in TURN:
        state = SPEC.apply(state, action)
    return state


def _seen(state):
    """What both players saw: every card revealed in the log, in order, and the discards."""
    return re.findall(r"Revealed for [^:]*: #(\d+)", "\n".join(state["log"])), list(state["discard"])


def _brute_force_top(monkeypatch, seen):
    """P(each card is on top of the pile) over every world the Maccabean cannot rule out."""
    pool = [GREEK_PLAY, GREEK_KEEPS] + DRAW
    pile = len(DISCARD) + 2
    order = {}
    monkeypatch.setattr(rng, "shuffle", lambda _state, items: [items[i] for i in order["perm"]])
    tops = Counter()
    for deal in permutations(pool):
        for perm in permutations(range(pile)):
            order["perm"] = perm
            try:
                world = _play(_start(deal[:2], deal[2:]))
            except IllegalAction:
                continue                      # the Greek could not have played that card
            if _seen(world) != seen:
                continue                      # the Maccabean would have seen other cards
            tops[world["draw"][0]] += 1
    total = sum(tops.values())
    return {c: Fraction(n, total) for c, n in tops.items()}


@pytest.fixture(scope="module")
def after_reshuffle():
    state = _play(_start([GREEK_PLAY, GREEK_KEEPS], DRAW))
    assert SPEC.active(state) == M and state["hands"][G] == [GREEK_KEEPS]
    assert len(state["combat"]) == 1 and len(state["draw"]) == 3     # reshuffled, one revealed
    return state


@pytest.mark.rule("JH-SEQ-8")
@pytest.mark.rule("JH-AMBIG-16")
def test_odds_after_a_mid_round_reshuffle_match_a_brute_force_count(after_reshuffle, monkeypatch):
    state = after_reshuffle
    model = Counter(odds.unseen_cards(state, M))
    shown = {c: Fraction(n, sum(model.values())) for c, n in model.items()}
    truth = _brute_force_top(monkeypatch, _seen(state))
    assert shown == truth
    assert GREEK_KEEPS not in truth                 # the Greek's hand cannot be on top
    mac = sum(p for c, p in truth.items() if CARDS[c]["modifier"]["faction"] == M)
    assert odds.ambush_odds(state, M) == pytest.approx(float(mac), abs=1e-12)
    # A 2 against 1 attack from Modein: it wins when 2 + its modifier >= 1 + theirs.
    d_units = state["units"][G]["Samaria"]
    win = sum(p for c, p in truth.items()
              if 2 + (CARDS[c]["modifier"]["value"] if CARDS[c]["modifier"]["faction"] == M else 0)
              >= d_units + (CARDS[c]["modifier"]["value"] if CARDS[c]["modifier"]["faction"] == G else 0))
    shown_win = odds.battle_odds(state, "Modein", "Samaria", viewer=M, attackers=2)["p_attacker_wins"]
    assert shown_win == pytest.approx(float(win), abs=1e-12)


@pytest.mark.rule("JH-SEQ-8")
def test_the_view_names_the_reshuffled_pile_until_the_round_ends(after_reshuffle):
    state = after_reshuffle
    assert SPEC.view(state, M)["piles"]["draw_known"] == sorted(state["draw"])
    fresh = _start([GREEK_PLAY, GREEK_KEEPS], DRAW)
    assert SPEC.view(fresh, M)["piles"]["draw_known"] is None


@pytest.mark.rule("JH-SEQ-8")
@pytest.mark.rule("JH-AMBIG-16")
def test_the_basic_bot_deals_its_worlds_from_the_reshuffled_pile(after_reshuffle):
    state = after_reshuffle
    bot = JudeanHammerBot(SPEC, seed=5)
    for _ in range(20):
        world = bot.world(state, M)
        assert sorted(world["draw"]) == sorted(state["draw"])
        assert world["hands"][G] == [GREEK_KEEPS] and world["hands"][M] == MAC_HAND
