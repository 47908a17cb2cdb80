"""A player's own scenarios: a copied and changed file in the data folder is listed for a new game,
set up, saved and loaded like a shipped one; a broken one is refused with one plain sentence."""
from __future__ import annotations

import json

import pytest

from game.core.savefile import SaveError, check_save
from game.rules import GAMES
from game.rules.slammers import SPEC, scenarios


def _own(name: str, change=None) -> dict:
    """The learning scenario copied into the player's folder under ``name``, changed by ``change``."""
    raw = json.loads((scenarios.HERE / "learning.json").read_text(encoding="utf-8"))
    raw["name"], raw["title"] = name, "My own learning game"
    raw["length"]["turns"] = 3
    if change:
        change(raw)
    folder = scenarios.user_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(raw), encoding="utf-8")
    return raw


def _save(scenario: str) -> dict:
    return {"format": 1, "game": "slammers", "scenario": scenario, "seed": 4, "options": {},
            "seats": {"tan": "human", "blue": "human"}, "actions": []}


def test_a_copied_scenario_is_listed_after_the_shipped_ones_and_plays():
    assert "my_learning" not in SPEC.scenario_names()
    _own("my_learning")
    names = SPEC.scenario_names()
    assert names[:len(SPEC.scenarios)] == tuple(SPEC.scenarios) and names[-1] == "my_learning"
    state = SPEC.setup(4, "my_learning")
    assert state["turns"] == 3 and SPEC.active(state) is not None
    assert check_save(_save("my_learning"), "mine.json", GAMES, lambda game, seat: True) is SPEC


def test_a_shipped_name_is_never_shadowed():
    _own("learning", lambda raw: raw["length"].update(turns=2))
    assert SPEC.scenario_names().count("learning") == 1
    assert SPEC.setup(4, "learning")["turns"] != 2


def test_a_broken_own_scenario_is_listed_and_refused_in_one_sentence():
    _own("broken", lambda raw: raw["morale"].update(tan=12))
    assert "broken" in SPEC.scenario_names()
    with pytest.raises(scenarios.ScenarioProblem) as err:
        SPEC.setup(4, "broken")
    message = str(err.value)
    assert "broken.json" in message and "morale" in message and "\n" not in message


def test_a_save_of_a_scenario_that_is_gone_is_refused():
    with pytest.raises(SaveError, match="does not have"):
        check_save(_save("never_made"), "old.json", GAMES, lambda game, seat: True)
