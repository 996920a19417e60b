"""Bots playing a game by themselves: who acts next, and a whole game to the end."""

from __future__ import annotations

from collections.abc import Mapping

from tricktable.bots import Bot
from tricktable.core import Action, State

__all__ = ["acting_seat", "bot_action", "play_out"]


def acting_seat(state: State) -> int:
    """The seat whose action comes next: the seat to move, or else the first seat that may act
    (when every seat may act, as in Tractor's declarations)."""
    if state.to_move is not None:
        return state.to_move
    for seat in range(state.num_seats):
        if state.may_act(seat):
            return seat
    raise RuntimeError(f"no seat may act in {state!r}, yet the game is not over")


def bot_action(state: State, bot: Bot, seat: int) -> Action:
    """The bot's choice, given only that seat's view and legal actions."""
    return bot.choose(state.view(seat), state.legal_actions(seat))


def play_out(state: State, bots: Mapping[int, Bot]) -> State:
    """Play the game to its end with one bot per seat."""
    while not state.is_over:
        seat = acting_seat(state)
        state = state.apply(bot_action(state, bots[seat], seat), seat)
    return state
