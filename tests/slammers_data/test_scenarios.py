"""The shipped Slammers scenarios load, add up, and a broken one is refused in one plain line."""
from __future__ import annotations

import copy
import json

import pytest

from game.rules.slammers import data, scenarios

rule = pytest.mark.rule
SHIPPED = scenarios.names()


def raw(name):
    return json.loads((scenarios.HERE / f"{name}.json").read_text(encoding="utf-8"))


@rule("HS-GAP-5")
@rule("HS-GAP-6")
@rule("HS-SET-2")
def test_there_are_at_least_four_scenarios_each_complete():
    assert len(SHIPPED) >= 4
    for name in SHIPPED:
        s = scenarios.load(name)
        assert s.briefing.strip() and s.title.strip() and s.turns > 0 and s.victory
        assert set(s.morale) == set(s.seating.sides) and 2 <= len(s.seating.sides) <= 4
        assert s.units and all(u["at"] is not None or u["turn"] > 1 or u["paradrop"] for u in s.units)
        # each side's counters of a type are numbered from 1, as the counter sheet is ("Tank 1")
        for side in s.seating.sides:
            for key in {u["type"] for u in s.units if u["side"] == side}:
                numbers = sorted(int(u["id"].rsplit("-", 1)[1]) for u in s.units
                                 if u["side"] == side and u["type"] == key)
                assert numbers == list(range(1, len(numbers) + 1)), (name, side, key)


def test_the_scenarios_differ_in_size_and_the_first_is_a_30_minute_game_on_one_or_two_panels():
    sizes = [len(raw(n)["board"]["panels"]) for n in SHIPPED]
    first = scenarios.load(SHIPPED[0])
    assert first.minutes <= 30 and sizes[0] <= 2
    assert len(set(sizes)) >= 3
    pts = [max(scenarios.points(scenarios.load(n), s) for s in scenarios.load(n).seating.sides) for n in SHIPPED]
    assert pts == sorted(pts) and pts[-1] >= 700                        # HS-DES-2's "few hours" battle


# HS-DES-1 is advisory. Firebase's attacker storms a hilltop held by hover tanks, and at about
# a fifth more points the same side won every game whoever played it; it was given what made
# the basic players' games even (docs/house-rules/slammers.md, HS-GAP-5).
STORMING = {"firebase": (1.6, 2.0)}


@rule("HS-DES-1")
def test_an_attacker_gets_about_a_fifth_more_points():
    for name in SHIPPED:
        s = scenarios.load(name)
        survivor = next(c["side"] for c in s.victory if c["kind"] == "survive")
        defenders = s.seating.team(survivor)                   # a side, or its team (HS-GAP-8)
        attackers = [x for x in s.seating.sides if x not in defenders]
        ratio = sum(scenarios.points(s, x) for x in attackers) / sum(scenarios.points(s, x) for x in defenders)
        low, high = STORMING.get(name, (0.95, 1.35))
        assert low <= ratio <= high, (name, ratio)


@rule("HS-SET-3")
@rule("HS-PTS-11")
def test_morale_is_one_level_per_army_and_costs_points():
    s = scenarios.load("learning")
    assert s.morale == {"blue": 9, "tan": 8}
    tan = [u for u in s.units if u["side"] == "tan"]
    assert scenarios.points(s, "tan") == sum(data.unit("tan", u["type"])["cost"] + 1 for u in tan)


@rule("HS-STK-1")
@rule("HS-STK-3")
def test_no_set_up_hex_holds_more_than_three_counters_of_a_side():
    for name in SHIPPED:
        s = scenarios.load(name)
        count: dict = {}
        for u in s.units:
            if u["at"] is not None:
                key = (u["side"], tuple(u["at"]))
                count[key] = count.get(key, 0) + 1
        assert max(count.values()) <= 3, name


def test_loads_and_tows_name_their_carrier():
    s = scenarios.load("firebase")
    ids = {u["id"]: u for u in s.units}
    aboard = [u for u in s.units if u["aboard"]]
    towed = [u for u in s.units if u["towed_by"]]
    assert len(aboard) == 4 and all(ids[u["aboard"]]["type"] == "apc" and ids[u["aboard"]]["at"] == u["at"]
                                    for u in aboard)
    assert len(towed) == 2 and all(ids[u["towed_by"]]["type"] == "armored_car" for u in towed)


