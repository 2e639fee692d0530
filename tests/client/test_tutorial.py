"""Your first game, the guided tutorial (issue 14), driven by real posted mouse clicks and
key presses through ``App.step``: from the main menu through every step to its end, each
hint in turn, the gentle remarks on wrong turns, and the end reported. Every action the
screen sends is checked against ``Session.legal()`` when it is sent.

Set ``SNAPSHOT_DIR`` to save a picture of every step as a PNG file there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import (  # noqa: E402
    click,
    key,
    record_legal,
    run_until,
    snap,
    watch_text,
)

from game.client import tutorial, ui  # noqa: E402
from game.client.app import App  # noqa: E402
from game.client.confirm import Confirm  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content import locale  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.rules import Game  # noqa: E402
from game.rules.core.actions import Action, Attack, Buy, Move, PayUpkeep, PlayCard  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")

CONTENT = load_content(user_dir=None)


def open_tutorial(size: tuple[int, int] = (1280, 720)
                  ) -> tuple[App, BoardScene, list[Action]]:
    """The main menu, then a click on "Your first game"."""
    app = App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0), size=size)
    app.start(MenuScene(app, CONTENT))
    app.step([])
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert menu.buttons.buttons[0].label == "Your first game", "first in the menu"
    snap(app, "tutorial-0-menu")
    click(app, menu.buttons.find("tutorial").rect.center)
    scene = app.scene
    assert isinstance(scene, BoardScene) and scene.tutorial is not None
    sent = record_legal(scene.session)
    app.step([])
    return app, scene, sent


def shown(scene: BoardScene) -> tutorial.Hint:
    assert scene.tutorial is not None and scene.tutorial.shown is not None
    return scene.tutorial.shown


def says(scene: BoardScene, step: str, note: str = "", name: str = "") -> tutorial.Hint:
    """The panel shows ``step``'s hint (with the remark ``note``, a locale key after
    ``tutorial.``, or none), and draws its title and the start of its text."""
    hint = shown(scene)
    assert hint.step == step, f"expected the {step} hint, found {hint.step}"
    assert hint.title == tutorial.said(f"{step}.title")
    assert hint.note == (tutorial.said(note, name=name) if note else "")
    return hint


def focus_centre(scene: BoardScene) -> tuple[int, int]:
    """The centre of what the hint points at, as drawn (it must be on the screen)."""
    rect = scene.tutorial_focus()
    assert rect is not None, f"the {shown(scene).step} hint points at nothing visible"
    assert scene.tutorial is not None
    assert not scene.tutorial.rect.colliderect(rect), "the hint covers what it points at"
    return rect.center


def mine(sent: list[Action]) -> list[Action]:
    """What the person sent (the computer's actions left out)."""
    return [a for a in sent if a.player == tutorial.PLAYER]


def did(sent: list[Action], kind: type[Action]) -> Any:
    """The person's last action of ``kind`` (they pass on by themselves afterwards, with
    automatic passing on)."""
    found = [a for a in mine(sent) if isinstance(a, kind)]
    assert found, f"no {kind.__name__} was sent"
    return found[-1]


def to_player(app: App, game: Game) -> None:
    run_until(app, lambda: game.actor == tutorial.PLAYER and not game.stack)


def spawn_tile(scene: BoardScene) -> tuple[int, int]:
    """Where the first gold tile (a tile to play the permanent on) is."""
    spawn = next(tile for tile, kind in scene.view.highlights.items() if kind == "play")
    x, y = scene.view.tile_center(spawn)
    return round(x), round(y)


def play_the_hand(app: App, scene: BoardScene) -> None:
    """As the hints say: both Coins, then the Recruit onto a gold tile."""
    for _ in range(2):
        click(app, focus_centre(scene))
        to_player(app, scene.game)
    click(app, focus_centre(scene))
    click(app, spawn_tile(scene))
    to_player(app, scene.game)


def test_the_tutorial_is_played_from_the_menu_through_every_step_to_its_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene, sent = open_tutorial()
    game = scene.game
    assert game.map.name == tutorial.MAP and game.setup.seed == tutorial.SEED
    assert scene.session.seats[1].computer == tutorial.OPPONENT
    assert sorted(game.card(c).name for c in game.players[0].hand) == \
        ["Coin", "Coin", "Recruit"], "the hints speak of this first hand"

    # 1. upkeep: the hint points at Pay upkeep
    says(scene, "upkeep")
    snap(app, "tutorial-1-upkeep")
    click(app, focus_centre(scene))
    did(sent, PayUpkeep)
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)

    # 2. play a card: both Coins, each a click on the card the hint points at
    says(scene, "coin")
    assert shown(scene).focus is not None and shown(scene).focus[0] == "hand"  # type: ignore[index]
    snap(app, "tutorial-2-coin")
    click(app, focus_centre(scene))
    to_player(app, game)
    says(scene, "coin", "coin.again")
    click(app, focus_centre(scene))
    to_player(app, game)
    assert [game.card(a.card).name for a in mine(sent)
            if isinstance(a, PlayCard)] == ["Coin"] * 2

    # 3. a unit: the Recruit, then a gold tile
    says(scene, "unit")
    click(app, focus_centre(scene))
    says(scene, "unit", "unit.chosen")
    snap(app, "tutorial-3-unit")
    click(app, spawn_tile(scene))
    to_player(app, game)
    assert game.card(did(sent, PlayCard).card).name == "Recruit"

    # 4. move: the Soldier, then the tile beside the enemy the hint points at
    says(scene, "move")
    click(app, focus_centre(scene))
    says(scene, "move", "move.chosen")
    snap(app, "tutorial-4-move")
    click(app, focus_centre(scene))
    did(sent, Move)

    # 5. attack: rest on the enemy (the preview), then click it
    says(scene, "attack")
    target = focus_centre(scene)
    click(app, target, press=False)
    assert scene.preview is not None, "resting on the target shows what the attack does"
    snap(app, "tutorial-5-attack")
    click(app, target)
    did(sent, Attack)
    to_player(app, game)
    assert not [e for e in game.controlled_permanents(1) if game.card(e).name == "Recruit"]

    # 6. pass: the game checks first (the King and the Recruit could still move)
    says(scene, "pass")
    focus_centre(scene)
    key(app, pygame.K_SPACE)
    assert isinstance(scene.dialog, Confirm)
    says(scene, "pass", "pass.asking")
    snap(app, "tutorial-6-pass")
    key(app, pygame.K_RETURN)  # Pass anyway
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)

    # 7. buy: the store is open, the Soldier pointed at
    says(scene, "buy")
    assert scene.overlay == "store"
    snap(app, "tutorial-7-buy")
    click(app, focus_centre(scene))
    assert game.card(did(sent, Buy).card).name == "Soldier"

    # 8. end the turn
    says(scene, "end")
    snap(app, "tutorial-8-end")
    focus_centre(scene)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: game.active == 1)

    # 9. the end: reported in the panel, the log and the settings
    says(scene, "done")
    assert scene.tutorial is not None and scene.tutorial.complete
    assert scene.tutorial.seen == list(tutorial.STEPS), "each hint in turn, none skipped"
    assert "— Tutorial complete —" in scene.session.log
    assert app.settings.tutorial_done and Settings.load().tutorial_done
    snap(app, "tutorial-9-done")
    run_until(app, lambda: game.active == 0 and game.actor == 0, limit=2000)
    # round 2's upkeep is still to pay: the panel does not call it paid, it points at it
    assert game.phase is Phase.UPKEEP and PayUpkeep(0) in game.legal_actions(0)
    says(scene, "done")
    assert shown(scene).focus == ("upkeep",)
    # the last step's words are drawn to their end, above the Got it button
    drawn = watch_text(monkeypatch)
    scene.draw(app.screen)
    monkeypatch.undo()
    panel = scene.tutorial
    size = max(13, round(15 * panel.scale))
    words = ui.wrap(shown(scene).text, panel.rect.width - 2 * round(12 * panel.scale), size)
    assert words[-1] in drawn, f"the text stops short of {words[-1]!r}"
    click(app, scene.tutorial.close.rect.center)  # Got it: the panel goes
    assert scene.tutorial.closed and not scene.tutorial.visible
    assert scene.log.rect.bottom > scene.tutorial.rect.top, "the log has its room back"


