"""``tricktable replay``: step through a saved game as one seat saw it, or as a spectator.

Only ``state.view(seat)`` is drawn, and each action is told as that seat may know it, so a replay
never shows more than the seat (or a spectator) could see at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from tricktable.cli.errors import CliError
from tricktable.cli.narrate import narrate
from tricktable.cli.options import get_game
from tricktable.cli.panels import table_panel
from tricktable.cli.prompt import ask
from tricktable.cli.render import result_panel
from tricktable.cli.saves import load_json
from tricktable.core import Action, Game, State, TricktableError
from tricktable.core.events import Event
from tricktable.table import EventFeed

__all__ = ["Replay", "load_replay"]

STEP_HELP = "Enter: next step, b: back, q: quit"


@dataclass(frozen=True, slots=True)
class Replay:
    """Every state of a recorded game, and who took each action."""

    game: Game[Any, Any]
    states: list[State]
    moves: list[tuple[int, Action]]

    @property
    def num_seats(self) -> int:
        return self.states[0].num_seats


def load_replay(path: Path) -> Replay:
    """Read and check a record file; a damaged one is a one-line error naming the problem."""
    record = load_json(path)
    name = record.get("game")
    if not isinstance(name, str):
        raise CliError(f"{path} is not a game record: it names no game")
    game = get_game(name)
    try:
        final = game.replay(record)
        state = game.replay_start(record)
    except TricktableError as err:
        raise CliError(f"{path}: {err}") from None
    states, moves = [state], []
    # The record replayed whole above, so its history is the checked list of (seat, action).
    for seat, action in final.history:
        state = state.apply(action, seat)
        states.append(state)
        moves.append((seat, action))
    return Replay(game, states, moves)


def told_events(replay: Replay, seat: int | None) -> list[tuple[Event, ...]]:
    """For each step, the events ``seat`` saw happen in it (step 0: the start of the game)."""
    feed = EventFeed()
    return [feed.new_events(state, seat) for state in replay.states]


def show_step(
    console: Console, replay: Replay, step: int, seat: int | None, told: Sequence[tuple[Event, ...]]
) -> None:
    """Draw step ``step`` (0 is the deal, before any action) as ``seat`` sees it; ``told`` is
    :func:`told_events`."""
    total = len(replay.moves)
    state = replay.states[step]
    view = state.view(seat)
    who = "spectator" if seat is None else f"seat {seat}"
    lines = narrate(told[step], seat, replay.num_seats)
    if step == 0:
        lines.insert(0, "the start")
    console.print(f"[bold]step {step}/{total}[/bold]: ", end="")
    console.print("; ".join(lines), markup=False)
    title = f"{replay.game.title} — {who}"
    console.print(table_panel(view, replay.num_seats, title=title, config=state.config))
    if step == total and state.is_over and state.result is not None:
        console.print(result_panel(state.result.to_dict(), replay.num_seats, seat))


def check_seat(seat: int | None, num_seats: int) -> None:
    if seat is not None and not 0 <= seat < num_seats:
        raise CliError(f"--seat must be from 0 to {num_seats - 1} in this game, not {seat}")


def print_all(console: Console, replay: Replay, seat: int | None) -> None:
    told = told_events(replay, seat)
    for step in range(len(replay.moves) + 1):
        show_step(console, replay, step, seat, told)


def step_through(console: Console, replay: Replay, seat: int | None) -> None:
    """Interactive: Enter for the next step, ``b`` back, ``q`` quit."""
    step, total = 0, len(replay.moves)
    told = told_events(replay, seat)
    show_step(console, replay, step, seat, told)
    console.print(STEP_HELP, style="dim")
    while True:
        entry = ask(console, "replay> ").lower()
        if entry in ("q", "quit"):
            return
        if entry in ("", "n", "next"):
            if step == total:
                console.print("that was the last step (b: back, q: quit)", style="dim")
                continue
            step += 1
        elif entry in ("b", "back"):
            if step == 0:
                console.print("this is the first step", style="dim")
                continue
            step -= 1
        else:
            console.print(STEP_HELP, style="red")
            continue
        show_step(console, replay, step, seat, told)
