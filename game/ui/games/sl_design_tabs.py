"""The designer's first three pages: the map (panels dragged onto a grid), the armies, the forces bought.

Each page lays its widgets in the area the designer gives it, draws itself, takes the input its
widgets do not (dragging a panel), and says whether Esc had something of its own to undo.
"""
from __future__ import annotations

import pygame

from game.rules import slammers as sl
from game.ui import style
from game.ui.widgets import Button, Cycler

from .sl_design_parts import ARMIES, GRID, PANELS, MapPicture, Stepper, Toggle

_THUMBS: dict = {}


class Page:
    """One page of the designer."""

    title = ""

    def __init__(self, scene):
        self.scene = scene
        self.draft = scene.draft
        self.area = pygame.Rect(0, 0, 0, 0)

    def widgets(self) -> list:
        """The widgets that take events on this page."""
        return []

    def layout(self, area: pygame.Rect) -> None:
        """Place the page in ``area``."""
        self.area = pygame.Rect(area)

    def shown(self) -> None:
        """The page comes to the front: read the draft again."""

    def handle(self, event) -> bool:
        """Input the widgets do not take; True when something changed."""
        return False

    def back(self) -> bool:
        """Esc: undo a pick of this page's own; False when there was none."""
        return False

    def draw(self, surface) -> None:
        """Draw the page."""


def note(surface, words: str, rect: pygame.Rect, size: int = 13, colour=style.INK_DIM) -> int:
    """Wrapped words from the top of ``rect``; returns the y below them."""
    fnt = style.font(size)
    y = rect.top
    for line in style.wrap(words, fnt, rect.width):
        surface.blit(fnt.render(line, True, colour), (rect.left, y))
        y += fnt.get_linesize()
    return y


