"""The state of a game of Battle for Armageddon and the small operations every module shares.

Where a counter is (BFA-COM-1: all 145 in exactly one place): ``state["at"]`` maps every
counter id to one place, an area name or one of the off-map ``BOXES``; ``state["stacks"]``
is the same for map areas only, ``{area: [id, ...]}`` bottom first (BFA-STK-1: all of one
side's counters in an area are its one stack), kept in step by ``put``. Everything that
moves a counter goes through ``put`` (or ``eliminate``), so the two never disagree.
"""
from __future__ import annotations

from game.core import record, rng
from game.core.statecopy import Shape

from . import data

SIDES = data.SIDES
SET_ASIDE = "Set aside"          # BFA-SET-6: Imperial counters not in the order of battle
UNPLACED = "Unplaced"            # Ork counters before the Ork player has set them up (BFA-SET-8)
ELIMINATED = "Eliminated"        # may come back: built (BFA-IBL-5) or rebuilt (BFA-OBL-2)
OUT = "Out of play"              # can never come back (Ghazghkull BFA-OBL-3, BFA-IBL-4, fortifications)
READY = "Ready"                  # the production track's Ready box (BFA-IBL-11)
TURN_TRACK = "Turn track"        # the turn marker (BFA-SET-2)
BP_TRACK = "Build point track"   # the build point marker (BFA-SET-1)
PRODUCTION = tuple(f"Production {n}" for n in (4, 3, 2, 1))   # spaces left of the Ready box
BOXES = (SET_ASIDE, UNPLACED, ELIMINATED, OUT, READY, TURN_TRACK, BP_TRACK) + PRODUCTION


def production_box(space: int) -> str:
    """The off-map box of a production track space (1 is next to the Ready box)."""
    return f"Production {space}"


def other(side: str) -> str:
    """The other side."""
    return "ork" if side == "imperial" else "imperial"


# ---------------------------------------------------------------- copying a state
# How apply copies a state (game.core.statecopy), the Flow's hot path: ``at`` holds strings and
# ``stacks`` lists that are replaced, never changed in place (``put``), so one level is enough for
# them, as for the flat lists and the card effects in force (replaced, never changed); the card
# piles (and the special cards used) are side -> value, shared between the copies: they change
# only through ``set_pile``, which replaces the whole dict. The segment's record changes only its own fields, the combat phase's
# its ``fought`` list, the dice record its ``values``. A step frame changes its own lists in place
# (one level), except a battle's tasks and cards, whose entries change too (copied whole); a
# movement phase's enemy areas and a battle's attacking stacks never change once made (shared);
# a battle's roll changes its own fields and its list of rolls. Its other dicts are copied whole.
# A key another module adds is copied whole.
_FRAME = Shape(share=("enemy", "attackers"), deep=("tasks", "cards"),
               parts={"battle": Shape(copy=("rolls",), rest="share")}, rest="lists")
SHAPE = Shape(share=("game", "map", "turn", "stage", "build_points", "initiative", "result", "reveals",
                     "event_serial", "hands", "decks", "discards", "plan", "revealed", "special_used"),
              copy=("at", "stacks", "events", "ruins", "moved", "attacked", "retreated", "effects"),
              parts={"rng": rng.SHAPE, "dice": record.DICE_SHAPE, "segment": Shape(rest="share"),
                     "combat": Shape(copy=("fought",), rest="share")},
              frames=_FRAME, on_write=("log",))    # the log: copied only by an action that adds a line
copy = SHAPE.copier()


def set_pile(state: dict, pile: str, side: str, value) -> None:
    """Give ``side`` a new card pile (hands, decks, discards, plan, revealed) or special-card mark;
    the dict is replaced, never changed, because copies of the state share it."""
    state[pile] = {**state[pile], side: value}


# ---------------------------------------------------------------- counters
SIDE = {cid: c["side"] for cid, c in data.counters().items()}


def side_of(cid: str) -> str:
    """imperial or ork."""
    return SIDE[cid]


def values(cid: str) -> tuple:
    """attack, defence, movement as printed (BFA-COM-3)."""
    c = data.counters()[cid]
    return c["attack"], c["defence"], c["move"]


def is_unit(cid: str) -> bool:
    """A counter that fights and moves (units and leaders), not a hive, factory, fort or marker."""
    return data.role(cid) in ("unit", "leader")


TRIBE = {cid: c.get("tribe") for cid, c in data.counters().items()}
COUNTS = {cid: not data.stack_exempt(cid) for cid in data.counters()}


def tribe(cid: str) -> str | None:
    """An Ork counter's tribe (BFA-COM-5; Ghazghkull is a Goff, BFA-AMBIG-4)."""
    return TRIBE[cid]


def counts(cid: str) -> bool:
    """Whether a counter counts toward the stacking limit (BFA-STK-2, -3)."""
    return COUNTS[cid]


