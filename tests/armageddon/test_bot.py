"""The basic Battle for Armageddon player: registered, sees only its side, beats the random player."""
from __future__ import annotations

from game.ai import plays
from game.ai.armageddon import ArmageddonBot
from game.core import rng
from game.core.steps import copy_state
from game.rules.armageddon import SPEC, data


def test_the_basic_bot_is_offered_for_the_game():
    assert plays("basic", "armageddon")


def test_as_the_imperium_it_beats_the_random_orks():
    # Its decision time is measured, not asserted (the machine may be busy): python -m tests.ai.measure
    wins, games = 0, 0
    for seed in (1, 2, 3):
        w, g, _slowest = basic_wins_as(seed, "imperial")
        wins, games = wins + w, games + g
    assert wins == games == 3


def basic_wins_as(seed, side):
    from tests.ai.play import play
    state, slow = play(SPEC, seed, {s: ("basic" if s == side else "random") for s in SPEC.sides})
    return int(SPEC.result(state).winner == side), 1, slow


def _twin(state: dict, side: str, seed: int) -> dict:
    """The same position for ``side``: the other side's special cards and unrevealed plan redealt."""
    foe = "ork" if side == "imperial" else "imperial"
    twin = copy_state(state)
    picker: dict = {}
    rng.init(picker, seed)
    cards = rng.shuffle(picker, [c["id"] for c in data.special_cards(foe) if c["id"] not in state["discards"][foe]])
    n = len(state["hands"][foe])
    twin["hands"][foe], twin["decks"][foe] = cards[:n], cards[n:]
    shown = state["revealed"][foe]
    rest = rng.shuffle(picker, [c["id"] for c in data.strategy_cards(foe) if c["id"] not in shown])
    twin["plan"][foe] = rest[:len(state["plan"][foe])]
    twin["rng"] = {"seed": seed * 1000003 + 1, "draws": state["rng"]["draws"], "dice": []}
    return twin


def test_it_chooses_alike_in_positions_it_cannot_tell_apart():
    state = SPEC.setup(5)
    players = {s: ArmageddonBot(SPEC, 11) for s in SPEC.sides}
    checked = 0
    while SPEC.active(state) is not None and checked < 120:
        side = SPEC.active(state)
        if len(SPEC.legal_actions(state)) > 1 and SPEC.view(state, side)["stage"] == "action":
            twin = _twin(state, side, checked + 1)
            assert SPEC.view(twin, side) == SPEC.view(state, side)
            a, b = ArmageddonBot(SPEC, 3 + checked), ArmageddonBot(SPEC, 3 + checked)
            assert a.choose(state, side) == b.choose(twin, side), f"turn {state['turn']}, {side}"
            checked += 1
        state = SPEC.apply(state, players[side].choose(state, side))
    assert checked >= 20

