"""A search bot's decision times in CPU time: the arena's ``decision_ms`` is wall time, which on a
shared machine counts the other processes' turns too.

Plays the first ``--rounds`` rounds of seeded games with the bot at seats 0 and 2 and the heuristic
bot at 1 and 3, and times each of the bot's decisions with more than one legal action (as the arena
counts them) with ``time.process_time``. ``--bot`` may name a search bot with options
(:mod:`bench.variants`: ``hard+x=2``).

    python -m bench.decisions tractor --bot hard --rounds 2 --games 3
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bench import variants
from tricktable import games
from tricktable.arena import percentile


def decision_seconds(game: str, bot: str, games_played: int, rounds: int) -> list[float]:
    """CPU seconds of each decision of ``bot`` (seats 0 and 2) in the first ``rounds`` deals of
    ``games_played`` seeded games against the heuristic bot."""
    out: list[float] = []
    for seed in range(games_played):
        state: Any = games.get(game).new(seed=seed)
        players = {
            s: variants.get(bot if s % 2 == 0 else "heuristic", game=game, seed=seed * 4 + s)
            for s in range(4)
        }
        first = state.view(None).deal_number
        while not state.is_over and state.view(None).deal_number < first + rounds:
            seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
            player = players[seat]
            legal = state.legal_actions(seat)
            events = state.events(seat) if player.wants_events else ()
            start = time.process_time()
            action = player.choose(state.view(seat), legal, events)
            if seat % 2 == 0 and len(legal) > 1:
                out.append(time.process_time() - start)
            state = state.apply_legal(action, seat)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.decisions", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    seconds = decision_seconds(args.game, args.bot, args.games, args.rounds)
    ms = [1000 * s for s in seconds]
    report = {"decisions": len(ms), "p50": percentile(ms, 50), "p99": percentile(ms, 99), "max": max(ms)}
    print(json.dumps({"game": args.game, "bot": args.bot, "cpu_ms": report}, indent=2))


if __name__ == "__main__":
    main()
