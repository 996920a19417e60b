"""The arena: two bots measured against each other on duplicate deals.

>>> from tricktable.arena import Arena, run_arena, summarize
>>> arena = Arena("all-fours", ("heuristic", "random"), seed=1, games=2, config={"target": 3})
>>> duels = run_arena(arena)
>>> report = summarize(duels, arena.bots, game=arena.game)
>>> report.games, sorted(report.to_json())[:3]
(2, ['bots', 'decision_ms', 'game'])

- :mod:`~tricktable.arena.duplicate` — :class:`Arena`, :func:`run_arena` (the same games for any number
  of processes, or on a Ray cluster with ``backend="ray"``), :func:`play_duel`.
- :mod:`~tricktable.arena.log` — :class:`ArenaLog`: the games kept as they end (JSON lines), so that a
  stopped match resumes where it stopped.
- :mod:`~tricktable.arena.report` — :func:`summarize` (wins, win rate with Wilson's interval, score
  difference per deal with a t interval over duplicate pairs, decision-time percentiles), :func:`running`.
- :mod:`~tricktable.arena.plot` — :func:`plot` (matplotlib, the ``arena`` extra).
"""

from tricktable.arena.duplicate import SIDES, Arena, Duel, play_duel, play_pairs, run_arena
from tricktable.arena.report import Point, Report, percentile, running, summarize, t_interval

__all__ = [
    "SIDES",
    "Arena",
    "Duel",
    "Point",
    "Report",
    "percentile",
    "play_duel",
    "play_pairs",
    "run_arena",
    "running",
    "summarize",
    "t_interval",
]
