"""Build phases: the Imperial production track and the Ork rebuilds (BFA-IBL-*, BFA-OBL-*, BFA-HIV-*).

Imperial: the build points of the phase are the track's value (halved, rounded down, on turn
1), spent on counters set aside or eliminated and on rebuilding smoking ruins; what is not
spent is lost. Counters bought go on their production space, then the whole track moves one
space toward the Ready box, and Ready counters may be placed with an intact hive or factory.
Orks: one counter back for every two smoking ruins they hold, placed on a held ruin or in an
Ork supply area.
"""
from __future__ import annotations

from game.core.steps import Step

from . import board as boards
from . import data, hooks
from .flow import FLOW
from .holdings import effects, fighters, has_enemy, industry_in, info, restore, room_for
from .model import (COUNTS, ELIMINATED, INDUSTRY, READY, SET_ASIDE, event, in_box, log, name, production_box, put,
                    side_of)

SPACES = (1, 2, 3, 4)
# Imperial counters of a type with a build cost: the only ones ever bought (BFA-IBL-4).
COSTED = frozenset(c for c, v in data.counters().items()
                   if v["side"] == "imperial" and data.cost(v["type"]) is not None)


@hooks.phase("build")
def begin(state: dict, side: str) -> bool:
    """Start ``side``'s build phase (BFA-ACT-3); False when there is nothing to decide in it."""
    return begin_imperial(state) if side == "imperial" else begin_ork(state)


# ---------------------------------------------------------------- Imperial
def phase_points(state: dict) -> int:
    """Build points for this phase: the track, halved on turn 1 (BFA-IBL-2, BFA-FTS-4, BFA-AMBIG-6, -15)."""
    value = state["build_points"]
    if state["turn"] == 1:
        value //= data.build()["first_turn_divisor"]
    return value + sum(e["value"] for e in effects(state, "build_points", "imperial"))


def buyable(state: dict) -> list:
    """Imperial counters that may be bought: set aside or eliminated, of a type with a cost (BFA-IBL-4, -5)."""
    return sorted(c for c, p in state["at"].items() if (p == SET_ASIDE or p == ELIMINATED) and c in COSTED)


def rebuildable(state: dict) -> list:
    """Areas whose smoking ruins the Imperium may rebuild: its units there and no Ork (BFA-GAP-17)."""
    out = []
    for c in state["ruins"]:
        area = info(c)["area"]
        if fighters(state, area, "imperial") and not has_enemy(state, area, "imperial"):
            out.append(area)
    return sorted(out)


def drop_zones(state: dict) -> list:
    """Areas holding an intact hive or factory (BFA-IBL-13, BFA-AMBIG-16)."""
    ruins = state["ruins"]
    return sorted(info(c)["area"] for c in INDUSTRY if c not in ruins)


def begin_imperial(state: dict) -> bool:
    """Start an Imperial build phase; False when there is nothing at all to do in it."""
    points = phase_points(state)
    frame = {"side": "imperial", "points": points, "spent": 0, "bought": [], "stage": "buy"}
    log(state, f"build phase: {points} build points (BFA-IBL-2).", "imperial")
    event(state, "build_phase", side="imperial", points=points, track=state["build_points"], clause="BFA-IBL-2")
    if not _imp_actions(state, frame)[:-1]:
        _advance_track(state)
        if not _place_actions(state)[:-1]:
            return False
        frame["stage"] = "place"
    FLOW.call(state, "bfa_build_imperial", **frame)
    return True


def _left(frame: dict) -> int:
    return frame["points"] - frame["spent"]


def _imp_actions(state: dict, frame: dict) -> list:
    if frame["stage"] == "place":
        return _place_actions(state)
    left = _left(frame)
    out = [("buy", c) for c in buyable(state) if data.cost(info(c)["type"]) <= left]
    out += [("rebuild", a) for a in rebuildable(state) if info(industry_in(state, a))["defence"] <= left]
    return out + [("done",)]


def _imp_allows(state: dict, frame: dict, action) -> bool:
    """Exactly ``action in _imp_actions(state, frame)``; a purchase judged without the list."""
    if action == ("done",):
        return True
    if frame["stage"] == "buy" and type(action) is tuple and len(action) == 2 and action[0] == "buy":
        cid = action[1]
        return (type(cid) is str and cid in COSTED and state["at"][cid] in (SET_ASIDE, ELIMINATED)
                and data.cost(info(cid)["type"]) <= _left(frame))
    return action in _imp_actions(state, frame)


def _place_actions(state: dict) -> list:
    out = []
    ready = in_box(state, READY)
    if ready:
        zones, fits = drop_zones(state), {}
        for cid in ready:
            # Whether an Imperial counter fits depends only on whether it counts (BFA-STK-2, -3).
            ok = fits.get(COUNTS[cid])
            if ok is None:
                ok = fits[COUNTS[cid]] = [a for a in zones if room_for(state, a, cid)]
            out += [("place", cid, a) for a in ok]
    return out + [("done",)]


def _imp_prompt(state: dict, frame: dict) -> str:
    if frame["stage"] == "place":
        return "Place Ready counters with an intact hive or factory, or Done (BFA-IBL-11, -13)."
    return f"Build: {_left(frame)} of {frame['points']} build points left; unspent points are lost (BFA-IBL-7)."


def _on_buy(state: dict, frame: dict, cid: str) -> None:
    kind = info(cid)["type"]
    price = data.cost(kind)
    frame["spent"] += price
    frame["bought"].append(cid)
    space = data.production_space(kind)
    put(state, cid, production_box(space))                             # BFA-IBL-8
    event(state, "build", side="imperial", counter=cid, cost=price, space=space, clause="BFA-IBL-8")
    log(state, f"buys {name(cid)} for {price} ({_left(frame)} left).", "imperial")


