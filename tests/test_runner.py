"""The headless commands: simulate, replay --verify, bench and validate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.players import HARD_PLAYOUTS
from game.ai.search import HardPlayer
from game.cli import main
from game.content.cards import load_cards
from game.maps import find_map, list_maps
from game.rules.core.replay import save_game
from game.runner import bench
from game.simulation import play_random_game


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_gives_the_same_output_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "simulate", "--games", "3", "--seed", "4", "--max-turns", "40")
    second = run(capsys, "simulate", "--games", "3", "--seed", "4", "--max-turns", "40")
    assert first == second
    assert first[0] == 0
    lines = first[1].splitlines()
    assert len(lines) == 4
    for line in lines[:3]:
        assert "winner" in line and "turns" in line and "actions" in line and "hash" in line


@pytest.mark.parametrize("options", [
    ("--max-turns", "40"),
    ("--ai", "easy,random", "--swap", "--max-turns", "30"),  # prints seats and timings
])
def test_simulate_jobs_print_what_one_process_prints(
        options: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    def output(jobs: str) -> tuple[int, str, str]:
        code, out, err = run(capsys, "simulate", "--games", "4", *options, "--jobs", jobs)
        return code, out.split("decision times")[0], err  # the timings vary run to run

    one = output("1")
    assert output("2") == one
    assert one[0] == 0 and one[1].count("\ngame ") == 3


def test_simulate_jobs_give_the_json_of_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    def output(jobs: str) -> object:
        code, out, _ = run(capsys, "simulate", "--games", "3", "--ai", "random,eager",
                           "--max-turns", "30", "--json", "--jobs", jobs)
        assert code == 0
        data = json.loads(out)
        del data["decision_times"]
        return data

    assert output("2") == output("1")


def test_simulate_players_seats_fewer_than_the_map(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--map", "the-tyrant", "--players", "2", "--ai",
                       "easy,tyrant", "--games", "1", "--max-turns", "8", "--jobs", "1")
    assert code == 0 and "seats easy,tyrant winner" in out
    code, _, err = run(capsys, "simulate", "--map", "2P-ring-street", "--players", "3")
    assert code == 2 and err.startswith("--players: expected at most 2")


def test_simulate_swap_gives_each_rate_with_its_interval_and_the_first_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 18: strength is reported with a 95 % interval, so a fluke of a few games is
    not read as a result; with seats swapped, so is the first seat's share."""
    code, out, _ = run(capsys, "simulate", "--games", "4", "--ai", "eager,random", "--swap",
                       "--max-turns", "40", "--jobs", "1")
    assert code == 0
    games = [line for line in out.splitlines() if line.startswith("game ")]
    firsts = sum(" winner P1 " in line for line in games)
    rows = {line.split(":")[0].strip(): line for line in out.splitlines()
            if line.startswith("  ") and " of 4 games (" in line}
    assert set(rows) == {"eager", "random", "first seat"}
    assert rows["first seat"].startswith(f"  first seat: {firsts} of 4 games (")
    assert "95 % interval " in rows["eager"] and rows["eager"].endswith(" %)")
    code, out, _ = run(capsys, "simulate", "--games", "4", "--ai", "eager,random", "--swap",
                       "--max-turns", "40", "--jobs", "1", "--json")
    data = json.loads(out)
    for row in [*data["win_rates"].values(), data["first_seat"]]:
        assert row["low"] <= row["rate"] <= row["high"] and row["games"] == 4
    assert data["first_seat"]["wins"] == sum(g["winners"] == [1] for g in data["games"])


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "2", "--json", "--max-turns", "30")
    assert code == 0
    data = json.loads(out)
    assert [g["game"] for g in data] == [1, 2]
    assert {"winners", "turns", "actions", "hash", "seed"} <= set(data[0])


