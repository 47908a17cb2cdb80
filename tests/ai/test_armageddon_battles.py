"""How the search player fights a battle it has declared in Battle for Armageddon
(game/ai/armageddon_search.py: ``joins``, the order at a declaration, the playouts)."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.armageddon_search import KNOWLEDGE, joins
from game.core import rng
from game.rules import GAMES
from game.rules import armageddon as bfa
from tests.armageddon import fighting as f

SPEC = GAMES["armageddon"]
# Orks in the ruins of Tartarus and Infernus: two hives captured, a third wins (BFA-VIC-2, -3)
HELD = {"Tartarus": ["ork_evil_sunz_stormboyz_1"], "Infernus": ["ork_goff_big_gunz_1"]}
GOFFS = {"Ghostfields": ["ork_goff_boyz_4", "ork_goff_battlewagons_1", "ork_goff_gargant_1"],
         "Hades Wastes": ["ork_goff_nobz_2", "ork_goff_boyz_1"]}


def _last_turn_before_hades(dice=(1,)) -> dict:
    """Turn 8, the Orks' combat phase, then the Victory segment: Hades (hive 4, fortification 2)
    with no garrison, two Goff stacks beside it (31 attack against 6: 5-1, sure even at -2 into
    industry)."""
    state = f.table({}, dict(HELD, **GOFFS), ruins=("Tartarus", "Infernus"), forts={"im_fort_5": "Hades"},
                    turn=8, dice=dice)
    return _then_victory(f.combat(state, "ork"))


def _then_victory(state: dict) -> dict:
    """The turn goes on from the phase to its Victory segment (a search plays on to the end)."""
    state["stack"][0]["tasks"] = ["victory"]
    return state


def _declared(state: dict, target: str) -> dict:
    return f.play(state, ("attack", target))


@pytest.mark.rule("BFA-VIC-2")
@pytest.mark.rule("BFA-VIC-3")
def test_hard_takes_the_third_hive_when_the_blow_is_sure():
    # The ladder's game 113: Hard declared this attack, toggled its stacks in and out and called
    # it off, and a won game ended drawn.
    state = _last_turn_before_hades()
    hard = BOTS["hard"].make(SPEC, 3)
    taken = []
    while bfa.current_battle(state) is not None or not taken:
        action = hard.choose(state, "ork")
        taken.append(action)
        state = f.play(state, action)
    assert taken[0] == ("attack", "Hades")
    assert ("cancel",) not in taken
    joined = [a[1] for a in taken if a[0] == "area"]
    assert sorted(joined) == ["Ghostfields", "Hades Wastes"]        # each once: none taken back out
    assert taken.index(("roll",)) == len(joined) + 1
    assert bfa.hive_status(state)["Hades"] == "ork"                  # a counter advanced into its ruins
    while SPEC.active(state) == "ork":
        state = f.play(state, hard.choose(state, "ork"))
    assert SPEC.result(state).winner == "ork"


def test_a_stack_already_chosen_is_never_offered_again():
    state = f.play(_declared(_last_turn_before_hades(), "Hades"), ("area", "Ghostfields"))
    actions = SPEC.legal_actions(state)
    assert ("area", "Ghostfields") in actions                        # the rules let it be taken back out
    assert joins(state, actions) == [("area", "Hades Wastes")]
    assert KNOWLEDGE.order(SPEC, state, actions)[0][0] == ("area", "Hades Wastes")
    assert [a for a, _ in KNOWLEDGE.root_order(SPEC, state, actions, "ork")] == [("area", "Hades Wastes")]
    state = f.play(state, ("area", "Hades Wastes"))
    actions = SPEC.legal_actions(state)
    assert joins(state, actions) == []
    ordered = [a for a, _ in KNOWLEDGE.order(SPEC, state, actions)]
    assert ordered[0] == ("roll",) and ("cancel",) not in ordered and ("area", "Ghostfields") not in ordered


@pytest.mark.rule("BFA-CBT-9")
def test_with_two_tribes_beside_the_target_the_stronger_attack_joins_first():
    # a Bad Moon Boyz mob (5) in Ghostfields, listed first, and the Goffs' 31 in the other two
    # areas beside Hades: one tribe attacks, and the Goffs' is the better blow
    ork = dict(HELD, **{"Ghostfields": ["ork_bad_moon_boyz_1"], "Hades Approaches": GOFFS["Ghostfields"],
                        "Hades Wastes": GOFFS["Hades Wastes"]})
    laid_out = f.table({}, ork, ruins=("Tartarus", "Infernus"), forts={"im_fort_5": "Hades"}, turn=8)
    state = _then_victory(f.combat(laid_out, "ork"))
    state = _declared(state, "Hades")
    actions = SPEC.legal_actions(state)
    assert actions[0] == ("area", "Ghostfields")
    first = joins(state, actions)[0]
    assert first in (("area", "Hades Approaches"), ("area", "Hades Wastes"))
    state = f.play(state, first)
    assert ("area", "Ghostfields") not in SPEC.legal_actions(state)     # the Bad Moons may not join now


def test_a_playout_fights_the_battle_it_finds_declared():
    state = f.play(_declared(_last_turn_before_hades(), "Hades"), ("area", "Ghostfields"))
    picker = {}
    rng.init(picker, 1)
    seen = []
    for _ in range(4):
        action = KNOWLEDGE.playout(SPEC, state, SPEC.legal_actions(state), picker)
        seen.append(action)
        if action == ("roll",):
            break
        state = f.play(state, action)
    assert seen == [("area", "Hades Wastes"), ("roll",)]


@pytest.mark.rule("BFA-VIC-3")
def test_a_playout_enters_the_ruins_of_a_hive_it_has_emptied_with_one_counter():
    state = f.play(_declared(_last_turn_before_hades(dice=(6,)), "Hades"), ("area", "Ghostfields"), ("roll",))
    picker = {}
    rng.init(picker, 1)
    actions = SPEC.legal_actions(state)
    assert ("done",) in actions
    first = KNOWLEDGE.playout(SPEC, state, actions, picker)
    assert first[0] == "advance"
    state = f.play(state, first)
    assert bfa.hive_status(state)["Hades"] == "ork"
    if bfa.current_battle(state) is not None:                        # more may advance: one is enough
        assert KNOWLEDGE.playout(SPEC, state, SPEC.legal_actions(state), picker) == ("done",)
