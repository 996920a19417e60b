"""The game registry: ``games.get("all-fours")``, ``games.names()``.

Each game lives in its own package and is imported on first use; everything else about a game is
in its package's description (``games.get(name).description``). Adding a game is one package and
one line in :data:`_MODULES` (and, for callers that want its state and view types checked, one
:func:`get` overload beside the others).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Literal, overload

from tricktable.core.description import GameDescription
from tricktable.core.errors import ConfigError
from tricktable.core.game import Game

if TYPE_CHECKING:
    from tricktable.games.all_fours.game import AllFoursGame
    from tricktable.games.back_alley.game import BackAlleyGame
    from tricktable.games.tractor.game import TractorGame

__all__ = ["DEFAULT", "descriptions", "get", "names"]

_MODULES = {
    "all-fours": "tricktable.games.all_fours",
    "back-alley": "tricktable.games.back_alley",
    "tractor": "tricktable.games.tractor",
}
"""The registry: each game's name and the package whose ``GAME`` plays it."""

DEFAULT = "back-alley"
"""The game a tool plays when none is named (the learning environments)."""

_loaded: dict[str, Game[Any, Any]] = {}


def names() -> list[str]:
    """The registered games' names."""
    return list(_MODULES)


def descriptions() -> list[GameDescription]:
    """Every registered game's description, in :func:`names` order."""
    return [get(name).description for name in _MODULES]


@overload
def get(name: Literal["all-fours"]) -> AllFoursGame: ...
@overload
def get(name: Literal["back-alley"]) -> BackAlleyGame: ...
@overload
def get(name: Literal["tractor"]) -> TractorGame: ...
@overload
def get(name: str) -> Game[Any, Any]: ...


def get(name: str) -> Game[Any, Any]:
    """The game called ``name`` (see :func:`names`; each game's description lists other spellings).

    >>> get("all-fours").name
    'all-fours'
    """
    key = _alias(name.strip().lower()) if isinstance(name, str) else name
    if key not in _MODULES:
        raise ConfigError(f"unknown game {name!r}; the games are: {', '.join(_MODULES)}")
    if key not in _loaded:
        module = importlib.import_module(_MODULES[key])
        _loaded[key] = module.GAME
    return _loaded[key]


def _alias(key: str) -> str:
    """The registry name a game's description lists ``key`` as another spelling of (else ``key``)."""
    if key in _MODULES:
        return key
    for name in _MODULES:
        if key in get(name).description.aliases:
            return name
    return key
