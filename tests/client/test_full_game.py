"""A whole game through the window, driven only by real mouse and key events: from the
main menu, through the new-game screen and the draft, to the end of the game and back to
the menu. The person plays a simple, cautious game (picks the first card of each pack,
pays upkeep, passes and ends turns); the easy computer opponent wins it eventually."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import click, draft_first_cards, key, record_legal, upkeep_button  # noqa: E402

from game.client import settings as client_settings  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.draft import DraftScene  # noqa: E402
from game.client.scenes.game_over import GameOverScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.new_game import NewGameScene  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

MAP = "2P-ring-street"
SEED = 2026


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(client_settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(client_settings, "data_dir", lambda: tmp_path / "data")
    monkeypatch.setattr(client_settings, "saves_dir", lambda: tmp_path / "saves")
    application = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                               ask_idle_units=False, ask_skipped_buy=False),
                      size=(1280, 720))
    application.start(MenuScene(application, load_content(include_user=False)))
    application.step([])
    yield application
    pygame.quit()


def button(scene: object, name: str):  # type: ignore[no-untyped-def]
    for each in scene.buttons.buttons:  # type: ignore[attr-defined]
        if each.name == name or each.label == name:
            return each
    raise AssertionError(f"no button {name!r} on {type(scene).__name__}")


def test_a_whole_game_from_the_menu_to_the_end_with_mouse_and_keys(app: App) -> None:
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, button(menu, "new").rect.center)
    new_game = app.scene
    assert isinstance(new_game, NewGameScene)
    row = next(rect for index, rect in new_game.map_rows if new_game.entries[index].name == MAP)
    click(app, row.center)
    click(app, new_game.seed_rect.center)  # type a fixed seed: the same game every run
    for digit in str(SEED):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{digit}"),
                                             mod=0, unicode=digit, scancode=0))
    key(app, pygame.K_RETURN)
    assert new_game.seed == SEED
    click(app, button(new_game, "start").rect.center)
    assert isinstance(app.scene, DraftScene)
    session = app.scene.session
    sent = record_legal(session)
    game = session.game

    # the draft: the person picks the first card of every pack by clicking it
    draft_first_cards(app, game, click)
    assert isinstance(app.scene, BoardScene)
    assert len(game.players[0].store) == 4

    # the game: pay upkeep with the checklist button, otherwise end the turn (Enter)
    # or pass (Space); the computer plays its turns in between
    for _ in range(6000):
        scene = app.scene
        if not isinstance(scene, BoardScene):
            break
        if game.actor != 0 or game.phase is Phase.OVER:
            app.step([])
            continue
        pay = upkeep_button(scene, game)
        if pay is not None:
            click(app, pay.center)
        elif game.phase is Phase.DISCARD or (game.active == 0 and not game.stack):
            key(app, pygame.K_RETURN)
        else:
            key(app, pygame.K_SPACE)
    over = app.scene
    assert isinstance(over, GameOverScene), f"still {type(over).__name__} at turn {game.turn}"
    assert game.phase is Phase.OVER and game.winners
    kinds = {a.kind for a in sent}
    assert {"draft_pick", "pay_upkeep", "pass", "end_turn"} <= kinds, kinds
    click(app, button(over, "Back to menu").rect.center)
    assert isinstance(app.scene, MenuScene)
