"""The command line parses every command and answers --help without side effects."""

import argparse
import sys
import types

import pytest

from game import cli

SUBCOMMANDS = ["play", "simulate", "balance", "replay", "validate", "bench"]


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in SUBCOMMANDS)])
def test_help_exits_zero(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 0
    assert "usage: python -m game" in capsys.readouterr().out


def test_top_level_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for name in SUBCOMMANDS:
        assert name in out


@pytest.mark.parametrize(
    "argv",
    [["play"], [], ["--map", "2P-ring-street", "--players", "2", "--mod", "a", "--mod", "b"]],
)
def test_play_is_the_default_and_opens_the_window(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.client import main as client_main

    seen: list[argparse.Namespace] = []
    monkeypatch.setattr(client_main, "run", lambda args: seen.append(args) or 0)
    assert cli.main(argv) == 0
    assert len(seen) == 1 and seen[0].command == "play"


def test_play_options_are_parsed() -> None:
    args = cli.build_parser().parse_args(
        ["play", "--map", "m", "--players", "3", "--seed", "7", "--mod", "a", "--mod", "b"]
    )
    assert (args.map, args.players, args.seed, args.mod) == ("m", 3, 7, ["a", "b"])


def test_simulate_defaults() -> None:
    args = cli.build_parser().parse_args(["simulate"])
    assert (args.map, args.games, args.seed, args.json, args.max_turns) == (
        "2P-ring-street",
        10,
        1,
        False,
        200,
    )


def test_bench_and_replay_and_validate_arguments() -> None:
    parser = cli.build_parser()
    bench = parser.parse_args(["bench"])
    assert (bench.seconds, bench.seed, bench.json) == (3.0, 1, False)
    replay = parser.parse_args(["replay", "game.replay", "--verify"])
    assert (replay.file, replay.verify) == ("game.replay", True)
    validate = parser.parse_args(["validate", "a.yaml", "maps/"])
    assert validate.paths == ["a.yaml", "maps/"]


@pytest.mark.parametrize("argv", [["simulate", "--games", "0"], ["bench", "--seconds", "-1"]])
def test_bad_numbers_are_rejected(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


def _fake_runner(monkeypatch: pytest.MonkeyPatch, **functions: object) -> None:
    module = types.ModuleType(cli.RUNNER_MODULE)
    for name, function in functions.items():
        setattr(module, name, function)
    monkeypatch.setitem(sys.modules, cli.RUNNER_MODULE, module)


def test_missing_runner_function_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _fake_runner(monkeypatch)
    assert cli.main(["bench"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "bench_command" in err


def test_runner_function_gets_the_namespace_and_its_exit_code_is_returned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[argparse.Namespace] = []

    def simulate_command(args: argparse.Namespace) -> int:
        seen.append(args)
        return 3

    _fake_runner(monkeypatch, simulate_command=simulate_command)
    assert cli.main(["simulate", "--games", "4", "--json"]) == 3
    assert (seen[0].games, seen[0].json) == (4, True)
