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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tricktable.cards import Card, sorted_natural
from tricktable.core.trick import Play
from tricktable.core.views import View
from tricktable.games.all_fours.scoring import RoundSummary, ScoreItem, game_count

if TYPE_CHECKING:
    from tricktable.games.all_fours.state import AllFoursState

__all__ = ["AllFoursView", "build_view"]


@dataclass(frozen=True, kw_only=True)
class AllFoursView(View):
    """One seat's view of an All Fours game (``seat=None``: a spectator's)."""

    num_seats: int
    target: int
    dealer: int
    turn_up: tuple[Card, ...]
    """This deal's turned-up cards in order; the last one named trumps."""
    decisions: tuple[tuple[int, str], ...]
    """This deal's ``(seat, "stand" | "beg" | "give" | "run")``."""
    hand_sizes: tuple[int, ...]
    stock_size: int
    exposed: tuple[tuple[Card, ...], ...]
    """Each seat's exposed cards (face up in front of it)."""
    called: Card | None
    """An exposed card that has been called: its owner must play it now."""
    tricks_won: tuple[int, ...]
    won: tuple[tuple[Card, ...], ...]
    """Each team's won cards this deal (public: every card was played face up)."""
    game_count: tuple[int, ...]
    """Each team's card points so far this deal (A=4, K=3, Q=2, J=1, 10=10)."""
    this_deal: tuple[dict[str, Any], ...]
    """Points scored so far in this deal (turn-ups and the beg): item, team, points, seat, note."""
    winner: int | None


def build_view(state: AllFoursState, seat: int | None) -> AllFoursView:
    n = state.num_seats
    hand = () if seat is None else sorted_natural(state.hands[seat])
    leader = state.leader
    trick: tuple[Play, ...] = tuple(((leader + i) % n, (c,)) for i, c in enumerate(state.trick))
    last_leader = state.last_leader or 0
    last: tuple[Play, ...] = tuple(((last_leader + i) % n, (c,)) for i, c in enumerate(state.last_trick))
    legal = () if seat is None else tuple(str(a) for a in state.legal_actions(seat))
    summary = state.last_round
    last_round = None if summary is None else _sheet(summary)
    return AllFoursView(
        game="all-fours",
        seat=seat,
        phase=state.phase,
        to_move=state.to_move,
        hand=hand,
        trick=trick,
        last_trick=last,
        last_winner=state.last_winner,
        trump=state.trump_letter,
        scores=state.scores,
        legal=legal,
        last_round=last_round,
        num_seats=n,
        target=state.config.target,
        dealer=state.dealer,
        turn_up=state.turned,
        decisions=state.decisions,
        hand_sizes=tuple(len(h) for h in state.hands),
        stock_size=len(state.pack) - state.next_card,
        exposed=state.exposed,
        called=state.called,
        tricks_won=state.tricks_won,
        won=state.won,
        game_count=game_count(state.won),
        this_deal=tuple(_line(item) for item in state.sheet),
        winner=state.winner,
    )


def _line(item: ScoreItem) -> dict[str, Any]:
    return {"item": item.item, "team": item.team, "points": item.points, "seat": item.seat, "note": item.note}


def _sheet(summary: RoundSummary) -> dict[str, Any]:
    return {
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
