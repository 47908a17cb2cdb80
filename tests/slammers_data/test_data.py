"""Hammer's Slammers' authored data checked against what the book does print (HS-GAP-2..4, -9..16)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.boards import HexGrid, HexLayout
from game.core.crt import roll_distribution
from game.rules.slammers import data

rule = pytest.mark.rule


def every_type():
    for army in data.ARMIES:
        for key, t in data.unit_types(army).items():
            yield army, key, t


def test_the_shipped_files_pass():
    data.forget()
    data.check_all()


@rule("HS-DIR-8")
@rule("HS-DIR-7")
@pytest.mark.parametrize("terrain", ["forest", "slope", "hilltop"])
def test_the_books_defence_example_two_units_together_6_alone_4(terrain):
    assert data.direct_fire_modifier(terrain) == 2
    assert data.defence_total([2, 2], terrain) == 6
    assert data.defence_total([2], terrain) == 4


@rule("HS-TER-1")
def test_direct_fire_modifiers_are_the_books():
    for key in ("hilltop", "slope", "forest"):
        assert data.direct_fire_modifier(key) == 2
    for key in ("bridge", "swamp", "river", "road", "lake", "clear"):
        assert data.direct_fire_modifier(key) == 0


@rule("HS-TER-2")
@rule("HS-GAP-14")
@rule("HS-GAP-15")
def test_indirect_fire_values_are_the_books_and_forest_and_city_are_filled_in():
    for key in ("bridge", "hilltop", "slope"):
        assert data.indirect_fire_value(key) == 4
    for key in ("swamp", "river", "road", "lake", "clear"):
        assert data.indirect_fire_value(key) == 2
    assert data.indirect_fire_value("forest") >= 2 and data.indirect_fire_value("city") >= 2
    assert data.direct_fire_modifier("city") >= data.direct_fire_modifier("forest")


@rule("HS-LOS-5")
@rule("HS-GAP-16")
def test_los_values_are_the_books_three_columns():
    v = data.los_values()
    for key in ("clear", "bridge", "river", "swamp", "lake", "road"):
        assert v[key] == (0, 0, 0)
    assert v["forest"] == v["city"] == (0, 2, 0)
    assert v["slope"] == (1, 1, 1)
    assert v["hilltop"] == (2, 3, 2)


def strip(names):
    """A straight row of hexes along one line (axial q = 0..n-1, r = 0)."""
    layout = HexLayout("x", "odd", 64, 56, 32, len(names), 1 + len(names))
    return HexGrid(layout, {(q, 0): n for q, n in enumerate(names)})


@rule("HS-LOS-9")
@pytest.mark.parametrize("names, seen", [
    (["slope", "clear", "slope"], True),
    (["forest", "forest", "slope"], False),
    (["clear", "slope", "hilltop"], True),
])
def test_the_books_three_los_examples_with_our_values(names, seen):
    grid = strip(names)
    assert grid.los((0, 0), (2, 0), data.los_values()) is seen


@rule("HS-RUB-10")
def test_rubble_changes_no_los_value():
    assert data.terrain_file()["rubble"]["los"] == 0


def fire_column(attack: int, defence: int, shift: int = 0, key: str = "direct"):
    """The column the rules play by (fire.odds_index) on one of the data's tables, or None."""
    from game.rules.slammers import fire
    column, legal = fire.odds_index(data.table(key), attack, defence, shift)
    return column if legal else None


@rule("HS-DIR-10")
@rule("HS-AMBIG-22")
def test_odds_are_rounded_in_the_defenders_favour():
    assert fire_column(5, 12).name == "1 to 3"
    assert fire_column(11, 6).name == "1 to 1"
    assert fire_column(12, 6).name == "2 to 1"
    assert fire_column(6, 9).name == "1 to 2"


@rule("HS-DIR-11")
def test_odds_above_5_to_1_use_the_5_to_1_column():
    assert fire_column(30, 2).name == "5 to 1"


@rule("HS-DIR-12")
@rule("HS-AMBIG-26")
def test_odds_below_1_to_4_may_not_be_fired_unless_a_shift_lifts_them():
    assert fire_column(1, 4).name == "1 to 4"
    assert fire_column(1, 5) is None
    assert fire_column(1, 5, shift=1).name == "1 to 4"
    assert fire_column(1, 6, shift=1) is None
    assert fire_column(4, 4, shift=1).name == "2 to 1"
    assert fire_column(30, 2, shift=1).name == "5 to 1"


