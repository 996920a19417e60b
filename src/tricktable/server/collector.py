"""Short pauses from Python's cycle collector in a server that holds many tables.

A full collection walks every tracked object. With hundreds of tables in memory (their states, logs
and connections) that is millions of objects: measured at 300 tables, pauses of 0.2-0.8 s, during
which every table waits, and they set the tail latency. The tables' data are immutable values that
reference counting frees; cycles, which the collector is for, come mostly from short-lived objects.

So whatever survives a collection of the youngest generation is frozen (``gc.freeze``): the
collections that follow walk only what was made since the last. (Freezing only what survived the
middle generation, as this did first, walked each survivor twice, and the middle collections, every
tenth, took 25 ms each: under ``make loadtest`` at 300 tables the collector's CPU fell from about 11 % of
the server's to about 5 %.) Cyclic garbage among frozen objects (a closed connection's, say) would never
be found, so every :data:`FULL_EVERY` seconds everything is unfrozen and collected once: one long
pause in that time instead of many. (Under that load those full collections, run every 10 s, found
no garbage: play makes no cycles that outlive a young collection.)
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

__all__ = ["FULL_EVERY", "keep_pauses_short"]

FULL_EVERY = 900.0


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    # Called as a collection ends: what it kept alive is old enough to leave alone.
    if phase == "stop":
        gc.freeze()


async def keep_pauses_short(full_every: float = FULL_EVERY) -> None:
    """Run for as long as the server does; on cancellation the collector is as it was."""
    gc.collect()
    gc.freeze()  # what start-up made: the code, and the tables replayed from the database
    gc.callbacks.append(_freeze_survivors)
    try:
        while True:
            await asyncio.sleep(full_every)
            gc.unfreeze()
            gc.collect()  # (and the callback freezes what is left)
    finally:
        gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()
