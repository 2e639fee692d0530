"""The game and draft screens driven by real posted mouse and key events through
``App.step``: activating and moving a unit, playing a card onto a spawn tile, casting a
spell at a target, buying from the store, passing and ending the turn with keys, the upkeep
disband checklist, the draft, the hot-seat curtain, and random clicking. Every action the
screens send is checked against ``Session.legal()`` at the moment it is sent.

Set ``SNAPSHOT_DIR`` to save frames of the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import types  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import picker_item, run_until, to_action_phase  # noqa: E402

from game.client.app import App, Scene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import (  # noqa: E402
    Action,
    Activate,
    Attack,
    Buy,
    Disband,
    DraftPick,
    EndTurn,
    Move,
    Pass,
    PayUpkeep,
    PlayCard,
)
from game.rules.core.state import Phase  # noqa: E402
from game.rules.core.view import Zone  # noqa: E402

MAP = "2P-stick-meadow"
CONTENT = load_content(user_dir=None)
SNAPSHOTS = os.environ.get("SNAPSHOT_DIR", "")


# ------------------------------------------------------------------ stand-ins while the
# board view, curtain and game-over screens are written by others


def _module_missing(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        return exc.name == name
    return False


class _StandInBoardView:
    """The board view contract, drawn as plain squares (only used if the real one is
    missing)."""

    def __init__(self, game: Any, tile_images: Any) -> None:
        self.game = game
        self.highlights: dict[tuple[int, int], str] = {}
        self.selected: int | None = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.cell = 40
        self.offset = (0, 0)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        spec = self.game.map
        self.cell = max(8, min(rect.width // spec.width, rect.height // spec.height))
        colours = {"move": (60, 110, 230), "attack": (220, 60, 60), "play": (230, 190, 60),
                   "target": (170, 90, 230), "select": (230, 230, 230)}
        for tile in spec.all_tiles():
            box = self._box(tile)
            kind = spec.type_at(tile)
            shade = (70, 110, 60) if kind != "spawn" else (90, 130, 150)
            pygame.draw.rect(surface, shade, box)
            pygame.draw.rect(surface, (40, 60, 40), box, 1)
            if tile in self.highlights:
                pygame.draw.rect(surface, colours[self.highlights[tile]], box, 3)
            entity = self.game.board.get(tile)
            if entity:
                owner = self.game.controller(entity)
                colour = (80, 140, 245) if owner == 0 else (224, 76, 64) if owner == 1 \
                    else (170, 170, 170)
                pygame.draw.circle(surface, colour, box.center, self.cell // 3)
                if entity == self.selected:
                    pygame.draw.circle(surface, (255, 255, 255), box.center, self.cell // 3, 2)

    def _box(self, tile: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(self.rect.left + self.offset[0] + tile[0] * self.cell,
                           self.rect.top + self.offset[1] + tile[1] * self.cell,
                           self.cell, self.cell)

    def tile_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.rect.collidepoint(pos):
            return None
        x = (pos[0] - self.rect.left - self.offset[0]) // self.cell
        y = (pos[1] - self.rect.top - self.offset[1]) // self.cell
        return (x, y) if self.game.map.on_map((x, y)) else None

    def scroll(self, dx: int, dy: int) -> None:
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        pass

    def center_on(self, tile: tuple[int, int]) -> None:
        pass


class _StandInCurtain(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session

    def handle(self, event: pygame.event.Event) -> Any:
        from game.client.app import pop

        if event.type == pygame.MOUSEBUTTONUP:
            return pop()
        return None


class _StandInGameOver(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session


def _install_stand_ins() -> None:
    if _module_missing("game.client.board_view"):
        module = types.ModuleType("game.client.board_view")
        module.BoardView = _StandInBoardView  # type: ignore[attr-defined]
        sys.modules["game.client.board_view"] = module
    for name, cls, attr in (("game.client.scenes.curtain", _StandInCurtain, "CurtainScene"),
                            ("game.client.scenes.game_over", _StandInGameOver,
                             "GameOverScene")):
        if _module_missing(name):
            module = types.ModuleType(name)
            setattr(module, attr, cls)
            sys.modules[name] = module


_install_stand_ins()

from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.draft import DraftScene  # noqa: E402

# ------------------------------------------------------------------ helpers


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Saves and settings go to a temporary folder, never the player's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    yield


def make_app() -> App:
    settings = Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                        ask_idle_units=False, ask_skipped_buy=False)
    return App(settings, size=(1280, 720))


def guard(session: Session) -> list[Action]:
    """Wrap ``session.apply`` so that every action must be legal when it is sent."""
    sent: list[Action] = []
    apply = session.apply

    def checked(action: Action) -> Any:
        assert action in session.legal(), f"illegal action sent: {action}"
        sent.append(action)
        return apply(action)

    session.apply = checked  # type: ignore[method-assign]
    return sent


def new_session(seats: list[Seat], *, stores: tuple[tuple[str, ...], ...] | None = None,
                seed: int = 5, draft: str = "1x[2;8]") -> Session:
    spec = find_map(MAP, library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, len(seats), seed, ("base",), draft, stores=stores)
    return Session.new(setup, seats, autosave=False)


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()


def hover(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def key(app: App, code: int, mod: int = 0) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    app.step()


def snap(app: App, name: str) -> None:
    if SNAPSHOTS:
        app.step([])
        scene = app.scene
        if scene is not None:
            scene.draw(app.screen)
        pygame.image.save(app.screen, str(Path(SNAPSHOTS) / f"{name}.png"))


def board_scene(app: App) -> BoardScene:
    scene = app.scene
    assert isinstance(scene, BoardScene), f"expected the board, found {scene!r}"
    return scene


def pos_of(scene: BoardScene, tile: tuple[int, int]) -> tuple[int, int]:
    """A screen point over ``tile`` (found through the view's own ``tile_at``)."""
    rect = scene.board_rect
    hits = [(x, y) for y in range(rect.top + 50, rect.bottom, 3)
            for x in range(rect.left, rect.right, 3) if scene.view.tile_at((x, y)) == tile]
    assert hits, f"tile {tile} is not on screen"
    xs = sorted(p[0] for p in hits)
    ys = sorted(p[1] for p in hits)
    return xs[len(xs) // 2], ys[len(ys) // 2]


def hand_pos(scene: BoardScene, card: int) -> tuple[int, int]:
    for rect, each in scene.hand.slots:
        if each == card:
            return rect.centerx, rect.bottom - 12
    raise AssertionError(f"card {card} is not in the hand on screen")


def start_board(seats: list[Seat], stores: tuple[tuple[str, ...], ...],
                seed: int = 5) -> tuple[App, Session, list[Action]]:
    app = make_app()
    session = new_session(seats, stores=stores, seed=seed)
    sent = guard(session)
    app.start(BoardScene(app, session))
    app.step([])
    return app, session, sent


def resolve(app: App, session: Session) -> None:
    """Pass with the Space key (and let the computer pass) until the stack is empty."""
    game = session.game
    for _ in range(20):
        run_until(app, lambda: game.actor == 0)
        if not game.stack:
            return
        key(app, pygame.K_SPACE)
    assert not game.stack


def answer_until(app: App, session: Session, done: Any, limit: int = 3000) -> None:
    """Step the window, passing with Space whenever player 1 is asked to respond during
    the computer's turn, until ``done()``."""
    game = session.game
    for _ in range(limit):
        if done():
            return
        if game.actor == 0 and game.active != 0 and isinstance(app.scene, BoardScene):
            key(app, pygame.K_SPACE)
        else:
            app.step([])
    assert done(), "the screen did not get there"


STORES = (("Archer", "Paladin", "Fireball", "Healing Potion"),
          ("Archer", "Paladin", "Fireball", "Healing Potion"))


# ------------------------------------------------------------------ the tests


def test_activate_a_unit_and_move_it_by_clicks() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    spawn = game.map.spawn_tiles(0)[0]
    unit = game.add_permanent("Recruit", spawn, 0)
    to_action_phase(app, session)
    scene = board_scene(app)
    snap(app, "board_start")
    click(app, pos_of(scene, spawn))
    assert Activate(0, unit) in sent
    assert game.activated == unit
    moves = [t for t, kind in scene.view.highlights.items() if kind == "move"]
    assert moves, "no move tiles highlighted for the activated unit"
    assert all(Move(0, unit, t) in session.legal() for t in moves)
    assert scene.view.selected == unit
    snap(app, "board_unit_activated")
    target = max(moves, key=lambda t: abs(t[0] - spawn[0]) + abs(t[1] - spawn[1]))
    click(app, pos_of(scene, target))
    assert Move(0, unit, target) in sent
    resolve(app, session)
    assert game.tile_of(unit) == target
    snap(app, "board_unit_moved")


def test_play_a_card_from_the_hand_onto_a_spawn_tile() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    card = game.add_card("Recruit", 0, Zone.HAND)
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    click(app, hand_pos(scene, card))
    plays = {t for t, kind in scene.view.highlights.items() if kind == "play"}
    legal_tiles = {a.tile for a in session.legal() if isinstance(a, PlayCard) and a.card == card}
    assert plays == legal_tiles and plays
    assert plays <= set(game.map.spawn_tiles(0))
    snap(app, "board_play_card")
    tile = sorted(plays)[0]
    click(app, pos_of(scene, tile))
    assert PlayCard(0, card, tile) in sent
    resolve(app, session)
    assert game.board.get(tile) == card


def test_cast_a_spell_at_a_target() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    spell = game.add_card("Fireball", 0, Zone.HAND)
    enemy = game.add_permanent("Archer", (7, 3), 1)
    game.players[0].resource = 5
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    click(app, hand_pos(scene, spell))
    assert scene.view.highlights.get((7, 3)) == "target"
    snap(app, "board_spell_targets")
    click(app, pos_of(scene, (7, 3)))
    assert any(isinstance(a, PlayCard) and a.card == spell and a.targets == (enemy,)
               for a in sent)


def test_buy_from_the_store() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    to_action_phase(app, session)
    game.players[0].resource = 9
    key(app, pygame.K_SPACE)  # pass the action phase
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    scene = board_scene(app)
    app.step([])
    assert scene.overlay == "store", "the store opens in the buying phase"
    snap(app, "board_store")
    glowing = [c for _r, c in scene.grid.slots if Buy(0, c) in session.legal()]
    assert glowing
    card = glowing[0]
    rect = next(r for r, c in scene.grid.slots if c == card)
    hover(app, rect.center)
    assert scene.hovered == card
    snap(app, "board_store_zoom")
    click(app, rect.center)
    assert Buy(0, card) in sent
    resolve(app, session)
    assert card in game.players[0].discard


def test_pass_and_end_turn_with_keys() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    to_action_phase(app, session)
    assert Pass(0) in sent  # Space passed the upkeep
    key(app, pygame.K_RETURN)  # End turn: pass the phases, then end the turn
    run_until(app, lambda: game.active == 1)
    assert any(isinstance(a, Pass) for a in sent)
    answer_until(app, session, lambda: game.active == 0 and game.turn >= 3)
    assert game.turn >= 3
    snap(app, "board_after_computer_turn")
    assert any("Round 1: player 2's turn" in line for line in session.log)


def test_end_turn_pressed_twice_does_not_pass_the_next_turn() -> None:
    # End turn in the action phase passes on until the turn is over; End turn pressed
    # again once EndTurn is legal ends it there. The screen used to keep passing after
    # that, through the player's whole next turn.
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    game.add_card("Recruit", 0, Zone.HAND)
    to_action_phase(app, session)
    scene = board_scene(app)
    turn = game.turn
    key(app, pygame.K_RETURN)  # End turn in the action phase: pass and keep passing
    assert Pass(0) in sent and scene.ending
    run_until(app, lambda: game.phase is Phase.DISCARD and game.actor == 0)
    assert scene.ending and EndTurn(0) in session.legal()
    key(app, pygame.K_RETURN)  # End turn again, now that it is legal
    assert EndTurn(0) in sent
    assert not scene.ending
    answer_until(app, session,
                 lambda: game.turn > turn and game.active == 0 and game.actor == 0)
    assert not scene.ending
    if game.phase is Phase.UPKEEP:
        key(app, pygame.K_SPACE)
    run_until(app, lambda: game.phase is Phase.ACTION and game.actor == 0)
    for _ in range(5):  # the screen waits for the player: nothing is passed for them
        app.step([])
    assert game.phase is Phase.ACTION and game.active == 0 and game.actor == 0
    assert game.turn > turn and not scene.ending
    assert [a for a in session.legal() if not isinstance(a, Pass)]


def test_upkeep_disband_checklist() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    first = game.add_permanent("Recruit", (1, 1), 0)
    second = game.add_permanent("Archer", (1, 3), 0)
    to_action_phase(app, session)
    key(app, pygame.K_RETURN)
    answer_until(app, session, lambda: game.active == 0 and game.turn >= 3 and game.actor == 0)
    assert PayUpkeep(0) in session.legal()
    scene = board_scene(app)
    app.step([])
    snap(app, "board_upkeep")
    row = next(r for r, u in scene.upkeep.rows if u == second)
    click(app, row.center)
    assert scene.upkeep.checked == {second}
    click(app, scene.upkeep.pay.rect.center)
    assert Disband(0, second) in sent
    assert PayUpkeep(0) in sent
    assert Disband(0, first) not in sent
    resolve(app, session)
    assert not game.is_on_map(second)
    assert game.is_on_map(first)


def test_activated_unit_attacks_by_click() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    unit = game.add_permanent("Recruit", (5, 4), 0)
    enemy = game.add_permanent("Recruit", (6, 4), 1)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (5, 4)))
    assert scene.view.highlights.get((6, 4)) == "attack"
    click(app, pos_of(scene, (6, 4)))
    assert Attack(0, unit, enemy) in sent


