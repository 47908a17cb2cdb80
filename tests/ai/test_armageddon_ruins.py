"""The search's playouts and order enter an empty hive's ruins: capture or control hangs on it."""
from __future__ import annotations

import pytest

from game.ai.armageddon_search import KNOWLEDGE, into_ruins
from game.core import rng
from game.rules import GAMES
from game.rules.armageddon.model import OUT, put
from tests.armageddon.helpers import movement_phase, position

ORKS = {"Redweed Marsh": ["ork_goff_boyz_1", "ork_ghazghkull"]}


def _moving(ruins=("Tartarus",)):
    spec = GAMES["armageddon"]
    state = position({"Northmarch": ["im_armour_1"], "Hades": ["im_guard_1"]}, ORKS, ruins=ruins)
    put(state, "im_fort_1", OUT)          # the fortification fell with the hive: nothing holds the ruins
    state = movement_phase(state, "imperial")
    return spec, state, spec.legal_actions(state)


@pytest.mark.rule("BFA-VIC-5")
@pytest.mark.rule("BFA-GAP-16")
def test_a_playout_moves_into_empty_ruins_before_it_says_done():
    spec, state, actions = _moving()
    into = ("move", "im_armour_1", "Tartarus")
    assert into in actions and ("done",) in actions
    picker = {}
    rng.init(picker, 5)
    assert KNOWLEDGE.playout(spec, state, actions, picker) == into
    assert KNOWLEDGE.order(spec, state, actions)[0][0] == into


@pytest.mark.rule("BFA-VIC-5")
def test_without_empty_ruins_done_still_leads():
    spec, state, actions = _moving(ruins=())
    assert into_ruins(state, actions) is None
    picker = {}
    rng.init(picker, 5)
    assert KNOWLEDGE.playout(spec, state, actions, picker) == ("done",)
    assert KNOWLEDGE.order(spec, state, actions)[0][0] == ("done",)
