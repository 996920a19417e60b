"""Tractor's score sheet: the round, each team's level and tricks, the declarers and the opponents'
points so far; and the last round's points, kitty and level changes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tricktable.core.panel import Cards, Line, Panel, Row, Section, Sheet, Word, cell

__all__ = ["panel"]


def panel(data: Mapping[str, Any]) -> Panel:
    """The sheet of a view's data (``view.to_dict()``)."""
    levels = data["levels"]
    running = Sheet(
        cell(Word("sheet.round", {"n": data["round"]})),
        (cell(), *(cell(Word("panel.team", {"n": i + 1})) for i in range(len(levels)))),
        (
            Row(cell(Word("sheet.levels")), tuple(cell(level, big=True) for level in levels)),
            Row(cell(Word("panel.tricks")), tuple(cell(n) for n in data["team_tricks"])),
        ),
    )
    parts: list[Sheet | Line | Section] = [running]
    if data.get("declarers") is not None:
        parts.append(Line((Word("sheet.declarers", {"n": data["declarers"] + 1}),)))
    parts.append(Line((Word("sheet.opp_points", {"n": data["points"]}),)))
    last: Any = data.get("last_round")
    if last:
        kitty = (
            Word("sheet.opp_points", {"n": last["points"]}),
            " · ",
            Word("sheet.kitty", {"n": last["kitty_points"]}),
            " ",
            Cards(tuple(last["kitty"])),
        )
        change = (
            Word("sheet.levels"),
            ": ",
            " – ".join(str(x) for x in last["levels_before"]),
            " → ",
            " – ".join(str(x) for x in last["levels_after"]),
        )
        parts.append(Section(cell(Word("sheet.last_deal")), (Line(kitty), Line(change))))
    return Panel(tuple(parts))
