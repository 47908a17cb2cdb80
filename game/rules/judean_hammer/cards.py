"""The 26 cards, read once from cards.json beside this file and checked (JH-COM-2, JH-GAP-7)."""
from __future__ import annotations

import json
from pathlib import Path

from .board import SIDES

BANNERS = {"green": "maccabean", "purple": "greek", "orange": None}   # JH-CRD-16
EFFECTS = ("place", "remove", "move", "recruit", "attrition")


class CardDataError(ValueError):
    """cards.json cannot be used; the message is one plain sentence."""


def _check(card: dict, where: str) -> None:
    for key, kind in (("id", int), ("title", str), ("ops", int), ("faction", str), ("banner", str),
                      ("modifier", dict), ("text", str), ("effects", list)):
        if not isinstance(card.get(key), kind):
            raise CardDataError(f"{where}: '{key}' is missing or not a {kind.__name__}.")
    if card["faction"] not in SIDES:
        raise CardDataError(f"{where}: faction must be maccabean or greek.")
    if card["banner"] not in BANNERS:
        raise CardDataError(f"{where}: banner must be green, purple or orange.")
    if BANNERS[card["banner"]] not in (None, card["faction"]):
        raise CardDataError(f"{where}: a {card['banner']} banner does not fit a {card['faction']} card.")
    mod = card["modifier"]
    if mod.get("faction") not in SIDES or not isinstance(mod.get("value"), int):
        raise CardDataError(f"{where}: the combat modifier needs a faction and a whole-number value.")
    if card["banner"] == "orange" and mod["faction"] == card["faction"]:
        raise CardDataError(f"{where}: a sacrifice card's modifier must favour the opponent (JH-CRD-14).")
    if not 1 <= card["ops"] <= 4:
        raise CardDataError(f"{where}: OPs must be 1 to 4.")
    for effect in card["effects"]:
        if effect.get("do") not in EFFECTS:
            raise CardDataError(f"{where}: unknown effect {effect.get('do')!r}.")


def load(path: Path | None = None) -> dict:
    """id -> card dict, from cards.json; raises CardDataError with one sentence."""
    path = path or Path(__file__).with_name("cards.json")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path.name} cannot be read ({exc.__class__.__name__}).") from None
    cards = {}
    for i, card in enumerate(data.get("cards", []), 1):
        _check(card, f"{path.name}, card {i}")
        if card["id"] in cards:
            raise CardDataError(f"{path.name}: card id {card['id']} is used twice.")
        cards[card["id"]] = card
    if len(cards) != 26:
        raise CardDataError(f"{path.name}: the deck must hold 26 cards, not {len(cards)} (JH-COM-2).")
    orange = sum(1 for c in cards.values() if c["banner"] == "orange")
    if orange != 3:
        raise CardDataError(f"{path.name}: the deck must hold 3 sacrifice cards, not {orange} (JH-CRD-15).")
    return cards


CARDS = load()
IDS = tuple(sorted(CARDS))
