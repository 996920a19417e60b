"""What one seat of a Back Alley table may know: its own hand and everything played in the open."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tricktable.cards import ALL_CARDS, Card, Suit
from tricktable.compiled import python_class
from tricktable.core.copies import copyable
from tricktable.core.labels import SeatMark, TrumpLabel
from tricktable.core.marks import MarkTable
from tricktable.core.trick import Play, Trick
from tricktable.core.views import SuitTrump, View, own_fields

from .bidding import Contract, named_bids
from .deal import SEATS, hand_sizes
from .scoring import HandRecord

if TYPE_CHECKING:
    from .state import BackAlleyState
    from .state import Trick as HandTrick

__all__ = ["BackAlleyView", "build_view", "seat_fields"]


@python_class
@dataclass(frozen=True, kw_only=True)
class BackAlleyView(View):
    """The common view fields plus what a Back Alley player sees at the table.

    ``leader``: who led (or leads) the trick in progress, None while bidding;
    ``bids``: ``(seat, bid)`` in bidding order (``pass``, ``3``, ``board``, ``double board``...);
    ``contracts``: per team once bidding is over; ``played``: the cards of the completed tricks of
    this hand, in play order; ``discard``: the joker discarded after a joker turn-up, by
    ``discarded_by``; ``sheet``: every hand's score-sheet row so far (``last_round`` is the last of
    them). ``trump`` is None-suited (JSON null) in a no-trump hand; otherwise the jokers are its top
    trumps. ``deal_number`` counts thrown-in deals too; ``hand_number`` does not."""

    trump: SuitTrump
    dealer: int
    turn_up: tuple[Card, ...]
    hand_number: int
    hands_total: int
    hand_size: int
    bids: tuple[tuple[int, str], ...]
    contracts: tuple[Contract, Contract] | None
    leader: int | None
    trumps_broken: bool
    played: tuple[Card, ...]
    discard: tuple[Card, ...]
    discarded_by: int | None
    sheet: tuple[Mapping[str, Any], ...] = field(metadata={"rows": HandRecord})
    """Each row is a :class:`HandRecord`'s read-only mapping (its fields by name)."""


def build_view(state: BackAlleyState, seat: int | None) -> BackAlleyView:
    d = state.deal
    prog = state.progress
    won = prog.won
    last = prog.tricks[-1] if prog.tricks else None
    sheet = tuple(row.as_dict() for row in state.match.sheet)
    over = state.mover is None
    trick: tuple[Play, ...] = tuple(((state.leader + i) % SEATS, (c,)) for i, c in enumerate(state.trick))
    trump = _TRUMPS[d.trump]
    marks = _MARKS(trump)
    bids = named_bids(state.auction.bids, (d.dealer + 1) % SEATS)
    return BackAlleyView(
        **seat_fields(state, seat),
        game="back-alley",
        phase=state.phase,
        to_move=state.mover,
        version=state.version,
        deal_number=state.match.deals + (0 if over else 1),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(d.stock),
        trick=trick,
        last_trick=() if last is None else last.plays(),
        last_winner=None if last is None else last.winner,
        tricks=tuple(map(_trick, prog.tricks)),
        tricks_won=won,
        team_tricks=(won[0] + won[2], won[1] + won[3]),
        trump=trump,
        scores=state.match.scores,
        last_round=sheet[-1] if sheet else None,
        marks=marks,
        seat_marks=_bid_marks(bids),
        trump_label=_LABELS[d.trump],
        dealer=d.dealer,
        turn_up=d.turn_up,
        hand_number=state.match.number,
        hands_total=len(hand_sizes(state.config.deals)),
        hand_size=d.size,
        bids=bids,
        contracts=state.auction.contracts,
        leader=None if over or state.auction.contracts is None else state.leader,
        trumps_broken=prog.broken,
        played=tuple(c for t in prog.tricks for c in t.cards),
        discard=d.discard,
        discarded_by=d.discarded_by,
        sheet=sheet,
    )


def seat_fields(state: BackAlleyState, seat: int | None) -> dict[str, Any]:
    """The view's fields of the seat's own (``BackAlleyView.SEAT_FIELDS``): its hand, its legal
    actions and its card pick."""
    return own_fields(state, seat, _MARKS(_TRUMPS[state.deal.trump]))


_TRUMPS = (*(SuitTrump(suit, jokers=True) for suit in Suit), SuitTrump(None))
"""By the deal's trump index: the suits (jokers on top), then :data:`NO_TRUMP` (index 4)."""
_LABELS = (*(TrumpLabel(None, suit.letter) for suit in Suit), TrumpLabel(None, None))


@lru_cache(maxsize=1024)
def _bid_marks(bids: tuple[tuple[int, str], ...]) -> tuple[tuple[SeatMark, ...], ...]:
    """Beside each seat, its last bid of this hand: a number of tricks (``bid.n``), or the word of
    ``pass`` or a board (``bid.board``, ``bid.double board``...)."""
    last = dict(bids)
    return tuple((_bid_mark(last[s]),) if s in last else () for s in range(SEATS))


def _bid_mark(bid: str) -> SeatMark:
    return SeatMark("bid", "bid.n", {"n": int(bid)}) if bid.isdigit() else SeatMark("bid", f"bid.{bid}")


_MARKS = MarkTable(ALL_CARDS)


@lru_cache(maxsize=4096)
def _trick(done: HandTrick | Trick) -> Trick:
    """A finished trick of the hand in the shared form (cached: views of one hand repeat them)."""
    if isinstance(done, Trick):
        return done
    return Trick(done.leader, done.plays(), done.winner)


copyable(BackAlleyView)
