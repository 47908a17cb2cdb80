"""Seating for one to four players with alliances."""
from __future__ import annotations

import pytest

from game.core.sides import Seating, SeatingError


def test_two_sides_each_has_one_other():
    seats = Seating(("red", "blue"))
    assert seats.other("red") == "blue" and seats.other("blue") == "red"
    assert seats.next("blue") == "red" and seats.order_from("blue") == ("blue", "red")
    assert seats.allies("red") == () and seats.enemies("red") == ("blue",)


def test_four_players_in_two_alliances():
    seats = Seating(("a", "b", "c", "d"), (("a", "c"), ("b", "d")))
    assert seats.allies("a") == ("c",) and seats.enemies("a") == ("b", "d")
    assert seats.allied("b", "d") and not seats.allied("a", "b") and seats.allied("a", "a")
    assert seats.next("d") == "a" and seats.order_from("c") == ("c", "d", "a", "b")
    with pytest.raises(SeatingError, match="2 enemies"):
        seats.other("a")


def test_three_players_each_alone_and_one_player_alone():
    seats = Seating(("a", "b", "c"))
    assert seats.enemies("b") == ("a", "c") and seats.teams == (("a",), ("b",), ("c",))
    solo = Seating(("a",))
    assert solo.enemies("a") == () and solo.next("a") == "a"


@pytest.mark.parametrize("sides, teams, message", [
    ((), (), "1 to 4"), (("a", "b", "c", "d", "e"), (), "1 to 4"), (("a", "a"), (), "twice"),
    (("a", "b"), (("a",),), "exactly once"), (("a", "b"), (("a", "b"), ("b",)), "exactly once")])
def test_tables_that_cannot_be_are_refused_in_one_line(sides, teams, message):
    with pytest.raises(SeatingError, match=message) as err:
        Seating(sides, teams)
    assert "\n" not in str(err.value)


def test_seating_round_trips_through_json_and_shrinks_for_fewer_players():
    seats = Seating(("a", "b", "c", "d"), (("a", "b"), ("c", "d")))
    assert Seating.from_data(seats.to_data()) == seats
    assert seats.for_players(2).sides == ("a", "b")
    with pytest.raises(SeatingError):
        seats.for_players(5)
    with pytest.raises(SeatingError, match="not a side"):
        seats.enemies("z")
