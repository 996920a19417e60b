"""Which build of tricktable runs: the modules mypyc compiles, the switch to the pure source, and the
guard against a stale build.

``make`` compiles the modules in :data:`COMPILED_MODULES` with mypyc, in place: each C extension
module lies next to the ``.py`` it was compiled from and is imported instead of it (``setup.py``).
Nothing else changes: the source is the same typed Python, and every module stays importable from it.

The pure source runs instead, for every ``tricktable`` module:
- with ``TRICKTABLE_PURE=1`` in the environment (the tests run both builds);
- when no compiled module is there (a source checkout, ``pip install``, no C compiler);
- when the build is stale or partial: a listed module's ``.py`` is newer than its extension, or one is
  missing. Its compiled code would no longer be its source, and a compiled class cannot mix with an
  interpreted one of the same hierarchy; a warning says to run ``make`` again.

This module is never compiled itself: it decides, before any other ``tricktable`` module loads, where
they load from.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType

__all__ = ["COMPILED_MODULES", "compiled_modules", "is_compiled", "source_path", "stale_modules"]

_PACKAGE = Path(__file__).parent
_GAMES = sorted(p.name for p in (_PACKAGE / "games").iterdir() if (p / "__init__.py").exists())

# The double-dummy solver's search (issue 18's budget): bitmask loops over plain ints, 3-4x faster
# compiled, with each game's solver (analysis/<game>.py). Then the rules core (issue 20): cards, the
# core and every module of every game, found on disk so that a new game needs no line here. Left to
# the interpreter: the packages' ``__init__`` modules, which only gather names; evolve, whose copiers
# are code generated at run time (exec); and events, views and config, whose dataclasses stay Python
# classes (tricktable.compiled) with class variables in the body (an event's kind, a view's seat
# fields), which mypyc would hand to ``dataclass`` as fields; and each game's config, so that its
# state, a native class, may narrow ``State.config`` to it (mypyc lets a native subclass narrow an
# attribute only between classes it does not compile).
# Then the RL environments' per-decision path (the vector environment, the episode, the observation
# table and the action codec: numpy's types are Any to mypyc where the rl extra is missing); the AEC
# class stays interpreted, as PettingZoo's subclass it gains nothing compiled, and keeps in the episode
# all that a decision runs. And Tractor's greedy rollout policy, which played most of a ``hard``
# decision's time (issue 19's budget) interpreted.
COMPILED_MODULES: tuple[str, ...] = (
    "tricktable.analysis.search",
    *(f"tricktable.analysis.{game}" for game in _GAMES if (_PACKAGE / "analysis" / f"{game}.py").exists()),
    "tricktable.bots.tractor_rollout",
    "tricktable.cards",
    *(
        f"tricktable.core.{name}"
        for name in (
            "actions",
            "copies",
            "description",
            "errors",
            "game",
            "hiding",
            "history",
            "labels",
            "marks",
            "panel",
            "pick",
            "reveal",
            "rng",
            "sampling",
            "schema",
            "state",
            "trick",
        )
    ),
    "tricktable.env.actions",
    "tricktable.env.episode",
    "tricktable.env.table",
    "tricktable.env.vector",
    *(
        f"tricktable.games.{game}.{path.stem}"
        for game in _GAMES
        for path in sorted((_PACKAGE / "games" / game).glob("*.py"))
        if path.stem not in ("__init__", "config")
    ),
)

_PURE_SWITCH = "TRICKTABLE_PURE"
_NAMED = 3  # stale modules a warning names (a partial build can leave dozens)


def source_path(module: str) -> Path:
    """The ``.py`` file of a ``tricktable`` module, e.g. ``tricktable.analysis.search``."""
    _, *parts = module.split(".")
    return _PACKAGE.joinpath(*parts).with_suffix(".py")


def _extension_path(module: str) -> Path | None:
    source = source_path(module)
    for suffix in EXTENSION_SUFFIXES:
        path = source.with_name(source.stem + suffix)
        if path.exists():
            return path
    return None


def stale_modules() -> list[str]:
    """The listed modules whose extension is missing or older than their source, when at least one
    extension exists (none at all is the pure build, not a stale one)."""
    found = {module: _extension_path(module) for module in COMPILED_MODULES}
    if not any(found.values()):
        return []
    return [
        module
        for module, extension in found.items()
        if extension is None or extension.stat().st_mtime < source_path(module).stat().st_mtime
    ]


def compiled_modules() -> list[str]:
    """The ``tricktable`` modules this process has loaded from a C extension."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("tricktable.") and not (getattr(module, "__file__", None) or ".py").endswith(".py")
    )


def is_compiled() -> bool:
    """Whether the compiled modules run in this process (importing them if they are not loaded yet)."""
    __import__(COMPILED_MODULES[0])
    return COMPILED_MODULES[0] in compiled_modules()


class _SourceOnly(MetaPathFinder):
    """Finds ``tricktable``'s modules from their ``.py`` files, never from an extension module."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("tricktable.") or path is None:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name)
            if spec is not None:
                return spec
        return None


def choose() -> None:
    """Load every later ``tricktable`` module from source if asked to, or if the build is stale."""
    if any(isinstance(finder, _SourceOnly) for finder in sys.meta_path):
        return
    pure = os.environ.get(_PURE_SWITCH, "") not in ("", "0")
    if not pure and (stale := stale_modules()):
        more = len(stale) - _NAMED
        named = ", ".join(stale[:_NAMED]) + (f" and {more} more" if more > 0 else "")
        warnings.warn(
            f"tricktable: the compiled build is stale ({named}: missing, or older than the source); "
            "running the pure Python source. `make` (or `python setup.py build_ext --inplace`) rebuilds it.",
            RuntimeWarning,
            stacklevel=2,
        )
        pure = True
    if pure:
        sys.meta_path.insert(0, _SourceOnly())
