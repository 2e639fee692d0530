"""The fleet on the board and in the controls: stacks per system and owner, the active
system, command tokens, capacity, a chosen ship's paths, the buttons of the bottom panel,
and a player bar that holds six players."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402
from window_driver import watch_text  # noqa: E402

from game.client import ui  # noqa: E402
from game.client.actions_ui import Controls  # noqa: E402
from game.client.board_view import BoardView  # noqa: E402
from game.client.fleet_draw import short_names, system_sprite  # noqa: E402
from game.client.fleet_panel import FleetPanel  # noqa: E402
from game.client.fleet_ui import buttons  # noqa: E402
from game.client.panels import PlayerBar  # noqa: E402
from game.client.session import Seat  # noqa: E402
from game.rules.rulesets.fleet.actions import ActivateSystem, DeclareMove  # noqa: E402
from game.rules.rulesets.fleet.view import system, systems  # noqa: E402
from tests.rules.fleet.kit import (  # noqa: E402
    activate,
    declare,
    put,
    strip,
    tactic_game,
    token,
)


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.init()
    ui.forget_fonts()


def test_short_names_tell_the_fleets_units_apart() -> None:
    names = ["Carrier", "Cruiser", "Courier", "Destroyer", "Dreadnought", "Fighter",
             "Interceptor", "Infantry", "Walker", "Ion Battery", "Lance Battery"]
    found = short_names(names)
    assert len(set(found.values())) == len(names)
    assert found["Carrier"] == "Ca" and found["Cruiser"] == "Cr" and found["Fighter"] == "F"
    assert found["Ion Battery"] == "IB"


def test_systems_list_stacks_by_owner_and_kind_tokens_and_capacity() -> None:
    board = strip({"C": "planet"})
    game = tactic_game(board)
    put(game, board, "Carrier", "C")
    put(game, board, "Fighter", "C", count=3)
    put(game, board, "Infantry", "C", count=2, on_planet=True)
    put(game, board, "Destroyer", "C", player=1)
    token(game, board, "C", player=1)
    view = system(game, board.tile("C"))
    stacks = {(s.player, s.card, s.landed): s.count for s in view.stacks}
    assert stacks == {(0, "Carrier", False): 1, (0, "Fighter", False): 3,
                      (0, "Infantry", True): 2, (1, "Destroyer", False): 1}
    assert view.tokens == (1,)
    assert (0, 3, 4) in view.capacity
    assert view.planet and not view.active


def test_the_active_system_is_marked_and_framed_in_gold() -> None:
    board = strip()
    game = tactic_game(board)
    put(game, board, "Cruiser", "A")
    activate(game, board, "C")
    view = systems(game)[board.tile("C")]
    assert view.active and view.tokens == (0,)
    sprite = system_sprite(view, (64, 74), [(32, 0), (64, 18), (64, 55), (32, 74), (0, 55),
                                            (0, 18)], {}, 96)
    assert sprite.get_at((32, 1))[:3] == (246, 204, 80)


def test_choosing_a_ship_lights_its_paths_and_declaring_draws_the_move() -> None:
    board = strip()
    game = tactic_game(board)
    (cruiser,) = put(game, board, "Cruiser", "A")
    activate(game, board, "C")
    controls = Controls(game)
    controls.refresh(game.legal_actions(0))
    choices = controls.click_tile(board.tile("A"))
    assert [c.select for c in choices] == [cruiser]
    controls.selected = cruiser
    controls.refresh(game.legal_actions(0))
    lit = controls.highlights()
    assert lit[board.tile("B")] == "move" and lit[board.tile("C")] == "move"
    assert controls.fleet_paths() == [(board.tile("A"), board.path("BC"))]
    (move,) = [c.action for c in controls.click_tile(board.tile("C"))]
    assert isinstance(move, DeclareMove) and move.path == board.path("BC")
    declare(game, cruiser)
    view = BoardView(game)
    surface = pygame.Surface((800, 500))
    view.draw(surface, pygame.Rect(0, 0, 800, 500))
    assert view.sprite_renders > 0


def test_the_bottom_panel_offers_what_is_not_on_the_board() -> None:
    board = strip()
    game = tactic_game(board)
    labels = [c.label for c in buttons(game, game.legal_actions(0))]
    assert labels == ["Pass for the round"]
    assert all(isinstance(a, ActivateSystem) for a in game.legal_actions(0)[:-1])
    panel = FleetPanel()
    panel.rect = pygame.Rect(0, 500, 800, 160)
    panel.set_choices(buttons(game, game.legal_actions(0)))
    assert panel.button("Pass") is not None
    surface = pygame.Surface((800, 660))
    panel.hovered = board.tile("G")
    panel.draw(surface, game, "Round 1")


def test_the_player_bar_holds_six_players() -> None:
    from game.content.cards import load_cards
    from game.maps import find_map
    from game.rules import Game, GameSetup

    library, _ = load_cards()
    spec = find_map("6P-fleet-six-suns")
    game = Game(GameSetup(spec, library, 6, 1))
    bar = PlayerBar()
    bar.rect = pygame.Rect(0, 0, 1280, 36)
    surface = pygame.Surface((1280, 36))
    bar.draw(surface, game, [Seat(True)] + [Seat(False, "easy")] * 5)
    assert len(bar.chips) == 6
    assert all(bar.rect.contains(chip) for chip, _ in bar.chips)
    assert len({ui.player_colour(p) for p in range(6)}) == 6
    game.close()


def test_play_with_map_seats_a_fleet_map_fully_and_drafts_nothing() -> None:
    """``python -m game play --map 6P-fleet-six-suns``: six seats by default, no draft in
    the way of five or six players."""
    import argparse

    from game.client import main as client_main
    from game.content.mods import load_content

    content = load_content(include_user=False)
    args = argparse.Namespace(map="6P-fleet-six-suns", players=None, seed=1, mod=[],
                              no_user_mods=True)
    found = client_main.direct_setup(args, content)
    assert not isinstance(found, str), found
    setup, seats = found
    assert setup.players == 6 and len(seats) == 6
    args.players = 5
    found = client_main.direct_setup(args, content)
    assert not isinstance(found, str) and found[0].players == 5


def test_the_bar_and_the_log_count_the_fleets_rounds_not_its_tactical_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The fleet's turns are tactical actions, several a round: the bar says "Round N" (the
    round of the rules' own count, not "Turn 6") and so do the log's turn lines."""
    from game.ai import make_player
    from game.client.session import Session
    from game.content.mods import load_content
    from game.maps import find_map
    from game.rules import GameSetup

    library = load_content(user_dir=None).library
    setup = GameSetup(find_map("3P-fleet-triad", library=library), library, 3, 1)
    session = Session.new(setup, [Seat(False, "easy")] * 3, autosave=False)
    game = session.game
    players = [make_player("easy", seat) for seat in range(3)]
    while game.meters(0)[-1].value < 2 and game.actor is not None:
        session.apply(players[game.actor].choose(game, game.actor))
    second = game.turn
    while game.turn == second and game.actor is not None:  # a turn of round 2 begins
        session.apply(players[game.actor].choose(game, game.actor))
    assert game.turn > 4  # several tactical actions a round
    drawn = watch_text(monkeypatch)
    bar = PlayerBar()
    bar.rect = pygame.Rect(0, 0, 1280, 36)
    bar.draw(pygame.Surface((1280, 36)), game, session.seats)
    assert "Round 2" in drawn
    assert not any(text.startswith("Turn ") for text in drawn)
    turns = [line for line in session.log if line.startswith("— ")]
    assert turns and all(line.startswith("— Round ") for line in turns)
    assert any(line.startswith("— Round 1: ") for line in turns)
    assert any(line.startswith("— Round 2: ") for line in turns)
    game.close()


