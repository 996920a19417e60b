"""The arena on the first deals only: the issue's "first rounds too".

The arena plays whole games; a game's later rounds depend on its first (in Tractor the first round
decides who declares, and the levels reached). This plays pair ``i``'s game seed (the arena's: the
same deals) twice, bot A on team 0 then on team 1, stops each game after its first ``--deals`` deals,
and reports A's mean gain per pair over the other side in the search's own valuation (Tractor: levels,
with the round's points as fractions of a level; the others: points) with a Student-t 95 % interval
over the pairs. Bots are seeded as at a table, so a run repeats for any ``--jobs``. A search bot may
be named with options (:mod:`bench.variants`: ``expert+uniform``, ``hard+exact=5``), to measure one
change of the search against the same bot without it.

    python -m bench.first_rounds tractor --bots hard,medium --pairs 150 --seed 1 --jobs 2

A long match can be cut in pieces (``--first``: the pairs from that one on), played in separate
processes or sessions, and its pieces' stderr lines summed up without playing (``--from-log``):

    python -m bench.first_rounds all-fours --bots expert,hard --seed 1 --first 60 --pairs 60 2> b.log
    python -m bench.first_rounds all-fours --bots expert,hard --seed 1 --from-log a.log b.log

Two matches on the same seed against the same opponent (``hard,medium`` and ``hard+x=4,medium``) play
the same deals, so a change's gain is best read pair by pair: ``--baseline`` (the other match's logs)
adds the mean difference over the pairs both played, with its interval.

    python -m bench.first_rounds tractor --bots hard+x=4,medium --seed 42 --from-log x4.log \
        --baseline hard.log
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench import variants
from tricktable import games
from tricktable.arena import t_interval
from tricktable.bots.search import deal_value
from tricktable.core.state import team_of
from tricktable.table import bot_seed, game_seed, split_names
from tricktable.table.loop import acting_seat
from tricktable.table.parallel import map_chunks


@dataclass(frozen=True, slots=True)
class FirstDeals:
    """What to play (a plain value: it travels to worker processes)."""

    game: str
    bots: tuple[str, str]
    seed: int = 0
    deals: int = 1
    first: int = 0
    """The first pair played: pair ``i`` of a chunk is game seed ``first + i``."""
    config: dict[str, Any] = field(default_factory=dict)


def pair_gains(job: FirstDeals, pairs: Sequence[int]) -> list[tuple[int, float]]:
    """Each pair's mean gain of bot A over its two games' first ``job.deals`` deals."""
    out = []
    for index in pairs:
        pair = job.first + index
        gains = [_gain(job, pair, a_team) for a_team in (0, 1)]
        out.append((pair, sum(gains) / len(gains)))
        # Each pair as it ends, on stderr: a long match that is stopped still says what it saw.
        print(json.dumps({"pair": pair, "gain": out[-1][1]}), file=sys.stderr, flush=True)
    return out


def _gain(job: FirstDeals, pair: int, a_team: int) -> float:
    game = games.get(job.game)
    seed = game_seed(job.seed, pair)
    start = state = game.new(seed=seed, config=job.config)
    names = [
        job.bots[0] if team_of(s, state.num_seats) == a_team else job.bots[1] for s in range(state.num_seats)
    ]
    players = {
        s: variants.get(name, game=job.game, seed=bot_seed(seed, s), config=job.config)
        for s, name in enumerate(names)
    }
    deal_key = game.description.search.deal_key
    deals = 0
    while deals < job.deals:
        seat = acting_seat(state)
        if seat is None:
            break
        named = None if seat == state.to_move else seat
        legal = state.legal_actions(named)
        player = players[seat]
        events = state.events(seat) if player.wants_events else ()
        before = deal_key(state)
        state = state.apply_legal(player.choose(state.view(seat), legal, events), named)
        deals += deal_key(state) != before
    return deal_value(job.game, start, state, a_team)


def read_logs(paths: Sequence[str]) -> list[tuple[int, float]]:
    """The pairs' gains in the stderr lines of earlier runs (other lines are skipped), by pair; a
    pair logged twice (overlapping pieces) counts once. Only runs of the same game, bots, seed and
    deals belong together: the lines do not say which they were."""
    gains: dict[int, float] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if isinstance(record, dict) and {"pair", "gain"} <= record.keys():
                    gains[int(record["pair"])] = float(record["gain"])
    return sorted(gains.items())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.first_rounds", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="two bot names, A,B")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deals", type=int, default=1, help="deals played from each game's start")
    parser.add_argument("--first", type=int, default=0, help="the first pair played (a piece of a match)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument(
        "--from-log", nargs="+", metavar="FILE", help="sum up pieces' stderr pair lines instead of playing"
    )
    parser.add_argument(
        "--baseline",
        nargs="+",
        metavar="FILE",
        help="another match's pair lines on the same seed: report the gain's difference pair by pair",
    )
    args = parser.parse_args(argv)
    a, b = split_names(args.bots)
    if args.first < 0:
        parser.error(f"--first is a pair number from 0 up, not {args.first}")
    job = FirstDeals(games.get(args.game).name, (a, b), args.seed, args.deals, args.first)
    if args.from_log:
        results = read_logs(args.from_log)
    else:
        results = sorted(map_chunks(pair_gains, job, args.pairs, args.jobs))
    if len(results) < 2:
        parser.error(f"an interval needs at least 2 pairs, and there are {len(results)}")
    report: dict[str, Any] = {"game": job.game, "bots": [a, b], "seed": args.seed, "deals": args.deals}
    if args.baseline:
        baseline = dict(read_logs(args.baseline))
        results = [(pair, gain) for pair, gain in results if pair in baseline]
        if len(results) < 2:
            parser.error(f"the baseline shares {len(results)} pairs with the match; an interval needs 2")
        differences = [gain - baseline[pair] for pair, gain in results]
        report["baseline_gain"] = sum(baseline[pair] for pair, _ in results) / len(results)
        report["difference"] = sum(differences) / len(differences)
        report["difference_ci95"] = list(t_interval(differences))
    gains = [g for _, g in results]
    low, high = t_interval(gains)
    report |= {
        "pairs": len(gains),
        "pair_range": [results[0][0], results[-1][0]],
        "gain_per_game": sum(gains) / len(gains),
        "ci95": [low, high],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
