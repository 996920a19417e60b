"""The table loop: whose action comes next, a bot's move, and a game played out by bots.

The acting-seat policy: the seat to move acts. Some games let other seats act out of turn (Tractor's
declarations during the draw, All Fours' exposing during play): a human may, at the interface's
offer, but a bot is asked only when it is its seat's turn, so bots never act out of turn. Only when no
single seat is to move does the first seat that may act go.

>>> from tricktable import games
>>> from tricktable.table import Seats, make_bots
>>> state = games.get("all-fours").new(seed=3, config={"target": 1})
>>> seats = Seats.for_teams(state.num_seats, "random,random")
>>> game = play_out(state, make_bots("all-fours", seats, state.seed))
>>> game.final.is_over, len(game.decisions) == game.final.version
(True, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tricktable.bots import Bot
from tricktable.bots.turns import next_turn
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.state import State

__all__ = ["Decision", "EventFeed", "Playout", "acting_seat", "bot_choice", "next_bot_action", "play_out"]


def acting_seat(state: State) -> int | None:
    """The seat whose action comes next: the seat to move, or, when no single seat is (every seat
    may act), the first that may; None once the game is over."""
    return None if state.is_over else next_turn(state)[0]


class EventFeed:
    """Each seat's events for a game followed forward, gathered incrementally: asking again after a
    few more actions walks only the new part of the log. Use one feed per game; a state with fewer
    actions than the last one asked about (an undo) starts that seat's events again."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[int | None, tuple[int, tuple[Event, ...]]] = {}

    def events(self, state: State, seat: int | None) -> tuple[Event, ...]:
        """``state.events(seat)``, computed from what this feed already holds for the seat."""
        version, known = self._seen.get(seat, (0, ()))
        if state.version == version and seat in self._seen:
            return known
        if seat in self._seen and version < state.version:
            events = known + state.events(seat, since=version)
        else:
            events = state.events(seat)
        self._seen[seat] = (state.version, events)
        return events

    def new_events(self, state: State, seat: int | None) -> tuple[Event, ...]:
        """The seat's events that this feed has not handed out for it before (all of them after an
        undo): what to tell a player after each action."""
        version, known = self._seen.get(seat, (0, ()))
        events = self.events(state, seat)
        return events[len(known) :] if state.version >= version else events


def bot_choice(state: State, seat: int, bot: Bot, feed: EventFeed | None = None) -> Action:
    """``bot``'s action for ``seat``, given only that seat's view, legal actions and (if the bot wants
    them) events. The bot's choice is trusted to be one of the legal actions; ``apply`` checks it."""
    legal = state.legal_actions(seat)
    events: Sequence[Event] = ()
    if bot.wants_events:
        events = state.events(seat) if feed is None else feed.events(state, seat)
    return bot.choose(state.view(seat), legal, events)


def next_bot_action(
    state: State, bots: Mapping[int, Bot], feed: EventFeed | None = None
) -> tuple[int, Action] | None:
    """The next ``(seat, action)`` when the acting seat has a bot in ``bots``; None when the game is
    over or a seat without a bot (a human) is to act. One move at a time, for a server's loop."""
    seat = acting_seat(state)
    if seat is None or seat not in bots:
        return None
    return seat, bot_choice(state, seat, bots[seat], feed)


@dataclass(frozen=True, slots=True)
class Decision:
    """One bot decision: the state version it was made at, the seat, the action, how many legal
    actions there were (1: a forced move), and the seconds the bot took (only this field differs
    between two runs of the same game)."""

    version: int
    seat: int
    action: Action
    options: int
    seconds: float


@dataclass(frozen=True, slots=True)
class Playout:
    """A game played out: its last state and each bot decision on the way."""

    final: State
    decisions: tuple[Decision, ...]


def play_out(
    state: State,
    bots: Mapping[int, Bot],
    *,
    feed: EventFeed | None = None,
    on_action: Callable[[State, int, Action], None] | None = None,
) -> Playout:
    """Let the bots act until the game is over or a seat without a bot is to act. ``on_action(before,
    seat, action)`` is called before each action is applied (a progress hook)."""
    wants_events = any(bot.wants_events for bot in bots.values())
    if wants_events and feed is None:
        feed = EventFeed()
    decisions: list[Decision] = []
    clock = time.perf_counter
    while True:
        seat = acting_seat(state)
        if seat is None or seat not in bots:
            break
        bot = bots[seat]
        # The seat to move is named as None: the core's fast path serves that common case.
        named = None if seat == state.to_move else seat
        start = clock()
        legal = state.legal_actions(named)
        events: Sequence[Event] = ()
        if bot.wants_events and feed is not None:
            events = feed.events(state, seat)
        action = bot.choose(state.view(seat), legal, events)
        seconds = clock() - start
        decisions.append(Decision(state.version, seat, action, len(legal), seconds))
        if on_action is not None:
            on_action(state, seat, action)
        # A bot returns one of ``legal`` (its contract), so it is applied without a second check.
        state = state.apply_legal(action, named)
    return Playout(state, tuple(decisions))