def test_wrong_turns_get_a_gentle_word_and_the_tutorial_goes_on() -> None:
    app, scene, sent = open_tutorial()
    game = scene.game
    soldier = next(e for e in game.controlled_permanents(0) if game.card(e).name == "Soldier")
    x, y = scene.view.tile_center(game.tile_of(soldier))
    click(app, (round(x), round(y)))  # ticked for disbanding: the hint says what that does
    says(scene, "upkeep", "upkeep.ticked")
    assert shown(scene).focus == ("tile", game.tile_of(soldier))  # the way back
    snap(app, "tutorial-wrong-ticked")
    click(app, (round(x), round(y)))  # ticked off again
    says(scene, "upkeep")
    click(app, focus_centre(scene))
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)
    # the King is not the unit the hints speak of: a word, and the Soldier pointed at
    play_the_hand(app, scene)
    says(scene, "move")
    kx, ky = scene.view.tile_center((0, 2))
    click(app, (round(kx), round(ky)))  # the King
    says(scene, "move", "move.other", "King")
    assert shown(scene).focus == ("tile", game.tile_of(soldier))
    # pass the action phase without moving or attacking: let go, with a word
    key(app, pygame.K_SPACE)
    if isinstance(scene.dialog, Confirm):
        key(app, pygame.K_RETURN)
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    says(scene, "buy", "attack.missed")
    click(app, scene.grid.close_rect.center)  # the store's own close button
    assert scene.overlay is None
    says(scene, "buy", "buy.closed")
    assert not any(isinstance(a, (Move, Attack)) for a in mine(sent))


