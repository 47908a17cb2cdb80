"""Hard's own choices at Hammer's Slammers: a side that only has to come through keeps a survivor
out of sight and goes into the places the enemy must hold at the very end; Hard's Direct Fire
weighs each result by what it does to each target."""
from __future__ import annotations

import pytest

from game.ai.knowledge import knowledge_of
from game.ai.slammers_hide import hideout_score, hideouts, last_stand, shaken, survivor
from game.ai.slammers_fire import points_taken, share_lost
from game.rules import GAMES
from game.rules import slammers as hs

from tests.slammers.helpers import acts, hexof, state_on, until

SPEC = GAMES["slammers"]
# blue must hold the hex labelled 0101 (offset 0, 0); green only has to come through
HOLD = [{"kind": "hold", "side": "blue", "places": ["0101"]}, {"kind": "survive", "side": "green"}]
ROWS = ["..........", "...ff.....", "...ff....."]


def board(name, turns=5, turn_of="green", **units):
    """Blue's hover tank against green's tank and truck, in green's movement."""
    s = state_on(ROWS, units, sides=("blue", "green"), name=name, victory=HOLD, turns=turns, mover=turn_of)
    return until(s, "movement", "green")


@pytest.mark.rule("HS-GAP-6")
def test_the_survivor_is_the_fastest_unit_of_a_side_that_only_has_to_come_through():
    s = board("h1", t=("tank", "green", (1, 1)), k=("truck", "green", (2, 0)), b=("hovertank", "blue", (9, 0)))
    assert survivor(SPEC, s, "green") == "k"           # the truck moves 6, the tank 4
    assert survivor(SPEC, s, "blue") is None           # blue must take a place: no survivor


@pytest.mark.rule("HS-GAP-6")
@pytest.mark.rule("HS-GAP-8")
def test_a_side_with_an_ally_keeps_no_survivor():
    # green only has to come through, as above, but red shares its team: any unit of either will do
    units = dict(t=("tank", "green", (1, 1)), k=("truck", "green", (2, 0)), r=("tank", "red", (3, 2)),
                 b=("hovertank", "blue", (9, 0)))
    s = state_on(ROWS, units, sides=("blue", "green", "red"), teams=(("blue",), ("green", "red")), name="h1a",
                 victory=HOLD, turns=5, mover="green")
    s = until(s, "movement", "green")
    assert survivor(SPEC, s, "green") is None
    alone = board("h1b", t=("tank", "green", (1, 1)), k=("truck", "green", (2, 0)), r=("tank", "green", (3, 2)),
                  b=("hovertank", "blue", (9, 0)))
    assert survivor(SPEC, alone, "green") == "k"       # the same units with no ally: the truck hides
    moving = acts(s, ("unit", "k"))                  # so the truck's end is the evaluation's, not a hideout
    legal = SPEC.legal_actions(moving)
    assert knowledge_of(SPEC).root_order(SPEC, moving, legal, "green")[0][0] != hideouts(SPEC, moving, "green", "k", legal)[0]


@pytest.mark.rule("HS-GAP-6")
@pytest.mark.parametrize("also", [{"kind": "eliminate", "side": "blue", "enemy_fraction": 0.5},
                                  {"kind": "points", "side": "blue", "at_least": 20}, {"kind": "most_points"}])
def test_no_survivor_where_the_enemy_may_also_win_by_destroying_points(also):
    # the board of the first test, where the truck is the survivor; here blue may also win by the
    # points it destroys, so the truck's guns-free hiding saves nothing and none is kept
    units = dict(t=("tank", "green", (1, 1)), k=("truck", "green", (2, 0)), b=("hovertank", "blue", (9, 0)))
    s = until(state_on(ROWS, units, sides=("blue", "green"), name="h1p", victory=HOLD[:1] + [also] + HOLD[1:],
                       turns=5, mover="green"), "movement", "green")
    assert survivor(SPEC, s, "green") is None


@pytest.mark.rule("HS-GAP-6")
@pytest.mark.parametrize("infantry, kept", [(10, "k"), (11, None)])
def test_a_side_too_large_to_be_wiped_out_keeps_no_survivor(infantry, kept):
    # the truck and tank of the first test with infantry beside them: with 12 units on the map
    # the truck still hides; with 13 the army is not destroyed whole, and its guns are missed
    units = dict(t=("tank", "green", (1, 1)), k=("truck", "green", (2, 0)), b=("hovertank", "blue", (9, 0)))
    units.update({f"i{n}": ("inf", "green", (n % 5, 2)) for n in range(infantry)})
    assert survivor(SPEC, board(f"h1f{infantry}", **units), "green") == kept


