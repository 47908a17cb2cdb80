"""A basic Hack & Sack player: rules of thumb per side (the menu's "Computer (easy)").

Hack & Sack hides nothing, so the bot may read the whole state; it still works from the
contract: the view (pieces, values, the battle being built), the legal
actions, the board the spec names, and apply for a one-action look-ahead when weighing
battles. Krylons: fill the pads, fly four units at a time next to cities nobody holds,
unload into them, walk the rest toward the nearest city not held, attack at the best odds.
Jerseyites: hold cities, send loose units to empty or weakly held cities, put guerrillas
and Guard next to weak alien garrisons, attack at the best odds.
"""
from __future__ import annotations

from game.core import rng
from game.core.contract import GameSpec
from game.rules.hack_sack import SPEC
from game.boards.layout import distance as dist
from game.rules.hack_sack import (battle_odds, board_serial, counter, frame, position, terrain_classes,
                                  units_in_play)

# How much each result is worth to the attacker when weighing a battle (only the order matters).
RESULT_WORTH = {"Dx": 3.0, "D-2": 1.5, "D-1": 1.0, "Dc": 0.5, "nr": 0.0,
                "Ac": -0.5, "A-1": -1.0, "A-2": -1.5, "Ax": -3.0}
HOLDERS = ("senator", "lawyer", "accountant", "nra")     # Jerseyites that sit in a city once there
PAD_ORDER = ("chariot", "legion", "samurai", "phalanx", "centurion", "cossacks", "catapult")
_MAPS: dict = {}


class Map:
    """Cities, roads and neighbours of the board, worked out once per map."""

    def __init__(self, grid):
        classes = terrain_classes()
        self.hexes = {tuple(h) for h in grid.hexes}
        self.cities = tuple(sorted(h for h in self.hexes if classes.get(grid.terrain.get(h)) == "city"))
        self.land = {h for h in self.hexes if classes.get(grid.terrain.get(h)) in ("land", "city")}
        self.roads = {tuple(h) for h in grid.road_hexes} | set(self.cities)
        self.nbrs = {h: tuple(tuple(n) for n in grid.neighbours(h) if tuple(n) in self.hexes) for h in self.hexes}


def map_of(state: dict) -> Map:
    """The Map for the state's board, kept per board (an edited map is a new board)."""
    ident = board_serial(state)
    m = _MAPS.get(ident)
    if m is None:
        m = _MAPS[ident] = Map(SPEC.board(state))
    return m


class Picture:
    """What the view shows, arranged for quick questions."""

    def __init__(self, state: dict, side: str):
        # The pieces and the unit chosen, as the view shows them (nothing is hidden), without
        # the rest of the view (prompt, actions, odds of the battle being built): the search's
        # playouts ask for a picture at every move.
        v = {"pieces": [counter(u) for u in units_in_play(state)], "selected": frame(state).get("sel")}
        self.view, self.side, self.m = v, side, map_of(state)
        self.units = {p["id"]: p for p in v["pieces"]}
        self.at = {tuple(p["at"]): p for p in v["pieces"] if p["where"] == "map"}
        for p in v["pieces"]:
            p["a"], p["d"], p["mv"] = (int(x) for x in p["values"].split("-"))

    def holder(self, city):
        """The side holding a city for VP: krylon (a Krylon land unit in it) or jerseyite."""
        p = self.at.get(city)
        return "krylon" if p and p["side"] == "krylon" and p["class"] == "L" else "jerseyite"

    def enemies_next_to(self, h, side):
        """Enemy pieces on the map next to hex h."""
        return [self.at[n] for n in self.m.nbrs.get(h, ()) if n in self.at and self.at[n]["side"] != side]

    def free(self, h) -> bool:
        """Nobody stands in hex h."""
        return h not in self.at


