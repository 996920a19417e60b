"""What one seat of a Tractor game may see: its own hand, everything exposed on the table (declared
cards, turned-up kitty cards, tricks, failed throws), the kitty only as the starter (or once the game
is over), and counts of everything else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, Rank
from tricktable.core.views import View
from tricktable.games.tractor.config import ACE, level_name
from tricktable.games.tractor.trump import Trump

if TYPE_CHECKING:
    from tricktable.games.tractor.state import TractorState

__all__ = ["TractorView", "build_view"]


@dataclass(frozen=True, kw_only=True)
class TractorView(View):
    """A seat's view. ``scores`` are the teams' levels as pip values (2..14, A = 14; the winner of a
    finished game shows 14 too) and ``levels`` the same as text; ``trump`` is
    ``{"rank": "2", "suit": "H"}`` (during the draw: the standing declaration's suit, or None)."""

    declarers: int | None
    starter: int
    trump_options: Mapping[str, bool]
    """The ranking variants in force: ``Trump(**view.trump, **view.trump_options)`` is the exact trump."""
    points: int
    kitty: tuple[Card, ...]
    levels: tuple[str, str]
    round: int
    declaration: Mapping[str, Any] | None
    drawn: int
    stock: int
    hand_sizes: tuple[int, ...]
    revealed: tuple[Card, ...]
    kitty_taken: tuple[Card, ...]
    failed_throws: tuple[Mapping[str, Any], ...]
    tricks: tuple[Mapping[str, Any], ...]


def build_view(state: TractorState, seat: int | None) -> TractorView:
    stage = state.stage
    trump = state.trump
    if trump is None:
        decl = state.declaration
        trump = Trump(rank=Rank(state.rank), suit=None if decl is None else decl.suit)
    hand = () if seat is None else tuple(sorted(state.hands[seat], key=trump.sort_key))
    legal: tuple[str, ...] = ()
    if seat is not None and state.may_act(seat):
        if stage in ("play", "kitty"):
            legal = tuple(str(c) for c in state.selectable((), seat))
        else:
            legal = tuple(str(a) for a in state.legal_actions(seat))
    is_starter = seat is not None and seat == state.starter
    last = state.tricks[-1] if state.tricks else None
    declaration = state.declaration
    return TractorView(
        game="tractor",
        seat=seat,
        phase=stage,
        to_move=state.to_move,
        hand=hand,
        trick=state.trick,
        last_trick=() if last is None else last.plays,
        last_winner=None if last is None else last.winner,
        trump=trump.to_dict(),
        scores=(min(state.levels[0], ACE), min(state.levels[1], ACE)),
        legal=legal,
        last_round=None if state.last_round is None else state.last_round.as_mapping(),
        declarers=state.declarers,
        starter=state.starter,
        trump_options={
            "rank_cards_trump_in_no_trump": state.config.no_trump_rank_cards_are_trump,
            "gap_tractors": state.config.gap_tractors,
        },
        points=state.points,
        kitty=state.kitty if stage == "over" or (stage == "play" and is_starter) else (),
        levels=(level_name(state.levels[0]), level_name(state.levels[1])),
        round=state.round_no + 1,
        declaration=None if declaration is None else declaration.to_dict(),
        drawn=state.drawn,
        stock=max(0, 100 - state.drawn) if stage in ("draw", "last-declare") else 0,
        hand_sizes=tuple(len(h) for h in state.hands),
        revealed=state.revealed,
        kitty_taken=state.kitty_taken if is_starter and stage in ("kitty", "play") else (),
        failed_throws=tuple(
            {"seat": f.seat, "attempted": f.attempted, "forced": f.forced, "penalty": f.penalty}
            for f in state.failed_throws
        ),
        tricks=tuple({"plays": t.plays, "winner": t.winner, "points": t.points} for t in state.tricks),
    )
