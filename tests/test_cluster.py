"""simulate and balance on a Dask cluster: a local cluster of this machine's cores gives
what one process gives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from dask.distributed import LocalCluster

from game.cli import main

SIMULATE = ("simulate", "--games", "4", "--ai", "easy,random", "--swap", "--max-turns", "30")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out = capsys.readouterr().out
    return code, out.split("decision times")[0]  # the timings vary run to run


def test_simulate_on_a_cluster_at_an_address_prints_what_one_process_prints(
        capsys: pytest.CaptureFixture[str]) -> None:
    one = run(capsys, *SIMULATE, "--jobs", "1")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster:
        on_cluster = run(capsys, *SIMULATE, "--cluster", cluster.scheduler_address)
    assert on_cluster == one
    assert one[0] == 0 and one[1].count(" seats ") == 4


def test_balance_on_a_local_cluster_writes_the_report_of_one_process(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def report(folder: str, *where: str) -> str:
        out = tmp_path / folder
        code = main(["balance", "--map", "2P-ring-street", "--games", "3", "--ai", "random",
                     "--max-turns", "20", "--out", str(out), "--no-user-mods", *where])
        capsys.readouterr()
        assert code == 0
        return (out / "report.json").read_text()

    assert report("cluster", "--cluster", "local", "--jobs", "2") == report("one", "--jobs", "1")


def test_cluster_without_dask_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # as if not installed
    assert main(["simulate", "--games", "1", "--cluster", "local"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("--cluster: Dask is not installed") and err.count("\n") == 1
