"""What a side scores for a hand.

>>> from tricktable.games.back_alley.config import Config
>>> cfg = Config()
>>> side_points(Contract("tricks", 4), taken=6, size=13, config=cfg)  # 4 x 5 + 2 overtricks
22
>>> side_points(Contract("tricks", 4), taken=3, size=13, config=cfg)
-20
>>> side_points(Contract("board", 5, level=3), taken=5, size=5, config=cfg)  # triple board: 5 x 10 x 3
150
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tricktable.compiled import python_class
from tricktable.core.copies import copyable
from tricktable.core.trick import Play
from tricktable.core.views import Record

from .bidding import Contract
from .config import Config

__all__ = ["BOARD_POINTS_PER_TRICK", "HandRecord", "board_multiplier", "side_points"]

BOARD_POINTS_PER_TRICK = 10


def board_multiplier(level: int, kind: str) -> int:
    """Board 1, double 2, triple 3, quadruple 4 (linear) or 1, 2, 4, 8 (doubling)."""
    return level if kind == "linear" else 2 ** (level - 1)


def side_points(contract: Contract, taken: int, size: int, config: Config) -> int:
    if contract.kind == "tricks":
        bid = contract.tricks
        per = config.points_per_bid_trick
        return per * bid + (taken - bid) if taken >= bid else -per * bid
    if contract.kind == "none":
        return taken if config.zero_bid_scores_tricks else 0
    board = BOARD_POINTS_PER_TRICK * size * board_multiplier(contract.level, config.board_multiplier)
    if contract.kind == "board":
        return board if taken == size else -board
    return -board if config.overruled_board == "failed" else 0


@python_class
@dataclass(frozen=True, init=False)
class HandRecord:
    """One row of the score sheet: a hand played (or thrown in when all four passed).

    Not slotted: :meth:`as_dict` keeps the row's mapping (and with it its JSON form) in the instance
    dict, so a view of a long game's sheet neither rebuilds nor re-walks the rows (a server builds a
    view an action). So a Python class under mypyc too (a native class has no instance dict), with
    its own ``__init__`` (compiled), where ``dataclass``'s would run interpreted, once per hand."""

    number: int
    size: int
    dealer: int
    trump: str | None
    bids: tuple[tuple[int, str], ...]
    contracts: tuple[Contract, Contract] | None
    tricks: tuple[int, int]
    points: tuple[int, int]
    scores: tuple[int, int]
    thrown_in: bool
    last_trick: tuple[Play, ...]
    last_winner: int | None

    def __init__(
        self,
        number: int,
        size: int,
        dealer: int,
        trump: str | None,
        bids: tuple[tuple[int, str], ...],
        contracts: tuple[Contract, Contract] | None,
        tricks: tuple[int, int],
        points: tuple[int, int],
        scores: tuple[int, int],
        thrown_in: bool,
        last_trick: tuple[Play, ...],
        last_winner: int | None,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "contracts", contracts)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "thrown_in", thrown_in)
        object.__setattr__(self, "last_trick", last_trick)
        object.__setattr__(self, "last_winner", last_winner)

    def as_dict(self) -> Record:
        """The row as a read-only mapping of its fields, made once (mypyc compiles a
        ``cached_property`` as a plain property, which would make it at every reading)."""
        made: Record | None = self.__dict__.get("_mapping")
        if made is None:
            made = Record({f.name: getattr(self, f.name) for f in fields(self)})
            object.__setattr__(self, "_mapping", made)
        return made


copyable(HandRecord)
