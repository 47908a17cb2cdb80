"""Combat phases through the contract: attacks by stacks, odds, modifiers, results (BFA-CBT-*)."""
from __future__ import annotations

import pytest

from game.core.contract import IllegalAction
from game.rules.armageddon import SPEC, api

from .fighting import attack, combat, events, play, step, table, where

rule = pytest.mark.rule

GOFFS_RED = ["ork_ghazghkull", "ork_goff_nobz_1", "ork_goff_battlewagons_1"]
GOFFS_CAMP = ["ork_goff_boyz_1", "ork_goff_dreadnoughts_1"]
DEFENDERS = ["im_guard_3", "im_rough_riders_2"]


def example(dice=(), turn=2, **more):
    """The book's combat example on our map (examples.json), the Orks to attack."""
    state = table({"Cinder Gate": DEFENDERS},
                  {"Redweed Marsh": GOFFS_RED, "Warband Camp": GOFFS_CAMP,
                   "Stygies Springs": ["ork_bad_moon_boyz_1", "ork_bad_moon_boyz_2"]},
                  turn=turn, dice=dice, hands={"imperial": [], "ork": []}, **more)
    return combat(state, "ork")


@rule("BFA-CBT-23")
@rule("BFA-CBT-22")
@rule("BFA-CBT-10")
@rule("BFA-CBT-11")
@rule("BFA-CBT-12")
@rule("BFA-CBT-16")
@rule("BFA-CBT-20")
@rule("BFA-CBT-21")
def test_the_books_combat_example_2_is_ex_then_ghazghkulls_reroll_of_6_is_de():
    state = attack(example(dice=[2, 6]), "Cinder Gate", "Redweed Marsh", "Warband Camp")
    assert step(state) == "bfa_battle" and SPEC.active(state) == "ork"
    frame = api.current_battle(state)
    b = frame["battle"]
    assert (b["attack"], b["defence"], b["odds"], b["modifier"]) == (29, 6, "4-1", 0)
    assert (b["roll"], b["result"]) == (2, "EX")
    assert set(SPEC.legal_actions(state)) == {("reroll",), ("accept",)}
    state = play(state, ("reroll",))
    again = events(state, "reroll")[-1]
    assert (again["by"], again["first"], again["first_result"], again["clause"]) == ("ork_ghazghkull", 2, "EX", "BFA-CBT-22")
    assert again["side"] == "ork"                                  # the log's colour and the banner's side
    assert SPEC.view(state, "imperial")["dice"]["text"] == "Ghazghkull rolls again"      # the dice tray's caption
    battle = events(state, "battle")[-1]
    assert (battle["rolls"], battle["roll"], battle["result"]) == ([2, 6], 6, "DE")
    assert battle["odds"] == "4-1" and battle["modifiers"] == []     # only Redweed Marsh crosses the Diablo
    assert all(where(state, c) == "Out of play" or where(state, c) == "Eliminated" for c in DEFENDERS)
    # DE: the counters that move 2 or more may advance; Boyz and Dreadnoughts (move 1) may not.
    assert set(SPEC.legal_actions(state)) == {("advance", c) for c in GOFFS_RED} | {("done",)}
    state = play(state, ("advance", "ork_ghazghkull"), ("advance", "ork_goff_nobz_1"), ("done",))
    assert where(state, "ork_ghazghkull") == "Cinder Gate" and where(state, "ork_goff_nobz_1") == "Cinder Gate"
    assert [e["path"] for e in events(state, "advance")] == [["Redweed Marsh", "Cinder Gate"]] * 2