def test_every_step_has_its_words_in_every_shipped_language() -> None:
    keys = [f"tutorial.{step}.{part}" for step in tutorial.STEPS for part in ("title", "text")]
    keys += [f"tutorial.{step}.missed" for step in tutorial.MAY_SKIP]
    keys += ["tutorial.count", "tutorial.close", "tutorial.waiting"]
    for lang in locale.SHIPPED:
        missing = [k for k in keys if not locale.has(k, lang)]
        assert not missing, f"{lang}: {missing}"


def test_the_hint_panel_fits_a_small_window_and_a_german_player() -> None:
    app = App(Settings(language="de", computer_pace=0.0), size=(800, 600))
    chosen = tutorial.tutorial_setup(CONTENT)
    assert chosen is not None
    from game.client.session import Session

    session = Session.new(*chosen, autosave=False)
    scene = BoardScene(app, session, tutorial=tutorial.TutorialPanel())
    app.start(scene)
    app.step([])
    hint: Any = shown(scene)
    assert hint.title == locale.text("tutorial.upkeep.title", "de")
    assert "1\u00a0◆" in hint.text, "an amount and its ◆ stay on one line"
    panel = scene.tutorial.rect  # type: ignore[union-attr]
    assert panel.bottom <= scene.buttons.find("end").rect.top
    assert scene.log.rect.height > 40 and not panel.colliderect(scene.log.rect)
    snap(app, "tutorial-small-de")


def test_the_menu_offers_the_tutorial_until_it_is_done() -> None:
    for done, first in ((False, "tutorial"), (True, "play")):
        app = App(Settings(tutorial_done=done), size=(800, 600))
        app.start(MenuScene(app, CONTENT))
        app.step([])
        menu = app.scene
        assert isinstance(menu, MenuScene)
        assert menu.buttons.buttons[menu.focus].name == first
        assert menu.buttons.buttons[-1].rect.bottom < 600 - 20, "eight buttons fit 800x600"
        snap(app, f"tutorial-menu-{first}")
        pygame.quit()


def test_the_tutorial_map_is_a_shipped_map_that_balance_leaves_out() -> None:
    from game.maps import TUTORIAL_MAP, list_maps
    from game.runner import balance_maps

    assert TUTORIAL_MAP == tutorial.MAP
    assert TUTORIAL_MAP in {p.stem for p in list_maps()}  # loaded, validated, played by tests
    assert TUTORIAL_MAP in CONTENT.maps  # and offered in New game
    maps = balance_maps()
    assert TUTORIAL_MAP not in maps and "2P-ring-street" in maps


def test_a_disbanded_soldier_is_let_go_gently() -> None:
    app, scene, sent = open_tutorial()
    game = scene.game
    soldier = next(e for e in game.controlled_permanents(0) if game.card(e).name == "Soldier")
    x, y = scene.view.tile_center(game.tile_of(soldier))
    click(app, (round(x), round(y)))  # ticked for disbanding...
    click(app, scene.upkeep.pay.rect.center)  # ...and paid so: the Soldier goes
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)
    assert not game.exists(soldier) or not game.is_on_map(soldier)
    play_the_hand(app, scene)
    says(scene, "move", "soldier.gone")
    assert shown(scene).focus == ("button", "pass")


@pytest.mark.parametrize("lang", sorted(locale.SHIPPED))
def test_the_last_hint_with_a_remark_fits_above_its_got_it_button(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel is as tall as its longest hint needs: the last step's text under a
    remark of the longest kind, and the Got it button under both (before, the end of the
    last text hid behind the button)."""
    pygame.display.init()
    pygame.font.init()
    panel = tutorial.TutorialPanel()
    panel.rect = pygame.Rect(0, 0, 282, 0)
    panel.rect.height = panel.needed_height(lang)
    note = max((tutorial.said(k, lang) for k in ("upkeep.paid", "waiting", "pass.asking")),
               key=len)
    panel.shown = tutorial.Hint("done", 9, 9, tutorial.said("done.title", lang),
                                tutorial.said("done.text", lang), note, None)
    drawn = watch_text(monkeypatch)
    panel.draw(pygame.Surface((282, panel.rect.height)), lang)
    size = 15
    lines = ui.wrap(panel.shown.text, panel.rect.width - 24, size)
    assert lines[-1] in drawn, f"the text stops short of {lines[-1]!r}"
    assert panel.close.rect.height and panel.rect.contains(panel.close.rect)
