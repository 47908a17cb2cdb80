"""Settings, the log's die glyphs, the dice tray, the generic adapter and the bot worker."""
from __future__ import annotations

import time

import pygame
import pytest

from game.core import paths
from game.core.session import Session
from game.ui import settings
from game.ui.adapter import GameAdapter, adapter_for
from game.ui.play_parts import DiceTray, rich_rows

from .conftest import button, click

pytestmark = pytest.mark.ui


def test_settings_round_trip_and_unknown_values_fall_back():
    assert settings.load() == (settings.DEFAULTS, None)
    assert settings.save(dict(settings.DEFAULTS, window=[1600, 900], animation="fast", volume=30)) is None
    loaded, problem = settings.load()
    assert problem is None and loaded["window"] == [1600, 900] and loaded["animation"] == "fast"
    paths.settings_path().write_text('{"window": "huge", "volume": 400, "animation": "slow"}')
    loaded, problem = settings.load()
    assert loaded["window"] == [1280, 720] and loaded["volume"] == 70 and loaded["animation"] == "slow"


def test_corrupt_settings_fall_back_to_defaults_with_a_message():
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text("{ this is not json")
    loaded, problem = settings.load()
    assert loaded == settings.DEFAULTS
    assert "damaged" in problem and str(paths.settings_path()) in problem


def test_settings_scene_applies_and_persists(app):
    click(app, button(app.stack.top, "Settings"))
    scene = app.stack.top
    click(app, scene.anim.arrows()[1].center)
    chosen = scene.anim.value
    click(app, button(scene, "Apply"))
    assert type(app.stack.top).__name__ == "MenuScene"
    assert settings.load()[0]["animation"] == chosen != "off"


def test_following_the_computer_can_be_turned_off_in_settings(app):
    assert app.settings["follow"] is True                       # on unless the player turns it off
    click(app, button(app.stack.top, "Settings"))
    scene = app.stack.top
    assert scene.box.contains(scene.follow.rect)                 # the sixth row fits in the form
    click(app, scene.follow.arrows()[1].center)
    click(app, button(scene, "Apply"))
    assert settings.load()[0]["follow"] is False and app.settings["follow"] is False
    paths.settings_path().write_text('{"follow": "sometimes"}')
    loaded, problem = settings.load()
    assert loaded["follow"] is True and "follow" in problem


def test_log_lines_lay_out_dice_as_glyphs():
    pygame.font.init()
    fnt = pygame.font.Font(None, 16)
    rows = rich_rows("greek: attacks Modein [d6:5] [d6:2] and wins", fnt, 1000, 16)
    assert rows == [[("text", "greek:"), ("text", "attacks"), ("text", "Modein"), ("die", (6, 5)),
                     ("die", (6, 2)), ("text", "and"), ("text", "wins")]]
    assert len(rich_rows("word " * 40, fnt, 100, 16)) > 5


def test_dice_tray_tumbles_only_when_the_roll_serial_changes():
    tray = DiceTray()
    assert not tray.sync({"serial": 1, "values": [3], "sides": 6, "text": "3: hit"}, 0, 1.0, animate=False)
    assert not tray.visible                            # a roll already made when the scene opened
    assert tray.sync({"serial": 2, "values": [5, 1], "sides": 6, "text": "5: hit"}, 1000, 1.0)
    assert tray.tumbling(1200) and not tray.tumbling(1600)
    assert not tray.sync({"serial": 2, "values": [5, 1], "sides": 6}, 1700, 1.0)
    assert tray.update(1000 + 500 + DiceTray.SHOW_MS + 1) and not tray.visible


def test_dice_tray_draws_settled_dice_and_text():
    pygame.display.init()
    surface = pygame.Surface((640, 400))
    tray = DiceTray()
    tray.sync({"serial": 1, "values": [6], "sides": 6, "text": "6: rout"}, 0, 1.0)
    surface.fill((0, 0, 0))
    tray.draw(surface, surface.get_rect(), 400)          # settled: tumble is 500 ms at factor 1
    assert tray.tumbling(400)
    tray.draw(surface, surface.get_rect(), 900)
    die = [(x, y) for x in range(0, 200) for y in range(0, 150) if surface.get_at((x, y))[:3] == (236, 228, 206)]
    assert die, "no ivory die face in the tray"


def test_generic_adapter_splits_place_actions_from_buttons(toy_spec):
    session = Session(toy_spec, 1)
    adapter = adapter_for(toy_spec, session)
    assert type(adapter) is GameAdapter
    view = {"actions": [("area", "Modein"), ("hex", [3, 4]), ("done",), ("unit", "leg3"), ("peek", 1)],
            "pieces": [{"id": "leg3", "at": [1, 2]}]}
    assert adapter.place_actions(view) == {"Modein": [("area", "Modein")], (3, 4): [("hex", (3, 4))],
                                           (1, 2): [("unit", "leg3")]}
    assert adapter.buttons(view) == [("Done", ("done",)), ("Peek 1", ("peek", 1))]
    assert "not" in adapter.why_not({"actions": [("done",)], "prompt": "Roll."}, "Modein").lower()


def test_generic_adapter_cites_the_rule_for_a_refused_action(toy_spec):
    session = Session(toy_spec, 1)
    session.apply(("step",))
    session.apply(("step",))
    assert adapter_for(toy_spec, session).why_not_action(("step",)) == "You may step at most twice a turn (TOY-1)."


