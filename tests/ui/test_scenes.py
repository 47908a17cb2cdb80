"""The scene stack, the main menu flow, the play scene on the toy race, curtain, game over."""
from __future__ import annotations

import json

import pygame
import pytest

from game.core import paths
from game.ui.play import PlayScene
from game.ui.scene import Scene, SceneStack

from .conftest import between_turns, button, click, key, lift_curtain, loaded, pump_until

pytestmark = pytest.mark.ui


class Recorder(Scene):
    def __init__(self, name, log):
        super().__init__()
        self.name, self.log = name, log

    def enter(self):
        self.log.append(f"enter {self.name}")

    def leave(self):
        self.log.append(f"leave {self.name}")


def test_scene_stack_runs_enter_and_leave_hooks_on_push_pop_replace():
    log = []
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    assert stack.top is c and len(stack) == 2
    stack.pop()
    assert stack.top is a
    assert log == ["enter a", "leave a", "enter b", "leave b", "enter c", "leave c", "enter a"]


def test_only_scenes_from_the_topmost_opaque_one_are_drawn():
    stack = SceneStack()
    under, over, box = Scene(), Scene(), Scene()
    box.opaque = False
    for s in (under, over, box):
        stack.push(s)
    assert stack.visible() == [over, box]


def start_toy_game(app, blue="human"):
    """Menu -> new game -> Start, through clicks."""
    menu = app.stack.top
    click(app, button(menu, "Toy race (test only)"))
    form = app.stack.top
    assert type(form).__name__ == "NewGameScene"
    if blue != "human":
        click(app, form.seats["blue"].arrows()[1].center)
        assert form.seats["blue"].value == blue
    click(app, form.seed)
    key(app, pygame.K_4, text="4")
    key(app, pygame.K_2, text="2")
    key(app, pygame.K_RETURN)
    click(app, form.start_button)
    play = app.stack.find(PlayScene)
    assert play is not None and play.session.seed == 42
    return play




