"""What the search knows of Hack & Sack: a city's worth across the tally, and the order it tries."""
from __future__ import annotations

import pytest

from game.ai import BOTS
from game.ai.hack_sack import HeuristicPlayer, Picture, landing_worth
from game.ai.hack_sack_battles import OPENED, battle_worth, battles, city_loss
from game.ai.hack_sack_ferry import ferry, landing, wants_to_ferry
from game.ai.hack_sack_jerseyites import SET_UP_FIRST, deployment, guard_post
from game.ai.hack_sack_search import KNOWLEDGE, MARGIN, PHASES, lead, look_ahead, tallies_ahead
from game.boards.layout import distance
from game.rules import GAMES
from game.rules.hack_sack import frame, neighbours, unit
from tests.hack_sack.helpers import aboard, duel, empty, fighting, moving, on_pad, play, put
from tests.hack_sack.test_turn import guard_turn

from .test_settle import _basic_game

HS = GAMES["hack_sack"]


@pytest.mark.rule("HSNJ-SEQ-2")
@pytest.mark.parametrize("turn", [1, 7, 14])
def test_a_city_is_worth_about_the_same_just_before_and_just_after_its_tally(turn):
    before = tallies_ahead(turn, "vp_tally")
    after = 1 + tallies_ahead(turn + 1, "reinforcement")     # the tally's VP, then the turns to come
    assert abs(before - after) < 0.15
    worth = [tallies_ahead(turn, p) for p in PHASES]
    assert worth == sorted(worth) and tallies_ahead(turn, "reinforcement") > tallies_ahead(turn + 1, "reinforcement")


@pytest.mark.rule("HSNJ-VIC-6")
def test_the_last_tally_is_worth_one_vp_at_most():
    assert tallies_ahead(15, "vp_tally") == pytest.approx(1.0)
    assert tallies_ahead(15, "reinforcement") < 1.0


@pytest.mark.rule("HSNJ-MOV-1")
def test_a_moving_unit_s_order_starts_with_the_basic_player_s_move_and_never_ends_movement():
    checked = let_go = 0
    for state, side in _basic_game(HS, 6, 300):
        step = frame(state)
        if step.get("step") != "move" or not step.get("sel"):
            continue
        ordered = [a for a, _ in KNOWLEDGE.order(HS, state, HS.legal_actions(state))]
        basic = HeuristicPlayer(side)(state)
        # The basic player's switch to another unit is letting this one go; otherwise its own move.
        assert ordered[0] == (("deselect",) if basic[0] == "unit" else basic)
        assert ("done",) not in ordered[1:] and not [a for a in ordered if a[0] == "unit"]
        checked += 1
        let_go += basic[0] == "unit"
    assert checked >= 10 and let_go >= 3


@pytest.mark.rule("HSNJ-CBT-1")
@pytest.mark.rule("HSNJ-VIC-1")
def test_a_battle_owed_is_worth_its_results_by_the_rules_odds():
    s = duel("chariot1", (4, 6), "bikers1", (5, 6))          # Attack 3 against Defend 1: odds 3
    assert battles(s, "krylon", True) == [(["chariot1"], ["bikers1"])]
    # Column 3, rolls 1-6: nr, Dc, D-1, D-2, Dx, Dx; the Bikers' Attack of 2 scored twice in six,
    # a Confused or pushed-back defender 0.3 three times in six.
    assert battle_worth(s, ["chariot1"], ["bikers1"], set(), 4.0) == pytest.approx((3 * 0.3 + 2 * 2) / 6)


@pytest.mark.rule("HSNJ-VIC-3")
@pytest.mark.rule("HSNJ-VIC-4")
def test_a_krylon_pushed_out_of_a_city_gives_it_to_the_jerseyites_at_every_tally_to_come():
    s = duel("nra1", (5, 5), "legion1", (5, 4), side="jerseyite", nra2=(2, 1))   # (5, 4) and (2, 1) are cities
    cities = {(2, 1), (8, 2), (5, 4)}
    assert city_loss(unit(s, "legion1"), cities, 3.0) == pytest.approx(6.0)   # one city less, one more for them
    assert city_loss(unit(s, "nra1"), cities, 3.0) == 0.0                     # not in a city
    assert city_loss(unit(s, "nra2"), cities, 3.0) == pytest.approx(OPENED * 3.0)   # empty, still theirs


