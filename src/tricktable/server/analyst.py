"""The analysis of finished games, beside play: a pool of worker processes (an analysis is seconds to
minutes of CPU, which would stall the event loop and every table with it), its progress and its
result kept in the store with the game (:meth:`~tricktable.server.store.Store.claim_analysis`), so a
second request, through any server process, reads what is stored instead of running it again.

A worker reports each decision analysed on a queue; the server drains it every
:data:`PROGRESS_EVERY` seconds into the store, where the page polls it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import queue
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tricktable import games
from tricktable.analysis import analyse
from tricktable.server.store import ANALYSIS_STALE, Store

__all__ = ["Analyst", "page_analysis"]

log = logging.getLogger("tricktable.server")

PROGRESS_EVERY = 0.5
"""Seconds between two writes of the workers' progress to the store."""

_progress: Any = None
"""In a worker: the queue its progress goes to (set by :func:`_start_worker`)."""


def _start_worker(progress: Any) -> None:
    global _progress
    _progress = progress


def page_analysis(
    record: dict[str, Any],
    seat: int,
    rollouts: int | None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The analysis of ``seat``'s decisions in a finished game's record, as the page draws it: each
    decision as :meth:`~tricktable.analysis.Decision.to_dict` gives it, with ``event``, the number of
    the seat's events before it (where the replay, which steps through those events, shows it), and
    ``value``, the chosen action's expected value (the graph's line)."""
    review = analyse(record, seat=seat, rollouts=rollouts, progress=progress)
    final = games.get(review.game).replay(record)
    seen = len(final.events(seat))
    decisions = []
    for d in review.decisions:
        out = d.to_dict()
        out["event"] = seen - len(final.events(seat, since=d.version))
        out["value"] = out["values"][out["action"]]
        decisions.append(out)
    summary = review.summaries[0].to_dict() if review.summaries else None
    return {
        "game": review.game,
        "seat": seat,
        "thresholds": list(review.thresholds),
        "summary": summary,
        "decisions": decisions,
    }


def _work(table_id: str, record: dict[str, Any], seat: int, rollouts: int | None) -> dict[str, Any]:
    """A worker's job: :func:`page_analysis`, its progress put on the pool's queue."""

    def progress(done: int, total: int) -> None:
        _progress.put((table_id, seat, done, total))

    return page_analysis(record, seat, rollouts, progress)


class Analyst:
    """The server's analyses: at most ``workers`` at once, each in a process of the pool."""

    def __init__(self, store: Store, workers: int, rollouts: int | None) -> None:
        self.store = store
        self.workers = workers
        self.rollouts = rollouts
        self._pool: ProcessPoolExecutor | None = None
        # spawn, not fork: the server's threads (the database drivers') are not copied half-held
        self._context = multiprocessing.get_context("spawn")
        self._queue: Any = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._held: dict[tuple[str, int], tuple[int, int, float]] = {}
        """The analyses this process runs or has queued: (done, total, when last written)."""
        self._pump: asyncio.Task[None] | None = None

    def _started(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._queue = self._context.Queue()
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=self._context, initializer=_start_worker, initargs=(self._queue,)
            )
            self._pump = asyncio.get_running_loop().create_task(self._pump_progress())
        return self._pool

    async def request(self, table_id: str, seat: int, record: dict[str, Any]) -> bool:
        """Start the analysis of ``seat``'s play in a finished game, unless it is stored or running:
        whether it was started by this request."""
        if not await self.store.claim_analysis(table_id, seat):
            return False
        pool = self._started()
        future = pool.submit(_work, table_id, record, seat, self.rollouts)
        self._held[table_id, seat] = (0, 0, time.monotonic())
        task = asyncio.get_running_loop().create_task(self._finish(table_id, seat, future))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    async def _finish(self, table_id: str, seat: int, future: Any) -> None:
        try:
            result = await asyncio.wrap_future(future)
        except Exception:
            self._held.pop((table_id, seat), None)
            log.exception("the analysis of table %s, seat %s failed", table_id, seat)
            await self.store.analysis_failed(table_id, seat)
            return
        self._held.pop((table_id, seat), None)
        count = len(result["decisions"])
        await self.store.analysis_progress(table_id, seat, count, count, result)

    async def _pump_progress(self) -> None:
        """Write the workers' latest progress per analysis to the store, every so often; an analysis
        queued or slow to progress is written now and then all the same, so that it is not taken
        for lost (:data:`~tricktable.server.store.ANALYSIS_STALE`)."""
        while True:
            await asyncio.sleep(PROGRESS_EVERY)
            heard: dict[tuple[str, int], tuple[int, int]] = {}
            with contextlib.suppress(queue.Empty):
                while True:
                    table_id, seat, done, total = self._queue.get_nowait()
                    heard[table_id, seat] = (done, total)
            now = time.monotonic()
            for key, (done, total, written) in list(self._held.items()):
                fresh = heard.get(key, (done, total))
                if key not in self._held:  # finished while an earlier write was awaited
                    continue
                if fresh == (done, total) and now - written < ANALYSIS_STALE / 3:
                    continue
                self._held[key] = (*fresh, now)
                if fresh[0] < fresh[1] or fresh[1] == 0:  # the last is written with the result
                    try:
                        await self.store.analysis_progress(key[0], key[1], *fresh)
                    except Exception:
                        log.exception("could not store an analysis's progress")

    async def close(self) -> None:
        """Stop the workers, the running analyses with them (their rows are left running, and are
        started again by a request once stale)."""
        for task in (*self._tasks, *([self._pump] if self._pump else [])):
            task.cancel()
        await asyncio.gather(*self._tasks, *([self._pump] if self._pump else []), return_exceptions=True)
        if self._pool is not None:
            workers = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:  # an analysis may run for minutes: stop it, not wait for it
                process.terminate()
            self._pool = None
