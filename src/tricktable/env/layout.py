"""Fixed-shape observation layouts: named slices of one float32 vector.

A :class:`Layout` is built once per game and seat count; each block has a name, a width, the range of
its values and a sentence saying what it holds. ``docs/observations.md`` shows every game's table as
:meth:`Layout.table` writes it (a test keeps the two equal).

>>> layout = Layout()
>>> hand = layout.add("hand", 54, "cards in the seat's hand", high=2)
>>> layout.size, hand
(54, slice(0, 54, None))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Block", "Layout"]


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    start: int
    width: int
    low: float
    high: float
    doc: str

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.width)


class Layout:
    """The blocks of one observation vector, in order."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, width: int, doc: str, *, low: float = 0.0, high: float = 1.0) -> slice:
        if any(b.name == name for b in self.blocks):
            raise ValueError(f"block {name!r} is already in the layout")
        block = Block(name, self.size, width, low, high, doc)
        self.blocks.append(block)
        self.size += width
        return block.slice

    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(f"no block {name!r} in the layout (blocks: {', '.join(b.name for b in self.blocks)})")

    def bounds(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for b in self.blocks:
            low[b.slice] = b.low
            high[b.slice] = b.high
        return low, high

    def table(self) -> str:
        """The layout as a Markdown table: offset, width, name, range, meaning."""
        rows = ["| offset | width | block | range | holds |", "|---:|---:|---|---|---|"]
        for b in self.blocks:
            rows.append(f"| {b.start} | {b.width} | `{b.name}` | {_num(b.low)} … {_num(b.high)} | {b.doc} |")
        rows.append(f"| {self.size} | | *(total size)* | | |")
        return "\n".join(rows)


def _num(x: float) -> str:
    if np.isinf(x):
        return "−∞" if x < 0 else "∞"
    return str(int(x)) if float(x).is_integer() else str(x)
