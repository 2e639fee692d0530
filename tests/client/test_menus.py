"""The menus driven through real posted mouse and key events and ``App.step``: the main
menu (mouse and keyboard), the new-game screen (map, seats, sets, draft, seed, start),
settings saved to the config folder, loading saves (a corrupt one shows its problem and
stays on disk), the game-over screen, the hot-seat curtain and the ``play`` options.

Set ``SNAPSHOT_DIR`` to save a frame of every screen as a PNG file there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse  # noqa: E402
import json  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

import game.client.scenes as scenes  # noqa: E402
from game.client import main as client_main  # noqa: E402
from game.client import settings as client_settings  # noqa: E402
from game.client import ui  # noqa: E402
from game.client.app import App, Scene, push, replace  # noqa: E402
from game.client.minimap import render_minimap  # noqa: E402
from game.client.scenes import NoticeScene  # noqa: E402
from game.client.scenes.curtain import CurtainScene  # noqa: E402
from game.client.scenes.game_over import GameOverScene, winners_title  # noqa: E402
from game.client.scenes.load_game import (  # noqa: E402
    LoadGameScene,
    list_saves,
    save_session,
)
from game.client.scenes.menu import MenuScene  # noqa: E402
from game.client.scenes.new_game import (  # noqa: E402
    NewGameScene,
    draft_problem,
    quick_setup,
    start_game,
)
from game.client.scenes.settings_scene import SettingsScene  # noqa: E402
from game.client.session import Seat, Session, seats_of  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import Content, load_content  # noqa: E402
from game.maps import load_map  # noqa: E402
from game.rules.core.replay import game_to_json, read_save  # noqa: E402
from game.rules.core.state import Phase  # noqa: E402

CONTENT = load_content(user_dir=None)
SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")


# ------------------------------------------------------------------ helpers


class GameScreen(Scene):
    """Stands in for the draft and board screens: remembers the session it was given."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((255, 0, 255))  # a colour no menu uses: "secret" for the curtain test


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and saves go to a temporary folder, never to the user's own."""
    monkeypatch.setattr(client_settings, "config_dir", lambda: tmp_path / "config")
    monkeypatch.setattr(client_settings, "data_dir", lambda: tmp_path / "data")
    return tmp_path


@pytest.fixture(autouse=True)
def _fresh_fonts() -> None:
    """Fonts cached before another test's ``pygame.quit()`` are dead: start with none."""
    ui.forget_fonts()


