"""The score sheet as data: each game builds one from a view, and every surface draws it without
knowing the game (the browser's ``sheets.js``, the terminal's :mod:`tricktable.cli.panels`).

A :class:`Panel` is a list of parts: :class:`Sheet` tables (rows of cells under column heads, an
optional row head per row), :class:`Line` paragraphs and titled :class:`Section` groups. A cell is a
list of pieces: a :class:`Word` (a key into the game's words, or the common :data:`WORDS`, with
parameters), :class:`Cards`, or a plain number or string. Nothing here is in any language: the
words are looked up by whoever draws the panel, in the reader's language.

>>> panel = Panel((Line((Word("panel.team", {"n": 1}), ": ", 12)),))
>>> panel.to_dict()["parts"][0]
{'line': [{'word': 'panel.team', 'params': {'n': 1}}, {'value': ': '}, {'value': 12}]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tricktable.core.copies import copyable

__all__ = ["WORDS", "Cards", "Cell", "Line", "Panel", "Piece", "Row", "Section", "Sheet", "Word", "cell"]


@dataclass(frozen=True)
class Word:
    """A word key with its parameters; ``fallback`` is shown when no language has the key (an
    engine name such as a score item read as it is)."""

    key: str
    params: Mapping[str, int | str] = field(default_factory=dict)
    fallback: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"word": self.key, "params": dict(self.params)}
        if self.fallback is not None:
            out["fallback"] = self.fallback
        return out


@dataclass(frozen=True)
class Cards:
    """Cards in canonical notation, drawn as card faces."""

    cards: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"cards": list(self.cards)}


Piece = Word | Cards | int | str


def _piece(piece: Piece) -> dict[str, Any]:
    return {"value": piece} if isinstance(piece, int | str) else piece.to_dict()


@dataclass(frozen=True)
class Cell:
    """One table cell: pieces drawn side by side; ``big`` for a running score."""

    pieces: tuple[Piece, ...]
    big: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"pieces": [_piece(p) for p in self.pieces], "big": self.big}


def cell(*pieces: Piece, big: bool = False) -> Cell:
    """``cell(Word("sheet.points"))``, ``cell(12, big=True)``."""
    return Cell(pieces, big)


@dataclass(frozen=True)
class Row:
    """A row of cells, with a row head (``None``: the row has none)."""

    head: Cell | None
    cells: tuple[Cell, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "head": None if self.head is None else self.head.to_dict(),
            "cells": [c.to_dict() for c in self.cells],
        }


@dataclass(frozen=True)
class Sheet:
    """A table: a caption, column heads (the first heads the row-head column when rows have
    heads) and rows."""

    caption: Cell | None
    columns: tuple[Cell, ...]
    rows: tuple[Row, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "table": {
                "caption": None if self.caption is None else self.caption.to_dict(),
                "columns": [c.to_dict() for c in self.columns],
                "rows": [r.to_dict() for r in self.rows],
            }
        }


@dataclass(frozen=True)
class Line:
    """A paragraph of pieces."""

    pieces: tuple[Piece, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"line": [_piece(p) for p in self.pieces]}


@dataclass(frozen=True)
class Section:
    """Parts under a heading (the last deal's summary beside the running sheet)."""

    title: Cell
    parts: tuple[Sheet | Line, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"section": {"title": self.title.to_dict(), "parts": [p.to_dict() for p in self.parts]}}


@dataclass(frozen=True)
class Panel:
    """A game's score sheet for one view."""

    parts: tuple[Sheet | Line | Section, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"parts": [p.to_dict() for p in self.parts]}


WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "panel.team": "Team {n}",
        "panel.team_head": "Team",
        "panel.points": "Points",
        "panel.tricks": "Tricks",
    },
    "it": {
        "panel.team": "Squadra {n}",
        "panel.team_head": "Squadra",
        "panel.points": "Punti",
        "panel.tricks": "Prese",
    },
    "cy": {
        "panel.team": "Tîm {n}",
        "panel.team_head": "Tîm",
        "panel.points": "Pwyntiau",
        "panel.tricks": "Triciau",
    },
}
"""The words every game's panel may use; a game's own words are in its description."""


copyable(Word, Cards, Cell, Row, Sheet, Line, Section, Panel)