def _chariot_and_bikers():
    """A Chariot that may walk up to the NRA in Town 21 or join the Samurai against the Bikers."""
    s = empty()
    for uid, h in (("samurai1", (5, 4)), ("nra1", (2, 1)), ("nra2", (8, 2)), ("chariot1", (4, 3)), ("bikers1", (6, 4))):
        put(s, uid, h)
    return s


@pytest.mark.rule("HSNJ-CBT-1")
def test_the_krylon_look_ahead_moves_a_unit_to_the_battle_that_pays():
    s = _chariot_and_bikers()
    s = play(moving(s, "krylon"), ("unit", "chariot1"))
    actions = HS.legal_actions(s)
    basic = HeuristicPlayer("krylon")(s)
    # The basic Chariot walks up to the NRA holding Town 21, where it would owe an attack at odds 1
    # against a city; the look-ahead joins the Samurai against the Bikers in the open instead.
    assert basic == ("hex", (2, 2))
    chosen = look_ahead(s, "chariot1", actions, basic)
    assert chosen in actions and tuple(chosen[1]) in {tuple(h) for h in neighbours(s, (6, 4))}
    world = dict(s, rng=dict(s["rng"], dice=[1] * 8))
    assert lead(HS.apply(world, chosen)) > lead(HS.apply(world, basic)) + MARGIN


def test_hard_makes_each_side_s_moves_and_the_jerseyites_battles_without_a_search_and_searches_the_krylons():
    s = _chariot_and_bikers()
    k = play(moving(s, "krylon"), ("unit", "chariot1"))
    actions = HS.legal_actions(k)
    ahead = look_ahead(k, "chariot1", actions, HeuristicPlayer("krylon")(k))
    ordered = KNOWLEDGE.root_order(HS, k, actions, "krylon")
    assert KNOWLEDGE.obvious(HS, k, "krylon", ordered, set(), {}) == ahead
    assert KNOWLEDGE.obvious(HS, k, "krylon", ordered, {ahead}, {}) is None     # a sight met again is searched
    hard = BOTS["hard"].make(HS, 3)
    assert hard.choose(k, "krylon") == ahead and hard.stats["iterations"] == 0
    # A Jerseyite's move is the basic player's, without a search either.
    j = play(moving(s, "jerseyite"), ("unit", "bikers1"))
    basic = HeuristicPlayer("jerseyite")(j)
    move = ("deselect",) if basic[0] == "unit" else basic
    ordered = KNOWLEDGE.root_order(HS, j, HS.legal_actions(j), "jerseyite")
    assert KNOWLEDGE.obvious(HS, j, "jerseyite", ordered, set(), {}) == move
    assert hard.choose(j, "jerseyite") == move and hard.stats["iterations"] == 0
    # How the Bikers' battle with the Samurai beside them is built is Hard's Jerseyite lead, the
    # basic player's, without a search; Normal searches it; the Krylons' battle is searched.
    b = fighting(_chariot_and_bikers(), "jerseyite")
    legal = HS.legal_actions(b)
    assert ("defender", "samurai1") in legal and len(legal) >= 2
    lead = HeuristicPlayer("jerseyite")(b)
    assert KNOWLEDGE.obvious(HS, b, "jerseyite", KNOWLEDGE.root_order(HS, b, legal, "jerseyite"), set(), {}) == lead
    assert hard.choose(b, "jerseyite") == lead and hard.stats["iterations"] == 0
    normal = BOTS["normal"].make(HS, 3)
    assert normal.choose(b, "jerseyite") in legal and normal.stats["iterations"] > 0
    c = fighting(_chariot_and_bikers(), "krylon")
    legal = HS.legal_actions(c)
    assert KNOWLEDGE.obvious(HS, c, "krylon", KNOWLEDGE.root_order(HS, c, legal, "krylon"), set(), {}) is None
    assert hard.choose(c, "krylon") in legal and hard.stats["iterations"] > 0


def test_the_look_ahead_keeps_to_the_basic_player_for_a_jerseyite_and_a_spaceship():
    checked = set()
    for state, side in _basic_game(HS, 3, 400):
        step = frame(state)
        if step.get("step") == "move" and step.get("sel"):
            basic = HeuristicPlayer(side)(state)
            if side == "jerseyite" or step["sel"].startswith("star_frigate"):
                assert look_ahead(state, step["sel"], HS.legal_actions(state), basic) == basic
                checked.add(side if side == "jerseyite" else "frigate")
    assert checked == {"jerseyite", "frigate"}


