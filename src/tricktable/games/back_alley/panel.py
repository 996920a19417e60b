"""Back Alley's score sheet: the hand of the game and the running scores, then one row per hand
played: its size, the bids, each side's contract (a number of tricks, a board, none), tricks and
points, and the running totals. A word naming a team carries its index as ``team``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.core.panel import Cell, Line, Panel, Piece, Row, Sheet, Word, cell
from tricktable.games.back_alley.bidding import BOARD_NAMES

__all__ = ["panel"]

_DASH = " – "
_COLUMNS = (
    "sheet.hand",
    "sheet.size",
    "sheet.bids",
    "sheet.contracts",
    "panel.tricks",
    "panel.points",
    "sheet.total",
)


def _pair(values: Sequence[Any], *, big: bool = False) -> Cell:
    return cell(_DASH.join(str(v) for v in values), big=big)


def _bids(bids: Sequence[Sequence[Any]]) -> Cell:
    pieces: list[Piece] = []
    for i, (_, bid) in enumerate(bids):
        if i:
            pieces.append(" · ")
        pieces.append(str(bid) if str(bid).isdigit() else Word(f"bid.{bid}", fallback=str(bid)))
    return Cell(tuple(pieces))


def _contracts(contracts: Sequence[Mapping[str, Any]] | None) -> Cell:
    """Each side's contract: its tricks, its board, "–" when it passed, void when overruled."""
    pieces: list[Piece] = []
    for i, c in enumerate(contracts or ()):
        if i:
            pieces.append(_DASH)
        if c["kind"] == "tricks":
            pieces.append(str(c["tricks"]))
        elif c["kind"] == "board":
            name = BOARD_NAMES[c["level"] - 1]
            pieces.append(Word(f"bid.{name}", fallback=name))
        elif c["kind"] == "void":
            pieces.append(Word("sheet.void"))
        else:
            pieces.append("–")
    return Cell(tuple(pieces))


def panel(data: Mapping[str, Any]) -> Panel:
    """The sheet of a view's data (``view.to_dict()``)."""
    head: list[Piece] = [
        Word("sheet.hand_of", {"n": data["hand_number"], "total": data["hands_total"]}),
        " · ",
    ]
    for team, score in enumerate(data["scores"]):
        head += [", " if team else "", Word("panel.team", {"n": team + 1, "team": team}), f": {score}"]
    rows = tuple(
        Row(
            cell(r["number"]),
            (
                cell(r["size"]),
                _bids(r["bids"]),
                _contracts(r["contracts"]),
                cell(Word("sheet.thrown_in")) if r["thrown_in"] else _pair(r["tricks"]),
                _pair(r["points"]),
                _pair(r["scores"], big=True),
            ),
        )
        for r in data.get("sheet") or ()
    )
    columns = tuple(cell(Word(k)) for k in _COLUMNS)
    body: Sheet | Line = Sheet(None, columns, rows) if rows else Line((Word("sheet.none"),))
    return Panel((Line(tuple(p for p in head if p != "")), body))
