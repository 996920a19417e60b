"""The server's collector policy: survivors of young collections are frozen, and all is as it was
once the server stops."""

from __future__ import annotations

import asyncio
import gc
import weakref

from tests.server.helpers import run_async
from tricktable.server import collector
from tricktable.server.collector import keep_pauses_short


def _frozen(objects: list[list[int]]) -> bool:
    """Whether every one of ``objects`` is frozen: in none of the collector's generations. (Not told
    by the freeze count, which drops whenever any frozen object dies, in any thread.)"""
    tracked = {id(o) for o in gc.get_objects()}
    return not any(id(o) in tracked for o in objects)


def test_survivors_are_frozen_while_it_runs_and_unfrozen_after() -> None:
    async def main() -> tuple[int, bool, bool, int]:
        task = asyncio.create_task(keep_pauses_short(full_every=0.05))
        await asyncio.sleep(0)
        at_start = gc.get_freeze_count()
        kept = [[i] for i in range(5000)]  # young objects that survive
        gc.collect(0)
        after_young = _frozen(kept)
        await asyncio.sleep(0.1)  # a full collection at least: unfrozen, collected, frozen again
        after_full = _frozen(kept)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return at_start, after_young, after_full, gc.get_freeze_count()

    callbacks = list(gc.callbacks)
    at_start, after_young, after_full, after = run_async(main())
    assert at_start > 0 and after_young and after_full
    assert after == 0 and gc.callbacks == callbacks


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_what_an_action_leaves_is_frozen_and_a_bots_garbage_collected_first() -> None:
    """settled() freezes what is alive (unwalked) while the policy runs, and nothing otherwise;
    searched() collects the young generation, so a bot's cyclic garbage is not frozen with it."""

    async def main() -> tuple[bool, bool, bool]:
        collector.settled()  # the policy is not running: nothing frozen
        nothing_frozen = gc.get_freeze_count() == 0
        task = asyncio.create_task(keep_pauses_short(full_every=3600))
        await asyncio.sleep(0)
        searched = _Node()
        found = weakref.ref(searched)
        del searched  # a bot's search garbage
        collector.searched()
        kept = [[i] for i in range(100)]  # what the action made and keeps
        before = gc.get_freeze_count()
        collector.settled()
        frozen = gc.get_freeze_count() >= before + len(kept)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return nothing_frozen, found() is None, frozen

    unfrozen, collected, frozen = run_async(main())
    assert unfrozen and collected and frozen
