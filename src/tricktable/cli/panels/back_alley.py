"""Back Alley's table: the hand of the game, trump and turn-up, the bids in order, each side's contract
beside its tricks taken, whether trumps are broken; and the score sheet of a finished hand."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tricktable.cli.panels.base import Context, GamePanel, Row, joined
from tricktable.cli.render import trump_text
from tricktable.games.back_alley.bidding import BOARD_NAMES
from tricktable.games.back_alley.scoring import board_multiplier

__all__ = ["PANEL"]


def _trump(data: Mapping[str, Any], ctx: Context) -> Text:
    trump = data.get("trump")
    out = trump_text(trump) if trump is not None else Text("no trump")
    if data.get("turn_up"):
        out.append("  (turned up ", style="dim")
        out.append_text(ctx.cards(data["turn_up"]))
        out.append(")", style="dim")
    if data.get("discard"):
        out.append("  ·  ", style="dim")
        out.append_text(ctx.cards(data["discard"]))
        out.append(f" discarded by {ctx.seat(data.get('discarded_by'))}")
    return out


def _bids(bids: Sequence[Any], ctx: Context) -> Text:
    return joined(f"{ctx.seat(seat)}: {bid}" for seat, bid in bids)


def _stakes(contract: Mapping[str, Any], ctx: Context) -> str:
    """What the contract is worth, when the config is known."""
    config = ctx.config
    kind = contract["kind"]
    if config is None:
        return ""
    if kind == "none":
        return ": +1 per trick" if getattr(config, "zero_bid_scores_tricks", False) else ": scores nothing"
    if kind == "void":
        return (
            ": counts as failed" if getattr(config, "overruled_board", "") == "failed" else ": scores nothing"
        )
    if kind == "board":
        times = board_multiplier(contract["level"], str(getattr(config, "board_multiplier", "linear")))
        return f" ×{times}" if times > 1 else ""
    return ""


def contract_text(contract: Mapping[str, Any], bids: Sequence[Any], ctx: Context, team: int) -> str:
    """``4 tricks (you 2 + partner 2)``, ``double board ×2: all 13 tricks``, ``no contract: +1 per
    trick``."""
    kind = contract["kind"]
    if kind == "tricks":
        n = contract["tricks"]
        bid_by = {seat: bid for seat, bid in bids}
        said = " + ".join(f"{ctx.seat(seat)} {bid_by[seat]}" for seat in ctx.members(team) if seat in bid_by)
        return f"{n} trick{'s' if n != 1 else ''} ({said})"
    if kind == "board":
        return (
            f"{BOARD_NAMES[contract['level'] - 1]}{_stakes(contract, ctx)}: all {contract['tricks']} tricks"
        )
    if kind == "void":
        return f"{BOARD_NAMES[contract['level'] - 1]} overruled, no contract{_stakes(contract, ctx)}"
    return f"no contract{_stakes(contract, ctx)}"


def _taken(data: Mapping[str, Any], ctx: Context, team: int) -> Text:
    won = data.get("tricks_won") or []
    out = Text("taken ", style="dim")
    out.append(str(data["team_tricks"][team]), style="bold")
    if len(won) == ctx.num_seats:
        out.append(" (" + ", ".join(f"{ctx.seat(s)} {won[s]}" for s in ctx.members(team)) + ")", style="dim")
    return out


def rows(data: Mapping[str, Any], ctx: Context) -> list[Row]:
    size = data["hand_size"]
    hand = f"{data['hand_number']} of {data['hands_total']}  ·  {size} card{'s' if size != 1 else ''} each"
    hand += f"  ·  dealer {ctx.seat(data['dealer'])}"
    if data.get("leader") is not None and not data.get("trick"):
        hand += f"  ·  {ctx.seat(data['leader'])} to lead"
    out: list[Row] = [("hand", Text(hand)), ("trump", _trump(data, ctx))]
    bids = data.get("bids") or []
    out.append(("bids", _bids(bids, ctx) if bids else Text("—", style="dim")))
    contracts = data.get("contracts")
    if contracts:
        for team in ctx.teams():
            line = Text(contract_text(contracts[team], bids, ctx, team) + "   ")
            line.append_text(_taken(data, ctx, team))
            out.append((ctx.team(team), line))
        broken = data.get("trumps_broken")
        out.append(("trumps", Text("broken" if broken else "not broken yet")))
    out.append(("scores", ctx.per_team(data["scores"])))
    return out


def sheet(row: Mapping[str, Any], ctx: Context) -> RenderableType:
    """One hand's line of the score sheet: bids, contracts, tricks and points per team."""
    trump = row.get("trump")
    head = Text(f"hand {row['number']}  ·  {row['size']} cards  ·  dealer {ctx.seat(row['dealer'])}  ·  ")
    head.append_text(trump_text(trump) if trump is not None else Text("no trump"))
    parts: list[RenderableType] = [head]
    bids = row.get("bids") or []
    if bids:
        parts.append(joined([Text("bids ", style="dim") + _bids(bids, ctx)]))
    if row.get("thrown_in"):
        parts.append(Text("all four passed: the hand is thrown in"))
    else:
        grid = Table(box=None, padding=(0, 2), pad_edge=False)
        for name in ("team", "contract", "tricks", "points", "score"):
            grid.add_column(name, header_style="dim")
        contracts = row.get("contracts") or [None, None]
        for team in ctx.teams():
            contract = contracts[team]
            said = "—" if contract is None else contract_text(contract, bids, ctx, team)
            points = row["points"][team]
            grid.add_row(
                ctx.team(team), said, str(row["tricks"][team]), f"{points:+d}", str(row["scores"][team])
            )
        parts.append(grid)
    if row.get("last_trick"):
        last = Text("last trick ", style="dim") + ctx.plays(row["last_trick"])
        last.append(f"   → {ctx.seat(row.get('last_winner'))}", style="green")
        parts.append(last)
    return Group(*parts)


PANEL = GamePanel(
    rows=rows,
    drawn=frozenset(
        {
            "dealer",
            "turn_up",
            "hand_number",
            "hands_total",
            "hand_size",
            "bids",
            "contracts",
            "leader",
            "tricks_won",
            "team_tricks",
            "trumps_broken",
            "hand_sizes",
            "played",
            "discard",
            "discarded_by",
            "sheet",
            "scores",
            "trump",
        }
    ),
    sheet=sheet,
)
