"""Pickling and deep-copying the rules core's dataclasses the same way in both builds: :func:`copyable`.

Compiled by mypyc, a native class has no ``__dict__`` for the default protocol to fill, and a frozen
one refuses the attribute writes that would fill it; a slotted dataclass kept a Python class is made
through a ``__new__`` that wants its fields. So each module names its dataclasses once, and they are
pickled and copied as their class called with their fields by name, which every build's ``__init__``
takes.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any

__all__ = ["copyable"]


def copyable(*classes: type) -> None:
    """Pickle and copy instances of these dataclasses as their class called with their fields."""
    for cls in classes:
        copyreg.pickle(cls, _reduce)


def _reduce(value: Any) -> tuple[Any, ...]:
    return (_rebuilt, (type(value), {f.name: getattr(value, f.name) for f in fields(value)}))


def _rebuilt(cls: type, values: dict[str, Any]) -> Any:
    return cls(**values)