def test_generic_adapter_asks_the_contracts_explain_and_never_probes_apply(toy_spec):
    import dataclasses

    def no_probing(state, action):
        raise AssertionError("the window probed apply to find out why")
    session = Session(toy_spec, 1)
    session.apply(("step",))
    session.apply(("step",))
    adapter = adapter_for(toy_spec, session)
    adapter.spec = dataclasses.replace(toy_spec, apply=no_probing)
    assert adapter.why_not_action(("step",)) == "You may step at most twice a turn (TOY-1)."
    assert adapter.why_not({"actions": [("done",)], "prompt": "Roll."}, "Modein").startswith("Nothing can be done")


def test_bot_worker_returns_a_legal_action_and_drops_cancelled_requests(toy_spec):
    from game.ai.random_bot import RandomBot
    from game.ai.worker import BotWorker
    session = Session(toy_spec, 3)
    worker = BotWorker()
    worker.request(RandomBot(toy_spec, 1), session.state, "red", delay=0.0)
    end = time.monotonic() + 5
    result = None
    while result is None and time.monotonic() < end:
        result = worker.poll()
        time.sleep(0.001)
    assert result[0] == "action" and result[1] in session.legal_actions()
    worker.request(RandomBot(toy_spec, 1), session.state, "red", delay=0.2)
    worker.cancel()
    time.sleep(0.3)
    assert worker.poll() is None and not worker.busy


def test_dice_rattle_is_synthesised_and_silent_at_volume_zero():
    from game.ui import sound
    samples = sound.rattle_samples()
    assert samples == sound.rattle_samples() and max(samples) > 5000 and len(samples) > 5000
    assert sound.play_rattle(0) is False


def test_window_resize_event_lays_everything_out_again(app):
    pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    app.pump()
    menu = app.stack.top
    assert menu.rect.size == (1600, 900)
    assert all(menu.rect.contains(b.rect) for b in menu.buttons)


def test_f11_toggles_full_screen_and_remembers_it(app):
    from .conftest import key
    key(app, pygame.K_F11)
    assert app.fullscreen and settings.load()[0]["fullscreen"] is True
    key(app, pygame.K_F11)
    assert not app.fullscreen and settings.load()[0]["fullscreen"] is False


def test_log_scrolls_back_and_clamps_at_the_oldest_row():
    from game.ui.play_parts import LogPanel
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((360, 200))
    log = LogPanel(None)
    log.set_lines([f"line {i} [d6:{i % 6 + 1}]" for i in range(300)])
    log.draw(surface, surface.get_rect())
    inside = (100, 100)
    assert log.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3), inside) and log.scroll == 3
    assert not log.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3), (500, 500))
    log.scroll = 10_000
    log.draw(surface, surface.get_rect())
    assert 0 < log.scroll < 300
    log.set_lines(log.lines + ["a new line"])
    assert log.scroll == 0                              # a new entry snaps back to the newest


def test_app_with_a_corrupt_settings_file_opens_with_defaults_and_says_so():
    from game.ui.window import App
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text("[1, 2")
    app = App()
    try:
        assert app.settings == settings.DEFAULTS and "damaged" in app.startup_message
        assert app.screen.get_size() == tuple(settings.DEFAULTS["window"])
    finally:
        pygame.display.quit()


def test_an_internal_fault_is_reported_in_the_window_and_logged(app):
    from game.ui.scene import MessageBox, Scene

    class Broken(Scene):
        def handle_event(self, event):
            raise RuntimeError("boom")
    app.stack.push(Broken())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    app.step(pygame.time.Clock())
    box = app.stack.top
    assert isinstance(box, MessageBox) and box.title == "Internal error" and "boom" in box.message
    assert "RuntimeError: boom" in (paths.data_dir() / "crash.log").read_text()
    box.close()                                  # OK leads away from the broken screen, never back into it
    assert not any(isinstance(s, Broken) for s in app.stack.scenes)
    assert type(app.stack.top).__name__ == "MenuScene"


def test_a_toast_over_the_menu_neither_breaks_the_loop_nor_keeps_it_drawing(app, monkeypatch):
    from game.ui import window
    # The window's clock is held still, so a slow machine cannot make the toast outlive the test
    # or go before the idle steps are counted.
    clock_ms = [window.now_ms()]
    monkeypatch.setattr(window, "now_ms", lambda: clock_ms[0])
    app.toast("Settings saved", ms=300)
    clock = pygame.time.Clock()
    app.step(clock)
    assert "Settings saved" in app.toast_text
    frames = app.frames
    for _ in range(5):
        clock_ms[0] += 20
        app.step(clock)
    assert app.frames == frames and app.toast_text    # a still toast needs no frames
    clock_ms[0] += 300
    for _ in range(3):
        app.step(clock)
    assert not app.toast_text and app.frames == frames + 1    # one frame when it goes


def test_the_tray_asks_for_one_frame_when_the_dice_settle():
    """On an idle table the last frame drawn showed the dice rolling, without their words: the tray
    now asks for one frame as they settle, then none until it hides."""
    tray = DiceTray()
    assert tray.sync({"serial": 1, "values": [5, 3], "sides": 6, "text": "State of the State"}, 0, 1.0)
    assert not tray.update(300)                           # still tumbling: the scene animates anyway
    assert tray.update(500) and not tray.update(600)      # settled: one frame, with the words
    assert tray.visible and tray.update(500 + DiceTray.SHOW_MS + 1) and not tray.visible