@rule("BFA-CBT-19")
@rule("BFA-CBT-18")
@rule("BFA-ACT-4")
@rule("BFA-AMBIG-11")
def test_an_exchange_takes_one_counter_from_every_attacking_stack_and_the_defender_then_he_retreats():
    state = attack(example(dice=[2]), "Cinder Gate", "Redweed Marsh", "Warband Camp")
    state = play(state, ("accept",))
    # The Ork player picks the loss of each attacking stack, Redweed Marsh first.
    assert SPEC.active(state) == "ork"
    assert set(SPEC.legal_actions(state)) == {("lose", c) for c in GOFFS_RED}
    assert SPEC.explain(state, ("lose", "ork_goff_boyz_1")) == (          # Warband Camp's loss comes next
        "the loss comes from the stack in Redweed Marsh, chosen by its owner", "BFA-CBT-18")
    assert SPEC.explain(state, ("buy", "im_guard_1")) == ("it is not one of the choices now", None)   # no rule to cite
    state = play(state, ("lose", "ork_goff_battlewagons_1"), ("lose", "ork_goff_boyz_1"))
    # Then the Imperial player picks his own loss, and the survivor retreats.
    assert SPEC.active(state) == "imperial"
    assert set(SPEC.legal_actions(state)) == {("lose", c) for c in DEFENDERS}
    state = play(state, ("lose", "im_rough_riders_2"))
    assert SPEC.active(state) == "imperial"
    moves = SPEC.legal_actions(state)
    assert moves and all(a[0] == "retreat" and a[1] == "im_guard_3" for a in moves)
    assert SPEC.view(state, "imperial")["prompt"].startswith("Retreat each counter one area")
    assert ("retreat", "im_guard_3", "Ghostfields") in moves
    state = play(state, ("retreat", "im_guard_3", "Ghostfields"))
    lost = {e["counter"] for e in events(state, "eliminated")}
    assert lost == {"ork_goff_battlewagons_1", "ork_goff_boyz_1", "im_rough_riders_2"}
    assert where(state, "im_guard_3") == "Ghostfields"


@rule("BFA-CBT-9")
@rule("BFA-CBT-8")
def test_stacks_of_different_tribes_never_combine_in_one_attack():
    state = play(example(), ("attack", "Cinder Gate"), ("area", "Redweed Marsh"))
    offered = {a[1] for a in SPEC.legal_actions(state) if a[0] == "area"}
    assert offered == {"Redweed Marsh", "Warband Camp"}          # not the Bad Moons of Stygies Springs
    with pytest.raises(IllegalAction) as err:
        SPEC.apply(state, ("area", "Stygies Springs"))
    assert err.value.clause == "BFA-CBT-9"


@rule("BFA-CBT-2")
@rule("BFA-CBT-5")
def test_only_enemy_areas_next_to_a_stack_are_targets_and_attacking_is_optional():
    state = example()
    # Infernus: an intact hive is an Imperial counter even with no unit in it (BFA-GAP-16).
    assert SPEC.legal_actions(state) == [("attack", "Cinder Gate"), ("attack", "Infernus"), ("done",)]
    assert SPEC.explain(state, ("attack", "Hades")) == (
        "you may only attack an enemy area next to one of your stacks that has not attacked yet", "BFA-CBT-2")
    state = play(state, ("done",))
    assert step(state) == "turn" and not events(state, "battle")


@rule("BFA-CBT-7")
@rule("BFA-CBT-1")
@rule("BFA-CBT-6")
def test_an_area_is_attacked_once_a_phase_and_each_stack_attacks_once():
    state = table({"Cinder Gate": ["im_guard_3"], "Infernus": ["im_guard_6"]},
                  {"Redweed Marsh": GOFFS_RED, "Warband Camp": GOFFS_CAMP}, dice=[3, 3],
                  hands={"imperial": [], "ork": []})
    state = combat(state, "ork")
    state = attack(state, "Cinder Gate", "Warband Camp")           # 12 v 4: 3-1, a 3 is EX
    assert SPEC.active(state) == "ork"
    while step(state) == "bfa_battle":                               # carry out the result
        state = play(state, SPEC.legal_actions(state)[0])
    assert state["attacked"] == ["Cinder Gate"]
    targets = {a[1] for a in SPEC.legal_actions(state) if a[0] == "attack"}
    assert "Cinder Gate" not in targets
    # Warband Camp has attacked: only Redweed Marsh may attack Infernus.
    state = play(state, ("attack", "Infernus"))
    assert {a[1] for a in SPEC.legal_actions(state) if a[0] == "area"} == {"Redweed Marsh"}


@rule("BFA-CBT-3")
@rule("BFA-CBT-4")
def test_every_counter_of_a_stack_attacks_and_the_whole_enemy_stack_defends():
    state = attack(example(dice=[6]), "Cinder Gate", "Warband Camp")
    b = events(state, "battle")[-1]
    assert b["attack"] == 5 + 6 and b["defence"] == 4 + 2
    assert all(c in state["combat"]["fought"] for c in GOFFS_CAMP)


@rule("BFA-CBT-13")
@rule("BFA-AMBIG-10")
@rule("BFA-GAP-12")
def test_odds_below_even_round_in_the_defenders_favour():
    assert api.odds(12, 4) == "3-1" and api.odds(11, 4) == "2-1"
    assert api.odds(29, 6) == "4-1" and api.odds(30, 6) == "5-1"
    assert api.odds(4, 12) == "1-3" and api.odds(5, 12) == "1-3" and api.odds(6, 12) == "1-2"
    assert api.odds(1, 9) == "1-3" and api.odds(60, 6) == "6-1"


