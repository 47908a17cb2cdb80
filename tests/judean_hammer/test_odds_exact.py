"""Battle odds against the battle itself: every unseen card on top and every throw of the dice."""
from __future__ import annotations

import copy
from fractions import Fraction
from itertools import product

import pytest

from game.rules.judean_hammer import battle, odds

from .helpers import position

M, G = "maccabean", "greek"
HAND = {M: [1, 2], G: [12, 13]}


def _fought(base, att_units, card, dice, bonus=0):
    """Fight one battle at Emmaus with ``card`` on top and the given dice; (winner, losses)."""
    state = copy.deepcopy(base)
    hand = state["hands"][G]
    if card in hand:                              # a world where the Greeks' card is on top instead
        hand[hand.index(card)] = state["draw"][0]
        state["draw"][0] = card
    else:
        state["draw"].remove(card)
        state["draw"].insert(0, card)
    state["rng"]["dice"] = list(dice)
    frame = {"side": M, "groups": [{"path": ["Modein", "Emmaus"], "n": att_units}], "bonus": bonus,
             "retreat": None}
    battle.fight(state, frame, "Emmaus")
    return state["last_battle"]["winner"], state["last_battle"]["losses"]


def _brute(att_units, def_units, bonus=0):
    """Exact P(attacker wins) and expected losses, by fighting every case through the rules."""
    unseen = [c for c in range(1, 27) if c not in HAND[M]]
    base = position(units={M: {"Emmaus": att_units}, G: {"Emmaus": def_units}}, hands=HAND)
    rolls = max(att_units, def_units)          # the winner's roll and the loser's chain
    win = a_loss = d_loss = Fraction(0)
    weight = Fraction(1, len(unseen) * 6 ** rolls)
    for card in unseen:
        for dice in product(range(1, 7), repeat=rolls):
            winner, losses = _fought(base, att_units, card, dice, bonus)
            win += weight * (winner == M)
            a_loss += weight * losses[M]
            d_loss += weight * losses[G]
    return float(win), float(a_loss), float(d_loss)


@pytest.mark.rule("JH-BAT-8")
@pytest.mark.rule("JH-BAT-9")
@pytest.mark.rule("JH-BAT-10")
@pytest.mark.parametrize("att_units, def_units", [(2, 1), (1, 2), (2, 2)])
def test_battle_odds_match_every_card_and_every_throw(att_units, def_units):
    state = position(units={M: {"Modein": att_units}, G: {"Emmaus": def_units}}, hands=HAND)
    got = odds.battle_odds(state, "Modein", "Emmaus", viewer=M)
    win, a_loss, d_loss = _brute(att_units, def_units)
    assert got["p_attacker_wins"] == pytest.approx(win, abs=1e-12)
    assert got["expected_attacker_losses"] == pytest.approx(a_loss, abs=1e-12)
    assert got["expected_defender_losses"] == pytest.approx(d_loss, abs=1e-12)


def test_battle_odds_with_a_bonus_and_fewer_attackers_than_stand_there():
    state = position(units={M: {"Modein": 3}, G: {"Emmaus": 2}}, hands=HAND)
    got = odds.battle_odds(state, "Modein", "Emmaus", viewer=M, attackers=1, bonus=1)
    win, a_loss, d_loss = _brute(1, 2, bonus=1)
    assert (got["p_attacker_wins"], got["expected_attacker_losses"], got["expected_defender_losses"]) == \
        pytest.approx((win, a_loss, d_loss), abs=1e-12)


def test_no_attacker_means_no_battle():
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 2}}, hands=HAND)
    assert odds.battle_odds(state, "Joppa", "Emmaus", viewer=M) == {
        "p_attacker_wins": 0.0, "expected_attacker_losses": 0.0, "expected_defender_losses": 0.0}


def test_ambush_odds_count_the_maccabean_modifiers_among_the_unseen_cards():
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 2}}, hands=HAND)
    unseen = [c for c in range(1, 27) if c not in HAND[M]]
    mac = sum(1 for c in unseen if odds.CARDS[c]["modifier"]["faction"] == M)
    assert odds.ambush_odds(state, M) == pytest.approx(mac / len(unseen))
    state["draw"], state["hands"][G] = [], []
    state["discard"], state["combat"] = [1, 12], [3]          # the next reveal reshuffles these
    assert sorted(odds.unseen_cards(state, M)) == [1, 3, 12]
    assert odds.ambush_odds(state, M) == pytest.approx(2 / 3)
    state["discard"], state["combat"] = [], []
    assert odds.ambush_odds(state, M) == 0.0
