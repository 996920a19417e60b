"""Golden playthroughs: seeded games played by the heuristic bots, stored with what every seat saw.

A golden file holds a game record and, for every step, the action, the phase and scores after it and a
digest of every seat's view, so any change in rules behaviour or in what a seat may see shows as a diff.
Regenerate (after a deliberate rules change, reviewing the diff) with ``python -m tests.golden.playthrough``;
after a change to what views hold (not to the rules), ``python -m tests.golden.playthrough --views`` replays
the stored records and rewrites only the view digests, checking that every phase and score is unchanged.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from tricktable import bots, games
from tricktable.core import State

HERE = Path(__file__).parent
CASES: dict[str, dict[str, Any]] = {
    "all-fours-seed-2": {"game": "all-fours", "seed": 2, "config": {}, "deals": 99},
    "all-fours-2p-seed-5": {
        "game": "all-fours",
        "seed": 5,
        "config": {"players": 2, "target": 7},
        "deals": 99,
    },
    "back-alley-seed-3": {"game": "back-alley", "seed": 3, "config": {}, "deals": 4},
    "tractor-seed-4": {"game": "tractor", "seed": 4, "config": {}, "deals": 2},
}


def views_digest(state: State) -> str:
    views = [state.view(seat).to_dict() for seat in [*range(state.num_seats), None]]
    return hashlib.sha256(json.dumps(views, sort_keys=True).encode()).hexdigest()[:16]


def step_summary(state: State) -> dict[str, Any]:
    spectator = state.view(None)
    return {
        "phase": state.phase,
        "to_move": state.to_move,
        "scores": list(spectator.scores),
        "views": views_digest(state),
    }


def play(case: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the case with heuristic bots: its record and the per-step summaries."""
    game = games.get(case["game"])
    state = game.new(seed=case["seed"], config=case["config"])
    seats = range(state.num_seats)
    players = [bots.get("heuristic", game=game.name, seed=case["seed"] * 10 + s) for s in seats]
    steps = [step_summary(state)]
    deals = 0
    while not state.is_over and deals < case["deals"]:
        seat = state.to_move
        assert seat is not None
        action = players[seat].choose(state.view(seat), state.legal_actions(seat))
        was_play = state.phase == "play"
        state = state.apply(action, seat)
        deals += was_play and state.phase != "play"
        steps.append({"seat": seat, "action": str(action), **step_summary(state)})
    return game.record(state), steps


def redigest(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The stored record of a case with its view digests recomputed; phases and scores must agree."""
    golden = json.loads((HERE / f"{name}.json").read_text())
    game = games.get(golden["record"]["game"])
    state = game.replay_start(golden["record"])
    steps = [step_summary(state)]
    for seat, text in golden["record"]["actions"]:
        state = state.apply(text, seat)
        steps.append({"seat": seat, "action": text, **step_summary(state)})
    for old, new in zip(golden["steps"], steps, strict=True):
        assert {k: v for k, v in old.items() if k != "views"} == {
            k: v for k, v in new.items() if k != "views"
        }
    return golden["record"], steps


def main(argv: list[str]) -> None:
    views_only = "--views" in argv
    for name, case in CASES.items():
        record, steps = redigest(name) if views_only else play(case)
        path = HERE / f"{name}.json"
        lines = ",\n".join(json.dumps(s) for s in steps)
        path.write_text(
            f'{{"case": {json.dumps(case)},\n"record": {json.dumps(record)},\n"steps": [\n{lines}\n]}}\n'
        )
        print(f"wrote {path} ({len(steps) - 1} actions)")


if __name__ == "__main__":
    main(sys.argv[1:])
