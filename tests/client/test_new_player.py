"""What a new player needs from the game screen (issue 14), driven by real posted mouse and
key events through ``App.step``: questions before a Pass or End turn loses actions (with
"Don't ask again"), Pass explained, one's own pieces drawn apart as attack targets and
asked about before they are hurt, and the rest of the issue's points as they come.
Every action the screen sends is checked against ``Session.legal()`` when it is sent.

Set ``SNAPSHOT_DIR`` to save frames of the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import (  # noqa: E402
    click,
    key,
    picker_item,
    record_legal,
    run_until,
    to_action_phase,
)

from game.client import ui  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.confirm import Confirm  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import Action, Attack, Buy, EndTurn, Pass  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

MAP = "2P-stick-meadow"
CONTENT = load_content(user_dir=None)
SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")
STORES = (("Archer", "Paladin", "Fireball", "Healing Potion"),
          ("Archer", "Paladin", "Fireball", "Healing Potion"))


@pytest.fixture(autouse=True)
def _folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Saves and settings go to a temporary folder, never the player's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield
    pygame.quit()
    ui.forget_fonts()


def start(settings: Settings | None = None, seed: int = 5,
          map_name: str = MAP) -> tuple[App, Session, list[Action]]:
    app = App(settings or Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0),
              size=(1280, 720))
    spec = find_map(map_name, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, seed, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(), Seat(False)], autosave=False)
    sent = record_legal(session)
    app.start(BoardScene(app, session))
    app.step([])
    return app, session, sent


def scene_of(app: App) -> BoardScene:
    scene = app.scene
    assert isinstance(scene, BoardScene), f"expected the board, found {scene!r}"
    return scene


def hover(app: App, pos: tuple[int, int]) -> None:
    click(app, pos, press=False)


def snap(app: App, name: str) -> None:
    if SNAPSHOTS:
        scene = app.scene
        if scene is not None:
            scene.draw(app.screen)
        pygame.image.save(app.screen, str(Path(SNAPSHOTS) / f"{name}.png"))


def centre(scene: BoardScene, tile: Any) -> tuple[int, int]:
    x, y = scene.view.tile_center(tile)
    return round(x), round(y)


# ------------------------------------------------------------------ point 3: lost actions


def test_pass_with_an_idle_unit_asks_first_and_can_be_told_not_to_ask_again() -> None:
    app, session, sent = start()
    game = session.game
    unit = game.add_permanent("Recruit", game.map.spawn_tiles(0)[0], 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    hover(app, scene.button_named("pass").rect.center)  # type: ignore[union-attr]
    assert scene.button_hint().startswith("Pass ends your action phase")
    count = len(sent)
    key(app, pygame.K_SPACE)
    assert isinstance(scene.dialog, Confirm) and len(sent) == count
    assert "Recruit at" in " ".join(scene.dialog.lines)
    snap(app, "warn_idle_units")
    key(app, pygame.K_ESCAPE)  # go back: nothing is sent
    assert scene.dialog is None and len(sent) == count and game.phase is Phase.ACTION
    click(app, scene.button_named("pass").rect.center)  # type: ignore[union-attr]
    dialog = scene.dialog
    assert isinstance(dialog, Confirm)
    click(app, dialog.box.center)  # "Don't ask again"
    assert dialog.never
    key(app, pygame.K_RETURN)  # pass anyway
    assert scene.dialog is None and sent[count] == Pass(0)
    assert app.settings.ask_idle_units is False
    assert Settings.load().ask_idle_units is False, "the choice is saved"
    assert game.is_on_map(unit)


def test_a_unit_that_has_acted_is_not_asked_about() -> None:
    app, session, sent = start()
    game = session.game
    spawn = game.map.spawn_tiles(0)[0]
    game.add_permanent("Recruit", spawn, 0)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, spawn))  # activate it...
    moves = sorted(t for t, k in scene.view.highlights.items() if k == "move")
    click(app, centre(scene, moves[-1]))  # ...and move it
    run_until(app, lambda: game.actor == 0 and not game.stack)
    for _ in range(3):  # its attack is left, with nobody in reach: nothing it could do
        app.step([])
    key(app, pygame.K_SPACE)
    assert scene.dialog is None and scene.sent[-1] == Pass(0)


def test_ending_the_turn_with_an_affordable_buy_asks_first() -> None:
    app, session, sent = start()
    game = session.game
    to_action_phase(app, session)
    game.players[0].resource = 9
    scene = scene_of(app)
    count = len(sent)
    key(app, pygame.K_RETURN)  # End turn in the action phase, with 9 ◆ and a store
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and "without buying" in dialog.title
    assert "Paladin" in " ".join(dialog.lines) and len(sent) == count
    snap(app, "warn_skipped_buy")
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and not scene.ending and len(sent) == count
    key(app, pygame.K_SPACE)  # Pass into the buying phase: no question (no units)
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    assert any(isinstance(a, Buy) for a in session.legal())
    scene.overlay = None
    key(app, pygame.K_SPACE)  # Pass in the buying phase skips the buy: asked
    assert isinstance(scene.dialog, Confirm) and "Pass without buying" in scene.dialog.title
    key(app, pygame.K_RETURN)  # pass anyway; the setting stays on
    assert scene.sent[-1] == Pass(0) and app.settings.ask_skipped_buy


def test_the_questions_can_be_switched_off_in_the_settings() -> None:
    app, session, sent = start(Settings(auto_pass=True, computer_pace=0.0,
                                        animation_speed=0.0, ask_idle_units=False,
                                        ask_skipped_buy=False))
    game = session.game
    game.add_permanent("Recruit", game.map.spawn_tiles(0)[0], 0)
    to_action_phase(app, session)
    game.players[0].resource = 9
    scene = scene_of(app)
    key(app, pygame.K_RETURN)
    assert scene.dialog is None and scene.ending and Pass(0) in sent
    run_until(app, lambda: game.phase is Phase.DISCARD and game.actor == 0)
    key(app, pygame.K_RETURN)
    assert EndTurn(0) in sent


def test_settings_screen_row_for_the_questions() -> None:
    from game.client.scenes.settings_scene import SettingsScene

    app = App(Settings(), size=(800, 600))
    app.start(SettingsScene(app))
    app.step([])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    button = next(b for b in scene.buttons.buttons if b.name == "Ask first: Never")
    assert button.rect.bottom < scene.back.rect.top, "the row fits above Back at 800x600"
    click(app, button.rect.center)
    assert not app.settings.ask_idle_units and not app.settings.ask_skipped_buy
    snap(app, "settings_ask_first")


# ------------------------------------------------------------------ point 2: own pieces


def test_own_pieces_are_striped_targets_and_attacking_one_asks_first() -> None:
    app, session, sent = start()
    game = session.game
    archer = game.add_permanent("Archer", (5, 4), 0)
    friend = game.add_permanent("Recruit", (6, 4), 0)
    enemy = game.add_permanent("Recruit", (5, 5), 1)
    to_action_phase(app, session)
    scene = scene_of(app)
    click(app, centre(scene, (5, 4)))
    assert game.activated == archer
    assert scene.view.highlights[(6, 4)] == "own"
    assert scene.view.highlights[(5, 5)] == "attack"
    hover(app, centre(scene, (6, 4)))
    assert scene.preview_text().startswith("→ your own Recruit: ")
    snap(app, "own_piece_target")
    count = len(scene.sent)
    click(app, centre(scene, (6, 4)))  # the friend: take command of it, or attack it
    click(app, picker_item(scene, "Attack your own Recruit"))
    dialog = scene.dialog
    assert isinstance(dialog, Confirm) and dialog.title == "Attack your own piece?"
    assert dialog.silence is None, "hurting one's own piece is always asked"
    snap(app, "own_piece_confirm")
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is None and len(scene.sent) == count
    click(app, centre(scene, (6, 4)))
    click(app, picker_item(scene, "Attack your own Recruit"))
    key(app, pygame.K_RETURN)
    assert scene.sent[count:] == [Attack(0, archer, friend)]
    run_until(app, lambda: not game.stack)
    assert game.view(enemy).damage == 0


def test_a_spell_that_would_hurt_your_own_piece_asks_first() -> None:
    from game.rules.core.actions import PlayCard
    from game.rules.core.view import Zone

    app, session, sent = start()
    game = session.game
    friend = game.add_permanent("Recruit", (5, 4), 0)
    enemy = game.add_permanent("Recruit", (6, 4), 1)
    fireball = game.add_card("Fireball", 0, Zone.HAND)
    game.players[0].resource = 9
    to_action_phase(app, session)
    scene = scene_of(app)
    app.step([])
    slot = next(rect for rect, card in scene.hand.slots if card == fireball)
    click(app, slot.center)
    assert scene.view.highlights[(5, 4)] == "own"
    assert scene.view.highlights[(6, 4)] == "target"
    count = len(scene.sent)
    click(app, centre(scene, (5, 4)))
    assert isinstance(scene.dialog, Confirm) and scene.dialog.title == "Hurt your own piece?"
    key(app, pygame.K_ESCAPE)
    assert len(scene.sent) == count and game.is_on_map(friend)
    click(app, slot.center)
    click(app, centre(scene, (6, 4)))  # the enemy: no question
    assert scene.dialog is None
    assert scene.sent[count:] == [PlayCard(0, fireball, None, (enemy,))]