@rule("BFA-CBT-14")
@rule("BFA-CBT-15")
@rule("BFA-GAP-13")
def test_attacking_across_a_river_from_every_stack_is_minus_one():
    state = attack(example(dice=[5]), "Cinder Gate", "Redweed Marsh")     # 18 v 6: 3-1
    state = play(state, ("accept",))
    b = events(state, "battle")[-1]
    assert [m["id"] for m in b["modifiers"]] == ["river"] and b["modified"] == 4
    assert b["odds"] == "3-1" and b["result"] == "DR"                         # 4 on 3-1, not DL
    assert state["dice"]["values"] == [5] and state["dice"]["sides"] == 6    # the tray shows one d6
    from game.rules.armageddon import board as boards
    assert boards.of(state).river("Cinder Gate", "Redweed Marsh") == "Diablo"   # named as on the map



@rule("BFA-CBT-16")
@rule("BFA-GAP-3")
def test_a_game_on_an_edited_map_fights_by_that_map_s_rivers(tmp_path):
    # The player's copy of the map with the Diablo's reach between Redweed Marsh and Cinder Gate
    # deleted in Tiled: the same attack as above crosses no river there, so a 5 stays a 5 (DL).
    import re

    from game.boards.copying import copy_map_for_editing
    from game.rules.armageddon import board as boards
    path = copy_map_for_editing(boards.resolve(None), tmp_path)
    text = path.read_text(encoding="utf-8")
    reach = r'<object id="\d+" name="Diablo" type="river"[^>]*>\s*<properties>\s*' \
            r'<property name="from" value="Redweed Marsh"/>\s*<property name="to" value="Cinder Gate"/>.*?</object>'
    edited, found = re.subn(reach, "", text, count=1, flags=re.S)
    assert found == 1
    path.write_text(edited, encoding="utf-8")
    state = example(dice=[5], options={"map": str(path)})
    assert boards.of(state).river("Redweed Marsh", "Cinder Gate") is None
    boards.BOARDS.forget_files()                      # read again from the state's map, not the shipped one
    assert boards.of(state).river("Redweed Marsh", "Cinder Gate") is None
    state = play(attack(state, "Cinder Gate", "Redweed Marsh"), ("accept",))
    b = events(state, "battle")[-1]
    assert b["modifiers"] == [] and (b["modified"], b["result"]) == (5, "DL")
    assert SPEC.view(state, "ork")["battle"]["task"] == "lose"           # what the battle waits for now


