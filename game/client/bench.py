"""Client figures for ``python -m game bench --client``: the time to draw a frame of a
four-player map with 40 units at 1280x720, the same for that map on hexes (the same cells
drawn as hexagons), a skirmish's hex board under its fog (what one side sees), how many
frames an idle window draws, and how long the window takes to open and show the menu."""

from __future__ import annotations

import os
import statistics
import time
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def bench_client(frames: int = 200, map_name: str = "4P-islands",
                 fog_map: str = "2P-skirmish-highlands") -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    started = time.perf_counter()
    import pygame

    from game.client.app import App
    from game.client.scenes.menu import MenuScene
    from game.client.settings import Settings
    from game.content.mods import load_content
    from game.maps import find_map

    app = App(Settings(), size=(1280, 720))
    content = load_content(include_user=False)
    app.start(MenuScene(app, content))
    app.step([])
    open_seconds = time.perf_counter() - started

    spec = find_map(map_name, library=content.library)
    result = _measure_board(app, content, spec, frames)
    # the same map on pointy-topped hexes: the same cells, drawn as hexagons
    hexes = _measure_board(app, content, on_hexes(spec), frames)
    fog = _measure_fog(app, content, find_map(fog_map, library=content.library), frames)
    # an idle window: no events, nothing changes -> nothing is drawn
    before = app.frames_drawn
    cpu0 = time.process_time()
    for _ in range(50):
        app.step([])
    idle_frames = app.frames_drawn - before
    idle_cpu_ms = (time.process_time() - cpu0) * 1000 / 50
    waits = {kind: computer_turn_wait(app, content, kind=kind) for kind in ("easy", "hard")}
    pygame.quit()
    return {
        "map": map_name, **result,
        "computer_turn_wait": waits,
        "hex": {"map": f"{map_name} on hexes", **hexes},
        "fog": {"map": fog_map, **fog},
        "idle_frames_in_50_steps": idle_frames,
        "idle_cpu_ms_per_step": idle_cpu_ms,
        "window_open_s": open_seconds,
    }


def computer_turn_wait(app: Any, content: Any, map_name: str = "2P-ring-street",
                       kind: str = "easy", turns: int = 8, seed: int = 3,
                       pace: float | None = None, real: bool = True) -> dict[str, Any]:
    """How long a person waits for a computer's turn in the game screen at the default
    pace (``game.client.pacing``): a person (who ends each turn at once and passes
    whenever asked) against a computer of ``kind``, ``turns`` computer turns, each from
    the end of the person's turn to the start of their next one. The screen's frames are
    run one after another on a clock of their own (each frame 1/60 s, or the time its
    update really took, thinking included; without ``real``, always 1/60 s, so that the
    figure is the same on every machine), so the figure is the waiting without the
    sleeping."""
    from game.client.app import push
    from game.client.pacing import DEFAULT_PACE
    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.client.settings import Settings
    from game.maps import find_map
    from game.rules import GameSetup, Phase

    spec = find_map(map_name, library=content.library)
    if spec.ruleset == "duel":  # the decks the seed deals
        from game.content.decks import with_decks

        setup = with_decks(GameSetup(spec, content.library, 2, seed))
    else:
        store = ("Archer", "Paladin", "Soldier", "Fireball", "Scout", "Wolf")
        setup = GameSetup(spec, content.library, 2, seed, sets=("base",),
                          stores=(store, store))
    session = Session.new(setup, [Seat(True), Seat(False, kind)], autosave=False)
    game = session.game
    used = DEFAULT_PACE if pace is None else pace
    kept = app.settings
    app.settings = Settings(auto_pass=True, ask_idle_units=False, ask_skipped_buy=False,
                            computer_pace=used)
    scene = BoardScene(app, session)
    app.apply(push(scene))
    waits: list[float] = []
    clock, started, dt = 0.0, None, 1 / 60
    try:
        for _ in range(200_000):
            if len(waits) >= turns or session.over:
                break
            if game.actor == 0 and game.active == 0:
                if started is not None:
                    waits.append(clock - started)
                    started = None
                if game.phase is Phase.MULLIGAN:
                    scene.confirm_mulligan()
                elif game.phase is Phase.UPKEEP and not any(
                        a.kind == "pass" for a in session.legal()):
                    scene.pay_upkeep()
                elif not scene.ending:
                    scene.end_turn()
            elif game.actor == 0:
                scene.pass_priority()  # asked to answer: the person passes at once
            elif game.active != 0 and started is None:
                started = clock
            t0 = time.perf_counter()
            scene.update(dt)
            dt = max(1 / 60, time.perf_counter() - t0) if real else 1 / 60
            clock += dt
    finally:
        app.scenes.pop()
        app.settings = kept
    return {"map": map_name, "computer": kind, "pace_s": used, "turns": len(waits),
            "wait_s_mean": statistics.mean(waits) if waits else 0.0,
            "wait_s_max": max(waits, default=0.0)}


