"""What the search player reads of a Hammer's Slammers position: results rolled but not yet carried
out (they wait for the round's end) already count in the evaluation of a playout's leaf."""
from __future__ import annotations

import pytest

from game.ai.knowledge import knowledge_of
from game.rules import GAMES

from tests.slammers.helpers import acts, hexof, state_on, until

SPEC = GAMES["slammers"]


def shot(name, dice, target="tank"):
    """Blue's hover tank at green's unit: the position before the roll and the one after it."""
    units = {"t": (target, "green", (1, 0)), "s": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = until(state_on(["...."], units, name=name, mover="blue", dice=dice), "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 1, 0)))
    return s, acts(s, ("fire",))


@pytest.mark.rule("HS-RNG-13")
@pytest.mark.rule("HS-DIS-1")
def test_a_unit_rolled_off_counts_as_gone_before_the_round_ends_and_a_disrupted_one_for_less():
    know = knowledge_of(SPEC)
    before, killed = shot("v1", [6, 6])
    _, shaken = shot("v2", [3, 4])                 # 3 to 1: 7 disrupts, 12 eliminates
    assert killed["pt"]["elim"] == ["t"] and killed["units"]["t"]["at"] is not None   # still on the map
    assert shaken["pt"]["dis"] == ["t"] and not shaken["units"]["t"]["dis"]          # not yet turned over
    blue = {name: know.evaluate(SPEC, s)["blue"] for name, s in
            (("before", before), ("shaken", shaken), ("killed", killed))}
    assert blue["before"] < blue["shaken"] < blue["killed"]


@pytest.mark.rule("HS-DIS-6")
def test_the_root_weighs_a_move_s_best_ends_first_and_a_swamp_last():
    # a disruption in a swamp kills (HS-DIS-6): the basic player scores it lowest of all, and the
    # search's root must try it last, though the rules list it among the first hexes
    units = {"t": ("hovertank", "green", (1, 0)), "b": ("hovertank", "blue", (7, 0))}
    s = until(state_on(["w......."], units, name="v4", mover="green"), "movement", "green")
    s = acts(s, ("unit", "t"))
    swamp = ("hex", tuple(hexof(s, 0, 0)))
    legal = SPEC.legal_actions(s)
    hexes = [a for a in legal if a[0] == "hex"]
    assert hexes[0] == swamp                                    # listed first
    order = [a for a, _ in knowledge_of(SPEC).root_order(SPEC, s, legal, "green")]
    assert sorted(order) == sorted(legal)
    assert order.index(swamp) == max(order.index(h) for h in hexes)
