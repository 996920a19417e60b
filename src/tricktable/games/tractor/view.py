"""What one seat of a Tractor game may see: its own hand, everything exposed on the table (declared
cards, turned-up kitty cards, tricks, failed throws), the kitty only as the starter (or once the game
is over), and counts of everything else."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from tricktable.cards import ALL_CARDS, Card, Rank
from tricktable.compiled import python_class
from tricktable.core.copies import copyable
from tricktable.core.labels import SeatMark, TrumpLabel
from tricktable.core.marks import MarkTable
from tricktable.core.trick import Trick
from tricktable.core.views import Record, View
from tricktable.games.tractor.config import ACE, level_name
from tricktable.games.tractor.scoring import RoundSummary
from tricktable.games.tractor.sight import sees_kitty, sees_kitty_taken
from tricktable.games.tractor.trump import Trump

if TYPE_CHECKING:
    from tricktable.games.tractor.declare import Declaration
    from tricktable.games.tractor.state import FailedThrow, TractorState, TrickRecord

__all__ = ["TractorView", "build_view", "seat_fields"]


@python_class
@dataclass(frozen=True, kw_only=True)
class TractorView(View):
    """A seat's view. ``scores`` are the teams' levels as pip values (2..14, A = 14; the winner of a
    finished game shows 14 too) and ``levels`` the same as text; ``trump`` is the round's
    :class:`Trump` (JSON ``{"rank": "2", "suit": "H"}``; during the draw: the standing declaration's
    suit, or None). ``deal_number`` counts redeals too; ``round`` does not."""

    trump: Trump
    declarers: int | None
    starter: int
    trump_options: Mapping[str, bool]
    """The ranking variants in force: ``Trump(**to_dict()["trump"], **view.trump_options)`` rebuilds
    ``view.trump`` from JSON."""
    points: int
    kitty: tuple[Card, ...]
    levels: tuple[str, str]
    round: int
    declaration: Mapping[str, Any] | None
    trump_source: Literal["undeclared", "declared", "kitty"]
    """Where ``trump`` comes from: ``undeclared`` while nobody has declared (during the draw: the
    suit is not known yet, which a declared no-trump round is not), ``declared`` from the standing
    declaration (during the draw it can still be overturned), ``kitty`` from the cards turned up from
    the kitty (a later round that nobody declared in)."""
    drawn: int
    revealed: tuple[Card, ...]
    kitty_taken: tuple[Card, ...]
    failed_throws: tuple[Mapping[str, Any], ...]


# The kitty is seen by the seat that took it, not by the others (sight.sees_kitty).
# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
TractorView.SEAT_FIELDS = (*View.SEAT_FIELDS, "kitty", "kitty_taken")


def build_view(state: TractorState, seat: int | None) -> TractorView:
    stage = state.stage
    trump = _trump(state)
    marks = _MARKS(trump)
    last = state.tricks.done[-1] if state.tricks.done else None
    declaration = state.declaring.declaration
    source: Literal["undeclared", "declared", "kitty"] = (
        "declared" if declaration is not None else "kitty" if state.kitty.revealed else "undeclared"
    )
    tricks = tuple(map(_trick, state.tricks.done))
    per_seat = [0, 0, 0, 0]
    for done in tricks:
        per_seat[done.winner] += 1
    return TractorView(
        **seat_fields(state, seat),
        game="tractor",
        phase=stage,
        to_move=state.to_move,
        version=state.version,
        deal_number=state.round.deal_no + 1,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=max(0, 100 - state.drawn) if stage in ("draw", "last-declare") else 0,
        trick=state.trick,
        last_trick=() if last is None else last.plays,
        last_winner=None if last is None else last.winner,
        tricks=tricks,
        tricks_won=tuple(per_seat),
        team_tricks=(per_seat[0] + per_seat[2], per_seat[1] + per_seat[3]),
        trump=trump,
        scores=(min(state.round.levels[0], ACE), min(state.round.levels[1], ACE)),
        last_round=None if state.round.last_round is None else _summary(state.round.last_round),
        marks=marks,
        seat_marks=_declared_marks(declaration if stage in _DECLARING else None),
        trump_label=_label(trump, source != "undeclared"),
        declarers=state.round.declarers,
        starter=state.round.starter,
        trump_options={
            "rank_cards_trump_in_no_trump": state.config.no_trump_rank_cards_are_trump,
            "gap_tractors": state.config.gap_tractors,
        },
        points=state.tricks.points,
        levels=(level_name(state.round.levels[0]), level_name(state.round.levels[1])),
        round=state.round.number + 1,
        declaration=None if declaration is None else declaration.to_dict(),
        trump_source=source,
        drawn=state.drawn,
        revealed=state.kitty.revealed,
        failed_throws=tuple(map(_failed, state.tricks.failed_throws)),
    )


def seat_fields(state: TractorState, seat: int | None) -> dict[str, Any]:
    """The view's fields of the seat's own (``TractorView.SEAT_FIELDS``): its hand, its legal actions
    (in the play and the kitty, the cards it may pick), its card pick, and the kitty where it sees it."""
    hand: tuple[Card, ...] = ()
    legal: tuple[str, ...] = ()
    if seat is not None:
        hand = _MARKS(_trump(state)).sorted(state.hands[seat])
        if state.may_act(seat):
            if state.stage in ("play", "kitty"):
                legal = tuple(str(c) for c in state.selectable((), seat))
            else:
                legal = tuple(str(a) for a in state.legal_actions(seat))
    return {
        "seat": seat,
        "hand": hand,
        "legal": legal,
        "pick": None if seat is None else state.pick(seat),
        "kitty": state.kitty.buried if sees_kitty(state, seat) else (),
        "kitty_taken": state.kitty.taken if sees_kitty_taken(state, seat) else (),
    }


def _trump(state: TractorState) -> Trump:
    """The trump now: the kitty's once settled, else the one the standing declaration makes."""
    trump = state.kitty.trump
    if trump is None:
        decl = state.declaring.declaration
        trump = _standing(
            state.round.rank,
            None if decl is None else decl.suit,
            state.config.no_trump_rank_cards_are_trump,
            state.config.gap_tractors,
        )
    return trump


