"""Sequence of play and card use (JH-SEQ-*, JH-CRD-*)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.judean_hammer import SPEC, sequence
from game.rules.judean_hammer.cards import CARDS
from game.rules.judean_hammer.common import take_top

from . import mini
from .helpers import legal, play, position, step, units

M, G = "maccabean", "greek"


def _new(seed=3, **options):
    return SPEC.setup(seed, options={"map": mini.register(), **options})


@pytest.mark.rule("JH-SEQ-2")
@pytest.mark.rule("JH-SET-4")
def test_each_player_draws_four_from_one_shuffled_deck():
    state = _new(deck=[1, 2, 3, 4, 12, 13, 14, 15])
    assert state["hands"] == {M: [1, 2, 3, 4], G: [12, 13, 14, 15]}
    assert len(state["draw"]) == 18 and not state["discard"] and not state["combat"]
    other = _new(seed=4)
    assert sorted(other["draw"] + other["hands"][M] + other["hands"][G]) == list(range(1, 27))
    assert other["draw"] != _new(seed=5)["draw"]


@pytest.mark.rule("JH-SEQ-5")
@pytest.mark.rule("JH-SEQ-6")
def test_players_alternate_and_must_play_a_card():
    state = _new(deck=[10, 1, 2, 3, 12, 13, 14, 15])
    assert SPEC.active(state) == M and legal(state) == {("card", c) for c in (10, 1, 2, 3)}
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("pass",))
    assert err.value.clause == "JH-SEQ-6"
    state = play(state, ("card", 10), ("ops",), ("move",), ("done",))
    assert SPEC.active(state) == G and legal(state) == {("card", c) for c in (12, 13, 14, 15)}


@pytest.mark.rule("JH-SEQ-1")
@pytest.mark.rule("JH-SEQ-7")
@pytest.mark.rule("JH-SUP-1")
def test_round_ends_after_eight_plays_with_supply_and_scoring():
    state = _new(deck=[1, 2, 3, 4, 12, 13, 14, 15])
    for n in range(8):
        assert state["round"] == 1
        side = SPEC.active(state)
        card = state["hands"][side][0]
        state = play(state, ("card", card), ("ops",), ("move",), ("done",))
        if step(state) == "reaction":
            state = play(state, ("pass",))
    assert state["round"] == 2 and len(state["awards"]) == 1
    assert any(line.startswith("Score:") for line in state["log"])
    assert step(state) == "first"
    from game.rules.judean_hammer import api                 # a step with no reasons of its own
    assert api.why_not(state, ("pass",)) == ("it is not one of the choices now", None)


@pytest.mark.rule("JH-SET-3")
@pytest.mark.rule("JH-SEQ-3")
@pytest.mark.rule("JH-SEQ-4")
def test_starting_player_round_one_then_fewest_vp_chooses():
    state = _new()
    assert step(state) == "turn" and SPEC.active(state) == M       # JH-AMBIG-2
    state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]},
                     vp={M: 3, G: 1})
    state = play(state, ("card", 10), ("ops",), ("move",), ("done",), ("card", 17), ("ops",), ("move",),
                 ("done",))
    assert step(state) == "first" and SPEC.active(state) == G
    assert legal(state) == {("first", M), ("first", G)}
    assert "Round 2: you have fewer VP (2 to 4), so you choose" in SPEC.view(state, G)["prompt"]
    state = play(state, ("first", M))
    assert SPEC.active(state) == M and state["starter"] == M
    tied = position(hands={M: [10], G: [17]}, vp={M: 2, G: 2})
    tied["units"] = {M: {"Modein": 1}, G: {"Samaria": 1}}
    tied["stock"] = {M: 28, G: 28}
    tied = play(tied, ("card", 10), ("ops",), ("move",), ("done",), ("card", 17), ("ops",), ("move",),
                ("done",))
    assert tied["vp"] == {M: 3, G: 3} and SPEC.active(tied) == M   # tie: the Maccabean chooses
    assert "VP are tied, so you (the Maccabeans) choose" in SPEC.view(tied, M)["prompt"]
    assert SPEC.view(tied, M)["phase"] == "Select starting player"     # the headline of the step


@pytest.mark.rule("JH-AMBIG-2")
def test_round_one_skips_the_choice():
    # JH-AMBIG-2: no starting-player decision in round 1.
    state = _new()
    assert not any(a[0] == "first" for a in legal(state)) and state["round"] == 1


@pytest.mark.rule("JH-SEQ-8")
@pytest.mark.rule("JH-SEQ-9")
@pytest.mark.rule("JH-AMBIG-4")
def test_empty_draw_pile_reshuffles_both_discards_but_never_removed_cards():
    state = position(hands={M: [10], G: [17]})
    state["draw"], state["discard"], state["combat"], state["removed"] = [], [1, 2], [3], [4]
    rest = [c for c in range(5, 27) if c not in (10, 17)]
    state["removed"] += rest
    cid = take_top(state)
    assert cid in (1, 2, 3) and sorted(state["draw"] + [cid]) == [1, 2, 3]
    assert not state["discard"] and not state["combat"] and 4 in state["removed"]


@pytest.mark.rule("JH-AMBIG-16")
def test_reshuffle_happens_when_a_card_is_needed():
    # JH-AMBIG-16: the last card leaving does not reshuffle; the next reveal does.
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, dice=[1, 1])
    keep = state["draw"]
    state["draw"], state["discard"] = [], keep
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert len(state["combat"]) == 1 and len(state["draw"]) == len(keep) - 1
    assert any("shuffled into a new draw pile" in line for line in state["log"])


@pytest.mark.rule("JH-GAP-6")
def test_no_card_left_gives_no_modifier_and_a_failed_ambush():
    # JH-GAP-6
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, dice=[1])
    state["removed"] += state["draw"]
    state["draw"] = []
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert state["last_battle"]["card"] is None and state["last_battle"]["strength"] == {M: 1, G: 1}


@pytest.mark.rule("JH-CRD-3")
@pytest.mark.rule("JH-CRD-4")
@pytest.mark.rule("JH-CRD-5")
def test_card_is_used_for_ops_or_event_then_discarded_or_removed():
    state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10, 1], G: [17, 18]})
    assert legal(play(state, ("card", 10))) == {("ops",), ("event",)}
    after_ops = play(state, ("card", 10), ("ops",), ("move",), ("done",))
    assert after_ops["discard"] == [10] and 10 not in after_ops["removed"]
    after_event = play(state, ("card", 10), ("event",), ("area", "Desert"))
    assert after_event["removed"] == [10] and 10 not in after_event["discard"]
    assert units(after_event, M)["Desert"] == 2


@pytest.mark.rule("JH-CRD-6")
def test_only_your_own_faction_events():
    state = play(position(hands={M: [17], G: [18]}), ("card", 17))
    assert legal(state) == {("ops",)}
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("event",))
    assert err.value.clause == "JH-CRD-6"


@pytest.mark.rule("JH-CRD-8")
@pytest.mark.rule("JH-CRD-9")
@pytest.mark.rule("JH-CRD-10")
@pytest.mark.rule("JH-CRD-11")
def test_opponent_may_play_his_event_after_the_ops_are_spent():
    state = position(units={M: {"Modein": 2}, G: {"Emmaus": 1, "Jerusalem": 1}},
                     hands={M: [17, 1], G: [12, 13]}, draw=[3], dice=[1, 1])
    state = play(state, ("card", 17), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"))
    assert SPEC.active(state) == M                           # still moving: no event yet
    state = play(state, ("done",))
    assert step(state) == "reaction" and SPEC.active(state) == G and state["combat"] == [3]
    state = play(state, ("event",), ("area", "Jerusalem"))   # Alcimus: 2 Greeks to Jerusalem
    assert 17 in state["removed"] and 17 not in state["discard"]
    assert units(state, G)["Jerusalem"] == 3
    assert SPEC.active(state) == G and step(state) == "turn" and len(state["hands"][G]) == 2


@pytest.mark.rule("JH-CRD-12")
def test_opponent_may_decline_and_the_card_is_discarded():
    state = position(units={M: {"Modein": 1}, G: {"Jerusalem": 1}}, hands={M: [17], G: [12]})
    state = play(state, ("card", 17), ("ops",), ("move",), ("done",), ("pass",))
    assert state["discard"] == [17] and SPEC.active(state) == G
    top = SPEC.view(state, G)["piles"]["discard_top"]         # the card as the table prints it
    assert (top["id"], top["title"], top["faction"], top["ops"], top["banner"]) == (
        17, CARDS[17]["title"], CARDS[17]["faction"], CARDS[17]["ops"], CARDS[17]["banner"])
    declined = [e for e in state["events"] if e["kind"] == "card_declined"]     # as the window hears it
    assert [(e["side"], e["card"]) for e in declined] == [(G, 17)]


@pytest.mark.rule("JH-CRD-13")
def test_revealed_cards_never_offer_their_events():
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, draw=[12],
                     dice=[1, 1])
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert state["combat"] == [12] and step(state) == "turn" and ("event",) not in legal(state)


@pytest.mark.rule("JH-CRD-1")
@pytest.mark.rule("JH-CRD-14")
@pytest.mark.rule("JH-CRD-15")
@pytest.mark.rule("JH-CRD-16")
@pytest.mark.rule("JH-COM-2")
@pytest.mark.rule("JH-GAP-7")
def test_card_data():
    assert sorted(CARDS) == list(range(1, 27))
    for card in CARDS.values():
        assert card["ops"] >= 1 and card["text"] and card["effects"]
        assert card["modifier"]["faction"] in (M, G) and card["modifier"]["value"] > 0
        if card["banner"] == "green":
            assert card["faction"] == M
        if card["banner"] == "purple":
            assert card["faction"] == G
    orange = [c for c in CARDS.values() if c["banner"] == "orange"]
    assert len(orange) == 3
    for card in orange:
        assert card["modifier"]["faction"] != card["faction"] and card["modifier"]["value"] == 3
        assert card["effects"][0]["do"] == "remove" and card["effects"][0]["side"] == "self"


@pytest.mark.rule("JH-AMBIG-3")
def test_sacrifice_event_belongs_to_the_icon_faction():
    # JH-AMBIG-3: card 26 shows the Greek icon; only the Greeks may play it.
    assert ("event",) not in legal(play(position(units={M: {"Modein": 1}, G: {"Samaria": 2}},
                                                 hands={M: [26], G: [12]}), ("card", 26)))
    state = play(position(units={M: {"Modein": 1}, G: {"Samaria": 2}}, hands={G: [26], M: [10]}, side=G),
                 ("card", 26))
    assert ("event",) in legal(state)
    state = play(state, ("event",), ("area", "Samaria"), ("area", "Samaria"))
    assert units(state, G) == {} and 26 in state["removed"]


@pytest.mark.rule("JH-GAP-5")
def test_first_drawer_is_last_rounds_starting_player():
    # JH-GAP-5
    state = position(hands={M: [], G: []}, vp={M: 0, G: 0})
    state["starter"] = G
    state["round"] = 2
    top = state["draw"][:8]
    sequence.start_round(state)
    assert state["hands"][G] == top[:4] and state["hands"][M] == top[4:]


