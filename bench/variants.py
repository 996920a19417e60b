"""Search bots with one setting changed, named for the duplicate benchmarks: ``LEVEL+OPTION[+...]``.

A change to the search is measured against the same bot without it, on the same deals. Two bots that
draw the same random numbers make the same decisions until the change first matters, so the two games
of a duplicate pair stay equal until then, and the pairs where it never mattered add nothing but
their weight to the interval: far fewer games settle the question than between unrelated bots.

- ``+beliefs``, ``+uniform``: beliefs on (``hard``'s are off); or on, with each world kept uniformly
  from the same pool of four times the worlds: the baseline of equal worlds for ``+beliefs``, with the
  same random numbers (``expert+uniform`` is ``expert`` with the uniform sampler).
- ``+beliefs=PHASE/PHASE``: beliefs read from the actions of the phases named (``bid/play``: the
  bids and the card play) instead of the game's own.
- ``+exact=N``: card-play decisions with at most N cards in hand valued by the game's exact solver in
  each world (All Fours, Back Alley; off at every level).
- ``+tree=N``: the information-set tree search of N iterations decides instead of the world search
  (:mod:`tricktable.bots.tree_search`; its exploration constant is the game's).
- ``+x=K``: K times the game's ``hard`` budget (rollouts, fast rollouts, the cap on worlds) instead of
  the level's multiple: ``hard+x=3`` is ``hard`` given three times its search.

    python -m bench.first_rounds back-alley --bots hard+beliefs,hard+uniform --pairs 100 --seed 5
"""

from __future__ import annotations

import math
from typing import Any

from tricktable import bots
from tricktable.bots.search import SearchBot

__all__ = ["get"]


def get(name: str, *, game: str, seed: int | None = None, config: Any = None) -> bots.Bot:
    """The bot ``name`` names: a bot of :func:`tricktable.bots.get`, or a search level with options."""
    level, *options = name.split("+")
    if not options:
        return bots.get(name, game=game, seed=seed, config=config)
    settings: dict[str, Any] = {}
    for option in options:
        key, _, value = option.partition("=")
        if key == "beliefs" and not value:
            settings["beliefs"] = True
        elif key == "beliefs":
            settings["beliefs"] = True
            settings["belief_phases"] = frozenset(value.split("/"))
        elif key == "uniform" and not value:
            settings["beliefs"] = True
            settings["belief_phases"] = frozenset()
        elif key == "exact" and value.isdigit():
            settings["exact"] = int(value)
        elif key == "tree" and value.isdigit():
            settings["tree"] = int(value)
        elif key == "x" and _positive(value):
            settings["multiple"] = float(value)
        else:
            raise ValueError(
                f"unknown search option {option!r} in {name!r}:"
                " beliefs, beliefs=PHASE/PHASE, uniform, exact=N, tree=N, x=K"
            )
    return SearchBot(game, seed, level=level.strip().lower(), config=config, **settings)


def _positive(value: str) -> bool:
    """Whether ``value`` is a finite number above 0 (a budget multiple)."""
    try:
        number = float(value)
    except ValueError:
        return False
    return math.isfinite(number) and number > 0