def army_chip(surface, army: str, centre, size: int) -> None:
    """A square in the army's colour with its name's initial, as New game shows it (colour-blind safe)."""
    box = pygame.Rect(0, 0, size, size)
    box.center = centre
    colour = sl.SPEC.side_colours[army]
    pygame.draw.rect(surface, colour, box, border_radius=max(1, size // 6))
    pygame.draw.rect(surface, style.INK_DARK, box, 1, border_radius=max(1, size // 6))
    style.text(surface, sl.SPEC.display_name(army)[0].upper(), box.center, max(8, size // 2 + 1), style.readable_on(colour),
               bold=True, anchor="center")


# ---------------------------------------------------------------- the map
class MapPage(Page):
    """Drag panels from the box onto a grid; the joined map shows beside it as it will be played."""

    title = "Map"

    def __init__(self, scene):
        super().__init__(scene)
        self.tiles: dict = {}            # panel file -> rect in the box
        self.cells: dict = {}            # slot -> rect on the grid
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.drag = None                 # {"file", "from", "pos", "moved"}
        self.picked = None               # a panel clicked in the box, waiting for a slot
        self._preview = None

    def layout(self, area) -> None:
        """The box of panels on top, the grid below left, the joined map below right."""
        super().layout(area)
        tw, th, gap = style.px(104), style.px(92), style.px(10)
        for i, f in enumerate(PANELS):
            self.tiles[f] = pygame.Rect(area.left + i * (tw + gap), area.top + style.px(22), tw, th)
        top = area.top + style.px(22) + th + style.px(52)
        cw, ch = style.px(92), style.px(80)
        for c in range(GRID[0]):
            for r in range(GRID[1]):
                self.cells[(c, r)] = pygame.Rect(area.left + c * (cw + 4), top + r * (ch + 4), cw, ch)
        grid_right = area.left + GRID[0] * (cw + 4)
        self.preview_rect = pygame.Rect(grid_right + style.px(24), top, area.right - grid_right - style.px(24),
                                        area.bottom - top)
        self._preview = None

    def thumb(self, file: str, size: tuple):
        """A panel alone in miniature (drawn once per size)."""
        key = (file, size)
        if key not in _THUMBS:
            try:
                _THUMBS[key] = MapPicture(sl.design_board([{"file": file, "col": 0, "row": 0}]), size).image
            except Exception:          # a broken copy in the player's maps folder: the map page says why
                img = pygame.Surface(size)
                img.fill(style.SLATE_DARK)
                style.text(img, "cannot be read", (size[0] // 2, size[1] // 2), 11, style.WARN, anchor="center")
                return img                 # not kept: a mended file shows at the next look
        return _THUMBS[key]

    def preview(self):
        """The joined map, drawn to fit (again only when the arrangement or the size changed)."""
        board = self.draft.board()
        key = (self.draft._board_key, self.preview_rect.size)
        if board is None:
            return None
        if self._preview is None or self._preview[0] != key:
            pic = MapPicture(board, self.preview_rect.size)
            pic.rect.midtop = self.preview_rect.midtop
            self._preview = (key, pic)
        return self._preview[1]

    def _slot_of(self, file: str):
        return next((s for s, f in self.draft.slots.items() if f == file), None)

    def handle(self, event) -> bool:
        """Press on a panel to drag it; release on a slot to lay it, off the grid to take it away."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for f, r in self.tiles.items():
                if r.collidepoint(event.pos):
                    self.drag = {"file": f, "from": None, "pos": event.pos, "start": event.pos}
                    return True
            for s, r in self.cells.items():
                if r.collidepoint(event.pos):
                    if s in self.draft.slots:
                        self.drag = {"file": self.draft.slots[s], "from": s, "pos": event.pos, "start": event.pos}
                    elif self.picked:
                        self._lay(self.picked, s)
                        self.picked = None
                    return True
        if event.type == pygame.MOUSEMOTION and self.drag:
            self.drag["pos"] = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag:
            drag, self.drag = self.drag, None
            target = next((s for s, r in self.cells.items() if r.collidepoint(event.pos)), None)
            if target is None and drag["from"] is None:
                if self.tiles[drag["file"]].collidepoint(event.pos):      # a click: pick, then click a slot
                    self.picked = None if self.picked == drag["file"] else drag["file"]
                return True
            if target == drag["from"]:
                return True
            self._lay(drag["file"], target)
            return True
        return False

    def _lay(self, file: str, slot) -> None:
        if slot is None and len(self.draft.slots) == 1 and file in self.draft.slots.values():
            self.scene.say("A battle needs at least one panel.")
            return
        self.draft.move_panel(file, slot)
        back = self.draft.loose_units()
        if back:
            self.scene.say(f"{back} unit{'s' * (back > 1)} went back to the set-up list: "
                           "the map changed under them.")

    def back(self) -> bool:
        """Esc drops a panel being dragged or picked."""
        if self.drag or self.picked:
            self.drag = self.picked = None
            return True
        return False

    def draw(self, surface) -> None:
        """The box, the grid, the preview and a panel being dragged."""
        style.text(surface, "The box: drag a panel onto the grid (or click it, then a square)",
                   (self.area.left, self.area.top), 14, style.BRASS, bold=True)
        for f, r in self.tiles.items():
            used = self._slot_of(f) is not None
            img = self.thumb(f, (r.width - style.px(8), r.height - style.px(24)))
            pygame.draw.rect(surface, style.SLATE_DARK, r, border_radius=style.px(4))
            if not used:
                surface.blit(img, img.get_rect(midtop=(r.centerx, r.top + style.px(4))))
            edge = style.TARGET if self.picked == f else (style.SLATE_LIGHT if used else style.BRASS_DIM)
            pygame.draw.rect(surface, edge, r, 2 if self.picked == f else 1, border_radius=style.px(4))
            words = f"Panel {f[5]}" + (": in use" if used else "")
            style.text(surface, words, (r.centerx, r.bottom - 3), 12, style.INK_DIM if used else style.INK,
                       anchor="midbottom")
        top = min(r.top for r in self.cells.values())
        style.text(surface, "Your arrangement", (self.area.left, top - style.px(24)), 14, style.BRASS, bold=True)
        for s, r in self.cells.items():
            pygame.draw.rect(surface, (22, 24, 27), r, border_radius=style.px(3))
            f = self.draft.slots.get(s)
            if f and not (self.drag and self.drag["from"] == s):
                img = self.thumb(f, r.size)
                surface.blit(img, img.get_rect(center=r.center))
                style.text(surface, f[5], r.topleft, 13, style.INK_DARK, bold=True)
            hot = self.drag and r.collidepoint(self.drag["pos"])
            pygame.draw.rect(surface, style.TARGET if hot else style.SLATE_LIGHT, r, 2 if hot else 1,
                             border_radius=style.px(3))
        grid_bottom = max(r.bottom for r in self.cells.values())
        note(surface, "Panels join along their edges. Drag one off the grid to take it away; drop it on "
             "another to swap them.", pygame.Rect(self.area.left, grid_bottom + style.px(10),
                                                  self.preview_rect.left - self.area.left - style.px(20), style.px(90)))
        style.text(surface, "The map as it will be played", (self.preview_rect.left, self.preview_rect.top
                                                             - style.px(24)), 14, style.BRASS, bold=True)
        pic = self.preview()
        if pic is None and self.draft.board_problem:
            note(surface, self.draft.board_problem, self.preview_rect, 14, style.WARN)
        if pic is not None:
            surface.blit(pic.image, pic.rect)
            pygame.draw.rect(surface, style.BRASS_DIM, pic.rect, 1)
            board = self.draft.board()
            names = ", ".join(p.name for p in board.places)
            note(surface, f"{len(board.hex_list)} hexes · places: {names}",
                 pygame.Rect(self.preview_rect.left, pic.rect.bottom + style.px(6), self.preview_rect.width,
                             style.px(40)), 12)

    def draw_drag(self, surface) -> None:
        """The panel being dragged, under the pointer, over everything."""
        if self.drag and self.drag["pos"] != self.drag["start"]:
            img = self.thumb(self.drag["file"], (style.px(92), style.px(80)))
            surface.blit(img, img.get_rect(center=self.drag["pos"]))
            pygame.draw.rect(surface, style.TARGET, img.get_rect(center=self.drag["pos"]), 2)


# ---------------------------------------------------------------- the armies
ORDINAL = ("1st", "2nd", "3rd", "4th")
FORCE_WORDS = {"conventional": "cheap tanks, infantry, APCs and guns; militia and buses",
               "mercenary": "hover tanks, combat cars and heavy guns; fortresses",
               "slammers": "hover tanks, combat cars, infantry on skimmers; fortresses"}


class ArmiesPage(Page):
    """How many players, which army (colour) each plays, the order they move in, morale and alliances."""

    title = "Armies"

    def __init__(self, scene):
        super().__init__(scene)
        self.players = Cycler([(f"{n} players", n) for n in (2, 3, 4)], on_change=self._players)
        self.alliance = Cycler([], on_change=self._alliance)
        self.rows: list = []
        self.shown()

    def shown(self) -> None:
        """Rebuild a row for each seat from the draft."""
        d = self.draft
        self.players.select(len(d.sides))
        costs = sl.design_morale_costs()
        self.rows = []
        for i, army in enumerate(d.sides):
            pick = Cycler([(sl.army_name(a), a) for a in ARMIES], on_change=lambda a, i=i: self._army(i, a))
            pick.select(army)
            morale = Cycler([(f"morale {m}" + (f": +{costs[m]} a unit" if costs[m] else ", standard"), m)
                             for m in sorted(costs, reverse=True)], on_change=lambda m, a=army: self._morale(a, m))
            morale.select(d.morale[army])
            up = Button("Move up", lambda i=i: self._up(i), enabled=i > 0, size=13)
            self.rows.append((army, pick, morale, up))
        from .sl_design_parts import alliances
        self.alliance.set_options([(w, k) for k, (w, _) in enumerate(alliances(len(d.sides)))], d.alliance)
        if self.scene.app:
            self.layout(self.area)

    def _players(self, n) -> None:
        lost = self.draft.lost_if_players(n)
        self._confirm(lost, f"Seating {n} armies drops the {lost} unit{'s' * (lost > 1)} bought for the "
                      "armies that leave.", lambda: self.draft.set_players(n))

    def _army(self, seat: int, army: str) -> None:
        lost = self.draft.lost_if_army(seat, army)
        self._confirm(lost, f"{sl.army_name(army)} fields other types: {lost} unit{'s' * (lost > 1)} bought "
                      "would be dropped.", lambda: self.draft.set_army(seat, army))

    def _confirm(self, lost: int, words: str, change) -> None:
        """Make a change at once when it loses no bought unit; else ask first (nothing lost without asking)."""
        def go():
            change()
            self.shown()
        if not lost or self.scene.app is None:
            go()
            return
        from game.ui.safety import ChoiceBox
        self.shown()                     # the chooser shows the draft as it is until the answer
        self.scene.app.stack.push(ChoiceBox("Drop bought units?", words,
                                            [("Drop them", go, False), ("Back", None, True)]))
        self.scene.app.dirty = True

    def _morale(self, army: str, m: int) -> None:
        self.draft.morale[army] = m
        self.draft.changed = True

    def _up(self, seat: int) -> None:
        self.draft.raise_seat(seat)
        self.shown()

    def _alliance(self, k) -> None:
        self.draft.alliance = k
        self.draft.changed = True

    def widgets(self) -> list:
        """The player count, each seat's choosers and the alliances."""
        out = [self.players]
        for _, pick, morale, up in self.rows:
            out += [pick, morale, up]
        if len(self.draft.sides) > 2:
            out.append(self.alliance)
        return out

    def layout(self, area) -> None:
        """One row a seat under the player count."""
        super().layout(area)
        x = area.left + style.px(150)
        self.players.rect = pygame.Rect(x, area.top + style.px(8), style.px(220), style.px(34))
        y = area.top + style.px(96)
        for _, pick, morale, up in self.rows:
            pick.rect = pygame.Rect(x, y, style.px(230), style.px(34))
            morale.rect = pygame.Rect(x + style.px(240), y, style.px(250), style.px(34))
            up.rect = pygame.Rect(x + style.px(500), y, style.px(90), style.px(34))
            y += style.px(64)
        self.alliance.rect = pygame.Rect(x, y + style.px(16), style.px(330), style.px(34))

    def draw(self, surface) -> None:
        """Labels, chips and what each army is."""
        a = self.area
        style.text(surface, "Players", (a.left, self.players.rect.centery), 16, anchor="midleft")
        style.text(surface, "Each player commands one army, shown in its colour. They move in this order, "
                   "the first one first (HS-SEQ-1).", (a.left, a.top + style.px(60)), 13, style.INK_DIM)
        for i, (army, pick, _, _) in enumerate(self.rows):
            army_chip(surface, army, (a.left + style.px(12), pick.rect.centery), style.px(22))
            style.text(surface, f"Moves {ORDINAL[i]}", (a.left + style.px(30), pick.rect.centery), 16,
                       anchor="midleft")
            force = sl.SPEC.display_name(army)
            words = FORCE_WORDS[{"red": "mercenary", "blue": "slammers"}.get(army, "conventional")]
            style.text(surface, f"{force}: {words}", (pick.rect.left, pick.rect.bottom + style.px(3)), 12,
                       style.INK_DIM)
        if len(self.draft.sides) > 2:
            style.text(surface, "Alliances", (a.left, self.alliance.rect.centery), 16, anchor="midleft")
            note(surface, "Allies share hexes and win together; each still fires and assaults with his own "
                 "units in his own turn (docs/house-rules/slammers.md).",
                 pygame.Rect(self.alliance.rect.left, self.alliance.rect.bottom + style.px(6),
                             a.right - self.alliance.rect.left, style.px(60)))


# ---------------------------------------------------------------- the forces
def option_words(p: dict) -> str:
    """A type's option as the page shows it, with the book's price of a unit that has it (HS-PTS-1..4)."""
    if p["gas_cost"]:
        return f"gas: {p['gas_cost']}"
    if p["ecm_cost"]:
        return f"ECM: {p['ecm_cost']}"
    if p["unit"] == "apc":
        return "loaded"
    return "skimmers" if p["skimmers"] else ""


class ForcesPage(Page):
    """The book's price list of one army: buy units, jumpers, gas and ECM; every figure is the book's."""

    title = "Forces"

    def __init__(self, scene):
        super().__init__(scene)
        self.army = self.draft.sides[0]
        self.army_buttons: list = []
        self.rows: list = []             # (price entry, stepper, jump stepper or None, option toggle or None)
        self.shown()

    def shown(self) -> None:
        """Rebuild the rows for the army shown (the first when it left the table)."""
        if self.army not in self.draft.sides:
            self.army = self.draft.sides[0]
        self.army_buttons = [Button(sl.army_name(a), lambda a=a: self._show(a), primary=a == self.army, size=14)
                             for a in self.draft.sides]
        self.rows = []
        for p in sl.design_prices(self.army):
            key = p["unit"]
            count = Stepper(lambda k=key: self._sell(k, False), lambda k=key: self._buy(k, False))
            jump = Stepper(lambda k=key: self._sell(k, True), lambda k=key: self._buy(k, True)) \
                if p["paradrop"] else None
            option = None
            if p["gas_cost"]:
                option = Toggle(option_words(p), lambda k=key: self._gas(k))
            elif p["ecm_cost"]:
                option = Toggle(option_words(p), self._ecm)
            elif p["skimmers"]:
                option = Toggle(option_words(p), self._skimmers)
            elif p["unit"] == "apc":
                option = Toggle(option_words(p), self._loaded)
            self.rows.append((p, count, jump, option))
        if self.scene.app:
            self.layout(self.area)

    def _show(self, army: str) -> None:
        self.army = army
        self.shown()

    def _buy(self, key: str, jump: bool) -> None:
        problem = self.draft.buy(self.army, key, jump)
        if problem:
            self.scene.say(problem)

    def _sell(self, key: str, jump: bool) -> None:
        self.draft.sell(self.army, key, jump)

    def _gas(self, key: str) -> None:
        self.draft.toggle_gas(self.army, key)

    def _ecm(self) -> None:
        self.draft.toggle_ecm(self.army)

    def _skimmers(self) -> None:
        self.draft.toggle_skimmers(self.army)

    def _loaded(self) -> None:
        problem = self.draft.toggle_loaded(self.army)
        if problem:
            self.scene.say(problem)

    def widgets(self) -> list:
        """Army buttons, then each row's steppers and option."""
        out = list(self.army_buttons)
        for _, count, jump, option in self.rows:
            out += [count.less, count.more]
            if jump:
                out += [jump.less, jump.more]
            if option:
                out.append(option.button)
        return out

    COLUMNS = (("Unit", 0), ("A-D-R-M", 250), ("Book cost", 340), ("Option", 440), ("Bought", 560),
               ("Jumping (+2)", 660), ("Points", 780))

    def layout(self, area) -> None:
        """Army buttons on top, then the table's rows."""
        super().layout(area)
        x = area.left
        for b in self.army_buttons:
            b.rect = pygame.Rect(x, area.top, style.px(200), style.px(32))
            x += style.px(208)
        row_h = min(style.px(32), (area.height - style.px(120)) // max(1, len(self.rows)))
        self.row_h = row_h
        y = area.top + style.px(70)
        col = {name: area.left + style.px(off) for name, off in self.COLUMNS}
        for p, count, jump, option in self.rows:
            count.place(pygame.Rect(col["Bought"], y + 2, style.px(88), row_h - 4))
            if jump:
                jump.place(pygame.Rect(col["Jumping (+2)"], y + 2, style.px(88), row_h - 4))
            if option:
                option.button.rect = pygame.Rect(col["Option"], y + 2, style.px(104), row_h - 4)
            y += row_h

    def shown_rows(self) -> list:
        """What each row of the table says, as drawn: unit, values, book cost, option, bought, jumping, points."""
        raw = self.draft.raw()
        out = []
        for p, _, _, _ in self.rows:
            key = p["unit"]
            n = self.draft.count(self.army, key)
            jumpers = self.draft.count(self.army, key, paradrop=True)
            if key == "fortress":                  # a fortress has no morale to pay for (HS-PTS-1, -2)
                points = n * p["cost"]
            else:
                line = {"unit": key, "count": n - jumpers}
                if key == "apc" and self.army in self.draft.loaded:       # each with its infantry (HS-APC-2)
                    line["carrying"] = sl.design_cargo(self.army, self.draft.counts(self.army))
                points = sl.design_line_cost(raw, self.army, line) \
                    + sl.design_line_cost(raw, self.army, {"unit": key, "count": jumpers, "paradrop": True})
            option = option_words(p)
            values = "-".join(str(v) for v in p["values"]) if p["values"] else "+12 defence"
            out.append({"unit": key, "name": p["name"], "values": values, "cost": str(p["cost"]), "option": option,
                        "bought": n, "jumping": jumpers if p["paradrop"] else None, "points": str(points),
                        "box": p["counters"]})
        return out

    def draw(self, surface) -> None:
        """The price list with counts, options and each line's points."""
        a = self.area
        col = {name: a.left + style.px(off) for name, off in self.COLUMNS}
        hy = a.top + style.px(46)
        for name, _ in self.COLUMNS:
            style.text(surface, name, (col[name], hy), 12, style.BRASS, bold=True, anchor="midleft")
        pygame.draw.line(surface, style.BRASS_DIM, (a.left, hy + style.px(12)), (a.right, hy + style.px(12)))
        gas, ecm = self.draft.gas.get(self.army, set()), self.army in self.draft.ecm
        y = a.top + style.px(70)
        for (p, count, jump, option), row in zip(self.rows, self.shown_rows()):
            mid = y + self.row_h // 2
            if row["bought"]:
                pygame.draw.rect(surface, style.SLATE_LIGHT, (a.left - 4, y, a.width + 8, self.row_h),
                                 border_radius=style.px(3))
            size = 14 if style.font(14).size(row["name"])[0] < style.px(196) else 12
            style.text(surface, row["name"], (col["Unit"], mid), size, anchor="midleft")
            style.text(surface, f"box {row['box']}", (col["Unit"] + style.px(236), mid), 11, style.INK_DIM,
                       anchor="midright")
            style.text(surface, row["values"], (col["A-D-R-M"], mid), 14, style.INK_DIM, anchor="midleft")
            style.text(surface, row["cost"], (col["Book cost"] + style.px(30), mid), 14, anchor="midright")
            if option:
                option.set(p["unit"] in gas if p["gas_cost"] else ecm if p["ecm_cost"]
                           else self.army in (self.draft.loaded if p["unit"] == "apc" else self.draft.skimmers))
            count.draw(surface, row["bought"] - (row["jumping"] or 0))
            if jump:
                jump.draw(surface, row["jumping"])
            style.text(surface, row["points"], (col["Points"] + style.px(44), mid), 15,
                       style.INK if row["bought"] else style.INK_DIM, bold=bool(row["bought"]), anchor="midright")
            y += self.row_h
        costs = sl.design_morale_costs()
        m = self.draft.morale[self.army]
        note(surface, f"Morale {m}: {'+' + str(costs[m]) + ' a unit' if costs[m] else 'standard, no extra cost'} "
             "(set on the Armies page, HS-PTS-10). Gas and ECM are bought for every unit of a type or for none "
             "(HS-PTS-4); a unit that jumps costs 2 more (HS-PTS-5); infantry may set up riding its skimmers, at no cost "
             "(HS-SKM-2), and a loaded APC carries an infantry counter, paid with it (HS-APC-2). Fortresses are "
             "placed on the Set-up page.",
             pygame.Rect(a.left, y + style.px(10), a.width, style.px(60)), 12)