@pytest.mark.rule("HS-GAP-6")
def test_normal_keeps_no_survivor_out_of_sight():
    # green's fastest unit, its APC, is the survivor; Hard keeps it out of the calliope's sight,
    # Normal (which fires as the basic player does) moves it by the evaluation like any other
    # unit: hiding cost it more guns than it saved units (docs/ai.md)
    s = acts(board("h2n", t=("tank", "green", (0, 0)), k=("apc", "green", (5, 0)),
                   b=("calliope", "blue", (8, 0))), ("unit", "k"))
    assert survivor(SPEC, s, "green") == "k"
    legal = SPEC.legal_actions(s)
    hidden = hideouts(SPEC, s, "green", "k", legal)[0]
    hard, normal = knowledge_of(SPEC), knowledge_of(SPEC).at_strength("normal")
    assert hard.hides and not normal.hides
    assert hard.root_order(SPEC, s, legal, "green")[0][0] == hidden
    assert normal.root_order(SPEC, s, legal, "green")[0][0] != hidden


@pytest.mark.rule("HS-RNG-10")
def test_the_survivor_ends_where_no_enemy_can_see_it_and_the_root_plays_it():
    s = board("h2", t=("tank", "green", (0, 0)), k=("truck", "green", (6, 0)), b=("hovertank", "blue", (9, 2)))
    s = acts(s, ("unit", "k"))
    legal = SPEC.legal_actions(s)
    ends = hideouts(SPEC, s, "green", "k", legal)
    seen = [a for a in ends if a[0] == "hex" and hs.los(s, tuple(hexof(s, 9, 2)), tuple(a[1]))]
    first = tuple(ends[0][1]) if ends[0][0] == "hex" else tuple(hs.hex_of(s, "k"))
    assert seen and not hs.los(s, tuple(hexof(s, 9, 2)), first)       # in sight was on offer
    order = knowledge_of(SPEC).root_order(SPEC, s, legal, "green")
    assert order[0][0] == ends[0]
    # behind a wood, five hexes from the hover tank, hides better than in its sight at seven
    w = state_on(["..........", ".....ff...", ".....ff..."], {"b": ("hovertank", "blue", (9, 0))},
                 sides=("blue", "green"), name="h2w", victory=HOLD)
    enemy, hidden, open_ = (tuple(hexof(w, c, r)) for c, r in ((9, 0), (4, 2), (2, 0)))
    grid = hs.grid(w)
    assert not hs.los(w, enemy, hidden) and hs.los(w, enemy, open_)
    assert grid.distance(enemy, hidden) == 5 and grid.distance(enemy, open_) == 7
    assert hideout_score(w, [enemy], hidden, [], 6) > hideout_score(w, [enemy], open_, [], 6)
    # the tank is no survivor: its ends are the evaluation's, not the hideout's
    t = acts(board("h3", t=("tank", "green", (0, 0)), k=("truck", "green", (6, 0)),
                   b=("hovertank", "blue", (9, 2))), ("unit", "t"))
    assert last_stand(SPEC, t, "green", SPEC.legal_actions(t)) == []


@pytest.mark.rule("HS-GAP-6")
@pytest.mark.rule("HS-MOV-12")
def test_in_the_last_player_turn_every_unit_that_can_goes_into_the_place_the_enemy_must_hold():
    units = dict(t=("tank", "green", (2, 0)), k=("truck", "green", (6, 2)), b=("hovertank", "blue", (0, 0)))
    late = acts(board("h4", turns=1, **units), ("unit", "t"))
    place = ("hex", tuple(hexof(late, 0, 0)))
    legal = SPEC.legal_actions(late)
    assert place in legal and last_stand(SPEC, late, "green", legal) == [place]
    assert knowledge_of(SPEC).root_order(SPEC, late, legal, "green")[0][0] == place
    early = acts(board("h5", turns=5, **units), ("unit", "t"))       # turns remain: no last stand
    assert last_stand(SPEC, early, "green", SPEC.legal_actions(early)) == []


@pytest.mark.rule("HS-DIS-5")
@pytest.mark.rule("HS-DIS-4")
@pytest.mark.rule("HS-SKM-5")
def test_hard_s_fire_weighs_a_disruption_by_what_it_does_to_each_target():
    units = {"i": ("inf", "green", (1, 0)), "t": ("tank", "green", (2, 0)),
             "d": ("tank", "green", (3, 0), 8, {"dis": True}),
             "s": ("slinf", "blue", (4, 0), 8, {"skim": True}), "b": ("hovertank", "blue", (6, 0))}
    s = state_on(["........"], units, name="h6", mover="blue")
    here = {u: tuple(hs.hex_of(s, u)) for u in units}
    assert share_lost(s, "D", "i", here["i"]) == 0.0            # dug-in infantry shrugs it off
    assert share_lost(s, "D", "t", here["t"]) == 0.35
    assert share_lost(s, "D", "d", here["d"]) == 1.0            # disrupted again: eliminated
    assert share_lost(s, "D", "s", here["s"]) == 1.0            # on skimmers: eliminated
    assert share_lost(s, "E", "i", here["i"]) == 1.0
    assert points_taken(s, {"D": 0.5, "-": 0.5}, here["i"], ["i"]) == 0.0
    assert points_taken(s, {"D": 0.5, "-": 0.5}, here["t"], ["t"]) == pytest.approx(0.5 * 0.35 * 17)


