"""Tractor's score sheet: the round, each team's level and tricks, the declarers and the opponents'
points so far; and the last round's: the opponents' points (in tricks, and the kitty times its
multiplier when they won it), the kitty's cards, each team's level before and after, and the next
declarers and starter. A word naming a team carries its index as ``team``, so a page can mark the
reader's own."""

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
        (cell(), *_teams(len(levels))),
        (
            Row(cell(Word("sheet.levels")), tuple(cell(level, big=True) for level in levels)),
            Row(cell(Word("panel.tricks")), tuple(cell(n) for n in data["team_tricks"])),
        ),
    )
    parts: list[Sheet | Line | Section] = [running]
    if data.get("declarers") is not None:
        declarers = data["declarers"]
        parts.append(Line((Word("sheet.declarers", {"n": declarers + 1, "team": declarers}),)))
    parts.append(Line((Word("sheet.opp_points", {"n": data["points"]}),)))
    last: Any = data.get("last_round")
    if last:
        parts.append(Section(cell(Word("sheet.last_deal")), _last_round(last)))
    return Panel(tuple(parts))


def _teams(n: int) -> tuple[Any, ...]:
    return tuple(cell(Word("panel.team", {"n": i + 1, "team": i})) for i in range(n))


def _last_round(last: Mapping[str, Any]) -> tuple[Sheet | Line, ...]:
    """The finished round: how the opponents' points were made, the kitty, the levels, who next."""
    kitty = last["kitty_points"]
    if last["kitty_won"]:
        params = {"n": last["points"], "tricks": last["points_before_kitty"], "kitty": kitty}
        points = Word("sheet.points_with_kitty", {**params, "multiplier": last["multiplier"]})
    else:
        points = Word("sheet.points_kitty_kept", {"n": last["points"], "kitty": kitty})
    before, after, change = last["levels_before"], last["levels_after"], last["level_change"]
    levels = Sheet(
        None,
        (cell(), *_teams(len(before))),
        (
            Row(cell(Word("sheet.level_before")), tuple(cell(x) for x in before)),
            Row(cell(Word("sheet.level_after")), tuple(cell(x, big=True) for x in after)),
            Row(cell(Word("sheet.level_change")), tuple(cell(f"+{d}" if d > 0 else d) for d in change)),
        ),
    )
    nxt = last["next_declarers"]
    who = Word("sheet.next_declarers", {"n": nxt + 1, "team": nxt, "seat": last["next_starter"] + 1})
    return (
        Line((points,)),
        Line((Word("sheet.kitty", {"n": kitty}), " ", Cards(tuple(last["kitty"])))),
        levels,
        Line((who,)),
    )
