"""What happened, as structured events with one serial: cards, recruits, moves, battles, ambushes,
casualties, retreats, supply and scoring (the window draws these, never the log)."""
from __future__ import annotations

import pytest

from game.core import rng
from game.rules.judean_hammer import SPEC
from game.rules.judean_hammer.common import board_of


def _game(seed: int, limit: int = 3000):
    """Play a seeded random game; yield (state before, action, state after)."""
    state = SPEC.setup(seed)
    picker = {"rng": 0}
    rng.init(picker, seed + 1000)
    for _ in range(limit):
        if SPEC.active(state) is None:
            return
        actions = SPEC.legal_actions(state)
        action = actions[rng.randint(picker, 0, len(actions) - 1)]
        after = SPEC.apply(state, action)
        yield state, action, after
        state = after


def _new(before: dict, after: dict) -> list:
    """What the action did: the new state's events, numbered on from the state before."""
    assert all(e["serial"] > before["event_serial"] for e in after["events"])
    return after["events"]


@pytest.mark.rule("JH-BAT-8")
@pytest.mark.parametrize("seed", [3, 11])
def test_every_kind_is_recorded_with_one_serial_and_agrees_with_the_state(seed):
    serials, kinds = [], set()
    for before, action, after in _game(seed):
        fresh = _new(before, after)
        serials += [e["serial"] for e in fresh]
        kinds |= {e["kind"] for e in fresh}
        for e in fresh:
            if e["kind"] == "battle":
                i = fresh.index(e)
                hurt = [c for c in fresh[:i] if c["kind"] == "casualties"][-2:]
                assert [[c["side"], c["dice"]] for c in hurt] == e["rolls"]
                assert {c["side"]: c["lost"] for c in hurt} == e["losses"]
            if e["kind"] == "battle" and e is [b for b in fresh if b["kind"] in ("battle", "ambush")][-1]:
                last = after["last_battle"]
                assert (e["area"], e["strength"], e["winner"], e["losses"]) == \
                    (last["area"], last["strength"], last["winner"], last["losses"])
                assert sum(len(d) for _, d in e["rolls"]) == len(after["dice"]["values"])
            if e["kind"] == "card_played":
                assert action[0] in ("ops", "event") and e["card"] not in after["hands"][e["side"]]
            if e["kind"] == "moved":
                assert len(e["path"]) >= 2 and e["n"] >= 1
            if e["kind"] == "scored":
                assert e["total"] == after["vp"] and list(e["vp"].values()) == after["awards"][-1]
    assert serials == list(range(1, len(serials) + 1))
    assert {"card_played", "moved", "recruited", "battle", "casualties", "revealed", "scored"} <= kinds


@pytest.mark.rule("JH-AMB-9")
def test_an_ambush_is_an_event_with_each_sides_dice():
    seen = won = 0             # a won ambush must be among them: only it shows each side's dice
    for seed in range(1, 40):
        for before, _, after in _game(seed, 600):
            fresh = _new(before, after)
            fights = [e for e in fresh if e["kind"] in ("battle", "ambush")]
            for e in fresh:
                if e["kind"] != "ambush" or e is not fights[-1]:     # battles may follow in the same action
                    continue
                seen += 1
                assert after["last_battle"]["kind"] == "ambush" and after["last_battle"]["won"] == e["won"]
                # the Maccabeans strike from an area next to the target (the window draws the arrow)
                assert e["area"] in board_of(after).adj[e["source"]]
                if e["won"]:
                    won += 1
                    shown = SPEC.view(after, None)["battle"]["rolls"]
                    assert shown == e["rolls"] and [s for s, _ in e["rolls"]] == ["maccabean", "greek"]
                else:
                    assert e["rolls"] == [] and e["losses"] == {}
        if seen >= 2 and won:
            return
    pytest.fail("no won ambush in the seeded games")


def test_the_views_battle_dice_are_the_events_dice():
    for before, _, after in _game(5):
        battles = [e for e in _new(before, after) if e["kind"] == "battle"]
        if battles:
            assert SPEC.view(after, None)["battle"]["rolls"] == battles[-1]["rolls"]
            return
    pytest.fail("no battle in the seeded game")


def test_the_session_keeps_the_record_across_actions_and_undo_takes_back_its_own():
    from game.core.session import Session
    session = Session(SPEC, 7)
    while session.last_event() < 12:
        session.apply(session.legal_actions()[0])
    record = session.events_since(0)
    assert [e["serial"] for e in record] == list(range(1, session.last_event() + 1))
    assert session.events_since(5) == record[5:]
    assert record[-len(session.state["events"]):] == session.state["events"]
    while not session.can_undo() or not session.state["events"]:
        session.apply(session.legal_actions()[0])
    newest = session.state["events"][0]["serial"] - 1
    assert session.undo()
    assert session.last_event() == newest == session.state["event_serial"]


def test_the_public_face_answers_what_the_bot_asks():
    from game.rules import judean_hammer as jh
    state = SPEC.setup(2)
    assert jh.winner(state) is None and jh.vp(state, "greek") == state["vp"]["greek"]
    assert jh.units_on_map(state, "maccabean") == sum(state["units"]["maccabean"].values())
    assert jh.seen_cards(state, "greek")[0] == state["hands"]["greek"]
    assert jh.card_slots("greek") == {"hand": ("hands", "maccabean"), "draw": ("draw",)}
    assert jh.position(state) == (state["round"], state["stack"][-1]["step"])
    for _, _, after in _game(2):
        if after["stack"] and after["stack"][-1]["step"] == "move":
            assert jh.fighting_side(after) == after["stack"][-1]["side"]
            return


@pytest.mark.rule("JH-BAT-4")
def test_the_view_says_whose_strength_the_revealed_card_raised():
    from game.rules.judean_hammer.cards import CARDS
    for before, _, after in _game(5):
        fights = [e for e in _new(before, after) if e["kind"] == "battle"]
        if fights and fights[-1]["card"] is not None and after["last_battle"]["kind"] == "battle":
            mod = CARDS[fights[-1]["card"]]["modifier"]
            assert SPEC.view(after, None)["battle"]["card_bonus"] == {mod["faction"]: mod["value"]}
            return
    pytest.fail("no battle with a card in the seeded game")
