"""The coach of a table made with ``coach`` on: a seat's hint, the search bot's play for it with the
figures of its reason (:func:`tricktable.analysis.advise`), worked out in a worker process (seconds
of CPU that would stall the event loop and every table with it). The worker gets the game's record
and the seat, and replays it: only what the seat may know goes into the search.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tricktable import games
from tricktable.analysis import advise
from tricktable.core.state import State

__all__ = ["Coach", "hint_frame"]


def hint_frame(record: dict[str, Any], seat: int, rollouts: int | None) -> dict[str, Any]:
    """The ``hint`` frame for ``seat`` at the end of ``record`` (run in a worker)."""
    game = games.get(str(record["game"]))
    state = game.replay(record)
    advice = advise(state, seat, rollouts=rollouts, seed=state.seed ^ state.version)
    return {
        "type": "hint",
        "version": state.version,
        "seat": seat,
        "unit": game.description.score_unit,
        **advice.to_dict(),
    }


class Coach:
    """Hints for the tables that have the coach: one worker process (started on the first hint),
    so hints never hold up the tables, and at most one runs at a time per worker."""

    def __init__(self, workers: int = 1, rollouts: int | None = None) -> None:
        self.workers = workers
        self.rollouts = rollouts
        self._pool: ProcessPoolExecutor | None = None

    async def hint(self, state: State, seat: int) -> dict[str, Any]:
        if self._pool is None:
            # spawn, not fork: the server's threads (the database drivers') are not copied half-held
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        record = games.get(state.GAME_NAME).record(state)
        future = self._pool.submit(hint_frame, record, seat, self.rollouts)
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        if self._pool is not None:
            workers = list(getattr(self._pool, "_processes", {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:  # a hint may be running: stop it, not wait for it
                process.terminate()
            self._pool = None