@pytest.mark.parametrize("name", [p.stem for p in list_maps()])
def test_simulate_plays_every_shipped_map(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--map", name, "--games", "2", "--max-turns", "80")
    assert code == 0
    assert f"2 games on {name}" in out


def test_simulate_unknown_map_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--map", "9P-nowhere")
    assert code == 1
    assert "9P-nowhere" in err and "expected" in err


def test_replay_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    library, _ = load_cards()
    game = play_random_game(find_map("2P-ring-street"), library, 9, max_turns=12)
    path = tmp_path / "g.json"
    save_game(game, path)
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0
    assert "(verified)" in out
    assert out.count(" ok\n") == len(game.turn_hashes)
    data = json.loads(path.read_text())
    data["turn_hashes"][1] = "0" * 24
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and "turn_hashes[1]" in err


def test_bench_reports_all_figures() -> None:
    result = bench(seconds=0.3)
    assert result["actions"] > 0 and result["games"] >= 1
    assert result["actions_per_second"] > 0
    # the same games without the turn hashes, as a search's playouts play them
    assert result["playout_actions"] > 0 and result["playout_actions_per_second"] > 0
    assert result["snapshot_restore_ms_median"] > 0


def test_bench_reports_the_legal_actions_of_a_crowded_fleet_position() -> None:
    from game.runner import fleet_bench

    result = fleet_bench(repeats=3)
    assert result["units"] >= 80
    assert result["legal_actions"] > 1 and result["declared_legal_actions"] > 1
    assert result["legal_ms_median"] > 0 and result["declared_legal_ms_median"] > 0


def test_validate_shipped_content(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "maps", "assets/cards", "assets/decks/duel")
    assert code == 0, out


def test_validate_reports_a_broken_duel_deck(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "short.yaml"
    deck.write_text("name: Short\ngeneral: Nobody\ncards: {Recruit: 4}\n")
    code, out, _ = run(capsys, "validate", str(deck))
    assert code == 1
    assert f"{deck}: general: expected a card of the card library, found Nobody" in out
    assert "cards: expected 39 cards besides the general, found 4" in out
    assert "cards.Recruit: expected at most 3 copies, found 4" in out


def test_validate_reports_each_problem_with_file_and_field(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad_map = tmp_path / "broken-map.yaml"
    bad_map.write_text("map: |\n  1..?\n  ...2\nwin_condition: {type: king}\n")
    bad_card = tmp_path / "broken-card.yaml"
    bad_card.write_text("type: unit\nname: Blob\nhealth: -1\n")
    code, out, _ = run(capsys, "validate", str(bad_map), str(bad_card), str(tmp_path / "none"))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 3
    assert str(bad_map) in lines[0] and "expected" in lines[0]
    assert str(bad_card) in lines[1] and "health" in lines[1]
    assert "none" in lines[2]


def test_bench_client_reports_the_window_figures() -> None:
    from game.client.bench import bench_client

    result = bench_client(frames=10)
    assert result["units"] == 40
    assert result["board_draw_ms_median"] > 0 and result["window_open_s"] > 0
    assert result["idle_frames_in_50_steps"] == 0  # an idle window draws nothing
    fog = result["fog"]  # a skirmish board under its fog
    assert fog["geometry"] == "hex" and fog["window_draw_ms_median"] > 0
    assert fog["fog_redrawn_after_move"] >= 1


def _saved_game(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    """A game saved a few actions into its seventh turn."""
    library, _ = load_cards()
    game = play_random_game(find_map("2P-ring-street"), library, 9, max_turns=6)
    turns = len(game.turn_hashes)
    for _ in range(4):
        assert game.actor is not None
        game.apply(game.legal_actions(game.actor)[0])
    assert len(game.turn_hashes) == turns  # still the same turn
    path = tmp_path / "g.json"
    save_game(game, path)
    return path, json.loads(path.read_text())


def test_replay_verify_fails_on_a_save_cut_short_mid_turn(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = _saved_game(tmp_path)
    actions = data["actions"]
    assert isinstance(actions, list)
    # the last actions of the last turn dropped, its final hash removed: every recorded
    # turn hash still matches, but nothing proves where the game ended
    del actions[-3:]
    del data["final_hash"]
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and "(verified)" not in out
    assert err.strip() == (f"{path}: final_hash: expected the hash of the final position (a "
                           "save without it cannot be verified), found 'nothing'")
    code, out, _ = run(capsys, "replay", str(path))  # without --verify it still replays
    assert code == 0 and "(verified)" not in out


def test_replay_verify_fails_on_a_final_hash_or_winners_that_do_not_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = _saved_game(tmp_path)
    actions = data["actions"]
    assert isinstance(actions, list)
    del actions[-1]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and ": final_hash: expected " in err
    _, data = _saved_game(tmp_path)
    data["winners"] = [1]
    path.write_text(json.dumps(data))
    code, _, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and ": winners: expected the winners of the replayed game" in err


def test_replay_verify_refuses_an_unknown_rules_version(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, data = _saved_game(tmp_path)
    data["rules_version"] = 99
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and "(verified)" not in out
    assert f"{path}: rules_version: expected a rules version this build reads" in err
    assert err.strip().endswith("found 99")


def _without_timings(out: str) -> str:
    """The per-game lines and win rates of ``simulate``, without the timing block."""
    return "\n".join(line for line in out.splitlines() if "ms" not in line)


def test_simulate_with_the_hard_player_gives_the_same_output_every_time(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 19: ``simulate --ai hard`` is reproducible (a fixed number of playouts per
    decision, not the clock), including against another searching player and seats swapped."""
    command = ("simulate", "--map", "2P-duel-standard", "--ai", "hard,normal", "--swap",
               "--games", "2", "--seed", "5", "--max-turns", "4")
    first = run(capsys, *command)
    second = run(capsys, *command)
    assert first[0] == second[0] == 0
    assert _without_timings(first[1]) == _without_timings(second[1])
    assert "hard" in first[1]


def test_the_hard_player_counts_playouts_unless_put_on_the_clock() -> None:
    """Issue 19: only the window's hard player stops on the wall clock."""
    counted = make_player("hard", 3)
    timed = make_player("hard", 3, clock=True)
    assert isinstance(counted, HardPlayer) and isinstance(timed, HardPlayer)
    assert counted.nodes == HARD_PLAYOUTS and timed.nodes is None
    assert make_player("normal", 3, clock=True).name == "normal"


def test_the_game_process_sets_the_collector_for_many_short_lived_values() -> None:
    """``python -m game`` (every command) collects reference cycles every 20,000 new
    objects instead of Python's 700 (``game.tune_collector``)."""
    import subprocess
    import sys

    from game import COLLECTOR_THRESHOLDS

    script = ("import gc, runpy, sys\n"
              "sys.argv = ['game', '--version']\n"
              "try:\n"
              "    runpy.run_module('game', run_name='__main__')\n"
              "except SystemExit:\n"
              "    pass\n"
              "print(gc.get_threshold())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.strip().splitlines()[-1] == str(COLLECTOR_THRESHOLDS)
    assert COLLECTOR_THRESHOLDS[0] > 700