@rule("HS-IND-10")
@rule("HS-IND-11")
@rule("HS-IND-12")
def test_indirect_fire_tables_end_where_the_book_says():
    assert fire_column(40, 2, key="indirect_a").name == "6 to 1"
    assert fire_column(40, 2, key="indirect_b").name == "5 to 1"
    assert fire_column(1, 2, key="indirect_b").name == "1 to 2"
    assert fire_column(1, 3, key="indirect_b") is None
    assert fire_column(1, 3, key="indirect_a") is None


@rule("HS-GAP-10")
@rule("HS-RNG-2")
def test_the_direct_fire_crt_is_2d6_from_1_to_4_to_5_to_1_and_harms_more_at_better_odds():
    t = data.table("direct")
    assert t.columns == ("1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1")
    assert t.dice == (2, 6) and t.rows == (2, 12)
    harm = []
    for col in t.columns:
        p = sum(pr for roll, pr in roll_distribution(2, 6).items()
                if data.effect(t.results[t.columns.index(col)][roll - 2])["unit"] is not None)
        harm.append(p)
    assert harm == sorted(harm) and harm[0] > 0 and harm[-1] > Fraction(9, 10)


@rule("HS-GAP-12")
@rule("HS-RUB-1")
@rule("HS-RUB-2")
def test_result_codes_disrupt_eliminate_and_rubble():
    assert data.effect("D") == {"unit": "disrupt", "rubble": False}
    assert data.effect("E") == {"unit": "eliminate", "rubble": False}
    assert data.effect("R")["rubble"] and data.effect("*")["rubble"]
    direct_codes = {c for col in data.table("direct").results for c in col}
    assert "R" in direct_codes and not any("*" in c for c in direct_codes)    # * is Indirect Fire's


@rule("HS-GAP-13")
@rule("HS-GAS-6")
@rule("HS-GAS-5")
def test_gas_against_conventional_class_b_disrupts_on_7_to_9_and_eliminates_on_10_to_12():
    for roll in range(2, 13):
        code = data.gas_result("conventional", "B", roll)
        assert data.effect(code)["unit"] == (None if roll < 7 else "disrupt" if roll < 10 else "eliminate")
        assert not data.effect(code)["rubble"]
    assert data.gas_result("slammers", "A", 12) == data.gas_result("mercenary", "A", 12)


@rule("HS-COM-1")
@rule("HS-COM-3")
def test_there_are_328_pieces_with_rubble_fortress_and_turn_markers():
    f = data.units_file()
    assert data.counter_count(f) == 328
    assert {"rubble", "fortress", "turn"} <= set(f["markers"])


@rule("HS-COM-2")
def test_four_armies_two_conventional_the_mercenaries_and_the_slammers():
    assert {a: data.force_of(a) for a in data.ARMIES} == {
        "tan": "conventional", "green": "conventional", "red": "mercenary", "blue": "slammers"}


@rule("HS-COM-4")
@rule("HS-GAP-3")
def test_only_mercenary_and_slammers_infantry_have_a_skimmer_side():
    for army, key, t in every_type():
        assert ("skimmer" in t) == (key == "infantry" and army in ("red", "blue")), (army, key)
    sk = data.side_values("blue", "infantry", skimmers=True)
    assert sk["move_type"] == "hover" and sk["move"] > data.unit("blue", "infantry")["move"]


@rule("HS-SKM-4")
def test_slammers_infantry_moves_2_on_foot_and_6_on_skimmers_as_in_the_books_example():
    assert data.unit("blue", "infantry")["move"] == 2
    assert data.side_values("blue", "infantry", skimmers=True)["move"] == 6


@rule("HS-MOV-3")
@rule("HS-MOV-4")
def test_conventional_vehicles_are_tracked_or_wheeled_and_mercenary_ones_hover():
    for army, key, t in every_type():
        if t["move"] == 0:
            continue
        if "infantry" in t["categories"]:
            assert t["move_type"] == "foot"
        elif data.force_of(army) == "conventional":
            assert t["move_type"] in ("tracked", "wheeled"), (army, key)
        else:
            assert t["move_type"] == "hover", (army, key)


@rule("HS-PTS-1")
def test_mercenary_point_costs_are_the_books():
    book = {"tank": (31, None, 35), "combat_car": (19, None, None), "infantry": (11, None, None),
            "large_gun": (20, 22, None), "small_gun": (14, 16, None), "howitzer": (24, 26, None),
            "sp_artillery": (20, 22, None), "sp_calliope": (13, None, None)}
    assert {k: (t["cost"], t["gas_cost"], t["ecm_cost"]) for k, t in data.unit_types("red").items()} == book
    assert data.units_file()["fortress"]["cost"] == 24


