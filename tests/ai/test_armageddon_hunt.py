"""The search player's hunt for Ghazghkull in Battle for Armageddon (game/ai/armageddon_search.py)."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.armageddon_search import KNOWLEDGE
from game.rules import armageddon as bfa
from game.rules import GAMES
from tests.armageddon import fighting as f

SPEC = GAMES["armageddon"]
WARLORD = {"Infernus Wastes": ["ork_ghazghkull"]}          # an ash waste: no die modifier


def _imperial_combat(imperial: dict, ork: dict = WARLORD, dice=()) -> dict:
    return f.combat(f.table(imperial, ork, dice=dice), "imperial")


def _hard(seed: int = 5):
    return BOTS["hard"].make(SPEC, seed)


def test_hard_attacks_ghazghkull_at_good_odds_with_every_stack_at_once_and_without_a_search():
    # 13 + 9 against his 6: 3-1, a result that drives him out on a 2 or better
    state = _imperial_combat({"Sulphur Wastes": ["im_titan_1", "im_guard_1"], "Slag Marsh": ["im_titan_2"]})
    hard = _hard()
    assert hard.choose(state, "imperial") == ("attack", "Infernus Wastes")
    state = f.play(state, ("attack", "Infernus Wastes"))
    joined = []
    while True:
        action = hard.choose(state, "imperial")
        if action[0] != "area":
            break
        joined.append(action[1])
        state = f.play(state, action)
    assert sorted(joined) == ["Slag Marsh", "Sulphur Wastes"] and action == ("roll",)
    assert hard.stats["iterations"] == 0 and hard.stats["obvious"] == 4


def test_an_even_fight_with_ghazghkull_is_left_to_the_search():
    # 9 against 6 is 1-1: driven out only on a 5 or 6, and the attackers die on a 1
    even = _imperial_combat({"Sulphur Wastes": ["im_titan_1"]})
    assert KNOWLEDGE.hunt(SPEC, even, "imperial", SPEC.legal_actions(even)) is None
    # a Guard Army more makes it 13 against 6, 2-1: driven out on a 4 or better, no attacker lost
    good = _imperial_combat({"Sulphur Wastes": ["im_titan_1", "im_guard_1"]})
    assert KNOWLEDGE.hunt(SPEC, good, "imperial", SPEC.legal_actions(good)) == ("attack", "Infernus Wastes")


@pytest.mark.rule("BFA-RET-6")
@pytest.mark.rule("BFA-RET-8")
def test_a_stack_with_ghazghkull_that_has_retreated_is_struck_again_by_anything_next_to_it():
    # a Hive Gang's 1 against the 0 of counters that retreated this phase: a sure kill
    state = _imperial_combat({"Sulphur Wastes": ["im_gang_infernus_1"]})
    state["retreated"] = ["ork_ghazghkull"]
    hard = _hard()
    assert hard.choose(state, "imperial") == ("attack", "Infernus Wastes")
    state = f.play(state, ("attack", "Infernus Wastes"))
    assert hard.choose(state, "imperial") == ("roll",)
    state["rng"]["dice"] = [1]
    state = f.play(state, ("roll",))
    assert f.where(state, "ork_ghazghkull") in ("Eliminated", "Out of play")


@pytest.mark.rule("BFA-VIC-3")
def test_with_ghazghkull_gone_hard_strikes_the_orks_holding_a_hive():
    # two Titans (18) against a Boyz mob in Infernus's ruins: the Orks are driven out at once
    state = f.combat(f.table({"Sulphur Wastes": ["im_titan_1", "im_titan_2"]}, {"Infernus": ["ork_goff_boyz_1"]},
                             ruins=("Infernus",), eliminated=("ork_ghazghkull",)), "imperial")
    assert KNOWLEDGE.hunt(SPEC, state, "imperial", SPEC.legal_actions(state)) == ("attack", "Infernus")
    # while he is on the map the hunt is for him alone
    alive = f.combat(f.table({"Sulphur Wastes": ["im_titan_1", "im_titan_2"]},
                             {"Infernus": ["ork_goff_boyz_1"], "Redweed Marsh": ["ork_ghazghkull"]},
                             ruins=("Infernus",)), "imperial")
    assert KNOWLEDGE.hunt(SPEC, alive, "imperial", SPEC.legal_actions(alive)) is None


@pytest.mark.rule("BFA-GAP-15")
def test_with_ghazghkull_gone_hard_advances_into_the_ruin_it_has_emptied():
    state = f.combat(f.table({"Sulphur Wastes": ["im_titan_1", "im_armour_1"]}, {"Infernus": ["ork_goff_boyz_1"]},
                             ruins=("Infernus",), eliminated=("ork_ghazghkull",), dice=[6, 6, 6]), "imperial")
    hard = _hard()
    while f.where(state, "ork_goff_boyz_1") == "Infernus":
        state = f.play(state, hard.choose(state, "imperial"))
    # the worth of entering the ruin puts the advance first among the choices the search weighs
    actions = SPEC.legal_actions(state)
    assert ("advance", "im_armour_1") in actions and ("done",) in actions
    assert KNOWLEDGE.root_order(SPEC, state, actions, "imperial")[0][0] == ("advance", "im_armour_1")


def _hive_held_by_orks(segment: int = 1, acting: str = "imperial") -> dict:
    """Ghazghkull out of play, two Titans beside Infernus's ruins, Boyz and Nobz in them, in the
    Imperium's combat phase of action segment ``segment`` (carried out by ``acting``)."""
    state = f.combat(f.table({"Sulphur Wastes": ["im_titan_1", "im_titan_2"]},
                             {"Infernus": ["ork_goff_boyz_1", "ork_goff_nobz_1"]},
                             ruins=("Infernus",), eliminated=("ork_ghazghkull",)), "imperial")
    state["segment"] = dict(state["segment"], n=segment, side=acting)
    return state