def test_set_up_never_puts_a_vehicle_where_it_may_not_go():
    for name in SHIPPED:
        s = scenarios.load(name)
        for u in s.units:
            if u["at"] is not None:
                mt = data.unit(u["side"], u["type"])["move_type"]
                assert data.move_cost(s.board.terrain[tuple(u["at"])], "foot" if mt == "none" else mt) is not None


def broken(change):
    doc = copy.deepcopy(raw("learning"))
    change(doc)
    return doc


BROKEN = [
    (lambda d: d["seating"].update(sides=["blue", "purple"]), "learning.json: seating must list the armies"),
    (lambda d: d["board"]["panels"][0].update(file="panel9.tmx"),
     "learning.json: board panel 1 names panel9.tmx, which is neither beside the scenario nor in maps/slammers."),
    (lambda d: d["board"].update(map="panel1.tmx"),
     "learning.json: board must list the panels and edge pieces (HS-MAP-1)"),
    (lambda d: d["board"]["panels"][0].update(file="panel1.png"), "learning.json: board panel 1 must name a .tmx file"),
    (lambda d: d["zones"]["Blue start"].update(side="purple"), "learning.json: zone 'Blue start' must name a seated side"),
    (lambda d: d.update(zones=["Blue start"]), "learning.json: zones must map each zone's name to its side and hexes"),
    (lambda d: d.update(ecm="blue"), "learning.json: ecm must list seated armies"),
    (lambda d: d["zones"]["Blue start"].update(cols=[22, 19]),
     "learning.json: zone 'Blue start' cols must be [first, last], numbered from 1"),
    (lambda d: d["board"]["panels"].append({"file": "panel1.tmx", "col": 3, "row": 0}),
     "learning.json: board cannot be joined"),
    (lambda d: d["morale"].update(tan=5), "learning.json: morale of tan must be from 6 to 9"),
    (lambda d: d["morale"].pop("tan"), "learning.json: morale must give one morale level for each seated army"),
    (lambda d: d["forces"]["tan"][0].update(unit="combat_car"),
     "learning.json: forces of tan, line 1, names 'combat_car', which the tan army (conventional) does not field."),
    (lambda d: d["forces"]["tan"][0].update(at="9999"),
     "learning.json: forces of tan, line 1, sets up at '9999', which is not on the board."),
    (lambda d: d["zones"]["Blue start"].update(hexes=[1106]),            # a number, not the hex's label
     "learning.json: zone 'Blue start' names hex '1106', which is not a playable hex of the board."),
    (lambda d: d["forces"]["tan"][3].update(count=4),
     "learning.json: forces of tan, line 4, finds no room in 1007"),
    (lambda d: d["forces"]["tan"][0].update(count=20),
     "learning.json: forces of tan, line 1, needs more tank counters than the tan army has (12)."),
    (lambda d: d["forces"]["tan"].append({"unit": "militia", "at": "1106"}),
     "learning.json: forces of tan, line 6, mixes infantry and militia"),
    (lambda d: d["forces"]["tan"][0].update(carrying="infantry"), "learning.json: forces of tan, line 1, only an APC carries"),
    (lambda d: d["forces"]["blue"][2].update(towing="small_gun"),
     "learning.json: forces of blue, line 3, only a vehicle tows, and only an artillery piece that cannot move itself (HS-TOW-1)"),
    (lambda d: d["forces"]["tan"][3].update(skimmers=True), "learning.json: forces of tan, line 4, asks for skimmers"),
    (lambda d: d["forces"]["blue"][0].update(turn=9), "learning.json: forces of blue, line 1, has turn 9"),
    (lambda d: d["forces"]["blue"][0].update(turn=0), "learning.json: forces of blue, line 1, has turn 0"),
    (lambda d: d["zones"]["Blue start"].update(side="tan"),
     "learning.json: forces of blue, line 1, sets up in zone 'Blue start', which belongs to tan."),
    (lambda d: d["zones"]["Blue start"].update(cols=[40, 44]), "learning.json: zone 'Blue start' holds no playable hex."),
    (lambda d: d["victory"][0].update(places=["Atlantis"]),
     "learning.json: victory condition 1 names 'Atlantis', which is not on the board."),
    (lambda d: d.update(ecm=["tan"]), "learning.json: ecm names tan, whose army has no unit that can carry ECM"),
    (lambda d: d.update(gas={"tan": ["tank"]}), "learning.json: gas of tan names 'tank', which cannot be bought with gas"),
    (lambda d: d.update(gas=["tan"]), "learning.json: gas must map seated armies to lists of unit types"),
    (lambda d: d.update(first="tan"), "learning.json: first must be the first side of the seating"),
    (lambda d: d["length"].update(turns=0), "learning.json: length must give a number of turns above 0"),
]


