"""How much of each long check a run does: the whole of it (``make test``), or a twentieth at least
once (``make check``, ``pytest --budget small``): the same checks on fewer seeds, states and examples,
for the quick loop after an edit. ``conftest.py`` sets it from the command line before any test module
is imported, so module constants may be sized with it."""

from __future__ import annotations

_SMALL_SHARE = 20
_small = False


def set_small(small: bool) -> None:
    global _small
    _small = small


def is_small() -> bool:
    return _small


def scaled(full: int) -> int:
    """``full`` in the whole run; in the small one a twentieth of it, at least 1."""
    return max(1, full // _SMALL_SHARE) if _small else full
