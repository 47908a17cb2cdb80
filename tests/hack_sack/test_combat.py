"""Combat: who attacks whom, odds, column shifts, the die and the results (section VIII)."""
from __future__ import annotations

import pytest

from game.rules.hack_sack import SPEC, counters, data, odds, pieces
from game.rules.hack_sack import board as boards

from .helpers import duel, empty, fighting, play, put, refused, step, where

rule = pytest.mark.rule


def fight(s, attackers, defenders):
    """Choose attackers and defenders and resolve."""
    acts = [("attacker", a) for a in attackers] + [("defender", d) for d in defenders] + [("resolve",)]
    return play(s, *acts)


# -- the book's odds examples -----------------------------------------------------------------------------
@rule("HSNJ-CBT-18")
@rule("HSNJ-CBT-10")
def test_book_examples():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), guard1=(4, 4), cow1=(3, 5))
    assert odds.battle(s, ["samurai1"], ["bikers1"])["odds"] == 2                 # example 1
    assert odds.battle(s, ["samurai1"], ["guard1", "cow1"])["odds"] == -1          # example 2


@rule("HSNJ-CBT-9")
@rule("HSNJ-UNI-2")
@rule("HSNJ-CBT-11")
def test_totals_use_attack_and_defend():
    s = duel("chariot1", (4, 5), "nra1", (5, 5), legion1=(5, 6))
    b = odds.battle(s, ["chariot1", "legion1"], ["nra1"])
    assert (b["attack"], b["defend"], b["odds"]) == (5, 3, 1)
    assert odds.odds_number(3, 3) == 1 and odds.odds_number(2, 5) == -2 and odds.odds_number(7, 2) == 3


@rule("HSNJ-CBT-12")
@rule("HSNJ-CBT-13")
def test_columns_and_clamps():
    assert odds.COLUMNS[odds.column_index(-4)] == "Worse"
    assert odds.COLUMNS[odds.column_index(6)] == "Better"
    assert odds.COLUMNS[odds.shift_column(odds.column_index(1), -1)] == "-1"
    assert odds.COLUMNS[odds.shift_column(odds.column_index(-1), 1)] == "1"
    assert odds.COLUMNS[odds.shift_column(odds.column_index(9), 1)] == "Better"


# -- column shifts ------------------------------------------------------------------------------------------
def shift(s, attackers, defenders):
    return odds.battle(s, attackers, defenders)["column"]


@rule("HSNJ-KRY-3")
@rule("HSNJ-KRY-4")
@rule("HSNJ-CBT-14")
def test_centurion_gives_one_column():
    s = duel("legion1", (4, 5), "lawyer1", (5, 5), centurion1=(3, 5))
    assert shift(s, ["legion1"], ["lawyer1"]) == "3"            # odds 2, one better
    s = duel("legion1", (4, 5), "nra1", (5, 5), centurion1=(3, 5))   # defending Krylons too
    assert shift(s, ["nra1"], ["legion1"]) == "-1"              # Jerseyite odds 1 -> one worse for them


@rule("HSNJ-GAP-10")
@rule("HSNJ-KRY-3")
def test_a_power_blackout_silences_the_leaders():
    s = duel("legion1", (4, 5), "lawyer1", (5, 5), centurion1=(3, 5))
    s["condition"] = {"key": "power_blackout", "roll": 12}       # no_leaders: no Centurion's column
    assert shift(s, ["legion1"], ["lawyer1"]) == "2"


@rule("HSNJ-KRY-6")
@rule("HSNJ-KRY-7")
def test_centurions_not_cumulative_and_not_when_confused():
    s = duel("legion1", (4, 5), "lawyer1", (5, 5), centurion1=(3, 5), centurion2=(4, 6))
    assert shift(s, ["legion1"], ["lawyer1"]) == "3"
    pieces.unit(s, "centurion1")["confused"] = True
    pieces.unit(s, "centurion2")["confused"] = True
    assert shift(s, ["legion1"], ["lawyer1"]) == "2"


