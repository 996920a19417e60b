"""The table as a seat sees it, drawn per game: a game's description may name a terminal panel of
what its players look for at a glance (a :class:`~.base.GamePanel` in this package); any other game,
and any view field a panel does not know, is shown generically by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable import games
from tricktable.cards import Card
from tricktable.cli.panels.base import Context, GamePanel
from tricktable.cli.render import common_rows, generic_rows, hand_text, mapping_table, plays_text, seat_name
from tricktable.core import View
from tricktable.core.description import resolve
from tricktable.core.views import to_jsonable

__all__ = ["game_panel", "score_sheet", "table_panel"]


def game_panel(game: str) -> GamePanel | None:
    """The terminal panel the game's description names (None: none, or not a registered game)."""
    if game not in games.names():
        return None
    path = games.get(game).description.terminal
    return None if path is None else cast(GamePanel, resolve(path))


def table_panel(
    view: View,
    num_seats: int,
    *,
    title: str,
    numbered: Sequence[Card] | None = None,
    picked: Sequence[Card] = (),
    config: object | None = None,
) -> Panel:
    """The whole table as the view's seat sees it, its cards marked, grouped and ordered by the view's
    ``marks``; ``config`` is the game's rules (what a contract is worth); ``numbered`` and ``picked``
    number the hand and strike the picked cards while a multi-card play is being picked."""
    data = view.to_dict()
    viewer = view.seat
    marks = view.marks
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    turn = "—" if view.to_move is None else seat_name(view.to_move, viewer, num_seats)
    grid.add_row("phase", Text(f"{view.phase}  (to move: {turn})"))
    panel = game_panel(view.game)
    if panel is None:
        rows = common_rows(data, viewer, num_seats, marks) + generic_rows(data, viewer, num_seats, marks)
    else:
        ctx = Context(viewer, num_seats, marks, config)
        rows = panel.rows(data, ctx) + generic_rows(data, viewer, num_seats, marks, skip=panel.drawn)
    for label, value in rows:
        grid.add_row(label, value)
    if data.get("last_trick"):
        last = plays_text(data["last_trick"], viewer, num_seats, marks)
        last.append(f"   → {seat_name(data.get('last_winner'), viewer, num_seats)}", style="green")
        grid.add_row("last trick", last)
    trick = plays_text(data["trick"], viewer, num_seats, marks) if data.get("trick") else Text("—")
    grid.add_row("trick", trick)
    parts: list[RenderableType] = [grid]
    if view.hand:
        hand = hand_text(view.hand, marks, numbered=numbered, picked=picked)
        parts += [Text(""), Text("your hand" if viewer is not None else "hand", style="cyan"), hand]
    # Full width: a shrink-to-fit panel measures its content twice, which triples the drawing time.
    return Panel(Group(*parts), title=title, box=box.ROUNDED)


def score_sheet(
    last_round: Mapping[str, Any], game: str = "", viewer: int | None = None, num_seats: int = 4
) -> Panel:
    """The end-of-deal summary a game reports in ``last_round``, in its game's words when known."""
    panel = game_panel(game)
    last_round = to_jsonable(last_round)  # as the view's to_dict() has it: cards and contracts as data
    if panel is None:
        return Panel(mapping_table(last_round), title="score sheet", expand=False)
    return Panel(panel.sheet(last_round, Context(viewer, num_seats)), title="score sheet", expand=False)