def test_hovering_an_attack_target_previews_the_damage_and_sends_nothing() -> None:
    """Combat 1: a Recruit (1 attack) hits a Recruit; resting the mouse on the red tile
    says what would happen (the preview passes the stack for everyone, then puts the game
    back): 1 damage. Nothing is sent until the click; the log then gives the numbers of the
    real attack."""
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    unit = game.add_permanent("Recruit", (5, 4), 0)
    enemy = game.add_permanent("Recruit", (6, 4), 1)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (5, 4)))
    before, count = game.state_hash(), len(sent)
    hover(app, pos_of(scene, (6, 4)))
    assert scene.preview is not None and scene.preview[2].damage_to(enemy) == 1
    assert scene.preview_text().startswith("→ Recruit: deals 1")
    assert game.state_hash() == before and len(sent) == count
    click(app, pos_of(scene, (6, 4)))
    resolve(app, session)
    assert Attack(0, unit, enemy) in sent
    assert any(line.strip() == "Recruit deals 1 damage to P2's Recruit" for line in session.log)


def test_triggered_action_is_declared_by_clicking_a_target() -> None:
    from game.rules.core.actions import DeclareTrigger

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    game.add_permanent("War Drummer", (1, 1), 0)
    first = game.add_permanent("Recruit", (1, 3), 0)
    game.add_permanent("Recruit", (1, 5), 0)
    to_action_phase(app, session)
    key(app, pygame.K_RETURN)
    answer_until(app, session, lambda: game.active == 0 and game.turn >= 3 and game.actor == 0)
    assert game.pending, "War Drummer's upkeep trigger waits to be declared"
    scene = board_scene(app)
    app.step([])
    targets = {t for t, kind in scene.view.highlights.items() if kind == "target"}
    assert targets == {(1, 3), (1, 5)}
    snap(app, "board_trigger")
    click(app, pos_of(scene, (1, 3)))
    assert DeclareTrigger(0, (first,)) in sent
    assert not game.pending


