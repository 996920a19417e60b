"""A game's score sheet drawn in the terminal from its panel (:mod:`tricktable.core.panel`), as the
browser draws it: the terminal knows no game, only tables, lines and sections of words and cards."""

from __future__ import annotations

from collections.abc import Mapping

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.render import CardMarks, cards_text
from tricktable.core import panel as p
from tricktable.core.description import GameDescription

__all__ = ["draw_panel"]


class _Words:
    """English words: the game's, then the ones every panel shares; else the fallback, else the key."""

    def __init__(self, description: GameDescription, marks: CardMarks | None = None) -> None:
        self.words: Mapping[str, str] = {**p.WORDS["en"], **description.words["en"]}
        self.marks = marks

    def piece(self, piece: p.Piece) -> Text:
        if isinstance(piece, p.Cards):
            return cards_text(piece.cards, self.marks)
        if isinstance(piece, p.Word):
            text = self.words.get(piece.key)
            if text is None:
                return Text(piece.fallback if piece.fallback is not None else piece.key)
            return Text(text.format_map({k: str(v) for k, v in piece.params.items()}))
        return Text(str(piece))

    def pieces(self, pieces: tuple[p.Piece, ...], style: str = "") -> Text:
        out = Text(style=style)
        for piece in pieces:
            out.append_text(self.piece(piece))
        return out

    def cell(self, cell: p.Cell) -> Text:
        return self.pieces(cell.pieces, "bold" if cell.big else "")


def _table(sheet: p.Sheet, words: _Words) -> Table:
    caption = None if sheet.caption is None else words.cell(sheet.caption)
    table = Table(title=caption, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for column in sheet.columns:
        table.add_column(words.cell(column), header_style="dim")
    for row in sheet.rows:
        cells = [words.cell(c) for c in row.cells]
        table.add_row(*([words.cell(row.head)] if row.head is not None else []), *cells)
    return table


def _part(part: p.Sheet | p.Line | p.Section, words: _Words) -> RenderableType:
    if isinstance(part, p.Sheet):
        return _table(part, words)
    if isinstance(part, p.Line):
        return words.pieces(part.pieces)
    title = words.cell(part.title)
    title.stylize("cyan")
    return Group(title, *(_part(q, words) for q in part.parts))


def draw_panel(
    panel: p.Panel, description: GameDescription, marks: CardMarks | None = None
) -> RenderableType:
    """The panel in English; ``marks`` are a view's card marks (trump cards are underlined)."""
    words = _Words(description, marks)
    return Group(*(_part(part, words) for part in panel.parts))