@rule("HSNJ-KRY-5")
def test_centurion_aboard_frigate_helps_only_the_frigate():
    s = duel("star_frigate1", (4, 5), "escort1", (5, 5), legion1=(3, 5))
    pieces.unit(s, "centurion1").update(where="ship", ship="star_frigate1")
    assert shift(s, ["star_frigate1"], ["escort1"]) == "2"      # 2 vs 2 = 1, +1
    s2 = duel("legion1", (4, 5), "lawyer1", (5, 5), star_frigate1=(3, 5))
    pieces.unit(s2, "centurion1").update(where="ship", ship="star_frigate1")
    assert shift(s2, ["legion1"], ["lawyer1"]) == "2"           # no help to units next to the Frigate


def second_accountant(s, h):
    """A second Accountant counter (the mix has one) standing in hex h."""
    counters.FIXED.setdefault("accountant2", dict(counters.FIXED["accountant1"], id="accountant2", name="Accountant 2"))
    s["units"]["accountant2"] = counters.new_row()
    put(s, "accountant2", h)


@rule("HSNJ-JER-10")
def test_several_accountants_shift_one_column_in_all():
    # Legion 2-2 on Bikers 2-1: odds 2; one Accountant or two, the Krylons fight on column 1.
    s = duel("legion1", (4, 5), "bikers1", (5, 5), dice=[4], accountant1=(4, 6))
    second_accountant(s, (3, 5))
    s = play(s, ("attacker", "legion1"), ("defender", "bikers1"))
    shown = SPEC.view(s, "krylon")["battle"]["odds"]
    assert shown["column"] == "1" and shown["reasons"] == ["Accountant +1 Jerseyite"]
    s = play(s, ("resolve",))                                   # column 1, roll 4: Dc
    assert s["last_battle"]["result"] == "Dc" and pieces.unit(s, "bikers1")["confused"]


@rule("HSNJ-JER-8")
def test_accountant_one_column_worse_for_krylons():
    s = duel("legion1", (4, 5), "bikers1", (5, 5), accountant1=(4, 6))   # Defend 1: odds 2 -> 1
    assert shift(s, ["legion1"], ["bikers1"]) == "1"
    s = duel("cossacks1", (4, 5), "bikers1", (5, 5), accountant1=(4, 6))
    assert shift(s, ["cossacks1"], ["bikers1"]) == "-1"                # odds 1 -> -1


@rule("HSNJ-JER-9")
def test_accountant_ignores_water_units():
    s = duel("trireme1", (8, 3), "uss_nj1", (9, 3), accountant1=(7, 3))
    assert shift(s, ["trireme1"], ["uss_nj1"]) == "-2"


@rule("HSNJ-JER-11")
@rule("HSNJ-JER-15")
@rule("HSNJ-JER-16")
def test_cancellations():
    s = duel("legion1", (4, 5), "bikers1", (5, 5), centurion1=(3, 5), accountant1=(4, 6))
    assert shift(s, ["legion1"], ["bikers1"]) == "2"           # Centurion and Accountant cancel
    s = duel("legion1", (4, 5), "bikers1", (5, 5), centurion1=(3, 5), bruce1=(6, 5))
    assert shift(s, ["legion1"], ["bikers1"]) == "2"           # Centurion and Bruce cancel
    s = duel("legion1", (4, 5), "bikers1", (5, 5), centurion1=(3, 5), bruce1=(6, 5), accountant1=(4, 6))
    assert shift(s, ["legion1"], ["bikers1"]) == "1"           # only the Accountant works


@rule("HSNJ-JER-12")
@rule("HSNJ-JER-14")
def test_bruce_one_column_better_for_jerseyites():
    s = duel("hopat_cong1", (5, 5), "phalanx1", (4, 5), side="jerseyite", bruce1=(6, 5))
    assert shift(s, ["hopat_cong1"], ["phalanx1"]) == "1"             # attack 2 vs 3: odds -1
    pieces.unit(s, "bruce1")["confused"] = True
    assert shift(s, ["hopat_cong1"], ["phalanx1"]) == "-1"


