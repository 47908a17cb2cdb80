"""Play a whole hot-seat game through the real window, as a newcomer would, and note what goes wrong.

The window is the program's own (game.ui.window.App on a real X display, e.g. Xvfb at 1280x720);
every move is a real pointer click or key press sent by xdotool to that window, at the place
where the window shows it: a prompt button, a lit area or hex on the map, a card in the hand.
The driver reads the scene only to know where things are drawn and which clicks are legal (as a
player reads the screen); it never applies an action itself. At random moments it also presses
keys twice, Esc and ? as a newcomer does. At every hand-over it takes a screenshot and checks
that the other player's hand is not on screen; it takes one at each battle and every few moves.

    apt-get install xvfb xdotool x11-apps        # Xvfb, xdotool and xwd, none of them in .venv
    Xvfb :66 -screen 0 1280x720x24 &
    DISPLAY=:66 .venv/bin/python tools/playthrough.py judean_hammer --seed 5 --out /tmp/jh

With ``--versus hard`` (or basic, normal) the driver takes one seat (``--seat``, by its place in
the new-game form, or several, ``--seat 0,2``, played hot-seat among themselves; by default the
seed picks one) and sets the computer in every other seat by clicking the form's arrows. While the
computer thinks it presses, at random, Ctrl+Z, Esc, H, F and Ctrl+S, and checks that each takes
effect within a second: an owed Undo gives the driver's move back and stops the thinking, Esc
reaches the menu and Resume comes back to the same move, a save written then loads with every move
made; and it times each turn of the window's loop while the computer thinks.

Findings are printed and written to OUT/findings.txt; screenshots go to OUT/*.png.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
from playthrough_versus import AgainstTheComputer  # noqa: E402  (beside this file)


def xdo(*args) -> str:
    """Run xdotool with ``args``; its output."""
    return subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, check=False).stdout


def xwd_to_png(xwd: bytes, path: Path) -> None:
    """Write an X window dump (ZPixmap, 32 bits a pixel) as a PNG."""
    head = np.frombuffer(xwd[:100], dtype=">u4")
    size, width, height, bpl, ncolours = int(head[0]), int(head[4]), int(head[5]), int(head[12]), int(head[19])
    start = size + 12 * ncolours
    rows = np.frombuffer(xwd[start:start + bpl * height], dtype=np.uint8).reshape(height, bpl)
    pixels = rows[:, :width * 4].reshape(height, width, 4)
    rgb = pixels[:, :, [2, 1, 0]] if int(head[7]) == 0 else pixels[:, :, [1, 2, 3]]
    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
    pygame.image.save(surface, str(path))


ENDERS = ("End", "Done", "No ", "Pass", "Decline", "Skip", "Finish")


def what_moves(play) -> str:
    """Which part of the table keeps it animating, in a word or two (for a finding)."""
    from game.ui.scene import now_ms
    if play is None:
        return "another scene"
    parts = list(play.animating_parts(now_ms())) + (["the map drawn"] if play.drawing() else [])
    return " and ".join(parts) or "nothing named"


class Driver(AgainstTheComputer):
    """One game from the main menu to the game-over card, through xdotool only."""

    def __init__(self, app, game: str, seed: int, out: Path, rng: random.Random, mischief: float,
                 versus: str | None = None, seat: int | None = None):
        self.app, self.game, self.seed, self.out, self.rng = app, game, seed, out, rng
        self.mischief = mischief
        self.versus, self.seat, self.mine = versus, seat, None
        self.scenario = None                    # the form's first, unless asked for by name
        self.hints = 0                          # hints shown
        self.undo_tried = self.slow_noted = -1  # moves made when an owed Undo was last considered, a slow one noted
        self.slowest_thinking_frame = 0.0       # seconds: the longest loop turn while the computer thought
        self.interruptions: dict[str, int] = {}
        self.clock = pygame.time.Clock()
        self.window = self._find_window()
        self.findings: list[str] = []
        self.shots = 0
        self.moves = 0            # clicks and keys that were meant to play a move
        self.handovers = 0
        self.battles_seen = 0
        self.last_serial = 0
        self.turns_seen: set = set()
        self.phase, self.in_phase, self.futile = None, 0, set()
        self.patience = 30        # moves in one phase before the driver looks for its end

    # -- the window ----------------------------------------------------------------------
    def _find_window(self) -> str:
        self.app.step(self.clock)
        window = pygame.display.get_wm_info().get("window")
        if not window:
            raise SystemExit("playthrough: the program's window is not an X11 window (is DISPLAY set?)")
        return str(window)

    def settle(self, least_s: float = 0.12, most_s: float = 20.0) -> None:
        """Run the program's loop until the X events sent have arrived and nothing moves."""
        from game.ui.scene import now_ms
        start = time.monotonic()
        quiet, why = 0, {}
        while time.monotonic() - start < most_s:
            self.step()
            if not self.app.running:
                return
            play = self.play()
            reasons = [name for name, on in (("redrawn", self.app.dirty), ("events queued", pygame.event.peek()),
                                             ("animating", self.app.animating(now_ms()))) if on]
            if play is not None and (getattr(play, "worker", None) and play.worker.busy):
                reasons.append("the computer thinking")
            if self.versus and self.computer_to_act(play) and not pygame.event.peek():
                reasons = []             # the computer's turn is the table's own business: not waited out
            for name in reasons:
                why[name] = why.get(name, 0) + 1
            quiet = 0 if reasons else quiet + 1
            if quiet >= 4 and time.monotonic() - start >= least_s:
                return
        kept = ", ".join(f"{name} {n}" for name, n in sorted(why.items(), key=lambda kv: -kv[1]))
        if "animating" in why:           # what animates, as it stands when the wait gives up
            kept += f" (now: {what_moves(self.play())})"
        self.note(f"the window did not settle in {most_s:.0f} s (top: {type(self.app.stack.top).__name__}; "
                  f"busy frames: {kept})")

    def step(self) -> None:
        """One turn of the program's loop, timed while the computer thinks."""
        play = self.play()
        thinking = play is not None and getattr(play, "worker", None) is not None and play.worker.busy
        began = time.perf_counter()
        self.app.step(self.clock)
        if thinking:
            self.slowest_thinking_frame = max(self.slowest_thinking_frame, time.perf_counter() - began)

    def click(self, pos, what: str = "") -> None:
        """A real click at window position ``pos``."""
        x, y = int(pos[0]), int(pos[1])
        xdo("mousemove", "--window", self.window, x, y)
        self.settle(0.05)
        xdo("click", "1")
        self.settle()

    def send_keys(self, *names: str) -> None:
        """Real key presses, sent at once; the loop is not run."""
        xdo("key", "--window", self.window, *names)

    def key(self, *names: str) -> None:
        """Real key presses, sent at once (a double press when a name is repeated)."""
        xdo("key", "--window", self.window, *names)
        self.settle()

    def shot(self, tag: str) -> Path:
        """A screenshot of the X screen, as a player sees it."""
        self.shots += 1
        path = self.out / f"{self.shots:04d}-{tag}.png"
        dump = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=False).stdout
        xwd_to_png(dump, path)
        return path

    def note(self, text: str) -> None:
        """A finding: printed and kept."""
        line = f"[move {self.moves}] {text}"
        print(line, flush=True)
        self.findings.append(line)

    def play(self):
        from game.ui.safety import play_scene
        return play_scene(self.app)

    # -- the game --------------------------------------------------------------------------
    def run(self, max_moves: int) -> str:
        """Play until the game-over card (or ``max_moves``); the result in words."""
        self.settle(0.5)
        self.start_game()
        while self.moves < max_moves and self.app.running:
            top = type(self.app.stack.top).__name__
            if top == "GameOverScene":
                self.shot("game-over")
                result = self.app.stack.top.result
                return f"game over after {self.moves} moves: {result}"
            handler = getattr(self, f"on_{top}", None)
            if handler is None:
                self.note(f"unexpected scene {top}: Esc")
                self.key("Escape")
                continue
            handler(self.app.stack.top)
        return f"stopped after {self.moves} moves, not over"

    def start_game(self) -> None:
        from game.rules import GAMES
        menu = self.app.stack.top
        title = GAMES[self.game].title
        self.click(next(b for b in menu.game_buttons if b.label == title).rect.center, "game")
        form = self.app.stack.top
        if self.scenario:
            for _ in range(len(form.scenario.options)):
                if form.scenario.value == self.scenario:
                    break
                self.click(form.scenario.arrows()[1].center, "scenario")
            if form.scenario.value != self.scenario:
                raise SystemExit(f"playthrough: {self.game} has no scenario {self.scenario!r}")
        if self.versus:
            self.seat_the_computer(form)
        self.click(form.seed.rect.center)
        xdo("type", "--window", self.window, str(self.seed))
        self.settle()
        self.shot("new-game")
        self.click(form.start_button.rect.center)
        while type(self.app.stack.top).__name__ == "ChoiceBox":     # an unfinished game to replace
            box = self.app.stack.top
            self.click(next(b for b in box.buttons if not b.label.startswith(("Keep", "Back", "Cancel"))).rect.center)

    def on_MenuScene(self, menu) -> None:
        """A stray Esc left the table: Resume, and check that nothing was lost."""
        resume = next((b for b in menu.extra_buttons if b.label.startswith("Resume")), None)
        if resume is None:
            self.note("the menu offers no Resume after an Esc from the table")
            self.app.running = False
            return
        self.click(resume.rect.center)

    def on_MessageBox(self, box) -> None:
        self.shot("message")
        self.note(f"message box: {box.title}: {getattr(box, 'text', '')[:120]}")
        self.key("Escape")

    def on_ChoiceBox(self, box) -> None:
        self.shot("choice-box")
        self.note(f"choice box: {box.title}")
        self.key("Escape")

    def on_FaultBox(self, box) -> None:
        self.shot("fault")
        self.note(f"INTERNAL ERROR: {getattr(box, 'text', '')}")
        self.app.running = False

    def on_CurtainScene(self, curtain) -> None:
        """A hand-over: the screen must show nothing but the curtain; keys pressed early do nothing."""
        self.handovers += 1
        path = self.shot(f"curtain-{curtain.side}")
        self.check_covered(path, curtain)
        if self.rng.random() < 0.5:                 # Enter twice and a click, as the last player would
            self.key("Return", "Return", "space")
            self.click((self.app.screen.get_width() // 2, 80))
            if self.app.stack.top is not curtain:
                self.note("the curtain was lifted by Enter, Space or a stray click")
        from game.ui.scene import now_ms
        while not curtain.ready():
            self.settle(0.05)
        if self.rng.random() < 0.5:
            self.click(curtain.ready_button.rect.center)
        else:
            self.key(pygame.key.name(curtain.lift_key))
        if self.app.stack.top is curtain:
            self.note("the curtain's own button or key did not lift it")
        play = self.play()
        if play is not None and play.viewer != curtain.side:
            self.note(f"after the {curtain.side} curtain the table shows {play.viewer}'s view")
        del now_ms

    def check_covered(self, path: Path, curtain) -> None:
        """Most of the screen in the curtain's colour (or its stripes): no table shows through."""
        from game.ui import style
        colour = np.array(style.side_colour(curtain.spec, curtain.side))
        img = pygame.surfarray.array3d(pygame.image.load(str(path))).astype(int)
        near = (np.abs(img - colour).sum(axis=2) < 30) | (np.abs(img - (colour * 0.82).astype(int)).sum(axis=2) < 30)
        if near.mean() < 0.8:
            self.note(f"the {curtain.side} curtain covers only {near.mean():.0%} of the screen ({path.name})")

    def on_PlayScene(self, play) -> None:
        self.track(play.session)
        if play.board_view is not None:
            # The lit targets pulse for 3.6 s after every input; a player clicks during it, so the
            # driver does not wait it out (the settled frame it would wait for looks the same).
            play.board_view.pulse = False
        self.check_hidden(play)
        self.watch_events(play)
        if play.handover:
            self.shot(f"handover-to-{play.handover}")
            if self.rng.random() < self.mischief:
                before = len(play.session.actions)
                self.key("Escape")
                if self.app.stack.top is play or len(play.session.actions) != before:
                    pass
                return
            self.click(play.end_turn_button.rect.center, "end turn")
            return
        if play.bot_error:
            self.shot("computer-stopped")
            self.note(f"the computer stopped: {play.status}")
            self.app.running = False
            return
        if not play.my_turn():
            if self.versus and self.computer_to_act(play):
                self.watch_the_computer(play)
            else:
                self.settle(0.3)
            return
        if self.rng.random() < self.mischief:
            self.misbehave(play)
            return
        # A player looks before clicking: the computer's last move, shown just now, may still glide
        # the map to where it happened (the watch ends as soon as the move is made, not shown), and
        # a place aimed at on the map before the glide is somewhere else after it.
        self.settle(0.0)
        if self.app.stack.top is play and play.my_turn():
            self.make_a_move(play)

    def check_hidden(self, play) -> None:
        """The hand on screen is the viewer's; the viewer is the player to act unless a hand-over waits
        (against the computer: the driver's side, always)."""
        active = play.session.active()
        if self.versus and play.viewer not in self.mine:
            self.note(f"against the computer the table shows {play.viewer}'s view, not one of {self.mine}")
        elif play.handover is None and active is not None and play.viewer != active and \
                (not self.versus or active in self.mine):
            self.note(f"{active} must act but the table shows {play.viewer}'s view")
        hand = play.view.get("hand")
        if hand is not None and play.viewer is not None:
            own = play.session.view(play.viewer).get("hand")
            if hand != own:
                self.note(f"the hand on screen is not {play.viewer}'s own")

    def watch_events(self, play) -> None:
        """A screenshot at each battle (and ambush) the table has shown."""
        newest = play.session.last_event()
        if newest < self.last_serial:           # undone
            self.last_serial = newest
        if newest > self.last_serial:
            fresh = play.session.events_since(self.last_serial)
            self.last_serial = newest
            for e in fresh:
                if e.get("kind") in ("battle", "ambush"):
                    self.battles_seen += 1
                    self.shot(f"battle-{e.get('area') or e.get('city') or ''}".replace(" ", "_"))
                    break
        turn = play.view.get("turn")
        if turn not in self.turns_seen:
            self.turns_seen.add(turn)
            self.shot(f"turn-{turn}")

    # -- moves ------------------------------------------------------------------------------
    def targets(self, play) -> list:
        """(kind, screen point, what) for everything the window shows as a legal click now."""
        out = []
        for b in play.prompt_buttons + [play.more_button]:
            if b.visible and b.enabled and b.rect.w > 0 and play.app.screen.get_rect().collidepoint(b.rect.center):
                out.append(("button", b.rect.center, b.label))
        view = play.board_view
        if view is not None:
            for place in play.adapter.place_actions(play.view):
                pos = view.screen_pos(place)
                if pos is None or not play.map_rect.collidepoint(pos):
                    continue
                spot = next((p for p in self._near(pos) if view.place_at(p) == place), None)
                if spot is not None:
                    out.append(("place", spot, place))
        legal = play.adapter.legal(play.view)
        for panel, rect in play.panel_rects:
            content, inner, _ = play.panel_content[id(panel)]
            seen = set()
            for y in range(inner.top + 4, inner.bottom - 2, 10):
                for x in range(inner.left + 4, inner.right - 2, 14):
                    named = panel.click((x, y), content, play.view)
                    if named is None or named in seen:
                        continue
                    if (isinstance(named, tuple) and named in legal) or named in play.adapter.place_actions(play.view):
                        seen.add(named)
                        out.append(("panel", (x, y), named))
        return out

    @staticmethod
    def _near(pos):
        x, y = pos
        for dx, dy in ((0, 0), (0, 6), (6, 0), (-6, 0), (0, -6), (10, 10), (-10, 10)):
            yield (x + dx, y + dy)

    def make_a_move(self, play) -> None:
        """Click one thing the window shows as legal: a choice offered, a lit place, a card, a button.

        Like a player who has read the rules, it ends a phase (Done, End...) once it has made a
        good many moves in it, and it does not click again what just did nothing."""
        phase = (play.view.get("turn"), play.view.get("phase"), play.session.active())
        if phase != self.phase:
            self.phase, self.in_phase, self.futile = phase, 0, set()
        self.in_phase += 1
        targets = [t for t in self.targets(play) if (t[0], str(t[2])) not in self.futile]
        if not targets:
            self.shot("no-target")
            self.note(f"nothing to click on the {play.viewer} turn: prompt {play.view.get('prompt')!r}")
            self.app.running = False
            return
        buttons = [t for t in targets if t[0] == "button" and t[2] not in ("Cancel", "Undo")]
        others = [t for t in targets if t[0] != "button"]
        enders = [t for t in buttons if str(t[2]).startswith(ENDERS)]
        if play.choices:
            pool = buttons or targets
        elif enders and self.in_phase > self.patience and self.rng.random() < 0.5:
            pool = enders
        elif others and (not buttons or self.rng.random() < 0.75):
            pool = others
        else:
            pool = buttons or targets
        kind, pos, what = self.toward_the_enemy(play, pool)
        before = self._state(play)
        self.moves += 1
        self.click(pos, str(what))
        if self.moves % 20 == 0:
            self.shot(f"move-{self.moves}")
        if self._state(play) == before and self.app.stack.top is play:
            self.futile.add((kind, str(what)))
            if not play.choices:
                self.note(f"a click on {kind} {what!r} at {pos} changed nothing (status: {play.status!r})")
                self.shot("no-effect")

    def toward_the_enemy(self, play, pool: list):
        """Mostly the place nearest an enemy piece (a player goes for the other side's units and
        cities, so battles happen); otherwise any target."""
        side = play.session.active()
        view = play.board_view
        enemy = [view.screen_pos(p.get("at")) for p in play.view.get("pieces", ())
                 if p.get("side") not in (side, None) and view is not None]
        enemy = [e for e in enemy if e is not None]
        places = [t for t in pool if t[0] != "button"]
        if not enemy or not places or self.rng.random() < 0.3:
            return self.rng.choice(pool)
        sample = self.rng.sample(places, min(len(places), 12))
        return min(sample, key=lambda t: min((t[1][0] - x) ** 2 + (t[1][1] - y) ** 2 for x, y in enemy))

    @staticmethod
    def _state(play):
        return (len(play.session.actions), tuple(map(str, play.choices)), play.status, play.viewer, play.handover,
                play.adapter.pick_pending(play.view), play.button_page)

    def misbehave(self, play) -> None:
        """Keys a newcomer presses at odd moments; none may play a move nobody meant."""
        what = self.rng.choice(["enter-twice", "escape", "help", "digit-twice", "hint"])
        before = len(play.session.actions)
        side = play.session.active()
        if what == "enter-twice":
            main = next((b for b in play.prompt_buttons if b.primary and b.visible), None)
            phase = play.view.get("phase")
            self.key("Return", "Return")
            played = self.doubled(play, before, side, phase)
            if played:
                self.note(f"Enter pressed twice played {played} moves and left the phase "
                          f"(main button {main and main.label!r})")
            if not self.versus and len(play.session.actions) > before and play.session.active() != side \
                    and self.app.stack.top is not play:
                self.note("Enter pressed twice ended the turn and went past the hand-over")
        elif what == "digit-twice":
            phase = play.view.get("phase")
            first = play.prompt_buttons[0].label if play.prompt_buttons else None
            self.key("1", "1")
            if self.doubled(play, before, side, phase):
                self.note(f"1 pressed twice played two moves and left the phase (button 1 {first!r})")
        elif what == "escape":
            picked, offered = play.adapter.pick_pending(play.view), bool(play.choices)
            self.key("Escape")
            if (offered or picked) and self.app.stack.top is not play:
                self.note("Esc with a pick pending left the table instead of cancelling it")
            elif picked and not offered and play.adapter.pick_pending(play.view) == picked:   # a choice goes first
                self.note(f"Esc left {picked} picked (status {play.status!r})")
            movers = getattr(play.session, "driver_movers", {})
            made = [tuple(a) for i, a in enumerate(play.session.actions[before:], before)
                    if not self.versus or movers.get(i, (None,))[0] in self.mine]
            if made and made != [("deselect",)]:
                self.note(f"Esc played {made}")
        elif what == "hint":
            self.ask_for_a_hint(play, before)
        else:
            self.key("shift+slash")
            if type(self.app.stack.top).__name__ != "MessageBox":
                self.note("? did not open the help")
            else:
                self.shot("help")
                self.key("Escape")
        self.moves += 1


    def ask_for_a_hint(self, play, before: int) -> None:
        """H in the driver's own turn: a hint (or why none) comes, lights a legal move, plays nothing."""
        self.send_keys("h")
        said = ("Hint:", "Hints are off", "No hint")
        if not self.wait_for(lambda: play.status.startswith(said), 60):
            self.note(f"H gave no hint and no reason within a minute (status {play.status!r})")
            return
        if play.status.startswith("Hint:"):
            self.hints += 1
            if play.hinter.action not in [tuple(a) for a in play.session.legal_actions()]:
                self.note(f"the hint {play.hinter.action!r} is not a legal move")
            if self.hints <= 3:
                self.settle(0.1)                # the frame that shows it drawn first
                self.shot("hint")
        if len(play.session.actions) != before:
            self.note("asking for a hint played a move")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=None)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--mischief", type=float, default=0.06, help="chance of a stray key at each turn")
    parser.add_argument("--animation", default="normal")
    parser.add_argument("--versus", choices=("basic", "normal", "hard"), default=None,
                        help="the computer, at this strength, plays every seat but the driver's")
    parser.add_argument("--hints", action="store_true", help="hints on against the computer (Settings)")
    parser.add_argument("--scenario", default=None, help="a scenario by name (the form's first by default)")
    parser.add_argument("--seat", default=None,
                        help="the driver's seat, by its place in the form; several, e.g. 0,2, play hot-seat among themselves")
    args = parser.parse_args()
    out = Path(args.out or tempfile.mkdtemp(prefix=f"play-{args.game}-"))
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("WARGAMES_DATA_DIR", str(out / "data"))
    from game.rules import GAMES
    from game.ui import settings
    from game.ui.window import App
    app = App(size=(1280, 720), games=[GAMES[args.game]],
              settings=dict(settings.DEFAULTS, animation=args.animation, hints=args.hints),
              fullscreen=False)
    app.open_menu(force=True)
    driver = Driver(app, args.game, args.seed, out, random.Random(args.seed), args.mischief, args.versus, args.seat)
    driver.scenario = args.scenario
    result = driver.run(args.moves)
    if driver.slowest_thinking_frame > 0.25:
        driver.note(f"a frame took {driver.slowest_thinking_frame * 1000:.0f} ms while the computer thought")
    summary = (f"{args.game} seed {args.seed}: {result}; {driver.handovers} hand-overs, {driver.battles_seen} "
               f"battles, turns seen {sorted(t for t in driver.turns_seen if t is not None)}, "
               f"{driver.hints} hints shown, {len(driver.findings)} findings")
    if args.versus:
        summary += (f"; against the computer ({args.versus}): keys while it thought {driver.interruptions}, "
                    + (f"longest frame while it thought {driver.slowest_thinking_frame * 1000:.0f} ms"
                       if driver.slowest_thinking_frame else "no frame drawn while it thought"))
    print(summary)
    (out / "findings.txt").write_text("\n".join(driver.findings + [summary]) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