def test_carry_an_artifact_choosing_destination_and_drop_tile() -> None:
    from game.rules.core.actions import Transport

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    unit = game.add_permanent("Recruit", (3, 6), 0)
    chest = game.add_permanent("Treasure Chest", (4, 6), 0)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (3, 6)))
    assert Activate(0, unit) in sent
    click(app, pos_of(scene, (4, 6)))  # the chest: switch places or carry it
    snap(app, "board_artifact_picker")
    click(app, picker_item(scene, "Carry"))
    build = scene.controls.build
    assert build is not None and build.step() == 0
    destinations = {t for t, k in scene.view.highlights.items() if k == "move"}
    assert destinations == {a.tile for a in session.legal()
                            if isinstance(a, Transport) and a.artifact == chest}
    goal = sorted(destinations)[0]
    click(app, pos_of(scene, goal))
    drops = {t for t, k in scene.view.highlights.items() if k == "move"}
    assert drops == {a.drop for a in session.legal()
                     if isinstance(a, Transport) and a.artifact == chest and a.tile == goal}
    snap(app, "board_drop_tiles")
    drop = sorted(drops)[0]
    click(app, pos_of(scene, drop))
    assert Transport(0, unit, chest, goal, drop) in sent
    resolve(app, session)
    assert game.tile_of(unit) == goal and game.tile_of(chest) == drop


