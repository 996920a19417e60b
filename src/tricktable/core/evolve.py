"""The one way a game builds a successor state: ``evolve(state, field=value, ...)``.

To mypy, :func:`evolve` *is* ``dataclasses.replace``, whose plugin checks every change's name and type
against the dataclass: a misspelt field or a wrong type fails ``mypy --strict`` at the call. At run time
it does what ``replace`` does for a frozen dataclass without ``__post_init__`` (every state and record
of the games), through a copier generated once per class that fills the new instance's fields straight
from the old one: ``replace`` rebuilds the changes dict from every field and goes through the frozen
``__init__`` (one ``object.__setattr__`` per field), about three times the cost, and successors are
built on every action. A slotted class's copier sets each slot; a class whose instances keep a
``__dict__`` (a state of the pure build) has its fields written into the new one's; a native class
compiled by mypyc, which only its own ``__init__`` may fill, is called with every field in order
(by keyword, its compiled ``__init__`` parses the arguments five times slower); a class with a
``__post_init__`` or a field left out of ``__init__`` goes through ``replace`` itself.

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
    """``copy(old, changes)`` for ``cls``, giving each field its change or its old value, and the
    class's field names (a change must name one)."""
    names = [f.name for f in dataclasses.fields(cls)]
    if hasattr(cls, "__post_init__") or any(not f.init for f in dataclasses.fields(cls)):
        return _by_replace, frozenset(names)
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    value = {name: f"changes[{name!r}] if {name!r} in changes else old.{name}" for name in names}
    if "__slots__" in cls.__dict__ and "__dict__" not in cls.__dict__:
        scope.update({f"_set_{name}": getattr(cls, name).__set__ for name in names})
        body = ["new = _new(_cls)", *(f"_set_{n}(new, {v})" for n, v in value.items()), "return new"]
    elif cls.__dictoffset__:  # instances keep a __dict__
        body = [
            "new = _new(_cls)",
            "d = new.__dict__",
            *(f"d[{n!r}] = {v}" for n, v in value.items()),
            "return new",
        ]
    else:  # a native class, whose __init__ takes its fields in order (tricktable.compiled)
        body = [f"return _cls({', '.join(value.values())})"]
    source = "\n".join(["def copy(old, changes):", *(f"    {line}" for line in body)])
    exec(source, scope)  # built above from the class's own field names
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