@pytest.mark.parametrize("change, message", BROKEN, ids=[b[1][15:60] for b in BROKEN])
def test_a_broken_scenario_is_refused_with_one_plain_line(change, message):
    with pytest.raises(scenarios.ScenarioProblem) as err:
        scenarios.parse(broken(change), "learning.json", scenarios.HERE / "learning.json")
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


def test_a_copied_scenario_loads_from_anywhere_and_finds_its_panels(tmp_path):
    doc = raw("learning")
    doc["title"] = "My roadblock"
    doc["forces"]["tan"][0]["count"] = 2
    (tmp_path / "mine.json").write_text(json.dumps(doc), encoding="utf-8")
    s = scenarios.load_file(tmp_path / "mine.json")
    assert s.title == "My roadblock" and sum(u["type"] == "tank" and u["side"] == "tan" for u in s.units) == 3


def test_a_file_that_is_not_json_is_refused(tmp_path):
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(scenarios.ScenarioProblem, match=r"^bad.json: "):
        scenarios.load_file(tmp_path / "bad.json")


@rule("HS-MAP-3")
def test_edge_pieces_appear_only_where_a_scenario_lists_them():
    with_edges = [n for n in SHIPPED if any(p["file"].startswith("edge_") for p in raw(n)["board"]["panels"])]
    assert sorted(with_edges) == ["blackwood", "stile"]
    assert scenarios.load("blackwood").board.place("Northfell") is not None
    s = scenarios.load("stile")
    assert s.board.place("Eastmere") is not None and s.board.place("Northfell") is not None
    assert scenarios.load("learning").board.place("Eastmere") is None


@rule("HS-PTS-9")
def test_an_army_of_militia_and_buses_fields_no_infantry_or_armored_cars():
    green = [u["type"] for u in scenarios.load("stile").units if u["side"] == "green"]
    assert "militia" in green and "bus" in green
    assert "infantry" not in green and "armored_car" not in green


def test_reinforcements_arrive_on_their_turn_at_their_edge():
    s = scenarios.load("holloway")
    late = [u for u in s.units if u["turn"] > 1]
    assert late and all(u["at"] is None and u["turn"] == 5 and u["entry"] for u in late)
    edge = {s.board.offset(tuple(h))[0] for u in late for h in u["entry"]}
    assert edge == {43}
    towed = [u for u in late if u["towed_by"]]
    assert towed and all(any(v["id"] == u["towed_by"] for v in late) for u in towed)


def test_a_players_own_scenario_is_listed_after_the_shipped_ones_and_loads(private_data_dir):
    folder = scenarios.user_dir()
    folder.mkdir(parents=True)
    doc = raw("learning")
    doc["name"], doc["title"] = "mine", "My roadblock"
    (folder / "mine.json").write_text(json.dumps(doc), encoding="utf-8")
    (folder / "learning.json").write_text("{}", encoding="utf-8")        # never shadows a shipped one
    assert scenarios.all_names() == SHIPPED + ["mine"] and scenarios.names() == SHIPPED
    assert scenarios.load("mine").title == "My roadblock"
    assert scenarios.load("learning").title == "Roadblock at Marrow"
    doc["title"] = "Changed"
    (folder / "mine.json").write_text(json.dumps(doc) + " ", encoding="utf-8")
    assert scenarios.load("mine").title == "Changed"                     # an edited file is read again