def test_equip_offers_both_actions_in_a_picker() -> None:
    from game.rules.core.actions import Equip

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    stick = game.board[(7, 4)]
    unit = game.add_permanent("Recruit", (6, 4), 0)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (6, 4)))
    click(app, pos_of(scene, (7, 4)))
    labels = [item.label for item in scene.picker.items] if scene.picker else []
    assert any("move action" in label for label in labels)
    assert any("attack action" in label for label in labels)
    assert labels[-1] == "Cancel"
    click(app, picker_item(scene, "attack action"))
    assert Equip(0, unit, stick, "attack") in sent


def strip_button(scene: BoardScene, text: str) -> tuple[int, int]:
    for button in scene.prompt_buttons.buttons:
        if text in button.label:
            return button.rect.center
    raise AssertionError(f"no {text!r} in {[b.label for b in scene.prompt_buttons.buttons]}")


def test_full_action_button_of_the_activated_unit() -> None:
    from game.rules.core.actions import FullAction

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    assert game.tile_kind((3, 0)).worker == "Farmer"
    farmer = game.add_permanent("Farmer", (3, 0), 0)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (3, 0)))
    app.step([])
    snap(app, "board_full_action")
    click(app, strip_button(scene, "farm field"))
    assert FullAction(0, farmer, "tile") in sent


