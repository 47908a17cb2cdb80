"""The fast paths of the movement step agree with the plain rules: the quick legality test in
apply says yes only to listed actions, and the kept search answers what a fresh one would."""
from __future__ import annotations

import copy

from game.core import rng
from game.rules.hack_sack import SPEC, combat, movement, paths, pieces
from game.rules.hack_sack import board as boards
from game.rules.hack_sack.flow import FLOW

from .grid import MINI
from .randomplay import pick


def _move_states(seed: int, options: dict, limit: int = 400):
    """States of one random game where a unit is chosen in a movement step."""
    state = SPEC.setup(seed, None, options)
    picker: dict = {}
    rng.init(picker, seed)
    for _ in range(limit):
        if SPEC.active(state) is None:
            return
        frame = FLOW.frame(state)
        if frame["step"] == "move" and frame["sel"]:
            yield state
        state = SPEC.apply(state, pick(picker, SPEC.legal_actions(state)))


def test_the_quick_legality_test_says_yes_only_to_listed_actions():
    seen = 0
    for seed, options in ((1, {"map": MINI}), (2, {"map": MINI}), (3, {})):
        for state in _move_states(seed, options):
            legal = set(SPEC.legal_actions(state))
            b = boards.of(state)
            frame = FLOW.frame(state)
            tries = [("hex", h) for h in b.hexes] + [("box", p) for p in b.pads] + \
                    [("unit", u) for u in state["units"]] + [("done",), ("deselect",)]
            for action in tries:
                if FLOW.quick["move"](state, frame, action):
                    assert action in legal, action
            seen += 1
    assert seen > 20


def test_a_kept_search_is_the_search_of_a_fresh_copy():
    for state in _move_states(4, {"map": MINI}):
        sel = FLOW.frame(state)["sel"]
        fresh = copy.deepcopy(state)
        assert movement.reach_now(state, sel) == paths.table(boards.of(fresh), paths.search(fresh, pieces.unit(fresh, sel)))


def test_a_way_to_each_destination_goes_hex_by_hex_and_never_through_a_stop():
    # HSNJ-MOV-8, AMBIG-25: a unit entering an enemy zone of control stops there, so no way
    # passes through one; each step goes to a neighbour the unit may enter.
    seen = 0
    for seed, options in ((5, {"map": MINI}), (6, {})):
        for state in _move_states(seed, options, limit=250):
            sel = FLOW.frame(state)["sel"]
            unit = pieces.unit(state, sel)
            if unit["where"] != "map":
                continue
            b = boards.of(state)
            _, enemy, stops, _ = paths.around(b, state, unit["side"], pieces.cls(unit))
            for target in movement.reach_now(state, sel):
                if target in b.pads:
                    continue
                way = movement.route_now(state, sel, boards.unkey(target))
                assert way[0] == tuple(unit["hex"]) and way[-1] == boards.unkey(target)
                if len(way) == 2 and unit["type"] == "star_frigate":
                    continue                        # landed from orbit: one flight
                for a, n in zip(way, way[1:]):
                    assert n in b.nbrs[a] and b.num[n] not in enemy
                for h in way[1:-1]:
                    assert b.num[h] not in stops, (way, h)       # friends may be passed through
                seen += len(way) > 2
    assert seen > 20


def _steps_of(names: set, seeds, limit: int = 3000):
    """States of random games (plain rules' picks) whose step is one of names."""
    for seed in seeds:
        state = SPEC.setup(seed)
        picker: dict = {}
        rng.init(picker, seed)
        for _ in range(limit):
            if SPEC.active(state) is None:
                break
            if FLOW.frame(state)["step"] in names:
                yield state
            state = SPEC.apply(state, pick(picker, SPEC.legal_actions(state)))


def test_the_quick_tests_of_set_up_guard_and_hopat_say_yes_exactly_to_listed_actions():
    # Apply trusts these tests in place of the list (HSNJ-SET-1..4, REI-7, AMBIG-14): a yes to an
    # occupied or wrong hex would let an illegal placement through.
    seen: dict = {}
    for state in _steps_of({"deploy", "guard", "hopat"}, range(6)):
        frame = FLOW.frame(state)
        if seen.get(frame["step"], 0) >= 12:
            continue                                # enough of this step
        legal = set(SPEC.legal_actions(state))
        b = boards.of(state)
        tries = [("hex", h) for h in b.hexes] + [("unit", u) for u in state["units"]] + [("hex", (99, 99))]
        quick = FLOW.quick[frame["step"]]
        for action in tries:
            assert quick(state, frame, action) == (action in legal), (frame["step"], action)
        seen[frame["step"]] = seen.get(frame["step"], 0) + 1
    assert seen == {"deploy": 12, "guard": 12, "hopat": 12}, seen


def test_answers_a_move_carries_over_are_those_of_a_fresh_look():
    # A move keeps what surrounds its side (occupancy updated, enemy zones of control and the
    # Senators' hold unchanged: HSNJ-MOV-7, JER-19) and the movable units: each must be what the
    # rules find when they look at the same position anew.
    carried = 0
    for seed, options in ((7, {"map": MINI}), (8, {}), (9, {"deploy": "standard"})):
        for state in _move_states(seed, options, limit=600):
            side = FLOW.frame(state)["side"]
            fresh = copy.deepcopy(state)
            for c in "LWS":
                kept = movement.KEPT.known(state).get(("around", (side, c)))
                if kept is not None:
                    assert kept == paths.around(boards.of(fresh), fresh, side, c), (seed, c)
                    carried += 1
            assert movement.movable(state, side) == movement.movable(fresh, side)
    assert carried > 50


def test_a_kept_attack_map_is_that_of_a_fresh_look():
    # Choosing attackers and defenders shares the answers of the state before (HSNJ-CBT-3..6): what
    # each unit may attack must still be what the rules find anew, under the State of the State.
    seen = 0
    for state in _steps_of({"combat"}, range(4)):
        side = FLOW.frame(state)["side"]
        SPEC.legal_actions(state)
        assert combat.attack_map(state, side) == combat.attack_map(copy.deepcopy(state), side)
        seen += 1
    assert seen > 30