@pytest.mark.rule("HSNJ-REI-1")
def test_the_hard_krylons_fly_their_best_defenders_in_first():
    state = HS.setup(5)
    while frame(state).get("step") != "pads":
        state = HS.apply(state, HeuristicPlayer(HS.active(state))(state))
    actions = HS.legal_actions(state)
    assert HeuristicPlayer("krylon")(state) == ("unit", "chariot1")     # the basic player: Chariots first
    # Hard's search starts from a Phalanx (Defend 3), then a Legion, the Chariots last but the light units.
    assert KNOWLEDGE.root_order(HS, state, actions, "krylon")[0][0] == ("unit", "phalanx1")
    state = HS.apply(HS.apply(state, ("unit", "phalanx1")), ("box", "Landing Pad 1"))
    assert KNOWLEDGE.root_order(HS, state, HS.legal_actions(state), "krylon")[0][0][1].startswith("phalanx")


@pytest.mark.rule("HSNJ-LOD-2")
def test_an_idle_star_frigate_fetches_a_straggler_to_a_city_before_the_land_units_move():
    s = empty()
    put(s, "legion1", (0, 7))              # four hexes and more from every city of the mini board
    put(s, "samurai1", (5, 6))             # two from Town 54: no straggler
    put(s, "star_frigate1", (4, 7))
    s = moving(s, "krylon")
    assert wants_to_ferry(s, "star_frigate1") and not wants_to_ferry(s, "samurai1")
    ordered = KNOWLEDGE.root_order(HS, s, HS.legal_actions(s), "krylon")
    # The basic player moves its land units before a Frigate on the map; the ferry goes first.
    assert KNOWLEDGE.obvious(HS, s, "krylon", ordered, set(), {}) == ("unit", "star_frigate1")
    s = play(s, ("unit", "star_frigate1"))
    pick_up = ferry(s, "star_frigate1", HS.legal_actions(s))
    assert pick_up[0] == "hex" and distance(tuple(pick_up[1]), (0, 7)) == 1
    s = play(s, pick_up)
    assert ferry(s, "star_frigate1", HS.legal_actions(s)) == ("load", "star_frigate1", "legion1")
    s = play(s, ("load", "star_frigate1", "legion1"))
    drop = ferry(s, "star_frigate1", HS.legal_actions(s))
    assert drop[0] == "hex" and min(distance(tuple(drop[1]), c) for c in ((2, 1), (8, 2), (5, 4))) == 1
    s = play(s, drop)
    assert ferry(s, "star_frigate1", HS.legal_actions(s)) is None          # the cargo gets off here
    late = moving(empty(), "krylon")
    put(late, "legion1", (0, 7), mp=1)                                       # no MP to board and get off
    put(late, "star_frigate1", (4, 7))
    assert not wants_to_ferry(late, "star_frigate1")
    waiting = moving(empty(), "krylon")
    put(waiting, "legion1", (0, 7))
    put(waiting, "star_frigate1", (4, 7))
    on_pad(waiting, "samurai2")                                              # the pads are fetched first
    assert not wants_to_ferry(waiting, "star_frigate1")


@pytest.mark.rule("HSNJ-CBT-6")
@pytest.mark.rule("HSNJ-VIC-4")
def test_an_idle_star_frigate_hunts_the_jerseyite_spaceship_that_holds_a_city():
    """A Space Escort sitting in a city scores it for the Jerseyites, and the Krylon land units beside
    it can neither strike it nor go in: only a Frigate can, so a Frigate with nobody to fetch flies
    beside it, and the combat that follows makes it strike."""
    s = empty()
    put(s, "escort1", (8, 2))              # a city of the mini board
    put(s, "legion1", (7, 3))              # beside it, and no straggler
    put(s, "star_frigate1", (2, 7))
    s = moving(s, "krylon")
    s = play(s, ("unit", "star_frigate1"))
    hunt = ferry(s, "star_frigate1", HS.legal_actions(s))
    assert hunt[0] == "hex" and distance(tuple(hunt[1]), (8, 2)) == 1
    assert KNOWLEDGE.root_order(HS, s, HS.legal_actions(s), "krylon")[0][0] == hunt     # Hard's lead
    s = play(s, hunt)
    assert ferry(s, "star_frigate1", HS.legal_actions(s)) is None         # it strikes from here
    s = play(s, ("deselect",), ("unit", "legion1"), ("deselect",), ("done",))
    while frame(s).get("step") != "combat":
        s = play(s, HeuristicPlayer("krylon")(s))
    assert ("defender", "escort1") in HS.legal_actions(s)
    # In the open the escort holds nothing: the Frigate stays where it is.
    open_ = empty()
    put(open_, "escort1", (6, 6))
    put(open_, "star_frigate1", (2, 7))
    open_ = play(moving(open_, "krylon"), ("unit", "star_frigate1"))
    assert ferry(open_, "star_frigate1", HS.legal_actions(open_)) is None