@pytest.mark.rule("BFA-SEQ-7")
@pytest.mark.rule("BFA-VIC-1")
def test_with_ghazghkull_gone_the_imperium_s_fourth_segment_strikes_a_hive_at_any_odds():
    # two Titans' 18 against Boyz and Nobz in the ruins, 2-1 at -2: the garrison leaves on a 6 alone
    early = _hive_held_by_orks(segment=1)
    assert 0 < KNOWLEDGE._drives_out(SPEC, early, ("attack", "Infernus"), "imperial") < 0.5
    # in an earlier segment the Orks could retake the ruin before the Victory segment: searched
    assert KNOWLEDGE.hunt(SPEC, early, "imperial", SPEC.legal_actions(early)) is None
    last = _hive_held_by_orks(segment=4)
    assert KNOWLEDGE.hunt(SPEC, last, "imperial", SPEC.legal_actions(last)) == ("attack", "Infernus")
    # a fourth segment that is not the Imperium's: the hunt keeps its half
    theirs = _hive_held_by_orks(segment=4, acting="ork")
    assert KNOWLEDGE.hunt(SPEC, theirs, "imperial", SPEC.legal_actions(theirs)) is None
    # while Ghazghkull lives a blow cannot win the turn: his stack at 1-1 waits for the search
    even = _imperial_combat({"Sulphur Wastes": ["im_titan_1"]})
    even["segment"] = dict(even["segment"], n=4, side="imperial")
    assert KNOWLEDGE.hunt(SPEC, even, "imperial", SPEC.legal_actions(even)) is None


@pytest.mark.rule("BFA-VIC-7")
@pytest.mark.rule("BFA-SEQ-7")
def test_in_the_last_turn_s_fourth_segment_the_imperium_strikes_ghazghkull_at_any_odds():
    # a Titan's 9 against his 6 is 1-1, a result that drives him out on a 6 alone: in turn 8's
    # last segment, the Imperium's, the game ends drawn otherwise, so the blow costs nothing
    def last_segment(turn: int, acting: str = "imperial") -> dict:
        state = f.combat(f.table({"Sulphur Wastes": ["im_titan_1"]}, WARLORD, turn=turn), "imperial")
        state["segment"] = dict(state["segment"], n=4, side=acting)
        return state
    final = last_segment(8)
    assert 0 < KNOWLEDGE._drives_out(SPEC, final, ("attack", "Infernus Wastes"), "imperial") < 0.5
    assert KNOWLEDGE.hunt(SPEC, final, "imperial", SPEC.legal_actions(final)) == ("attack", "Infernus Wastes")
    for state in (last_segment(7), last_segment(8, acting="ork")):     # the Orks yet to answer
        assert KNOWLEDGE.hunt(SPEC, state, "imperial", SPEC.legal_actions(state)) is None


