"""Choosing duel decks in the New game screen, driven by posted mouse events as a player
would: each seat's deck (from the deck list, or stepped through with the arrows) is the
deck the game starts with; Random keeps the seeded draw; a Muhq map shows no deck choice;
a mod's deck is offered (a broken one is reported in the menu); the chosen decks survive
a save and Load game, the menu's Play and ``--map``; the rows fit every window size.

Set ``SNAPSHOT_DIR`` to save a frame of the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_menus import GameScreen, click, click_button, click_map, press, snap, step  # noqa: E402

import game.client.scenes as scenes  # noqa: E402
from game.client import main as client_main  # noqa: E402
from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App, replace  # noqa: E402
from game.client.scenes.deck_choice import DeckChoiceScene  # noqa: E402
from game.client.scenes.load_game import LoadGameScene, list_saves, save_session  # noqa: E402
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.new_game import NewGameScene, quick_setup  # noqa: E402
from game.client.scenes.settings_scene import WINDOW_SIZES  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.decks import DECKS_DIR, Deck, default_decks, starter_decks  # noqa: E402
from game.content.mods import Content, load_content  # noqa: E402
from game.maps import find_map  # noqa: E402

CONTENT = load_content(user_dir=None, include_user=False)
DUEL = "2P-duel-standard"
STARTER = DECKS_DIR / "duel" / "brannoc-wildheart.yaml"


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and saves go to a temporary folder, never to the user's own."""
    monkeypatch.setattr(client_settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(client_settings, "data_dir", lambda: tmp_path / "data")
    return tmp_path


@pytest.fixture(autouse=True)
def _fresh_fonts() -> None:
    ui.forget_fonts()


def _close_sessions(window: App) -> None:
    for scene in window.scenes:
        session = getattr(scene, "session", None)
        if session is not None:
            session.game.close()


def open_app(content: Content = CONTENT, size: tuple[int, int] = (1280, 720)) -> App:
    window = App(Settings(), size=size)
    window.start(MenuScene(window, content))
    window.step()
    return window


@pytest.fixture
def app(folders: Path) -> Iterator[App]:
    window = open_app()
    yield window
    _close_sessions(window)


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games start on ``GameScreen`` instead of the real board."""
    monkeypatch.setattr(scenes, "game_scene", lambda app, session: GameScreen(app, session))
    monkeypatch.setattr(client_main, "game_scene",
                        lambda app, session: GameScreen(app, session))


def new_duel(app: App) -> NewGameScene:
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click_map(app, DUEL)
    assert scene.duel
    return scene


def deck_named(content: Content, general: str) -> Deck:
    return next(deck for deck in content.decks if deck.general == general)


def choose_in_list(app: App, seat: int, deck: Deck | None,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Open the seat's deck list by clicking its row, click ``deck`` (scrolling the list
    with the wheel until it shows) and press Choose."""
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click(app, scene.deck_rows[seat][1].center)
    chooser = app.scene
    assert isinstance(chooser, DeckChoiceScene) and chooser.seat == seat
    over = chooser.rows[0][1].center  # the wheel scrolls the list under the mouse
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: over)
    for _ in range(len(chooser.entries) + 1):
        shown = [rect for i, rect in chooser.rows if chooser.entries[i] == deck]
        if shown:
            click(app, shown[0].center)
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        step(app)
    else:
        raise AssertionError(f"{deck} is not in the deck list")
    assert chooser.deck == deck
    click_button(app, "choose")
    assert app.scene is scene and scene.deck_choices[seat] == deck


def start(app: App) -> Session:
    click_button(app, "start")
    started = app.scene
    assert isinstance(started, GameScreen), getattr(app.scene, "error", "")
    return started.session


# ------------------------------------------------------------------ choosing


