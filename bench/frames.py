"""What a server and its clients pay per action for the state frames, full frames against deltas.

    python -m bench.frames [--game NAME] [--actions N] [--seed S] [--rounds R]

A random game is played; after each action the frame of every seat (four players and a spectator,
each following every action) is made as the server makes it (``server.frames.Frames``: views, events,
JSON text), once as full frames and once as deltas, and read back as a client reads it (orjson, and a
delta applied to the frame it holds). CPU time, not wall time: the figure means something on a shared
machine (and the least of ``--rounds`` runs). Reported per action: the server's µs, the clients' µs and
the bytes sent.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import orjson

from tricktable import games
from tricktable.core.state import State
from tricktable.server.frames import Frames, apply_delta


def play(game: str, actions: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    state = games.get(game).new(seed=seed)
    states = [state]
    while not state.is_over and len(states) <= actions:
        seat = rng.choice(state.acting_seats())
        state = state.apply(rng.choice(state.legal_actions(seat)), seat)
        states.append(state)
    return states


def cost(game: str, states: list[State], deltas: bool) -> tuple[float, float, float]:
    """Server µs, client µs and bytes per action, following ``states`` with every seat's client."""
    frames = Frames("bench", games.get(game).description)
    seats: list[int | None] = [None, *range(states[0].num_seats)]
    by_bot = [False] * states[-1].version
    held: dict[int | None, dict[str, Any]] = {}
    texts: list[tuple[int | None, str]] = []
    server = client = 0.0
    size = 0
    for state in states:
        start = time.process_time()
        texts = [
            (
                seat,
                frames.text(state, by_bot, seat, held[seat]["version"] if seat in held else None, deltas)[0],
            )
            for seat in seats
        ]
        server += time.process_time() - start
        start = time.process_time()
        for seat, text in texts:
            frame = orjson.loads(text)
            held[seat] = apply_delta(held[seat], frame) if frame["type"] == "delta" else frame
        client += time.process_time() - start
        size += sum(len(t) for _, t in texts) if state is not states[0] else 0
    n = len(states) - 1
    return server / n * 1e6, client / n * 1e6, size / n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.frames", description=__doc__)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--actions", type=int, default=600, help="actions of one game (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (the least kept)")
    args = parser.parse_args(argv)
    print("per action, five clients (four seats and a spectator):")
    for game in args.game or games.names():
        states = play(game, args.actions, args.seed)
        runs: dict[bool, list[tuple[float, float, float]]] = {False: [], True: []}
        for _ in range(args.rounds):  # alternating, the least of each kept (others share the machine)
            for deltas in runs:
                runs[deltas].append(cost(game, states, deltas))
        for deltas, measured in runs.items():
            server, client, size = min(m[0] for m in measured), min(m[1] for m in measured), measured[0][2]
            kind = "deltas" if deltas else "full frames"
            print(
                f"  {game:11} {kind:11}: server {server:6.0f} µs, clients {client:5.0f} µs, "
                f"{size:6.0f} bytes ({len(states) - 1} actions)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