@rule("HS-PTS-2")
def test_slammers_point_costs_are_the_books():
    book = {"tank": (31, None, 35), "combat_car": (19, None, None), "infantry": (11, None, None),
            "sp_artillery": (22, 24, None)}
    assert {k: (t["cost"], t["gas_cost"], t["ecm_cost"]) for k, t in data.unit_types("blue").items()} == book


@rule("HS-PTS-3")
def test_conventional_point_costs_are_the_books():
    book = {"tank": 17, "armored_car": 12, "infantry": 8, "militia": 3, "apc": 9, "bus": 7,
            "large_gun": 20, "small_gun": 14, "howitzer": 24, "calliope": 10, "sp_artillery": 20,
            "sp_calliope": 12}
    gas = {"large_gun": 22, "small_gun": 16, "howitzer": 26, "sp_artillery": 22}
    for army in ("tan", "green"):
        assert {k: t["cost"] for k, t in data.unit_types(army).items()} == book
        assert {k: t["gas_cost"] for k, t in data.unit_types(army).items() if t["gas_cost"]} == gas


@rule("HS-PTS-5")
@rule("HS-PTS-10")
@rule("HS-AMBIG-37")
def test_options_add_the_books_points():
    assert data.unit_cost("blue", "tank", ecm=True) == 35
    assert data.unit_cost("tan", "infantry", paradrop=True) == 10
    assert [data.unit_cost("tan", "tank", morale=m) for m in (9, 8, 7, 6)] == [17, 18, 19, 20]
    with pytest.raises(data.DataError, match="morale 5"):
        data.unit_cost("tan", "tank", morale=5)


@rule("HS-PTS-6")
@rule("HS-PTS-7")
@rule("HS-PTS-8")
@rule("HS-AMBIG-38")
def test_militia_and_buses_borrow_counters_militia_breaks_buses_defend_1():
    mil, inf = data.unit("tan", "militia"), data.unit("tan", "infantry")
    assert mil["uses"] == "infantry" and mil["counters"] == 0 and mil["disrupted_eliminated"]
    assert [mil[k] for k in data.FIELDS] == [inf[k] for k in data.FIELDS]
    bus, car = data.unit("green", "bus"), data.unit("green", "armored_car")
    assert bus["uses"] == "armored_car" and bus["defence"] == 1
    assert [bus[k] for k in ("attack", "range", "move", "move_type")] == \
        [car[k] for k in ("attack", "range", "move", "move_type")]


@rule("HS-CAF-10")
def test_calliopes_attack_is_s():
    found = [(a, k) for a, k, t in every_type() if t["artillery"] == "calliope"]
    assert found
    for army, key in found:
        assert data.unit(army, key)["attack"] == 0 and data.unit(army, key)["attack_label"] == "S"


@rule("HS-GAP-4")
@rule("HS-IND-9")
def test_the_categories_the_rules_use_are_given_per_counter():
    for army, key, t in every_type():
        cats = set(t["categories"])
        assert t["target_class"] == ("A" if cats & {"tank", "armored_car", "combat_car"} else "B"), key
        if data.force_of(army) == "conventional" and "vehicle" in cats:
            assert cats & {"armour", "mechanised"}, key          # HS-MOV-9 applies to them
        if t["artillery"] == "howitzer":
            assert "howitzer" in cats
    assert data.is_("tan", "large_gun", "gun_large") and data.is_("red", "small_gun", "gun_small")


@rule("HS-PAR-1")
def test_paradrop_is_open_to_infantry_small_guns_armored_cars_and_apcs_only():
    for army, key, t in every_type():
        expected = key in ("infantry", "militia", "small_gun", "armored_car", "apc")
        assert t["paradrop"] is expected, (army, key)


def test_values_agree_with_the_point_costs_under_the_cost_model():
    tol = data.units_file()["cost_model"]["tolerance"]
    for army, key, t in every_type():
        ratio = data.model_value(t) / t["cost"]
        assert 1 - tol <= ratio <= 1 + tol, (army, key, ratio)