@pytest.mark.rule("HS-GAP-6")
def test_in_its_last_movement_a_side_that_must_hold_a_place_goes_into_it_and_stays_there():
    units = dict(t=("tank", "green", (9, 2)), b=("hovertank", "blue", (3, 0)))
    s = state_on(ROWS, units, sides=("blue", "green"), name="h7", victory=HOLD, turns=1, mover="blue")
    s = acts(until(s, "movement", "blue"), ("unit", "b"))
    place = ("hex", tuple(hexof(s, 0, 0)))
    legal = SPEC.legal_actions(s)
    assert last_stand(SPEC, s, "blue", legal) == [place]
    assert knowledge_of(SPEC).root_order(SPEC, s, legal, "blue")[0][0] == place
    there = acts(s, place)                             # a hover tank may move on from there
    assert ("stop",) in SPEC.legal_actions(there)
    assert last_stand(SPEC, there, "blue", SPEC.legal_actions(there)) == [("stop",)]
    # a place the enemy stands in too: with no unit of ours there after this movement the place
    # cannot be held at the end, so the unit goes in (a Close Assault) where the evaluation, which
    # reads the assault's losses and not that the game is lost without it, would keep it out
    two = dict(t=("tank", "green", (0, 0)), u=("tank", "green", (0, 0)), b=("hovertank", "blue", (3, 0)))
    held = state_on(ROWS, two, sides=("blue", "green"), name="h8", victory=HOLD, turns=1, mover="blue")
    held = acts(until(held, "movement", "blue"), ("unit", "b"))
    legal = SPEC.legal_actions(held)
    assert last_stand(SPEC, held, "blue", legal) == [place]
    know = knowledge_of(SPEC)
    assert know.root_order(SPEC, held, legal, "blue")[0][0] == place
    ends = [place] + [a for a in legal if a[0] == "hex" and a != place]
    assert know._by_worth(SPEC, held, ends, "blue")[0] != place        # the evaluation alone stays out
    early = state_on(ROWS, dict(t=("tank", "green", (0, 0)), b=("hovertank", "blue", (3, 0))), sides=("blue", "green"),
                     name="h9", victory=HOLD, turns=2, mover="blue")
    early = acts(until(early, "movement", "blue"), ("unit", "b"))
    assert last_stand(SPEC, early, "blue", SPEC.legal_actions(early)) == []       # not its last movement



@pytest.mark.rule("HS-DIS-4")
@pytest.mark.rule("HS-RNG-8")
def test_a_side_that_only_has_to_come_through_keeps_a_disrupted_unit_out_of_sight():
    # green's disrupted tank may not fire and dies to another disruption: though the truck is the
    # survivor, the tank's ends are hideouts, not the evaluation's pick
    units = dict(t=("tank", "green", (5, 0), 8, {"dis": True}), k=("truck", "green", (0, 0)),
                 b=("hovertank", "blue", (9, 2)))
    s = state_on(["..........", ".....ff...", ".....ff..."], units, sides=("blue", "green"), name="h7",
                 victory=HOLD, mover="green")
    s = acts(until(s, "movement", "green"), ("unit", "t"))
    assert shaken(SPEC.view(s, None), "t") and survivor(SPEC, s, "green") == "k"
    legal = SPEC.legal_actions(s)
    know = knowledge_of(SPEC)
    ends = hideouts(SPEC, s, "green", "t", legal)
    picked = know._by_worth(SPEC, s, [a for a in know.aiming(SPEC, 0).ranked(s, "green") if a in legal], "green")
    assert ends[0] != picked[0]                          # the two ways differ here
    assert know.root_order(SPEC, s, legal, "green")[0][0] == ends[0]
    assert not hs.los(s, tuple(hexof(s, 9, 2)), tuple(ends[0][1]))


@pytest.mark.rule("HS-GAP-8")
def test_a_side_whose_team_only_has_to_come_through_weighs_no_standoffs(monkeypatch):
    # red has no condition of its own and green is its ally: where green only has to come through,
    # red's moves weigh no hexes for their standoff (an attacker's); where green must take the
    # place, they do. The same board, the same enemy, the same place to hold.
    from game.ai.slammers_hide import holds_out
    from game.ai.slammers_search import SlammersKnowledge
    units = dict(r=("tank", "red", (0, 1)), g=("tank", "green", (0, 0)), b=("hovertank", "blue", (7, 1)))
    green_takes = [{"kind": "hold", "side": "green", "places": ["0101"]}, {"kind": "survive", "side": "blue"}]

    def weighed(victory, name):
        s = state_on(ROWS, units, sides=("blue", "green", "red"), teams=(("blue",), ("green", "red")), name=name,
                     victory=victory, turns=5, mover="red")
        s = acts(until(s, "movement", "red"), ("unit", "r"))
        know, asked = SlammersKnowledge(), []
        monkeypatch.setattr(know, "_worth", lambda spec, st, a, side, mounted=False: asked.append(a) or 0.0)
        know.root_order(SPEC, s, SPEC.legal_actions(s), "red")
        return s, set(asked)
    holding, held = weighed(HOLD, "ho1")
    taking, taken = weighed(green_takes, "ho2")
    assert holds_out(SPEC, holding, "red", SPEC.view(holding, None))
    assert not holds_out(SPEC, taking, "red", SPEC.view(taking, None))
    assert held < taken                                # the same ends, less the standoffs
