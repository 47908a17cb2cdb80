"""What the UI and the shell rely on: odds preview, reasons for refused clicks, save/reload, maps."""
from __future__ import annotations

import json

import pytest

from game.core.session import Session, from_text
from game.rules import GAMES
from game.rules.hack_sack import SPEC, board, odds, pieces, setup

from .helpers import empty, fighting, moving, play, put, refused


def test_registered_with_hex_board_and_maps():
    assert GAMES["hack_sack"] is SPEC and SPEC.board_kind == "hex" and not SPEC.hidden_information
    assert any(str(p).endswith("hack_sack_nj.tmx") for p, _ in SPEC.maps())
    state = SPEC.setup(2)
    assert SPEC.board(state) is board.of(state).grid and state["map"] == board.DEFAULT_MAP


def test_battle_odds_for_the_ui():
    s = fighting(empty(), "krylon")
    put(s, "samurai1", (4, 5))
    put(s, "bikers1", (5, 4))                                     # in a city
    put(s, "centurion1", (3, 5))
    o = odds.battle_odds(s, ["samurai1"], ["bikers1"])
    assert o["column"] == "3" and o["shifts"] == 1 and o["city"] and o["odds"] == "2"     # 2 to 1, shifted to 3
    assert abs(sum(o["results"].values()) - 1) < 1e-9
    assert o["results"]["nr"] == pytest.approx(2 / 6)               # rolls 1 and 2 both read row 1
    assert set(o["description"]) == set(o["results"]) and o["description"]["Dx"] == "Defenders destroyed"
    s = play(s, ("attacker", "samurai1"), ("defender", "bikers1"))
    assert SPEC.view(s, "krylon")["battle"]["odds"]["column"] == "3"


def test_refused_clicks_name_a_clause():
    s = moving(empty(), "krylon")
    put(s, "legion1", (2, 5))
    for action in (("unit", "nra1"), ("hex", [0, 0]), ("load", "star_frigate1", "legion1")):
        why, clause = refused(s, action)
        assert why and clause and clause.startswith("HSNJ-")
    s = setup.new_state(1, None, {"map": "test:mini"})
    assert refused(s, ("done",))[1] == "HSNJ-SET-1"


def test_standard_hexes_agree_with_the_placement_rule():
    s = SPEC.setup(5)
    b = board.of(s)
    for uid in ("nra1", "cruiser1", "uss_nj1", "cow1"):
        unit = pieces.unit(s, uid)
        assert set(setup.legal_hexes(s, unit)) == {h for h in b.hexes if setup.placement_ok(s, unit, h)[0]}


def test_save_and_reload_mid_game():
    session = Session(SPEC, 8, None, {"deploy": "standard"})
    for _ in range(6):
        session.apply(("done",))
    again = from_text(json.dumps(session.to_json()), "test")
    assert again.state == json.loads(json.dumps(session.state))


def test_bad_map_is_one_sentence(tmp_path):
    bad = tmp_path / "nothing.tmx"
    bad.write_text("not a map")
    with pytest.raises(board.MapProblem) as err:
        SPEC.setup(1, None, {"map": str(bad)})
    assert "\n" not in str(err.value)


def test_generic_fuzzer_apply_never_changes_its_input():
    from game.core.fuzz import play_random_game
    for seed in (1, 2):
        report = play_random_game(SPEC, seed, options={"map": "test:mini"}, check_input=True)
        assert report.ok and report.finished, report.problems


