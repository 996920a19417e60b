"""The server's collector policy: survivors of young collections are frozen, and all is as it was
once the server stops."""

from __future__ import annotations

import asyncio
import gc

from tests.server.helpers import run_async
from tricktable.server.collector import keep_pauses_short


def test_survivors_are_frozen_while_it_runs_and_unfrozen_after() -> None:
    async def main() -> tuple[int, int, int]:
        task = asyncio.create_task(keep_pauses_short(full_every=0.05))
        await asyncio.sleep(0)
        at_start = gc.get_freeze_count()
        kept = [[i] for i in range(5000)]  # young objects that survive
        gc.collect(0)
        after_young = gc.get_freeze_count()
        await asyncio.sleep(0.1)  # a full collection: unfrozen, collected, frozen again
        assert gc.get_freeze_count() >= len(kept)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return at_start, after_young, gc.get_freeze_count()

    callbacks = list(gc.callbacks)
    at_start, after_young, after = run_async(main())
    assert at_start > 0 and after_young >= at_start + 5000
    assert after == 0 and gc.callbacks == callbacks