@rule("HSNJ-JER-13")
def test_bruce_aboard_cruiser():
    s = duel("cruiser1", (4, 5), "star_frigate1", (5, 5), side="jerseyite", nra1=(3, 5))
    pieces.unit(s, "bruce1").update(where="ship", ship="cruiser1")
    assert shift(s, ["cruiser1"], ["star_frigate1"]) == "-2"       # 1 vs 3 = -3, one better
    s2 = duel("nra1", (4, 5), "legion1", (5, 5), side="jerseyite", cruiser1=(3, 5))
    pieces.unit(s2, "bruce1").update(where="ship", ship="cruiser1")
    assert shift(s2, ["nra1"], ["legion1"]) == "1"                 # nothing for the NRA next door


@rule("HSNJ-JER-17")
def test_bruce_never_helps_the_cow():
    s = duel("cow1", (5, 5), "cossacks1", (4, 5), side="jerseyite", bruce1=(6, 5))
    assert shift(s, ["cow1"], ["cossacks1"]) == "1"


# -- the die and the table -----------------------------------------------------------------------------------
@rule("HSNJ-CBT-15")
@rule("HSNJ-RES-1")
@rule("HSNJ-RES-2")
@rule("HSNJ-VIC-1")
def test_defender_destroyed_scores_its_attack():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[6])
    draws = s["rng"]["draws"]
    s = fight(s, ["samurai1"], ["bikers1"])
    assert s["rng"]["draws"] == draws + 1
    assert where(s, "bikers1") == "dead" and s["vp"]["krylon"] == 2
    assert "Dx" in s["log"][0] and "[d6:6]" in s["log"][0]


@rule("HSNJ-CBT-17")
@pytest.mark.parametrize("roll", range(1, 7))
def test_the_table_entry_for_the_roll_in_the_final_column_is_what_happens(roll):
    # Samurai 2-2 on Guard 2-2 next to an Accountant: odds 1, shifted to -1. Each roll gets the
    # -1 column's entry, carried out on the units (not only named).
    s = duel("samurai1", (4, 5), "guard1", (5, 5), dice=[roll], accountant1=(4, 6),
             legion2=(8, 6), nra1=(8, 7))                    # a battle still owed keeps the phase open
    code = data.crt()["results"]["-1"][roll - 1]
    s = play(s, ("attacker", "samurai1"), ("defender", "guard1"), ("resolve",))
    assert s["last_battle"]["result"] == code
    loser = "guard1" if code.startswith("D") else "samurai1"
    u = pieces.unit(s, loser)
    if code == "nr":
        assert where(s, "samurai1") == (4, 5) and where(s, "guard1") == (5, 5)
        assert not pieces.unit(s, "samurai1")["confused"] and not pieces.unit(s, "guard1")["confused"]
    elif code.endswith("x"):
        assert u["where"] in ("dead", "pool")
    elif code.endswith("c"):
        assert step(s) == "combat" and u["confused"] and u["hex"] == ([5, 5] if loser == "guard1" else [4, 5])
    else:
        winner = (4, 5) if loser == "guard1" else (5, 5)
        if step(s) == "retreat":
            s = play(s, SPEC.legal_actions(s)[0])
        assert boards.distance(tuple(pieces.unit(s, loser)["hex"]), winner) == 1 + int(code[-1])


def test_a_battle_that_ends_the_phase_leaves_its_result_in_the_view():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[6])
    s = fight(s, ["samurai1"], ["bikers1"])            # the last battle: the phase moves on at once
    assert s["battle"] is None and s["phase"] != "krylon_combat"
    shown = SPEC.view(s, "krylon")["last_battle"]
    assert (shown["attackers"], shown["defenders"], shown["roll"], shown["result"], shown["number"]) == \
        (["samurai1"], ["bikers1"], 6, "Dx", 1)
    assert shown["odds"]["column"] == "2" and shown["odds"]["results"]["Dx"] > 0


