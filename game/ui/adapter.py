"""GameAdapter: how the generic play scene turns a game's view and actions into clicks.

A game may supply its own subclass (GameSpec.ui = "game.ui.games.<game>:Adapter") to add
panels, better labels and place mappings; this default works for any game from its view.

How the play scene uses an adapter:
- ``adapter.viewer`` is the side whose view is on screen (kept current by the scene).
- ``place_actions(view)`` keys are what the board view's ``place_at`` returns (area name,
  (q, r) hex tuple, box name); those places pulse, and a click on one applies its action
  (several actions on one place are offered as buttons). A click elsewhere shows ``why_not``.
- ``buttons(view)`` become the prompt's buttons, in order.
- ``highlights(view)`` adds selected/path/labels to the board's highlights; ``draw_overlay``
  draws over the map; ``animating(now)`` keeps frames coming while an overlay moves.
- ``panels()`` is called once; each Panel is given a slot between the prompt and the log,
  ``height(width, view)`` tall. When the column is crowded the panels share the room (each keeps
  at least ``min_height``) and a panel's content scrolls with the wheel: ``draw``, ``click`` and
  ``hover`` then get the whole content rect, shifted by the scroll, clipped to what shows. ``Panel.click`` returns an
  action tuple such as ("card", 7), which is applied if legal (else its reason is shown),
  or a place, handled as a map click.
"""
from __future__ import annotations

import importlib

from game.core.contract import as_action, describe_action
from game.ui import style

PLACE_VERBS = ("area", "hex", "box")


def place_key(value):
    """A place as the board views name it: a hex [q, r] becomes a (q, r) tuple."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return value


class AsOf:
    """A session read as it stood at ``state`` (``GameAdapter.label_in``); all else is the session's."""

    def __init__(self, session, state: dict):
        self._session, self.state = session, state

    def __getattr__(self, name):
        return getattr(self._session, name)


class Panel:
    """A side panel a game adds (hand of cards, unit details, odds). Subclass and override."""

    title = ""

    def __init__(self, adapter: "GameAdapter"):
        self.adapter = adapter

    def height(self, width: int, view: dict) -> int:
        """The height this panel wants at ``width`` pixels (the shell may give it less)."""
        return 0

    def min_height(self, width: int, view: dict) -> int:
        """The least height worth showing when the side column is crowded (0: the shell's default)."""
        return 0

    def draw(self, surface, rect, view: dict, now_ms: int) -> None:
        """Draw inside ``rect`` (the shell draws the frame and title; content taller than the room scrolls)."""

    def click(self, pos, rect, view: dict):
        """The action (or a place) a click at ``pos`` names, or None."""
        return None

    def hover(self, pos, rect, view: dict) -> bool:
        """Track the pointer; True when the panel must be redrawn."""
        return False

    def why_nothing(self, pos, rect, view: dict) -> str | None:
        """Why a click at ``pos`` that named nothing does nothing, in a sentence (None: say nothing)."""
        return None

    def animating(self, now_ms: int) -> bool:
        """True while the panel animates."""
        return False

    hinted = None        # (action, view): the control a hint names here, for that view only

    def light(self, action, view: dict) -> bool:
        """Tag the control (a card) that plays ``action`` as a hint's; False when the panel has none."""
        return False

    def lit(self, found: bool, action, view: dict) -> bool:
        """Keep ``action`` as the hint this panel tags (for ``view``) when ``found``; returns ``found``."""
        if found:
            self.hinted = (action, view)
        return found

    def hinted_in(self, view: dict):
        """The action a hint tagged in this panel, while ``view`` is the one it was for; else None."""
        hinted = self.hinted
        return hinted[0] if hinted is not None and hinted[1] is view else None


