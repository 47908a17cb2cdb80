"""What the search player reads of a Hammer's Slammers position: results rolled but not yet carried
out (they wait for the round's end) already count in the evaluation of a playout's leaf."""
from __future__ import annotations

import pytest

from game.ai.knowledge import knowledge_of
from game.ai.slammers import SlammersBot
from game.ai.slammers_search import guns_on
from game.ai.slammers_value import exposure
from game.rules import GAMES
from game.rules import slammers as hs

from tests.slammers.helpers import acts, hexof, state_on, until

SPEC = GAMES["slammers"]


def shot(name, dice, target="tank"):
    """Blue's hover tank at green's unit: the position before the roll and the one after it."""
    units = {"t": (target, "green", (1, 0)), "s": ("tank", "green", (0, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = until(state_on(["...."], units, name=name, mover="blue", dice=dice), "direct", "blue")
    s = acts(s, ("unit", "b"), ("hex", hexof(s, 1, 0)))
    return s, acts(s, ("fire",))


@pytest.mark.rule("HS-RNG-13")
@pytest.mark.rule("HS-DIS-1")
def test_a_unit_rolled_off_counts_as_gone_before_the_round_ends_and_a_disrupted_one_for_less():
    know = knowledge_of(SPEC)
    before, killed = shot("v1", [6, 6])
    _, shaken = shot("v2", [3, 4])                 # 3 to 1: 7 disrupts, 12 eliminates
    _, missed = shot("v3", [1, 1])
    assert killed["pt"]["elim"] == ["t"] and killed["units"]["t"]["at"] is not None   # still on the map
    assert shaken["pt"]["dis"] == ["t"] and not shaken["units"]["t"]["dis"]          # not yet turned over
    blue = {name: know.evaluate(SPEC, s)["blue"] for name, s in
            (("before", before), ("missed", missed), ("shaken", shaken), ("killed", killed))}
    assert blue["missed"] < blue["shaken"] < blue["killed"]
    # before the roll the shot counts at what it is expected to do (slammers_value)
    assert blue["missed"] < blue["before"] < blue["killed"]


def facing(blue_at, name, target="tank"):
    """Blue's hover tank and green's unit on an open row, in green's movement."""
    units = {"t": (target, "green", (0, 0)), "b": ("hovertank", "blue", (blue_at, 0))}
    return until(state_on(["." * 16], units, name=name, mover="green"), "movement", "green")


@pytest.mark.rule("HS-RNG-3")
@pytest.mark.rule("HS-SEQ-5")
def test_the_fire_still_to_come_counts_for_both_sides_within_reach_and_for_nobody_beyond_it():
    near, far = facing(3, "x1"), facing(15, "x2")           # the hover tank's range is 6, doubled 12
    lost = exposure(near, SPEC.view(near, None), ("blue", "green"), set())
    assert lost["t"] > lost["b"] > 0                          # 10 attack on 3 defence, 4 on 8
    assert exposure(far, SPEC.view(far, None), ("blue", "green"), set()) == {}
    assert exposure(near, SPEC.view(near, None), ("blue", "green"), {"t"}).get("t") is None
    know = knowledge_of(SPEC)
    assert know.evaluate(SPEC, near)["green"] < know.evaluate(SPEC, far)["green"]


@pytest.mark.rule("HS-CA-1")
def test_a_close_assault_standing_on_the_map_counts_against_the_weaker_side():
    units = {"t": ("inf", "green", (1, 0)), "b": ("hovertank", "blue", (1, 0))}
    s = until(state_on(["...."], units, name="x3", mover="green"), "movement", "green")
    lost = exposure(s, SPEC.view(s, None), ("blue", "green"), set())
    assert lost["t"] > lost.get("b", 0.0)


def test_the_root_tries_first_the_best_worth_among_the_basic_player_s_best_ends():
    know = knowledge_of(SPEC)
    s = acts(facing(12, "x4"), ("unit", "t"))
    legal = SPEC.legal_actions(s)
    order = [a for a, _ in know.root_order(SPEC, s, legal, "green")]
    head = [a for a in SlammersBot(SPEC, 0).ranked(s, "green") if a in legal][:know.reranked]
    worth = {a: know.evaluate(SPEC, SPEC.apply(s, a))["green"] for a in head}
    assert sorted(order[:len(head)]) == sorted(head)
    assert worth[order[0]] == max(worth.values()) > min(worth.values())


def moved_a_hex(name, enemy=("hovertank", (12, 2)), victory=None):
    """Green's hover tank on open ground, moved one hex toward blue's unit and still selected."""
    units = {"t": ("hovertank", "green", (0, 2)), "b": (enemy[0], "blue", enemy[1])}
    s = until(state_on(["." * 16] * 5, units, name=name, mover="green", victory=victory), "movement", "green")
    s = acts(s, ("unit", "t"))
    return acts(s, ("hex", hexof(s, 1, 2)))


def test_a_unit_already_moved_weighs_stopping_only_where_the_basic_player_would_stop():
    # A unit keeps its selection and the points it has left after a hex (HS-MOV-1, -5) and is
    # asked again: the ends weighed are the basic player's best from where it stands. Letting it
    # weigh staying there as well lost 14 to 20 of 200 ladder games on either seed set
    # (docs/ai.md), so stopping is left to the basic player while it has eight hexes to go to.
    know = knowledge_of(SPEC)
    s = moved_a_hex("x6")
    legal = SPEC.legal_actions(s)
    assert ("stop",) in legal and SlammersBot(SPEC, 0).choose(s, "green")[0] == "hex"
    order = [a for a, _ in know.root_order(SPEC, s, legal, "green")]
    hexes = [a for a in legal if a[0] == "hex"]
    assert len(hexes) > know.rehop
    assert order.index(("stop",)) > max(order.index(h) for h in hexes)      # not weighed at all


def test_a_unit_already_moved_weighs_more_of_the_basic_player_s_ends_from_where_it_stands():
    # once moved, the basic player's 16 best ends from where it stands are weighed, not 8: the
    # Slammers won 421 of 1,000 ladder games with 16, 392 with 8 (docs/ai.md)
    know = knowledge_of(SPEC)
    s = moved_a_hex("x7", enemy=("slinf", (5, 0)))
    legal = SPEC.legal_actions(s)
    basic = [a for a in SlammersBot(SPEC, 0).ranked(s, "green") if a in legal]
    head = basic[:know.rehop]
    assert know.rehop > know.reranked and len(head) == know.rehop and ("stop",) not in head
    view = SPEC.view(s, None)
    head += [a for a in basic[know.rehop:] if a[0] == "hex" and guns_on(s, view, {"blue"}, "t", tuple(a[1])) == 0][
        :know.standoff]                             # and its standoffs (below)
    order = [a for a, _ in know.root_order(SPEC, s, legal, "green")][:len(head)]
    worth = [round(know.evaluate(SPEC, SPEC.apply(s, a))["green"], 3) for a in order]
    assert sorted(order) == sorted(head)
    assert worth == sorted(worth, reverse=True) and worth[0] > worth[-1]      # all 20 reordered
    # a side that only has to come through keeps to 8 (its 16 lost 12 of 600 games): the same
    # position, asked of the evaluation's pick alone (its survivor would hide, slammers_hide)
    ranked = [a for a in know.aiming(SPEC, 0).ranked(s, "green") if a in legal]
    assert know._by_worth(SPEC, s, ranked, "green")[8:16] != ranked[8:16]
    s = moved_a_hex("x8", enemy=("slinf", (5, 0)), victory=[{"kind": "survive", "side": "green"},
                                                            {"kind": "most_points", "side": "blue"}])
    ranked = [a for a in know.aiming(SPEC, 0).ranked(s, "green") if a in SPEC.legal_actions(s)]
    assert know._by_worth(SPEC, s, ranked, "green")[8:] == ranked[8:]


@pytest.mark.rule("HS-DIS-6")
def test_the_root_weighs_a_move_s_best_ends_first_and_a_swamp_last():
    # a disruption in a swamp kills (HS-DIS-6): the basic player scores it lowest of all, and the
    # search's root must try it last, though the rules list it among the first hexes
    units = {"t": ("hovertank", "green", (1, 0)), "b": ("hovertank", "blue", (7, 0))}
    s = until(state_on(["w......."], units, name="v4", mover="green"), "movement", "green")
    s = acts(s, ("unit", "t"))
    swamp = ("hex", tuple(hexof(s, 0, 0)))
    legal = SPEC.legal_actions(s)
    hexes = [a for a in legal if a[0] == "hex"]
    assert hexes[0] == swamp                                    # listed first
    order = [a for a, _ in knowledge_of(SPEC).root_order(SPEC, s, legal, "green")]
    assert sorted(order) == sorted(legal)
    assert order.index(swamp) == max(order.index(h) for h in hexes)


def test_a_moving_unit_s_end_is_the_root_order_s_first_without_a_search_and_never_one_already_taken():
    from game.ai.search import SearchBot
    know = knowledge_of(SPEC)
    s = acts(facing(12, "x5"), ("unit", "t"))
    first = know.root_order(SPEC, s, SPEC.legal_actions(s), "green")[0][0]
    bot = SearchBot(SPEC, 3, budget=20)
    assert bot.choose(s, "green") == first
    assert bot.stats["obvious"] == 1 and bot.stats["decisions"] == 0
    # the same sight again (a loop): the move already made is not named again, the search answers
    again = bot.choose(s, "green")
    assert again != first and bot.stats["decisions"] == 1


def test_a_unit_back_where_it_stood_earlier_in_its_move_stops_there():
    """The learning scenario's third Slammers move, driven to and fro by hand: asked again back on a
    hex it left, Hard stops; without the rule it went on to the other hex, and on (docs/ai.md)."""
    from game.ai.search import SearchBot
    s = SPEC.setup(1000, None)
    s = acts(s, ("unit", "blue-tank-1"), ("hex", (17, -1)), ("stop",), ("unit", "blue-combat_car-1"),
             ("hex", (10, 3)), ("stop",), ("unit", "blue-combat_car-2"))
    bot = SearchBot(SPEC, 1, strength="hard")
    for there in ((17, -1), (17, 0)):
        assert bot.choose(s, "blue")[0] == "hex"
        s = acts(s, ("hex", there))
    assert bot.choose(s, "blue") == ("hex", (17, -1))     # on to the hex it has not stood on yet
    s = acts(s, ("hex", (17, -1)))
    assert bot.choose(s, "blue") == ("stop",)
    # the trail is the rules' (hs.trail), not the bot's memory: a fresh Hard, a Normal asked for a
    # hint, and a bot after a save is loaded in the middle of the move all stop there too
    assert hs.trail(s, "blue-combat_car-2") == [(19, -6), (17, -1), (17, 0), (17, -1)]
    assert SearchBot(SPEC, 1, strength="hard").choose(s, "blue") == ("stop",)
    assert SearchBot(SPEC, 1, strength="normal").choose(s, "blue") == ("stop",)


def test_a_save_made_in_the_middle_of_a_move_keeps_the_units_trail_and_older_ones_still_load():
    import json

    from game.core.session import Session, from_text
    session = Session(SPEC, 1000, None)
    for a in (("unit", "blue-combat_car-2"), ("hex", (17, -1)), ("hex", (17, 0))):
        session.apply(a)
    assert SPEC.view(session.state, "green")["trail"] == [[19, -6], [17, -1], [17, 0]]   # seen by both sides
    data = session.to_json()
    assert hs.trail(from_text(json.dumps(data), "now.json").state, "blue-combat_car-2")[-1] == (17, 0)
    # a save written before the rules kept trails holds the same state without them: it loads
    for frame in data["snapshot"]["stack"]:
        frame.pop("trails", None)
    assert hs.trail(from_text(json.dumps(data), "older.json").state, "blue-combat_car-2")[0] == (19, -6)


@pytest.mark.rule("HS-SEQ-5")
def test_a_side_that_has_said_done_in_direct_fire_keeps_no_fire_in_hand():
    units = {"t": ("tank", "green", (1, 0)), "b": ("hovertank", "blue", (3, 0))}
    s = until(state_on(["...."], units, name="x6", mover="blue", dice=[1, 1]), "direct", "blue")
    sides = ("blue", "green")
    assert exposure(s, SPEC.view(s, None), sides, set())["t"] > 0          # blue's hover tank may fire
    passed = acts(s, ("done",))                                             # green fires now, blue is done
    assert SPEC.view(passed, None)["step"] == "direct" and SPEC.active(passed) == "green"
    lost = exposure(passed, SPEC.view(passed, None), sides, set())
    assert "t" not in lost and lost["b"] > 0
    know = knowledge_of(SPEC)
    assert know.evaluate(SPEC, passed)["blue"] < know.evaluate(SPEC, s)["blue"]


@pytest.mark.rule("HS-RNG-3")
@pytest.mark.rule("HS-RNG-5")
def test_the_guns_on_a_hex_are_the_enemies_that_may_fire_at_it_within_their_own_range():
    # green's hover tank reaches 6 hexes, blue's tanks 4: from 5 or 6 hexes green fires its whole
    # attack and blue only half of its own, at extended range (a standoff: no guns on it)
    def at(*blues, dis=False):
        units = {"t": ("hovertank", "green", (0, 0))}
        units.update({f"b{i}": ("tank", "blue", (c, 0), 8, {"dis": dis}) for i, c in enumerate(blues)})
        s = until(state_on(["." * 16], units, name=f"g{blues}{dis}", mover="green"), "movement", "green")
        return guns_on(s, SPEC.view(s, None), {"blue"}, "t", tuple(hexof(s, 0, 0)))
    assert [at(apart) for apart in (3, 4, 5, 6, 7)] == [1, 1, 0, 0, None]     # None: nothing in reach
    assert at(3, 4) == 2 and at(3, 6) == 1 and at(5, 9) == 0
    assert at(3, dis=True) == 0                     # a disrupted unit may not fire (HS-RNG-8)


def test_a_side_that_must_take_a_place_weighs_its_standoff_ends_beside_the_basic_player_s_best():
    # the basic player pulls the hover tank up to the tank it can hit; the hexes 5 away, where
    # only the hover tank fires its whole attack, are not among its best 8 but are weighed, and
    # the evaluation puts them first (docs/ai.md: with the hexes under the fewest guns weighed,
    # the Slammers won 475 of 1,000 ladder games, 421 without)
    know = knowledge_of(SPEC)
    units = {"t": ("hovertank", "green", (0, 2)), "b": ("tank", "blue", (12, 2))}
    s = acts(until(state_on(["." * 16] * 5, units, name="so9", mover="green"), "movement", "green"), ("unit", "t"))
    legal, view, grid = SPEC.legal_actions(s), SPEC.view(s, None), hs.grid(s)
    tank = tuple(hs.hex_of(s, "b"))
    basic = [a for a in SlammersBot(SPEC, 0).ranked(s, "green") if a in legal]
    standoffs = [a for a in basic[know.reranked:] if a[0] == "hex" and guns_on(s, view, {"blue"}, "t", tuple(a[1])) == 0]
    assert len(standoffs) > know.standoff and all(grid.distance(tuple(a[1]), tank) in (5, 6) for a in standoffs)
    weighed = basic[:know.reranked] + standoffs[:know.standoff]
    order = [a for a, _ in know.root_order(SPEC, s, legal, "green")]
    assert sorted(order[:len(weighed)]) == sorted(weighed) and sorted(order) == sorted(legal)
    assert order[0] in standoffs


def test_without_a_standoff_the_ends_weighed_besides_are_those_under_the_fewest_guns():
    # two blue tanks, each reaching 4: green's tank reaches 4 too, so no hex outranges them, but
    # where only one of them can fire back is better than where both can
    know = knowledge_of(SPEC)
    units = {"t": ("tank", "green", (0, 2)), "b": ("tank", "blue", (6, 0)), "c": ("tank", "blue", (6, 4))}
    s = acts(until(state_on(["." * 12] * 5, units, name="so10", mover="green"), "movement", "green"), ("unit", "t"))
    legal, view = SPEC.legal_actions(s), SPEC.view(s, None)
    basic = [a for a in SlammersBot(SPEC, 0).ranked(s, "green") if a in legal]
    guns = {a: guns_on(s, view, {"blue"}, "t", tuple(a[1])) for a in basic[know.reranked:]
            if a[0] == "hex"}
    within = sorted((a for a in guns if guns[a] is not None), key=lambda a: guns[a])
    assert 0 not in guns.values() and {1, 2} <= set(guns.values())
    weighed = basic[:know.reranked] + within[:know.standoff]
    assert all(guns[a] == 1 for a in within[:know.standoff])
    order = [a for a, _ in know.root_order(SPEC, s, legal, "green")]
    assert sorted(order[:len(weighed)]) == sorted(weighed)


def skimmers_facing_a_tank(name):
    """Blue's infantry on its skimmers (6 MP) nine hexes from green's tank (reach 4, 8 at half
    attack), picked to move."""
    units = {"i": ("slinf", "blue", (0, 2), 8, {"skim": True}), "t": ("tank", "green", (9, 2))}
    s = until(state_on(["." * 16] * 5, units, name=name, mover="blue"), "movement", "blue")
    return acts(s, ("unit", "i"))


@pytest.mark.rule("HS-SKM-1")
@pytest.mark.rule("HS-SKM-5")
@pytest.mark.rule("HS-DIS-5")
def test_skimmer_infantry_weighs_each_end_dismounted_where_it_keeps_the_allowance_to_get_off():
    # on its skimmers a disruption destroys it; off them it ignores one: an end five hexes from the
    # tank is worth more with the infantry off its skimmers, and getting off where it stands is
    # weighed beside the ends (docs/ai.md: the Slammers won 315 of 600 ladder games so, 300 before)
    know = knowledge_of(SPEC)
    s = skimmers_facing_a_tank("dm1")
    legal, grid = SPEC.legal_actions(s), hs.grid(s)
    tank = tuple(hs.hex_of(s, "t"))
    order = [a for a, _ in know.root_order(SPEC, s, legal, "blue")]
    weighed = order[:know.reranked + 2]
    assert ("dismount",) in weighed and ("mount",) not in legal

    def worth(a):
        return know.evaluate(SPEC, a)["blue"]
    near = [a for a in weighed if a[0] == "hex" and grid.distance(tuple(a[1]), tank) == 5]
    far = [a for a in weighed if a[0] == "hex" and grid.distance(tuple(a[1]), tank) == 3]
    assert near and far
    for a in near:                            # 5 MP spent: 1 left to get off with (HS-SKM-1)
        after = SPEC.apply(s, a)
        off = SPEC.apply(after, ("dismount",))
        assert worth(off) > worth(after)
        assert know._worth(SPEC, s, a, "blue", mounted=True) == round(worth(off), 3)
    for a in far:                             # all 6 MP spent: it stays on its skimmers
        after = SPEC.apply(s, a)
        assert ("dismount",) not in SPEC.legal_actions(after)
        assert know._worth(SPEC, s, a, "blue", mounted=True) == round(worth(after), 3)
    # once moved, getting off where it stands is weighed too, and the end first tried is worth
    # as much (off its skimmers, here or a hex on), more than staying on them
    middle = ("hex", tuple(hexof(s, 4, 2)))            # the middle row: more than 16 hexes within its 2 MP
    assert middle in near
    moved = SPEC.apply(s, middle)
    again = [a for a, _ in know.root_order(SPEC, moved, SPEC.legal_actions(moved), "blue")]
    got = {a: know._worth(SPEC, moved, a, "blue", mounted=True) for a in again[:know.rehop + 1]}
    assert ("dismount",) in got and got[again[0]] == got[("dismount",)] > round(worth(moved), 3)
    assert list(got.values()) == sorted(got.values(), reverse=True)     # weighed as they would end
    # infantry off its skimmers weighs getting back on at the start of a move
    units = {"i": ("slinf", "blue", (0, 2)), "t": ("tank", "green", (9, 2))}
    off = acts(until(state_on(["." * 16] * 5, units, name="dm2", mover="blue"), "movement", "blue"), ("unit", "i"))
    legal = SPEC.legal_actions(off)
    assert ("mount",) in [a for a, _ in know.root_order(SPEC, off, legal, "blue")][:know.reranked + 2]
    # Normal keeps to the basic player's three best ends
    normal = know.at_strength("normal")
    assert ("dismount",) not in [a for a, _ in normal.root_order(SPEC, s, legal, "blue")][:normal.reranked]


def test_hard_chooses_a_paradrop_s_landing_hex():
    """Kettle Drop's Green army jumps in turn 1: the unit whose landing hex is asked for is not on
    the map, so it has stood nowhere in a move (``back_again`` crashed on it before)."""
    from game.ai.search import SearchBot
    s = SPEC.setup(1000, "kettle_drop")
    basic = {side: SlammersBot(SPEC, 5) for side in SPEC.sides}
    for _ in range(400):
        if hs.frame(s).get("step") == "paradrops" and hs.frame(s).get("unit"):
            break
        s = SPEC.apply(s, basic[SPEC.active(s)].choose(s, SPEC.active(s)))
    side, uid = SPEC.active(s), hs.frame(s)["unit"]
    assert hs.hex_of(s, uid) is None
    assert SearchBot(SPEC, 1, strength="hard").choose(s, side) in SPEC.legal_actions(s)


@pytest.mark.parametrize("scenario", SPEC.scenarios)
def test_hard_plays_every_scenario_from_every_seat(scenario):
    """Hard in every seat of each scenario, to the end or, in the two long ones, through their opening:
    each choice legal, none crashing on a step the learning game never reaches (paradrops, towing,
    four players in two teams). Kettle Drop's landings crashed Hard before this test."""
    from game.ai.search import SearchBot
    s = SPEC.setup(3, scenario)
    bots = {side: SearchBot(SPEC, 11 + i, strength="hard") for i, side in enumerate(SPEC.seated(s).sides)}
    for _ in range({"firebase": 300, "holloway": 40}.get(scenario, 5000)):
        side = SPEC.active(s)
        if side is None:
            break
        action = bots[side].choose(s, side)
        assert action in SPEC.legal_actions(s), (scenario, side, action)
        s = SPEC.apply(s, action)
    else:
        assert scenario in ("firebase", "holloway"), f"{scenario}: no end after 5000 actions"


def test_a_side_with_no_condition_of_its_own_is_not_stopped_back_where_it_stood():
    """The four-player Marrow's Mercenaries win by their partner's condition alone: a unit of theirs
    moved out and back is not stopped there by ``back_again`` (the rule halved their wins, docs/ai.md)."""
    from game.ai.search import SearchBot
    s = SPEC.setup(1000, "marrow_four")
    basic = SlammersBot(SPEC, 5)
    while not (SPEC.active(s) == "red" and hs.frame(s).get("step") == "movement"):
        s = SPEC.apply(s, basic.choose(s, SPEC.active(s)))
    start = tuple(hs.hex_of(s, "red-tank-1"))
    s = acts(s, ("unit", "red-tank-1"), ("hex", (1, 2)), ("hex", start))
    assert start in hs.trail(s, "red-tank-1")[:-1] and ("stop",) in SPEC.legal_actions(s)
    assert SearchBot(SPEC, 1, strength="hard").choose(s, "red") == ("hex", (6, 3))      # on, as ranked
