"""Chunks of work as Ray tasks: :func:`~tricktable.table.parallel.map_chunks` past one machine.

Ray is optional (``pip install 'tricktable[ray]'``). The chunks and what each one computes are the
same as with local processes, so a seeded run gives the same results on a cluster as on one machine.
Every node of a cluster needs the same tricktable installed: a task imports the work function by name.

If Ray is already running in this process (``ray.init`` called by the caller) its instance is used and
left running; otherwise this connects to ``address`` (None: starts a local instance, or joins the one
that ``RAY_ADDRESS`` names) and shuts down again at the end.
"""

from __future__ import annotations

import logging
import math
import socket
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any, TypeVar

from tricktable.core.errors import ConfigError

__all__ = ["RAY_EXTRA", "import_ray", "ray_map_chunks"]

RAY_EXTRA = "pip install 'tricktable[ray]'"
"""What to install for the Ray backend."""

CONNECT_SECONDS = 10.0
"""How long to wait for a cluster's address to take a connection."""

J = TypeVar("J")
R = TypeVar("R")


def import_ray() -> ModuleType:
    """The ``ray`` module, or a :class:`ConfigError` that names the extra to install."""
    try:
        import ray
    except ImportError:
        raise ConfigError(f"the ray backend needs Ray: {RAY_EXTRA}") from None
    return ray


def ray_map_chunks(
    work: Callable[[J, range], Sequence[R]],
    job: J,
    count: int,
    jobs: int | None,
    report: Callable[[Sequence[R]], None],
    chunks_per_job: int,
    address: str | None = None,
) -> list[R]:
    """``work(job, chunk)`` over ``range(count)`` cut into chunks, as Ray tasks with at most ``jobs``
    running at once (None: as many as the cluster has CPUs); ``report(results)`` is called with each
    chunk's as it comes. The results come back in no set order.
    Raises :class:`ConfigError` when Ray is missing or the cluster cannot be reached."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        _connect(ray, address)
    pending: list[Any] = []
    try:
        if jobs is None:
            jobs = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, math.ceil(count / (jobs * chunks_per_job)))
        chunks = iter([range(start, min(count, start + size)) for start in range(0, count, size)])
        task = ray.remote(num_cpus=1, max_retries=0)(_run)
        shared = ray.put((work, job))  # sent to the cluster once, not with every chunk
        out: list[R] = []
        _submit(task, shared, chunks, pending, jobs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            part = ray.get(done[0])
            out += part
            report(part)
            _submit(task, shared, chunks, pending, jobs)
        return out
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    finally:
        if started:
            ray.shutdown()


def _connect(ray: ModuleType, address: str | None) -> None:
    if address is not None:
        _reachable(address)
    # A local instance started for this run needs no dashboard; a cluster's own settings stand.
    options: dict[str, Any] = {"include_dashboard": False} if address is None else {}
    try:
        ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False, **options)
    except (ConnectionError, ValueError, RuntimeError) as err:
        where = address if address is not None else "a local instance"
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise ConfigError(f"cannot start Ray on {where}: {first}") from None


def _reachable(address: str) -> None:
    """Fail fast on a ``host:port`` (or ``ray://host:port``) that takes no connection: Ray itself
    retries an unreachable cluster for many minutes. Other forms (``auto``) are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise ConfigError(f"cannot reach the Ray cluster at {address}: {err.strerror or err}") from None


def _submit(task: Any, shared: Any, chunks: Iterator[range], pending: list[Any], jobs: int) -> None:
    """Keep ``jobs`` tasks in flight while chunks remain."""
    while len(pending) < jobs:
        chunk = next(chunks, None)
        if chunk is None:
            return
        pending.append(task.remote(shared, chunk))


def _run(shared: tuple[Callable[[Any, range], Sequence[R]], Any], chunk: range) -> Sequence[R]:
    work, job = shared
    return work(job, chunk)
