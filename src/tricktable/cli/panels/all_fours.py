"""All Fours' table: the deal and its dealer, trump with every turn-up and what it kicked, the stand /
beg / give / run decisions in words, exposed cards, tricks and game points per team, scores against
the target; and the score sheet of a finished deal (High, Low, Jack or Hang Jack, Game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.panels.base import Context, GamePanel, Row, joined
from tricktable.cli.render import trump_text

__all__ = ["PANEL", "decision_text"]

# The table's words for each decision, said by "you" and by anyone else.
_SAID = {
    "stand": ("stand", "stands"),
    "beg": ("beg", "begs"),
    "give": ('give one ("take one")', 'gives one ("take one")'),
    "run": ("run the pack", "runs the pack"),
}


# What a score item's seat did, when the item carries no note of its own.
_WHOSE = {"High": "held by ", "Low": "held by ", "Turn-up": "dealt by "}


def decision_text(decisions: Sequence[Any], ctx: Context) -> Text:
    """``you stand``, ``seat 1 begs  ·  seat 3 runs the pack``."""
    parts = []
    for seat, word in decisions:
        mine, theirs = _SAID.get(word, (word, word))
        parts.append(f"{ctx.seat(seat)} {mine if seat == ctx.viewer else theirs}")
    return joined(parts)


def _item_text(item: Mapping[str, Any], ctx: Context) -> str:
    team = item.get("team")
    who = "nobody" if team is None else ctx.team(team)
    return f"{item['item']}: {who} +{item['points']}"


def _deal_number(data: Mapping[str, Any]) -> int:
    """The deal in progress: the one after the last finished deal (or that one, once the game is over)."""
    last = data.get("last_round")
    if not last:
        return 1
    return int(last["deal"]) + (0 if data.get("phase") == "over" else 1)


def _trump(data: Mapping[str, Any], ctx: Context) -> Text:
    out = trump_text(data.get("trump"))
    turned = data.get("turn_up") or []
    if turned:
        out.append("  turned up ", style="dim")
        for i, card in enumerate(turned):
            if i:
                out.append(" → ", style="dim")
            out.append_text(ctx.cards([card]))
    kicked = [item for item in data.get("this_deal") or [] if item.get("item") == "Turn-up"]
    if kicked:
        out.append("  ·  kicked: ", style="dim")
        out.append(", ".join(f"{ctx.team(item['team'])} +{item['points']}" for item in kicked))
    return out


def rows(data: Mapping[str, Any], ctx: Context) -> list[Row]:
    deal = f"{_deal_number(data)}  ·  dealer {ctx.seat(data['dealer'])}"
    stock = int(data.get("stock_size") or 0)
    if stock:
        deal += f"  ·  {stock} card{'s' if stock != 1 else ''} in the stock"
    out: list[Row] = [("deal", Text(deal)), ("trump", _trump(data, ctx))]
    if data.get("decisions"):
        out.append(("decisions", decision_text(data["decisions"], ctx)))
    begged = [item for item in data.get("this_deal") or [] if item.get("item") != "Turn-up"]
    if begged:
        out.append(("scored", joined(_item_text(item, ctx) for item in begged)))
    exposed = data.get("exposed") or []
    shown = [(s, cards) for s, cards in enumerate(exposed) if cards]
    if shown:
        line = joined(Text(f"{ctx.seat(s)}: ") + ctx.cards(cards) for s, cards in shown)
        if data.get("called"):
            line.append("   called: ", style="dim")
            line.append_text(ctx.cards([data["called"]]))
        out.append(("exposed", line))
    count = data.get("game_count") or [0] * len(data["team_tricks"])
    for team in ctx.teams():
        n = data["team_tricks"][team]
        out.append((ctx.team(team), Text(f"{n} trick{'s' if n != 1 else ''}  ·  game points {count[team]}")))
    scores = ctx.per_team(data["scores"])
    scores.append(f"   (first to {data['target']})", style="dim")
    out.append(("scores", scores))
    return out


def sheet(last: Mapping[str, Any], ctx: Context) -> RenderableType:
    """The deal's score sheet: one line per item (Turn-up, Beg, High, Low, Jack / Hang Jack, Game)."""
    head = Text(f"deal {last['deal']}  ·  dealer {ctx.seat(last['dealer'])}  ·  trump ")
    head.append_text(trump_text(last.get("trump")))
    parts: list[RenderableType] = [head]
    if last.get("decisions"):
        parts.append(decision_text(last["decisions"], ctx))
    grid = Table(box=None, padding=(0, 2), pad_edge=False)
    for name in ("", "team", "points", "note"):
        grid.add_column(name, header_style="dim")
    for item in last.get("items") or []:
        team = item.get("team")
        note = item.get("note") or ""
        if item.get("seat") is not None and not note:
            note = f"{_WHOSE.get(item['item'], '')}{ctx.seat(item['seat'])}"
        grid.add_row(
            Text(str(item["item"]), style="cyan"),
            "nobody" if team is None else ctx.team(team),
            str(item["points"]),
            note,
        )
    parts.append(grid)
    tricks = last.get("tricks_won") or []
    count = last.get("game_count") or []
    if tricks and count:
        parts.append(
            joined(f"{ctx.team(t)}: {tricks[t]} tricks, game points {count[t]}" for t in ctx.teams())
        )
    parts.append(Text("scores  ", style="dim") + ctx.per_team(last["scores"]))
    return Group(*parts)


PANEL = GamePanel(
    rows=rows,
    drawn=frozenset(
        {
            "num_seats",
            "target",
            "dealer",
            "turn_up",
            "decisions",
            "hand_sizes",
            "stock_size",
            "exposed",
            "called",
            "team_tricks",
            "won",
            "game_count",
            "this_deal",
            "winner",
            "scores",
            "trump",
        }
    ),
    sheet=sheet,
)