def test_a_missing_scenario_is_one_plain_line():
    with pytest.raises(scenarios.ScenarioProblem, match=r"^nowhere.json: "):
        scenarios.load("nowhere")


def test_a_summary_for_the_scenario_picker():
    info = scenarios.summary("stile")
    assert info["title"] == "The Stile militia" and info["minutes"] == 45 and info["turns"] == 8
    assert info["sides"] == ["red", "green"] and info["panels"] == ["edge_c", "panel3", "edge_b"]
    assert info["teams"] == [["red"], ["green"]]
    assert scenarios.summary("marrow_four")["teams"] == [["green", "red"], ["tan", "blue"]]   # allies together
    assert info["points"] == {"red": 152, "green": 133} and info["briefing"].startswith("Panel 3")


def test_a_scenario_survives_copying():
    s = scenarios.load("learning")
    assert copy.copy(s).title == s.title and copy.deepcopy(s.morale) == s.morale


@rule("HS-PAR-16")
@rule("HS-PTS-5")
def test_paratroopers_wait_off_the_map_and_cost_two_points_more():
    s = scenarios.load("kettle_drop")
    jumpers = [u for u in s.units if u["paradrop"]]
    assert jumpers and all(u["at"] is None and u["entry"] for u in jumpers)
    assert {u["turn"] for u in jumpers} == {1, 2}
    plain = sum(data.unit_cost("green", u["type"], morale=8) for u in s.units if u["side"] == "green")
    assert scenarios.points(s, "green") == plain + 2 * len(jumpers)


@rule("HS-PAR-16")
def test_each_paratrooper_jumps_from_its_own_line_s_turn_in_the_game():
    from game.rules.slammers import SPEC
    state = SPEC.setup(1, "kettle_drop")
    drops = {uid: d["drop"] for uid, d in state["units"].items() if "drop" in d}
    line = {u["id"]: u["turn"] for u in scenarios.load("kettle_drop").units if u["paradrop"]}
    assert drops == line and set(drops.values()) == {1, 2}


@rule("HS-PAR-1")
def test_only_paratroop_units_may_be_bought_to_jump():
    data_ = raw("kettle_drop")
    data_["forces"]["green"][1]["paradrop"] = True                       # a tank
    with pytest.raises(scenarios.ScenarioProblem, match="HS-PAR-1"):
        scenarios.parse(data_, "kettle_drop.json", scenarios.HERE / "kettle_drop.json")


@rule("HS-SET-4")
@rule("HS-PTS-4")
@rule("HS-AMBIG-36")
def test_ecm_and_gas_come_only_where_a_scenario_buys_them_for_a_whole_type():
    from game.rules.slammers import SPEC
    plain = SPEC.setup(1, "learning")
    assert not any(d.get("ecm") or d.get("gas") for d in plain["units"].values())
    forts = SPEC.setup(1, "blackwood")
    tanks = [d for d in forts["units"].values() if d["side"] == "blue" and d["type"].endswith(":tank")]
    assert tanks and all(d.get("ecm") for d in tanks)                   # every tank of the army, or none
    assert not any(d.get("ecm") for d in forts["units"].values() if d["side"] == "tan")
    gas = SPEC.setup(1, "sava_gas")
    by_type: dict = {}
    for d in gas["units"].values():
        by_type.setdefault((d["side"], d["type"]), set()).add(bool(d.get("gas")))
    assert by_type[("red", "mercenary:howitzer")] == {True} and by_type[("green", "conventional:large_gun")] == {True}
    assert all(len(v) == 1 for v in by_type.values())
    s = scenarios.load("blackwood")
    assert scenarios.points(s, "blue") == sum(
        data.unit_cost("blue", u["type"], ecm=True) for u in s.units if u["side"] == "blue") + 2 * 24
    # gas shells are bought for every piece of a type, at its gas cost (HS-PTS): 2 points more a piece
    import dataclasses
    s = scenarios.load("sava_gas")
    shells = [u for u in s.units if u["side"] == "red" and u["type"] in s.gas["red"]]
    assert shells
    assert scenarios.points(s, "red") - scenarios.points(dataclasses.replace(s, gas={}), "red") == 2 * len(shells)
