"""The designer's last two pages: setting the forces up hex by hex, and the battle's length, aim and name."""
from __future__ import annotations

import pygame

from game.rules import slammers as sl
from game.ui import style
from game.ui.widgets import Button, Cycler, TextField

from .sl_design_parts import MINUTES, TURNS, VICTORY, MapPicture, Toggle
from .sl_design_tabs import Page, army_chip, note


class SetupPage(Page):
    """Pick a unit from the army's list, then click hexes to set it up; right-click takes one back."""

    title = "Set-up"

    def __init__(self, scene):
        super().__init__(scene)
        self.army = self.draft.sides[0]
        self.army_buttons: list = []
        self.group = None                # (unit, paradrop) picked to place
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.map_rect = pygame.Rect(0, 0, 0, 0)
        self.hover = None
        self._pic = None
        self.below, self.help_rect = False, None
        self.whole = Toggle("whole line a click", self._whole)
        self.shown()

    def _whole(self) -> None:
        self.whole.set(not self.whole.on)

    def shown(self) -> None:
        """Army buttons for the seated armies; the first group still to place picked."""
        if self.army not in self.draft.sides:
            self.army = self.draft.sides[0]
        self.army_buttons = [Button(sl.army_name(a), lambda a=a: self._show(a), primary=a == self.army, size=14)
                             for a in self.draft.sides]
        if self.group not in self.groups():
            self.group = next(iter(self.groups()), None)
        if self.scene.app:
            self.layout(self.area)

    def _show(self, army: str) -> None:
        self.army, self.group = army, None
        self.shown()

    def widgets(self) -> list:
        """The army buttons and the whole-line toggle."""
        return list(self.army_buttons) + [self.whole.button]

    def layout(self, area) -> None:
        """Army buttons on top, the map left, the list of units to place right."""
        super().layout(area)
        x = area.left
        for b in self.army_buttons:
            b.rect = pygame.Rect(x, area.top, style.px(200), style.px(32))
            x += style.px(208)
        top = area.top + style.px(42)
        board = self.draft.board()
        aspect = board.pixel_size[0] / board.pixel_size[1] if board is not None else 1.0
        self.below = aspect > 1.5          # a wide map takes the whole width, the list goes under it
        if self.below:
            map_h = min(round(area.width / aspect), round((area.bottom - top) * 0.72))
            self.map_rect = pygame.Rect(area.left, top, area.width, map_h)
            self.list_rect = pygame.Rect(area.left, top + map_h + style.px(24), area.width,
                                         area.bottom - top - map_h - style.px(24))
            self.help_rect = pygame.Rect(self.list_rect.right - style.px(410), self.list_rect.top + style.px(6),
                                         style.px(400), self.list_rect.height - style.px(50))
        else:
            self.list_rect = pygame.Rect(area.right - style.px(230), top, style.px(230), area.bottom - top)
            self.map_rect = pygame.Rect(area.left, top, self.list_rect.left - area.left - style.px(12),
                                        area.bottom - top - style.px(22))
            self.help_rect = None
        self.whole.button.rect = pygame.Rect(self.list_rect.right - style.px(238), self.list_rect.bottom - style.px(40),
                                             style.px(230), style.px(32))

    def picture(self):
        """The map drawn to fit (again only when the map or the room changed)."""
        board = self.draft.board()
        if board is None:
            return None
        key = (self.draft._board_key, self.map_rect.size)
        if self._pic is None or self._pic[0] != key:
            pic = MapPicture(board, self.map_rect.size)
            pic.rect.midtop = self.map_rect.midtop
            self._pic = (key, pic)
        return self._pic[1]

    def groups(self) -> dict:
        """(unit, jumps) -> units of the army shown still to place, in the price list's order."""
        order = [p["unit"] for p in sl.design_prices(self.army)]
        out: dict = {}
        for u in sorted(self.draft.to_place(self.army), key=lambda u: (order.index(u["unit"]), u["paradrop"])):
            out.setdefault((u["unit"], u["paradrop"]), []).append(u)
        return out

    def row_rects(self) -> list:
        """((unit, jumps), rect) of each line of the list, in columns when it lies under the map."""
        h, w = style.px(28), style.px(240) if self.below else self.list_rect.width
        per = max(1, (self.list_rect.height - style.px(32)) // h) if self.below else 99
        return [(g, pygame.Rect(self.list_rect.left + (i // per) * w, self.list_rect.top + style.px(26) + (i % per) * h,
                                w, h)) for i, g in enumerate(self.groups())]

    def handle(self, event) -> bool:
        """Pick a line of the list; click a hex to place, right-click to take a unit back."""
        if event.type == pygame.MOUSEMOTION:
            pic = self.picture()
            hover = pic.hex_at(event.pos) if pic else None
            changed, self.hover = hover != self.hover, hover
            return changed
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        for g, r in self.row_rects():
            if r.collidepoint(event.pos) and event.button == 1:
                self.group = g
                return True
        pic = self.picture()
        label = pic.hex_at(event.pos) if pic else None
        if label is None:
            return False
        if event.button == 3:
            return self._take_back(label)
        if event.button != 1:
            return False
        units = self.groups().get(self.group)
        if not units:
            return self._take_back(label)
        whole = self.whole.on or pygame.key.get_mods() & pygame.KMOD_SHIFT
        problem = self.draft.place_around(units, label) if whole else self.draft.place_unit(units[0], label)
        if problem:
            self.scene.say(problem)
        if not self.groups().get(self.group):
            self.group = next(iter(self.groups()), None)
        return True

    def _take_back(self, label: str) -> bool:
        here = [u for u in self.draft.units if u["side"] == self.army and u["at"] == label]
        if not here:
            return False
        here[-1]["at"] = None
        self.group = (here[-1]["unit"], here[-1]["paradrop"])
        self.draft.changed = True
        return True

    def back(self) -> bool:
        """Esc lets go of the picked line."""
        if self.group is not None:
            self.group = None
            return True
        return False

    def draw(self, surface) -> None:
        """The map with every unit placed, the hex under the pointer, and the list."""
        pic = self.picture()
        if pic is None:
            note(surface, "Lay a panel on the Map page first.", self.map_rect, 15, style.WARN)
            return
        surface.blit(pic.image, pic.rect)
        pygame.draw.rect(surface, style.BRASS_DIM, pic.rect, 1)
        self._draw_units(surface, pic)
        if self.hover:
            h = pic.board.hex_named(self.hover)
            pts = [(pic.rect.left + x * pic.zoom, pic.rect.top + y * pic.zoom) for x, y in pic.board.corners(h)]
            pygame.draw.polygon(surface, style.TARGET, pts, 2)
            style.text(surface, f"Hex {self.hover} · {pic.board.terrain[h]}",
                       (pic.rect.left, pic.rect.bottom + style.px(4)), 13, style.INK)
        self._draw_list(surface)

    def _draw_units(self, surface, pic) -> None:
        """Each hex's units as a small counter in its army's colour with how many stand there."""
        here: dict = {}
        for u in self.draft.units:
            if u["at"] is not None:
                here.setdefault((u["at"], u["side"], u["unit"] == "fortress", u["paradrop"]), []).append(u)
        size = max(style.px(12), round(pic.hex_radius() * 1.4))
        for (label, side, fort, jump), units in here.items():
            cx, cy = pic.centre(label)
            if fort:
                pygame.draw.circle(surface, sl.SPEC.side_colours[side], (cx, cy), round(pic.hex_radius() * 0.9), 3)
                continue
            offset = -size // 4 if side == self.draft.sides[0] else size // 4
            centre = (cx + offset, cy + offset)
            if jump:               # a drop zone: a ring, for the unit is off the map until it jumps
                pygame.draw.circle(surface, sl.SPEC.side_colours[side], centre, size // 2 + 2, 2)
                style.text(surface, str(len(units)), centre, 11, style.INK_DARK, bold=True, anchor="center")
                continue
            army_chip(surface, side, centre, size)
            if len(units) > 1:             # how many stand there: a badge that reads on any terrain
                badge = (centre[0] + size // 2, centre[1] - size // 2)
                pygame.draw.circle(surface, style.INK_DARK, badge, style.px(5.5))
                style.text(surface, str(len(units)), badge, 9, style.INK, bold=True, anchor="center")

    def _draw_list(self, surface) -> None:
        r = self.list_rect
        pygame.draw.rect(surface, (22, 24, 27), r, border_radius=style.px(4))
        style.text(surface, "To place", (r.left + style.px(8), r.top + style.px(6)), 13,
                   style.BRASS, bold=True)
        names = {p["unit"]: p["name"] for p in sl.design_prices(self.army)}
        rows = self.row_rects()
        for (unit, jump), rect in rows:
            n = len(self.groups()[(unit, jump)])
            if (unit, jump) == self.group:
                pygame.draw.rect(surface, style.WOOD, rect.inflate(-4, -2), border_radius=style.px(3))
            words = f"{names[unit]}{' (jumps)' if jump else ''} ×{n}"
            style.text(surface, words, (rect.left + style.px(10), rect.centery), 13, anchor="midleft")
        y = (rows[-1][1].bottom if rows and not self.below else r.top + style.px(28)) + style.px(10)
        if not rows:
            y = note(surface, "Every unit of this army is set up." if self.draft.counts(self.army)
                     else "This army has bought nothing yet (Forces).", pygame.Rect(r.left + style.px(10), y,
                                                                                     style.px(210), 60), 13)
        help_rect = self.help_rect or pygame.Rect(r.left + style.px(10), y + style.px(6), r.width - style.px(20),
                                                  r.bottom - y)
        note(surface, "Click a line, then hexes: one unit a click, or the whole line around the hex with Shift "
             "or the box below. Three counters of an army a hex at most; a jumping unit's hex is its drop zone. "
             "Click or right-click a placed unit to take it back.", help_rect, 12)


class BattlePage(Page):
    """Length, victory, title and file name; saving is the designer's Save button."""

    title = "Battle"

    def __init__(self, scene):
        super().__init__(scene)
        d = self.draft
        self.title_field = TextField(d.title, placeholder="A battle of our own", max_len=60)
        self.name_field = TextField(d.name, placeholder="made from the title",
                                    allowed="abcdefghijklmnopqrstuvwxyz0123456789_", max_len=40)
        self.brief_field = TextField(d.briefing, placeholder="Who fights whom, and why", max_len=400)
        self.turns = Cycler([(f"{t} turns", t) for t in TURNS], on_change=self._set("turns"))
        self.minutes = Cycler([(f"about {m} minutes", m) for m in MINUTES], on_change=self._set("minutes"))
        self.victory = Cycler([(w, k) for k, w in VICTORY], on_change=self._victory)
        self.attacker = Cycler([], on_change=self._set("attacker"))
        self.place = Cycler([], on_change=self._set("place"))
        self.fields = [self.title_field, self.name_field, self.brief_field]
        self.saved = Cycler([])
        self.open_button = Button("Open", lambda: self.scene.open_saved(self.saved.value), size=14)
        self.shown()

    def _set(self, attr: str):
        def change(value):
            setattr(self.draft, attr, value)
            self.draft.changed = True
        return change

    def _victory(self, value) -> None:
        self._set("victory")(value)
        self.shown()

    def shown(self) -> None:
        """Choosers read from the draft (armies and places may have changed)."""
        d = self.draft
        self.turns.select(d.turns)
        self.minutes.select(d.minutes)
        self.victory.select(d.victory)
        self.attacker.set_options([(sl.army_name(s), s) for s in d.sides])
        self.attacker.select(d.attacker)
        d.attacker = self.attacker.value
        board = d.board()
        places = [(p.name, p.name) for p in board.places] if board is not None else []
        self.place.set_options(places)
        self.place.select(d.place)
        d.place = self.place.value if d.victory == "hold" else d.place
        self.saved.set_options([(n.replace("_", " "), n) for n in sl.SPEC.own_scenarios()])
        if self.scene.app:
            self.layout(self.area)

    def sync(self) -> None:
        """Copy the typed words into the draft (the file name made from the title until one is typed)."""
        d = self.draft
        words = (self.title_field.value, self.brief_field.value)
        if words != (d.title, d.briefing) or self.name_field.value != d.name:
            d.changed = True
        d.title, d.briefing = words
        d.name = self.name_field.value or slug(self.title_field.value)
        self.name_field.placeholder = f"{d.name} (from the title)" if d.name else "made from the title"

    def widgets(self) -> list:
        """Fields and choosers (the attacker and place only when the aim needs them)."""
        out = self.fields + [self.turns, self.minutes, self.victory]
        if self.draft.victory != "most":
            out.append(self.attacker)
        if self.draft.victory == "hold":
            out.append(self.place)
        if self.saved.options:
            out += [self.saved, self.open_button]
        return out

    def layout(self, area) -> None:
        """Labels on the left, controls on the right."""
        super().layout(area)
        x, w, h = area.left + style.px(170), min(style.px(520), area.width - style.px(180)), style.px(34)
        y = area.top + style.px(6)
        for widget in (self.title_field, self.brief_field, self.name_field, self.turns, self.minutes,
                       self.victory, self.attacker, self.place):
            widget.rect = pygame.Rect(x, y, w, h)
            y += style.px(48)
        self.saved.rect = pygame.Rect(x, area.bottom - h, w - style.px(110), h)
        self.open_button.rect = pygame.Rect(x + w - style.px(100), area.bottom - h, style.px(100), h)

    def back(self) -> bool:
        """Esc leaves a field being typed in."""
        for f in self.fields:
            if f.focus:
                f.focus = False
                return True
        return False

    def draw(self, surface) -> None:
        """Labels, and what the chosen aim means."""
        self.sync()
        labels = ("Title", "Briefing", "File name", "Length", "Playing time", "Victory")
        for words, widget in zip(labels, (self.title_field, self.brief_field, self.name_field, self.turns,
                                          self.minutes, self.victory)):
            style.text(surface, words, (self.area.left, widget.rect.centery), 16, anchor="midleft")
        if self.draft.victory != "most":
            style.text(surface, "Attacker", (self.area.left, self.attacker.rect.centery), 16, anchor="midleft")
        if self.draft.victory == "hold":
            style.text(surface, "Place to take", (self.area.left, self.place.rect.centery), 16, anchor="midleft")
        d = self.draft
        aim = d.aim() + (" The book gives an attacker a fifth more points than the defender (HS-DES-1)."
                         if d.victory != "most" else "")
        top = (self.place if d.victory == "hold" else self.attacker if d.victory != "most" else self.victory).rect
        y = note(surface, aim, pygame.Rect(self.area.left, top.bottom + style.px(14), self.area.width, 80), 13)
        where = f"Saved designs go to {sl.design_folder()} and appear in New game's scenario list; " \
                "copy the file to share the battle."
        note(surface, where, pygame.Rect(self.area.left, y + style.px(8), self.area.width, 60), 12)
        if self.saved.options:
            style.text(surface, "Change a saved one", (self.area.left, self.saved.rect.centery), 16, anchor="midleft")


def slug(words: str) -> str:
    """A file name from a title: small letters, digits and _ (at most 40)."""
    out = "".join(c if c.isalnum() and c.isascii() else "_" for c in words.strip().lower())
    while "__" in out:
        out = out.replace("__", "_")
    return out.strip("_")[:40]
