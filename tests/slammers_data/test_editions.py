"""Scenario editions: a shipped scenario revised after players could save it keeps what it was,
and a save made before the revision loads and plays on as it was played (HS-GAP-5)."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.ai.slammers import SlammersBot
from game.core.session import SaveError, Session, from_text
from game.rules.slammers import SPEC, scenarios

REVISED = ("learning", "firebase", "holloway")
OLD_SAVE = Path(__file__).resolve().parents[1] / "fixtures" / "saves" / "slammers_learning_2026-12-03.json"


def played(scenario: str, edition: int | None, moves: int = 40) -> Session:
    """A game of a scenario's edition (None: the latest), the basic player on both sides."""
    session = Session(SPEC, 5, scenario, {} if edition is None else {"edition": edition})
    bot = SlammersBot(SPEC, 5)
    for _ in range(moves):
        who = SPEC.active(session.state)
        session.apply(bot.choose(session.state, who))
    return session


def as_saved_before_editions(session: Session) -> str:
    """The session's save as the program wrote it before scenarios had editions: no edition option."""
    data = session.to_json()
    data["options"] = {k: v for k, v in data["options"].items() if k != "edition"}
    return json.dumps(data)


@pytest.mark.parametrize("name", REVISED)
def test_each_revised_scenario_keeps_a_first_edition_that_sets_up_another_battle(name):
    assert SPEC.editions(name) == [1]
    assert SPEC.editions("stile") == []                      # one never revised has no earlier edition
    now, then = scenarios.load(name), scenarios.load(name, 1)
    assert now.units != then.units or now.turns != then.turns
    assert now.title == then.title and now.board is not then.board


def test_the_learning_game_s_first_edition_had_two_combat_cars_and_the_second_three():
    def cars(s):
        return sum(1 for u in s.units if u["side"] == "blue" and u["type"] == "combat_car")
    assert (cars(scenarios.load("learning", 1)), cars(scenarios.load("learning"))) == (2, 3)


@pytest.mark.parametrize("name", REVISED)
def test_a_save_made_before_a_revision_loads_on_its_edition_and_saves_it(name):
    before = played(name, 1)
    loaded = from_text(as_saved_before_editions(before), f"{name}.json")
    assert loaded.options == {"edition": 1}
    assert loaded.state == before.state
    again = from_text(json.dumps(loaded.to_json()), "again.json")     # now named, tried first
    assert again.state == before.state and again.options == {"edition": 1}


def test_the_save_of_3_december_plays_on_as_the_first_edition():
    session = from_text(OLD_SAVE.read_text(encoding="utf-8"), OLD_SAVE.name)
    assert session.options == {"edition": 1}
    cars = [u for u, d in session.state["units"].items() if d["type"] == "slammers:combat_car"]
    assert len(cars) == 2


def test_a_save_of_the_latest_edition_names_none_and_a_changed_one_is_still_refused():
    session = played("learning", None)
    data = session.to_json()
    assert data["options"] == {}
    assert from_text(json.dumps(data), "today.json").state == session.state
    broken = copy.deepcopy(data)
    broken["snapshot"]["turn"] = broken["snapshot"]["turn"] + 1
    with pytest.raises(SaveError, match="has been changed"):
        from_text(json.dumps(broken), "changed.json")


def test_an_edition_a_scenario_never_had_is_refused_in_one_line():
    with pytest.raises(scenarios.ScenarioProblem, match="learning.json: has no edition 7 .it is edition 2."):
        scenarios.load("learning", 7)
    data = played("learning", None, 2).to_json()
    for bad in (7, "first", [1], 0, True):
        data["options"] = {"edition": bad}
        with pytest.raises(SaveError) as err:
            from_text(json.dumps(data), "odd.json")
        assert "\n" not in str(err.value) and "edition" in str(err.value)


def test_a_player_s_scenario_with_a_broken_edition_list_is_refused_in_one_line(tmp_path):
    raw = json.loads((scenarios.HERE / "learning.json").read_text(encoding="utf-8"))
    for earlier in ([{"edition": 2, "length": {"turns": 3}}], [{"length": {"turns": 3}}], {"edition": 1},
                    [{"edition": 1, "name": "other"}]):
        path = tmp_path / "mine.json"
        path.write_text(json.dumps(dict(raw, earlier=earlier)), encoding="utf-8")
        with pytest.raises(scenarios.ScenarioProblem, match="^mine.json: edition and earlier must be"):
            scenarios.load_file(path)