@pytest.mark.rule("BFA-RET-6")
@pytest.mark.rule("BFA-RET-8")
def test_in_the_last_turn_the_stacks_the_odds_do_not_need_wait_to_strike_where_ghazghkull_retreats():
    # the Titans' 18 against his 6 is 3-1 alone; the Guard Army's 4 and the Hive Gang's 1 leave
    # it 3-1. A 4 drives him out (DR) into Cinder Gate, the one area free of Imperial counters,
    # and the Guard Army in Infernus stands beside it: held back, it destroys him there
    layout = {"Sulphur Wastes": ["im_titan_1", "im_titan_2"], "Infernus": ["im_guard_1"],
              "Slag Marsh": ["im_gang_infernus_1"]}

    def hunted(turn: int) -> tuple:
        state = f.combat(f.table(layout, WARLORD, turn=turn, dice=[4, 1]), "imperial")
        hard, chosen = _hard(), []
        while SPEC.active(state) == "imperial":
            action = hard.choose(state, "imperial")
            chosen.append(action)
            state = f.play(state, action)
        return chosen, f.where(state, "ork_ghazghkull")

    chosen, where = hunted(8)
    assert chosen == [("attack", "Infernus Wastes"), ("area", "Sulphur Wastes"), ("roll",),
                      ("attack", "Cinder Gate"), ("roll",)]
    assert where in ("Eliminated", "Out of play")
    # earlier every stack joins the first blow, and he lives where he retreated to
    chosen, where = hunted(7)
    assert [a for a in chosen if a[0] == "area"] == [("area", "Infernus"), ("area", "Slag Marsh"),
                                                     ("area", "Sulphur Wastes")]
    assert where == "Cinder Gate"


@pytest.mark.rule("BFA-STR-2")
@pytest.mark.rule("BFA-VIC-7")
def test_in_the_last_turn_the_imperium_plans_to_move_then_fight_twice_while_ghazghkull_lives():
    def strategy(turn: int, gone: bool = False) -> dict:
        state = f.started()
        state["turn"] = turn
        if gone:
            f.put(state, "ork_ghazghkull", f.ELIMINATED)
        return state

    hard = _hard()
    last = strategy(8)
    assert hard.choose(last, "imperial") == ("card", "im_s_advance")                # movement, combat
    last = f.play(last, ("card", "im_s_advance"))
    assert hard.choose(last, "imperial") == ("card", "im_s_counter_attack")         # combat, movement
    # before the last turn, or with him gone, the cards are the basic player's (build first)
    basic = BOTS["basic"].make(SPEC, 5)
    for state in (strategy(7), strategy(8, gone=True)):
        assert hard.choose(state, "imperial") == basic.choose(state, "imperial") == ("card", "im_s_mobilise")


@pytest.mark.rule("BFA-VIC-7")
def test_the_imperium_s_last_combat_phase_strikes_ghazghkull_at_any_odds_unless_the_orks_may_yet_win():
    # a Titan's 9 against his 6 is 1-1; the Imperium's second card, Counter-Attack, in segment 3
    # of turn 8: no combat phase of its own follows, only the Orks' fourth segment
    def third_segment(orks_hold: tuple = ()) -> dict:
        state = f.combat(f.table({"Sulphur Wastes": ["im_titan_1"]},
                                 dict(WARLORD, **{hive: ["ork_goff_boyz_%d" % (i + 1)]
                                                  for i, hive in enumerate(orks_hold)}),
                                 ruins=orks_hold, turn=8), "imperial")
        state["segment"] = dict(state["segment"], n=3, card="im_s_counter_attack", step=1)
        return state
    state = third_segment()
    assert KNOWLEDGE.hunt(SPEC, state, "imperial", SPEC.legal_actions(state)) == ("attack", "Infernus Wastes")
    # with two hives theirs the Orks' segment may take the third: the blow waits for the search
    state = third_segment(("Hades", "Tartarus"))
    assert KNOWLEDGE.hunt(SPEC, state, "imperial", SPEC.legal_actions(state)) is None
    # Advance's combat in segment 3 with Counter-Attack still face down: not the last
    state = third_segment()
    state["segment"] = dict(state["segment"], card="im_s_advance", step=2)
    state["plan"]["imperial"] = ["im_s_counter_attack"]
    assert KNOWLEDGE.hunt(SPEC, state, "imperial", SPEC.legal_actions(state)) is None


@pytest.mark.rule("BFA-CBT-9")
@pytest.mark.rule("BFA-CBT-12")
def test_the_orks_muster_a_tribe_beside_a_hive_toward_three_to_one():
    # Infernus defends with its hive's 2: the Goff Boyz's 5 beside it is 2-1, and at the hive's -2
    # only a 6 drives the defenders out; the Goff Nobz (6, two moves) make it 11, 3-1 and up
    state = f.phase(f.table({}, {"Sulphur Wastes": ["ork_goff_boyz_1"], "Warband Camp": ["ork_goff_nobz_1"]}),
                    "ork", "movement")
    actions = SPEC.legal_actions(state)
    move = KNOWLEDGE.obvious(SPEC, state, "ork", KNOWLEDGE.root_order(SPEC, state, actions, "ork"), set(), None)
    board = bfa.board_of(state)
    assert move[:2] == ("move", "ork_goff_nobz_1") and move[2] in board.land_adj["Infernus"]
    # the Imperium's movement is never mustered
    assert KNOWLEDGE.obvious(SPEC, state, "imperial", [(a, 1.0) for a in actions], set(), None) is None
