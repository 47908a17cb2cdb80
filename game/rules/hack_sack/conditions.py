"""The State of the State (HSNJ-SOS-*): the 2d6 roll each Reinforcement Phase and what the condition does."""
from __future__ import annotations

from . import board as boards
from . import data, pieces


def current(state: dict) -> dict:
    """The condition in force now (its table entry)."""
    return data.condition(state["condition"]["key"])


def traffic_max(state: dict) -> int:
    """The highest die that gets a break in traffic (3 in normal conditions, HSNJ-MOV-10)."""
    return current(state)["traffic"]


def no_range(state: dict) -> bool:
    """True while no attack may be made beyond adjacent hexes."""
    return current(state)["no_range"]


def no_leaders(state: dict) -> bool:
    """True while Centurions and Bruce give no column shift."""
    return current(state)["no_leaders"]


def roll(state: dict) -> None:
    """Roll 2d6 on the table; a new condition replaces the old one and its action happens now."""
    values = pieces.roll(state, "State of the State", 2)
    total = sum(values)
    entry = data.sos()["rolls"][str(total)]
    pieces.own_part(state, "condition")["roll"] = total
    if entry.get("nothing_changes"):
        # HSNJ-AMBIG-23, SOS-6: the old condition stays and no action is taken.
        pieces.log(state, None, f"State of the State {pieces.dice_text(values)} = {total}: "
                                f"{entry['name']}; {current(state)['name']} stays in force.")
        return
    pieces.own_part(state, "condition")["key"] = entry["key"]       # HSNJ-SOS-2, SOS-3
    pieces.log(state, None, f"State of the State {pieces.dice_text(values)} = {total}: "
                            f"{entry['name']}. {entry['flavour']}")
    if entry.get("action"):
        ACTIONS[entry["action"]](state)             # HSNJ-SOS-4, SOS-5


def _confuse_krylons_in_cities(state: dict) -> None:
    b = boards.of(state)
    for u in pieces.on_map(state, "krylon"):
        if pieces.cls(u) == "L" and b.cls[tuple(u["hex"])] == "city" and not u["confused"]:
            pieces.own(state, u["id"])["confused"] = True
            pieces.log(state, "krylon", f"{u['name']} is Confused by the television.")


def _recover(state: dict, sides: tuple) -> None:
    for u in list(pieces.units(state)):
        if u["side"] in sides and u["confused"] and not pieces.t(u).get("cow"):
            pieces.own(state, u["id"])["confused"] = False
            pieces.log(state, u["side"], f"{u['name']} recovers.")


ACTIONS = {
    "confuse_krylons_in_cities": _confuse_krylons_in_cities,
    "recover_jerseyites": lambda state: _recover(state, ("jerseyite",)),
    "recover_all": lambda state: _recover(state, ("krylon", "jerseyite")),
}