def _on_rebuild(state: dict, frame: dict, area: str) -> None:
    ind = industry_in(state, area)
    frame["spent"] += info(ind)["defence"]
    restore(state, ind)
    log(state, f"rebuilds {name(ind)} for {info(ind)['defence']} ({_left(frame)} left).", "imperial")


def _on_imp_done(state: dict, frame: dict) -> None:
    if frame["stage"] == "buy":
        lost = _left(frame)
        event(state, "build_done", side="imperial", spent=frame["spent"], lost=lost, clause="BFA-IBL-7")
        _advance_track(state)
        frame["stage"] = "place"
        if _place_actions(state)[:-1]:
            return
    FLOW.end(state)


def _advance_track(state: dict) -> None:
    """Every counter on the production track moves one space toward the Ready box (BFA-IBL-9, -12)."""
    for space in SPACES:
        for cid in in_box(state, production_box(space)):
            put(state, cid, READY if space == 1 else production_box(space - 1))
    event(state, "production", ready=in_box(state, READY),
          track={str(n): in_box(state, production_box(n)) for n in SPACES}, clause="BFA-IBL-9")


def _on_place(state: dict, frame: dict, cid: str, area: str) -> None:
    put(state, cid, area)
    event(state, "placed", side="imperial", counter=cid, area=area, clause="BFA-IBL-13")
    if not _place_actions(state)[:-1]:
        FLOW.end(state)


# ---------------------------------------------------------------- Orks
def held_ruins(state: dict) -> list:
    """Smoking ruins with an Ork counter stacked with them (BFA-HIV-6, BFA-AMBIG-18)."""
    return sorted(info(c)["area"] for c in state["ruins"] if fighters(state, info(c)["area"], "ork"))


def ork_allowance(state: dict) -> int:
    """Counters the Orks may rebuild: one for each two held ruins (BFA-OBL-1)."""
    pairs = len(held_ruins(state)) // data.build()["ork_rebuild"]["ruins_per_counter"]
    return pairs + sum(e["value"] for e in effects(state, "extra_rebuilds", "ork"))


def ork_pool(state: dict) -> list:
    """Eliminated Ork counters that may come back, never Ghazghkull (BFA-OBL-2, -3)."""
    never = data.build()["ork_rebuild"]["never"]
    return [c for c in in_box(state, ELIMINATED) if side_of(c) == "ork" and info(c)["type"] not in never]


def ork_zones(state: dict) -> list:
    """Held ruins and Ork supply areas free of enemies (BFA-OBL-4)."""
    supply = [a for a in boards.of(state).supply["ork"] if not has_enemy(state, a, "ork")]
    return sorted(set(held_ruins(state)) | set(supply))


def begin_ork(state: dict) -> bool:
    """Start an Ork build phase; False when nothing can be rebuilt and no card fits."""
    frame = {"side": "ork", "rebuilds": ork_allowance(state), "done": 0}
    event(state, "build_phase", side="ork", rebuilds=frame["rebuilds"], ruins=held_ruins(state), clause="BFA-OBL-1")
    if not _ork_actions(state, frame)[:-1]:
        return False
    log(state, f"build phase: {frame['rebuilds']} counters may be rebuilt (BFA-OBL-1).", "ork")
    FLOW.call(state, "bfa_build_ork", **frame)
    return True


def _ork_actions(state: dict, frame: dict) -> list:
    out = []
    if frame["done"] < frame["rebuilds"]:
        zones = ork_zones(state)
        out = [("rebuild", c, a) for c in ork_pool(state) for a in zones if room_for(state, a, c)]
    return out + [("done",)]


def _ork_prompt(state: dict, frame: dict) -> str:
    return (f"Rebuild: {frame['rebuilds'] - frame['done']} counters may return to a held ruin or an "
            f"Ork supply area (BFA-OBL-1, -4), or Done.")


def _on_ork_rebuild(state: dict, frame: dict, cid: str, area: str) -> None:
    frame["done"] += 1
    put(state, cid, area)
    event(state, "build", side="ork", counter=cid, area=area, clause="BFA-OBL-2")
    log(state, f"rebuilds {name(cid)} in {area}.", "ork")
    if not _ork_actions(state, frame)[:-1]:
        FLOW.end(state)


def _on_ork_done(state: dict, frame: dict) -> None:
    FLOW.end(state)


def _explain(state: dict, frame: dict, action) -> tuple:
    verb = action[0] if action else None
    if verb == "buy":
        return ("only counters set aside or eliminated, of a type with a cost you can still pay, are built",
                "BFA-IBL-4")
    if verb == "place":
        return ("Ready counters go with an intact hive or factory, within the stacking limit", "BFA-IBL-13")
    if verb == "rebuild" and frame["side"] == "ork":
        return ("one counter for every two smoking ruins you hold, onto a held ruin or an Ork supply area",
                "BFA-OBL-1")
    if verb == "rebuild":
        return ("a ruin is rebuilt for its defence value where only Imperial counters stand", "BFA-GAP-17")
    return ("it is not one of the choices now", None)


FLOW.add(Step("bfa_build_imperial", who=lambda s, f: "imperial", prompt=_imp_prompt, actions=_imp_actions,
              handlers={"buy": _on_buy, "rebuild": _on_rebuild, "place": _on_place, "done": _on_imp_done},
              explain=_explain, allows=_imp_allows))
FLOW.add(Step("bfa_build_ork", who=lambda s, f: "ork", prompt=_ork_prompt, actions=_ork_actions,
              handlers={"rebuild": _on_ork_rebuild, "done": _on_ork_done}, explain=_explain))
