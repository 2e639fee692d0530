"""Shared test setup: headless SDL, the --fuzz-games and --fuzz-files options and esper
world hygiene."""

import os
from collections.abc import Iterator

import pytest

from game.rules.queries import close_worlds, live_worlds

# Tests never open a real window or sound device. Set before anything imports pygame.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-games",
        type=int,
        default=0,
        metavar="N",
        help="number of games for fuzz tests (default 0: each test's own CI default)",
    )
    parser.addoption(
        "--fuzz-files",
        type=int,
        default=0,
        metavar="N",
        help="mutated files of each kind for tests/test_fuzz_files.py (default 0: its CI "
        "number, with a fixed seed; any other number: that many, with a new seed)",
    )


@pytest.fixture
def fuzz_games(request: pytest.FixtureRequest) -> int:
    """The --fuzz-games value; 0 means the test should use its own default."""
    value: int = request.config.getoption("--fuzz-games")
    return value


@pytest.fixture(autouse=True)
def _no_leaked_esper_worlds() -> Iterator[None]:
    """Delete every esper world a test created, so worlds never leak between tests."""
    before = live_worlds()
    yield
    close_worlds(live_worlds() - before)