@pytest.fixture
def app(folders: Path) -> Iterator[App]:
    window = App(Settings(), size=(1280, 720))
    window.start(MenuScene(window, CONTENT))
    window.step()
    yield window
    for scene in window.scenes:
        session = getattr(scene, "session", None)
        if session is not None:
            session.game.close()


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games start on ``GameScreen`` instead of the real draft and board screens."""
    monkeypatch.setattr(scenes, "game_scene", lambda app, session: GameScreen(app, session))
    monkeypatch.setattr(client_main, "game_scene",
                        lambda app, session: GameScreen(app, session))


def snap(app: App, name: str) -> None:
    if SNAPSHOTS:
        Path(SNAPSHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(SNAPSHOTS) / f"{name}.png"))


def step(app: App) -> None:
    """Run the loop until the posted events are handled and the screen is drawn."""
    app.step()
    if app.running and app.scene is not None and app.scene.dirty:
        app.step()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def press(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    step(app)


def button(scene: Any, name: str) -> Any:
    return scene.buttons.find(name)


def click_button(app: App, name: str) -> None:
    found = button(app.scene, name)
    assert found.enabled, f"{name} is disabled"
    click(app, found.rect.center)


def click_map(app: App, map_name: str) -> None:
    """Click the map's row in the list, scrolling the list with the mouse wheel (as a
    player would) until the row shows."""
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    for _ in range(len(scene.entries) + 1):
        for index, rect in scene.map_rows:
            if scene.entries[index].name == map_name:
                click(app, rect.center)
                return
        wanted = [e.name for e in scene.entries].index(map_name)
        shown = [index for index, _ in scene.map_rows]
        pygame.mouse.set_pos(scene.map_rows[0][1].center)
        wheel = -1 if shown and wanted > shown[-1] else 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=wheel))
        step(app)
    raise AssertionError(f"{map_name} is not in the map list")


def content_with(extra_maps: dict[str, Path]) -> Content:
    content = load_content(user_dir=None)
    content.maps.update(extra_maps)
    return content


# ------------------------------------------------------------------ main menu


def test_menu_new_game_builds_the_game_that_was_chosen(app: App, stand_in: None) -> None:
    snap(app, "menu")
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    names = [e.name for e in scene.entries]
    assert names == sorted(CONTENT.maps)  # every map is listed
    click_map(app, "4P-islands")
    assert scene.spec is not None and scene.spec.name == "4P-islands"
    click_button(app, "players-3")
    from game.client.scenes.new_game import SEAT_KINDS

    def clicks(to: str) -> int:  # from the default easy computer, round the seat kinds
        return (SEAT_KINDS.index(to) - SEAT_KINDS.index("easy")) % len(SEAT_KINDS)

    for _ in range(clicks("human")):
        click_button(app, "seat-2")
    for _ in range(clicks("random")):
        click_button(app, "seat-3")
    click_button(app, "set-dark")
    click_button(app, "draft-2x[2;8]")
    click(app, scene.seed_rect.center)
    for digit in "4242":
        press(app, getattr(pygame, f"K_{digit}"), digit)
    press(app, pygame.K_RETURN)  # ends typing the seed; does not start yet
    assert app.scene is scene and scene.seed == 4242
    snap(app, "new-game")
    click_button(app, "start")
    started = app.scene
    assert isinstance(started, GameScreen)
    setup = started.session.game.setup
    assert setup.map.name == "4P-islands"
    assert setup.players == 3
    assert setup.seed == 4242
    assert setup.sets == ("base", "dark")
    assert setup.draft == "2x[2;8]"
    assert not setup.store_mode
    assert started.session.seats == [Seat(True), Seat(True), Seat(False, "random")]
    assert started.session.game.phase is Phase.DRAFT
    # the game has its own autosave from its first moment, the seats inside, for Load game
    autosave = started.session.autosave
    assert autosave is not None and autosave.name.startswith("autosave-4P-islands-")
    assert seats_of(read_save(autosave), 3) == started.session.seats
    assert [p.name for p in client_settings.saves_dir().iterdir()] == [autosave.name]
    # the menu stays underneath: the new-game screen was replaced by the game
    assert [type(s) for s in app.scenes] == [MenuScene, GameScreen]


def test_play_starts_a_two_player_game_against_the_computer(app: App, stand_in: None) -> None:
    click_button(app, "play")
    started = app.scene
    assert isinstance(started, GameScreen)
    setup = started.session.game.setup
    first_two_player = min(n for n, p in CONTENT.maps.items()
                           if load_map(p, CONTENT.library).players == 2)
    assert setup.map.name == first_two_player
    assert setup.players == 2 and setup.sets == ("base",) and setup.draft == "1x[2;8]"
    assert started.session.seats == [Seat(True), Seat(False, "easy")]


def test_play_opens_the_real_draft_screen(app: App) -> None:
    press(app, pygame.K_p)
    assert app.scene is not None and not isinstance(app.scene, MenuScene)
    session = app.scene.session  # type: ignore[attr-defined]
    assert session.game.phase is Phase.DRAFT
    snap(app, "play-draft")


def test_menu_keyboard_arrows_enter_and_escape(app: App) -> None:
    assert app.scene.focus == 0  # type: ignore[union-attr]  # a first launch: the tutorial
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, LoadGameScene)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    press(app, pygame.K_UP)  # wraps round from Load game to New game
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, NewGameScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_menu_shows_content_problems(folders: Path) -> None:
    mod = folders / "broken-mod"
    (mod / "cards" / "frontier").mkdir(parents=True)
    (mod / "mod.yaml").write_text("name: broken-mod\nversion: 1.0.0\n")
    (mod / "cards" / "frontier" / "bad.yaml").write_text("type: unit\nname: Bad\nattack: many\n")
    args = argparse.Namespace(map=None, players=None, seed=None, mod=[str(mod)],
                              no_user_mods=True)
    app = client_main.build_app(args, Settings())
    assert isinstance(app.scene, MenuScene)
    assert any("bad.yaml" in m for m in app.messages)
    plain = App(Settings(), size=(1280, 720))
    plain.start(MenuScene(plain, CONTENT))
    plain.messages.clear()
    plain.step()
    without = pygame.image.tobytes(plain.screen, "RGB")
    app.step()
    snap(app, "menu-problems")
    assert pygame.image.tobytes(app.screen, "RGB") != without  # the panel is drawn


def test_play_options_go_straight_into_a_game(folders: Path, stand_in: None) -> None:
    args = argparse.Namespace(map="2P-ring-street", players=None, seed=7, mod=[],
                              no_user_mods=True)
    app = client_main.build_app(args, Settings())
    assert [type(s) for s in app.scenes] == [MenuScene, GameScreen]
    setup = app.scene.session.game.setup  # type: ignore[union-attr]
    assert (setup.map.name, setup.players, setup.seed) == ("2P-ring-street", 2, 7)
    app.scene.session.game.close()  # type: ignore[union-attr]
    wrong = argparse.Namespace(map="no-such-map", players=None, seed=None, mod=[],
                               no_user_mods=True)
    app = client_main.build_app(wrong, Settings())
    assert isinstance(app.scene, MenuScene)
    assert "no-such-map" in app.messages[0]


# ------------------------------------------------------------------ new game


def test_new_game_map_list_scrolls_with_the_mouse_wheel(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The wheel over the map list scrolls it (within its ends); elsewhere it does nothing."""
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    over_list = scene.map_rows[0][1].center
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: over_list)
    hidden = max(0, len(scene.entries) - len(scene.map_rows))
    for _ in range(len(scene.entries) + 2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        step(app)
    assert scene.map_scroll == hidden
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    step(app)
    assert scene.map_scroll == max(0, hidden - 1)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (1, 1))  # not over the list
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    step(app)
    assert scene.map_scroll == max(0, hidden - 1)


