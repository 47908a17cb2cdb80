"""The sequence of play through the contract: set-up, strategy segment, action segments, victory."""
from __future__ import annotations

import pytest

from game.rules.armageddon import SPEC, data
from game.rules.armageddon.model import SET_ASIDE, UNPLACED, put, set_ruined
from game.rules.armageddon.movement import illegal
from tests.armageddon.helpers import apply, card_with, choose, position, started

rule = pytest.mark.rule
IM_MOVE = card_with("imperial", ("movement", "combat"))
IM_BUILD = card_with("imperial", ("build", "movement"))
ORK_MOVE = card_with("ork", ("movement", "movement"))
ORK_CBT = card_with("ork", ("combat", "combat"))


def events(state, kind):
    """The events of one kind the last action made."""
    return [e for e in state["events"] if e["kind"] == kind]


def finish_segment(state):
    """End every phase that asks a player (movement: done) until the next segment or turn starts."""
    seg = state["segment"]
    while SPEC.active(state) is not None and state["segment"] is seg and ("done",) in SPEC.legal_actions(state):
        state = SPEC.apply(state, ("done",))
        seg = state["segment"] if state["segment"] and state["segment"]["n"] == seg["n"] else seg
        if state["segment"] is None or state["segment"]["n"] != seg["n"]:
            break
    return state


def play_out_turn(state, seen=None):
    """Both end every phase at once, play no special card and check supply as it comes, until the
    next strategy segment (or the end)."""
    turn = state["turn"]
    while SPEC.active(state) is not None and not (state["stage"] == "strategy" and state["turn"] > turn):
        acts = SPEC.legal_actions(state)
        quiet = [a for a in (("done",), ("decline",), ("check",)) if a in acts]
        state = apply(state, quiet[0] if quiet else acts[0], seen)
    return state


# ---------------------------------------------------------------- set-up
@rule("BFA-SET-3")
@rule("BFA-SET-4")
@rule("BFA-SET-7")
def test_the_imperial_player_sets_up_first_then_the_orks():
    state = SPEC.setup(3)
    assert SPEC.active(state) == "imperial" and state["stage"] == "setup"
    assert all(a[0] in ("standard", "place") for a in SPEC.legal_actions(state))
    state = SPEC.apply(state, ("standard",))
    assert SPEC.active(state) == "ork"
    state = SPEC.apply(state, ("standard",))
    assert SPEC.active(state) == "imperial" and state["stage"] == "strategy"


@rule("BFA-SET-4")
@rule("BFA-SET-5")
@rule("BFA-SET-6")
def test_the_order_of_battle_stands_where_the_sheet_says_and_the_rest_is_set_aside():
    state = SPEC.setup(3)
    first = SPEC.legal_actions(state)[1]
    assert first[0] == "place"
    state = SPEC.apply(state, first)
    assert state["at"][first[1]] == first[2] and ("place", first[1], first[2]) not in SPEC.legal_actions(state)
    state = SPEC.apply(state, ("standard",))
    for area, ids in data.setup()["imperial"].items():
        assert all(state["at"][c] == area for c in ids)
    assert sorted(c for c, p in state["at"].items() if p == SET_ASIDE) == data.set_aside()
    assert illegal(state, "imperial") == []


@rule("BFA-SET-8")
@rule("BFA-SET-9")
@rule("BFA-SET-5")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_orks_place_every_counter_in_ork_territory_one_by_one(seed):
    from game.core import rng
    state = SPEC.apply(SPEC.setup(seed), ("standard",))
    board = SPEC.board(state)
    picker = {}
    rng.init(picker, seed)
    while SPEC.active(state) == "ork":
        acts = [a for a in SPEC.legal_actions(state) if a[0] == "place"]
        assert acts, "a set-up that cannot be finished"
        state = SPEC.apply(state, rng.choice(picker, acts))
    orks = [c for c in data.counters() if c.startswith("ork")]
    assert all(state["at"][c] in board.areas for c in orks)
    assert {state["at"][c] for c in orks} <= {a for a, ar in board.areas.items() if ar.region == data.ORK_REGION}
    assert illegal(state, "ork") == []
    placed = [e for e in state["events"] if e["kind"] == "placed"]             # the last placement's event
    assert placed and all(e["side"] == "ork" and state["at"][e["counter"]] == e["area"] for e in placed)


@rule("BFA-SET-5")
def test_orks_spreading_out_as_far_as_they_are_let_can_still_place_every_counter():
    # The worst a player can do with the room: every counter into an empty area while one is
    # offered. Ork territory has room for every tribe only if the offers leave it (BFA-SET-5).
    state = SPEC.apply(SPEC.setup(2), ("standard",))
    while SPEC.active(state) == "ork":
        acts = [a for a in SPEC.legal_actions(state) if a[0] == "place"]
        assert acts, "a set-up that cannot be finished"
        spread = [a for a in acts if not state["stacks"].get(a[2])]
        state = SPEC.apply(state, (spread or acts)[0])
    assert illegal(state, "ork") == []