def test_every_step_explains_a_refused_hex():
    from .helpers import step
    s = empty(dice=[4] + [3] * 10, turn=3)
    s["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    assert refused(s, ("box", "Landing Pad 1"))[1] == "HSNJ-REI-1"
    s = moving(empty(dice=[3, 4], turn=3), "jerseyite")
    put(s, "nra1", (0, 7))
    s = play(s, ("done",))
    assert step(s) == "hopat" and refused(s, ("hex", [0, 7]))[1] == "HSNJ-AMBIG-14"
    s = fighting(empty(dice=[4]), "krylon")
    put(s, "samurai1", (4, 5))
    put(s, "bikers1", (5, 5))
    s = play(s, ("attacker", "samurai1"), ("defender", "bikers1"), ("resolve",))
    assert step(s) == "retreat" and refused(s, ("hex", [3, 5]))[1] == "HSNJ-AMBIG-35"


@pytest.mark.rule("HSNJ-VIC-3")
def test_the_view_tells_who_holds_each_city_the_turns_and_the_vp_events():
    from game.rules.hack_sack import victory
    state = SPEC.setup(4, None, {"deploy": "standard"})
    view = SPEC.view(state, None)
    assert view["last_turn"] == 15
    assert view["city_holders"] == {f"{h[0]},{h[1]}": s for h, s in victory.city_holders(state).items()}
    session = Session(SPEC, 4, None, {"deploy": "standard"})
    while not session.state["vp_log"]:
        session.apply(("done",) if ("done",) in session.legal_actions() else session.legal_actions()[0])
    events = SPEC.view(session.state, None)["events"]
    serials = [e["serial"] for e in events]
    assert serials == list(range(serials[0], serials[0] + len(events)))      # one serial, every kind
    scored = [e for e in events if e["kind"] == "scored"][-1]
    holders = dict((tuple(h), side) for h, side, _ in scored["holders"])
    assert all(vp == victory.CITY_VP for _, _, vp in scored["holders"])      # the VP each city scored
    assert holders == victory.city_holders(session.state)                  # who scored each city (VIC-3)
    assert scored["vp"] == {s: list(holders.values()).count(s) for s in ("krylon", "jerseyite")}


@pytest.mark.rule("HSNJ-RES-2")
def test_a_battle_is_an_event_with_its_odds_roll_and_result_and_the_loss_scores():
    from .helpers import duel
    s = duel("samurai1", (4, 5), "bikers1", (5, 4), dice=[6])           # (5,4) is a city: 6 - 1 = 5
    s = play(s, ("attacker", "samurai1"), ("defender", "bikers1"), ("resolve",))
    battle, *rest = s["events"]                                      # what the last action did
    assert battle["kind"] == "battle" and (battle["attackers"], battle["defenders"]) == (["samurai1"], ["bikers1"])
    assert (battle["roll"], battle["modified_roll"], battle["city"], battle["result"]) == (6, 5, True, "D-2")
    assert battle["column"] == "2" and battle["odds"] == 2 and (battle["side"], battle["number"]) == ("krylon", 1)
    two = duel("chariot1", (4, 5), "nra1", (5, 5), dice=[1], legion1=(5, 6))
    two = play(two, ("attacker", "chariot1"), ("attacker", "legion1"), ("defender", "nra1"), ("resolve",))
    assert any("Chariot 1, Legion 1 (5) attack NRA 1 (3)" in x for x in two["log"])     # the log names them all
    assert [e["serial"] for e in rest] == [battle["serial"] + i + 1 for i in range(len(rest))]
    assert s["event_serial"] == (rest or [battle])[-1]["serial"]
    assert play(s, SPEC.legal_actions(s)[0])["events"][:1] != [battle]    # the next action starts afresh
    shown = SPEC.view(s, "krylon")["last_battle"]                   # the battle panel's die, the city's -1 in
    assert (shown["roll"], shown["modified_roll"]) == (6, 5)


@pytest.mark.rule("HSNJ-RES-3")
def test_a_retreat_is_an_event_with_its_path():
    from .helpers import duel
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[5])            # column 2, roll 5: D-2
    s = play(s, ("attacker", "samurai1"), ("defender", "bikers1"), ("resolve",))
    while not any(e["kind"] == "retreat" for e in s["events"]):
        s = play(s, SPEC.legal_actions(s)[0])
    retreat = next(e for e in s["events"] if e["kind"] == "retreat")
    assert retreat["unit"] == "bikers1" and retreat["path"][0] == [5, 5]
    assert retreat["path"][-1] == list(pieces.unit(s, "bikers1")["hex"]) and retreat["hexes"] == 2


@pytest.mark.rule("HSNJ-VIC-1")
def test_a_unit_destroyed_is_an_event_with_the_vp_it_earned():
    from .helpers import duel
    s = duel("samurai1", (4, 5), "bikers1", (5, 5), dice=[6])             # column 2, roll 6: Dx
    s = play(s, ("attacker", "samurai1"), ("defender", "bikers1"), ("resolve",))
    gone = next(e for e in s["events"] if e["kind"] == "eliminated")
    assert (gone["unit"], gone["at"], gone["by"], gone["side"]) == ("bikers1", [5, 5], "krylon", "jerseyite")
    assert gone["vp"] == s["vp"]["krylon"] > 0


