"""The one way a game builds a successor state: ``evolve(state, field=value, ...)``.

To mypy, :func:`evolve` *is* ``dataclasses.replace``, whose plugin checks every change's name and type
against the dataclass: a misspelt field or a wrong type fails ``mypy --strict`` at the call. At run time
it does what ``replace`` does for a frozen slotted dataclass without ``__post_init__`` (every state
and record of the games), through a copier generated once per class that fills the new instance's
slots straight from the old one: ``replace`` rebuilds the changes dict from every field and goes
through the frozen ``__init__`` (one ``object.__setattr__`` per field), about three times the cost,
and successors are built on every action. Any other class goes through ``replace`` itself.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Point:
...     x: int
...     y: int
>>> evolve(Point(1, 2), y=5)
Point(x=1, y=5)
>>> evolve(Point(1, 2), z=5)
Traceback (most recent call last):
...
TypeError: Point has no field 'z' (its fields: x, y)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

__all__ = ["evolve"]

_Copier = Callable[[Any, dict[str, Any]], Any]
_COPIERS: dict[type, tuple[_Copier, frozenset[str]]] = {}


def _copier(cls: type) -> tuple[_Copier, frozenset[str]]:
    """``copy(old, changes)`` for ``cls``, setting each slot to its change or its old value, and the
    class's field names (a change must name one)."""
    names = [f.name for f in dataclasses.fields(cls)]
    slotted = "__slots__" in cls.__dict__ and "__dict__" not in cls.__dict__
    if not slotted or hasattr(cls, "__post_init__") or any(not f.init for f in dataclasses.fields(cls)):
        return _by_replace, frozenset(names)
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    lines = ["def copy(old, changes):", "    new = _new(_cls)"]
    for i, name in enumerate(names):
        scope[f"_set{i}"] = getattr(cls, name).__set__
        lines.append(f"    _set{i}(new, changes[{name!r}] if {name!r} in changes else old.{name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the source is built above from the class's own field names
    copy: _Copier = scope["copy"]
    return copy, frozenset(names)


def _by_replace(old: Any, changes: dict[str, Any]) -> Any:
    return dataclasses.replace(old, **changes)


def _evolve(state: Any, /, **changes: Any) -> Any:
    cls = state.__class__
    known = _COPIERS.get(cls)
    if known is None:
        known = _COPIERS[cls] = _copier(cls)
    copy, names = known
    if changes.keys() <= names:
        return copy(state, changes)
    wrong = ", ".join(repr(k) for k in changes if k not in names)
    fields = ", ".join(f.name for f in dataclasses.fields(cls))
    raise TypeError(f"{cls.__name__} has no field {wrong} (its fields: {fields})")


if TYPE_CHECKING:
    from dataclasses import replace as evolve
else:
    evolve = _evolve