@rule("BFA-SET-9")
@rule("BFA-STK-4")
def test_ork_placements_outside_territory_or_mixing_tribes_are_refused_with_the_clause():
    state = SPEC.apply(SPEC.setup(1), ("standard",))
    state = SPEC.apply(state, ("place", "ork_goff_boyz_1", "Redweed Marsh"))
    assert SPEC.explain(state, ("place", "ork_goff_boyz_2", "Infernus"))[1] == "BFA-SET-9"
    assert SPEC.explain(state, ("place", "ork_bad_moon_boyz_1", "Redweed Marsh"))[1] == "BFA-STK-4"
    for cid in ("ork_goff_boyz_2", "ork_goff_boyz_3"):
        state = SPEC.apply(state, ("place", cid, "Redweed Marsh"))
    assert SPEC.explain(state, ("place", "ork_goff_boyz_4", "Redweed Marsh")) == \
        ("a stack holds at most 3 counters", "BFA-SET-5")          # full, not "no legal room"
    assert SPEC.explain(state, ("place", "ork_ghazghkull", "Redweed Marsh")) is None    # BFA-STK-3


@rule("BFA-SET-10")
@rule("BFA-SET-1")
@rule("BFA-SET-2")
def test_each_player_deals_himself_two_special_cards_and_the_tracks_start_at_20_and_1():
    state = started(4)
    for side in data.SIDES:
        assert len(state["hands"][side]) == 2 and len(state["decks"][side]) == 4
        assert set(state["hands"][side]) <= {c["id"] for c in data.special_cards(side)}
    assert state["build_points"] == 20 and state["turn"] == 1
    assert state["at"]["im_turn"] == "Turn track" and state["at"]["im_build_points"] == "Build point track"


def test_a_scripted_deck_deals_its_named_cards_first():
    ids = [c["id"] for c in data.special_cards("ork")]
    state = started(4, deck={"ork": [ids[3], ids[0]]})
    assert state["hands"]["ork"] == [ids[3], ids[0]]
    for bad in ({"ork": [ids[0], ids[0]]}, {"ork": ids[0]}, {"ork": [ids[0]], "eldar": []}, [ids[0]]):
        with pytest.raises(ValueError, match=r"^options\['deck'\]"):
            started(4, deck=bad)


# ---------------------------------------------------------------- strategy segment
@rule("BFA-STR-2")
@rule("BFA-STR-3")
@rule("BFA-AMBIG-7")
def test_both_choose_two_different_cards_in_order_in_secret():
    state = started()
    assert sorted(a[1] for a in SPEC.legal_actions(state)) == sorted(c["id"] for c in data.strategy_cards("imperial"))
    assert SPEC.explain(state, ("card", ORK_MOVE))[1] == "BFA-STR-1"
    assert SPEC.explain(state, ("done",)) == ("choose two of your strategy cards first", "BFA-SEQ-3")
    assert SPEC.explain(state, ("card",)) == ("choose two of your strategy cards first", "BFA-SEQ-3")   # no card named
    state = SPEC.apply(state, ("card", IM_BUILD))
    assert ("card", IM_BUILD) not in SPEC.legal_actions(state) and SPEC.active(state) == "imperial"
    assert SPEC.explain(state, ("card", IM_BUILD))[1] == "BFA-STR-2"
    state = SPEC.apply(state, ("card", IM_MOVE))
    assert SPEC.active(state) == "ork"
    ork_view = SPEC.view(state, "ork")
    assert IM_BUILD not in str(ork_view["strategy"]) and ork_view["strategy"]["sealed"] == ["imperial"]
    state = choose(state, (), (ORK_MOVE, ORK_CBT))
    # The Orks have the initiative: their top card is face up at once, the rest stays face down.
    assert state["plan"] == {"imperial": [IM_BUILD, IM_MOVE], "ork": [ORK_CBT]}
    assert state["revealed"] == {"imperial": [], "ork": [ORK_MOVE]}
    assert SPEC.view(state, "imperial")["plan"] == [IM_BUILD, IM_MOVE]
    assert IM_BUILD not in str(SPEC.view(state, "ork")["plan"])
    state = play_out_turn(state)
    assert len(SPEC.legal_actions(state)) == 6                  # all six again next turn