def test_the_battle_preview_is_worked_out_on_request_never_kept_in_the_state():
    from game.rules.hack_sack import api
    s = fighting(empty(), "krylon")
    put(s, "legion1", (3, 3))
    put(s, "nra1", (4, 3))
    s = play(s, ("attacker", "legion1"), ("defender", "nra1"))
    assert s.get("battle") is None and "odds" not in json.dumps(s)
    preview = SPEC.view(s, None)["battle"]
    assert preview["attackers"] == ["legion1"] and preview["result"] is None
    assert preview["odds"] == api.battle_odds(s, ["legion1"], ["nra1"])


def test_the_public_face_hands_out_copies_of_units_and_the_phase():
    from game.rules import hack_sack as hs
    s = SPEC.setup(4, None, {"deploy": "standard"})
    some = hs.on_map(s, "jerseyite")
    assert some and all(u["side"] == "jerseyite" and u["where"] == "map" for u in some)
    first = hs.unit(s, some[0]["id"])
    first["hex"] = None                                   # a copy: the state is untouched
    assert pieces.unit(s, some[0]["id"])["hex"] is not None and hs.unit(s, "no such unit") is None
    assert hs.position(s) == (s["turn"], s["phase"])


def _with_pads(grid, listed):
    """The grid with each Landing Pad's zone listing the hexes ``listed`` (one may be off the board)."""
    import copy
    from dataclasses import replace
    changed = copy.copy(grid)
    changed.zones = [replace(z, hexes=frozenset(listed)) if z.kind == "offmap_box" else z for z in grid.zones]
    return changed


@pytest.mark.rule("HSNJ-GAP-9")
def test_a_pad_that_lists_hexes_connects_to_those_on_the_board_only():
    grid = board.get(board.DEFAULT_MAP).grid
    on_board = sorted(grid.hexes)[:3]
    b = board.Board(_with_pads(grid, on_board + [(999, 999)]))
    assert b.pad_entry == tuple(on_board) and not b.entry_all
    assert board.Board(grid).entry_all                          # a pad listing no hexes: any hex


@pytest.mark.rule("HSNJ-GAP-9")
def test_a_map_without_zones_names_the_missing_landing_pad():
    import copy
    grid = copy.copy(board.get(board.DEFAULT_MAP).grid)
    del grid.zones
    with pytest.raises(board.MapProblem, match="zones layer has no offmap_box named 'Landing Pad 1'"):
        board.Board(grid)


@pytest.mark.rule("HSNJ-REI-1")
def test_a_unit_on_a_landing_pad_is_in_the_view():
    from game.rules.hack_sack import checks
    s = empty()
    s["phase"] = "krylon_reinforcement"
    s["stack"] = [{"step": "turn", "then": "pads"}, {"step": "pads", "sel": None}]
    s = play(s, ("unit", "legion1"), ("box", "Landing Pad 1"))
    shown = [p for p in SPEC.view(s, None)["pieces"] if p["id"] == "legion1"]
    assert [(p["where"], p["at"]) for p in shown] == [("pad", "Landing Pad 1")]      # the window draws its box
    assert checks.invariants(s) == []


def test_a_log_line_names_the_place_at_each_hex_number():
    from game.rules.hack_sack import api
    s = SPEC.setup(2)
    grid = board.of(s).grid
    place = next(p for p in grid.places if p.hex is not None)
    label = grid.label(place.hex)
    assert api.log_words(s, f"krylon: Legion 1 moves to {label}.") == f"krylon: Legion 1 moves to {place.name} ({label})."
    # a hex next to a place is "by" it, one further "near" it: the nearest ring names a hex first
    named = {grid.label(p.hex) for p in grid.places if p.hex is not None}
    beside = next(n for n in grid.neighbours(place.hex) if n in grid.hexes and grid.label(n) not in named
                  and all(grid.distance(n, p.hex) > 1 for p in grid.places if p.hex is not None and p is not place))
    assert api.log_words(s, f"at {grid.label(beside)}") == f"at {grid.label(beside)} by {place.name}"
