"""Check supply, score regions and the end of the game (JH-SUP-*, JH-SCO-*, JH-END-*)."""
from __future__ import annotations

import pytest

from game.rules.judean_hammer import SPEC, scoring
from game.rules.judean_hammer.common import board_of, in_supply, region_control

from .helpers import play, position, step, units

M, G = "maccabean", "greek"


def _end_round(units_, vp=None, draw=None, removed=()):
    """Both players hold one card; both play it for an empty move and the round ends."""
    state = position(units=units_, hands={M: [10], G: [17]}, vp=vp or {M: 0, G: 0})
    if removed:
        state["removed"] = list(removed)
        state["draw"] = [c for c in state["draw"] if c not in removed]
    return play(state, ("card", 10), ("ops",), ("move",), ("done",), ("card", 17), ("ops",), ("move",),
                ("done",))


@pytest.mark.rule("JH-SUP-2")
@pytest.mark.rule("JH-SUP-3")
@pytest.mark.rule("JH-SUP-4")
def test_stacks_over_three_are_cut_back_only_at_check_supply():
    state = position(units={M: {"Modein": 5}, G: {"Samaria": 4}}, hands={M: [10], G: [17]})
    state = play(state, ("card", 10), ("ops",), ("move",), ("done",))
    assert units(state, M) == {"Modein": 5}             # no limit while cards are played
    state = play(state, ("card", 17), ("ops",), ("move",), ("done",))
    assert units(state, M) == {"Modein": 3} and units(state, G) == {"Samaria": 3}
    assert state["stock"] == {M: 26, G: 26}


@pytest.mark.rule("JH-SUP-5")
@pytest.mark.rule("JH-SUP-6")
@pytest.mark.rule("JH-SUP-8")
@pytest.mark.rule("JH-SUP-9")
def test_greek_areas_cut_off_lose_one_unit_each():
    cut = {M: {"Hebron": 1, "Emmaus": 1, "Gophna": 1}, G: {"Jerusalem": 3, "Beth Zur": 1, "Samaria": 2}}
    state = _end_round(cut)
    assert units(state, G) == {"Jerusalem": 2, "Samaria": 2}
    assert units(state, M) == cut[M]                    # Maccabeans never check supply
    lost = [(e["side"], e["area"], e["n"], e["why"]) for e in state["events"] if e["kind"] == "supply"]
    assert sorted(lost) == [(G, "Beth Zur", 1, "out of supply"), (G, "Jerusalem", 1, "out of supply")]


@pytest.mark.rule("JH-SUP-7")
def test_a_supply_centre_is_always_in_supply():
    state = position(units={M: {"Jamnia": 1, "Hebron": 1}, G: {"Gaza": 2}})
    assert "Gaza" in in_supply(state, board_of(state))
    state = _end_round({M: {"Jamnia": 1, "Hebron": 1}, G: {"Gaza": 2}})
    assert units(state, G) == {"Gaza": 2}


@pytest.mark.rule("JH-SCO-1")
@pytest.mark.rule("JH-SCO-2")
@pytest.mark.rule("JH-SCO-3")
@pytest.mark.rule("JH-SCO-5")
@pytest.mark.rule("JH-MAP-7")
@pytest.mark.rule("JH-MAP-8")
def test_each_controlled_region_scores_one_vp():
    # Greeks: Jerusalem (its own region) and Coast; Maccabeans: Judea; Galilee and Samaria tied.
    state = _end_round({M: {"Modein": 1, "Scythopolis": 1, "Shechem": 1},
                        G: {"Jerusalem": 1, "Jamnia": 1, "Galilee": 1, "Samaria": 1}}, vp={M: 2, G: 5})
    assert state["vp"] == {M: 3, G: 7} and state["awards"][-1] == [1, 2]


@pytest.mark.rule("JH-MAP-6")
@pytest.mark.rule("JH-MAP-7")
def test_only_cities_count_when_regions_are_scored():
    # Judea: Greek Emmaus against Maccabean Modein, with 3 Maccabeans in the Gophna wilderness:
    # level, so nobody scores it. Coast: 3 Greeks in the Gaza supply centre and 1 Maccabean in
    # Joppa: Maccabean. Galilee: both its cities Greek.
    state = _end_round({M: {"Modein": 1, "Gophna": 3, "Joppa": 1},
                        G: {"Emmaus": 1, "Gaza": 3, "Galilee": 1, "Scythopolis": 1, "Samaria": 1}})
    control = region_control(state, board_of(state))
    assert control["Judea"] is None and control["Coast"] == M and control["Galilee"] == G
    assert state["awards"][-1] == [1, 2]          # Coast; Galilee and Samaria


@pytest.mark.rule("JH-SCO-4")
def test_control_is_judged_after_supply_removals():
    # Beth Zur's lone Greek is cut off and removed, so Idumea is not Greek when scored.
    state = _end_round({M: {"Hebron": 1, "Emmaus": 1, "Gophna": 1, "Desert": 1}, G: {"Beth Zur": 1}})
    assert state["awards"][-1] == [2, 0]