@pytest.mark.rule("HSNJ-REI-7")
def test_the_hard_jerseyites_muster_their_guard_in_the_empty_city_the_krylons_are_nearest():
    s = empty(dice=[3, 4])
    put(s, "legion1", (5, 4))                 # holds the city at (5, 4), three hexes from (2, 1)
    put(s, "chariot1", (7, 3))                # beside the empty city at (8, 2)
    s = guard_turn(s)
    assert frame(s)["step"] == "guard"
    actions = HS.legal_actions(s)
    assert HeuristicPlayer("jerseyite")(s) == ("hex", (2, 1))          # the basic player: the first city offered
    assert guard_post(s, actions, ("hex", (2, 1))) == ("hex", (8, 2))
    hard = BOTS["hard"].make(HS, 3)
    assert hard.choose(s, "jerseyite") == ("hex", (8, 2)) and hard.stats["iterations"] == 0


def _best_landing(state):
    """The worth of the Krylons' best drop zone: the most a hex beside cities is worth to land by."""
    pic, want = Picture(state, "krylon"), {}
    for c in pic.m.cities:
        for n in pic.m.nbrs[c]:
            want[n] = want.get(n, 0) + landing_worth(None if pic.free(c) else pic.at[c]["d"])
    return max(want.values())


@pytest.mark.rule("HSNJ-SET-1")
def test_the_hard_jerseyites_set_up_against_the_krylons_landings():
    s = HS.setup(1000)
    standard = HS.apply(s, ("setup", "standard"))
    hard = BOTS["hard"].make(HS, 3)
    assert hard.choose(s, "jerseyite") == ("unit", "senator1") and hard.stats["iterations"] == 0
    while frame(s)["step"] == "deploy":
        s = HS.apply(s, deployment(s, HS.legal_actions(s), HeuristicPlayer("jerseyite")(s)))
    pic = Picture(s, "jerseyite")
    placed = [p for p in pic.units.values() if p["side"] == "jerseyite" and p["kind"].startswith(SET_UP_FIRST)]
    assert len(placed) == 12 and all(tuple(p["at"]) in pic.m.cities for p in placed)
    # The standard set-up fills the western cities and leaves hexes beside two empty cities in
    # the east; Hard's leaves no hex beside more than one.
    assert _best_landing(standard) >= 6 and _best_landing(s) <= 3


@pytest.mark.rule("HSNJ-REI-2")
def test_hard_lands_its_cargo_by_the_empty_city_the_jerseyites_cannot_strike_back_at():
    s = empty()
    on_pad(s, "star_frigate1", "Landing Pad 1")
    aboard(s, "legion1", "star_frigate1")
    put(s, "nra1", (8, 2))                                   # holds one city
    put(s, "nra2", (2, 3))
    put(s, "nra3", (3, 2))                                   # both two hexes from the empty city at (2, 1)
    s = play(moving(s, "krylon"), ("unit", "star_frigate1"))
    basic = HeuristicPlayer("krylon")(s)
    assert distance(basic[1], (2, 1)) == 1                   # the basic player: beside the first empty city
    wary = landing(s, "star_frigate1", HS.legal_actions(s), basic)
    assert distance(wary[1], (5, 4)) == 1                    # Hard: beside the one nobody guards
    hard = BOTS["hard"].make(HS, 3)
    assert hard.choose(s, "krylon") == wary and hard.stats["iterations"] == 0


def test_the_bench_measures_a_hack_sack_choice_that_hard_searches():
    from bench.bench_search import mid_game
    state, side = mid_game(HS)
    hard = BOTS["hard"].make(HS, 1)
    assert hard.choose(state, side) in HS.legal_actions(state) and hard.stats["iterations"] > 0