_MARKS = MarkTable(ALL_CARDS)
_DECLARING = frozenset({"draw", "last-declare", "kitty"})
"""The stages in which the standing declaration is shown beside its seat (until play begins)."""
_NO_MARKS: tuple[tuple[SeatMark, ...], ...] = ((), (), (), ())


@lru_cache(maxsize=256)
def _declared_marks(declaration: Declaration | None) -> tuple[tuple[SeatMark, ...], ...]:
    """Beside the declarer, the cards of the standing declaration."""
    if declaration is None:
        return _NO_MARKS
    mark = (SeatMark("declared", "mark.declared", cards=declaration.cards),)
    return tuple(mark if s == declaration.seat else () for s in range(4))


@lru_cache(maxsize=256)
def _label(trump: Trump, declared: bool) -> TrumpLabel:
    """The trump in words: the level's rank and the suit (not known yet while nobody has declared)."""
    return TrumpLabel(trump.rank.letter, None if trump.suit is None else trump.suit.letter, declared)


@lru_cache(maxsize=64)
def _standing(rank: int, suit: int | None, rank_cards_trump: bool, gap: bool) -> Trump:
    """The trump a standing declaration would make (during the draw), with the game's variants."""
    return Trump(rank=Rank(rank), suit=suit, rank_cards_trump_in_no_trump=rank_cards_trump, gap_tractors=gap)


@lru_cache(maxsize=4096)
def _trick(done: TrickRecord | Trick) -> Trick:
    """A finished trick in the shared form (cached: every view of the round repeats them)."""
    if isinstance(done, Trick):
        return done
    return Trick(done.plays[0][0], done.plays, done.winner, done.points)


@lru_cache(maxsize=4096)
def _failed(throw: FailedThrow) -> Record:
    """A failed throw as the view shows it, made (and turned into JSON) once."""
    return Record(
        {"seat": throw.seat, "attempted": throw.attempted, "forced": throw.forced, "penalty": throw.penalty}
    )


@lru_cache(maxsize=64)
def _summary(summary: RoundSummary) -> Record:
    """The last round's score sheet as the view shows it, made (and turned into JSON) once."""
    return Record(summary.as_mapping())


copyable(TractorView)
