"""All Fours' score sheet: each team's points against the target, its count for Game and its tricks;
the items scored this deal (Turn-up, Beg) and the last deal's (High, Low, Jack, Hang Jack, Game), each
with the team that scored it. A word naming a team carries its index as ``team``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktable.core.panel import Cards, Line, Panel, Row, Section, Sheet, Word, cell

__all__ = ["panel"]


def _teams(n: int) -> tuple[Any, ...]:
    return tuple(cell(Word("panel.team", {"n": i + 1, "team": i})) for i in range(n))


def _items(caption: Word, items: Sequence[Mapping[str, Any]]) -> Sheet | None:
    if not items:
        return None
    rows = []
    for it in items:
        name: list[Any] = [Word(f"item.{it['item']}", fallback=str(it["item"]))]
        if it.get("cards"):
            name += [" ", Cards(tuple(it["cards"]))]
        team = it.get("team")
        who = cell() if team is None else cell(Word("panel.team", {"n": team + 1, "team": team}))
        rows.append(Row(None, (cell(*name), who, cell(it["points"]))))
    heads = (cell(Word("sheet.item")), cell(Word("panel.team_head")), cell(Word("panel.points")))
    return Sheet(cell(caption), heads, tuple(rows))


def panel(data: Mapping[str, Any]) -> Panel:
    """The sheet of a view's data (``view.to_dict()``)."""
    scores = data["scores"]
    running = Sheet(
        cell(Word("sheet.target", {"n": data["target"]})),
        (cell(), *_teams(len(scores))),
        (
            Row(cell(Word("panel.points")), tuple(cell(s, big=True) for s in scores)),
            Row(cell(Word("sheet.count")), tuple(cell(s) for s in data["game_count"])),
            Row(cell(Word("panel.tricks")), tuple(cell(s) for s in data["team_tricks"])),
        ),
    )
    parts: list[Sheet | Line | Section] = [running]
    # once the game is over its last deal is the last round's sheet: this deal's lines are in it
    over = data.get("phase") == "over" and data.get("last_round")
    this_deal = None if over else _items(Word("sheet.this_deal"), data.get("this_deal") or ())
    if this_deal is not None:
        parts.append(this_deal)
    last = data.get("last_round")
    last_deal = _items(Word("sheet.last_deal"), last["items"]) if last else None
    if last_deal is not None:
        parts.append(last_deal)
    return Panel(tuple(parts))