def test_upkeep_shortfall_asks_which_unit_stays_unpaid() -> None:
    """Upkeep 3.4: 2 resource for a Paladin (2) and two Archers (1 each): the units are
    lit red on the board, the prompt says why, and a click leaves one unpaid."""
    from game.rules.core.actions import LeaveUnpaid

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    paladin = game.add_permanent("Paladin", (1, 1), 0)
    archers = [game.add_permanent("Archer", (1, t), 0) for t in (3, 5)]
    to_action_phase(app, session)
    key(app, pygame.K_RETURN)
    answer_until(app, session, lambda: game.active == 0 and game.turn >= 3 and game.actor == 0)
    game.players[0].resource = 2
    scene = board_scene(app)
    scene.refresh()
    app.step([])
    click(app, scene.upkeep.pay.rect.center)
    resolve(app, session)
    assert [c.kind for c in game.choices] == ["unpaid"]
    app.step([])
    lit = {t for t, kind in scene.view.highlights.items() if kind == "attack"}
    assert lit == {(1, 1), (1, 3), (1, 5)}
    build = scene.controls.build
    assert build is not None and build.prompt().startswith("Upkeep: 2 ◆ can't pay the 4 ◆")
    snap(app, "board_choice_unpaid")
    click(app, pos_of(scene, (1, 1)))
    assert scene.picker is not None  # it destroys the unit: asked first
    snap(app, "board_choice_unpaid_confirm")
    click(app, picker_item(scene, "Leave Paladin unpaid (upkeep 2)"))
    assert LeaveUnpaid(0, paladin) in sent
    assert not game.choices and not game.is_on_map(paladin)
    assert all(game.is_on_map(a) for a in archers)


def test_a_dropped_pile_is_placed_piece_by_piece() -> None:
    """Permanent Piles 5: the Ramm falls; a button per waiting piece, then gold tiles."""
    from game.rules.core.actions import PlaceDropped

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    ramm = game.add_permanent("Ramm", (4, 4), 0)
    crew = [game.add_permanent("Recruit", (3, 4), 0), game.add_permanent("Archer", (5, 4), 0)]
    for unit in crew:
        game.pile_onto(unit, ramm)
    die = game.add_card("Die!", 0, Zone.HAND)
    game.players[0].resource = 9
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    click(app, hand_pos(scene, die))
    click(app, pos_of(scene, (4, 4)))
    assert scene.dialog is not None  # Die! on one's own Ramm: asked first
    key(app, pygame.K_RETURN)
    resolve(app, session)
    assert [c.kind for c in game.choices] == ["drop"]
    app.step([])
    labels = [b.label for b in scene.prompt_buttons.buttons]
    assert "Place Recruit" in labels and "Place Archer" in labels
    snap(app, "board_choice_drop_pieces")
    click(app, strip_button(scene, "Place Archer"))
    gold = {t for t, kind in scene.view.highlights.items() if kind == "play"}
    assert gold == {a.tile for a in session.legal()
                    if isinstance(a, PlaceDropped) and a.permanent == crew[1]}
    snap(app, "board_choice_drop_tiles")
    click(app, pos_of(scene, (5, 5)))
    assert PlaceDropped(0, crew[1], (5, 5)) in sent
    app.step([])
    click(app, pos_of(scene, (3, 3)))  # one piece left: its tiles at once
    assert PlaceDropped(0, crew[0], (3, 3)) in sent
    assert not game.choices
    assert game.tile_of(crew[0]) == (3, 3) and game.tile_of(crew[1]) == (5, 5)