def test_each_seat_chooses_its_deck_and_the_game_starts_with_them(
        app: App, stand_in: None, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_duel(app)
    assert scene.deck_choices[:2] == [None, None]  # Random by default, computers too
    assert [b.name for b in scene.buttons.buttons if b.name.startswith("deck-")] == \
        ["deck-prev-1", "deck-next-1", "deck-prev-2", "deck-next-2"]
    assert not any(b.name.startswith(("set-", "draft-")) for b in scene.buttons.buttons)
    mirel = deck_named(CONTENT, "Mirel Frostmantle")
    choose_in_list(app, 0, mirel, monkeypatch)
    # the computer's seat steps through the list with its arrows: Random, then the decks
    click_button(app, "deck-next-2")
    click_button(app, "deck-next-2")
    assert scene.deck_choices[1] == CONTENT.decks[1]
    click_button(app, "deck-prev-2")
    click_button(app, "deck-prev-2")
    click_button(app, "deck-prev-2")  # round to the last deck
    assert scene.deck_choices[1] == CONTENT.decks[-1]
    snap(app, "new-game-duel-decks")
    session = start(app)
    assert session.game.setup.decks == (mirel.card_list(), CONTENT.decks[-1].card_list())
    assert session.seats == [Seat(True), Seat(False, "easy")]
    on_map = {session.game.card(entity).name for _, _, entity in session.game.map_pieces}
    assert on_map == {"Mirel Frostmantle", CONTENT.decks[-1].general}


def test_the_deck_list_goes_back_without_choosing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_duel(app)
    click(app, scene.deck_rows[1][1].center)
    chooser = app.scene
    assert isinstance(chooser, DeckChoiceScene)
    click(app, chooser.rows[2][1].center)  # looks at a deck...
    snap(app, "deck-list")
    press(app, pygame.K_ESCAPE)  # ...and leaves it
    assert app.scene is scene and scene.deck_choices[1] is None
    choose_in_list(app, 1, CONTENT.decks[2], monkeypatch)
    choose_in_list(app, 1, None, monkeypatch)  # and back to Random
    assert scene.deck_choices[1] is None


def test_random_seats_keep_the_seeded_draw(app: App, stand_in: None,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_duel(app)
    click(app, scene.seed_rect.center)
    for digit in "4242":
        press(app, getattr(pygame, f"K_{digit}"), digit)
    press(app, pygame.K_RETURN)
    drawn = default_decks(starter_decks(CONTENT.library), 2, 4242)
    assert scene.setup().decks == drawn
    chosen = deck_named(CONTENT, "Tovan Gearwright")
    choose_in_list(app, 0, chosen, monkeypatch)
    session = start(app)
    assert session.game.setup.decks == (chosen.card_list(), drawn[1])  # seat 2: the draw


def test_a_muhq_map_shows_no_deck_choice(app: App) -> None:
    scene = new_duel(app)
    assert scene.deck_rows
    click_map(app, "2P-ring-street")
    assert not scene.duel and scene.deck_rows == []
    assert not any(b.name.startswith("deck-") for b in scene.buttons.buttons)
    assert any(b.name.startswith("set-") for b in scene.buttons.buttons)
    assert scene.setup().decks is None
    click(app, (scene.app.screen.get_width() - 120, 260))  # where the deck rows were
    assert app.scene is scene


def test_hovering_a_deck_shows_its_general_and_spell_large(app: App) -> None:
    scene = new_duel(app)
    click_button(app, "deck-next-1")
    deck = CONTENT.decks[0]
    general = CONTENT.library[deck.general]
    spots = {card.name: rect for rect, card in scene.hot}
    spell = str(general.extra["bloodbound"])
    assert set(spots) >= {general.name, spell}
    for name in (general.name, spell):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spots[name].center,
                                             rel=(0, 0), buttons=(0, 0, 0)))
        step(app)
        assert scene.zoom.card is not None and scene.zoom.card.name == name
    snap(app, "new-game-duel-zoom")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step(app)
    assert scene.zoom.card is None


@pytest.mark.parametrize("size", [*WINDOW_SIZES, (960, 600)])
def test_the_deck_rows_fit_the_window(folders: Path, size: tuple[int, int]) -> None:
    window = open_app(size=size)
    scene = NewGameScene(window, CONTENT)
    window.apply(replace(scene))
    scene._choose_map([e.name for e in scene.entries].index(DUEL))  # noqa: SLF001
    step(window)
    _, _, right = scene._columns(size[0])  # noqa: SLF001
    rows = [rect for _, rect in scene.deck_rows]
    assert len(rows) == 2 and not rows[0].colliderect(rows[1])
    seats = [b.rect for b in scene.buttons.buttons if b.name.startswith("seat-")]
    for rect in rows:
        assert right.contains(rect)
        assert rect.top > max(s.bottom for s in seats) and rect.bottom < scene.seed_rect.top
    for button in scene.buttons.buttons:
        if button.name.startswith("deck-"):
            assert any(row.contains(button.rect) for row in rows)
    assert right.contains(scene.seed_rect)


# ------------------------------------------------------------------ mods


def _deck_mod(root: Path) -> Path:
    """A mod with a good deck (the Wild Stampede renamed) and a broken one."""
    mod = root / "deck-mod"
    (mod / "decks" / "duel").mkdir(parents=True)
    (mod / "mod.yaml").write_text("name: deck-mod\nversion: 1.0.0\n", encoding="utf-8")
    text = STARTER.read_text(encoding="utf-8").replace("{en: Wild Stampede, de: Wilde Herde}",
                                                         "Borrowed Herd")
    (mod / "decks" / "duel" / "herd.yaml").write_text(text, encoding="utf-8")
    (mod / "decks" / "duel" / "broken.yaml").write_text(
        "name: Broken\ngeneral: Brannoc Wildheart\ncards: {Ember Ferret: 39}\n",
        encoding="utf-8")
    return mod


