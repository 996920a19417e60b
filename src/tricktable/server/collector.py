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

Walking the survivors once was still the collector's whole cost: about 70 µs of an action's CPU at
300 tables (``bench.server_stack``, young collections on and off), for nothing found: play, refused
and malformed frames, chat, disconnects and the random, heuristic and medium bots' tables made no
cyclic garbage at all in a run with the collector off. So what an action leaves behind is frozen
before any collection walks it: :func:`settled` once a writer has sent a state frame (the new state
and its frames live until the table's next action). The searching bots are the exception (the hard
bot's search leaves hundreds of objects in cycles a decision): :func:`searched` collects the young
generation after a bot's decision, so none of it is frozen. Both do nothing unless
:func:`keep_pauses_short` runs (its full collections find what freezing hides).
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

__all__ = ["FULL_EVERY", "keep_pauses_short", "searched", "settled"]

FULL_EVERY = 900.0


_running: list[None] = []  # one item per keep_pauses_short running


def _freeze_survivors(phase: str, info: dict[str, Any]) -> None:
    # Called as a collection ends: what it kept alive is old enough to leave alone.
    if phase == "stop":
        gc.freeze()


def settled() -> None:
    """An action's work is done (its frames sent): what it left alive is frozen, unwalked."""
    if _running:
        gc.freeze()


def searched() -> None:
    """A bot has decided: its search's garbage is collected before anything freezes it."""
    if _running:
        gc.collect(0)


async def keep_pauses_short(full_every: float = FULL_EVERY) -> None:
    """Run for as long as the server does; on cancellation the collector is as it was."""
    gc.collect()
    gc.freeze()  # what start-up made: the code, and the tables replayed from the database
    gc.callbacks.append(_freeze_survivors)
    _running.append(None)
    try:
        while True:
            await asyncio.sleep(full_every)
            gc.unfreeze()
            gc.collect()  # (and the callback freezes what is left)
    finally:
        _running.pop()
        gc.callbacks.remove(_freeze_survivors)
        gc.unfreeze()