def test_a_discard_cost_is_paid_by_clicking_a_card_in_the_hand() -> None:
    from game.rules.core.actions import DiscardToPay, UseFreeAction

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    cove = game.add_permanent("Smugglers' Cove", (2, 2), 0)
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    click(app, pos_of(scene, (2, 2)))
    click(app, picker_item(scene, "Smugglers' Cove"))
    assert UseFreeAction(0, cove, 0) in sent
    assert [c.kind for c in game.choices] == ["discard"]
    app.step([])
    hand = list(game.players[0].hand)
    assert all(scene.controls.playable(card) for card in hand)
    assert not [b for b in scene.prompt_buttons.buttons if "Coin" in b.label]
    snap(app, "board_choice_discard")
    click(app, hand_pos(scene, hand[-1]))
    assert DiscardToPay(0, hand[-1]) in sent
    assert not game.choices and hand[-1] in game.players[0].discard


def test_triggered_actions_set_off_together_are_put_in_order_by_buttons() -> None:
    """Actions 5: the Thief's and its Sword's triggered actions wait; a button each says
    which is declared first."""
    from game.rules.core.actions import DeclareTriggerFirst

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    thief = game.add_permanent("Thief", (4, 4), 0)
    sword = game.add_permanent("Sword", (4, 5), 0)
    game.pile_onto(sword, thief)
    game.add_permanent("Barricade", (5, 4), 1)
    to_action_phase(app, session)
    scene = board_scene(app)
    click(app, pos_of(scene, (4, 4)))
    click(app, pos_of(scene, (5, 4)))
    resolve(app, session)
    assert len(game.pending) == 2
    app.step([])
    labels = [b.label for b in scene.prompt_buttons.buttons]
    assert any(label.startswith("Declare Thief") for label in labels)
    assert any(label.startswith("Declare Sword") for label in labels)
    snap(app, "board_choice_trigger_order")
    click(app, strip_button(scene, "Declare Sword"))
    assert DeclareTriggerFirst(0, 1) in sent  # the Sword's, the second waiting
    assert not game.pending  # the Thief's followed by itself: nothing left to order


def test_equipment_can_be_readied_for_the_next_unit() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    sword = game.add_card("Sword", 0, Zone.HAND)
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    click(app, hand_pos(scene, sword))
    assert {k for k in scene.view.highlights.values()} == {"play"}
    click(app, strip_button(scene, "Equip the next unit you play"))
    assert PlayCard(0, sword, None, (), True) in sent


def test_discard_two_cards_for_a_resource() -> None:
    from game.rules.core.actions import DiscardForResource

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    to_action_phase(app, session)
    scene = board_scene(app)
    before = game.players[0].resource
    hand = list(game.players[0].hand)
    click(app, scene.buttons.find("pair").rect.center)
    assert scene.controls.pair == []
    click(app, hand_pos(scene, hand[0]))
    click(app, hand_pos(scene, hand[1]))
    snap(app, "board_discard_pair")
    button = next(b for b in scene.prompt_buttons.buttons if b.name == "Discard them")
    click(app, button.rect.center)
    assert any(isinstance(a, DiscardForResource) and {a.first, a.second} == set(hand[:2])
               for a in sent)
    resolve(app, session)
    assert game.players[0].resource == before + 1


def test_discard_step_and_browsing_the_discard_pile() -> None:
    from game.rules.core.actions import Discard

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    game = session.game
    to_action_phase(app, session)
    key(app, pygame.K_SPACE)  # end the action phase
    run_until(app, lambda: game.phase is Phase.BUYING and game.actor == 0)
    key(app, pygame.K_SPACE)  # buy nothing
    run_until(app, lambda: game.phase is Phase.DISCARD and game.actor == 0)
    scene = board_scene(app)
    app.step([])
    card = game.players[0].hand[0]
    click(app, hand_pos(scene, card))
    assert Discard(0, card) in sent
    assert card in game.players[0].discard
    click(app, scene.piles.discard_rect.center)
    assert scene.overlay == "discard"
    assert [c for _r, c in scene.grid.slots] == list(reversed(game.players[0].discard))
    snap(app, "board_discard_pile")
    click(app, scene.grid.close_rect.center)
    assert scene.overlay is None
    key(app, pygame.K_RETURN)
    assert EndTurn(0) in sent