# ---------------------------------------------------------------- where things are
def put(state: dict, cid: str, place: str) -> str:
    """Move a counter to an area (on top of the stack there) or a box; returns where it was."""
    was = state["at"][cid]
    stacks = state["stacks"]
    if was in stacks:
        rest = [c for c in stacks[was] if c != cid]
        if rest:
            stacks[was] = rest
        else:
            del stacks[was]
    state["at"][cid] = place
    if place not in BOXES:
        stacks[place] = stacks.get(place, []) + [cid]
    return was


def in_box(state: dict, box: str) -> list:
    """The counters in an off-map box, in id order."""
    return sorted(c for c, p in state["at"].items() if p == box)


def on_map(state: dict, cid: str) -> bool:
    """Whether a counter stands in a map area."""
    return state["at"][cid] in state["stacks"]


def stack(state: dict, area: str, side: str | None = None) -> list:
    """The counters in an area, bottom first (one side's only when ``side`` is given)."""
    pile = state["stacks"].get(area, ())
    return [c for c in pile if side_of(c) == side] if side else list(pile)


def ruined(state: dict, cid: str) -> bool:
    """Whether a hive or factory shows its smoking ruins side (BFA-HIV-2)."""
    return cid in state["ruins"]


def holds(state: dict, area: str, side: str) -> bool:
    """Whether ``side`` has a counter in ``area`` that counts as its own for movement and supply.

    A smoking ruin belongs to neither side; an intact hive or factory is Imperial (BFA-AMBIG-14).
    """
    ruins, sides = state["ruins"], SIDE
    for c in state["stacks"].get(area, ()):
        if sides[c] == side and c not in ruins:
            return True
    return False


def occupied_by(state: dict, side: str) -> frozenset:
    """Every area where ``side`` holds a counter (see ``holds``)."""
    ruins, sides = state["ruins"], SIDE
    out = []
    for a, pile in state["stacks"].items():
        for c in pile:
            if sides[c] == side and c not in ruins:
                out.append(a)
                break
    return frozenset(out)


def industry_at(state: dict, area: str) -> str | None:
    """The hive or factory counter standing in an area, if any."""
    for c in state["stacks"].get(area, ()):
        if data.role(c) in ("hive", "factory"):
            return c
    return None


def eliminate(state: dict, cid: str) -> str:
    """Take a counter off the map for good or until built again; returns its box.

    Counters that can never return go out of play: Ghazghkull (BFA-OBL-3), Imperial counters
    with no build cost such as the Space Marines, leaders and fortifications (BFA-IBL-4,
    BFA-GAP-19). Every other counter waits in the Eliminated box (BFA-IBL-5, BFA-OBL-2).
    """
    c = data.counters()[cid]
    never = c["type"] == "ghazghkull" or (c["side"] == "imperial" and data.cost(c["type"]) is None)
    box = OUT if never else ELIMINATED
    put(state, cid, box)
    event(state, "eliminated", counter=cid, side=c["side"], box=box)
    return box


def set_ruined(state: dict, cid: str, ruin: bool) -> None:
    """Flip a hive or factory; the build point track follows its defence (BFA-HIV-4, -5)."""
    if ruin == (cid in state["ruins"]):
        return
    d = data.counters()[cid]["defence"]
    if ruin:
        state["ruins"] = sorted(state["ruins"] + [cid])
        state["build_points"] -= d
    else:
        state["ruins"] = [c for c in state["ruins"] if c != cid]
        state["build_points"] += d
    event(state, "ruined" if ruin else "rebuilt", counter=cid, area=data.counters()[cid]["area"],
          build_points=state["build_points"])


INDUSTRY = tuple(sorted(c for c in data.counters() if data.role(c) in ("hive", "factory")))


def intact_value(state: dict) -> int:
    """The defence values of the intact hives and factories (BFA-HIV-3): the build point track."""
    return sum(data.counters()[c]["defence"] for c in INDUSTRY if c not in state["ruins"])


# ---------------------------------------------------------------- words and events
def log(state: dict, text: str, side: str | None = None) -> None:
    """A line of the log for people (tinted for a side when one is named)."""
    record.log(state, text, side)


def event(state: dict, kind: str, **fields) -> dict:
    """Record a structured event (the kit's record, game.core.record.event) with the turn.

    A state holds only the events of the action that made it; the session keeps the record.
    Events are public: a card drawn in secret is never named in one.
    """
    return record.event(state, kind, turn=state["turn"], **fields)


def name(cid: str) -> str:
    """A counter's name as printed."""
    return data.counters()[cid]["name"]


def card_name(card_id: str) -> str:
    """A strategy or special card's name."""
    return CARD_NAMES[card_id]


CARD_NAMES = {c["id"]: c["name"] for kind in ("strategy", "special") for side in SIDES
              for c in data.cards()[kind][side]}
STRATEGY = {side: tuple(c["id"] for c in data.strategy_cards(side)) for side in SIDES}
PHASES_OF = {c["id"]: tuple(c["phases"]) for side in SIDES for c in data.strategy_cards(side)}
SPECIAL = {side: tuple(c["id"] for c in data.special_cards(side)) for side in SIDES}