def test_the_bar_names_who_chooses_in_the_status_phase_not_the_last_active_player(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The status phase (like the strategy phase) is nobody's turn: each player in turn
    takes a new command token. The bar names the player choosing (before: "Player 2's turn
    · Status phase · you to act", the turn of whoever acted last)."""
    from game.ai import make_player
    from game.client.session import Session
    from game.content.mods import load_content
    from game.maps import find_map
    from game.rules import GameSetup, Phase

    library = load_content(user_dir=None).library
    setup = GameSetup(find_map("3P-fleet-triad", library=library), library, 3, 1)
    session = Session.new(setup, [Seat(False, "easy")] * 3, autosave=False)
    game = session.game
    players = [make_player("easy", seat) for seat in range(3)]
    for _ in range(3000):
        actor = game.actor
        if actor is None or (game.phase is Phase.STATUS and actor != game.active):
            break
        session.apply(players[actor].choose(game, actor))
    actor = game.actor
    assert actor is not None and game.phase is Phase.STATUS and actor != game.active, \
        "no status phase where the chooser is not the active player"
    drawn = watch_text(monkeypatch)
    bar = PlayerBar()
    bar.rect = pygame.Rect(0, 0, 1280, 36)
    for viewer, words in ((actor, "You choose"), (game.active, f"Player {actor + 1} chooses")):
        drawn.clear()
        bar.draw(pygame.Surface((1280, 36)), game, session.seats, viewer=viewer)
        assert words in drawn, drawn
        assert not any(text.endswith(("'s turn", " to act")) for text in drawn), drawn
    game.close()


def test_a_wormholes_name_stays_whole_over_the_systems_lit_to_activate() -> None:
    """Each link's name sits on its dark plate over everything on the board: lighting
    every system (as at the start of a tactical action, each framed in gold) leaves the
    name's pixels as they were (before, the frames cut its letters)."""
    from game.content.mods import load_content
    from game.maps import find_map
    from game.rules import Game, GameSetup

    library = load_content(user_dir=None).library
    game = Game(GameSetup(find_map("3P-fleet-triad", library=library), library, 3, 1))
    view = BoardView(game)
    surface = pygame.Surface((980, 480))
    area = pygame.Rect(0, 0, 980, 480)
    view.draw(surface, area)
    plates = [pygame.Rect(view.rect.left + view.origin[0] + x,
                          view.rect.top + view.origin[1] + y, *plate.get_size())
              for plate, (x, y) in view.link_plates]  # where they went
    plates = [r for r in plates if area.contains(r)]
    assert plates, "the map's wormholes have names on the screen"
    from game.client.board_view import LINK_COLOUR

    def letters() -> list[list[tuple[int, int]]]:
        """The pixels of each name drawn in the links' own colour."""
        return [[(x, y) for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                 if tuple(surface.get_at((x, y)))[:3] == tuple(LINK_COLOUR)[:3]]
                for r in plates]

    before = letters()
    assert all(before)
    view.highlights = {tile: "play" for tile in game.geometry.cells()}
    view.draw(surface, area)
    assert letters() == before
    game.close()
