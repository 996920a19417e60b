"""What the rules core (``cards``, ``core``, ``games``) needs to be compiled by mypyc from the same
typed source: one decorator, :func:`python_class`.

mypyc turns a class into a native class with a fixed C layout unless a decorator it does not know
is applied. A native class cannot take ``dataclass(slots=True)`` (it has no ``__dict__`` to swap),
subclass ``int`` or ``str``, or let a subclass narrow an attribute's type (each game's state narrows
``State.config``, each view ``View.trump``), and an interpreted class (a game built outside the
package, a test's config) cannot subclass a native one (``GameConfig``, ``Game``). Those classes
keep being Python classes, made by the same decorators as in the pure build; their methods are
still compiled.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["python_class"]

_C = TypeVar("_C", bound=type)


def python_class(cls: _C) -> _C:
    """Keep ``cls`` a Python class under mypyc; nothing else happens, compiled or not."""
    return cls
