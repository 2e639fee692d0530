#!/usr/bin/env python3
"""Open the real game window and save pictures of it: the main menu, a board in the
middle of a game, the same on a hex map and on a graph map (hexes with links). Run it under
Xvfb on a machine without a screen:

    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/screenshots.py OUT_DIR

Writes OUT_DIR/menu.png, OUT_DIR/board.png, OUT_DIR/board-hex.png,
OUT_DIR/board-graph.png, OUT_DIR/new-game-duel.png (the New game screen on
``--duel-map`` with a deck chosen for each seat), OUT_DIR/board-skirmish.png (a skirmish
on ``--skirmish-map`` from the first seat, fog and all, a unit activated and a move
hovered) and OUT_DIR/board-fleet.png (a fleet game on ``--fleet-map`` in the first
player's movement step, a ship chosen to move, its paths drawn), 1280x720, and prints
their paths. With ``--layouts``, also OUT_DIR/layout-<map>-<width>.png: the boards of the
many-player maps (``--layout-maps``) at 1280x800, 1024x768 and 800x600. The
hex and graph pictures use the shipped maps ``--hex-map`` and ``--graph-map``, or, where
those are missing, ``--map`` drawn on hexes.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--map", default="2P-ring-street")
    parser.add_argument("--hex-map", default="2P-hex-crossing")
    parser.add_argument("--graph-map", default="2P-hex-wormholes")
    parser.add_argument("--duel-map", default="2P-duel-standard")
    parser.add_argument("--skirmish-map", default="2P-skirmish-highlands")
    parser.add_argument("--fleet-map", default="3P-fleet-triad")
    parser.add_argument("--turns", type=int, default=8, help="turns played before the picture")
    parser.add_argument("--layouts", action="store_true",
                        help="also the many-player boards at three window sizes")
    parser.add_argument("--layout-maps", default="4P-islands,3P-ring-street,the-kraken,"
                        "6P-fleet-six-suns", help="the maps of --layouts, comma-separated")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    import pygame

    from game.client.app import App
    from game.client.scenes.menu import MenuScene
    from game.client.settings import Settings
    from game.content.mods import load_content
    from game.maps import find_map

    settings = Settings(auto_pass=True)
    app = App(settings, size=(1280, 720))
    content = load_content(include_user=False)
    app.start(MenuScene(app, content))
    for _ in range(3):
        app.step([])
    menu = args.out / "menu.png"
    pygame.image.save(app.screen, str(menu))

    spec = find_map(args.map, library=content.library)
    pictures = [menu, _board(app, content, spec, args.turns, args.out / "board.png")]
    for name, wanted in (("board-hex.png", args.hex_map), ("board-graph.png", args.graph_map)):
        try:
            other = find_map(wanted, library=content.library)
        except Exception:  # noqa: BLE001 - a missing map: the main map on hexes instead
            from game.client.bench import on_hexes

            other = on_hexes(spec)
        pictures.append(_board(app, content, other, args.turns, args.out / name))
    duel = _new_game_duel(app, content, args.duel_map, args.out / "new-game-duel.png")
    if duel is not None:
        pictures.append(duel)
    try:
        skirmish = find_map(args.skirmish_map, library=content.library)
    except Exception:  # noqa: BLE001 - no skirmish map: no picture of one
        skirmish = None
    if skirmish is not None:
        pictures.append(_skirmish_board(app, content, skirmish, args.turns,
                                        args.out / "board-skirmish.png"))
    fleet = _fleet(app, content, args.fleet_map, args.out / "board-fleet.png")
    if fleet is not None:
        pictures.append(fleet)
    pygame.quit()
    if args.layouts:
        pictures += _layouts(content, args.layout_maps.split(","), args.turns, args.out)
    for picture in pictures:
        print(picture)
    return 0


LAYOUT_SIZES = ((1280, 800), (1024, 768), (800, 600))


def _layouts(content, maps, turns, out):  # type: ignore[no-untyped-def]
    """Each map's board at each of ``LAYOUT_SIZES`` (a fleet map in its movement step)."""
    import pygame

    from game.client.app import App
    from game.client.scenes.menu import MenuScene
    from game.client.settings import Settings
    from game.maps import find_map

    pictures = []
    for size in LAYOUT_SIZES:
        app = App(Settings(auto_pass=True), size=size)
        app.start(MenuScene(app, content))
        app.step([])
        for name in maps:
            spec = find_map(name, library=content.library)
            path = out / f"layout-{name}-{size[0]}.png"
            made = _fleet(app, content, name, path) if spec.ruleset == "fleet" \
                else _board(app, content, spec, turns, path)
            if made is not None:
                pictures.append(made)
        pygame.quit()
    return pictures