@rule("HSNJ-CBT-16")
def test_city_takes_one_off_the_roll():
    s = duel("samurai1", (4, 5), "bikers1", (5, 4), dice=[6])         # (5,4) is a city
    s = fight(s, ["samurai1"], ["bikers1"])
    assert s["last_battle"]["result"] == "D-2"                              # column 2, roll 6-1=5
    assert odds.result_for("2", 1, True) == (1, "Ac")                 # never below 1


@rule("HSNJ-VIC-2")
@rule("HSNJ-JER-27")
def test_zero_attack_and_cow_score_nothing():
    s = duel("chariot1", (4, 5), "lawyer1", (5, 5), dice=[6])
    s = fight(s, ["chariot1"], ["lawyer1"])
    assert where(s, "lawyer1") == "dead" and s["vp"]["krylon"] == 0
    s = duel("chariot1", (4, 5), "cow1", (5, 5), dice=[6])
    s = fight(s, ["chariot1"], ["cow1"])
    assert where(s, "cow1") == "dead" and s["vp"]["krylon"] == 0


@rule("HSNJ-RES-3")
@rule("HSNJ-RES-4")
def test_defender_retreat_chosen_by_owner():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[4])         # column 2, 4: D-1
    s = fight(s, ["samurai1"], ["bikers1"])
    assert step(s) == "retreat" and SPEC.active(s) == "jerseyite"
    options = {tuple(a[1]) for a in SPEC.legal_actions(s)}
    assert options == {(6, 5), (6, 4), (5, 6)}                          # each one hex farther away
    s = play(s, ("hex", [6, 4]))
    assert where(s, "bikers1") == (6, 4)


@rule("HSNJ-RES-5")
def test_retreat_through_a_friend_to_an_empty_hex():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[5], nra1=(6, 5), nra2=(6, 4), nra3=(5, 6))
    s = fight(s, ["samurai1"], ["bikers1"])                              # D-2
    opts = {tuple(a[1]) for a in SPEC.legal_actions(s)}
    assert (7, 5) in opts and (6, 5) not in opts                         # past the NRA, not onto it


@rule("HSNJ-RES-6")
def test_no_way_out_destroys_and_scores():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[4], legion1=(6, 5), legion2=(6, 4),
             legion3=(5, 6))
    for uid in ("legion1", "legion2", "legion3"):          # they fought earlier this phase
        pieces.unit(s, uid)["attacked"] = True
    s = fight(s, ["samurai1"], ["bikers1"])
    assert where(s, "bikers1") == "dead" and s["vp"]["krylon"] == 2


@rule("HSNJ-RES-7")
@rule("HSNJ-JER-21")
def test_retreat_clears_confusion_and_breaks_a_senator_hold():
    s = duel("bikers1", (5, 5), "samurai1", (4, 5), side="jerseyite", dice=[4], senator1=(3, 6))
    pieces.unit(s, "samurai1")["confused"] = True
    s = fight(s, ["bikers1"], ["samurai1"])                              # 2 vs 2, col 1, 4: Dc (no)
    assert pieces.unit(s, "samurai1")["confused"]
    s = duel("nra1", (5, 5), "samurai1", (4, 5), side="jerseyite", dice=[5], senator1=(3, 6))
    pieces.unit(s, "samurai1")["confused"] = True
    s = fight(s, ["nra1"], ["samurai1"])                                 # col 1, 5: D-1
    if step(s) == "retreat":
        s = play(s, SPEC.legal_actions(s)[0])
    assert where(s, "samurai1") != (4, 5) and not pieces.unit(s, "samurai1")["confused"]


