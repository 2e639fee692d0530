"""Client figures for ``python -m game bench --client``: the time to draw a frame of a
four-player map with 40 units at 1280x720, how many frames an idle window draws, and how
long the window takes to open and show the menu."""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bench_client(frames: int = 200, map_name: str = "4P-islands") -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    from game.client.app import App
    from game.client.scenes.board import BoardScene
    from game.client.scenes.menu import MenuScene
    from game.client.session import Seat, Session
    from game.client.settings import Settings
    from game.content.mods import load_content
    from game.maps import find_map
    from game.rules import GameSetup

    app = App(Settings(), size=(1280, 720))
    content = load_content(include_user=False)
    app.start(MenuScene(app, content))
    app.step([])
    open_seconds = time.perf_counter() - started

    spec = find_map(map_name, library=content.library)
    setup = GameSetup(spec, content.library, spec.players, 3, sets=("base",), stores=((),) * 4)
    session = Session.new(setup, [Seat(True)] + [Seat(False, "easy")] * (spec.players - 1),
                          autosave=False)
    game = session.game
    game.enter()
    names = ["Soldier", "Archer", "Scout", "Recruit", "Ghost"]
    free = [t for t in spec.all_tiles()
            if game.available(content.library["Soldier"], t)]
    placed = 0
    for index, tile in enumerate(free[::max(1, len(free) // 40)]):
        if placed == 40:
            break
        game.add_permanent(names[index % len(names)], tile, index % spec.players)
        placed += 1
    scene = BoardScene(app, session)
    view = scene.view
    app.apply(_push(scene))
    app.step([])
    rect = pygame.Rect(0, 40, 1000, 560)
    surface = app.screen
    view.draw(surface, rect)
    board_times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        view.draw(surface, rect)
        board_times.append(time.perf_counter() - t0)
    frame_times = []
    for _ in range(frames // 2):
        scene.dirty = True
        t0 = time.perf_counter()
        scene.draw(surface)
        frame_times.append(time.perf_counter() - t0)
    scene.dirty = False
    # an idle window: no events, nothing changes -> nothing is drawn
    before = app.frames_drawn
    cpu0 = time.process_time()
    for _ in range(50):
        app.step([])
    idle_frames = app.frames_drawn - before
    idle_cpu_ms = (time.process_time() - cpu0) * 1000 / 50
    pygame.quit()
    return {
        "map": map_name, "units": placed,
        "board_draw_ms_median": statistics.median(board_times) * 1000,
        "board_draw_ms_p95": sorted(board_times)[int(len(board_times) * 0.95)] * 1000,
        "full_frame_ms_median": statistics.median(frame_times) * 1000,
        "idle_frames_in_50_steps": idle_frames,
        "idle_cpu_ms_per_step": idle_cpu_ms,
        "window_open_s": open_seconds,
    }


def _push(scene: Any) -> Any:
    from game.client.app import push

    return push(scene)


def print_client(result: dict[str, Any]) -> None:
    print(f"client: {result['map']} with {result['units']} units at 1280x720")
    print(f"  board frame (map, units, highlights): median "
          f"{result['board_draw_ms_median']:.2f} ms, p95 {result['board_draw_ms_p95']:.2f} ms")
    print(f"  whole game screen frame: median {result['full_frame_ms_median']:.2f} ms")
    print(f"  idle window: {result['idle_frames_in_50_steps']} frames drawn in 50 loop steps, "
          f"{result['idle_cpu_ms_per_step']:.3f} ms CPU per step")
    print(f"  window open to first menu frame: {result['window_open_s']:.2f} s")