def _board(app, content, spec, turns, path):  # type: ignore[no-untyped-def]
    """A game on ``spec`` played ``turns`` turns by computer players, shown from the first
    player's seat and saved to ``path``."""
    import pygame

    from game.ai import make_player
    from game.client.app import pop
    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.rules import GameSetup

    setup = GameSetup(spec, content.library, spec.players, 5, sets=spec.sets or ("base",),
                      draft=spec.draft or "1x[2;8]")
    seats = [Seat(True)] + [Seat(False, "easy") for _ in range(spec.players - 1)]
    session = Session.new(setup, seats, autosave=False)
    stand_in = make_player("easy", 11)
    while session.actor is not None and session.game.turn < turns:
        actor = session.actor
        if actor in session.computers:
            session.step_computer()
        else:
            session.apply(stand_in.choose(session.game, actor))
    session.viewer = 0
    app.apply(_push(BoardScene(app, session)))
    for _ in range(3):
        app.step([])
    pygame.image.save(app.screen, str(path))
    app.apply(pop())
    app.step([])
    return path


def _skirmish_board(app, content, spec, turns, path):  # type: ignore[no-untyped-def]
    """A skirmish on ``spec`` played ``turns`` turns by computer players, shown from the
    first seat with one of its units activated and the mouse on a hex it may move to."""
    import pygame

    from game.ai import make_player
    from game.client.app import pop
    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.rules import GameSetup
    from game.rules.core.actions import Activate, Move

    setup = GameSetup(spec, content.library, spec.players, 5)
    seats = [Seat(True)] + [Seat(False, "easy") for _ in range(spec.players - 1)]
    session = Session.new(setup, seats, autosave=False)
    stand_in = make_player("easy", 11)
    while session.actor is not None and (session.game.turn < turns or session.actor != 0
                                         or session.game.activated):
        actor = session.actor
        if actor in session.computers:
            session.step_computer()
        else:
            session.apply(stand_in.choose(session.game, actor))
    session.viewer = 0
    scene = BoardScene(app, session)
    app.apply(_push(scene))
    app.step([])
    legal = session.legal()
    pick = max((a for a in legal if isinstance(a, Activate)),
               key=lambda a: len(session.game.visible_permanents(0)) and a.permanent,
               default=None)
    if pick is not None:
        scene.send(pick)
    moves = [a for a in session.legal() if isinstance(a, Move)]
    if moves:
        far = max(moves, key=lambda a: (session.game.route(a.unit, a.tile) or (0, ()))[0])
        spot = scene.view.tile_center(far.tile)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0),
                                     buttons=(0, 0, 0))])
    for _ in range(3):
        app.step([])
    pygame.image.save(app.screen, str(path))
    app.apply(pop())
    app.step([])
    return path


def _new_game_duel(app, content, map_name, path):  # type: ignore[no-untyped-def]
    """The New game screen with the duel map chosen and a deck for each seat (None when
    the map or the decks are missing)."""
    import pygame

    from game.client.app import pop
    from game.client.scenes.new_game import NewGameScene

    scene = NewGameScene(app, content)
    names = [entry.name for entry in scene.entries]
    if map_name not in names or len(content.decks) < 2:
        return None
    app.apply(_push(scene))
    scene._choose_map(names.index(map_name))  # noqa: SLF001 - as a click on its row does
    scene.deck_choices[:2] = [content.decks[0], content.decks[-1]]
    scene.dirty = True
    for _ in range(3):
        app.step([])
    pygame.image.save(app.screen, str(path))
    app.apply(pop())
    app.step([])
    return path


def _fleet(app, content, map_name, path):  # type: ignore[no-untyped-def]
    """A fleet game where the first player has moved once and activated a system again:
    its movement step, one of its ships chosen and the paths it may take drawn (None when
    the map is missing)."""
    import pygame

    from game.ai import make_player
    from game.client.app import pop
    from game.client.fleet_ui import ships_to_move
    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.maps import find_map
    from game.rules import GameSetup

    try:
        spec = find_map(map_name, library=content.library)
    except Exception:  # noqa: BLE001 - no fleet map: no picture
        return None
    session = Session.new(GameSetup(spec, content.library, spec.players, 5),
                          [Seat(True)] + [Seat(False, "easy")] * (spec.players - 1),
                          autosave=False)
    stand_in = make_player("easy", 11)
    moves = 0
    for _ in range(2000):
        actor = session.actor
        if actor is None:
            break
        if actor in session.computers:
            session.step_computer()
            continue
        legal = session.legal()
        if any(a.kind == "declare_move" for a in legal):
            moves += 1
            if moves > 1:
                break
        session.apply(stand_in.choose(session.game, actor))
    session.viewer = 0
    scene = BoardScene(app, session)
    app.apply(_push(scene))
    ships = ships_to_move(scene.controls.legal)
    if ships:
        scene.controls.selected = ships[0]
        scene.refresh()
    for _ in range(3):
        app.step([])
    pygame.image.save(app.screen, str(path))
    app.apply(pop())
    app.step([])
    return path


def _push(scene):  # type: ignore[no-untyped-def]
    from game.client.app import push

    return push(scene)


if __name__ == "__main__":
    sys.exit(main())
