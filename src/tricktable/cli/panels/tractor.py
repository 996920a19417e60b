"""Tractor's table: both teams' levels, the declarers and the starter, the trump (rank and suit, or no
trump) with the standing declaration, the draw's progress, the opponents' points, failed throws and the
kitty when the seat may see it; and the end-of-round sheet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.panels.base import Context, GamePanel, Row, joined
from tricktable.cli.render import trump_text

__all__ = ["PANEL"]


def _trump(trump: Mapping[str, Any], *, undeclared: bool) -> Text:
    """``rank 5, ♥ hearts``, ``rank 5, no trump suit``, ``rank 2, no suit declared yet``."""
    return trump_text(trump, undeclared=undeclared)


def _declaration(decl: Mapping[str, Any], ctx: Context) -> Text:
    out = Text(f"{ctx.seat(decl['seat'])}: ")
    out.append_text(ctx.cards(decl["cards"]))
    kind = str(decl.get("kind", ""))
    out.append(f"  ({kind}{', reinforced' if decl.get('reinforced') else ''})", style="dim")
    return out


def _points(points: int, declarers: int | None, ctx: Context) -> Text:
    """The opponents' points, with the team they are when the declarers are known."""
    out = Text(str(points), style="bold")
    if declarers is not None:
        out.append(f"  ({ctx.team(1 - declarers)})", style="dim")
    return out


def _throw(throw: Mapping[str, Any], ctx: Context) -> Text:
    out = Text(f"{ctx.seat(throw['seat'])} threw ")
    out.append_text(ctx.cards(throw["attempted"]))
    out.append(", had to lead ")
    out.append_text(ctx.cards(throw["forced"]))
    penalty = int(throw["penalty"])
    out.append(f"  (opponents' points {penalty:+d})", style="dim")
    return out


def rows(data: Mapping[str, Any], ctx: Context) -> list[Row]:
    declarers = data.get("declarers")
    levels = data.get("levels") or data["scores"]
    out: list[Row] = [("round", Text(str(data["round"]))), ("levels", ctx.per_team(levels))]
    decl = data.get("declaration")
    if declarers is None and decl:
        out.append(("declarers", Text(f"{ctx.team(ctx.team_of(decl['seat']))}, if the declaration stands")))
    elif declarers is None:
        out.append(("declarers", Text("the first declaration decides", style="dim")))
    else:
        who = Text(ctx.team(declarers))
        who.append(
            f"  ·  {ctx.seat(data['starter'])} {'start' if data['starter'] == ctx.viewer else 'starts'}"
        )
        out.append(("declarers", who))
    undeclared = data.get("declaration") is None and data.get("phase") in ("draw", "last-declare")
    out.append(("trump", _trump(data["trump"], undeclared=undeclared)))
    if data.get("declaration"):
        out.append(("declared", _declaration(data["declaration"], ctx)))
    if data.get("phase") == "last-declare":
        out.append(("draw", Text(f"all {data['drawn']} cards drawn: a last chance to declare or overturn")))
    elif data.get("phase") == "draw":
        drawn = int(data["drawn"])
        line = f"{drawn} card{'s' if drawn != 1 else ''} drawn, {data['stock_size']} left in the stock"
        out.append(("draw", Text(line)))
    if data.get("revealed"):
        out.append(("kitty shown", ctx.cards(data["revealed"])))
    if data.get("phase") in ("play", "over"):  # nothing is taken before the first trick
        out.append(("opponents' points", _points(int(data["points"]), declarers, ctx)))
    for throw in data.get("failed_throws") or []:
        out.append(("failed throw", _throw(throw, ctx)))
    if data.get("kitty_taken"):
        out.append(("kitty picked up", ctx.cards(data["kitty_taken"])))
    if data.get("kitty"):
        out.append(("kitty buried", ctx.cards(data["kitty"])))
    return out


def sheet(last: Mapping[str, Any], ctx: Context) -> RenderableType:
    """The end of a round: the opponents' points before and after the kitty, the kitty and its
    multiplier, each team's level change, the next declarers and starter, the last trick."""
    # The sheet counts rounds from 0; the table (the view's ``round``) from 1.
    head = Text(f"round {int(last['round']) + 1}  ·  declarers {ctx.team(last['declarers'])}  ·  trump ")
    head.append_text(_trump(last["trump"], undeclared=False))
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    before, after = int(last["points_before_kitty"]), int(last["points"])
    grid.add_row("opponents' points", Text(f"{before} before the kitty, {after} after"))
    kitty = Text()
    if last.get("kitty"):
        kitty.append_text(ctx.cards(last["kitty"]))
        kitty.append("  ")
    points, times = int(last["kitty_points"]), int(last["multiplier"])
    if last.get("kitty_won"):
        won = points * times
        kitty.append(f"{points} points × {times} = {won} to the opponents (they won the last trick)")
    else:
        kitty.append(f"{points} points, kept by the declarers (they won the last trick)")
    grid.add_row("kitty", kitty)
    levels = joined(
        f"{ctx.team(t)} {last['levels_before'][t]} → {last['levels_after'][t]} ({last['level_change'][t]:+d})"
        for t in ctx.teams()
    )
    grid.add_row("levels", levels)
    starter = last["next_starter"]
    nxt = f"{ctx.team(last['next_declarers'])} declare; {ctx.seat(starter)} "
    grid.add_row("next round", Text(nxt + ("start" if starter == ctx.viewer else "starts")))
    if last.get("last_trick"):
        trick = ctx.plays(last["last_trick"])
        trick.append(f"   → {ctx.seat(last.get('last_winner'))}", style="green")
        grid.add_row("last trick", trick)
    if last.get("winner") is not None:
        grid.add_row("game", Text(f"{ctx.team(last['winner'])} win the game", style="bold green"))
    return Group(head, grid)


PANEL = GamePanel(
    rows=rows,
    drawn=frozenset(
        {
            "declarers",
            "starter",
            "trump_options",
            "points",
            "kitty",
            "levels",
            "round",
            "declaration",
            "drawn",
            "stock_size",
            "hand_sizes",
            "revealed",
            "kitty_taken",
            "failed_throws",
            "tricks",
            "scores",
            "trump",
        }
    ),
    sheet=sheet,
)
