"""The ``play`` command: open the window on the main menu.

``run(args)`` loads the settings and the content (built-in cards and maps, the user's mods,
``--mod`` folders), puts every content problem into ``App.messages`` for the menu to show,
and starts the menu. With ``--map``, ``--players`` or ``--seed`` it goes straight into a
game: that map (default: the first shipped two-player map), you in seat 1 and the easy
computer in the others, the map's suggested sets and draft (on a duel map, the starter
decks the seed draws).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.client.app import App, Transition, fitted_size, push  # noqa: E402
from game.client.session import Seat  # noqa: E402
from game.client.settings import Settings  # noqa: E402
from game.content.decks import with_decks  # noqa: E402
from game.content.mods import USER_MODS_DIR, Content, load_content  # noqa: E402
from game.maps import MapError, load_map  # noqa: E402
from game.rules import GameSetup  # noqa: E402
from game.rules.mapmodel import MapSpec  # noqa: E402

from .scenes import game_scene  # noqa: E402
from .scenes.menu import MenuScene  # noqa: E402
from .scenes.new_game import (  # noqa: E402
    DEFAULT_DRAFT,
    SEED_LIMIT,
    draft_problem,
    draftable_sets,
    map_entries,
    quick_setup,
    start_game,
    suggested_sets,
)


def load_game_content(args: argparse.Namespace) -> Content:
    no_user = bool(getattr(args, "no_user_mods", False))
    return load_content(getattr(args, "mod", None) or (),
                        user_dir=None if no_user else USER_MODS_DIR, include_user=not no_user)


def _find_map(name: str, content: Content) -> MapSpec | str:
    """The map called ``name`` (or at that path), or what is wrong with it."""
    path = content.maps.get(name)
    if path is None and Path(name).is_file():
        path = Path(name)
    if path is None:
        known = ", ".join(sorted(content.maps)) or "none"
        return f"--map: expected one of the maps ({known}) or a map file, found {name!r}"
    try:
        return load_map(path, content.library)
    except MapError as exc:
        return f"--map: {exc}"
    except (OSError, ValueError, KeyError) as exc:
        return f"--map {path}: {exc}"


def direct_setup(args: argparse.Namespace, content: Content
                 ) -> tuple[GameSetup, list[Seat]] | str:
    """The game the command-line options ask for, or why there is none."""
    seed = args.seed if getattr(args, "seed", None) is not None \
        else random.randrange(1, SEED_LIMIT)
    wanted = getattr(args, "players", None)
    if not getattr(args, "map", None):
        quick = quick_setup(content, seed) if wanted in (None, 2) else None
        if quick is not None:
            spec = quick[0].map
        else:
            fitting = [e.spec for e in map_entries(content)
                       if e.spec is not None and e.spec.players >= (wanted or 2)]
            if not fitting:
                return f"--players: no map is made for {wanted or 2} players"
            fitting.sort(key=lambda m: m.players != wanted)
            spec = fitting[0]
    else:
        found = _find_map(args.map, content)
        if isinstance(found, str):
            return found
        spec = found
    fleet = spec.ruleset == "fleet"  # up to six players, and no cards to draft
    players = wanted or (max(2, spec.players) if fleet else min(4, max(2, spec.players)))
    if spec.players and players > spec.players:
        return (f"--players: expected at most {spec.players} for {spec.name}, "
                f"found {players}")
    sets = suggested_sets(spec, list(draftable_sets(content)))
    draft = spec.draft if spec.draft and not draft_problem(spec.draft, players) \
        else DEFAULT_DRAFT
    problem = "" if fleet else draft_problem(draft, players)
    if problem:
        return f"--players: {problem}"
    try:
        setup = with_decks(GameSetup(map=spec, library=content.library, players=players,
                                     seed=seed, sets=sets, draft=draft))
    except ValueError as exc:  # a duel map, and no starter deck to draw
        return f"--map {spec.name}: {exc}"
    return setup, [Seat(True)] + [Seat(False, "easy") for _ in range(players - 1)]


def build_app(args: argparse.Namespace, settings: Settings | None = None,
              fit: bool = False) -> App:
    """The window with the menu on it (and the game the options ask for on top);
    ``fit``: no larger than the screen (``fitted_size``)."""
    size = None
    if fit:
        settings = settings or Settings.load()
        if not settings.fullscreen:
            pygame.display.init()
            size = fitted_size(settings.window_size, pygame.display.get_desktop_sizes())
    app = App(settings, size=size)
    content = load_game_content(args)
    app.messages.extend(str(problem) for problem in content.problems)
    menu = MenuScene(app, content)
    app.start(menu)
    wanted = any(getattr(args, name, None) is not None for name in ("map", "players", "seed"))
    if wanted:
        transition: Transition | None = None
        chosen = direct_setup(args, content)
        if isinstance(chosen, str):
            app.messages.insert(0, chosen)
        else:
            try:
                session = start_game(app, *chosen)
            except ValueError as exc:
                app.messages.insert(0, f"the game could not start: {exc}")
            else:
                transition = push(game_scene(app, session))
        app.apply(transition)
    return app


def run(args: argparse.Namespace) -> int:
    """Open the window and play until it is closed."""
    try:
        app = build_app(args, fit=True)
    except pygame.error as exc:
        print(f"The game window could not open: {exc}", file=sys.stderr)
        pygame.quit()
        return 1
    while app.running and app.step():
        pass
    pygame.quit()
    return 0
