"""Bids, contracts and who leads the first trick.

A bid is an int: :data:`PASS` (0), a number of tricks, or :data:`BOARD`. Bids are kept in the order they
were made, starting left of the dealer, so ``bids[i]`` was made by seat ``(dealer + 1 + i) % 4``.

>>> contracts((2, BOARD, 3, PASS), first=1, size=5)
(Contract(kind='board', tricks=5, level=1), Contract(kind='tricks', tricks=5, level=0))
>>> first_leader((2, 3, 3, PASS), first=0, equal_bid_leader="first")
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from tricktable.compiled import python_class
from tricktable.core.actions import Action
from tricktable.core.errors import Reason
from tricktable.core.state import team_of

from .deal import SEATS

__all__ = [
    "BOARD",
    "BOARD_NAMES",
    "PASS",
    "Contract",
    "bid_reason",
    "bid_value",
    "contracts",
    "first_leader",
    "highest_number",
    "legal_bids",
    "named_bids",
]

PASS: Final = 0
BOARD: Final = -1
BOARD_NAMES = ("board", "double board", "triple board", "quadruple board")


@python_class
@dataclass(frozen=True, slots=True)
class Contract:
    """A side's contract for a hand. ``kind``: ``tricks`` (the sum of the partners' numbers),
    ``board`` (every trick, at ``level`` 1..4: board, double, triple, quadruple), ``none`` (both
    passed) or ``void`` (a board overruled by the other side's later board)."""

    kind: str
    tricks: int
    level: int = 0

    def __str__(self) -> str:
        if self.kind == "tricks":
            return f"{self.tricks} tricks" if self.tricks != 1 else "1 trick"
        if self.kind == "board":
            return BOARD_NAMES[self.level - 1]
        return "no bid" if self.kind == "none" else "void (overruled board)"


_ACTIONS = {PASS: Action("bid", (), "pass"), BOARD: Action("bid", (), "board")}
_ACTIONS.update({n: Action("bid", (), n) for n in range(1, 13)})


def bid_value(action: Action) -> int | None:
    """The bid value an action names, or None if it is not a bid at all (``bid 0`` is not: a bid of
    no tricks is said ``bid pass``)."""
    arg = action.arg
    if action.verb != "bid" or action.cards:
        return None
    if arg == "pass":
        return PASS
    if arg == "board":
        return BOARD
    if isinstance(arg, int) and not isinstance(arg, bool) and arg > 0:
        return arg
    return None


def named_bids(bids: Sequence[int], first: int) -> tuple[tuple[int, str], ...]:
    """``(seat, bid)`` in bidding order, boards named by their level: ``pass``, ``3``, ``double board``."""
    out: list[tuple[int, str]] = []
    boards = 0
    for i, b in enumerate(bids):
        if b == BOARD:
            name = BOARD_NAMES[boards]
            boards += 1
        else:
            name = "pass" if b == PASS else str(b)
        out.append(((first + i) % 4, name))
    return tuple(out)


def bid_reason(value: int, size: int, floor: int, must_increase: bool) -> Reason | None:
    """None if the bid is allowed, else why not. ``floor`` is the highest number bid so far."""
    if value in (PASS, BOARD):
        return None
    if size == 1:
        return Reason("with one card in hand you may only pass or bid board", "bid_one_card")
    if value > size - 1:
        text = f"with {size} cards you may bid from 1 to {size - 1} tricks; to take them all, bid board"
        return Reason(text, "bid_range", n=size, most=size - 1)
    if must_increase and value <= floor:
        text = f"each bid must be higher than the last: {floor} was bid already, so bid more, pass or board"
        return Reason(text, "bid_higher", floor=floor)
    return None


@cache
def legal_bids(size: int, floor: int, must_increase: bool) -> tuple[Action, ...]:
    """Every bid :func:`bid_reason` allows, as actions: pass, the numbers, board."""
    values = [PASS, *range(1, size), BOARD]
    return tuple(_ACTIONS[v] for v in values if bid_reason(v, size, floor, must_increase) is None)


def highest_number(bids: Sequence[int]) -> int:
    highest = 0  # a loop: compiled, max() over a generator costs several times as much
    for b in bids:
        if b > highest:
            highest = b
    return highest


def first_leader(bids: Sequence[int], first: int, equal_bid_leader: str) -> int | None:
    """The seat that leads the first trick, or None if all passed. Board beats any number and the
    last board leads; among equal numbers the first (or last) to bid it."""
    best_i, best = -1, PASS
    for i, b in enumerate(bids):
        if b == BOARD:
            best_i, best = i, BOARD
        elif best != BOARD and b > PASS and (b > best or (b == best and equal_bid_leader == "last")):
            best_i, best = i, b
    return None if best_i < 0 else (first + best_i) % SEATS


def contracts(bids: Sequence[int], first: int, size: int) -> tuple[Contract, Contract]:
    """Each side's contract, team 0 (seats 0 and 2) first."""
    numbers = [0, 0]  # each team's numbers bid, added up
    boards: list[int] = []  # the team of each board, in bidding order
    for i, b in enumerate(bids):
        team = team_of((first + i) % SEATS, SEATS)
        if b == BOARD:
            boards.append(team)
        else:
            numbers[team] += b
    out: list[Contract] = []
    for team in (0, 1):
        if boards and boards[-1] == team:
            out.append(Contract("board", size, len(boards)))
        elif team in boards:
            level = len(boards) - boards[::-1].index(team)  # its last board's
            out.append(Contract("void", size, level))
        elif numbers[team] == 0:
            out.append(Contract("none", 0))
        else:
            out.append(Contract("tricks", numbers[team]))
    return out[0], out[1]
