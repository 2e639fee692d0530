"""Game tasks on a Dask cluster (the ``cluster`` extra: ``pip install -e '.[cluster]'``).

Each task goes to the scheduler as one Dask future of ``game.simulation.play_task``; the
results are gathered in the order of the tasks, so a run on a cluster prints what a run
in one process prints. The workers need this package installed (the same version, the
same mods at the same paths) and should run one thread each (``dask worker ADDRESS
--nthreads 1``): a process plays one game at a time whatever its threads.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterator, Sequence

from game.simulation import ClusterUnavailable, GameResult, GameTask, play_task

#: the address that starts a cluster on this machine for the run
LOCAL = "local"
#: seconds to wait for a scheduler to answer
CONNECT_TIMEOUT = 20


def play_on_cluster(tasks: Sequence[GameTask], address: str,
                    workers: int) -> Iterator[GameResult]:
    """The result of every task, in their order, played on the cluster whose scheduler is
    at ``address``, or on ``workers`` worker processes started here for ``local``."""
    try:
        from dask.distributed import Client, LocalCluster
    except ModuleNotFoundError as exc:
        raise ClusterUnavailable(
            "--cluster: Dask is not installed; install the cluster extra "
            "(pip install -e '.[cluster]')") from exc
    with contextlib.ExitStack() as stack:
        if address == LOCAL:
            cluster = stack.enter_context(LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None))
            client = stack.enter_context(Client(cluster))
        else:
            try:
                client = stack.enter_context(Client(address, timeout=CONNECT_TIMEOUT))
            except (OSError, TimeoutError, ValueError) as exc:
                raise ClusterUnavailable(
                    f"--cluster: no Dask scheduler answered at {address} ({exc})") from exc
        pending = deque(client.map(play_task, tasks, pure=False))
        try:
            while pending:
                yield pending.popleft().result()
        finally:
            client.cancel(list(pending))  # a run cut short leaves nothing queued
