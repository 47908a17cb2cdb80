"""The Hammer's Slammers designer's working parts: the battle being designed and its map picture.

``Draft`` holds what the player has chosen so far (panels on a grid, armies in movement order,
alliances, morale, options, every unit bought and where it sets up, length and victory) and
turns it into a scenario file's data (game/rules/slammers/scenarios.py gives the format). Every
price, piece of advice and refusal comes from the rules' designer functions through the
package's face; nothing here prices or checks a rule itself.
"""
from __future__ import annotations

import pygame

from game.rules import slammers as sl
from game.ui import style

PANELS = tuple(f"panel{i}.tmx" for i in range(1, 7))         # the box's six panels (HS-MAP-1)
GRID = (3, 3)                                               # slots the panels may be laid in
PANEL_STEP = (22, 16)                                       # columns, rows from one panel to the next
ARMIES = ("blue", "red", "tan", "green")
TURNS = tuple(range(3, 16))
MINUTES = (30, 45, 60, 90, 120, 180, 240)
VICTORY = (("hold", "takes a place"), ("half", "destroys half the enemy"), ("most", "most points destroyed"))


def alliances(n: int) -> list:
    """(words, teams by seat number) for a table of ``n`` armies; two armies are always enemies."""
    if n == 3:
        return [("1st and 3rd against 2nd", [[0, 2], [1]]), ("1st and 2nd against 3rd", [[0, 1], [2]]),
                ("2nd and 3rd against 1st", [[1, 2], [0]]), ("every army for itself", [])]
    if n == 4:
        return [("1st and 3rd against 2nd and 4th", [[0, 2], [1, 3]]),
                ("1st and 2nd against 3rd and 4th", [[0, 1], [2, 3]]),
                ("1st and 4th against 2nd and 3rd", [[0, 3], [1, 2]]), ("every army for itself", [])]
    return [("one against the other", [])]


