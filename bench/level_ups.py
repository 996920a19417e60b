"""An arena with one more figure: how often each side's team went up in level in a round.

The arena (``tricktable arena``) reports the mean level difference per round; the issue's target
against random play is a share of rounds ("``hard``'s team levels up in at least 99 % of rounds").
A round moves at most one team's level, so bot A's team went up exactly when the round's difference
is positive, except that the events' levels stop at A: the round that takes a team past A (and wins
the game) shows no difference, and is counted as the winner's. This plays the same games as the
command with the same arguments (one process, a pair at a time, ``--out`` rewritten after each) and
prints its JSON report with ``level_ups`` added: for each side, the rounds it went up in, their share
and Wilson's 95 % interval.

    python -m bench.level_ups tractor --bots hard,random --games 4 --seed 1 [--out FILE]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from tricktable.arena import Arena, Duel, play_pairs, summarize
from tricktable.table import wilson_interval


def went_up(duel: Duel, side: int, capped: bool = True) -> list[bool]:
    """For each round of a duel, whether ``side``'s team went up a level. A round moves at most one
    team, so it went up when the round's difference is in its favour; but the levels the events
    report stop at A, so the round that takes the winner past A (and ends the game) shows no
    difference: it is the winner's (``capped``: Tractor's levels).

    >>> duel = Duel(pair=0, a_team=0, winner=0, deal_diffs=(2.0, 0.0, -1.0, 0.0), seconds=((), ()))
    >>> went_up(duel, 0), went_up(duel, 1)
    ([True, False, False, True], [False, False, True, False])
    """
    sign = 1 if side == 0 else -1
    ups = [sign * d > 0 for d in duel.deal_diffs]
    if capped and ups and duel.winner == side and duel.deal_diffs[-1] == 0:
        ups[-1] = True
    return ups


def level_ups(arena: Arena, duels: Sequence[Duel]) -> dict[str, Any]:
    """The arena's JSON report over ``duels`` (some of its games), with ``level_ups`` added, and each
    game's winning side and round differences (``duels``) to check them by."""
    report = summarize(duels, arena.bots, game=arena.game).to_json()
    ups = {}
    for side, name in enumerate(arena.bots):
        rounds = [up for duel in duels for up in went_up(duel, side, arena.game == "tractor")]
        count = sum(rounds)
        low, high = wilson_interval(count, len(rounds))
        ups[name] = {"rounds": len(rounds), "up": count, "share": count / len(rounds), "ci": [low, high]}
    report["level_ups"] = ups
    report["duels"] = [
        {"pair": d.pair, "a_team": d.a_team, "winner": d.winner, "deal_diffs": list(d.deal_diffs)}
        for d in duels
    ]
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.level_ups", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="rewrite the report to this file after each pair of games")
    args = parser.parse_args(argv)
    arena = Arena(args.game, tuple(args.bots.split(",")), seed=args.seed, games=args.games)
    duels: list[Duel] = []
    for pair in range(arena.pairs):
        # One pair at a time, in the order of run_arena: a long run reports what it has so far.
        duels += play_pairs(arena, [pair])
        text = json.dumps(level_ups(arena, duels), indent=2)
        if args.out:
            with open(args.out, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