def test_new_game_lists_broken_maps_greyed_and_will_not_start_them(
        app: App, folders: Path, stand_in: None) -> None:
    broken = folders / "0-broken.tmx"
    broken.write_text("<map>not a map")
    app.apply(replace(NewGameScene(app, content_with({"0-broken": broken}))))
    step(app)
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    entry = scene.entries[0]
    assert entry.name == "0-broken" and entry.spec is None and "0-broken.tmx" in entry.problem
    click_map(app, "0-broken")
    assert not button(scene, "start").enabled
    click(app, button(scene, "start").rect.center)
    assert app.scene is scene and "cannot be played" in scene.error
    snap(app, "new-game-broken-map")


def test_new_game_seats_are_limited_to_the_map_and_drafts_checked(app: App) -> None:
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click_map(app, "2P-ring-street")
    assert not button(scene, "players-3").enabled and not button(scene, "players-4").enabled
    assert [b.name for b in scene.buttons.buttons if b.name.startswith("seat-")] == \
        ["seat-1", "seat-2"]
    click_map(app, "4P-islands")
    click_button(app, "players-4")
    # 1x[3;10]: a pack of 10 cannot give four players three picks each
    assert draft_problem("1x[3;10]", 4)
    assert not button(scene, "draft-1x[3;10]").enabled
    click_map(app, "2P-stick-meadow")  # a map with store tiles offers the store mode
    click_button(app, "draft-store tiles")
    assert scene.setup().store_mode


def test_minimap_draws_every_map_and_caches(folders: Path) -> None:
    for path in CONTENT.maps.values():
        spec = load_map(path, CONTENT.library)
        picture = render_minimap(spec, (200, 120))
        assert picture.get_size() == (200, 120)
        assert render_minimap(spec, (200, 120)) is picture
        colours = {tuple(picture.get_at((x, y))) for x in range(0, 200, 7)
                   for y in range(0, 120, 7)}
        assert len(colours) > 5


# ------------------------------------------------------------------ settings


def test_settings_change_is_applied_and_saved(app: App, folders: Path) -> None:
    click_button(app, "settings")
    assert isinstance(app.scene, SettingsScene)
    click_button(app, "Animation: Fast")
    click_button(app, "Pass automatically: Off")
    click_button(app, "Computer pace: Slow (1 s)")
    click_button(app, "Language: Deutsch")
    click_button(app, "Window size: 1024×768")
    assert app.screen.get_size() == (1024, 768)
    snap(app, "settings")
    saved = json.loads((folders / "config" / "settings.json").read_text())
    assert saved["animation_speed"] == 2.0
    assert saved["auto_pass"] is False
    assert saved["computer_pace"] == 1.0
    assert saved["language"] == "de"
    assert (saved["window_width"], saved["window_height"]) == (1024, 768)
    assert Settings.load().language == "de"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


