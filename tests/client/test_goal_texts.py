"""The goal of a map is written once: the win condition's locale line. The New game
screen (before any game exists) and the board's title line (during a game) fill it from
the same entry, in every shipped language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.content import locale
from game.content.cards import load_cards
from game.content.decks import with_decks
from game.maps import find_map, list_maps
from game.rules import Game, GameSetup
from game.rules.mapmodel import WinSpec
from game.rules.wincons import WIN_CONDITIONS, map_goal_values
from game.simulation import DEFAULT_DRAFT, DEFAULT_SETS

LIBRARY, _ = load_cards()


@pytest.mark.parametrize("name", [p.stem for p in list_maps()])
def test_the_new_game_screen_and_the_board_show_the_same_goal(name: str) -> None:
    from game.client.scenes.board import goal_text
    from game.client.scenes.new_game import win_text

    spec = find_map(name)
    game = Game(with_decks(GameSetup(spec, LIBRARY, spec.players, 1,
                                     sets=spec.sets or DEFAULT_SETS,
                                     draft=spec.draft or DEFAULT_DRAFT)))
    try:
        for lang in locale.SHIPPED:
            during = goal_text(game, lang)
            before = win_text(spec.win, lang)
            assert before and before[0].isupper()
            brief = f"wincon.{spec.win.kind}.brief"
            if locale.has(brief, lang):  # a boss map: its short line names the boss
                values = map_goal_values(WIN_CONDITIONS[spec.win.kind], spec.win)
                assert before.lower().startswith(locale.text(brief, lang, **values).lower())
                assert all(str(v) in before for v in values.values())
            else:
                assert before.lower() == during.lower(), (lang, before, during)
    finally:
        game.close()


@pytest.mark.parametrize("kind", [n for n in WIN_CONDITIONS.names()
                                  if WIN_CONDITIONS[n].goal_values is None])
def test_a_map_goal_names_the_maps_own_numbers(kind: str) -> None:
    entry = WIN_CONDITIONS[kind]
    params = {name: 77 for name in entry.defaults}
    values = map_goal_values(entry, WinSpec(kind, params))
    assert values == params
    for lang in locale.SHIPPED:
        text = locale.text(f"wincon.{kind}.goal", lang, **values)
        assert all("77" in text for _ in params), text


@pytest.mark.parametrize("players,points", [(2, 20), (3, 16), (4, 12)])
def test_the_board_names_the_kraken_points_of_this_game(players: int, points: int) -> None:
    """Rules version 4: the Kraken needs 4 more points per empty seat. The New game screen
    says so next to the map's number; the board, once seated, gives the game's own."""
    from game.client.scenes.board import board_goal
    from game.client.scenes.new_game import win_text

    spec = find_map("the-kraken")
    game = Game(GameSetup(spec, LIBRARY, players, 1, sets=spec.sets or DEFAULT_SETS,
                          draft=spec.draft or DEFAULT_DRAFT))
    try:
        assert board_goal(game, "en") == f"slay the Kraken before it scores {points} points"
        assert f"{points} Punkte" in board_goal(game, "de")
        assert win_text(spec.win, "en") == \
            "Slay the Kraken before it scores 12 points (4 more per empty seat)"
    finally:
        game.close()


def test_the_stick_meadow_goal_says_where_the_stick_scores() -> None:
    """2P-stick-meadow names a region for its stick (win_region): both screens say the
    stick scores only there, in every shipped language."""
    from game.client.scenes.board import goal_text
    from game.client.scenes.new_game import win_text

    spec = find_map("2P-stick-meadow")
    assert spec.win.params["region"] == "Heart of the Meadow"
    game = Game(with_decks(GameSetup(spec, LIBRARY, 2, 1, sets=spec.sets or DEFAULT_SETS,
                                     draft=spec.draft or DEFAULT_DRAFT)))
    try:
        assert win_text(spec.win, "en") == (
            "Hold the stick: first to 8 ★ wins (it scores only in Heart of the Meadow)")
        assert goal_text(game, "de").endswith("(er zählt nur in Heart of the Meadow)")
    finally:
        game.close()
    plain = WinSpec("stick_of_victory", {"points": 8})
    assert win_text(plain, "en") == "Hold the stick: first to 8 ★ wins"