@rule("BFA-CBT-17")
@rule("BFA-GAP-13")
def test_a_modified_roll_is_kept_within_1_and_6():
    # Into Infernus (industrial -2) across the Diablo (-1), Yarrick defending (-1): a 2 is kept at 1.
    state = table({"Infernus": ["im_guard_6", "im_yarrick"]}, {"Redweed Marsh": GOFFS_RED}, dice=[2],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Infernus", "Redweed Marsh")
    # at -4 even a 6 is a 2, no better here than a 1: Ghazghkull's re-roll is not offered (BFA-CBT-22)
    assert ("accept",) not in SPEC.legal_actions(state)
    b = events(state, "battle")[-1]
    assert b["modifiers"] == [{"id": "river", "die": -1, "text": "every attacker crosses a river"},
                              {"id": "terrain", "die": -2, "text": "attacking into industrial area (hive)"},
                              {"id": "yarrick", "die": -1, "text": "Commissar Yarrick defends"}]
    assert b["roll"] == 2 and b["modified"] == 1
    preview = api.battle_preview(state, "Infernus", ["Redweed Marsh"], "ork")      # the window's odds line
    assert [(m["id"], m["clause"]) for m in preview["modifiers"]] == [
        ("river", "BFA-CBT-16"), ("terrain", "BFA-GAP-4"), ("yarrick", "BFA-GAP-14")]


@rule("BFA-GAP-14")
def test_dante_adds_one_to_the_attacks_he_joins():
    state = table({"Stygies Springs": ["im_dante", "im_guard_1"]}, {"Warband Camp": ["ork_goff_boyz_1"]},
                  dice=[1], hands={"imperial": [], "ork": []})
    state = attack(combat(state, "imperial"), "Warband Camp", "Stygies Springs")
    b = events(state, "battle")[-1]
    assert b["modifiers"] == [{"id": "dante", "die": 1, "text": "Commander Dante attacks"}] and b["modified"] == 2
    preview = api.battle_preview(state, "Warband Camp", ["Stygies Springs"], "imperial")
    assert [(m["id"], m["die"], m["clause"]) for m in preview["modifiers"]] == [("dante", 1, "BFA-GAP-14")]


@rule("BFA-GAP-14")
def test_ghazghkulls_reroll_is_once_a_phase_and_only_where_he_attacks():
    state = table({"Cinder Gate": ["im_guard_3"], "Infernus": ["im_guard_6"]},
                  {"Redweed Marsh": GOFFS_RED, "Warband Camp": GOFFS_CAMP}, dice=[1, 1, 1],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")   # no Ghazghkull: no question
    assert ("reroll",) not in SPEC.legal_actions(state)
    while step(state) == "bfa_battle":
        state = play(state, SPEC.legal_actions(state)[0])
    state = attack(state, "Infernus", "Redweed Marsh")
    assert set(SPEC.legal_actions(state)) == {("reroll",), ("accept",)}
    state = play(state, ("reroll",))
    assert state["combat"]["reroll_used"] is True
    assert events(state, "reroll")[-1]["first"] == 1


@rule("BFA-GAP-12")
def test_attacker_eliminated_and_attacker_retreats():
    state = table({"Cinder Gate": ["im_guard_1", "im_guard_2", "im_titan_1"]},
                  {"Warband Camp": ["ork_goff_boyz_1"]}, dice=[1], hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")     # 5 v 19: 1-3, 1 is AE
    assert where(state, "ork_goff_boyz_1") == "Eliminated"
    state = table({"Cinder Gate": ["im_guard_1", "im_guard_2"]},
                  {"Warband Camp": ["ork_goff_boyz_1", "ork_goff_boyz_2"]}, dice=[4],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")     # 10 v 10: 1-1, 4 is NE
    assert events(state, "battle")[-1]["result"] == "NE" and step(state) == "turn"
    state = table({"Cinder Gate": ["im_guard_1", "im_guard_2"]},
                  {"Warband Camp": ["ork_goff_boyz_1"]}, dice=[3], hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")     # 5 v 10: 1-2, 3 is AR
    assert events(state, "battle")[-1]["result"] == "AR"
    assert SPEC.active(state) == "ork" and all(a[0] == "retreat" for a in SPEC.legal_actions(state))
    assert {a[2] for a in SPEC.legal_actions(state)} <= {"Black Scrub", "Krater Fields", "Redweed Marsh",
                                                         "Scorched Plain", "Stygies Springs"}


@rule("BFA-GAP-12")
def test_defender_loses_one_and_the_rest_retreat():
    state = table({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]},
                  {"Warband Camp": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_2"]}, dice=[5],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")    # 16 v 6: 2-1, 5 is DR
    assert events(state, "battle")[-1]["result"] == "DR"
    state = table({"Cinder Gate": ["im_guard_3", "im_rough_riders_2"]},
                  {"Warband Camp": ["ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_nobz_2"]}, dice=[6],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")    # 2-1, 6 is DL
    assert events(state, "battle")[-1]["result"] == "DL"
    assert set(SPEC.legal_actions(state)) == {("lose", "im_guard_3"), ("lose", "im_rough_riders_2")}


@rule("BFA-GAP-15")
def test_no_advance_while_an_enemy_counter_stays_and_advancers_obey_stacking():
    state = attack(example(dice=[6]), "Cinder Gate", "Redweed Marsh", "Warband Camp")
    # 6 on 4-1 is DE at once: no second roll could do better, so Ghazghkull's is not offered.
    assert events(state, "battle")[-1]["result"] == "DE" and ("reroll",) not in SPEC.legal_actions(state)
    state = play(state, ("advance", "ork_goff_nobz_1"), ("advance", "ork_goff_battlewagons_1"))
    # Ghazghkull is outside the limit, so he may still come; the stack holds 2 of 3.
    assert ("advance", "ork_ghazghkull") in SPEC.legal_actions(state)


@rule("BFA-GAP-12")
def test_the_preview_is_worked_out_on_request_and_never_kept():
    state = example()
    before = repr(state)
    p = api.battle_preview(state, "Cinder Gate", ["Redweed Marsh", "Warband Camp"])
    assert repr(state) == before
    assert (p["attack"], p["defence"], p["odds"]) == (29, 6, "4-1")
    assert p["exact"] == {"EX": "1/3", "DR": "1/6", "DL": "1/6", "DE": "1/3"}
    assert abs(sum(p["chances"].values()) - 1) < 1e-9
    assert p["rows"][2] == "EX" and p["rows"][6] == "DE"
    # the view carries the same preview while the stacks are being chosen, and none once rolled
    state = play(state, ("attack", "Cinder Gate"), ("area", "Redweed Marsh"), ("area", "Warband Camp"))
    shown = SPEC.view(state, "ork")["battle"]
    assert shown["stage"] == "declare" and shown["preview"]["exact"] == p["exact"]
    state = play(state, ("roll",))
    assert "preview" not in SPEC.view(state, "ork")["battle"]


@rule("BFA-CBT-6")
def test_each_battle_ends_with_one_event_that_sums_up_its_losses_retreats_and_advance():
    state = attack(example(dice=[2]), "Cinder Gate", "Redweed Marsh", "Warband Camp")
    state = play(state, ("accept",), ("lose", "ork_goff_nobz_1"), ("lose", "ork_goff_boyz_1"),
                 ("lose", "im_guard_3"), ("retreat", "im_rough_riders_2", "Ghostfields"),
                 ("advance", "ork_ghazghkull"), ("done",))
    over = events(state, "battle_over")[-1]
    assert over["result"] == "EX" and over["target"] == "Cinder Gate"
    assert over["losses"] == {"imperial": ["im_guard_3"], "ork": ["ork_goff_nobz_1", "ork_goff_boyz_1"]}
    assert over["retreats"] == [["Cinder Gate", "Ghostfields", "im_rough_riders_2"]]
    assert over["advanced"] == ["ork_ghazghkull"] and over["fallen"] == [] and step(state) == "bfa_combat"


@rule("BFA-ACT-3")
@rule("BFA-FTS-2")
def test_a_revealed_combat_card_opens_a_combat_phase_in_the_segment():
    from .fighting import started
    state = started()
    for card in ("im_s_advance", "im_s_counter_attack", "ork_s_krump", "ork_s_waaagh"):
        state = play(state, ("card", card))
    while step(state) == "bfa_phase_card":                # any card offered at the phase's start: decline
        state = play(state, ("decline",))
    assert step(state) == "bfa_combat" and SPEC.active(state) == "ork"
    target = next(a[1] for a in SPEC.legal_actions(state) if a[0] == "attack")
    p = api.battle_preview(state, target, [a for a in api.board_of(state).adj[target]
                                           if any(c.startswith("ork") for c in state["stacks"].get(a, []))][:1])
    surprise = [m for m in p["modifiers"] if m["id"] == "first_turn_surprise"]
    assert surprise == [{"id": "first_turn_surprise", "die": 1, "clause": "BFA-FTS-2", "text": "first-turn surprise"}]


@rule("BFA-CBT-1")
@rule("BFA-CBT-7")
def test_a_stack_of_attack_one_may_attack_and_an_area_attacked_is_open_again_next_phase():
    # Hive Gangs (1-2-1) next to Warband Camp: the lowest attack still attacks (BFA-CBT-1)
    state = table({"Stygies Springs": ["im_gang_hades_1"]}, {"Warband Camp": ["ork_goff_boyz_1"]},
                  dice=[1, 1], hands={"imperial": [], "ork": []})
    state = combat(state, "imperial")
    assert ("attack", "Warband Camp") in SPEC.legal_actions(state)
    declared = play(state, ("attack", "Warband Camp"))
    assert ("area", "Stygies Springs") in SPEC.legal_actions(declared)       # the gang may join the attack
    assert api.battle_preview(state, "Warband Camp", ["Stygies Springs"], "imperial")["attack"] == 1
    # Goffs from Warband Camp attack a Titan in Cinder Gate and are thrown back; the Goffs in Redweed
    # Marsh may still attack Infernus but not Cinder Gate in that phase (BFA-CBT-7); in the next
    # combat phase Cinder Gate is open again
    state = table({"Cinder Gate": ["im_titan_1"], "Infernus": ["im_guard_6"]},
                  {"Redweed Marsh": GOFFS_RED, "Warband Camp": GOFFS_CAMP}, dice=[1, 1, 1, 1],
                  hands={"imperial": [], "ork": []})
    state = attack(combat(state, "ork"), "Cinder Gate", "Warband Camp")
    while step(state) == "bfa_battle":
        state = play(state, SPEC.legal_actions(state)[0])
    legal = SPEC.legal_actions(state)
    assert ("attack", "Infernus") in legal and ("attack", "Cinder Gate") not in legal
    state = combat(state, "ork", same=True)
    assert ("attack", "Cinder Gate") in SPEC.legal_actions(state)