class Draft:
    """The battle being designed, and the scenario data it makes."""

    def __init__(self):
        self.slots = {(0, 0): "panel4.tmx", (1, 0): "panel5.tmx"}
        self.sides = ["blue", "tan"]
        self.alliance = 0
        self.morale = {a: 9 for a in ARMIES}
        self.ecm: set = set()
        self.gas: dict = {}
        self.skimmers: set = set()      # armies whose infantry sets up riding skimmers (HS-SKM-2)
        self.loaded: set = set()        # armies whose APCs set up each carrying infantry (HS-APC-2)
        self.units: list = []             # {"side", "unit", "paradrop", "at"}
        self.turns, self.minutes = 8, 60
        self.victory, self.attacker, self.place = "half", "blue", None
        self.title, self.briefing, self.name = "", "", ""
        self.changed = False
        self._board_key = None
        self._board = None
        self.board_problem = None

    # -- the map -----------------------------------------------------------------------
    def panels(self) -> list:
        """The panels as the scenario file lists them, the arrangement moved to the top left."""
        if not self.slots:
            return []
        c0 = min(c for c, _ in self.slots)
        r0 = min(r for _, r in self.slots)
        return [{"file": f, "col": (c - c0) * PANEL_STEP[0], "row": (r - r0) * PANEL_STEP[1]}
                for (c, r), f in sorted(self.slots.items(), key=lambda kv: (kv[0][1], kv[0][0]))]

    def board(self):
        """The joined board (kept while the arrangement stays), or None with no panel."""
        key = tuple((p["file"], p["col"], p["row"]) for p in self.panels())
        if key != self._board_key:
            self._board_key, self.board_problem = key, None
            try:
                self._board = sl.design_board(self.panels()) if key else None
            except Exception as exc:     # a panel in the player's maps folder that cannot be joined
                self._board, self.board_problem = None, str(exc)
        return self._board

    def move_panel(self, file: str, slot) -> None:
        """Lay a panel in a slot (None: take it off the map); one already there swaps places."""
        old = next((s for s, f in self.slots.items() if f == file), None)
        if old is not None:
            del self.slots[old]
        if slot is not None:
            if slot in self.slots and old is not None:
                self.slots[old] = self.slots[slot]
            self.slots[slot] = file
        self.changed = True

    def loose_units(self) -> int:
        """Put back in the list every unit whose hex the new map lacks or refuses; how many went back."""
        board, n = self.board(), 0
        for u in self.units:
            if u["at"] is None:
                continue
            u_at, u["at"] = u["at"], None
            if board is None or sl.design_place_problem(board, self.raw(), u["side"], u["unit"], u_at, u["paradrop"],
                                                        self._carries(u)):
                n += 1
            else:
                u["at"] = u_at
        return n

    # -- the armies ------------------------------------------------------------------------
    def lost_if_players(self, n: int) -> int:
        """How many bought units seating ``n`` armies would drop (those of the armies that leave)."""
        return sum(1 for u in self.units if u["side"] in self.sides[n:])

    def lost_if_army(self, seat: int, army: str) -> int:
        """How many bought units giving a seat another army would drop (types the new army lacks)."""
        old = self.sides[seat]
        swap = {old: army, army: old}
        return sum(1 for u in self.units if u["side"] in swap and not self._fields(swap[u["side"]], u["unit"]))

    def set_players(self, n: int) -> None:
        """Seat ``n`` armies (2 to 4), keeping those chosen; units of an army that leaves are dropped."""
        while len(self.sides) < n:
            self.sides.append(next(a for a in ARMIES if a not in self.sides))
        del self.sides[n:]
        self.units = [u for u in self.units if u["side"] in self.sides]
        self.alliance = 0
        if self.attacker not in self.sides:
            self.attacker = self.sides[0]
        self.changed = True

    def set_army(self, seat: int, army: str) -> None:
        """Give a seat another army (colour); the seat that had it swaps. Its units change army with it."""
        old = self.sides[seat]
        if army == old:
            return
        if army in self.sides:
            other = self.sides.index(army)
            self.sides[other] = old
        self.sides[seat] = army
        swap = {old: army, army: old}
        for u in self.units:                 # an army's types differ: keep only what the new army fields
            u["side"] = swap.get(u["side"], u["side"])
        self.units = [u for u in self.units if self._fields(u["side"], u["unit"])]
        self.attacker = swap.get(self.attacker, self.attacker)
        self.changed = True

    def raise_seat(self, seat: int) -> None:
        """Move an army one place earlier in the movement order (HS-SEQ-1)."""
        if seat > 0:
            self.sides[seat - 1], self.sides[seat] = self.sides[seat], self.sides[seat - 1]
            self.changed = True

    def teams(self) -> list:
        """The alliances as lists of armies ([] when every army is alone)."""
        options = alliances(len(self.sides))
        return [[self.sides[i] for i in team] for team in options[self.alliance % len(options)][1]]

    def enemy_of(self, army: str) -> str:
        """The first army in movement order that is not on ``army``'s side."""
        mine = next((t for t in self.teams() if army in t), [army])
        return next(s for s in self.sides if s not in mine)

    def _carries(self, u: dict) -> bool:
        return u["unit"] == "apc" and not u["paradrop"] and u["side"] in self.loaded

    @staticmethod
    def _rides(side: str, unit: str) -> bool:
        return any(p["unit"] == unit and p["skimmers"] for p in sl.design_prices(side))

    @staticmethod
    def _fields(side: str, unit: str) -> bool:
        return any(p["unit"] == unit for p in sl.design_prices(side))

    # -- forces ------------------------------------------------------------------------
    def count(self, side: str, unit: str, paradrop=None) -> int:
        """Units of a type an army has bought (only jumpers, or only not, when asked)."""
        return sum(1 for u in self.units if u["side"] == side and u["unit"] == unit
                   and (paradrop is None or u["paradrop"] == paradrop))

    def counts(self, side: str) -> dict:
        """Type -> number bought, for an army."""
        out: dict = {}
        for u in self.units:
            if u["side"] == side:
                out[u["unit"]] = out.get(u["unit"], 0) + 1
        return out

    def box_counts(self, side: str, extra=None, loaded=None) -> dict:
        """Type -> counters an army takes from the box: its units, and the infantry riding its APCs."""
        counts = self.counts(side)
        if extra:
            counts[extra] = counts.get(extra, 0) + 1
        if side in self.loaded if loaded is None else loaded:
            cargo = sl.design_cargo(side, counts)
            riders = sum(1 for u in self.units if u["side"] == side and u["unit"] == "apc" and not u["paradrop"])
            riders += extra == "apc"
            counts[cargo] = counts.get(cargo, 0) + riders
        return counts

    def buy(self, side: str, unit: str, paradrop: bool = False):
        """Buy one more unit; returns why not in one sentence, or None."""
        problem = sl.design_buy_problem(side, self.box_counts(side, unit))
        if problem:
            return problem
        self.units.append({"side": side, "unit": unit, "paradrop": paradrop, "at": None})
        self.changed = True
        return None

    def sell(self, side: str, unit: str, paradrop: bool = False) -> bool:
        """Give one back (the last bought, an unplaced one first); False when there is none."""
        mine = [u for u in self.units if u["side"] == side and u["unit"] == unit and u["paradrop"] == paradrop]
        if not mine:
            return False
        mine.sort(key=lambda u: u["at"] is None)
        self.units.remove(mine[-1])
        self.changed = True
        return True

    def toggle_gas(self, side: str, unit: str) -> None:
        """Gas shells for every unit of a type of an army, or for none (HS-PTS-4)."""
        types = self.gas.setdefault(side, set())
        types.symmetric_difference_update({unit})
        self.changed = True

    def toggle_ecm(self, side: str) -> None:
        """ECM for every hover tank of an army, or for none (HS-PTS-4, HS-SET-4)."""
        self.ecm.symmetric_difference_update({side})
        self.changed = True

    def toggle_loaded(self, side: str):
        """Every APC of an army sets up carrying one infantry counter, or none; why not, or None."""
        if side not in self.loaded:
            problem = sl.design_buy_problem(side, self.box_counts(side, loaded=True))
            if problem:
                return problem
        self.loaded.symmetric_difference_update({side})
        for u in self.units:                   # a loaded APC fills two places of a stack: set it up again
            if u["side"] == side and u["unit"] == "apc" and not u["paradrop"]:
                u["at"] = None
        self.changed = True
        return None

    def toggle_skimmers(self, side: str) -> None:
        """Infantry of an army sets up on its skimmers, or on foot (no cost either way)."""
        self.skimmers.symmetric_difference_update({side})
        self.changed = True

    def to_place(self, side: str) -> list:
        """The army's units not yet placed."""
        return [u for u in self.units if u["side"] == side and u["at"] is None]

    def place_unit(self, unit: dict, label: str):
        """Set a unit up in a hex; returns why not in one sentence, or None."""
        problem = sl.design_place_problem(self.board(), self.raw(), unit["side"], unit["unit"], label,
                                          unit["paradrop"], self._carries(unit))
        if problem is None:
            unit["at"] = label
            self.changed = True
        return problem

    def place_around(self, units: list, label: str):
        """Set several units up at a hex and the nearest hexes that take them; why the first one could
        not go anywhere, or None."""
        board = self.board()
        start = board.hex_named(label)
        if start is None:
            return f"{label} is not a playable hex of this map."
        near = sorted(board.hex_list, key=lambda h: (board.distance(start, h), board.offset(h)))
        for unit in units:
            first = None
            for h in near[:60]:                  # a few rings around the hex are enough
                problem = self.place_unit(unit, board.label(h))
                if problem is None:
                    break
                first = first or problem
            else:
                return first
        return None

    # -- the file ------------------------------------------------------------------------
    def victory_conditions(self) -> list:
        """The chosen victory preset as the scenario file's conditions."""
        if self.victory == "most":
            return [{"kind": "most_points"}]
        defender = self.enemy_of(self.attacker)
        if self.victory == "hold":
            first = [self.place] if self.place else []
            return [{"kind": "hold", "side": self.attacker, "places": first}, {"kind": "survive", "side": defender}]
        return [{"kind": "eliminate", "side": self.attacker, "enemy_fraction": 0.5},
                {"kind": "survive", "side": defender}]

    def aim(self) -> str:
        """The chosen victory in words, for the briefing and the Battle page."""
        if self.victory == "most":
            return "The army that has destroyed the most points of enemy units when the last turn ends wins."
        goal = f"take and hold {self.place or 'the place chosen'} at the end" if self.victory == "hold" \
            else "destroy half the points of its enemies"
        mine = next((t for t in self.teams() if self.attacker in t), [self.attacker])
        theirs = next((t for t in self.teams() if self.enemy_of(self.attacker) in t), [self.enemy_of(self.attacker)])
        if len(mine) > 1:
            goal = goal.replace("its enemies", "their enemies")
        attack = " and ".join(sl.army_name(s) for s in mine)
        defend = " and ".join(sl.army_name(s) for s in theirs)
        return (f"{attack} {'attack' if len(mine) > 1 else 'attacks'} and must {goal}; otherwise "
                f"{defend} {'win' if len(theirs) > 1 else 'wins'} by surviving.")

    def raw(self) -> dict:
        """The design as scenario data (units not yet placed are priced, with no hex)."""
        forces: dict = {s: [] for s in self.sides}
        forts: dict = {}
        lines: dict = {}
        for u in self.units:
            if u["unit"] == "fortress":
                forts.setdefault(u["side"], []).append(u["at"])
                continue
            key = (u["side"], u["unit"], u["at"], u["paradrop"])
            if key in lines:
                lines[key]["count"] += 1
                continue
            line = {"unit": u["unit"], "count": 1}
            if u["at"] is not None:
                line["at"] = u["at"]
            if u["paradrop"]:
                line["paradrop"] = True
            elif u["side"] in self.skimmers and self._rides(u["side"], u["unit"]):
                line["skimmers"] = True
            elif self._carries(u):
                line["carrying"] = sl.design_cargo(u["side"], self.counts(u["side"]))
            lines[key] = line
            forces[u["side"]].append(line)
        seating = {"sides": list(self.sides)}
        if self.teams():
            seating["teams"] = self.teams()
        return {"game": "slammers", "title": self.title.strip() or "A battle of our own",
                "briefing": (self.briefing.strip() or "A battle made in the designer.") + "\n\n" + self.aim(),
                "minutes": self.minutes,
                "seating": seating, "board": {"panels": self.panels()},
                "morale": {s: self.morale[s] for s in self.sides}, "ecm": [s for s in self.sides if s in self.ecm],
                "gas": {s: sorted(self.gas[s]) for s in self.sides if self.gas.get(s)},
                "forces": forces, "fortresses": forts, "length": {"turns": self.turns},
                "victory": self.victory_conditions()}

    def problem(self):
        """What still stops the design being saved, in one sentence; None when it is ready."""
        if not self.slots:
            return "Lay at least one panel on the map (Map)."
        if self.board() is None:
            return self.board_problem
        for s in self.sides:
            if not any(u["side"] == s for u in self.units):
                return f"{sl.army_name(s)} has no units yet (Forces)."
        waiting = [u for u in self.units if u["at"] is None]
        if waiting:
            side = waiting[0]["side"]
            n = sum(1 for u in waiting if u["side"] == side)
            return f"{sl.army_name(side)} has {n} unit{'s' * (n > 1)} still to set up (Set-up)."
        if self.victory == "hold" and not self.place:
            return "Choose the place the attacker must take (Battle)."
        try:
            sl.design_check(dict(self.raw(), name="design"), "the design")
        except Exception as exc:      # the rules' own one-line refusal
            return str(exc)
        return None