@rule("HSNJ-RES-8")
@rule("HSNJ-RES-9")
@rule("HSNJ-RES-10")
def test_confused_and_no_result():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[3], bikers2=(4, 6))
    pieces.unit(s, "bikers2")["confused"] = True
    s = fight(s, ["samurai1"], ["bikers1", "bikers2"])                  # 2 vs 2, col 1, 3: nr
    assert s["last_battle"]["result"] == "nr" and pieces.unit(s, "bikers2")["confused"]
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[4], bikers2=(4, 6))
    pieces.unit(s, "bikers2")["confused"] = True
    s = fight(s, ["samurai1"], ["bikers1", "bikers2"])                  # col 1, 4: Dc
    assert pieces.unit(s, "bikers1")["confused"] and pieces.unit(s, "bikers2")["confused"]
    assert sum("Confused: whoop" in line for line in s["log"]) == 1
    flags = {p["id"]: p["flags"] for p in SPEC.view(s, "krylon")["pieces"]}     # the marker on the counter
    assert flags["bikers1"] == ["confused"] and flags["samurai1"] == []


@rule("HSNJ-JER-26")
def test_cow_cannot_be_confused():
    s = duel("legion1", (4, 5), "cow1", (5, 5), dice=[4])                # col 2, 4: D-1? no: 2 vs 1
    s = fight(s, ["legion1"], ["cow1"])
    assert s["last_battle"]["result"] == "D-1"
    s = duel("legion1", (4, 5), "cow1", (5, 5), dice=[3])
    s = play(s, ("attacker", "legion1"), ("defender", "cow1"))
    assert "Dc" not in SPEC.view(s, None)["battle"]["odds"]["results"]                   # the preview promises nothing
    s = play(s, ("resolve",))
    assert s["last_battle"]["result"] == "nr" and not pieces.unit(s, "cow1")["confused"]
    assert "Dc, no result" in s["log"][-1] or any("Dc, no result" in line for line in s["log"])
    # Beside another loser the battle's Dc stands: the Bikers are Confused, the cow is not.
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[4], cow1=(4, 6))
    s = fight(s, ["samurai1"], ["bikers1", "cow1"])                     # 2 vs 2, col 1, 4: Dc
    assert s["last_battle"]["result"] == "Dc" and pieces.unit(s, "bikers1")["confused"]
    assert not pieces.unit(s, "cow1")["confused"]
    assert "jerseyite: Jersey Cow is too dim to be Confused: no result." in s["log"]


# -- who must and may attack -------------------------------------------------------------------------------------
@rule("HSNJ-CBT-1")
@rule("HSNJ-CBT-3")
def test_adjacent_units_must_attack():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5))
    assert ("done",) not in SPEC.legal_actions(s)
    why, clause = refused(s, ("done",))
    assert clause == "HSNJ-CBT-1" and "Samurai 1" in why


@rule("HSNJ-CBT-2")
@rule("HSNJ-UNI-3")
@rule("HSNJ-JER-18")
def test_attack_zero_never_attacks():
    s = duel("lawyer1", (5, 5), "samurai1", (4, 5), side="jerseyite", senator1=(4, 6))
    acts = SPEC.legal_actions(s)
    assert ("done",) in acts
    assert ("attacker", "lawyer1") not in acts and ("attacker", "senator1") not in acts
    assert refused(s, ("attacker", "senator1"))[1] == "HSNJ-UNI-3"


@rule("HSNJ-CBT-4")
@rule("HSNJ-CBT-5")
def test_several_attackers_and_several_defenders():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[1], legion1=(5, 6), bikers2=(4, 6))
    s = play(s, ("attacker", "samurai1"), ("attacker", "legion1"), ("defender", "bikers1"),
             ("defender", "bikers2"))
    preview = SPEC.view(s, None)["battle"]["odds"]
    assert preview["attack"] == 4 and preview["defend"] == 2
    s = play(s, ("resolve",))
    assert s["last_battle"]["odds"]["column"] == "2"


