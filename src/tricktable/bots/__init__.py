"""Bots, looked up by name: ``bots.get("medium", game="all-fours", seed=1)``.

``random`` plays any game. ``heuristic`` (also ``medium``) is each game's rule-based club player;
``easy`` is the heuristic bot that sometimes plays a random legal card. Stronger levels are added by
later work; asking for one that a game lacks is an error naming what exists.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

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
        return ["random", "easy", "heuristic", "medium"]
    return ["random"]


def get(name: str, *, game: str, seed: int | None = None) -> Bot:
    """A new bot of that kind for that game, with its own seeded random source."""
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
    raise ConfigError(f"unknown bot {name!r}; the bots for {game_key} are: {', '.join(names(game_key))}")


def _canonical_game(game: str) -> str:
    from tricktable import games

    return games.get(game).name


def _heuristic_factory(game: str) -> Callable[[int | None], Bot]:
    module = importlib.import_module(_HEURISTIC_MODULES[game])
    factory: Callable[[int | None], Bot] = module.HeuristicBot
    return factory
