"""All Fours' double-dummy solver: the count of the deal (High, Low, Jack or Hang Jack, Game) both
sides can force from a play-phase position.

High and Low go to the original holders of the top and bottom trump, so play cannot change them; what
play decides is which side captures the jack of trumps and which side's tricks hold more card points.
Each pair of those outcomes is valued by the game's own
:func:`~tricktable.games.all_fours.scoring.count_deal` and its stop at the target
(:func:`_outcomes`). The question "does team 0 reach value ``v``?" is then one about a sum: for each
side that may take the jack, the least final card-point difference that is enough (win the Game,
tie it, anything, or nothing is enough); taking the jack never hurts its taker, so team 0 reaches
``v`` exactly when its card points from here, plus a *jack bonus* (the difference between those two
least differences) if it takes the jack, reach the least difference it needs without the jack. That
sum is additive trick by trick, so the search's table needs only the hands, the leader and the bonus,
whatever the points so far. Only cards worth no card points (Two to Nine, the jack of trumps
excepted) merge with their neighbours.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from tricktable.cards import Card
from tricktable.core import trick as core
from tricktable.core.state import team_of
from tricktable.games.all_fours.play import CARD_POINTS
from tricktable.games.all_fours.scoring import count_deal, score_items

from .search import Rules, TrickSearch, cards_of

__all__ = ["AllFoursRules", "solve_all_fours"]

_JACK = 9  # code % 13 of a Jack
_TEN = Card(8)  # any card worth 10 card points: a stand-in for "these tricks won the Game"
_POINT_CARDS = cards_of(c for c in range(52) if CARD_POINTS[c])
_NEVER = 1000
"""Beyond any card-point difference: the least difference needed when none is enough (or, negated,
when any is)."""


class _Play(Rules):
    """All Fours' play rules on masks (:class:`~tricktable.analysis.search.Rules`): what may be played."""

    def __init__(self, state: Any) -> None:
        n = state.num_seats
        self.num_seats = n
        self.trump = trump = int(state.deal.trump)
        self.suit_of = core.suit_table(core.NO_TRUMP)[:52]
        self.suit_masks = [cards_of(range(s * 13, s * 13 + 13)) for s in range(4)]
        self.trumps = self.suit_masks[trump]
        self.points = CARD_POINTS
        self.no_undertrump = state.config.no_undertrump

    def allowed(self, hand: int, trick: Sequence[int], status: Hashable) -> int:
        if not trick:
            return hand
        led = trick[0] // 13
        trumps = hand & self.trumps
        if led == self.trump:
            return trumps or hand
        follow = hand & self.suit_masks[led]
        basic = (follow | trumps) if follow else hand
        if self.no_undertrump:
            top = max((c for c in trick if c // 13 == self.trump), default=-1)
            if top >= 0:
                higher = basic & ~(self.trumps & ((1 << (top + 1)) - 1))
                if higher:
                    return higher
        return basic

    def _team0(self, seat: int) -> bool:
        return seat % 2 == 0  # team 0 holds the even seats, with 2 players as with 4


class AllFoursRules(_Play):
    """The searched sum: team 0's card points from here minus team 1's, plus the status, the jack
    bonus, if team 0 captures the jack of trumps."""

    def __init__(self, state: Any) -> None:
        super().__init__(state)
        self.jack = self.trump * 13 + _JACK
        self.distinct = _POINT_CARDS | (1 << self.jack)

    def trick_done(self, status: Hashable, trick: Sequence[int], winner: int) -> tuple[Hashable, int]:
        points = sum(CARD_POINTS[c] for c in trick)
        if not self._team0(winner):
            return status, -points
        return status, points + (cast(int, status) if self.jack in trick else 0)

    def bounds(self, hands: Sequence[int], leader: int, status: Hashable) -> tuple[int, int]:
        """The points left can all go either way, except that a side's top trumps (above every trump
        of the other side) each win their trick: their card points, and the jack among them, are
        that side's for sure."""
        team0 = 0
        for hand in hands[::2]:
            team0 |= hand
        team1 = 0
        for hand in hands[1::2]:
            team1 |= hand
        left = _points_left((team0, team1))
        bonus = cast(int, status)
        jack = 1 << self.jack
        open_jack = bool((team0 | team1) & jack)
        lo, hi = -left + (min(bonus, 0) if open_jack else 0), left + (max(bonus, 0) if open_jack else 0)
        trumps0, trumps1 = team0 & self.trumps, team1 & self.trumps
        if not trumps0 | trumps1:
            return lo, hi
        if trumps0 > trumps1:  # team 0 holds the top trump
            run = trumps0 & ~((1 << trumps1.bit_length()) - 1)
            sure = _points_left((run,))
            return lo + 2 * sure + (bonus - min(bonus, 0) if run & jack else 0), hi
        run = trumps1 & ~((1 << trumps0.bit_length()) - 1)
        sure = _points_left((run,))
        return lo, hi - 2 * sure - (max(bonus, 0) if run & jack else 0)

    def key(self, hands: tuple[int, ...], leader: int, status: Hashable) -> Hashable:
        return hands, leader, status if _holds(hands, self.jack) else 0


def _holds(hands: Sequence[int], card: int) -> bool:
    return any(hand >> card & 1 for hand in hands)


_SUIT_POINTS = tuple(sum(CARD_POINTS[r] for r in range(13) if m >> r & 1) for m in range(1 << 13))
"""The card points of a suit's cards, by their 13-bit mask."""


def _points_left(hands: Sequence[int]) -> int:
    union = 0
    for hand in hands:
        union |= hand
    return (
        _SUIT_POINTS[union & 0x1FFF]
        + _SUIT_POINTS[union >> 13 & 0x1FFF]
        + _SUIT_POINTS[union >> 26 & 0x1FFF]
        + _SUIT_POINTS[union >> 39 & 0x1FFF]
    )


def _outcomes(state: Any, jack_dealt: bool) -> dict[tuple[int | None, int | None], int]:
    """What the count adds for team 0 over team 1 (by the game's own scoring, stopping at the item
    that reaches the target) for each (jack captor's team, Game winner's team) the play can give."""
    config = state.config
    out: dict[tuple[int | None, int | None], int] = {}
    for jack_team in (0, 1) if jack_dealt else (None,):
        for game_team in (0, 1, None):
            won: list[list[Card]] = [[], []]
            if game_team is not None:
                won[game_team].append(_TEN)
            # team_of(seat) is the seat's parity for 2 and 4 players alike: seat t is on team t
            captor = jack_team
            items = count_deal(config, state.deal.dealer, state.deal.trump, state.tricks.dealt, won, captor)
            scores = score_items(state.match.scores, items, config.target)[0]
            gains = [a - b for a, b in zip(scores, state.match.scores, strict=True)]
            out[jack_team, game_team] = gains[0] - gains[1]
    return out


def _least(outcomes: dict[tuple[int | None, int | None], int], jack: int | None, value: int) -> int:
    """The least final card-point difference (team 0's minus team 1's) that makes the deal worth at
    least ``value`` to team 0 when ``jack`` (a team, or None) takes the jack; ±:data:`_NEVER`."""
    if outcomes[jack, 1] >= value:
        return -_NEVER
    if outcomes[jack, None] >= value:
        return 0
    return 1 if outcomes[jack, 0] >= value else _NEVER


def solve_all_fours(state: Any, max_nodes: int | None = None) -> dict[int, float]:
    """Each playable card's value (by card code) for the seat to move of an All Fours state in its
    play phase: what the rest of the deal adds to the mover's side over the other, both sides playing
    perfectly."""
    rules = AllFoursRules(state)
    hands = tuple(cards_of(h) for h in state.hands)
    trick = tuple(int(c) for c in state.trick)
    jack = rules.jack
    jack_dealt = any(jack in hand for hand in state.tricks.dealt)
    outcomes = _outcomes(state, jack_dealt)
    diff = sum(CARD_POINTS[c] for c in state.tricks.won[0]) - sum(CARD_POINTS[c] for c in state.tricks.won[1])
    if state.tricks.jack_taker is not None:
        takers: tuple[int | None, ...] = (team_of(state.tricks.jack_taker, state.num_seats),)
    else:
        takers = (0, 1) if jack_dealt else (None,)

    def question(value: int) -> tuple[Hashable, int] | bool:
        least = [_least(outcomes, t, value) for t in takers]
        with_jack, without = least[0], least[-1]  # team 0 taking the jack first: never worse
        if with_jack >= _NEVER:
            return False
        if without <= -_NEVER:
            return True
        return without - with_jack, without - diff

    values = sorted(set(outcomes.values()))
    search = TrickSearch(rules, max_nodes)
    found = search.action_values(hands, state.tricks.leader, trick, 0, values, question)
    sign = 1 if team_of(state.mover, state.num_seats) == 0 else -1
    return {card: float(sign * v) for card, v in found.items()}