@rule("HSNJ-CBT-6")
@rule("HSNJ-KRY-9")
@rule("HSNJ-JER-29")
@rule("HSNJ-JER-30")
def test_unlike_types_cannot_attack():
    s = duel("star_frigate1", (4, 5), "bikers1", (5, 5))
    assert ("attacker", "star_frigate1") not in SPEC.legal_actions(s)
    assert refused(s, ("defender", "bikers1"))[1] == "HSNJ-CBT-6"
    assert ("done",) in SPEC.legal_actions(s)
    for space in ("cruiser1", "escort1"):
        s = duel(space, (5, 5), "legion1", (4, 5), side="jerseyite", star_frigate1=(5, 6))
        s = play(s, ("attacker", space))
        acts = SPEC.legal_actions(s)
        assert ("defender", "star_frigate1") in acts and ("defender", "legion1") not in acts
        assert refused(s, ("defender", "legion1"))[1] == "HSNJ-CBT-6"


@rule("HSNJ-KRY-8")
def test_longship_attacks_water_and_adjacent_land():
    s = duel("longship1", (8, 3), "nra1", (7, 3), uss_nj1=(9, 3))
    acts = SPEC.legal_actions(play(s, ("attacker", "longship1")))
    assert ("defender", "nra1") in acts and ("defender", "uss_nj1") in acts
    s = duel("trireme1", (8, 3), "nra1", (7, 3))
    assert ("attacker", "trireme1") not in SPEC.legal_actions(s)


@rule("HSNJ-KRY-2")
@rule("HSNJ-UNI-6")
@rule("HSNJ-CBT-7")
def test_catapult_range_two_is_optional():
    s = duel("catapult1", (3, 5), "bikers1", (5, 5))
    acts = SPEC.legal_actions(s)
    assert ("attacker", "catapult1") in acts and ("done",) in acts
    s = duel("catapult1", (2, 5), "bikers1", (5, 5))
    assert ("attacker", "catapult1") not in SPEC.legal_actions(s)


@rule("HSNJ-JER-28")
def test_uss_new_jersey_range_three():
    s = duel("uss_nj1", (9, 5), "legion1", (6, 5), side="jerseyite")
    assert ("defender", "legion1") in SPEC.legal_actions(play(s, ("attacker", "uss_nj1")))
    s = duel("uss_nj1", (9, 5), "legion1", (5, 5), side="jerseyite")
    assert ("attacker", "uss_nj1") not in SPEC.legal_actions(s)


@rule("HSNJ-CBT-8")
def test_ranged_attack_never_hurts_the_attacker():
    s = duel("catapult1", (3, 5), "nra1", (5, 5), dice=[1])            # 2 vs 3 = -1, roll 1: A-2
    s = fight(s, ["catapult1"], ["nra1"])
    assert s["last_battle"]["result"] == "nr" and where(s, "catapult1") == (3, 5)
    assert any("A-2, no result (fired from range)" in line for line in s["log"])
    assert "A-2" not in s["last_battle"]["odds"]["results"]
    assert step(s) != "retreat"


@rule("HSNJ-JER-6")
@rule("HSNJ-JER-7")
def test_lawyers_must_be_attacked():
    s = duel("legion1", (4, 5), "nra1", (5, 5), lawyer1=(4, 6), lawyer2=(3, 5))
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"))
    assert ("resolve",) not in SPEC.legal_actions(s)
    assert refused(s, ("resolve",))[1] == "HSNJ-JER-6"
    assert "must attack him (HSNJ-JER-6)" in SPEC.view(s, "krylon")["prompt"]     # why no Roll button
    s = play(s, ("defender", "nra1"), ("defender", "lawyer2"))          # the player's choice of Lawyer
    assert ("resolve",) in SPEC.legal_actions(s)


