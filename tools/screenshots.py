#!/usr/bin/env python3
"""Open the real game window and save pictures of it: the main menu and a board in the
middle of a game. Run it under Xvfb on a machine without a screen:

    xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python tools/screenshots.py OUT_DIR

Writes OUT_DIR/menu.png and OUT_DIR/board.png (1280x720) and prints their paths.
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
    parser.add_argument("--turns", type=int, default=8, help="turns played before the picture")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    import pygame

    from game.client.app import App
    from game.client.scenes.board import BoardScene
    from game.client.scenes.menu import MenuScene
    from game.client.session import Seat, Session
    from game.client.settings import Settings
    from game.content.mods import load_content
    from game.maps import find_map
    from game.rules import GameSetup

    settings = Settings(auto_pass=True)
    app = App(settings, size=(1280, 720))
    content = load_content(include_user=False)
    app.start(MenuScene(app, content))
    for _ in range(3):
        app.step([])
    menu = args.out / "menu.png"
    pygame.image.save(app.screen, str(menu))

    spec = find_map(args.map, library=content.library)
    setup = GameSetup(spec, content.library, spec.players, 5, sets=spec.sets or ("base",),
                      draft=spec.draft or "1x[2;8]")
    seats = [Seat(True)] + [Seat(False, "easy") for _ in range(spec.players - 1)]
    session = Session.new(setup, seats, autosave=False)
    from game.ai import make_player

    stand_in = make_player("easy", 11)
    while session.actor is not None and session.game.turn < args.turns:
        actor = session.actor
        if actor in session.computers:
            session.step_computer()
        else:
            session.apply(stand_in.choose(session.game, actor))
    session.viewer = 0
    app.apply(_push(BoardScene(app, session)))
    for _ in range(3):
        app.step([])
    board = args.out / "board.png"
    pygame.image.save(app.screen, str(board))
    print(menu)
    print(board)
    pygame.quit()
    return 0


def _push(scene):  # type: ignore[no-untyped-def]
    from game.client.app import push

    return push(scene)


if __name__ == "__main__":
    sys.exit(main())