class GameAdapter:
    """The generic default: place verbs become map clicks, every other action a prompt button."""

    direct_places = True     # a place verb's action names its place as its argument (placed's quick way)

    def __init__(self, spec, session):
        self.spec = spec
        self.session = session
        self.viewer = None       # the side whose view is on screen; the play scene keeps it current

    def board(self):
        """The AreaMap/HexGrid the game is played on, or None for a game without a map."""
        return self.spec.board(self.session.state) if self.spec.board else None

    def _piece_places(self, view: dict) -> dict:
        return {p.get("id"): place_key(p.get("at")) for p in view.get("pieces", []) if "id" in p}

    def action_place(self, action, view: dict):
        """The place an action names (directly, or through the unit it names), or None."""
        action = tuple_action(action)
        if len(action) >= 2 and action[0] in PLACE_VERBS:
            return place_key(action[1])
        if len(action) == 2 and action[0] in ("unit", "piece", "stack"):
            return self._piece_places(view).get(action[1])
        return None

    def place_actions(self, view: dict) -> dict:
        """Actions that name a place, by place (worked out once per view: a frame asks several times)."""
        memo = getattr(self, "_place_memo", None)
        if memo is not None and memo[0] is view:
            return memo[1]
        out = self.places_for(view)
        self._place_memo = (view, out)
        return out

    def placed(self, view: dict) -> list:
        """(action as a tuple, the place it names or None) for each legal action, once per view."""
        memo = getattr(self, "_placed_memo", None)
        if memo is not None and memo[0] is view:
            return memo[1]
        out = []
        place_of = self.action_place
        for a in view.get("actions", []):
            # ("hex", (q, r)) and ("box", name), as most targets come (a thousand for a Star
            # Frigate), name their place as they stand; anything else goes through action_place.
            if type(a) is tuple and len(a) == 2 and a[0] in PLACE_VERBS and self.direct_places:
                arg = a[1]
                kind = type(arg)
                if kind is str or (kind is tuple and len(arg) == 2 and type(arg[0]) is int and type(arg[1]) is int):
                    out.append((a, arg))
                    continue
            a = tuple_action(a)
            out.append((a, place_of(a, view)))
        self._placed_memo = (view, out)
        return out

    def legal(self, view: dict) -> set:
        """The legal actions of a view as a set of tuples (a click is checked against it)."""
        memo = getattr(self, "_legal_memo", None)
        if memo is None or memo[0] is not view:
            memo = self._legal_memo = (view, {a for a, _ in self.placed(view)})
        return memo[1]

    def places_for(self, view: dict) -> dict:
        """Actions that name a place, by place (a game's adapter refines this one)."""
        out: dict = {}
        for action, place in self.placed(view):
            if place is not None:
                out.setdefault(place, []).append(action)
        return out

    def shown_pieces(self, view: dict) -> list:
        """The view's pieces as the table draws them (once per view): a game may add a counter's
        symbol, colour band or short name here (game.ui.counters lists what a piece may carry)."""
        memo = getattr(self, "_shown_memo", None)
        if memo is not None and memo[0] is view:
            return memo[1]
        out = self.dress_pieces(view)
        self._shown_memo = (view, out)
        return out

    def dress_pieces(self, view: dict) -> list:
        """The view's pieces as they are drawn; a game's adapter may dress them (a new list)."""
        return list(view.get("pieces", ()))

    def piece_actions(self, view: dict) -> dict:
        """Legal actions that name one piece of the view (("unit", id), ("lose", id)...), by piece id."""
        memo = getattr(self, "_piece_memo", None)
        if memo is not None and memo[0] is view:
            return memo[1]
        ids = {p.get("id") for p in view.get("pieces", ())}
        out: dict = {}
        for action, _ in self.placed(view):
            if len(action) == 2 and isinstance(action[1], str) and action[1] in ids:
                out.setdefault(action[1], []).append(action)
        self._piece_memo = (view, out)
        return out

    def route(self, action) -> list | None:
        """The places a piece passes for a decision about to be applied, as the rules found its
        way (its start first); None: it slides straight."""
        return None

    def consume(self, named, view: dict) -> bool:
        """Called with every click on a place (map or panel) and every panel's answer before either is
        acted on: True when the game took it as a pick of its own (a stack inspected, a counter picked,
        game.ui.counter_pick), and the table then only redraws."""
        return False

    def forget(self) -> None:
        """Drop what a pick changes of the view on screen: what its places mean (the rest stands)."""
        self._place_memo = None

    def handover_label(self, side) -> str:
        """The words of the button that passes the table to ``side`` in hot-seat play."""
        return f"End turn: pass to the {self.spec.display_name(side)}"

    def buttons(self, view: dict) -> list:
        """(label, action) for each legal action that names no place."""
        return [(self.label(a), a) for a, place in self.placed(view) if place is None]

    def log_words(self, line: str) -> str:
        """A log line as the table shows it (a game may name places for its map references)."""
        return line

    def observe(self, view: dict) -> None:
        """Called with each new view the table shows (after every move): a game may keep a record."""

    def pick_pending(self, view: dict) -> str:
        """What the viewer has picked and not yet used (a card, a unit), in a few words; "" for nothing.

        Esc takes such a pick back (when the undo policy allows) before it goes to the menu."""
        return ""

    def curtain_between_seats(self) -> bool:
        """True when hot-seat play draws the curtain each time another person's seat must act, even
        with nothing hidden (a table of three or four players, so each knows when to take the mouse)."""
        return False

    def put_down(self, view: dict) -> bool:
        """Drop a pick the table holds itself, outside the rules' state (a counter picked on the map,
        game.ui.counter_pick); True when there was one. Esc does this first: such a pick made no move,
        so no move may be taken back for it."""
        return False

    def pick_key(self, view: dict):
        """What identifies the pick now pending (Esc takes back every step made with it); by default
        its words, so each step that changes them is a pick of its own."""
        return self.pick_pending(view)

    def always_ask(self, place, options: list) -> bool:
        """True when a click on ``place`` lists its choices even when there is only one."""
        return False

    def help_text(self) -> str:
        """What the ? box says of this game's own table before the keys ("" for nothing)."""
        return ""

    def panels(self) -> list:
        """Extra side panels; the generic game has none."""
        return []

    def highlights(self, view: dict) -> dict:
        """Extra BoardView.set_highlights arguments (selected, path, labels); none by default."""
        return {}

    def draw_overlay(self, surface, board_view, view: dict, now_ms: int) -> None:
        """Marks a game draws over the map after the board view (cargo, battle roles); none by default."""

    def draw_position_marks(self, surface, board_view, view: dict) -> None:
        """The marks that belong to the position itself, with nothing of the table's moment (the
        tracks' markers, who holds what, what lies on the map): the review draws these for each
        position it shows, clipped to the map. The table's ``draw_overlay`` draws them too. None by default."""

    def overlay_rects(self) -> list:
        """Screen rectangles of boxes the last draw_overlay put over the map (a card shown): the dice keep off."""
        return []

    def animating(self, now_ms: int) -> bool:
        """True while the game's own overlay animates (the scene then keeps drawing)."""
        return False

    def label(self, action) -> str:
        """A button label: the verb in the rulebook's words, then its arguments."""
        action = as_action(action)
        verb, *args = action
        words = verb.replace("_", " ").capitalize()
        return words + (" " + " ".join(str(a) for a in args) if args else "")

    def label_in(self, state: dict, action) -> str:
        """An action's words as its button read in ``state``, where it was taken: the review names
        past actions, and a game's words may hang on the step (a hex is "Move to" in a movement,
        "Target" in a fire step; Done is "End movement" or "End fire")."""
        real = self.session
        self.session = AsOf(real, state)
        try:
            return self.label(action)
        finally:
            self.session = real

    def why_not(self, view: dict, place) -> str:
        """Why a click on ``place`` does nothing now, citing the rule when the game gives one."""
        active = self.spec.active(self.session.state)
        if active is None:
            return "The game is over."
        if not view.get("actions"):
            return f"It is {style.player_of(self.spec, active)}'s turn."
        for verb in PLACE_VERBS:
            candidate = (verb, list(place) if isinstance(place, tuple) else place)
            refused = self.spec.explain(self.session.state, candidate)     # the contract's reason, no probing
            if refused and refused[0] and refused[0] != "it is not one of the choices now":
                why, clause = refused
                return f"{_name(place)}: {why}{f' ({clause})' if clause else ''}."
        return f"Nothing can be done at {_name(place)} now. {view.get('prompt', '')}".strip()

    def why_not_piece(self, view: dict, piece: dict) -> str:
        """Why a click on one counter (a stack inspector's row) does nothing now."""
        name = piece.get("name") or piece.get("label") or piece.get("id")
        active = self.spec.active(self.session.state)
        if active is None:
            return "The game is over."
        if not view.get("actions"):
            return f"{name}: it is the {self.spec.display_name(active)} player's turn."
        return f"{name}: nothing can be done with this counter now. {view.get('prompt', '')}".strip()

    def why_not_action(self, action) -> str:
        """Why an action named by a panel or button is refused now (the contract's explain)."""
        refused = self.spec.explain(self.session.state, as_action(action))
        if refused and refused[0]:
            why, clause = refused
            return f"{why[:1].upper()}{why[1:]}{f' ({clause})' if clause else ''}."
        return f"{describe_action(action)} is not possible now."


def tuple_action(action):
    """as_action, quick for what most games already hand over: a flat tuple with no lists in it."""
    if type(action) is not tuple:
        return as_action(action)
    for x in action:                # plain loops: this runs for each of a thousand targets per view
        kind = type(x)
        if kind is list:
            return as_action(action)
        if kind is tuple:
            for y in x:
                if type(y) is list or type(y) is tuple:
                    return as_action(action)
    return action


def _name(place) -> str:
    if isinstance(place, tuple) and len(place) == 2:
        return f"hex {place[0]},{place[1]}"
    return str(place)


def adapter_for(spec, session) -> GameAdapter:
    """The game's own adapter (GameSpec.ui, "module:Class") or the generic one."""
    if spec.ui:
        module_name, _, cls_name = spec.ui.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            # The game's own panels are not written yet: play it with the generic adapter.
            if exc.name and module_name.startswith(exc.name):
                return GameAdapter(spec, session)
            raise
        return getattr(module, cls_name or "Adapter")(spec, session)
    return GameAdapter(spec, session)
