"""The checks that guard the game: the fuzzer's invariants and the card file's validation."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.rules.judean_hammer import SPEC, cards

from .helpers import play, position

M, G = "maccabean", "greek"
CARD_FILE = Path(cards.__file__).with_name("cards.json")


def _fresh():
    """A fresh round after one whole round was scored (awards recorded)."""
    state = position(units={M: {"Modein": 1}, G: {"Samaria": 1}}, hands={M: [10], G: [17]})
    return play(state, ("card", 10), ("ops",), ("move",), ("done",), ("card", 17), ("ops",), ("move",),
                ("done",))


def test_a_sound_game_breaks_no_invariant():
    assert SPEC.invariants(_fresh()) == []
    assert SPEC.invariants(SPEC.setup(4)) == []


@pytest.mark.parametrize("breakage, words", [
    (lambda s: s["units"][M].update({"Modein": 0}), "maccabean has an empty or negative stack"),
    (lambda s: s["units"][G].update({"Samaria": -1}), "greek has an empty or negative stack"),
    (lambda s: s["stock"].update({G: s["stock"][G] - 1}), "greek cubes on map, in stockpile and on the VP track"),
    (lambda s: s["stock"].update({M: -1}), "maccabean cubes"),
    (lambda s: s["draw"].pop(), "the 26 cards are not all accounted for once (25 found)"),
    (lambda s: s["draw"].append(s["draw"][0]), "(27 found)"),
    (lambda s: s["units"][M].update({"Samaria": 1}), "both factions in ['Samaria'] outside a battle"),
    (lambda s: s["vp"].update({M: s["vp"][M] + 1}), "maccabean VP changed outside Score Regions"),
    (lambda s: s["vp"].update({G: s["vp"][G] - 1}), "greek VP changed outside Score Regions"),
])
def test_each_invariant_is_checked(breakage, words):
    state = _fresh()
    breakage(state)
    problems = SPEC.invariants(state)
    assert any(words in p for p in problems), problems


def test_stacks_over_three_and_a_wrong_award_are_caught_at_a_fresh_round():
    state = _fresh()
    state["units"][G]["Samaria"] = 4
    state["stock"][G] -= 3
    assert any("more than 3 units after check supply in ['Samaria']" in p for p in SPEC.invariants(state))
    state = _fresh()
    state["awards"][-1] = [5, 5]
    state["vp"] = {M: 5, G: 5}
    problems = SPEC.invariants(state)
    assert "the last VP award does not match region control" in problems
    assert not any("VP changed" in p for p in problems)


def test_mid_round_stacks_and_cards_in_play_are_not_flagged():
    state = position(units={M: {"Modein": 5}, G: {"Samaria": 1}}, hands={M: [10], G: [17]})
    state = play(state, ("card", 10), ("ops",), ("move",), ("done",))
    assert SPEC.invariants(state) == []                  # over 3 is allowed until Check Supply


# -- cards.json ----------------------------------------------------------------
def _deck():
    return json.loads(CARD_FILE.read_text(encoding="utf-8"))


def _load(tmp_path, data):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return cards.load(path)


def test_the_shipped_cards_load(tmp_path):
    assert _load(tmp_path, _deck()) == cards.CARDS and len(cards.CARDS) == 26


def _edit(field, value, index=0):
    def change(deck):
        card = deck["cards"][index]
        if value is None:
            del card[field]
        else:
            card[field] = value
    return change


@pytest.mark.parametrize("change, message", [
    (_edit("title", None), "cards.json, card 1: 'title' is missing or not a str."),
    (_edit("ops", "two"), "cards.json, card 1: 'ops' is missing or not a int."),
    (_edit("effects", {}), "cards.json, card 1: 'effects' is missing or not a list."),
    (_edit("faction", "roman"), "cards.json, card 1: faction must be maccabean or greek."),
    (_edit("banner", "blue"), "cards.json, card 1: banner must be green, purple or orange."),
    (_edit("banner", "purple"), "cards.json, card 1: a purple banner does not fit a maccabean card."),
    (_edit("modifier", {"faction": "roman", "value": 1}),
     "cards.json, card 1: the combat modifier needs a faction and a whole-number value."),
    (_edit("modifier", {"faction": "greek", "value": "1"}),
     "cards.json, card 1: the combat modifier needs a faction and a whole-number value."),
    (_edit("modifier", {"faction": "maccabean", "value": 3}, 23),
     "cards.json, card 24: a sacrifice card's modifier must favour the opponent (JH-CRD-14)."),
    (_edit("ops", 0), "cards.json, card 1: OPs must be 1 to 4."),
    (_edit("ops", 5), "cards.json, card 1: OPs must be 1 to 4."),
    (_edit("effects", [{"do": "fly"}]), "cards.json, card 1: unknown effect 'fly'."),
    (_edit("id", 2), "cards.json: card id 2 is used twice."),
    (lambda d: d["cards"].pop(), "cards.json: the deck must hold 26 cards, not 25 (JH-COM-2)."),
    (_edit("banner", "green", 23), "cards.json: the deck must hold 3 sacrifice cards, not 2 (JH-CRD-15)."),
])
def test_a_broken_card_file_is_refused_with_one_sentence(tmp_path, change, message):
    deck = _deck()
    change(deck)
    with pytest.raises(cards.CardDataError) as err:
        _load(tmp_path, deck)
    assert str(err.value) == message


def test_limits_of_the_card_values_are_accepted(tmp_path):
    deck = _deck()
    deck["cards"][0]["ops"] = 4
    deck["cards"][1]["ops"] = 1
    assert _load(tmp_path, deck)[1]["ops"] == 4


def test_an_unreadable_card_file_is_named(tmp_path):
    with pytest.raises(cards.CardDataError, match=r"^cards.json cannot be read \(JSONDecodeError\).$"):
        _load(tmp_path, "{not json")
    with pytest.raises(cards.CardDataError, match=r"^missing.json cannot be read \(FileNotFoundError\).$"):
        cards.load(tmp_path / "missing.json")