def on_hexes(spec: Any) -> Any:
    """A square map on pointy-topped hexes (regular, 64 x 74 px cells): every cell of the
    Tiled grid keeps its tile type, and what the map puts on a cell stays on it."""
    import dataclasses
    from types import MappingProxyType

    from game.rules.geometry import make_geometry

    params = {"stagger_axis": "y", "stagger_index": "odd", "tile_width": 64,
              "tile_height": 74, "hex_side_length": 37}
    geometry = make_geometry("hex", spec.width, spec.height, params)

    def moved(tile: tuple[int, int]) -> tuple[int, int]:
        return geometry.grid_to_tile(*tile)

    return dataclasses.replace(
        spec, geometry="hex", geometry_params=MappingProxyType(params),
        owners=MappingProxyType({moved(t): p for t, p in spec.owners.items()}),
        placements=tuple(dataclasses.replace(p, tile=moved(p.tile)) for p in spec.placements),
        bosses=tuple(dataclasses.replace(p, tile=moved(p.tile)) for p in spec.bosses),
        regions=tuple(dataclasses.replace(r, tiles=frozenset(moved(t) for t in r.tiles))
                      for r in spec.regions))


def _measure_board(app: Any, content: Any, spec: Any, frames: int) -> dict[str, Any]:
    """The frame times of a game on ``spec`` with 40 units: the board view over the whole
    window (fitted and zoomed in), at a new zoom, in the game screen, and the whole screen."""
    import pygame

    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.rules import GameSetup

    players = spec.players
    setup = GameSetup(spec, content.library, players, 3, sets=("base",),
                      stores=((),) * players)
    session = Session.new(setup, [Seat(True)] + [Seat(False, "easy")] * (players - 1),
                          autosave=False)
    game = session.game
    game.enter()
    units = _forty_units(game, content.library)
    scene = BoardScene(app, session)
    view = scene.view
    app.apply(_push(scene))
    app.step([])
    surface = app.screen
    # the board view alone, over the whole window: the figure
    window = pygame.Rect(0, 0, 1280, 720)
    _decorate(game, view, units)
    view.draw(surface, window)
    t0 = time.perf_counter()  # a new zoom: the map picture and the piece sprites again
    view.zoom(1.5, window.center)
    view.draw(surface, window)
    new_zoom_ms = (time.perf_counter() - t0) * 1000
    view.fit()
    view.draw(surface, window)
    renders = view.map_renders
    window_times = _time_draws(view, surface, window, frames)
    rebuilt = view.map_renders - renders
    window_cell = view.cell
    view.zoom(2.0, window.center)
    view.draw(surface, window)
    zoomed_times = _time_draws(view, surface, window, frames)
    view.fit()
    # the board's own rect inside the game screen
    rect = scene.board_rect
    view.draw(surface, rect)
    board_times = _time_draws(view, surface, rect, frames)
    frame_times = []
    for _ in range(frames // 2):
        scene.dirty = True
        t0 = time.perf_counter()
        scene.draw(surface)
        frame_times.append(time.perf_counter() - t0)
    scene.dirty = False
    from game.client.app import pop

    app.apply(pop())
    app.step([])
    return {
        "geometry": spec.geometry, "units": len(units),
        "window_draw_ms_median": _median(window_times),
        "window_draw_ms_p95": _p95(window_times),
        "window_cell": window_cell,
        "zoomed_draw_ms_median": _median(zoomed_times),
        "zoomed_draw_ms_p95": _p95(zoomed_times),
        "map_rebuilds_while_drawing": rebuilt,
        "new_zoom_frame_ms": new_zoom_ms,
        "board_rect": list(rect),
        "board_draw_ms_median": _median(board_times),
        "board_draw_ms_p95": _p95(board_times),
        "full_frame_ms_median": statistics.median(frame_times) * 1000,
    }


def _measure_fog(app: Any, content: Any, spec: Any, frames: int) -> dict[str, Any]:
    """A skirmish's hex board seen by the first seat: its fog darkens what that side does
    not see and its hidden units are left out. The board view over the whole window, the
    first frame after a move changed what the side sees (the fog drawn again), and the
    whole game screen."""
    import pygame

    from game.client.scenes.board import BoardScene
    from game.client.session import Seat, Session
    from game.rules import GameSetup
    from game.rules.core.actions import Activate, Move

    setup = GameSetup(spec, content.library, spec.players, 3)
    session = Session.new(setup, [Seat(True)] + [Seat(False, "easy")] * (spec.players - 1),
                          autosave=False)
    game = session.game
    game.enter()
    while session.actor != 0:
        session.step_computer()
    scene = BoardScene(app, session)
    view = scene.view
    app.apply(_push(scene))
    app.step([])
    surface = app.screen
    window = pygame.Rect(0, 0, 1280, 720)
    view.draw(surface, window)
    window_times = _time_draws(view, surface, window, frames)
    unit = next(a for a in session.legal() if isinstance(a, Activate))
    session.apply(unit)
    move = max((a for a in session.legal() if isinstance(a, Move)),
               key=lambda a: (game.route(a.unit, a.tile) or (0, ()))[0])
    renders = view.fog_renders
    session.apply(move)
    t0 = time.perf_counter()
    view.draw(surface, window)
    moved_ms = (time.perf_counter() - t0) * 1000
    scene.refresh()
    frame_times = []
    for _ in range(frames // 2):
        scene.dirty = True
        t0 = time.perf_counter()
        scene.draw(surface)
        frame_times.append(time.perf_counter() - t0)
    from game.client.app import pop

    app.apply(pop())
    app.step([])
    hidden = len(game.permanents()) - len(game.visible_permanents(0))
    return {
        "geometry": spec.geometry, "units": len(game.units()), "hidden_units": hidden,
        "window_draw_ms_median": _median(window_times),
        "window_draw_ms_p95": _p95(window_times),
        "fog_redrawn_after_move": view.fog_renders - renders,
        "after_move_frame_ms": moved_ms,
        "full_frame_ms_median": statistics.median(frame_times) * 1000,
    }


def _forty_units(game: Any, library: Any) -> list[int]:
    """40 units (and a few other pieces) spread over the map, every controller taking
    turns, the swimmers on the water."""
    walkers = ["Soldier", "Archer", "Scout", "Recruit", "Ghost", "Paladin", "War Drummer"]
    swimmers = ["Ship", "Mermaid"]
    land = [t for t in game.map.all_tiles() if game.available(library["Soldier"], t)]
    water = [t for t in game.map.all_tiles() if game.available(library["Ship"], t)
             and t not in land]
    units: list[int] = []
    players = len(game.players)
    for index, tile in enumerate(land[::max(1, len(land) // 34)][:34]):
        units.append(game.add_permanent(walkers[index % len(walkers)], tile, index % players))
    for index, tile in enumerate(water[::max(1, len(water) // 6)][:6]):
        units.append(game.add_permanent(swimmers[index % 2], tile, index % players))
    free = [t for t in land if t not in game.board]
    for index, name in enumerate(["Building", "Barricade", "Sword", "Healing Potion"]):
        game.add_permanent(name, free[index * 5], index % players)
    return units


def _decorate(game: Any, view: Any, units: list[int]) -> None:
    """Damage, tapped units, marks, a crew and a selection with its highlights: every
    kind of thing a piece shows, so the frame is a real one."""
    for index, unit in enumerate(units):
        if index % 3 == 0:
            game.edit(unit, damage=min(game.health(unit), 1))
        if index % 4 == 1:
            game.edit(unit, tapped=True)
        if index % 5 == 2:
            game.add_marks(unit, ("poison", "paralysis", "ward", "rage", "panic")[index % 5], 2)
    selected = units[0]
    view.selected = selected
    view.highlights = {tile: "move" for tile in game.geometry.within(game.tile_of(selected), 2)}
    for unit in units[1:4]:
        view.highlights[game.tile_of(unit)] = "attack"


def _time_draws(view: Any, surface: Any, rect: Any, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        view.draw(surface, rect)
        times.append(time.perf_counter() - t0)
    return times


def _median(times: list[float]) -> float:
    return statistics.median(times) * 1000


def _p95(times: list[float]) -> float:
    return sorted(times)[min(len(times) - 1, int(len(times) * 0.95))] * 1000


def _push(scene: Any) -> Any:
    from game.client.app import push

    return push(scene)


def print_client(result: dict[str, Any]) -> None:
    print(f"client: {result['map']} with {result['units']} units at 1280x720")
    _print_board(result)
    hexes = result.get("hex")
    if hexes:
        print(f"  {hexes['map']} ({hexes['geometry']}), {hexes['units']} units:")
        _print_board(hexes)
        print(f"  hex / square, board view over the whole window: "
              f"{hexes['window_draw_ms_median']:.2f} / {result['window_draw_ms_median']:.2f} "
              f"ms; zoomed in: {hexes['zoomed_draw_ms_median']:.2f} / "
              f"{result['zoomed_draw_ms_median']:.2f} ms; new zoom: "
              f"{hexes['new_zoom_frame_ms']:.1f} / {result['new_zoom_frame_ms']:.1f} ms")
    fog = result.get("fog")
    if fog:
        print(f"  {fog['map']} ({fog['geometry']}, {fog['units']} units, "
              f"{fog['hidden_units']} hidden from the viewer) under its fog: board view over "
              f"the whole window median {fog['window_draw_ms_median']:.2f} ms, p95 "
              f"{fog['window_draw_ms_p95']:.2f} ms; first frame after a move (fog drawn "
              f"again: {fog['fog_redrawn_after_move']}): {fog['after_move_frame_ms']:.1f} ms; "
              f"whole game screen frame: median {fog['full_frame_ms_median']:.2f} ms")
    print(f"  idle window: {result['idle_frames_in_50_steps']} frames drawn in 50 loop steps, "
          f"{result['idle_cpu_ms_per_step']:.3f} ms CPU per step")
    print(f"  window open to first menu frame: {result['window_open_s']:.2f} s")
    for wait in result.get("computer_turn_wait", {}).values():
        print(f"  a {wait['computer']} computer's turn on {wait['map']} at the default pace "
              f"({wait['pace_s']:g} s): {wait['wait_s_mean']:.1f} s of waiting on average, "
              f"{wait['wait_s_max']:.1f} s at most ({wait['turns']} turns)")


def _print_board(result: dict[str, Any]) -> None:
    print(f"  board view over the whole window ({result['window_cell']} px tiles): median "
          f"{result['window_draw_ms_median']:.2f} ms, p95 {result['window_draw_ms_p95']:.2f} ms"
          f" (map pictures rebuilt while drawing: {result['map_rebuilds_while_drawing']})")
    print(f"  same, zoomed in (the map scrolls): median {result['zoomed_draw_ms_median']:.2f} ms"
          f", p95 {result['zoomed_draw_ms_p95']:.2f} ms")
    print(f"  first frame at a new zoom (map picture and piece sprites drawn again): "
          f"{result['new_zoom_frame_ms']:.1f} ms")
    width, height = result["board_rect"][2:]
    print(f"  board in the game screen ({width}x{height}): median "
          f"{result['board_draw_ms_median']:.2f} ms, p95 {result['board_draw_ms_p95']:.2f} ms")
    print(f"  whole game screen frame: median {result['full_frame_ms_median']:.2f} ms")
