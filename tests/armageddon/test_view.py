"""What each side may see, the reasons for refusals, and structured events."""
from __future__ import annotations

import json

import pytest

from game.core import rng
from game.core.fuzz import illegal_is_refused
from game.rules.armageddon import SPEC, data
from tests.armageddon.helpers import card_with, choose, started

rule = pytest.mark.rule
IM = (card_with("imperial", ("movement", "combat")), card_with("imperial", ("build", "movement")))
ORK = (card_with("ork", ("movement", "movement")), card_with("ork", ("combat", "combat")))


@rule("BFA-STR-3")
def test_a_view_hides_the_other_sides_special_cards_and_unrevealed_plan():
    state = choose(started(2), IM, ORK)
    for side, foe in (("imperial", "ork"), ("ork", "imperial")):
        v = SPEC.view(state, side)
        assert [c["id"] for c in v["hand"]] == state["hands"][side]
        assert v["hands"][foe] == len(state["hands"][foe])
        text = json.dumps(v)
        assert not any(c in text for c in state["hands"][foe] + state["decks"][foe])
        assert v["plan"] == state["revealed"][side] + state["plan"][side]
    # The Orks' first card is revealed in segment 1; their second is not, nor any Imperial card.
    v = SPEC.view(state, "imperial")
    assert v["revealed"]["ork"] == [ORK[0]] and ORK[1] not in json.dumps(v)
    spectator = json.dumps(SPEC.view(state, None))
    assert ORK[1] not in spectator and IM[0] not in spectator


def test_draw_events_never_name_the_card_drawn():
    state = choose(started(2), IM, ORK)
    draws = [e for e in SPEC.view(state, "ork")["events"] if e["kind"] == "draw"]
    assert sorted(e["side"] for e in draws) == ["imperial", "ork"]
    assert all("card" not in e for e in draws)
    serials = [e["serial"] for e in state["events"]]
    assert serials == sorted(set(serials))


def test_illegal_actions_are_refused_without_change_and_explained():
    state = started()
    for action in [("done",), ("card", "ork_s_waaagh"), ("move", "im_guard_1", "Hades"), ("standard",)]:
        assert illegal_is_refused(SPEC, state, action)
        assert SPEC.explain(state, action) is not None


def test_views_along_random_games_are_json_and_offer_the_legal_actions():
    for seed in range(3):
        state = SPEC.setup(seed)
        picker: dict = {}
        rng.init(picker, seed)
        steps = 0
        while SPEC.active(state) is not None and steps < 400:
            side = SPEC.active(state)
            v = SPEC.view(state, side)
            json.dumps(v)
            assert v["actions"] == SPEC.legal_actions(state) and len(v["labels"]) == len(v["actions"])
            other = SPEC.view(state, "ork" if side == "imperial" else "imperial")
            assert other["actions"] == []
            state = SPEC.apply(state, rng.choice(picker, v["actions"]))
            steps += 1
    assert len(SPEC.view(state, "ork")["pieces"]) == sum(len(p) for p in state["stacks"].values())


def test_pieces_are_wargame_counters_with_their_values_and_band():
    v = SPEC.view(started(), "ork")
    p = next(p for p in v["pieces"] if p["id"] == "ork_goff_nobz_1")
    c = data.counters()["ork_goff_nobz_1"]
    assert p["style"] == "counter" and p["values"] == [c["attack"], c["defence"], c["move"]]
    assert p["tribe"] == "goff" and p["at"] in SPEC.board(started()).areas
    assert p["symbol"] == data.types()[c["type"]]["name"]         # the counter's type symbol, drawn on it
    assert set(v["boxes"]["Set aside"]) == set(data.set_aside())


@rule("BFA-COM-4")
def test_imperial_counters_are_blue_and_ork_counters_green():
    r, g, b = SPEC.side_colours["imperial"]
    assert b > r and b > g
    r, g, b = SPEC.side_colours["ork"]
    assert g > r and g > b
    sides = {p["id"]: p["side"] for p in SPEC.view(started(), "ork")["pieces"]}
    assert all(sides[c] == data.counters()[c]["side"] for c in sides)


@rule("BFA-SET-4")
@rule("BFA-MOV-1")
@rule("BFA-CBT-2")
@rule("BFA-RET-1")
def test_each_action_reads_as_its_button():
    from game.rules.armageddon.view import label
    assert label(("standard",)) == "Standard set-up" and label(("done",)) == "Done"
    assert label(("attack", "Hades")) == "Attack Hades" and label(("roll",)) == "Roll"
    assert label(("cancel",)) == "Call off the attack" and label(("area", "Hades")) == "Hades"
    assert label(("move", "im_guard_1", "Hades")) == "Move 1st Guard Army to Hades"
    assert label(("retreat", "im_guard_1", "Hades")) == "Retreat 1st Guard Army to Hades"
    assert label(("some_verb",)) == "Some verb"