class MapPicture:
    """A board drawn to fit a size (the table's own hex view), and the hex under a point of it."""

    def __init__(self, board, size: tuple):
        from game.ui.hex_view import HexBoardView
        mw, mh = board.pixel_size
        self.board = board
        self.zoom = min(size[0] / mw, size[1] / mh)
        self.image = HexBoardView(board, {}).render_base(self.zoom)
        self.rect = self.image.get_rect()

    def hex_at(self, pos):
        """The playable hex's label under a window point, or None."""
        if not self.rect.collidepoint(pos):
            return None
        h = self.board.pixel_to_hex((pos[0] - self.rect.left) / self.zoom, (pos[1] - self.rect.top) / self.zoom)
        return self.board.label(h) if h is not None else None

    def centre(self, label: str) -> tuple:
        """A hex's centre in window pixels."""
        x, y = self.board.hex_to_pixel(self.board.hex_named(label))
        return (round(self.rect.left + x * self.zoom), round(self.rect.top + y * self.zoom))

    def hex_radius(self) -> float:
        """About half a hex's width in window pixels."""
        return self.board.layout.tile_width * self.zoom / 2


class Stepper:
    """− n + for a count: two small buttons around a number drawn between them."""

    def __init__(self, on_less, on_more):
        from game.ui.widgets import Button
        self.less = Button("−", on_less, size=15)
        self.more = Button("+", on_more, size=15)
        self.rect = pygame.Rect(0, 0, 0, 0)

    def place(self, rect: pygame.Rect) -> None:
        """Lay the buttons at both ends of ``rect``."""
        self.rect = rect
        w = rect.height
        self.less.rect = pygame.Rect(rect.left, rect.top, w, rect.height)
        self.more.rect = pygame.Rect(rect.right - w, rect.top, w, rect.height)

    def draw(self, surface, n: int) -> None:
        """The buttons and the count."""
        self.less.enabled = n > 0
        self.less.draw(surface)
        self.more.draw(surface)
        style.text(surface, str(n), self.rect.center, 15, style.INK if n else style.INK_DIM, bold=bool(n),
                   anchor="center")