def test_a_mods_deck_is_offered_and_a_broken_one_reported(
        folders: Path, stand_in: None, monkeypatch: pytest.MonkeyPatch) -> None:
    mod = _deck_mod(folders)
    args = argparse.Namespace(map=None, players=None, seed=None, mod=[str(mod)],
                              no_user_mods=True)
    window = client_main.build_app(args, Settings())
    try:
        broken = str(mod / "decks" / "duel" / "broken.yaml")
        assert f"{broken}: cards.Ember Ferret: expected at most 3 copies, found 39" \
            in window.messages
        menu = window.scene
        assert isinstance(menu, MenuScene)
        window.step()  # the menu lays out its buttons as it draws
        herd = next(deck for deck in menu.content.decks if deck.mod == "deck-mod")
        assert [d.name for d in menu.content.decks if d.mod == "deck-mod"] == ["Borrowed Herd"]
        new_duel(window)
        choose_in_list(window, 1, herd, monkeypatch)
        snap(window, "new-game-duel-mod-deck")
        session = start(window)
        assert session.game.setup.decks is not None
        assert session.game.setup.decks[1] == herd.card_list()
    finally:
        _close_sessions(window)


# ------------------------------------------------------------------ saves, Play, --map


def test_the_chosen_decks_survive_a_save_and_load_game(
        app: App, stand_in: None, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = new_duel(app)
    choose_in_list(app, 0, deck_named(CONTENT, "Sera Dunewalker"), monkeypatch)
    choose_in_list(app, 1, deck_named(CONTENT, "Ilyra Starweaver"), monkeypatch)
    setup = scene.setup()
    # the same game played a few turns by computer players, then saved
    session = Session.new(setup, [Seat(False, "eager"), Seat(False, "eager")], autosave=False)
    while session.game.turn < 3 and not session.over:
        session.step_computer()
    path = client_settings.saves_dir() / "duel.json"
    session.seats = [Seat(True), Seat(False, "easy")]
    save_session(session, path)
    hash_ = session.game.state_hash()
    session.game.close()
    (entry,) = list_saves()
    assert "Sera Dunewalker against Ilyra Starweaver" in entry.detail
    press(app, pygame.K_ESCAPE)  # back to the menu
    click_button(app, "load")
    assert isinstance(app.scene, LoadGameScene)
    snap(app, "load-duel")
    click_button(app, "load")
    loaded = app.scene
    assert isinstance(loaded, GameScreen)
    assert loaded.session.game.setup.decks == setup.decks
    assert loaded.session.game.state_hash() == hash_


def test_play_and_the_map_option_deal_decks_on_a_duel_map(
        folders: Path, stand_in: None) -> None:
    duel_only = load_content(user_dir=None, include_user=False)
    duel_only.maps = {DUEL: duel_only.maps[DUEL]}
    quick = quick_setup(duel_only, seed=9)
    assert quick is not None
    assert quick[0].decks == default_decks(starter_decks(duel_only.library), 2, 9)
    window = open_app(duel_only)
    try:
        assert isinstance(window.scene, MenuScene)
        click_button(window, "play")
        started = window.scene
        assert isinstance(started, GameScreen)
        assert started.session.game.setup.map.name == DUEL
        assert started.session.game.setup.decks is not None
    finally:
        _close_sessions(window)
    args = argparse.Namespace(map=DUEL, players=None, seed=11, mod=[], no_user_mods=True)
    window = client_main.build_app(args, Settings())
    try:
        started = window.scene
        assert isinstance(started, GameScreen), window.messages[:1]
        assert started.session.game.setup.decks == default_decks(
            starter_decks(CONTENT.library), 2, 11)
    finally:
        _close_sessions(window)
    assert find_map(DUEL).ruleset == "duel"


def test_without_starter_decks_random_is_refused_not_a_crash(
        app: App, stand_in: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Starter decks that do not load (their cache says none) leave Random nothing to
    draw: Play skips the duel map, --map says why, New game asks for a deck per seat."""
    import game.content.decks as decks

    duel_only = load_content(user_dir=None, include_user=False)
    duel_only.maps = {DUEL: duel_only.maps[DUEL]}
    monkeypatch.setattr(decks, "_STARTERS", {id(duel_only.library): []})
    assert quick_setup(duel_only, seed=1) is None  # Play has no game to offer
    args = argparse.Namespace(map=DUEL, players=None, seed=1, mod=[], no_user_mods=True)
    assert "no duel deck" in str(client_main.direct_setup(args, duel_only))
    monkeypatch.setattr(decks, "_STARTERS", {id(CONTENT.library): []})
    scene = new_duel(app)
    assert not scene.buttons.find("start").enabled
    assert "choose a deck for every seat" in scene.problem()
    choose_in_list(app, 0, CONTENT.decks[0], monkeypatch)
    choose_in_list(app, 1, CONTENT.decks[1], monkeypatch)
    session = start(app)
    assert session.game.setup.decks == (CONTENT.decks[0].card_list(),
                                        CONTENT.decks[1].card_list())
