"""Lazy combinatorial sequences: count and index sub-multisets without listing them.

A void follower to a big throw can have millions of legal plays; these sequences answer ``len``
and ``seq[i]`` by combinatorial unranking, so ``random.choice`` costs microseconds.

>>> seq = MultisetCombinations(("a", "b", "c"), (2, 1, 1), 2)
>>> len(seq), list(seq)
(4, [('b', 'c'), ('a', 'c'), ('a', 'b'), ('a', 'a')])
>>> seq[-1]
('a', 'a')
>>> unrank_combination(5, 2, 9)
(3, 4)
"""

from __future__ import annotations

from abc import abstractmethod
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from math import comb, prod
from typing import Generic, TypeVar, overload

__all__ = [
    "Blocks",
    "LazySequence",
    "MultisetCombinations",
    "SubMultisets",
    "sub_multiset",
    "unrank_combination",
]

T = TypeVar("T")


def unrank_combination(n: int, k: int, index: int) -> tuple[int, ...]:
    """The ``index``-th k-subset of ``range(n)`` in lexicographic order, as sorted positions."""
    out: list[int] = []
    x = 0
    while k:
        # Subsets starting with x: comb(n - x - 1, k - 1).
        block = comb(n - x - 1, k - 1)
        if index < block:
            out.append(x)
            k -= 1
        else:
            index -= block
        x += 1
    return tuple(out)


class LazySequence(Sequence[T]):
    """A read-only sequence that computes items on demand: subclasses give ``__len__`` and ``_item``."""

    __slots__ = ()

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def _item(self, index: int) -> T:
        """The item at ``0 <= index < len(self)``."""

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        size = len(self)
        if isinstance(index, int):  # first: compiled, an int check is inline, a slice check a call
            i = index + size if index < 0 else index
            if not 0 <= i < size:
                raise IndexError(f"index {index} out of range for {size} items")
            return self._item(i)
        return [self._item(i) for i in range(*index.indices(size))]

    def __iter__(self) -> Iterator[T]:
        for i in range(len(self)):
            yield self._item(i)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __repr__(self) -> str:
        size = len(self)
        head = ", ".join(repr(self._item(i)) for i in range(min(size, 3)))
        more = f", ... ({size} in all)" if size > 3 else ""
        return f"<{type(self).__name__} [{head}{more}]>"


class MultisetCombinations(LazySequence[tuple[T, ...]]):
    """Every sub-multiset of size ``r`` of a multiset given as distinct items and multiplicities.

    Items come with fewer copies of the earlier items first; each is a tuple in the items' order.
    """

    __slots__ = ("_items", "_mults", "_r", "_ways")

    def __init__(self, items: Sequence[T], mults: Sequence[int], r: int) -> None:
        self._items = tuple(items)
        self._mults = tuple(mults)
        self._r = r
        # _ways[i][j]: sub-multisets of size j drawn from items i.. (suffix counts for unranking).
        d = len(self._items)
        ways = [[0] * (r + 1) for _ in range(d + 1)]
        ways[d][0] = 1
        for i in range(d - 1, -1, -1):
            nxt, row, m = ways[i + 1], ways[i], self._mults[i]
            for j in range(r + 1):
                row[j] = sum(nxt[j - c] for c in range(min(m, j) + 1))
        self._ways = ways

    def __len__(self) -> int:
        return self._ways[0][self._r] if self._r >= 0 else 0

    def _item(self, index: int) -> tuple[T, ...]:
        out: list[T] = []
        j = self._r
        for i, item in enumerate(self._items):
            if not j:
                break
            nxt = self._ways[i + 1]
            for c in range(min(self._mults[i], j) + 1):
                if index < nxt[j - c]:
                    out.extend([item] * c)
                    j -= c
                    break
                index -= nxt[j - c]
        return tuple(out)


class SubMultisets(LazySequence[tuple[T, ...]]):
    """Every non-empty sub-multiset of a multiset (distinct items with multiplicities), by mixed radix."""

    __slots__ = ("_items", "_mults", "_size")

    def __init__(self, items: Sequence[T], mults: Sequence[int]) -> None:
        self._items = tuple(items)
        self._mults = tuple(mults)
        self._size = prod(m + 1 for m in self._mults) - 1

    def __len__(self) -> int:
        return self._size

    def _item(self, index: int) -> tuple[T, ...]:
        return sub_multiset(self._items, self._mults, index)


def sub_multiset(items: Sequence[T], mults: Sequence[int], index: int) -> tuple[T, ...]:
    """Item ``index`` of :class:`SubMultisets` ``(items, mults)``, without making the sequence (a
    random lead picks one item of one suit's)."""
    if len(items) != len(mults):
        raise ValueError(f"{len(items)} items but {len(mults)} multiplicities")
    index += 1  # skip the empty multiset
    out: list[T] = []
    for i in range(len(items)):
        # Mixed radix, digit by digit (compiled: plain int operations, no zip or divmod objects).
        radix = mults[i] + 1
        for _ in range(index % radix):
            out.append(items[i])
        index //= radix
    return tuple(out)


class Blocks(LazySequence[T], Generic[T]):
    """The concatenation of several lazy sequences, indexed through their cumulative lengths."""

    __slots__ = ("_blocks", "_size", "_starts")

    def __init__(self, blocks: Sequence[Sequence[T]]) -> None:
        self._blocks = [b for b in blocks if len(b)]
        starts: list[int] = []
        total = 0
        for b in self._blocks:
            starts.append(total)
            total += len(b)
        self._starts = starts
        self._size = total

    def __len__(self) -> int:
        return self._size

    def _item(self, index: int) -> T:
        k = bisect_right(self._starts, index) - 1
        return self._blocks[k][index - self._starts[k]]
