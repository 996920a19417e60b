"""Tractor's draw at the server's pace: seconds from a new all-bot table to its first kitty, with the
server's default pauses (a bot's pause before acting 0.8 s; cards dealt one by one at the deal pace).

    python -m bench.draw_pace [--rounds N] [--seed S] [--bot-pause S] [--json FILE]

Each round is a new table of four heuristic bots in a server run in this process on a temporary
SQLite file; the clock runs from the table's creation until its phase leaves the draw (the last
chances to declare included) and the kitty is to be buried. Declarations are counted: each costs a
bot's pause. The issue's budget: a round without a declaration reaches the kitty in at most 10 s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from tricktable.server.hub import Hub
from tricktable.server.room import Settings
from tricktable.server.store import open_store

BUDGET_S = 10.0


async def one_round(db: str, seed: int, bot_pause: float) -> tuple[float, int]:
    hub = Hub(await open_store(db), Settings(bot_pause=bot_pause, short_gc_pauses=False))
    await hub.start()
    try:
        start = time.monotonic()
        room = await hub.create(
            game="tractor",
            config=None,
            bots=["heuristic"] * 4,
            name="pace",
            seed=seed,
            bot_pause=None,
            absent_after=None,
        )
        room.start()
        while room.state.phase in ("draw", "last-declare"):
            await asyncio.sleep(0.02)
        elapsed = time.monotonic() - start
        declared = sum(1 for _, action in room.state.history if action.verb == "declare")
        return elapsed, declared
    finally:
        await hub.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-pause", type=float, default=Settings().bot_pause)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.rounds):
            elapsed, declared = asyncio.run(
                one_round(f"sqlite:///{tmp}/t{n}.db", args.seed + n, args.bot_pause)
            )
            rows.append({"seed": args.seed + n, "seconds": round(elapsed, 2), "declarations": declared})
            print(f"seed {args.seed + n}: {elapsed:5.2f} s to the kitty, {declared} declaration(s)")
    # a declaration costs one bot pause: what the draw alone took
    bare = [r["seconds"] - r["declarations"] * args.bot_pause for r in rows]
    median = statistics.median(bare)
    print(f"draw without the declarations' pauses: median {median:.2f} s (budget {BUDGET_S:g} s)")
    if args.json:
        args.json.write_text(json.dumps({"rounds": rows, "budget_s": BUDGET_S}, indent=2))


if __name__ == "__main__":
    main()
