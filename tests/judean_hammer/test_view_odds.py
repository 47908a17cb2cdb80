"""The view (hidden hands, pieces, dice, labels) and the exact battle odds."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.core.session import Session, is_undo_barrier
from game.rules.judean_hammer import SPEC, odds
from game.rules.judean_hammer.view import why_not

from . import mini
from .helpers import play, position

M, G = "maccabean", "greek"


def test_view_hides_the_opponents_hand_and_the_draw_order():
    state = SPEC.setup(2, options={"map": mini.register()})
    mine = SPEC.view(state, M)
    assert [c["id"] for c in mine["hand"]] == state["hands"][M]
    assert mine["hands"] == {M: 4, G: 4} and mine["piles"]["draw"] == 18
    text = json.dumps(mine)
    assert "hands\": {\"maccabean\": 4" in text
    for cid in state["hands"][G]:
        assert f'"id": {cid},' not in text
    theirs = SPEC.view(state, G)
    assert theirs["actions"] == [] and mine["actions"] and theirs["prompt"].startswith("Waiting")
    for key in ("prompt", "actions", "active", "phase", "turn", "scores", "pieces", "log", "dice",
                "hand", "piles", "control"):
        assert key in mine
    assert SPEC.hidden_information


def test_pieces_are_one_cube_stack_per_area_and_side():
    state = position(units={M: {"Modein": 3}, G: {"Samaria": 2, "Gaza": 1}})
    pieces = SPEC.view(state, M)["pieces"]
    assert {(p["side"], p["at"], p["label"]) for p in pieces} == {
        (M, "Modein", "3"), (G, "Samaria", "2"), (G, "Gaza", "1")}
    assert all(p["style"] == "cube" for p in pieces)


def test_battle_dice_and_log_reach_the_view():
    state = position(units={M: {"Modein": 3}, G: {"Emmaus": 2}}, hands={M: [6], G: [17]}, draw=[5],
                     dice=[1, 5])
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Modein"),
                 ("area", "Modein"), ("area", "Emmaus"), ("done",))
    v = SPEC.view(state, G)
    assert v["dice"]["values"] == [1, 5] and v["dice"]["serial"] == 1 and v["dice"]["sides"] == 6
    assert v["revealed"]["card"]["id"] == 5 and v["battle"]["winner"] == M
    assert any(line.startswith("maccabean:") and "[d6:1]" in line for line in v["log"])


def test_card_reveals_are_undo_barriers():
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, dice=[1, 1])
    before = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"))
    after = SPEC.apply(before, ("done",))
    assert after["reveals"] > before["reveals"] and is_undo_barrier(SPEC, before, after)
    session = Session(SPEC, 3, options={"map": mini.register()})
    session.apply(session.legal_actions()[0])
    assert session.can_undo()


def test_why_not_names_the_clause():
    state = play(position(units={M: {"Jamnia": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]}),
                 ("card", 10), ("ops",), ("move",), ("area", "Jamnia"))
    why, clause = why_not(state, ("area", "Gaza"))
    assert clause == "JH-MOV-6" and "Supply Centre" in why


@pytest.mark.rule("JH-BAT-1")
def test_a_battle_joined_by_a_greek_move_is_previewed_with_the_greeks_attacking():
    # The Greeks move one unit from Emmaus into Modein: while their move goes on, the odds of the
    # battle joined there are those of the mover attacking, one against one.
    state = play(position(units={M: {"Modein": 1}, G: {"Emmaus": 2}}, hands={G: [13], M: [4]}, side=G),
                 ("card", 13), ("ops",), ("move",), ("area", "Emmaus"), ("area", "Modein"))
    assert [f["step"] for f in state["stack"]][-1] == "move"
    joined = odds.battle_odds(state, "Modein", "Modein", viewer=G)
    assert joined == odds.battle_odds(state, "Emmaus", "Modein", viewer=G, attackers=1)
    assert joined["p_attacker_wins"] == pytest.approx(0.52)      # a tie goes to the attacker


def test_the_refusal_after_the_game_ends_says_so():
    state = position(hands={M: [6], G: [17]})
    state["stack"] = []                                # no step left: the game is over
    assert why_not(state, ("card", 6)) == ("the game is over", None)


def test_labels_follow_the_actions():
    state = play(position(hands={M: [6], G: [17]}), ("card", 6))
    v = SPEC.view(state, M)
    assert len(v["labels"]) == len(v["actions"]) and "Use for 3 OPs" in v["labels"]


def test_battle_odds_are_exact_over_unseen_cards():
    state = position(units={M: {"Emmaus": 3}, G: {"Jerusalem": 2}}, hands={M: [1, 2], G: [12, 13]})
    got = odds.battle_odds(state, "Emmaus", "Jerusalem", viewer=M)
    unseen = [c for c in range(1, 27) if c not in (1, 2)]
    assert len(odds.unseen_cards(state, M)) == len(unseen)
    # The Maccabeans lose only when a Greek card lifts the Greeks above 3: +2 or +3.
    from game.rules.judean_hammer.cards import CARDS
    losing = [c for c in unseen if CARDS[c]["modifier"]["faction"] == G and CARDS[c]["modifier"]["value"] >= 2]
    assert got["p_attacker_wins"] == pytest.approx(1 - len(losing) / len(unseen))
    # A won battle costs the winner 1/3 of a unit; the 2 Greeks lose 1 + 1/3 on average.
    p = Fraction(len(unseen) - len(losing), len(unseen))
    exp_def = p * Fraction(4, 3) + (1 - p) * Fraction(1, 3)
    assert got["expected_defender_losses"] == pytest.approx(float(exp_def))
    spectator = odds.battle_odds(state, "Emmaus", "Jerusalem", viewer=None)
    assert len(odds.unseen_cards(state, None)) == 26 and 0 < spectator["p_attacker_wins"] < 1


def test_odds_of_a_joined_battle_take_the_mover_as_attacker_with_its_bonus():
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 1, "Joppa": 1}}, hands={M: [2], G: [17]})
    state = play(state, ("card", 2), ("event",), ("area", "Modein"), ("area", "Emmaus"),
                 ("area", "Modein"), ("area", "Joppa"), ("done",))
    assert state["stack"][-1]["step"] == "battles"
    for viewer in (M, G, None):
        got = odds.battle_odds(state, "Emmaus", "Emmaus", viewer)
        # 1 + 1 (Night March bonus) against 1: only a Greek card can beat the Maccabeans.
        from game.rules.judean_hammer.cards import CARDS
        unseen = odds.unseen_cards(state, viewer)
        beat = [c for c in unseen if CARDS[c]["modifier"]["faction"] == G and CARDS[c]["modifier"]["value"] >= 2]
        assert got["p_attacker_wins"] == pytest.approx(1 - len(beat) / len(unseen))


@pytest.mark.rule("JH-AMB-6")
@pytest.mark.rule("JH-MOV-10")
def test_the_moved_groups_are_in_the_view_during_ambush_and_battles():
    state = position(units={M: {"Gophna": 2}, G: {"Samaria": 2}}, hands={G: [22], M: [10]}, side=G)
    state = play(state, ("card", 22), ("ops",), ("move",), ("area", "Samaria"), ("area", "Shechem"),
                 ("area", "Scythopolis"), ("done",))
    pending = SPEC.view(state, M)["pending"]
    assert pending["step"] == "ambush" and pending["attacker"] == G and pending["battles"] == []
    assert pending["groups"] == [{"path": ["Samaria", "Shechem", "Scythopolis"], "n": 1}]
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 1, "Joppa": 1}}, hands={M: [10], G: [22]})
    state = play(state, ("card", 10), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"),
                 ("area", "Modein"), ("area", "Joppa"), ("done",))
    pending = SPEC.view(state, G)["pending"]            # public: the other side sees the marches too
    assert pending["step"] == "battles" and pending["battles"] == ["Emmaus", "Joppa"]
    assert pending["groups"] == [{"path": ["Modein", "Emmaus"], "n": 1}, {"path": ["Modein", "Joppa"], "n": 1}]


@pytest.mark.rule("JH-CRD-8")
def test_the_card_in_question_is_in_the_view_with_a_prompt_that_says_why():
    state = position(hands={M: [22], G: [10]})
    state = play(state, ("card", 22))
    mine = SPEC.view(state, M)
    assert mine["pending"]["card"]["id"] == 22 and "JH-CRD-8" in mine["prompt"]
    assert SPEC.view(state, G)["pending"].get("card") is None            # a hidden choice
    state = play(state, ("ops",), ("move",), ("done",))
    offer = SPEC.view(state, G)
    assert offer["pending"]["step"] == "reaction" and offer["pending"]["card"]["id"] == 22
    assert "Pass" in offer["prompt"]


@pytest.mark.rule("JH-SCO-1")
@pytest.mark.rule("JH-SUP-8")
def test_a_new_round_shows_the_last_rounds_scoring_until_the_first_card():
    from game.rules.judean_hammer import round_report
    session = Session(SPEC, 5, options={"map": mini.register()})
    while session.state["round"] == 1:
        session.apply(session.legal_actions()[0])
    state = session.state
    report = round_report(state, session.events_since(0))
    assert report["round"] == 1
    assert [report["award"][M], report["award"][G]] == state["awards"][-1]
    assert report["control"] == SPEC.view(state, M)["control"]
    assert "round_report" not in SPEC.view(state, M)        # not log text in the view: events
    lost = [e for e in session.events_since(0) if e["kind"] == "supply"]
    assert report["supply"] == [{k: e[k] for k in ("side", "area", "n", "why")} for e in lost]
    assert all(loss["why"] in ("stack limit", "out of supply") for loss in report["supply"])
    assert round_report(state, []) is None                   # only from the round end's events
    while session.legal_actions()[0][0] != "card":
        session.apply(session.legal_actions()[0])
    assert round_report(session.state, session.events_since(0)) == report   # the same until the first card
    session.apply(session.legal_actions()[0])
    assert round_report(session.state, session.events_since(0)) is None


@pytest.mark.rule("JH-SUP-2")
@pytest.mark.rule("JH-SUP-8")
def test_the_round_report_lists_each_supply_loss_from_its_event():
    from game.rules.judean_hammer import round_report
    state = position(units={M: {"Gophna": 1, "Modein": 4}, G: {"Jerusalem": 1, "Emmaus": 1}}, hands={M: [10], G: []})
    state["events"], state["log"] = [], []
    state = play(state, ("card", 10), ("ops",), ("move",), ("done",))
    events = state["events"]
    report = round_report(state, events)
    assert report is not None and report["round"] == state["round"] - 1
    assert {"side": M, "area": "Modein", "n": 1, "why": "stack limit"} in report["supply"]
    assert report["supply"] == [{k: e[k] for k in ("side", "area", "n", "why")} for e in events if e["kind"] == "supply"]


def test_odds_during_an_ambush_take_the_moving_greeks_as_attackers():
    # Scythopolis may ambush at Shechem; Gophna, under attack, may not (JH-AMBIG-12).
    state = position(units={M: {"Gophna": 1, "Scythopolis": 1}, G: {"Samaria": 1}}, hands={G: [22], M: [10]},
                     side=G)
    state = play(state, ("card", 22), ("ops",), ("move",), ("area", "Samaria"), ("area", "Shechem"),
                 ("area", "Gophna"), ("done",))
    assert SPEC.view(state, M)["pending"]["battles"] == ["Gophna"]
    o = odds.battle_odds(state, "Gophna", "Gophna", M)
    unseen = odds.unseen_cards(state, M)
    greek = sum(1 for c in unseen if odds.CARDS[c]["modifier"]["faction"] == G)
    assert o["p_attacker_wins"] == pytest.approx(greek / len(unseen))     # 1 v 1: a Greek card wins


@pytest.mark.rule("JH-BAT-8")
def test_the_view_splits_the_casualty_dice_by_side():
    from game.core import rng
    from game.rules.judean_hammer import SPEC as JH
    seen = set()
    for seed in range(30):
        state, picker = JH.setup(seed), {}
        rng.init(picker, seed)
        while JH.active(state) is not None and len(seen) < 2:
            state = JH.apply(state, rng.choice(picker, JH.legal_actions(state)))
            battle = JH.view(state, None)["battle"]
            if not battle or not battle.get("rolls"):
                continue
            rolls = battle["rolls"]
            assert [v for _, vs in rolls for v in vs] == state["dice"]["values"]
            if battle["kind"] == "battle":
                winner_dice = dict((s, vs) for s, vs in rolls)[battle["winner"]]
                assert rolls[0][0] == battle["attacker"] and len(winner_dice) <= 1
            seen.add(battle["kind"])
    assert "battle" in seen
