"""The game registry: ``games.get("all-fours")``, ``games.names()``.

Each game lives in its own package and is imported on first use.
"""

from __future__ import annotations

import importlib
from typing import Any

from tricktable.core.errors import ConfigError
from tricktable.core.game import Game

__all__ = ["get", "names"]

_MODULES = {
    "all-fours": "tricktable.games.all_fours",
    "back-alley": "tricktable.games.back_alley",
    "tractor": "tricktable.games.tractor",
}
_ALIASES = {
    "allfours": "all-fours",
    "all_fours": "all-fours",
    "back_alley": "back-alley",
    "backalley": "back-alley",
    "shengji": "tractor",
    "sheng-ji": "tractor",
}
_loaded: dict[str, Game[Any, Any]] = {}


def names() -> list[str]:
    """The registered games' names."""
    return list(_MODULES)


def get(name: str) -> Game[Any, Any]:
    """The game called ``name`` (see :func:`names`).

    >>> get("all-fours").name
    'all-fours'
    """
    key = _ALIASES.get(name.strip().lower(), name.strip().lower()) if isinstance(name, str) else name
    if key not in _MODULES:
        raise ConfigError(f"unknown game {name!r}; the games are: {', '.join(_MODULES)}")
    if key not in _loaded:
        module = importlib.import_module(_MODULES[key])
        _loaded[key] = module.GAME
    return _loaded[key]