class HeuristicPlayer:
    """A per-game player for one side; call it with a state, it returns one legal action."""

    def __init__(self, side: str, seed: int = 0):
        self.side = side
        self.picker: dict = {}
        rng.init(self.picker, seed * 104729 + (1 if side == "krylon" else 2))
        self.phase = None
        self.finished: set = set()       # units this player is through with this phase
        self.picks = 0

    def __call__(self, state: dict):
        key = position(state)
        if key != self.phase:
            self.phase, self.finished, self.picks = key, set(), 0
        self.picks += 1
        actions = SPEC.legal_actions(state)
        step = frame(state)["step"]
        if self.picks > 400:             # a safety valve: never loop for ever
            return ("done",) if ("done",) in actions else rng.choice(self.picker, actions)
        choice = getattr(self, f"_{step}", self._any)(state, actions)
        return choice if choice is not None else self._any(state, actions)

    # -- fallbacks ---------------------------------------------------------------------------
    def _any(self, state, actions):
        if ("done",) in actions:
            return ("done",)
        return rng.choice(self.picker, actions)

    def _deploy(self, state, actions):
        return ("setup", "standard") if ("setup", "standard") in actions else ("done",)

    # -- Krylon reinforcement ----------------------------------------------------------------
    def _pads(self, state, actions):
        pic = Picture(state, self.side)
        sel = pic.view["selected"]
        if sel:
            boxes = [a for a in actions if a[0] == "box"]
            waiting = {a[1]: sum(1 for p in pic.units.values() if p["where"] == "pad" and p["at"] == a[1])
                       for a in boxes}
            return min(boxes, key=lambda a: (waiting[a[1]], a[1])) if boxes else None
        frigates = [a for a in actions if a[0] == "unit" and pic.units.get(a[1], {}).get("kind") == "star_frigate"]
        if frigates:
            return frigates[0]
        choices = [a for a in actions if a[0] == "unit" and _pad_rank(a[1]) < len(PAD_ORDER)]
        return min(choices, key=lambda a: _pad_rank(a[1])) if choices else ("done",)

    # -- movement ----------------------------------------------------------------------------
    def _move(self, state, actions):
        pic = Picture(state, self.side)
        sel = pic.view["selected"]
        if sel and sel not in self.finished:
            act = (self._krylon_unit if self.side == "krylon" else self._jersey_unit)(pic, sel, actions)
            if act is not None:
                return act
            self.finished.add(sel)
        units = [a[1] for a in actions if a[0] == "unit" and a[1] not in self.finished]
        if sel and sel not in self.finished:
            units.append(sel)
        if not units:
            return ("done",)
        return ("unit", min(units, key=lambda u: self.move_order(pic, pic.units[u])))

    def move_order(self, pic, p):
        """The key the player picks its units to move by, lowest first."""
        if self.side == "krylon":
            order = {"ship": 0, "pad": 1 if p["kind"] == "star_frigate" else 5, "map": 3}[p["where"]]
            if p["kind"] == "star_frigate" and p["where"] == "map":
                order = 4
            return (order, p["id"])
        in_city = p["where"] == "map" and tuple(p["at"]) in pic.m.cities
        return (1 if in_city else 0, p["id"])

    def _krylon_unit(self, pic, uid, actions):
        p = pic.units[uid]
        hexes = [a for a in actions if a[0] == "hex"]
        if p["kind"] == "star_frigate":
            return self._frigate(pic, p, actions, hexes)
        if p["class"] != "L":
            return None
        if p["where"] == "map" and tuple(p["at"]) in pic.m.cities:
            return None                  # hold the city
        targets = [c for c in pic.m.cities if pic.holder(c) != "krylon"]
        return _walk(pic, p, hexes, targets)

    def _frigate(self, pic, p, actions, hexes):
        cargo = [u for u in pic.units.values() if u["where"] == "ship" and u["at"] == p["id"]]
        loads = [a for a in actions if a[0] == "load" and a[1] == p["id"]]
        if loads and len(cargo) < 4 and p["where"] == "pad":
            return loads[0]
        if p["where"] == "pad":
            return drop_zone(pic, hexes) if cargo else None
        off = [("unit", u["id"]) for u in cargo if ("unit", u["id"]) in actions and u["id"] not in self.finished]
        if off:                          # the cargo gets off first
            return off[0]
        if len(cargo) >= 4:
            return None
        waiting = {}
        for u in pic.units.values():
            if u["where"] == "pad" and u["kind"] != "star_frigate":
                waiting[u["at"]] = waiting.get(u["at"], 0) + 1
        for u in pic.units.values():
            if u["where"] == "pad" and u["kind"] == "star_frigate":
                waiting[u["at"]] = waiting.get(u["at"], 0) - 4
        boxes = [a for a in actions if a[0] == "box" and waiting.get(a[1], 0) > 0]
        return max(boxes, key=lambda a: waiting[a[1]]) if boxes else None

    def _jersey_unit(self, pic, uid, actions):
        p = pic.units[uid]
        hexes = [a for a in actions if a[0] == "hex"]
        if p["class"] == "W":
            targets = [tuple(u["at"]) for u in pic.units.values()
                       if u["side"] == "krylon" and u["where"] == "map" and u["class"] == "L"]
            return _approach(pic, p, hexes, targets, stop_at=3)
        if p["class"] != "L" or p["where"] != "map":
            return None
        here = tuple(p["at"])
        if here in pic.m.cities:
            return None                  # hold the city
        empty = [c for c in pic.m.cities if pic.free(c)]
        weak = [c for c in pic.m.cities if pic.holder(c) == "krylon" and pic.at[c]["d"] <= 2]
        if p["kind"] in HOLDERS or not weak:
            return _walk(pic, p, hexes, empty or weak)
        return _walk(pic, p, hexes, empty + weak)

    # -- Jerseyite placements ----------------------------------------------------------------
    def _guard(self, state, actions):
        pic = Picture(state, self.side)
        hexes = [a for a in actions if a[0] == "hex"]
        cities = [a for a in hexes if tuple(a[1]) in pic.m.cities]
        return (cities or hexes or [("done",)])[0]

    def _hopat(self, state, actions):
        """Guerrillas next to the weakest alien garrison of a city."""
        pic = Picture(state, self.side)

        def weakest(a):
            near = [n for n in pic.enemies_next_to(tuple(a[1]), self.side)
                    if n["class"] == "L" and tuple(n["at"]) in pic.m.cities]
            return min((n["d"] for n in near), default=None)

        good = [(weakest(a), a) for a in actions if a[0] == "hex"]
        good = [(w, a) for w, a in good if w is not None]
        return min(good)[1] if good else ("done",)

    def _retreat(self, state, actions):
        pic = Picture(state, self.side)
        hexes = [a for a in actions if a[0] == "hex"]
        cities = [a for a in hexes if tuple(a[1]) in pic.m.cities]
        return (cities or hexes or actions)[0]

    # -- combat ------------------------------------------------------------------------------
    def _combat(self, state, actions):
        building = frame(state)
        chosen_a, chosen_d = building["attackers"], building["defenders"]
        if not chosen_d:
            return self._open_battle(state, actions)
        join = [a for a in actions if a[0] == "attacker" and a[1] not in chosen_a]
        if join:
            return join[0]
        if ("resolve",) in actions:
            return ("resolve",)
        lawyers = [a for a in actions if a[0] == "defender" and a[1] not in chosen_d and "lawyer" in a[1]]
        if lawyers:
            return lawyers[0]
        return ("defender", chosen_d[-1]) if chosen_d else None     # take it back and think again

    def _open_battle(self, state, actions):
        """Pick the defender whose battle, with every attacker that can reach it, looks best."""
        best, worth = None, None
        for a in actions:
            if a[0] != "defender":
                continue
            trial = SPEC.apply(state, a)
            for _ in range(12):
                joined = frame(trial).get("attackers", [])
                more = [x for x in SPEC.legal_actions(trial) if x[0] == "attacker" and x[1] not in joined]
                if not more:
                    break
                trial = SPEC.apply(trial, more[0])
            built = frame(trial)
            if built.get("step") != "combat" or not (built.get("attackers") and built.get("defenders")):
                continue
            chances = battle_odds(trial, built["attackers"], built["defenders"])["results"]
            w = sum(RESULT_WORTH.get(code, 0) * prob for code, prob in chances.items())
            if a[1].startswith("cow"):
                w -= 2                   # no VP and no duty: leave her be
            if worth is None or w > worth:
                best, worth = a, w
        if best is None:
            return None
        if ("done",) in actions and worth < 0.3:
            return ("done",)             # nobody obliges this fight and it does not pay
        return best


