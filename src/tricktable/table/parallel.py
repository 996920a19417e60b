"""Running many independent games over worker processes, with the same results for any number of them.

A match and an arena are both ``count`` numbered pieces of work (games, pairs of games) cut into
chunks; each chunk's result depends only on its numbers, so the order the workers finish in does not
matter once the caller sorts the results.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from tricktable.core.errors import ConfigError

__all__ = ["BACKENDS", "CHUNKS_PER_JOB", "MAX_JOBS", "map_chunks"]

BACKENDS = ("local", "ray")
"""Where the chunks run: worker processes on this machine, or Ray tasks (:mod:`.ray_backend`)."""

CHUNKS_PER_JOB = 8
"""Chunks per worker by default: small enough to share the work out evenly, large enough to keep the
overhead low."""
MAX_JOBS = 256
"""The most worker processes a run starts, whatever the machine."""

J = TypeVar("J")
R = TypeVar("R")


def map_chunks(
    work: Callable[[J, range], Sequence[R]],
    job: J,
    count: int,
    jobs: int | None = None,
    advance: Callable[[int], None] = lambda n: None,
    chunks_per_job: int = CHUNKS_PER_JOB,
    *,
    backend: str = "local",
    address: str | None = None,
    each: Callable[[Sequence[R]], None] | None = None,
) -> list[R]:
    """``work(job, chunk)`` over ``range(count)`` cut into chunks, in ``jobs`` processes (None or 1:
    in this one); ``advance(n)`` is called as ``n`` more results come in, after ``each(results)`` (in
    this process: to keep them as they come). The results come back in no set order. ``work`` must be
    a module-level function and ``job`` picklable (workers are spawned).

    ``backend="ray"`` runs the chunks as tasks on the Ray cluster at ``address`` (None: a local
    instance), ``jobs`` of them at once (None: one per CPU of the cluster)."""
    if jobs is not None and (
        isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS
    ):
        raise ConfigError(f"jobs is a number from 1 to {MAX_JOBS}, not {jobs!r}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if backend == "ray":
        from tricktable.table.ray_backend import ray_map_chunks

        return ray_map_chunks(work, job, count, jobs, _reporting(advance, each), chunks_per_job, address)
    if address is not None:
        raise ConfigError("an address is for the ray backend only")
    jobs = 1 if jobs is None else jobs
    jobs = max(1, min(jobs, count))
    size = max(1, math.ceil(count / (jobs * chunks_per_job)))
    chunks = [range(start, min(count, start + size)) for start in range(0, count, size)]
    report = _reporting(advance, each)
    out: list[R] = []
    if jobs == 1:
        for chunk in chunks:
            part = work(job, chunk)
            out += part
            report(part)
        return out
    # "spawn" starts clean workers: forking a process that runs a progress-bar thread can deadlock.
    # A multiprocessing pool (not concurrent.futures) so that Ctrl-C can terminate running workers
    # at once instead of waiting for their chunks to finish.
    # Ctrl-C is blocked while the pool starts its workers, which inherit the blocked signal and
    # ignore it once up: one that is still starting when the terminal signals the group would print
    # a traceback. The parent itself stays interruptible (another thread takes the signal for it).
    pool: Any = None
    try:
        with _ctrl_c_blocked():
            pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_ctrl_c)
        for part in pool.imap_unordered(_run, [(work, job, chunk) for chunk in chunks]):
            out += part
            report(part)
        pool.close()
    except BaseException:
        if pool is not None:
            pool.terminate()
        raise
    finally:
        if pool is not None:
            pool.join()
    return out


def _reporting(
    advance: Callable[[int], None], each: Callable[[Sequence[R]], None] | None
) -> Callable[[Sequence[R]], None]:
    """What to do with each chunk's results as they come: ``each`` them, then advance the count."""

    def report(part: Sequence[R]) -> None:
        if each is not None:
            each(part)
        advance(len(part))

    return report


def _run(task: tuple[Callable[[Any, range], Sequence[R]], Any, range]) -> Sequence[R]:
    work, job, chunk = task
    return work(job, chunk)


@contextlib.contextmanager
def _ctrl_c_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread while inside (new processes inherit the mask), where the
    platform can."""
    masked = hasattr(signal, "pthread_sigmask")
    if masked:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if masked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the run (the terminal sends the signal to
    every process of the group, and each would stop with a traceback of its own). A Ctrl-C held
    back while the worker started is dropped as it is unblocked."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
