"""A basic Hammer's Slammers player (the menu's "Computer (basic)"): rules of thumb, no search.

Nothing is hidden in this game, so the bot reads the view and the package's public face.
Movement: each unit in turn goes to the reachable hex that scores best: cover (the hex's
Direct Fire modifier), targets in range and sight, the scenario's places to hold, no
swamp, river or lake (a disruption there kills); it moves into an enemy hex only at five to
one, or to take a place it must hold at the end. Direct Fire: the attack of the best
expected worth, firers added strongest first until the odds stop improving. Close Assault:
every unit of a hex together, at all the enemy there. Rally: always; desperation never.
"""
from __future__ import annotations

from game.core import rng
from game.rules import slammers as hs

DEADLY = ("swamp", "river", "lake")
WORTH = {"eliminate": 1.0, "disrupt": 0.35}
DANGER = 3.0                                 # a hex's score lost per unit of enemy odds against it


class SlammersBot:
    """Rules of thumb for either side of any scenario."""

    def __init__(self, spec, seed: int = 0):
        self.spec = spec
        self.rng: dict = {}
        rng.init(self.rng, seed)

    def choose(self, state: dict, side: str):
        """The bot's action for ``side`` now (one of the legal actions)."""
        legal = self.spec.legal_actions(state)
        frame = hs.frame(state)
        self._v = self.spec.view(state, side)
        self._side_of = {p["id"]: p["side"] for p in self._v["pieces"]}
        self._foes = set(self.spec.seating(state).enemies(side))
        pick = getattr(self, "_" + frame.get("step", ""), None)
        action = pick(state, side, frame, legal) if pick else None
        if action is None or tuple(action) not in legal:
            action = ("done",) if ("done",) in legal else legal[0]
        return action

    def ranked(self, state: dict, side: str) -> list:
        """Every legal action, best first as the bot sees them: its choice, then the hexes the unit
        being moved may end in, by the score it gives each; the rest as listed."""
        legal = self.spec.legal_actions(state)
        choice = self.choose(state, side)
        frame = hs.frame(state)
        uid = frame.get("unit") if frame.get("step") == "movement" else None
        hexes = [a for a in legal if a[0] == "hex"] if uid else []
        hexes.sort(key=lambda a: -self._score(state, side, uid, tuple(a[1])))
        rest = [a for a in legal if a[0] != "hex"] if uid else list(legal)
        return [choice] + [a for a in hexes + rest if a != choice]

    # -------------------------------------------------------------- simple steps
    def _rally(self, state, side, frame, legal):
        return next((a for a in legal if a[0] == "rally"), ("done",))

    def _desperation(self, state, side, frame, legal):
        return ("accept",)

    def _tow(self, state, side, frame, legal):
        return ("done",)

    # -------------------------------------------------------------- movement
    def _movement(self, state, side, frame, legal):
        uid = frame.get("unit")
        if uid is None:
            units = [a[1] for a in legal if a[0] == "unit"]
            return ("unit", units[0]) if units else ("done",)
        if ("unload",) in legal:
            return ("unload",)
        if ("inside",) in legal:
            return ("inside",)                      # 12 more defence for nothing
        best, best_score = None, self._score(state, side, uid, tuple(hs.hex_of(state, uid)), stay=True)
        for a in legal:
            if a[0] == "hex":
                s = self._score(state, side, uid, tuple(a[1]))
                if s > best_score:
                    best, best_score = a, s
        return best or ("stop",)

    def _score(self, state, side, uid, h, stay=False):
        """How good a hex is for a unit to end its move in."""
        terrain = hs.terrain(state, h)
        if terrain in DEADLY:
            return -50.0
        score = 1.5 * hs.df_modifier(state, h)
        foes = [p for p in self._pieces(state) if p["side"] in self._foes and not p["under"]]
        here = [p for p in foes if tuple(p["at"]) == h]
        me = hs.counter(state, uid)["stats"]
        goals = self._goals(state, side)
        if here:                                    # a Close Assault: only when strong
            defence = sum(p["stats"]["defence"] for p in here)
            mine = [p for p in self._pieces(state) if p["side"] == side and tuple(p["at"]) == h]
            attack = sum(p["stats"]["attack"] * (2 if "infantry" in p["cats"] else 1) for p in mine)
            attack += me["attack"] * (2 if "infantry" in hs.unit_type(state, uid).cats else 1)
            late = self._v["turn"] >= self._v["turns"] - 1 and h in goals
            # In a Close Assault the defenders' infantry doubles too: only at five to one, or to
            # take a place that must be held at the end.
            return score + (25.0 if attack >= 5 * defence or late else -40.0) + (30.0 if late else 0.0)
        see = hs.los
        rng_ = me["range"]
        for p in foes:
            d = hs.grid(state).distance(h, tuple(p["at"]))
            if d <= rng_ and see(state, h, tuple(p["at"])):
                score += 3.0
                break
            if d <= 2 * rng_ and me["attack"] >= 2 and see(state, h, tuple(p["at"])):
                score += 1.0
                break
        score -= DANGER * self._danger(state, foes, h, me["defence"] + hs.df_modifier(state, h))
        if goals:
            score -= 1.2 * min(hs.grid(state).distance(h, g) for g in goals)
            if h in goals and self._v["turn"] >= self._v["turns"] - 1:
                score += 30.0                       # the last turns: be there at the end
        elif foes:
            score -= 0.15 * min(hs.grid(state).distance(h, tuple(p["at"])) for p in foes)
        return score + (0.2 if stay else 0.0)

    def _danger(self, state, foes, h, defence) -> float:
        """How far the enemy's fire at h outweighs a defence there: the attack of every enemy that
        can see h within its range (half within extended range), to one, less one; 0 when weaker."""
        grid, attack = hs.grid(state), 0.0
        for p in foes:
            if "disrupted" in p["flags"]:
                continue                           # a disrupted unit cannot fire (HS-DIS-2)
            at, st = tuple(p["at"]), p["stats"]
            d = grid.distance(h, at)
            if d <= 2 * st["range"] and hs.los(state, at, h):
                attack += st["attack"] if d <= st["range"] else st["attack"] / 2
        return max(0.0, attack / max(defence, 1) - 1.0)

    def _pieces(self, state):
        return self._v["pieces"]

    def _goals(self, state, side):
        """Hexes the side must hold, or take from the enemy, by the scenario's conditions."""
        grid = hs.grid(state)
        key = id(grid)
        if getattr(self, "_goal_key", None) == key:
            return self._goal_hexes
        out = []
        for cond in self._v["victory"]:
            if cond["kind"] == "hold":
                for place in cond["places"]:
                    p = grid.place(place)
                    h = p.hex if p is not None else grid.hex_named(place)
                    if h is not None:
                        out.append(tuple(h))
        self._goal_key, self._goal_hexes = key, out
        return out

    # -------------------------------------------------------------- Direct Fire
    def _direct(self, state, side, frame, legal):
        plan = self._fire_plan(state, side)
        if plan is None:
            return ("done",)
        group, h, aim = plan
        missing = [u for u in group if u not in frame["group"]]
        if frame.get("hex") is None:
            extra = [u for u in frame["group"] if u not in group]
            if extra:
                return ("unit", extra[0])
            return ("unit", missing[0]) if missing else ("hex", tuple(h))     # as legal_actions gives it
        if tuple(frame["hex"]) != tuple(h):
            return ("cancel",)
        for u in sorted(set(frame["aim"]) ^ set(aim)):
            return ("unit", u)
        return ("fire",)

    def _fire_plan(self, state, side):
        hits = hs.hits(state, side)
        best, worth = None, 0.15
        hexes = {h for table in hits.values() for h in table}
        for h in sorted(hexes):
            able = sorted((u for u in hits if h in hits[u]), key=lambda u: (-hits[u][h], u))
            targets = hs.targets_in(state, h, side)
            bonus = 1.5 if h in self._goals(state, side) else 2.0 if self._raider(state, h, targets) else 1.0
            for aim in ([targets] + ([[t] for t in targets] if len(targets) > 1 else [])):
                group, value = self._group(state, able, h, aim)
                value *= bonus
                if group and value > worth:
                    best, worth = (group, h, sorted(aim)), value
        return best

    def _raider(self, state, h, targets) -> bool:
        """In the last two turns, whether a target could reach a place to be held by the end."""
        if self._v["turn"] < self._v["turns"] - 1:
            return False
        grid, goals = hs.grid(state), self._goals(state, None)
        reach = max((hs.counter(state, u)["stats"]["move"] for u in targets), default=0)
        return any(grid.distance(h, g) <= reach for g in goals)

    def _group(self, state, able, h, aim):
        """Firers added strongest first while the expected worth rises."""
        group, value = [], 0.0
        for u in able:
            p = hs.fire_preview(state, group + [u], h, aim)
            if not p["legal"]:
                group.append(u)
                continue
            v = self._expected(state, p["chances"], h, aim) / (len(group) + 1) ** 0.5
            if v <= value and group and self._legal(state, group, h, aim):
                break
            group.append(u)
            value = v
        return (group, value) if group and self._legal(state, group, h, aim) else ([], 0.0)

    def _expected(self, state, chances, h, aim) -> float:
        """The points an attack on ``aim`` in h expects to take: each result's worth, whoever it falls on."""
        points = sum(hs.unit_type(state, u).points for u in aim)
        return points * sum(c * sum(WORTH.get(e, 0) for e in hs.effects_of(state, code))
                            for code, c in chances.items())

    def _legal(self, state, group, h, aim):
        return hs.fire_preview(state, group, h, aim)["legal"]

    # -------------------------------------------------------------- artillery and answers
    def _indirect(self, state, side, frame, legal):
        """Every piece that can join strikes the hex where the harm is surest, never its own men."""
        if frame.get("hex") is not None:
            return ("fire",) if ("fire",) in legal else ("cancel",)
        free = [a for a in legal if a[0] == "unit" and a[1] not in frame["group"]]
        if free:
            return free[0]
        best, worth = None, 0.0
        for a in legal:
            if a[0] != "hex" or any(self._side_of.get(p["id"]) not in self._foes for p in self._pieces(state)
                                    if tuple(p["at"]) == tuple(a[1])):
                continue
            plan = hs.strike_plan(state, frame["group"], a[1])
            value = sum(len(c["units"]) * plan["attack"] / c["defence"] for c in plan["classes"].values()
                        if c["legal"])
            if value > worth:
                best, worth = a, value
        return best or ("done",)

    def _paradrops(self, state, side, frame, legal):
        """Every waiting unit jumps onto clear ground near the places to take, or near the enemy."""
        if frame.get("unit") is None:
            waiting = [a for a in legal if a[0] == "unit" and a[1] not in frame["zones"]]
            return waiting[0] if waiting else ("drop",) if ("drop",) in legal else ("done",)
        goals = self._goals(state, side) or [tuple(p["at"]) for p in self._pieces(state) if p["side"] in self._foes]
        grid = hs.grid(state)
        every = [a for a in legal if a[0] == "hex"]
        zones = [a for a in every if hs.terrain(state, tuple(a[1])) == "clear"] or every
        if not zones or not goals:
            return zones[0] if zones else ("cancel",)
        # a few hexes short of the goal: a scatter of up to six should not land in the enemy's lap
        return min(zones, key=lambda a: (abs(min(grid.distance(tuple(a[1]), g) for g in goals) - 3), a[1]))

    def _cpf(self, state, side, frame, legal):
        shots = [a for a in legal if a[0] == "cpf"]
        return shots[0] if shots else ("done",)

    def _respond(self, state, side, frame, legal):
        """Cancel the strongest shells with CAF; jam whatever can be jammed."""
        caf = [a for a in legal if a[0] == "caf"]
        if caf:
            return max(caf, key=lambda a: (hs.counter(state, a[2])["stats"]["attack"], a[2]))
        jam = [a for a in legal if a[0] == "jam"]
        return jam[0] if jam else ("done",)

    # -------------------------------------------------------------- Close Assault
    def _assault(self, state, side, frame, legal):
        mine = [a for a in legal if a[0] == "unit" and a[1] not in frame["group"]
                and self._side_of.get(a[1]) == side]
        if ("assault",) in legal and not mine:
            return ("assault",)
        units = mine
        if units:
            return units[0]
        return ("assault",)
