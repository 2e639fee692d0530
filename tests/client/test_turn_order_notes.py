"""The window tells players about the map's turn-order compensation (ours, rule Upkeep 1:
``first_income``, ``seat_bonus``): the New game screen lists it, and the log says it when
the first upkeep that it changes comes."""

from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from game.client.session import Seat, Session, turn_order_note
from game.content.mods import load_content
from game.maps import find_map
from game.rules import GameSetup

CONTENT = load_content(user_dir=None)

#: saves and settings in a temporary folder, pygame shut down after (conftest.py)
pytestmark = pytest.mark.usefixtures("own_folders")


def test_a_note_names_each_first_upkeep_that_differs_from_the_income() -> None:
    spec = find_map("2P-ring-street", library=CONTENT.library)
    assert spec.first_income == 0 and spec.income == 3
    assert turn_order_note(spec, 0) == "player 1's first upkeep brings 0 resource, not 3"
    assert turn_order_note(spec, 1) == ""
    bonus = replace(spec, first_income=None, seat_bonus=2, players=3)
    assert [turn_order_note(bonus, p) for p in range(3)] == [
        "", "player 2's first upkeep brings 5 resource, not 3",
        "player 3's first upkeep brings 7 resource, not 3"]
    river = find_map("2P-river-king", library=CONTENT.library)
    assert [turn_order_note(river, p) for p in range(2)] == ["", ""]
    duel = find_map("2P-duel-standard", library=CONTENT.library)
    assert turn_order_note(replace(duel, first_income=0), 0) == ""  # no upkeep income


def test_the_log_says_why_the_first_players_first_upkeep_is_empty() -> None:
    spec = find_map("2P-ring-street", library=CONTENT.library)
    setup = GameSetup(spec, CONTENT.library, 2, 3, ("base",), "1x[2;8]")
    session = Session.new(setup, [Seat(False), Seat(False)], autosave=False)
    while session.game.turn < 3 and not session.over:
        session.step_computer()
    notes = [line for line in session.log if "turn order" in line]
    assert notes == ["  player 1's first upkeep brings 0 resource, not 3 "
                     "(the map makes up for the turn order)"]
    first = next(i for i, line in enumerate(session.log) if "player 1's turn" in line)
    assert session.log.index(notes[0]) == first + 1  # right under the first turn's line
