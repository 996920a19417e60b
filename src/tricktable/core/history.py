"""The action log of a game: an immutable linked list, so ``apply`` adds an action in O(1) and every
older state keeps its own log unchanged."""

from __future__ import annotations

from collections.abc import Iterator

from tricktable.core.actions import Action

__all__ = ["EMPTY_LOG", "Log"]


class Log:
    """``(seat, action)`` entries in the order they were applied."""

    __slots__ = ("_action", "_len", "_parent", "_seat")
    _len: int

    def __init__(self, parent: Log | None, seat: int, action: Action | None) -> None:
        self._parent = parent
        self._seat = seat
        self._action = action
        self._len = 0 if parent is None else parent._len + 1

    def push(self, seat: int, action: Action) -> Log:
        return Log(self, seat, action)

    def __len__(self) -> int:
        return self._len

    def entries(self) -> tuple[tuple[int, Action], ...]:
        out: list[tuple[int, Action]] = []
        node: Log | None = self
        while node is not None and node._action is not None:
            out.append((node._seat, node._action))
            node = node._parent
        out.reverse()
        return tuple(out)

    def __iter__(self) -> Iterator[tuple[int, Action]]:
        return iter(self.entries())

    def last(self) -> tuple[int, Action] | None:
        return None if self._action is None else (self._seat, self._action)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Log) or other._len != self._len:
            return NotImplemented if not isinstance(other, Log) else False
        return self.entries() == other.entries()

    def __hash__(self) -> int:
        return hash(self.entries())

    def __repr__(self) -> str:
        return f"Log({len(self)} actions)"


EMPTY_LOG = Log(None, -1, None)
