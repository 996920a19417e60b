"""What one seat sees at the table, built from the state.

Besides the fields every game has, an All Fours view holds the dealer, the turned-up cards, the stand /
beg / give / run decisions, every exposed card, the score sheet of this deal so far and of the last one,
and each side's won cards with their card-point tally. Won tricks lie face down at a real table, but
every card in them was played face up in front of everyone, so their content is public knowledge: the
view shows it rather than rewarding memory.

The score sheets (``this_deal``, ``last_round``) name no cards: once the next deal is dealt, the last
deal's cards lie hidden in new hands, and a view never names a card its seat cannot see. The state's
``last_round`` (a :class:`RoundSummary`) keeps the cards of every item.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, Suit
from tricktable.compiled import python_class
from tricktable.core.copies import copyable
from tricktable.core.labels import SeatMark, TrumpLabel
from tricktable.core.marks import MarkTable
from tricktable.core.trick import Play
from tricktable.core.views import Record, SuitTrump, View, own_fields
from tricktable.games.all_fours.deal import FULL_PACK
from tricktable.games.all_fours.scoring import RoundSummary, ScoreItem, game_count

if TYPE_CHECKING:
    from tricktable.games.all_fours.state import AllFoursState

__all__ = ["AllFoursView", "build_view", "seat_fields"]


@python_class
@dataclass(frozen=True, kw_only=True)
class AllFoursView(View):
    """One seat's view of an All Fours game (``seat=None``: a spectator's). ``trump`` is the suit of
    the last turned-up card (proposed during the ``beg`` and ``give`` phases, fixed once play begins).
    ``deal_number`` counts re-deals after the pack ran out too; ``deals_done`` counts finished deals."""

    trump: SuitTrump
    num_seats: int
    target: int
    dealer: int
    turn_up: tuple[Card, ...]
    """This deal's turned-up cards in order; the last one named trumps."""
    decisions: tuple[tuple[int, str], ...]
    """This deal's ``(seat, "stand" | "beg" | "give" | "run")``."""
    deals_done: int
    exposed: tuple[tuple[Card, ...], ...]
    """Each seat's exposed cards (face up in front of it)."""
    called: Card | None
    """An exposed card that has been called: its owner must play it now."""
    won: tuple[tuple[Card, ...], ...]
    """Each team's won cards this deal (public: every card was played face up)."""
    game_count: tuple[int, ...]
    """Each team's card points so far this deal (A=4, K=3, Q=2, J=1, 10=10)."""
    this_deal: tuple[Mapping[str, Any], ...]
    """Points scored so far in this deal (turn-ups and the beg): item, team, points, seat, note."""
    winner: int | None


def build_view(state: AllFoursState, seat: int | None) -> AllFoursView:
    n = state.num_seats
    trump = _TRUMPS[state.deal.trump]
    leader = state.tricks.leader
    trick: tuple[Play, ...] = tuple(((leader + i) % n, (c,)) for i, c in enumerate(state.trick))
    last_leader = state.tricks.last_leader or 0
    last: tuple[Play, ...] = tuple(
        ((last_leader + i) % n, (c,)) for i, c in enumerate(state.tricks.last_trick)
    )
    summary = state.match.last_round
    last_round = None if summary is None else _sheet(summary)
    tricks = state.tricks.done
    per_seat = [0] * n
    for done in tricks:
        per_seat[done.winner] += 1
    return AllFoursView(
        **seat_fields(state, seat),
        game="all-fours",
        phase=state.phase,
        to_move=state.to_move,
        version=state.version,
        deal_number=state.deal.number + 1,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.deal.pack) - state.deal.next_card,
        trick=trick,
        last_trick=last,
        last_winner=state.tricks.last_winner,
        tricks=tricks,
        tricks_won=tuple(per_seat),
        team_tricks=state.tricks.tricks_won,
        trump=trump,
        scores=state.match.scores,
        last_round=last_round,
        marks=_MARKS(trump),
        seat_marks=_exposed_marks(state.calls.exposed),
        trump_label=_LABELS[state.deal.trump],
        num_seats=n,
        target=state.config.target,
        dealer=state.deal.dealer,
        turn_up=state.deal.turned,
        decisions=state.deal.decisions,
        deals_done=state.match.deals_done,
        exposed=state.calls.exposed,
        called=state.calls.called,
        won=state.tricks.won,
        game_count=game_count(state.tricks.won),
        this_deal=tuple(map(_line, state.match.sheet)),
        winner=state.match.winner,
    )


def seat_fields(state: AllFoursState, seat: int | None) -> dict[str, Any]:
    """The view's fields of the seat's own (``AllFoursView.SEAT_FIELDS``): its hand, its legal
    actions and its card pick."""
    return own_fields(state, seat, _MARKS(_TRUMPS[state.deal.trump]))


_TRUMPS = tuple(SuitTrump(suit) for suit in Suit)
_LABELS = tuple(TrumpLabel(None, suit.letter) for suit in Suit)


@lru_cache(maxsize=256)
def _exposed_marks(exposed: tuple[tuple[Card, ...], ...]) -> tuple[tuple[SeatMark, ...], ...]:
    """Beside each seat, its exposed cards (face up in front of it), once it has any."""
    return tuple((SeatMark("exposed", "mark.exposed", cards=cards),) if cards else () for cards in exposed)


_MARKS = MarkTable(FULL_PACK)


@lru_cache(maxsize=1024)
def _line(item: ScoreItem) -> Record:
    """A score-sheet line as views show it (no cards), made and turned into JSON once."""
    return Record(
        {"item": item.item, "team": item.team, "points": item.points, "seat": item.seat, "note": item.note}
    )


@lru_cache(maxsize=64)
def _sheet(summary: RoundSummary) -> Record:
    """The last deal's score sheet as views show it, made and turned into JSON once."""
    return Record(
        {
            "deal": summary.deal,
            "dealer": summary.dealer,
            "trump": summary.trump,
            "decisions": summary.decisions,
            "items": tuple(_line(item) for item in summary.items),
            "tricks_won": summary.tricks_won,
            "game_count": summary.game_count,
            "scores": summary.scores,
            "winner": summary.winner,
        }
    )


copyable(AllFoursView)