# ------------------------------------------------------------------ load game


def _played_session(turns: int = 2) -> Session:
    quick = quick_setup(CONTENT, seed=3)
    assert quick is not None
    setup, _ = quick
    session = Session.new(setup, [Seat(False, "eager"), Seat(False, "eager")], autosave=False)
    while session.game.turn < turns:
        session.step_computer()
    return session


def test_load_corrupt_save_shows_the_problem_and_keeps_the_file(app: App) -> None:
    saves = client_settings.saves_dir()
    saves.mkdir(parents=True)
    garbage = saves / "garbage.json"
    garbage.write_text("{not json")
    session = _played_session()
    data = json.loads(json.dumps(game_to_json(session.game)))
    session.game.close()
    data["actions"][3] = {"kind": "teleport", "player": 0}
    tampered = saves / "tampered.json"
    tampered.write_text(json.dumps(data))
    before = {p.name: p.read_bytes() for p in saves.iterdir()}
    click_button(app, "load")
    scene = app.scene
    assert isinstance(scene, LoadGameScene)
    names = [e.path.name for e in scene.entries]
    assert set(names) == {"garbage.json", "tampered.json"}
    for name, expected in (("garbage.json", "valid JSON"), ("tampered.json", "actions[3]")):
        target = names.index(name)
        while scene.chosen != target:
            press(app, pygame.K_DOWN if scene.chosen < target else pygame.K_UP)
        click_button(app, "load")
        assert app.scene is scene
        assert name in scene.message and "expected" in scene.message
        assert expected in scene.message
    snap(app, "load-corrupt")
    assert {p.name: p.read_bytes() for p in saves.iterdir()} == before  # nothing is lost


def test_load_game_resumes_with_the_seats_of_the_save(app: App, stand_in: None) -> None:
    session = _played_session(3)
    path = client_settings.saves_dir() / "evening.json"
    session.seats = [Seat(True), Seat(False, "random")]
    save_session(session, path)
    turn, hash_ = session.game.turn, session.game.state_hash()
    session.game.close()
    entries = list_saves()
    assert [e.path.name for e in entries] == ["evening.json"]
    # the round, as the game's bar counts it (each of the two seats one turn a round)
    assert f"round {(turn - 1) // 2 + 1}," in entries[0].detail, entries[0].detail
    click_button(app, "load")
    snap(app, "load")
    click_button(app, "load")
    loaded = app.scene
    assert isinstance(loaded, GameScreen)
    assert loaded.session.seats == [Seat(True), Seat(False, "random")]
    assert (loaded.session.game.turn, loaded.session.game.state_hash()) == (turn, hash_)


# ------------------------------------------------------------------ game over and curtain


def test_game_over_shows_the_winner_and_saves_the_replay(app: App, folders: Path) -> None:
    session = _played_session(2)
    session.seats = [Seat(True), Seat(True)]
    session.game.finish((1,), "the enemy king fell")  # as the rules end a game
    app.apply(push(GameOverScene(app, session)))
    step(app)
    scene = app.scene
    assert isinstance(scene, GameOverScene)
    assert winners_title(session) == "Player 2 wins!"
    assert [row["won"] for row in scene.rows] == [False, True]
    # the title is drawn in the winner's colour
    title = app.screen.subsurface(pygame.Rect(340, 60, 600, 140))
    colours = {tuple(title.get_at((x, y)))[:3] for x in range(0, 600, 2)
               for y in range(0, 140, 2)}
    assert (224, 76, 64) in colours
    click_button(app, "save")
    replays = list((folders / "data" / "replays").glob("*.json"))
    assert len(replays) == 1 and scene.saved == str(replays[0])
    snap(app, "game-over")
    click_button(app, "menu")
    assert isinstance(app.scene, MenuScene) and len(app.scenes) == 1


def test_curtain_hides_everything_then_reveals_for_its_player(app: App) -> None:
    session = _played_session(1)
    session.seats = [Seat(True), Seat(True)]
    session.viewer = 0
    below = GameScreen(app, session)
    app.apply(push(below))
    step(app)
    app.apply(push(CurtainScene(app, session, 1)))
    step(app)
    assert session.viewer is None
    pixels = pygame.image.tobytes(app.screen, "RGB")
    assert b"\xff\x00\xff" not in pixels  # nothing of the screen below shows through
    snap(app, "curtain")
    press(app, pygame.K_a)  # other keys do nothing
    assert isinstance(app.scene, CurtainScene)
    press(app, pygame.K_SPACE)
    assert app.scene is below and session.viewer == 1
    app.apply(push(CurtainScene(app, session, 0)))
    step(app)
    click(app, (640, 360))
    assert app.scene is below and session.viewer == 0


