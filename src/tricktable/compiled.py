"""What the rules core (``cards``, ``core``, ``games``) needs to be compiled by mypyc from the same
typed source: one decorator, :func:`python_class`, and one pattern for the records built on every
action.

mypyc turns a class into a native class with a fixed C layout unless a decorator it does not know
is applied. A native class cannot take ``dataclass(slots=True)`` (it has no ``__dict__`` to swap),
subclass ``int`` or ``str``, or let a subclass narrow an attribute's type to a class it compiles
(each view narrows ``View.trump``), and an interpreted class (a game built outside the package, a
test's config) cannot subclass a native one (``GameConfig``, ``Game``). Those classes keep being
Python classes, made by the same decorators as in the pure build; their methods are still compiled.

The states and the records they are made of are native classes instead: compiled code builds them
and reads their fields directly, several times faster than a Python class's. Each is a frozen
dataclass (equality, hash, repr and ``evolve`` as before) with ``init=False`` and its own
``__init__`` taking the fields in order (as the ``__init__`` that ``dataclass`` writes, which would
run interpreted; :func:`~tricktable.core.evolve.evolve` relies on the order) and setting each by
``object.__setattr__(self, "name", name)``, which mypyc compiles into a direct store::

    @dataclass(frozen=True, init=False)
    class Progress:
        won: tuple[int, ...]
        broken: bool

        def __init__(self, won: tuple[int, ...], broken: bool) -> None:
            object.__setattr__(self, "won", won)
            object.__setattr__(self, "broken", broken)
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["python_class"]

_C = TypeVar("_C", bound=type)


def python_class(cls: _C) -> _C:
    """Keep ``cls`` a Python class under mypyc; nothing else happens, compiled or not."""
    return cls