def test_save_with_ctrl_s_and_leave_through_the_menu_dialog() -> None:
    from game.client.scenes.menu import MenuScene
    from game.client.settings import saves_dir

    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    saves = [p for p in saves_dir().glob("*.json") if not p.name.endswith(".seats.json")]
    assert len(saves) == 1
    scene = board_scene(app)
    assert "Saved" in scene.toast
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None
    snap(app, "board_leave_dialog")
    key(app, pygame.K_ESCAPE)  # Stay
    assert scene.dialog is None and app.scene is scene
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # Leave
    assert isinstance(app.scene, MenuScene)


def test_game_over_replaces_the_board() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES)
    session.game.finish((0,), "a test ended it")
    app.step([])
    assert type(app.scene).__name__ == "GameOverScene"


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 640)])
def test_the_screen_scales_with_the_window(size: tuple[int, int]) -> None:
    app = App(Settings(auto_pass=True, computer_pace=0.0), size=size)
    session = new_session([Seat(), Seat(False)], stores=STORES)
    guard(session)
    game = session.game
    game.add_permanent("Recruit", (1, 1), 0)
    app.start(BoardScene(app, session))
    to_action_phase(app, session)
    scene = board_scene(app)
    app.step([])
    width, height = size
    assert scene.board_rect.right <= scene.stack.rect.left
    assert scene.hand.rect.bottom <= height and scene.stack.rect.right <= width
    for rect, _card in scene.hand.slots:
        assert app.screen.get_rect().contains(rect)
    click(app, pos_of(scene, (1, 1)))
    snap(app, f"board_{width}x{height}")


def test_draft_between_two_humans_uses_the_curtain() -> None:
    app = make_app()
    session = new_session([Seat(), Seat()], draft="1x[2;8]")
    sent = guard(session)
    app.start(DraftScene(app, session))
    app.step([])
    game = session.game
    scene = app.scene
    assert isinstance(scene, DraftScene)
    rect, card = scene.pack.slots[0]
    click(app, rect.center)
    assert DraftPick(0, card) in sent
    app.step([])
    assert type(app.scene).__name__ == "CurtainScene"
    assert session.viewer is None
    snap(app, "draft_curtain")
    click(app, (640, 360))
    assert app.scene is scene and session.viewer == 1
    app.step([])
    assert {c for _r, c in scene.pack.slots} == set(game.packs[game.held[1]])


def test_draft_picks_then_the_board() -> None:
    app = make_app()
    session = new_session([Seat(), Seat(False)], draft="1x[2;8]")
    sent = guard(session)
    app.start(DraftScene(app, session))
    app.step([])
    game = session.game
    shots = 0
    for _ in range(200):
        scene = app.scene
        if not isinstance(scene, DraftScene):
            break
        if game.actor == 0 and scene.pack.slots:
            if shots < 1:
                snap(app, "draft")
                shots += 1
            rect, card = scene.pack.slots[0]
            click(app, rect.center)
            assert DraftPick(0, card) in sent
        else:
            app.step([])
    assert isinstance(app.scene, BoardScene)
    assert len(game.players[0].store) == 4
    assert sum(isinstance(a, DraftPick) and a.player == 0 for a in sent) == 4


def test_hot_seat_hides_the_next_players_hand_behind_the_curtain() -> None:
    app, session, sent = start_board([Seat(), Seat()], STORES)
    game = session.game
    assert session.viewer == 0
    key(app, pygame.K_SPACE)  # player 1 passes the upkeep: player 2 may respond
    run_until(app, lambda: game.actor == 0 or app.scene.__class__.__name__ != "BoardScene")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: game.active == 1, limit=50)
    run_until(app, lambda: not isinstance(app.scene, BoardScene), limit=50)
    assert app.scene.__class__.__name__ == "CurtainScene"
    board = app.scenes[-2]
    assert isinstance(board, BoardScene)
    # behind the curtain the board would show nobody's hand
    assert session.viewer is None
    board.draw(app.screen)
    assert not board.hand.slots
    snap(app, "curtain")
    click(app, (640, 360))
    assert app.scene is board
    assert session.viewer == 1
    app.step([])
    assert {c for _r, c in board.hand.slots} == set(game.players[1].hand)
    assert not set(game.players[0].hand) & {c for _r, c in board.hand.slots}