class Toggle:
    """A box ticked or not, with a few words; calls ``on_click`` when clicked."""

    def __init__(self, words: str, on_click):
        from game.ui.widgets import Button
        self.words = words
        self.button = Button(words, on_click, size=13)
        self.set(False)

    @property
    def rect(self):
        """Where it is."""
        return self.button.rect

    def set(self, on: bool) -> None:
        """Tick the box or not (the button then draws itself with the scene's widgets)."""
        self.on = on
        self.button.primary = on
        self.button.label = ("✔ " if on else "☐ ") + self.words


class CannotOpen(ValueError):
    """A saved battle the designer cannot show (made by hand with what it does not lay out)."""


def draft_from(raw: dict, name: str) -> Draft:
    """A Draft holding a saved battle again, to change it; CannotOpen names what it cannot show."""
    d = Draft()
    d.slots = {}
    for p in raw["board"]["panels"]:
        if p["file"] not in PANELS or p.get("col", 0) % PANEL_STEP[0] or p.get("row", 0) % PANEL_STEP[1]:
            raise CannotOpen(f"{name}: its map uses {p['file']} off the designer's grid (edge pieces are laid by hand).")
        d.slots[(p.get("col", 0) // PANEL_STEP[0], p.get("row", 0) // PANEL_STEP[1])] = p["file"]
    d.sides = list(raw["seating"]["sides"])
    teams = raw["seating"].get("teams") or []
    options = [[[d.sides[i] for i in t] for t in ts] for _, ts in alliances(len(d.sides))]
    found = [k for k, ts in enumerate(options) if sorted(map(sorted, ts)) == sorted(map(sorted, teams))]
    if not found:
        raise CannotOpen(f"{name}: its alliances are not among those the designer offers.")
    d.alliance = found[0]
    d.morale.update(raw["morale"])
    d.ecm, d.gas = set(raw.get("ecm", ())), {s: set(v) for s, v in raw.get("gas", {}).items()}
    _units_from(d, raw, name)
    d.turns, d.minutes = raw["length"]["turns"], raw.get("minutes", 60)
    _victory_from(d, raw.get("victory", []), name)
    d.title, d.name = raw.get("title", ""), name
    aim = "\n\n" + d.aim()
    briefing = raw.get("briefing", "")
    d.briefing = briefing[:-len(aim)] if briefing.endswith(aim) else briefing
    d.changed = False
    return d


def _units_from(d: Draft, raw: dict, name: str) -> None:
    for side, lines in raw["forces"].items():
        for line in lines:
            if line.get("carrying"):
                d.loaded.add(side)
            odd = ("towing" if "towing" in line else None) or \
                ("turn" if line.get("turn", 1) > 1 else None)
            at = line.get("at")
            if odd or not (isinstance(at, str) and at.isdigit()):
                raise CannotOpen(f"{name}: a line of {side} uses {odd or 'a set-up zone'}, which the designer "
                                 "does not lay out.")
            if line.get("skimmers"):
                d.skimmers.add(side)
            for _ in range(line.get("count", 1)):
                d.units.append({"side": side, "unit": line["unit"], "paradrop": bool(line.get("paradrop")),
                                "at": at})
    for side, hexes in raw.get("fortresses", {}).items():
        d.units += [{"side": side, "unit": "fortress", "paradrop": False, "at": h} for h in hexes]


def _victory_from(d: Draft, conds: list, name: str) -> None:
    kinds = [c["kind"] for c in conds]
    if kinds == ["most_points"]:
        d.victory = "most"
    elif kinds == ["hold", "survive"] and len(conds[0]["places"]) == 1:
        d.victory, d.attacker, d.place = "hold", conds[0]["side"], conds[0]["places"][0]
    elif kinds == ["eliminate", "survive"] and conds[0]["enemy_fraction"] == 0.5:
        d.victory, d.attacker = "half", conds[0]["side"]
    else:
        raise CannotOpen(f"{name}: its victory conditions are not among those the designer offers.")
