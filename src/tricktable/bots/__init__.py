"""Bots, looked up by name: ``bots.get("medium", game="all-fours", seed=1)``.

``random`` plays any game. ``heuristic`` (also ``medium``) is each game's rule-based club player;
``easy`` is the heuristic bot that sometimes plays a random legal card. ``hard`` and ``expert`` search
(:mod:`tricktable.bots.search`): they sample worlds from the seat's events and play them out, and
``config`` (the table's rules, public at the table) tells them which game they imagine. Asking for a
bot that a game lacks is an error naming what exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.random_bot import RandomBot
from tricktable.core.errors import ConfigError

__all__ = ["Bot", "RandomBot", "get", "names"]

# game -> module holding that game's heuristic bot class ``HeuristicBot``
_HEURISTIC_MODULES = {
    "all-fours": "tricktable.bots.all_fours",
    "back-alley": "tricktable.bots.back_alley",
    "tractor": "tricktable.bots.tractor",
}
_ALIASES = {"medium": "heuristic"}


def names(game: str | None = None) -> list[str]:
    """The bot names available (for one game, if named)."""
    if game is None or _canonical_game(game) in _HEURISTIC_MODULES:
        return ["random", "easy", "heuristic", "medium", "hard", "expert"]
    return ["random"]


def get(name: str, *, game: str, seed: int | None = None, config: Any = None) -> Bot:
    """A new bot of that kind for that game, with its own seeded random source. ``config`` (the
    table's rules; default: the game's defaults) matters to the search bots only."""
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    game_key = _canonical_game(game)
    if key == "random":
        return RandomBot(seed)
    if key in ("heuristic", "easy"):
        factory = _heuristic_factory(game_key)
        bot = factory(seed)
        if key == "easy":
            from tricktable.bots.easy import EasyBot

            return EasyBot(bot, seed)
        return bot
    if key in ("hard", "expert") and game_key in _HEURISTIC_MODULES:
        from tricktable.bots.search import SearchBot

        return SearchBot(game_key, seed, level=key, config=config)
    raise ConfigError(f"unknown bot {name!r}; the bots for {game_key} are: {', '.join(names(game_key))}")


def _canonical_game(game: str) -> str:
    from tricktable import games

    return games.get(game).name


def _heuristic_factory(game: str) -> Callable[[int | None], Bot]:
    module = importlib.import_module(_HEURISTIC_MODULES[game])
    factory: Callable[[int | None], Bot] = module.HeuristicBot
    return factory