@rule("HSNJ-JER-25")
def test_cow_charges_the_weakest():
    s = empty([6])
    put(s, "cow1", (5, 5))
    put(s, "phalanx1", (4, 5))
    put(s, "cossacks1", (5, 6))
    s["phase"] = "jerseyite_combat"
    s["stack"] = [{"step": "turn", "then": "move"}, {"step": "move", "side": "jerseyite", "sel": None, "dest": None}]
    s = play(s, ("done",))                                                 # movement over
    assert any("charges Cossacks 1" in line for line in s["log"])
    assert where(s, "cossacks1") == "pool"                                 # 1 vs 1, roll 6: Dx


@rule("HSNJ-JER-25")
def test_the_cow_never_charges_a_jerseyite():
    s = empty([6])
    put(s, "cow1", (5, 5))
    put(s, "lawyer1", (4, 5))                      # a Jerseyite beside her too
    put(s, "phalanx1", (5, 6))
    s["phase"] = "jerseyite_combat"
    s["stack"] = [{"step": "turn", "then": "move"}, {"step": "move", "side": "jerseyite", "sel": None, "dest": None}]
    s = play(s, ("done",))
    assert any("charges Phalanx 1" in line for line in s["log"]) and where(s, "lawyer1") == (4, 5)


@rule("HSNJ-JER-25")
@rule("HSNJ-AMBIG-12")
@pytest.mark.parametrize("dice, picked", [([2, 6], "cossacks2"), ([5, 3, 1, 6], "cossacks1")])
def test_a_die_picks_between_the_cows_equally_weak_neighbours(dice, picked):
    # Two Cossacks, both defending 1: the die names one (sorted by id), a roll past them is rolled again.
    s = empty(dice)
    put(s, "cow1", (5, 5))
    put(s, "cossacks1", (4, 5))
    put(s, "cossacks2", (5, 6))
    s["phase"] = "jerseyite_combat"
    s["stack"] = [{"step": "turn", "then": "move"}, {"step": "move", "side": "jerseyite", "sel": None, "dest": None}]
    s = play(s, ("done",))
    assert any(f"charges Cossacks {picked[-1]}" in line for line in s["log"])
    assert where(s, picked) == "pool" and where(s, "cossacks1" if picked == "cossacks2" else "cossacks2") != "pool"


@rule("HSNJ-VIC-1")
def test_attackers_destroyed_score_for_defenders():
    s = duel("cossacks1", (4, 5), "nra1", (5, 5), dice=[1])               # 1 vs 3: -3, 1: Ax
    s = fight(s, ["cossacks1"], ["nra1"])
    assert where(s, "cossacks1") == "pool" and s["vp"]["jerseyite"] == 1


# -- readings of the ambiguous clauses ------------------------------------------------------------------------------
@rule("HSNJ-AMBIG-30")
def test_each_unit_fights_once_a_phase():
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[3], legion1=(5, 6), bikers2=(6, 5))
    s = fight(s, ["samurai1"], ["bikers1"])                              # col 2, 3: Dc
    acts = SPEC.legal_actions(s)
    assert ("attacker", "samurai1") not in acts and ("defender", "bikers1") not in acts
    assert ("attacker", "legion1") in acts


@rule("HSNJ-AMBIG-30")
def test_a_unit_that_fought_fights_again_in_its_next_combat_phase():
    s = fight(duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[3]), ["samurai1"], ["bikers1"])
    while s["phase"] != "krylon_movement":                   # on to the next turn; the Bikers fell back
        s = play(s, ("done",))
    put(s, "bikers1", (5, 5))
    s = play(s, ("done",))
    assert s["phase"] == "krylon_combat" and ("attacker", "samurai1") in SPEC.legal_actions(s)


@rule("HSNJ-AMBIG-37")
def test_mixed_range_battle_hurts_only_the_adjacent_attackers():
    s = duel("cossacks1", (4, 5), "nra1", (5, 5), dice=[1], catapult1=(3, 5))
    s = fight(s, ["cossacks1", "catapult1"], ["nra1"])                  # 3 vs 3: col 1, 1: A-1
    assert s["last_battle"]["result"] == "A-1"
    assert step(s) == "retreat" and s["stack"][-1]["queue"] == ["cossacks1"]
    s = play(s, SPEC.legal_actions(s)[0])
    assert where(s, "catapult1") == (3, 5) and where(s, "cossacks1") != (4, 5)