@pytest.mark.rule("JH-SCO-8")
@pytest.mark.rule("JH-SCO-6")
def test_the_gathered_pile_is_shuffled_before_the_new_round_is_dealt():
    # Unshuffled, the discards would lie under the 14 cards left in the pile and the 8 cards
    # dealt for round 2 could never include them; shuffled, they are dealt about a third of the time.
    dealt_discards = 0
    for seed in range(8):
        state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]}, seed=seed)
        state["discard"] = [1, 2, 3, 4]
        state["draw"] = [c for c in state["draw"] if c not in (1, 2, 3, 4)]
        state = play(state, ("card", 10), ("ops",), ("move",), ("done",), ("card", 17), ("ops",), ("move",),
                     ("done",))
        assert state["round"] == 2
        hands = set(state["hands"][M]) | set(state["hands"][G])
        dealt_discards += len(hands & {1, 2, 3, 4, 10, 17})
    assert dealt_discards >= 4


@pytest.mark.rule("JH-SCO-6")
@pytest.mark.rule("JH-SCO-7")
@pytest.mark.rule("JH-SCO-8")
def test_discards_rejoin_the_draw_pile_and_a_new_round_begins():
    state = _end_round({M: {"Modein": 1}, G: {"Samaria": 1}}, removed=(1, 2, 3))
    assert state["round"] == 2 and not state["discard"] and not state["combat"]
    assert len(state["draw"]) == 26 - 3 - 8 and {1, 2, 3}.isdisjoint(state["draw"])


@pytest.mark.rule("JH-SCO-9")
@pytest.mark.rule("JH-END-2")
@pytest.mark.rule("JH-END-4")
def test_twelve_or_fewer_cards_end_the_game():
    removed = [c for c in range(1, 27) if c not in (10, 17)][:14]
    state = _end_round({M: {"Modein": 1}, G: {"Samaria": 1, "Jamnia": 1}}, removed=removed)
    assert SPEC.active(state) is None and len(state["draw"]) == 12
    res = SPEC.result(state)
    assert res.winner == G and "12 cards" in res.reason and res.scores == state["vp"]
    over = [e for e in state["events"] if e["kind"] == "game_over"]          # as the window hears it
    assert [(e["winner"], e["vp"]) for e in over] == [(G, state["vp"])]


@pytest.mark.rule("JH-AMBIG-15")
def test_thirteen_cards_play_on():
    # JH-AMBIG-15: the count is taken after the discards are merged, removed cards excluded.
    removed = [c for c in range(1, 27) if c not in (10, 17)][:13]
    state = _end_round({M: {"Modein": 1}, G: {"Samaria": 1}}, removed=removed)
    assert SPEC.active(state) is not None and state["round"] == 2


@pytest.mark.rule("JH-END-1")
def test_twelve_vp_ends_the_game():
    state = _end_round({M: {"Modein": 1}, G: {"Samaria": 1}}, vp={M: 11, G: 3})
    assert SPEC.active(state) is None and SPEC.result(state).winner == M
    from game.rules import judean_hammer as jh
    assert jh.winner(state) == M                                           # the package's public face too
    assert state["vp"] == {M: 12, G: 4}


@pytest.mark.rule("JH-END-5")
def test_tie_goes_to_the_maccabeans():
    state = _end_round({M: {"Modein": 1}, G: {"Samaria": 1}}, vp={M: 11, G: 11})
    assert state["vp"] == {M: 12, G: 12} and SPEC.result(state).winner == M


@pytest.mark.rule("JH-END-3")
@pytest.mark.rule("JH-SEQ-8")
def test_a_reshuffle_during_a_round_never_ends_the_game():
    # The draw pile is empty and only 3 cards are in the discards: the battle's reveal
    # reshuffles them into a pile far below 12 cards, and play goes on all the same.
    state = position(units={M: {"Modein": 1}, G: {"Emmaus": 1}}, hands={M: [6], G: [17]}, dice=[1, 1])
    state["removed"] = [c for c in state["draw"] if c not in (1, 2, 3)]
    state["draw"], state["discard"] = [], [1, 2, 3]
    state = play(state, ("card", 6), ("ops",), ("move",), ("area", "Modein"), ("area", "Emmaus"), ("done",))
    assert len(state["combat"]) == 1 and state["combat"][0] in (1, 2, 3)      # the reshuffle happened
    assert len(state["draw"]) == 2 and state["discard"] == [6]
    assert SPEC.result(state) is None and SPEC.active(state) == G and step(state) == "turn"
    assert state["round"] == 1


@pytest.mark.rule("JH-GAP-11")
def test_vp_have_no_upper_bound():
    # JH-GAP-11
    state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, vp={M: 20, G: 0})
    scoring.score_regions(state)
    assert state["vp"][M] == 21