def landing_worth(defend) -> float:
    """What a city the Krylons do not hold is worth landing beside: 3 when empty (``defend`` None),
    1 when a Defend 1 or 2 unit holds it, 0.2 behind a stronger one."""
    return 3 if defend is None else 1 if defend <= 2 else 0.2


def landing_wants(m: Map, worth: dict) -> dict:
    """Hex -> the summed worth of the cities beside it (``worth``: city -> what taking it is worth)."""
    want: dict = {}
    for c, w in worth.items():
        for n in m.nbrs[c]:
            want[n] = want.get(n, 0) + w
    return want


def drop_zone(pic, hexes, wary: bool = False):
    """The reachable hex next to the most cities the Krylons do not hold, empty ones first; when
    ``wary`` (Hard), a city is worth less by the Jerseyite Attack that stands within two hexes of
    it, ready to strike the units that take it (each 4 points of it halving its worth)."""
    strikers = [p for p in pic.units.values()
                if p["side"] == "jerseyite" and p["where"] == "map" and p["class"] == "L"] if wary else []
    worth = {}
    for c in pic.m.cities:
        if pic.holder(c) == "krylon":
            continue
        worth[c] = landing_worth(None if pic.free(c) else pic.at[c]["d"])
        if strikers:
            worth[c] /= 1 + sum(p["a"] for p in strikers if 0 < dist(tuple(p["at"]), c) <= 2) / 4
    want = landing_wants(pic.m, worth)
    best, score = None, 0
    for a in hexes:
        s = want.get(a[1], 0)
        if s > score:
            best, score = a, s
    return best