@rule("BFA-FTS-1")
def test_on_turn_1_the_orks_have_the_initiative_without_a_roll():
    state = started()
    draws = state["rng"]["draws"]
    state = choose(state, (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT))
    assert state["initiative"] == "ork" and events(state, "initiative")[-1]["rolls"] == []
    assert state["rng"]["draws"] == draws                       # no die rolled
    assert SPEC.view(state, "imperial")["initiative"] == "ork"  # the turn panel's line


@rule("BFA-STR-5")
@rule("BFA-GAP-9")
@pytest.mark.parametrize("dice, winner, rolls", [([2, 5], "ork", 1), ([6, 1], "imperial", 1),
                                                  ([3, 3, 4, 4, 5, 2], "imperial", 3)])
def test_from_turn_2_the_higher_die_wins_the_initiative_and_ties_roll_again(dice, winner, rolls):
    state = play_out_turn(choose(started(), (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT)))
    assert state["turn"] == 2
    state["rng"]["dice"] = list(dice)
    state = choose(state, (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT))
    ev = events(state, "initiative")[-1]
    assert state["initiative"] == winner == ev["winner"] and len(ev["rolls"]) == rolls


@rule("BFA-STR-7")
@rule("BFA-AMBIG-8")
@rule("BFA-STR-8")
def test_both_draw_a_special_card_each_strategy_segment_with_no_hand_limit():
    state = started()
    for turn in range(1, 5):
        state = choose(state, (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT))
        assert [len(state["hands"][s]) for s in data.SIDES] == [2 + turn, 2 + turn]
        state = play_out_turn(state)


@rule("BFA-STR-9")
@rule("BFA-GAP-10")
def test_an_empty_deck_is_made_from_the_discards_and_nothing_is_drawn_when_both_are_empty():
    state = started()
    state["discards"]["ork"] = state["decks"]["ork"][:1]
    state["decks"]["ork"] = []
    state["decks"]["imperial"], spare = [], state["decks"]["imperial"]
    state["hands"]["imperial"] += spare
    state = choose(state, (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT))
    assert len(state["hands"]["ork"]) == 3 and state["discards"]["ork"] == []
    assert len(state["hands"]["imperial"]) == 6


# ---------------------------------------------------------------- action segments
@rule("BFA-SEQ-2")
@rule("BFA-SEQ-3")
@rule("BFA-SEQ-4")
@rule("BFA-SEQ-5")
@rule("BFA-SEQ-6")
@rule("BFA-SEQ-7")
@rule("BFA-STR-4")
@rule("BFA-STR-6")
@rule("BFA-ACT-1")
@rule("BFA-ACT-2")
@rule("BFA-ACT-3")
def test_four_action_segments_reveal_the_cards_in_turn_and_run_their_phases_in_order():
    seq = []
    state = choose(started(), (IM_BUILD, IM_MOVE), (ORK_MOVE, ORK_CBT), seq)
    assert [e["sides"] for e in seq if e["kind"] == "plans_chosen"] == [["imperial", "ork"]]
    assert SPEC.view(state, None)["phase"] == "Action segment 1: movement (Orks)"     # the headline
    # the segment says which of the card's two phases is running: Get Movin' moves twice
    assert (SPEC.view(state, None)["segment"]["phase"], SPEC.view(state, None)["segment"]["step"]) == ("movement", 1)
    second = SPEC.apply(state, ("done",))
    assert (SPEC.view(second, None)["segment"]["phase"], SPEC.view(second, None)["segment"]["step"]) == ("movement", 2)
    state = play_out_turn(state, seq)
    assert [e["serial"] for e in seq] == sorted(set(e["serial"] for e in seq))
    reveals = [(e["side"], e["card"]) for e in seq if e["kind"] == "reveal"]
    assert reveals == [("ork", ORK_MOVE), ("imperial", IM_BUILD), ("ork", ORK_CBT), ("imperial", IM_MOVE)]
    assert [e["phases"] for e in seq if e["kind"] == "reveal"][0] == ["movement", "movement"]    # Ork move: move, move
    phases = [(e["segment"], e["phase"]) for e in seq if e["kind"] == "phase"]
    assert phases == [(1, "movement"), (1, "movement"), (1, "supply"), (2, "build"), (2, "movement"),
                      (2, "supply"), (3, "combat"), (3, "combat"), (3, "supply"), (4, "movement"),
                      (4, "combat"), (4, "supply")]
    kinds = [e["kind"] for e in seq if e["kind"] in ("reveal", "victory_check", "turn")]
    assert kinds == ["reveal"] * 4 + ["victory_check", "turn"]
    check = next(e for e in seq if e["kind"] == "victory_check")       # each hive as the check found it
    assert (check["captured"], check["controlled"], check["winner"]) == \
        ([], ["Acheron", "Hades", "Hellsreach", "Infernus", "Tartarus"], None)


