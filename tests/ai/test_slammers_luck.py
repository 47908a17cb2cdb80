"""Hammer's Slammers' dice luck on the review: each roll's result against the chances its event
holds, in the basic player's worth of a result to each unit it falls on (eliminated 1, disrupted
0.35, a rally undoing a disruption 0.35); summed here by hand and compared with the review's sums."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.review import dice_luck
from game.rules import GAMES
from game.rules.slammers import api

from tests.slammers.helpers import hexof, state_on, until

SPEC = GAMES["slammers"]
THROWS = [a + b for a in range(1, 7) for b in range(1, 7)]


def worth(code) -> float:
    """What a result does to a unit hit, by its letters: E eliminates, D disrupts (R, * rubble only)."""
    return 1.0 if "E" in code else 0.35 if "D" in code else 0.0


def played(state, *actions):
    """The actions from ``state`` on, checked legal one by one, and the state they lead to."""
    for a in actions:
        assert a in SPEC.legal_actions(state), a
        state = SPEC.apply(state, a)
    return state


def dones_until(state, step, side):
    """The Done actions that bring ``state`` to ``side``'s ``step``."""
    out, target = [], until(state, step, side)
    while state["stack"] != target["stack"] or SPEC.active(state) != side:
        out.append(("done",))
        state = SPEC.apply(state, ("done",))
    return out


@pytest.mark.rule("HS-DIR-10")
@pytest.mark.rule("HS-RAL-3")
def test_a_shot_and_a_rally_give_their_luck_against_the_odds_counted_by_hand():
    # blue's disrupted tank fails its rally (3 against morale 7) and stays disrupted; then blue's
    # hover tank fires at green's tank and throws 8
    units = {"t": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (3, 0)),
             "c": ("tank", "blue", (4, 0), 7, {"dis": True})}
    first = state_on(["......"], units, name="l1", mover="blue", dice=[1, 2, 2, 6])
    actions = [("rally", "c")]
    s = played(first, *actions)
    assert SPEC.view(s, None)["step"] == "desperation"
    actions.append(("accept",))
    s = played(s, ("accept",))
    actions += dones_until(s, "direct", "blue")
    s = played(s, *actions[2:])
    h = tuple(hexof(s, 1, 0))
    column = api.fire_preview(s, ["b"], h, ["t"])["column"]
    actions += [("unit", "b"), ("hex", h), ("fire",)]
    played(s, *actions[-3:])

    crt = api.tables_of(first).crt
    codes = crt.results[crt.columns.index(column)]
    shot = worth(codes[8 - 2]) - sum(worth(codes[t - 2]) for t in THROWS) / 36
    rally = 0.0 - 0.35 * sum(t >= 7 for t in THROWS) / 36          # 3 fails where 7 or more rallies
    luck = dice_luck(SPEC, first, actions)
    assert set(luck) == {"green", "blue"}
    assert luck["blue"] == pytest.approx(shot + rally)
    assert luck["green"] == pytest.approx(-(shot + rally))


def test_a_seeded_game_s_luck_is_the_sum_of_every_roll_against_its_recorded_odds():
    bots = {s: BOTS["basic"].make(SPEC, 2 + i) for i, s in enumerate(SPEC.sides)}
    first = SPEC.setup(6, "learning")
    state, actions, want, rolls = first, [], {}, 0
    while SPEC.active(state) is not None and len(actions) < 900:
        side = SPEC.active(state)
        actions.append(bots[side].choose(state, side))
        before, state = state, SPEC.apply(state, actions[-1])
        for e in state["events"]:
            if e["kind"] == "fire" and e["kind_of"] in ("direct", "assault") and e["roll"] is not None:
                got = worth(e["result"]) - sum(p * worth(c) for c, p in e["chances"].items())
                for u in e["targets"]:
                    victim = api.counter(before, u)["side"]
                    want[e["side"]] = want.get(e["side"], 0.0) + got
                    want[victim] = want.get(victim, 0.0) - got
                rolls += 1
            elif e["kind"] == "rally":
                up, down = 0.35, (-0.65 if e["desperate"] else 0.0)
                got = (up if e["rallied"] else down) - (e["chance"] * up + (1 - e["chance"]) * down)
                other = next(s for s in SPEC.seated(first).sides if s != e["side"])
                want[e["side"]] = want.get(e["side"], 0.0) + got
                want[other] = want.get(other, 0.0) - got
                rolls += 1
            elif e["kind"] == "fire" and e["roll"] is not None:
                raise AssertionError(f"the sums here know direct fire, assaults and rallies only: {e}")
    assert rolls >= 5 and SPEC.result(state) is not None
    luck = dice_luck(SPEC, first, actions)
    assert set(luck) == set(SPEC.seated(first).sides) == set(want)
    assert all(luck[s] == pytest.approx(want[s]) for s in luck) and abs(luck["blue"]) > 0.1
    assert abs(sum(luck.values())) < 1e-9                    # one side's good fortune is the other's bad
