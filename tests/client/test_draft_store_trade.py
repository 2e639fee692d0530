"""Issue 14, point 12's last pieces, driven by posted events through ``App.step``: the
draft's card zoom never covers the header and its pick counts (which fit beside the Menu
button), trade mode (2 cards → 1 ◆) marks exactly the cards the trade takes and lights
those that could go with them, and the store shows its cards bigger when there is room.

Set ``SNAPSHOT_DIR`` to save the screens as PNG files there."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import click, key, record_legal, run_until, snap, to_action_phase  # noqa: E402

from game.client.app import App  # noqa: E402
from game.client.scenes.board import BoardScene  # noqa: E402
from game.client.scenes.draft import DraftScene  # noqa: E402
from game.client.session import Seat, Session  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.mods import load_content  # noqa: E402
from game.maps import find_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.core.actions import Buy, DiscardForResource  # noqa: E402

CONTENT = load_content(user_dir=None)
STORES = (("Archer", "Paladin", "Fireball", "Healing Potion", "Recruit", "Thief", "Sword",
           "Coin"),) * 2


#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")



def window(size: tuple[int, int]) -> App:
    return App(Settings(auto_pass=True, computer_pace=0.0, animation_speed=0.0,
                        ask_idle_units=False, ask_skipped_buy=False), size=size)


def board(size: tuple[int, int]) -> tuple[App, BoardScene, Session]:
    app = window(size)
    spec = find_map("2P-stick-meadow", library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 5, ("base",), "1x[2;8]", stores=STORES)
    session = Session.new(setup, [Seat(), Seat(False)], autosave=False)
    scene = BoardScene(app, session)
    app.start(scene)
    app.step([])
    to_action_phase(app, session)
    return app, scene, session


@pytest.mark.parametrize("size", [(1024, 768), (800, 600)])
def test_the_draft_zoom_never_covers_the_header_or_its_pick_counts(
        size: tuple[int, int]) -> None:
    app = window(size)
    spec = find_map("4P-islands", library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 4, 5, ("base",), "1x[2;8]")
    session = Session.new(setup, [Seat()] + [Seat(False)] * 3, autosave=False)
    scene = DraftScene(app, session)
    app.start(scene)
    app.step([])
    run_until(app, lambda: session.game.actor == 0 and bool(scene.pack.slots))
    assert len(scene.counts) == 4
    for count in scene.counts:  # every player's pick count, whole, before Menu
        assert scene.header.contains(count) and count.right < scene.menu.rect.left
    for rect, _ in list(scene.pack.slots):
        click(app, rect.center, press=False)
        assert scene.zoom.drawn.width > 0, "the hovered card is shown large"
        assert not scene.zoom.drawn.colliderect(scene.header)
    snap(app, f"draft-zoom-{size[0]}")
    drafted = scene.drafted
    click(app, scene.pack.slots[0][0].center)  # pick one: it shows in the drafted row
    run_until(app, lambda: bool(drafted.slots) and session.game.actor == 0)
    click(app, drafted.slots[0][0].center, press=False)
    assert scene.zoom.drawn.width > 0 and not scene.zoom.drawn.colliderect(scene.header)


def test_trade_mode_marks_exactly_the_cards_the_trade_takes() -> None:
    app, scene, session = board((1024, 768))
    sent = record_legal(session)
    game = session.game
    hand = list(game.players[0].hand)
    assert len(hand) >= 3
    trades = [a for a in session.legal() if isinstance(a, DiscardForResource)]
    assert trades
    click(app, scene.button_named("pair").rect.center)  # type: ignore[union-attr]
    assert scene.trade_marks == (set(), {c for a in trades for c in (a.first, a.second)})
    first = scene.hand.slots[0][1]
    click(app, scene.hand.slots[0][0].center)
    taken: set[int] = scene.trade_marks[0]
    offered: set[int] = scene.trade_marks[1]
    assert taken == {first}
    assert offered == {a.second if a.first == first else a.first for a in trades
                       if first in (a.first, a.second)}
    second = next(card for _, card in scene.hand.slots if card in offered)
    click(app, next(r for r, c in scene.hand.slots if c == second).center)
    click(app, (5, 5), press=False)
    snap(app, "trade-two-chosen")
    assert scene.trade_marks == ({first, second}, set())
    click(app, scene.hand.slots[-1][0].center)  # a third card: the trade takes two only
    assert scene.trade_marks[0] == {first, second}
    go = next(b for b in scene.prompt_buttons.buttons if b.label == "Discard them")
    count = len(sent)
    click(app, go.rect.center)
    trade = sent[count]
    assert isinstance(trade, DiscardForResource)
    assert {trade.first, trade.second} == {first, second}
    assert scene.trade_marks == (set(), set())


@pytest.mark.parametrize("size", [(1024, 768), (800, 600)])
def test_the_store_shows_bigger_cards_over_the_board_and_the_hand(
        size: tuple[int, int]) -> None:
    app, scene, _ = board(size)
    key(app, pygame.K_b)
    assert scene.overlay == "store"
    snap(app, f"store-{size[0]}")
    grid = scene.grid
    assert grid.rect.colliderect(scene.bottom), "the store opens over the hand's room"
    widths = {rect.width for rect, _ in grid.slots}
    assert min(widths) >= round(0.145 * scene.board_rect.width), widths
    # a click on the store over where the Store button lies is the store's, not the
    # button's (which would close it)
    under = scene.button_named("store").rect.clip(grid.rect)  # type: ignore[union-attr]
    assert under.width and under.height
    click(app, under.center)
    assert scene.overlay == "store"
    assert not any(isinstance(a, Buy) for a in scene.sent)
