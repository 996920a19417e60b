"""The table: who sits where, whose move comes next, bots playing a game out, and matches of many
games with their statistics. No terminal, no clock beyond timing bot decisions: the CLI, the server
and the arena all stand on it.

- :mod:`~tricktable.table.seats` — :class:`Seats` (a bot name or a human per seat), :func:`make_bots`,
  :func:`bot_seed`.
- :mod:`~tricktable.table.loop` — :func:`acting_seat`, :func:`next_bot_action` (one bot move, for a
  server), :func:`play_out` (bots to the end, or to a human's turn), :class:`EventFeed`.
- :mod:`~tricktable.table.match` — :class:`Match`, :func:`run_match` (the same outcomes for any number
  of processes), :func:`play_game`, :func:`game_seed`.
- :mod:`~tricktable.table.stats` — :func:`summarize`, :func:`wilson_interval`.
"""

from tricktable.table.loop import (
    Decision,
    EventFeed,
    Playout,
    acting_seat,
    bot_choice,
    next_bot_action,
    play_out,
)
from tricktable.table.match import MAX_JOBS, Match, Outcome, game_seed, play_game, run_games, run_match
from tricktable.table.seats import Seats, bot_seed, make_bots, split_names
from tricktable.table.stats import Summary, TeamSummary, summarize, wilson_interval

__all__ = [
    "MAX_JOBS",
    "Decision",
    "EventFeed",
    "Match",
    "Outcome",
    "Playout",
    "Seats",
    "Summary",
    "TeamSummary",
    "acting_seat",
    "bot_choice",
    "bot_seed",
    "game_seed",
    "make_bots",
    "next_bot_action",
    "play_game",
    "play_out",
    "run_games",
    "run_match",
    "split_names",
    "summarize",
    "wilson_interval",
]