def test_a_slammers_tank_is_much_stronger_and_hover_vehicles_are_fast():
    hover, conv = data.unit("blue", "tank"), data.unit("tan", "tank")
    assert hover["attack"] >= 1.75 * conv["attack"] and hover["defence"] >= 1.5 * conv["defence"]
    assert hover["range"] > conv["range"] and hover["move"] >= 2 * conv["move"]
    # a conventional tank needs 1 to 2 odds against a hover tank in the open, the hover tank gets 2 to 1
    assert fire_column(conv["attack"], hover["defence"]).name == "1 to 2"
    assert fire_column(hover["attack"], conv["defence"]).name == "2 to 1"


@rule("HS-MOV-9")
@rule("HS-MOV-10")
@rule("HS-MOV-11")
@rule("HS-GAP-9")
def test_movement_costs_bar_conventional_vehicles_from_swamp_and_lake_only():
    for key in ("swamp", "lake"):
        assert data.move_cost(key, "tracked") is None and data.move_cost(key, "wheeled") is None
        assert data.move_cost(key, "hover") is not None
    for mt in ("tracked", "wheeled", "foot", "hover"):
        assert data.move_cost("river", mt) is not None
        for key in data.TERRAINS:
            if key not in ("swamp", "lake"):
                assert data.move_cost(key, mt) is not None, (key, mt)


@rule("HS-MOV-15")
@rule("HS-RUB-5")
@rule("HS-AMBIG-32")
def test_road_rate_and_rubble_add_on():
    assert data.move_cost("forest", "tracked", road=True) < data.move_cost("forest", "tracked")
    assert data.move_cost("clear", "tracked", road=True, rubbled=True) == data.move_cost(
        "clear", "tracked", road=True) + 1
    assert data.move_cost("forest", "foot", rubbled=True) == data.move_cost("forest", "foot") + 1


@rule("HS-RUB-6")
@rule("HS-RUB-4")
@rule("HS-RUB-7")
@rule("HS-RUB-8")
def test_rubble_adds_2_to_both_defences_and_only_where_rubble_can_be():
    assert data.direct_fire_modifier("clear", rubbled=True) == 2
    assert data.indirect_fire_value("clear", rubbled=True) == 4
    for key in ("clear", "road", "forest", "slope", "hilltop", "city"):
        assert data.terrain(key)["rubble"] == "rubble"
    for key in ("swamp", "lake", "river"):
        assert data.terrain(key)["rubble"] == "none"
    assert data.terrain("bridge")["rubble"] == "destroyed" and data.terrain("bridge")["becomes"] == "river"


@rule("HS-DIS-6")
@rule("HS-DIS-8")
def test_water_kills_the_disrupted_and_keeps_them_out_of_rivers_and_lakes():
    for key in ("swamp", "river", "lake"):
        assert data.terrain(key)["deadly_when_disrupted"]
    assert not data.terrain("river")["disrupted_may_enter"] and not data.terrain("lake")["disrupted_may_enter"]
    assert data.terrain("clear")["disrupted_may_enter"]


def test_the_unit_ids_are_every_unit_of_the_game_longest_first():
    from game.rules.slammers import SPEC, api
    s = SPEC.setup(1, "learning")
    ids = api.unit_ids(s)
    assert sorted(ids) == sorted(s["units"]) and [len(i) for i in ids] == sorted(map(len, ids), reverse=True)


def test_each_army_is_named_as_the_counter_mix_names_it():
    from game.rules.slammers import api
    assert [api.army_name(a) for a in ("tan", "green", "red", "blue")] == [
        data.armies()[a]["name"] for a in ("tan", "green", "red", "blue")]
    assert api.army_name("tan") == "Tan army" and api.army_name("red") == "Mercenaries"


@rule("HS-SKM-2")
def test_mercenary_and_slammers_infantry_load_with_their_skimmer_face_and_conventional_without():
    from game.rules.slammers import SPEC, api
    s = SPEC.setup(1, "holloway")                   # red: infantry on skimmers; green: conventional
    faces = {d["side"]: api.unit_type(s, u).skimmer for u, d in s["units"].items() if d["type"].endswith(":infantry")}
    assert faces["green"] is None
    assert faces["red"] is not None and faces["red"].move_type == "hover" and faces["red"].move == 6
    # a force line's "skimmers" starts its infantry mounted: the learning game's patrol rides in
    learning = SPEC.setup(1, "learning")
    assert {u: d["skim"] for u, d in learning["units"].items() if d["type"].endswith(":infantry")} == {
        "blue-infantry-1": True, "tan-infantry-1": False, "tan-infantry-2": False}