def test_a_missing_game_screen_shows_a_notice(app: App, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    monkeypatch.setattr(scenes, "_scene_class", lambda module, name: f"no {module} screen")
    quick = quick_setup(CONTENT, seed=1)
    assert quick is not None
    session = start_game(app, *quick)
    app.apply(push(scenes.game_scene(app, session)))
    step(app)
    assert isinstance(app.scene, NoticeScene) and app.scene.session is session
    snap(app, "notice")
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    session.game.close()


def test_a_boss_map_seats_the_boss_side_last(app: App, stand_in: None) -> None:
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    boss_maps = [e.name for e in scene.entries if e.name in ("the-tyrant", "the-kraken")]
    assert boss_maps, "the boss maps are offered"
    click_map(app, boss_maps[0])
    seats = scene.chosen_seats()
    assert seats[-1] == Seat(False, boss_maps[0].removeprefix("the-"))
    assert not button(scene, f"seat-{len(seats)}").enabled


def test_new_game_on_a_fleet_map_seats_up_to_six_and_asks_for_no_cards(
        app: App, stand_in: None) -> None:
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click_map(app, "6P-fleet-six-suns")
    assert scene.fleet and scene.seat_counts() == [2, 3, 4, 5, 6]
    assert scene.count == 6
    assert [b.name for b in scene.buttons.buttons if b.name.startswith("seat-")] == \
        [f"seat-{n}" for n in range(1, 7)]
    assert scene.sets_top is None and scene.decks_top is None  # no sets, draft or decks
    click_button(app, "players-5")
    snap(app, "new-game-fleet")
    click_button(app, "start")
    started = app.scene
    assert isinstance(started, GameScreen)
    game = started.session.game
    assert game.ruleset.name == "fleet" and len(game.players) == 5
    assert len(started.session.seats) == 5
def test_new_game_on_a_skirmish_map_asks_for_no_card_sets_or_draft(
        app: App, stand_in: None) -> None:
    """The skirmish's armies come from the map: New game offers no card sets, draft or
    decks there, and the game starts without them."""
    click_button(app, "new")
    scene = app.scene
    assert isinstance(scene, NewGameScene)
    click_map(app, "2P-skirmish-highlands")
    assert scene.cardless and not scene.fleet and not scene.duel
    assert scene.sets_top is None and scene.decks_top is None and scene.draft_top is None
    assert not any(b.name.startswith(("set-", "draft")) for b in scene.buttons.buttons)
    snap(app, "new-game-skirmish")
    click_button(app, "start")
    started = app.scene
    assert isinstance(started, GameScreen)
    assert started.session.game.ruleset.name == "skirmish"


# ------------------------------------------------------------------ credits


def test_credits_open_from_the_menu_by_a_click_and_go_back_with_escape(app: App) -> None:
    from game.client.scenes.credits import CreditsScene
    from game.content.icons import card_icons

    click_button(app, "credits")
    scene = app.scene
    assert isinstance(scene, CreditsScene)
    snap(app, "credits")
    words = " ".join(line.text for line in scene.lines(scene.text_area.width))
    assert "CC BY 3.0" in words and "DejaVu Sans" in words and "Bitstream Vera" in words
    for icon in card_icons().values():  # every icon used, with its author
        assert icon.icon in words and icon.author in words
    # the list is longer than the screen: the wheel and the keys scroll it
    first = pygame.image.tobytes(app.screen, "RGB")
    pygame.mouse.set_pos(scene.text_area.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    step(app)
    assert scene.scroll > 0
    assert pygame.image.tobytes(app.screen, "RGB") != first
    press(app, pygame.K_END)
    assert scene.scroll == scene.text_height() - scene.text_area.height
    press(app, pygame.K_HOME)
    assert scene.scroll == 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.running
    press(app, pygame.K_c)  # its key opens it too
    assert isinstance(app.scene, CreditsScene)
    click(app, app.scene.back.rect.center)
    assert isinstance(app.scene, MenuScene)


def test_the_menu_fits_the_smallest_window(folders: Path) -> None:
    window = App(Settings(), size=(800, 600))
    window.start(MenuScene(window, CONTENT))
    window.step()
    scene = window.scene
    assert isinstance(scene, MenuScene)
    bottoms = [button.rect.bottom for button in scene.buttons.buttons]
    assert max(bottoms) < 600 - 20
    click(window, scene.buttons.find("credits").rect.center)
    assert type(window.scene).__name__ == "CreditsScene"


@pytest.mark.parametrize("width", [800, 1024, 1280, 1920])
def test_every_settings_note_is_shown_whole_or_cut_with_an_ellipsis(app: App, width: int
                                                                    ) -> None:
    """A row's note stands in the column left of its choices, on at most two lines: all of
    it, or cut visibly with "…" (before, a third line was dropped without a sign: "…(passing
    and other bookkeeping", "…skips a buy you can"). At 1024 and wider every note is whole."""
    scene = SettingsScene(app)
    room = SettingsScene.label_width(width) - 20
    for row in scene.rows:
        lines = scene.note_lines(row.note, width)
        assert 1 <= len(lines) <= 2
        assert all(ui.font(13).size(line)[0] <= room for line in lines), lines
        if lines[-1].endswith("…"):
            assert width < 1024, f"{row.title}: cut at {width}: {lines}"
        else:
            assert " ".join(lines).split() == row.note.split(), lines


def test_the_window_opens_no_larger_than_the_screen(folders: Path) -> None:
    """On a screen smaller than the window size of the settings, the window the game
    opens fits it, with room for its frame (an 800x600 screen showed the 1280x720 window
    with its title and Quit off the screen); on a larger screen, or an unknown one, the
    settings' size is kept."""
    assert client_main.fitted_size((1280, 720), [(800, 600)]) == (760, 520)
    assert client_main.fitted_size((1280, 720), [(1920, 1080)]) == (1280, 720)
    assert client_main.fitted_size((1280, 720), [(1366, 768)]) == (1280, 688)
    assert client_main.fitted_size((1280, 720), [(640, 480)]) == (640, 480)
    assert client_main.fitted_size((1280, 720), []) == (1280, 720)
    assert client_main.fitted_size((1280, 720), [(0, 0)]) == (1280, 720)
    args = argparse.Namespace(map=None, players=None, seed=None, mod=[], no_user_mods=True)
    pygame.display.init()
    screen = pygame.display.get_desktop_sizes()[0]  # the test driver's screen
    app = client_main.build_app(args, Settings(), fit=True)
    assert app.screen.get_size() == client_main.fitted_size((1280, 720), [screen])
    assert app.screen.get_width() <= screen[0] and app.screen.get_height() <= screen[1]


@pytest.mark.parametrize("size", [(760, 520), (800, 600), (1024, 768), (1280, 720)])
def test_every_menu_button_is_on_a_small_window(size: tuple[int, int]) -> None:
    """The main menu on the window an 800x600 screen gets (760x520): every button whole
    inside the window (Quit was cut off under its bottom edge)."""
    app = App(Settings(), size=size)
    app.start(MenuScene(app, CONTENT))
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    window = app.screen.get_rect()
    for button in menu.buttons.buttons:
        assert window.contains(button.rect), (button.name, button.rect, size)
        assert button.rect.height >= 28


def test_the_load_list_tells_progress_in_the_words_of_the_games_bar() -> None:
    """The list says the round where a round is one turn of each seat (Muhq's Game, the
    duel), as the game's bar does; the skirmish and the fleet count rounds by their own
    rules, so their saves tell the actions taken (before: "turn 9" for a game whose bar
    said "Round 2")."""
    from game.client.scenes.load_game import _progress

    def save(ruleset: str, seats: int, turns: int, winners: list[int]) -> dict[str, Any]:
        return {"setup": {"players": seats, "map": {"ruleset": ruleset}, "stores": []},
                "turn_hashes": ["x"] * turns, "actions": [{"kind": "pass"}] * 40,
                "winners": winners}

    assert _progress(save("muhq", 2, 8, [])) == "round 5, 40 actions"
    assert _progress(save("duel", 2, 1, [])) == "round 1, 40 actions"
    assert _progress(save("muhq", 3, 6, [1])) == "finished in round 3"
    assert _progress(save("skirmish", 2, 8, [])) == "40 actions"
    assert _progress(save("fleet", 3, 8, [0])) == "finished after 40 actions"