@rule("HSNJ-AMBIG-11")
@rule("HSNJ-AMBIG-15")
def test_cow_and_unable_units_create_no_duty():
    s = duel("legion1", (4, 5), "cow1", (5, 5), trireme1=(8, 3), lawyer1=(7, 3))
    assert ("done",) in SPEC.legal_actions(s)                          # the cow is optional
    assert ("attacker", "trireme1") not in SPEC.legal_actions(s)       # cannot reach the Lawyer


@rule("HSNJ-GAP-14")
def test_no_defence_fights_on_better():
    assert odds.odds_number(2, 0) is None and odds.COLUMNS[odds.column_index(None)] == "Better"


@rule("HSNJ-CBT-1")
def test_the_prompt_offers_end_combat_only_when_it_is_legal():
    s = duel("legion1", (4, 5), "nra1", (5, 5))
    assert "Must attack: Legion 1" in SPEC.view(s, "krylon")["prompt"]
    s = play(s, ("attacker", "legion1"))
    prompt = SPEC.view(s, "krylon")["prompt"]
    assert "Must attack" not in prompt and "End combat" not in prompt and ("done",) not in SPEC.legal_actions(s)
    s = duel("catapult1", (3, 5), "nra1", (5, 5))                   # a shot at range is a choice
    assert "End combat" in SPEC.view(s, "krylon")["prompt"] and ("done",) in SPEC.legal_actions(s)


@rule("HSNJ-RES-4")
@rule("HSNJ-RES-6")
def test_a_retreat_may_end_where_another_loser_stood():
    # The catapult (range 2) beats three Bikers at D-1. Bikers 1 may end only in (6, 4) or, once
    # Bikers 2 has gone, in the hex Bikers 2 leaves; Bikers 3 only in (6, 4). Every one can get out
    # if Bikers 1 waits for Bikers 2, so Bikers 1 is not offered (6, 4) while Bikers 2 stands there.
    s = duel("catapult1", (4, 5), "bikers1", (5, 5), dice=[6], bikers2=(6, 5), bikers3=(5, 4),
             legion1=(5, 6), legion2=(6, 3), legion3=(5, 3))
    for uid in ("legion1", "legion2", "legion3"):          # they fought earlier this phase
        pieces.unit(s, uid)["attacked"] = True
    s = fight(s, ["catapult1"], ["bikers1", "bikers2", "bikers3"])
    assert s["last_battle"]["result"] == "D-1" and step(s) == "retreat"
    offered = set(SPEC.legal_actions(s))
    assert ("unit", "bikers1") not in offered and ("unit", "bikers3") in offered
    s = play(s, ("hex", [7, 5]))                         # Bikers 2 first: now Bikers 1 has a choice
    assert set(SPEC.legal_actions(s)) == {("hex", (6, 5)), ("unit", "bikers3")}   # not (6, 4): Bikers 3's only way
    s = play(s, ("hex", [6, 5]))                         # Bikers 3, last, goes to its one hex by itself
    assert (where(s, "bikers2"), where(s, "bikers3"), where(s, "bikers1")) == ((7, 5), (6, 4), (6, 5))


@rule("HSNJ-JER-23")
@rule("HSNJ-JER-25")
def test_a_krylon_only_the_cow_can_reach_is_not_offered_as_a_defender():
    # Nobody controls the cow (she charges by herself): the Jerseyite player's battles are his
    # other units' only, so the Legion next to her alone is no target of his.
    s = empty()
    for uid, h in (("cow1", (4, 5)), ("legion1", (5, 5)), ("nra1", (1, 1)), ("samurai1", (2, 1))):
        put(s, uid, h)
    s = fighting(s, "jerseyite")
    assert set(SPEC.legal_actions(s)) == {("attacker", "nra1"), ("defender", "samurai1")}
