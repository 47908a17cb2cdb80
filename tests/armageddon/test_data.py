"""Battle for Armageddon's authored data checked against the book's stated facts (BFA-GAP-*)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.rules.armageddon import data

rule = pytest.mark.rule


def of_type(kind):
    return [c for c in data.counters().values() if c["type"] == kind]


def by_name(name):
    return next(c for c in data.counters().values() if c["name"] == name)


def ordinal_number(counter):
    return int("".join(ch for ch in counter["name"].split()[0] if ch.isdigit()))


@rule("BFA-GAP-1")
@rule("BFA-COM-1")
def test_there_are_145_counters_with_unique_ids_and_names():
    cs = data.counters()
    assert len(cs) == 145
    assert len({c["name"] for c in cs.values()}) == 145
    sides = [c["side"] for c in cs.values()]
    assert sides.count("imperial") == 100 and sides.count("ork") == 45


@rule("BFA-GAP-1")
@rule("BFA-COM-5")
def test_every_ork_counter_has_one_of_three_tribes_and_one_band_is_red():
    tribes = data.tribes()
    assert len(tribes) == 3
    assert "red" in {t["band"] for t in tribes.values()}        # the book's example band
    assert len({t["band"] for t in tribes.values()}) == 3
    for c in data.counters().values():
        assert (c.get("tribe") in tribes) == (c["side"] == "ork"), c["id"]


@rule("BFA-GAP-1")
@rule("BFA-COM-3")
def test_every_counter_has_three_whole_values():
    for c in data.counters().values():
        assert all(isinstance(c[k], int) and c[k] >= 0 for k in ("attack", "defence", "move")), c["id"]


@rule("BFA-GAP-1")
@rule("BFA-STK-3")
def test_exactly_the_named_special_counters_are_outside_the_stacking_limit():
    exempt = {c["type"] for c in data.counters().values() if data.stack_exempt(c["id"])}
    assert exempt == {"ghazghkull", "yarrick", "dante", "fortification", "factory", "hive", "marker"}
    assert by_name("Warlord Ghazghkull")["side"] == "ork"
    assert by_name("Commissar Yarrick")["side"] == "imperial"
    assert by_name("Commander Dante")["side"] == "imperial"


@rule("BFA-GAP-1")
@rule("BFA-IBL-6")
def test_guard_armies_run_from_the_1st_a_4_5_1_to_the_20th_a_2_3_1():
    armies = sorted(of_type("guard_army"), key=ordinal_number)
    assert [ordinal_number(a) for a in armies] == list(range(1, 21))
    values = [(a["attack"], a["defence"], a["move"]) for a in armies]
    assert values[0] == (4, 5, 1) and values[-1] == (2, 3, 1)
    strength = [a + d for a, d, _m in values]
    assert strength == sorted(strength, reverse=True)          # a lower number is never weaker
    assert len(set(values)) > 2                                 # they really differ


@rule("BFA-GAP-1")
@rule("BFA-CBT-23")
def test_the_combat_example_counters_have_the_books_values():
    ex = data.examples()["combat"]
    attackers = [cid for area in ex["attack"]["from"] for cid in ex["ork"][area]]
    cs = data.counters()
    assert sorted(cs[c]["attack"] for c in attackers) == [5, 6, 6, 6, 6]
    assert {cs[c]["tribe"] for c in attackers} == {"goff"}
    assert "ork_ghazghkull" in attackers
    assert by_name("3rd Guard Army")["defence"] + by_name("2nd Rough Riders")["defence"] == 6
    assert sorted([by_name("3rd Guard Army")["defence"], by_name("2nd Rough Riders")["defence"]]) == [2, 4]
    bad_moons = ex["ork"][ex["attack"]["not_allowed"][0]]
    assert {cs[c]["tribe"] for c in bad_moons} == {"bad_moon"}


@rule("BFA-GAP-1")
@rule("BFA-MOV-12")
def test_the_movement_example_counters_move_1_2_and_3():
    cs = data.counters()
    moves = data.examples()["movement"]["moves"]
    assert [cs[m["counter"]]["move"] for m in moves] == [1, 2, 3]
    assert [cs[m["counter"]]["type"] for m in moves] == ["gargant", "nobz", "battlewagons"]
    assert cs[moves[2]["counter"]]["tribe"] == "bad_moon"
    assert len({cs[m["counter"]]["tribe"] for m in moves[1:]}) == 1     # Nobz and battlewagons stack


@rule("BFA-GAP-7")
@rule("BFA-SET-1")
@rule("BFA-HIV-3")
def test_intact_hives_and_factories_give_the_starting_20_build_points():
    hives, factories = of_type("hive"), of_type("factory")
    assert sorted(h["name"] for h in hives) == sorted(data.HIVES)
    assert len(factories) >= 4
    assert data.build_points() == sum(c["defence"] for c in hives + factories) == 20
    assert data.build()["build_point_track"]["start"] == 20
    assert all(c["defence"] > 0 and c["move"] == 0 for c in hives + factories)


@rule("BFA-GAP-19")
def test_fortifications_are_imperial_immobile_and_all_set_up():
    forts = of_type("fortification")
    assert len(forts) == 6
    assert all(f["side"] == "imperial" and f["move"] == 0 and f["defence"] > 0 for f in forts)
    placed = {cid for ids in data.setup()["imperial"].values() for cid in ids}
    assert {f["id"] for f in forts} <= placed
    assert data.cost("fortification") is None


@rule("BFA-GAP-2")
@rule("BFA-COM-2")
@rule("BFA-STR-1")
def test_24_cards_in_four_decks_of_six():
    cards = data.cards()
    decks = [cards[k][side] for k in ("strategy", "special") for side in data.SIDES]
    assert [len(d) for d in decks] == [6, 6, 6, 6]
    assert len({c["id"] for d in decks for c in d}) == 24


@rule("BFA-GAP-8")
@rule("BFA-ACT-1")
def test_strategy_cards_list_two_phases_in_order():
    for side in data.SIDES:
        cards = data.strategy_cards(side)
        pairs = [tuple(c["phases"]) for c in cards]
        assert len(set(pairs)) == 6, side                       # six different plans
        assert ("movement", "combat") in pairs                  # the book's own example card
        assert ("combat", "combat") in pairs                    # "the extra combat phase(s)"
        assert any("build" in p for p in pairs), side           # both sides can build


@rule("BFA-GAP-11")
@rule("BFA-SPC-1")
def test_special_cards_have_a_timing_and_effects_the_rules_know():
    cards = data.cards()
    for side in data.SIDES:
        for card in data.special_cards(side):
            assert card["timing"] in cards["timings"]
            assert card["text"] and card["name"]
            for step in card["effect"]:
                assert step["op"] in data.OPS and step["op"] in cards["effects"]


@rule("BFA-GAP-11")
@rule("BFA-IBL-4")
def test_space_marines_arrive_only_by_card_and_are_never_built():
    deployed = {cid for card in data.special_cards("imperial") for step in card["effect"]
                for cid in step.get("counters", [])}
    marines = {c["id"] for c in of_type("space_marine_chapter")}
    assert marines <= deployed and "im_dante" in deployed
    placed = {cid for ids in data.setup()["imperial"].values() for cid in ids}
    assert not deployed & placed                                 # set aside at the start
    assert data.cost("space_marine_chapter") is None


@rule("BFA-GAP-12")
@rule("BFA-CBT-23")
def test_crt_4_1_roll_2_is_ex_and_roll_6_is_de():
    assert data.result("4-1", 2) == "EX"
    assert data.result("4-1", 6) == "DE"


@rule("BFA-GAP-12")
def test_every_crt_code_is_explained_and_the_table_favours_better_odds():
    crt = data.crt()
    rank = {code: i for i, code in enumerate(crt["ranking"])}
    cols = crt["columns"]
    for code, meaning in crt["codes"].items():
        assert meaning and set(crt["effects"][code]) == {"attacker", "defender"}
    for left, right in zip(cols, cols[1:]):
        for roll in range(6):
            assert rank[crt["results"][right][roll]] >= rank[crt["results"][left][roll]], (right, roll)
    for col in cols:
        row = [rank[c] for c in crt["results"][col]]
        assert row == sorted(row), col
    assert {"EX", "DE"} <= set(crt["codes"])


@rule("BFA-CBT-12")
@rule("BFA-CBT-13")
@rule("BFA-AMBIG-10")
@pytest.mark.parametrize("attack, defence, column", [
    (12, 4, "3-1"), (11, 4, "2-1"), (29, 6, "4-1"), (30, 6, "5-1"), (4, 12, "1-3"),
    (5, 12, "1-3"), (6, 6, "1-1"), (5, 6, "1-2"), (1, 40, "1-3"), (40, 1, "6-1"), (7, 0, "6-1")])
def test_odds_columns(attack, defence, column):
    assert data.odds(attack, defence) == column


@rule("BFA-CBT-17")
def test_a_roll_is_kept_within_1_to_6():
    assert data.result("4-1", 0) == data.result("4-1", 1)
    assert data.result("4-1", 9) == data.result("4-1", 6)


@rule("BFA-CBT-23")
def test_the_kit_gives_the_chances_of_the_example_battle():
    chances = data.table().chances(29, 6)
    assert chances == {"EX": Fraction(2, 6), "DR": Fraction(1, 6), "DL": Fraction(1, 6), "DE": Fraction(2, 6)}


@rule("BFA-GAP-4")
@rule("BFA-MAP-3")
def test_terrain_effects_chart_keeps_the_books_three_effects():
    t = data.terrain()["terrain"]
    assert not t["sea"]["enter"] and not t["mountain"]["enter"]
    assert not t["sea"]["supply"] and not t["mountain"]["supply"]
    assert t["ash_waste"]["stop"] and t["ash_waste"]["supply"]
    strip = lambda e: {k: v for k, v in e.items() if k not in ("name", "note")}
    assert strip(t["hive"]) == strip(t["factory"])               # both are industrial areas
    assert data.terrain()["borders"]["river"]["die_when_all_attackers_cross"] == -1


@rule("BFA-GAP-13")
@rule("BFA-GAP-14")
def test_die_modifiers_include_the_books_two():
    mods = {m["id"]: m["die"] for m in data.terrain()["modifiers"]}
    assert mods["river"] == -1 and mods["first_turn_surprise"] == 1
    leaders = data.terrain()["leaders"]
    assert leaders["ghazghkull"]["ability"] == "reroll" and leaders["ghazghkull"]["needs_in_attack"]


@rule("BFA-GAP-20")
@rule("BFA-IBL-12")
def test_hive_gangs_reach_the_ready_box_in_the_phase_they_are_built():
    assert data.production_space("hive_gang") == 1
    spaces = [data.production_space(t) for t in data.build()["costs"]]
    assert all(s >= 1 for s in spaces) and max(spaces) > 1


@rule("BFA-GAP-20")
@rule("BFA-IBL-6")
def test_every_imperial_unit_type_but_the_chapters_has_one_cost():
    unit_types = {c["type"] for c in data.counters().values()
                  if c["side"] == "imperial" and data.role(c["id"]) == "unit"}
    assert set(data.build()["costs"]) == unit_types - {"space_marine_chapter"}
    assert data.cost("hive_gang") < data.cost("guard_army") < data.cost("titan_legion")


@rule("BFA-GAP-6")
@rule("BFA-SET-5")
@rule("BFA-SET-6")
def test_imperial_order_of_battle_is_legal_and_leaves_counters_aside():
    placed = [cid for ids in data.setup()["imperial"].values() for cid in ids]
    for area, ids in data.setup()["imperial"].items():
        assert data.stack_problem(ids) is None, area
    imperial_units = [c for c in data.counters().values() if c["side"] == "imperial"
                      and data.role(c["id"]) == "unit"]
    on_map = [c for c in imperial_units if c["id"] in placed]
    assert 20 <= len(on_map) < len(imperial_units)
    assert "im_yarrick" in placed
    aside = data.set_aside()
    assert len(placed) + len(aside) + 2 == 100                   # the two markers go on tracks
    assert "im_dante" in aside and "im_guard_20" in aside and not set(aside) & set(placed)


@rule("BFA-SET-8")
@rule("BFA-SET-9")
@rule("BFA-STK-4")
def test_the_ork_standard_set_up_places_every_ork_legally():
    placed = [cid for ids in data.setup()["ork_standard"].values() for cid in ids]
    orks = sorted(c["id"] for c in data.counters().values() if c["side"] == "ork")
    assert sorted(placed) == orks
    for area, ids in data.setup()["ork_standard"].items():
        assert data.stack_problem(ids) is None, area


def test_stack_problem_finds_over_stacking_and_mixed_tribes():
    assert data.stack_problem(["im_guard_1", "im_guard_2", "im_guard_3", "im_yarrick", "im_fort_1"]) is None
    assert "limit" in data.stack_problem(["im_guard_1", "im_guard_2", "im_guard_3", "im_guard_4"])
    assert "tribes" in data.stack_problem(["ork_goff_boyz_1", "ork_bad_moon_boyz_1"])
    assert data.stack_problem(["ork_ghazghkull", "ork_goff_boyz_1", "ork_goff_boyz_2", "ork_goff_boyz_3"]) is None


@rule("BFA-GAP-4")
def test_attacks_into_an_industrial_area_are_minus_2_and_were_minus_1_in_the_first_edition():
    from game.rules.armageddon import SPEC
    assert [data.terrain_die(k) for k in ("hive", "factory", "open", "ash_waste")] == [-2, -2, 0, 0]
    assert [data.terrain_die(k, 1) for k in ("hive", "factory", "open")] == [-1, -1, 0]
    assert data.editions() == [1] and SPEC.editions(None) == [1] and "edition" in SPEC.known_options
    assert SPEC.setup(3, None, {"edition": 1})["edition"] == 1 and "edition" not in SPEC.setup(3)
    with pytest.raises(ValueError, match="the terrain data has no edition 7"):
        SPEC.setup(3, None, {"edition": 7})
    with pytest.raises(ValueError, match="the terrain data has no edition True"):
        SPEC.setup(3, None, {"edition": True})