def test_menu_to_toy_game_play_undo_save_and_back_to_menu(app):
    play = start_toy_game(app)
    lift_curtain(app)
    assert app.stack.top is play and play.viewer == "red"
    click(app, button(play, "Step"))
    assert play.session.actions == [("step",)]
    assert play.session.state["pos"]["red"] == 1
    click(app, button(play, "Undo"))
    assert play.session.actions == []
    click(app, button(play, "Step"))
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)          # Ctrl+Z undoes too
    assert play.session.actions == []
    click(app, button(play, "Step"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    saves = list(paths.saves_dir().glob("toy_race-*.json"))
    assert len(saves) == 1 and json.loads(saves[0].read_text())["actions"] == [["step"]]
    assert str(saves[0]) in app.toast_text
    click(app, button(play, "Roll"))                   # a die roll is an undo barrier
    assert not play.session.can_undo()
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert type(menu).__name__ == "MenuScene"
    assert any(b.label.startswith("Resume") for b in menu.buttons)


def test_a_click_on_an_illegal_choice_says_why_and_changes_nothing(app):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    click(app, button(play, "Step"))
    assert [b.label for b in play.prompt_buttons].count("Step") == 0
    play.act(("step",))                                 # a third step, as a stale button would ask
    assert "at most twice" in play.status and "TOY-1" in play.status
    assert play.session.actions == [("step",), ("step",)]


def test_curtain_hides_the_hand_between_two_humans(app):
    play = start_toy_game(app)
    curtain = app.stack.top
    assert app.stack.visible() == [curtain]             # nothing of the table is drawn under it
    hand = play.adapter.hand
    assert hand.draws == 0                              # the first hand is hidden until the click too
    lift_curtain(app)
    red_cards = [c["value"] for c in play.session.state["hands"]["red"]]
    assert hand.drawn == [("red", v) for v in red_cards]
    click(app, button(play, "Pass"))
    assert app.stack.top is play and play.handover == "blue"      # red sees the outcome first...
    assert play.viewer == "red" and hand.drawn[-1][0] == "red"
    click(app, play.end_turn_button)                              # ...then ends the turn
    assert type(app.stack.top).__name__ == "CurtainScene" and app.stack.top.side == "blue"
    draws = hand.draws
    app.dirty = True
    app.pump()
    assert hand.draws == draws                          # blue's hand is not drawn behind the curtain
    colour = app.screen.get_at((5, 700))[:3]
    assert colour in ((52, 92, 160), tuple(int(c * 0.82) for c in (52, 92, 160)))
    lift_curtain(app)
    blue_cards = [c["value"] for c in play.session.state["hands"]["blue"]]
    assert hand.drawn == [("blue", v) for v in blue_cards]


def test_computer_seat_plays_in_a_worker_without_a_curtain(app):
    play = start_toy_game(app, blue="random")
    assert app.stack.top is play                        # one human: no curtain at all
    click(app, button(play, "Pass"))
    assert play.session.actions[0] == ("pass",)       # the computer may answer within the same frame
    pump_until(app, lambda: play.session.active() == "red" and len(play.session.actions) > 1)
    assert play.viewer == "red"
    assert type(app.stack.top).__name__ == "PlayScene"


def test_game_over_shows_winner_and_returns_to_menu(app):
    play = start_toy_game(app)
    lift_curtain(app)
    for _ in range(200):
        if type(app.stack.top).__name__ == "GameOverScene":
            break
        if between_turns(app):
            lift_curtain(app)
        else:
            click(app, button(app.stack.top, "Roll"))
    over = app.stack.top
    assert type(over).__name__ == "GameOverScene"
    assert over.result.winner in ("red", "blue")
    assert not paths.autosave_path().exists()           # a finished game is not offered for Resume
    click(app, button(over, "View log"))
    assert type(app.stack.top).__name__ == "LogScene"
    click(app, button(app.stack.top, "Close"))
    click(app, button(over, "Main menu"))
    assert type(app.stack.top).__name__ == "MenuScene"


def test_bad_save_shows_a_message_and_keeps_the_game(app, tmp_path):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    loader = app.stack.top
    assert type(loader).__name__ == "LoadScene"
    click(app, loader.path)
    for ch in str(bad):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.pump()
    click(app, button(loader, "Load"))
    loaded(app)
    box = app.stack.top
    assert type(box).__name__ == "MessageBox" and "not valid JSON" in box.message
    click(app, button(box, "OK"))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is play and play.session.actions == [("step",)]


def test_load_scene_lists_saves_and_loads_one(app):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    loader = app.stack.top
    assert len(loader.files.rows) == 1
    click(app, button(loader, "Load"))
    loaded(app)
    ask = app.stack.top                  # the autosave holds an unfinished game: asked first
    assert type(ask).__name__ == "ChoiceBox" and "Toy race (test only), 1 move" in ask.message
    click(app, button(ask, "Replace it"))
    loaded(app)
    new_play = app.stack.top
    if between_turns(app):
        lift_curtain(app)
        new_play = app.stack.top
    assert type(new_play).__name__ == "PlayScene" and new_play.session.actions == [("step",)]


@pytest.mark.parametrize("size", [(1280, 720), (2560, 1440)])
def test_play_layout_has_no_overlaps(app, size):
    play = start_toy_game(app)
    lift_curtain(app)
    app.resize(size)
    app.pump()
    side = play.side_rect
    assert abs(side.width - 360 * size[0] / 1280) <= 2
    assert not side.colliderect(play.map_rect)
    for a in play.prompt_buttons:
        assert play.prompt_rect.contains(a.rect)
        assert all(not a.rect.colliderect(b.rect) for b in play.prompt_buttons if b is not a)
    boxes = [play.prompt_rect] + [r for _, r in play.panel_rects] + [play.log_rect]
    for upper, lower in zip(boxes, boxes[1:]):
        assert upper.bottom <= lower.top
    assert play.log_rect.bottom <= size[1] and play.log_rect.height > 100
    buttons = [b.rect for b in play.top_buttons]
    assert all(r.right <= size[0] and r.bottom <= play.top_rect.bottom for r in buttons)


def test_more_choices_than_fit_are_paged_inside_the_prompt(app, toy_ui_spec):
    import dataclasses

    from game.core.session import Session
    spec = dataclasses.replace(toy_ui_spec, ui="tests.ui.toy_adapter:ManyChoicesAdapter", hidden_information=False)
    app.start_session(Session(spec, 2))
    app.pump()
    play = app.stack.top
    shown = [b for b in play.prompt_buttons if b.visible]
    assert play.more_button.visible and 0 < len(shown) < 40
    assert all(play.prompt_rect.contains(b.rect) for b in shown + [play.more_button])
    click(app, play.more_button)
    assert [b for b in play.prompt_buttons if b.visible][0] is not shown[0]
    click(app, [b for b in play.prompt_buttons if b.visible][0])
    assert play.session.actions == [("pass",)]


def test_two_computer_seats_play_to_the_end_with_no_curtain(app, toy_ui_spec):
    from game.core.session import Session
    app.start_session(Session(toy_ui_spec, 8, seats={"red": "random", "blue": "random"}))
    play = app.stack.top
    assert play.viewer is None                          # a spectator sees no hand
    pump_until(app, lambda: type(app.stack.top).__name__ == "GameOverScene", seconds=20)
    assert play.session.result() is not None
    assert app.stack.scenes[-2] is play                 # the final position stays under the result


def test_a_fault_in_the_rules_shows_a_message_and_keeps_the_game(app, toy_ui_spec):
    import dataclasses

    from game.core.session import Session

    def broken_apply(state, action):
        if action == ("step",):
            raise KeyError("pos")
        return toy_ui_spec.apply(state, action)
    spec = dataclasses.replace(toy_ui_spec, apply=broken_apply, hidden_information=False)
    app.start_session(Session(spec, 2))
    app.pump()
    play = app.stack.top
    click(app, button(play, "Step"))
    box = app.stack.top
    assert type(box).__name__ == "MessageBox" and "rules engine failed on 'step'" in box.message
    assert play.session.actions == []


def test_resume_continues_the_autosaved_game(app):
    play = start_toy_game(app)
    lift_curtain(app)
    click(app, button(play, "Step"))
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    resume = next(b for b in menu.buttons if b.label.startswith("Resume"))
    assert "Toy race (test only), 1 move" in resume.label
    click(app, resume)
    loaded(app)
    if between_turns(app):
        lift_curtain(app)
    again = app.stack.top
    assert type(again).__name__ == "PlayScene" and again is not play
    assert again.session.actions == [("step",)] and again.session.seed == 42


def test_a_long_reason_for_the_end_of_the_game_wraps_inside_the_result_card(app):
    from game.ui import style
    from game.ui.interludes import reason_lines
    reason = "the Orks have captured 3 hives (Hellsreach, Infernus, Tartarus) (BFA-VIC-2)"
    lines = reason_lines(reason, 500)
    assert len(lines) > 1 and " ".join(lines) == "The" + reason[3:]
    assert all(style.font(17).size(line)[0] <= 500 for line in lines)


def test_a_change_between_frames_is_drawn_when_the_next_frame_is_due(app):
    # A hint found while nothing moved was never drawn: the scene's change came between two frames
    # and was forgotten by the next turn of the loop, so "Looking for a hint…" stayed on screen.
    from game.ui.scene import Scene, now_ms

    class OneChange(Scene):
        def __init__(self):
            super().__init__()
            self.news, self.drawn = False, 0

        def update(self, now):
            news, self.news = self.news, False
            return news

        def draw(self, surface, now_ms):
            self.drawn += 1

    scene = OneChange()
    app.stack.push(scene)
    app.pump()
    drawn = scene.drawn
    scene.news = True
    app.drawn_at = now_ms()                   # just drawn: the next frame is not yet due
    app.pump()
    assert scene.drawn == drawn
    app.drawn_at = now_ms() - 1000            # later, with no input and nothing moving
    app.pump()
    assert scene.drawn == drawn + 1
