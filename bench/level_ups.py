"""An arena with one more figure: how often each side's team went up in level in a round.

The arena (``tricktable arena``) reports the mean level difference per round; the issue's target
against random play is a share of rounds ("``hard``'s team levels up in at least 99 % of rounds").
A round moves at most one team's level, so bot A's team went up exactly when the round's difference
is positive. This plays the same arena as the command with the same arguments and prints its JSON
report with ``level_ups`` added: for each side, the rounds it went up in, their share and Wilson's
95 % interval.

    python -m bench.level_ups tractor --bots hard,random --games 4 --seed 1
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from tricktable.arena import Arena, run_arena, summarize
from tricktable.table import wilson_interval


def level_ups(arena: Arena, jobs: int = 1) -> dict[str, Any]:
    duels = run_arena(arena, jobs)
    report = summarize(duels, arena.bots, game=arena.game).to_json()
    diffs = [d for duel in duels for d in duel.deal_diffs]
    ups = {}
    for side, name in enumerate(arena.bots):
        count = sum(1 for d in diffs if (d > 0 if side == 0 else d < 0))
        low, high = wilson_interval(count, len(diffs))
        ups[name] = {"rounds": len(diffs), "up": count, "share": count / len(diffs), "ci": [low, high]}
    report["level_ups"] = ups
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.level_ups", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    arena = Arena(args.game, tuple(args.bots.split(",")), seed=args.seed, games=args.games)
    print(json.dumps(level_ups(arena, args.jobs), indent=2))


if __name__ == "__main__":
    main()