def _pad_rank(uid: str) -> int:
    for i, kind in enumerate(PAD_ORDER):
        if uid.startswith(kind):
            return i
    return len(PAD_ORDER)


def _walk(pic, p, hexes, targets):
    """Into a free target city if one is reachable, else as close to the nearest target as it gets."""
    if not targets:
        return None
    into = [a for a in hexes if tuple(a[1]) in targets and pic.free(tuple(a[1]))]
    if into:
        return into[0]
    return _approach(pic, p, hexes, targets, stop_at=1)


def _approach(pic, p, hexes, targets, stop_at):
    """The reachable hex nearest any target; None when staying is as good."""
    if not targets or p["where"] != "map":
        if p["where"] == "ship" and hexes:
            return min(hexes, key=lambda a: min(dist(a[1], t) for t in targets) if targets else 0)
        return None
    here = tuple(p["at"])
    now = min(dist(here, t) for t in targets)
    if now <= stop_at:
        return None
    best = min(hexes, key=lambda a: (min(dist(a[1], t) for t in targets), tuple(a[1]) not in pic.m.roads),
               default=None)
    if best is None or min(dist(best[1], t) for t in targets) >= now:
        return None
    return best


class HackSackBot:
    """The menu's basic computer player: one HeuristicPlayer per side it is asked to play."""

    label = "basic"

    def __init__(self, spec: GameSpec, seed: int = 0):
        self.spec = spec
        self.seed = seed
        self._players: dict = {}

    def choose(self, state: dict, player: str):
        """The heuristic's action for ``player`` (a legal one, or the bot fails loudly)."""
        if player not in self._players:
            self._players[player] = HeuristicPlayer(player, self.seed)
        return self._players[player](state)
