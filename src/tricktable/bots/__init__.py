"""Bots, looked up by name: ``bots.get("medium", game="all-fours", seed=1)``.

``random`` plays any game. ``heuristic`` (also ``medium``) is each game's rule-based club player;
``easy`` is the heuristic bot that sometimes plays a random legal card. ``hard`` and ``expert`` search
(:mod:`tricktable.bots.search`): they sample worlds from the seat's events and play them out, and
``config`` (the table's rules, public at the table) tells them which game they imagine. Asking for a
bot that a game lacks is an error naming what exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.bots.base import Bot
from tricktable.bots.random_bot import RandomBot
from tricktable.core.description import resolve
from tricktable.core.errors import ConfigError

__all__ = ["Bot", "RandomBot", "get", "names"]

_ALIASES = {"medium": "heuristic"}


def names(game: str | None = None) -> list[str]:
    """The bot names available (for one game, if named)."""
    if game is None or _has_heuristic(_canonical_game(game)):
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
        factory = heuristic_factory(game_key)
        bot = factory(seed)
        if key == "easy":
            from tricktable.bots.easy import EasyBot

            return EasyBot(bot, seed)
        return bot
    if key in ("hard", "expert") and _has_heuristic(game_key):
        from tricktable.bots.search import SearchBot

        return SearchBot(game_key, seed, level=key, config=config)
    raise ConfigError(f"unknown bot {name!r}; the bots for {game_key} are: {', '.join(names(game_key))}")


def _canonical_game(game: str) -> str:
    from tricktable import games

    return games.get(game).name


def _has_heuristic(game: str) -> bool:
    from tricktable import games

    return games.get(game).description.bots is not None


def heuristic_factory(game: str) -> Callable[[int | None], Bot]:
    """The game's heuristic bot class, as its description names it."""
    from tricktable import games

    path = games.get(game).description.bots
    if path is None:
        raise ConfigError(f"{game} has no heuristic bot; the bots for it are: {', '.join(names(game))}")
    factory: Callable[[int | None], Bot] = resolve(path)
    return factory
