"""A corpus of broken scenario files (tests/files/slammers_scenarios_broken): each is refused on load
with its own plain line naming the file and the problem, never a traceback.

expected.txt holds, for each file, the one sentence it must produce."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.rules.slammers import SPEC, scenarios

rule = pytest.mark.rule
CORPUS = Path(__file__).resolve().parents[1] / "files" / "slammers_scenarios_broken"


def expected() -> dict:
    """File name -> the sentence its refusal must be."""
    out = {}
    for line in (CORPUS / "expected.txt").read_text(encoding="utf-8").splitlines():
        name, _, words = line.partition(": ")
        out[name] = f"{name}: {words}"
    return out


def test_the_corpus_lists_each_file_once_and_every_message_differs():
    files = sorted(p.name for p in CORPUS.glob("*.json"))
    assert files == sorted(expected()) and len(files) >= 15
    assert len(set(expected().values())) == len(files)


@rule("HS-SET-2")
@pytest.mark.parametrize("name", sorted(expected()))
def test_each_broken_file_is_refused_with_its_own_plain_line(name):
    with pytest.raises(scenarios.ScenarioProblem) as err:
        scenarios.load_file(CORPUS / name)
    assert str(err.value) == expected()[name]
    assert "\n" not in str(err.value) and "Traceback" not in str(err.value)


@rule("HS-SET-1")
def test_a_battle_needs_two_armies():
    with pytest.raises(scenarios.ScenarioProblem, match="a battle needs two to four"):
        scenarios.load_file(CORPUS / "one_army.json")


def test_a_players_broken_file_is_listed_and_refused_by_setup(private_data_dir):
    folder = scenarios.user_dir()
    folder.mkdir(parents=True)
    for name in ("over_stacked.json", "not_json.json"):
        shutil.copy(CORPUS / name, folder / name)
    assert {"over_stacked", "not_json"} <= set(SPEC.scenario_names())
    for stem in ("over_stacked", "not_json"):
        with pytest.raises(scenarios.ScenarioProblem) as err:
            SPEC.setup(1, stem)
        assert str(err.value) == expected()[f"{stem}.json"]