def test_random_clicking_only_sends_legal_actions() -> None:
    app, session, sent = start_board([Seat(), Seat(False)], STORES, seed=11)
    rng = random.Random(3)
    game = session.game
    keys = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_b]
    for _ in range(600):
        if session.over or not isinstance(app.scene, BoardScene):
            break
        if board_scene(app).dialog is not None:
            key(app, pygame.K_ESCAPE)  # "Stay": the monkey keeps playing
        elif rng.random() < 0.1:
            key(app, rng.choice(keys))
        else:
            scene = board_scene(app)
            targets = [r.center for r, _c in scene.hand.slots]
            targets += [pos_of(scene, t) for t in list(scene.view.highlights)[:3]]
            if scene.overlay is not None:
                targets += [r.center for r, _c in scene.grid.slots]
            if scene.picker is not None:
                targets += [r.center for r in scene.picker.rows()]
            if rng.random() < 0.4 or not targets:
                pos = (rng.randrange(1280), rng.randrange(720))
            else:
                pos = rng.choice(targets)
            click(app, pos)
        app.step([])
    assert sent, "random clicking sent nothing at all"
    assert game.turn >= 2
    kinds = {a.kind for a in sent}
    assert "pass" in kinds



# ------------------------------------------------------------------ every legal action
# can be reached through the controls (tiles, pickers, hand, buttons, panels)


def reachable_actions(session: Session) -> set[Action]:
    """Every action some sequence of clicks on the game screen sends, worked out from
    the same ``Controls`` the screen uses."""
    from game.client.actions_ui import Build, Choice, Controls
    from game.rules.core.actions import Discard

    game = session.game
    legal = session.legal()
    controls = Controls(game)
    controls.refresh(legal)
    found: set[Action] = set()

    def explore(build: Build) -> None:
        for _label, action in build.extras:
            found.add(action)
        done = build.complete()
        if done is not None and len(build.candidates) == 1 and not build.options():
            found.add(done)
        for value in build.options():
            step = Build(build.title, build.kind, list(build.candidates), build.prompts,
                         (*build.chosen, value), build.card, list(build.extras))
            finished = step.complete()
            if finished is not None:
                found.add(finished)
            else:
                explore(step)

    def take(choice: Choice | None) -> None:
        if choice is None:
            return
        if choice.action is not None:
            found.add(choice.action)
        if choice.build is not None:
            explore(choice.build)

    if controls.build is not None:  # a triggered action to declare
        explore(controls.build)
        return found
    for choices in controls.tile_choices().values():
        for choice in choices:
            take(choice)
    for choice in controls.unit_buttons():
        take(choice)
    player = game.actor
    assert player is not None
    hand = list(game.players[player].hand)
    for card in hand:
        for choice in controls.hand_choices(card):
            take(choice)
    # the buttons and panels
    for action in legal:
        if isinstance(action, (Pass, EndTurn, PayUpkeep)):
            found.add(action)  # Pass / End turn buttons, the upkeep panel's Pay upkeep
        elif isinstance(action, Buy):
            found.add(action)  # every Buy card glows in the store panel
        elif isinstance(action, Disband) and action.unit in controls.upkeep_units():
            found.add(action)
        elif isinstance(action, Discard):
            assert controls.hand_click(action.card) is not None
    for i, first in enumerate(hand):
        for second in hand[i + 1:]:
            controls.pair = [first, second]
            pair = controls.pair_action()
            if pair is not None:
                found.add(pair)
    controls.pair = None
    return found


@pytest.mark.parametrize("seed", [7, 8])
@pytest.mark.parametrize("map_name", ["2P-stick-meadow", "2P-castle-siege", "2P-ring-street",
                                      "2P-river-king", "4P-islands"])
def test_every_legal_action_is_reachable_and_nothing_else(map_name: str, seed: int) -> None:
    from game.rules.core.actions import Discard

    spec = find_map(map_name, library=CONTENT.library)
    sets = tuple(sorted({c.set for c in CONTENT.library if c.buy is not None}))
    setup = GameSetup(spec, CONTENT.library, spec.players, seed, sets, "1x[2;8]")
    seats = [Seat(False, "eager" if i % 2 else "random") for i in range(spec.players)]
    session = Session.new(setup, seats, autosave=False)
    kinds: set[str] = set()
    for _ in range(3000):
        if session.over:
            break
        if session.game.phase is not Phase.DRAFT:
            legal = set(session.legal())
            found = reachable_actions(session)
            missing = legal - found
            for action in legal:
                if isinstance(action, Discard):
                    missing.discard(action)
            assert not missing, f"not reachable from the screen: {sorted(map(str, missing))}"
            assert found <= legal, f"offered but illegal: {sorted(map(str, found - legal))}"
            kinds |= {a.kind for a in legal}
        session.step_computer()
    assert {"activate", "move", "play", "pass"} <= kinds