@rule("BFA-SEQ-8")
@rule("BFA-SEQ-1")
@rule("BFA-VIC-7")
def test_the_turn_marker_advances_and_after_turn_8_the_game_is_a_draw():
    state = started()
    for turn in range(1, 9):
        assert state["turn"] == turn and SPEC.active(state) is not None
        assert SPEC.view(state, None)["revealed"] == {"imperial": [], "ork": []}      # a new turn's cards hidden
        state = play_out_turn(choose(state, (IM_MOVE, IM_BUILD), (ORK_MOVE, ORK_CBT)))
    assert SPEC.active(state) is None
    res = SPEC.result(state)
    assert res.winner is None and "turn 8" in res.reason
    assert SPEC.view(state, None)["phase"] == "Game over"                     # the headline
    over = [e for e in state["events"] if e["kind"] == "game_over"]            # as the window hears it
    assert [(e["winner"], e["reason"]) for e in over] == [(None, res.reason)]


# ---------------------------------------------------------------- victory
def victory_segment(state):
    """Run a Victory segment on a position (the turn frame's last task)."""
    from game.rules.armageddon import sequence
    from game.rules.armageddon.flow import FLOW
    FLOW.start(state, "turn", tasks=["victory"])
    sequence.advance(state, state["stack"][0])
    return state


def hive(area):
    return next(c for c, v in data.counters().items() if v["type"] == "hive" and v["area"] == area)


@rule("BFA-VIC-1")
@rule("BFA-VIC-2")
@rule("BFA-VIC-3")
@rule("BFA-VIC-6")
def test_the_orks_win_with_three_ruined_hives_they_stand_in():
    ork = {"Tartarus": ["ork_goff_boyz_1"], "Infernus": ["ork_goff_boyz_2"], "Hades": ["ork_goff_boyz_3"]}
    state = position({}, ork, ruins=["Tartarus", "Infernus", "Hades"])
    two = position({}, {"Tartarus": ["ork_goff_boyz_1"], "Infernus": ["ork_goff_boyz_2"]},
                   ruins=["Tartarus", "Infernus", "Hades"])       # Hades in ruins but not held
    two = victory_segment(two)
    assert SPEC.result(two) is None and two["turn"] == 3 and SPEC.active(two) == "imperial"
    state = victory_segment(state)
    res = SPEC.result(state)
    assert res.winner == "ork" and "3 hives" in res.reason
    assert SPEC.active(state) is None


@rule("BFA-VIC-4")
@rule("BFA-VIC-5")
def test_the_imperium_wins_with_all_five_hives_once_ghazghkull_is_out_of_play():
    state = position({"Hades": ["im_guard_2"]}, {"Redweed Marsh": ["ork_goff_boyz_1"]}, ruins=["Hades"])
    put(state, "ork_ghazghkull", "Redweed Marsh")
    assert SPEC.result(victory_segment(state)) is None           # Ghazghkull still fights
    state = position({"Hades": ["im_guard_2"]}, {}, ruins=["Hades"])
    res = SPEC.result(victory_segment(state))
    assert res.winner == "imperial"
    state = position({}, {}, ruins=["Hades"])                      # a ruin nobody holds
    put(state, "im_fort_5", "Out of play")                         # (a fortification is Imperial)
    from game.rules import armageddon as bfa
    assert bfa.hive_status(state)["Hades"] is None and bfa.victory(state)["reason"] == ""
    assert SPEC.result(victory_segment(state)) is None


@rule("BFA-MAP-4")
def test_ruined_factories_held_by_orks_never_win_the_game():
    factories = [c for c, v in data.counters().items() if v["type"] == "factory"]
    ork = {data.counters()[f]["area"]: [f"ork_goff_boyz_{i + 1}"] for i, f in enumerate(factories[:5])}
    state = position({}, ork, ruins=list(ork))
    put(state, "ork_ghazghkull", "Redweed Marsh")
    assert SPEC.result(victory_segment(state)) is None
    assert all(state["at"][c] == a for a, ids in ork.items() for c in ids)


@rule("BFA-HIV-2")
@rule("BFA-HIV-4")
@rule("BFA-HIV-5")
def test_flipping_a_hive_moves_the_build_point_track():
    state = started()
    set_ruined(state, hive("Hades"), True)
    assert state["build_points"] == 16 and SPEC.invariants(state) == []
    set_ruined(state, hive("Hades"), False)
    assert state["build_points"] == 20


def test_unplaced_orks_wait_off_the_map_until_they_are_set_up():
    state = SPEC.apply(SPEC.setup(1), ("standard",))
    assert all(state["at"][c] == UNPLACED for c in data.counters() if c.startswith("ork"))
