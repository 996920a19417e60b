"""Reading command-line settings (game, options, seat, bots) into checked values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable import bots, games
from tricktable.cli.errors import CliError
from tricktable.core import Game, TricktableError

__all__ = ["bot_names", "get_game", "parse_options", "resolve_config"]


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name``; an unknown name is a one-line error listing the games."""
    try:
        return games.get(name)
    except TricktableError as err:
        raise CliError(str(err)) from None
    except ImportError:
        # The registry lists every planned game; one may not be installed in this build yet.
        raise CliError(f"the game {name!r} is not available in this installation") from None


def parse_options(items: Sequence[str] | None) -> dict[str, str]:
    """``["target=7", "tobago=on"]`` -> ``{"target": "7", "tobago": "on"}`` (values stay text: the
    game's config converts and checks them)."""
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise CliError(f"--option takes key=value, like --option target=7, not {item!r}")
        if key in out:
            raise CliError(f"option {key!r} is given twice")
        out[key] = value
    return out


def resolve_config(game: Game[Any, Any], options: dict[str, str]) -> Any:
    """The game's config for those options; a bad key or value is a one-line error."""
    try:
        return game.Config.from_value(options)
    except TricktableError as err:
        raise CliError(f"{game.name}: {err}") from None


def bot_names(spec: str, game: Game[Any, Any], count: int, *, flag: str = "--bots") -> list[str]:
    """Comma-separated bot names, checked against the bots that exist for the game."""
    names = [n.strip() for n in spec.split(",")]
    if any(not n for n in names):
        raise CliError(f"{flag} takes bot names separated by commas, like 'heuristic,random', not {spec!r}")
    if len(names) == 1:
        names *= count
    known = bots.names(game.name)
    for name in dict.fromkeys(names):
        if name.lower() not in known:
            raise CliError(f"unknown bot {name!r}; the bots for {game.name} are: {', '.join(known)}")
        try:
            bots.get(name, game=game.name, seed=0)
        except ImportError:
            # The registry names a bot whose module this build does not ship (yet).
            raise CliError(f"the {name} bot for {game.name} is not available in this installation") from None
    return names
