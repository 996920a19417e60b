"""Whose turn it is, as the bots' own play-outs ask it of a state."""

from __future__ import annotations

from tricktable.core.state import State

__all__ = ["next_turn"]


def next_turn(state: State) -> tuple[int, int | None]:
    """The seat that acts next in ``state`` (not over), and the seat to name to the state's
    ``legal_actions`` and ``apply_legal``: None when it is the seat to move (the core's fast path
    serves that common case); else, when any of several seats may act (a Tractor declaration), the
    first of them, named."""
    seat = state.to_move
    if seat is not None:
        return seat, None
    seats = state.acting_seats()
    if not seats:
        raise RuntimeError(f"no seat may act in {state!r}, yet the game is not over")
    return seats[0], seats[0]
