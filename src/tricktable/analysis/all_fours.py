"""All Fours' double-dummy solver: the count of the deal (High, Low, Jack or Hang Jack, Game) both
sides can force from a play-phase position.

High and Low go to the original holders of the top and bottom trump, so play cannot change them; what
play decides is who captures the jack of trumps and which side's tricks hold more card points. The
status is therefore the jack's captor (a seat, or None while it is out or was never dealt) and team
0's card points minus team 1's so far, clamped once the points still out can no longer turn the
Game. Each combination of those outcomes is valued by the game's own
:func:`~tricktable.games.all_fours.scoring.count_deal` and its stop at the target, so the deal's
value is a lookup once they are known, and a deal whose Game and Jack are settled needs no more
search. Only cards worth no card points (Two to Nine, the jack of trumps excepted) merge with their
neighbours: the others count for Game or Jack.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, cast

from tricktable.cards import Card
from tricktable.core import trick as core
from tricktable.core.state import team_of
from tricktable.games.all_fours.play import CARD_POINTS
from tricktable.games.all_fours.scoring import count_deal

from .search import Rules, TrickSearch, cards_of

__all__ = ["AllFoursRules", "solve_all_fours"]

_JACK = 9  # code % 13 of a Jack
_TEN = Card(8)  # any card worth 10 card points: a stand-in for "these tricks won the Game"
_POINT_CARDS = cards_of(c for c in range(52) if CARD_POINTS[c])

Status = tuple[int | None, int]
"""The jack's captor (a seat, None if not captured) and team 0's card points minus team 1's."""


class AllFoursRules(Rules):
    """All Fours' play rules on masks (:class:`~tricktable.analysis.search.Rules`)."""

    def __init__(self, state: Any) -> None:
        n = state.num_seats
        self.num_seats = n
        self.trump = trump = int(state.trump)
        self.suit_of = core.suit_table(core.NO_TRUMP)[:52]
        self.suit_masks = [cards_of(range(s * 13, s * 13 + 13)) for s in range(4)]
        self.trumps = self.suit_masks[trump]
        self.jack = trump * 13 + _JACK
        self.distinct = _POINT_CARDS | (1 << self.jack)
        self.points = CARD_POINTS
        self.no_undertrump = state.config.no_undertrump
        jack_dealt = any(self.jack in hand for hand in state.dealt)
        self.outcomes = _outcomes(state, jack_dealt)
        """The deal's value to team 0 by (jack captor's team or None, Game winner's team or None)."""
        self.values = sorted(set(self.outcomes.values()))

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

    def trick_done(self, status: Hashable, trick: Sequence[int], winner: int) -> tuple[Hashable, int]:
        captor, diff = cast(Status, status)
        points = sum(CARD_POINTS[c] for c in trick)
        diff += points if winner % 2 == 0 or (self.num_seats == 2 and winner == 0) else -points
        if self.jack in trick:
            captor = winner
        return (captor, diff), 0

    def bounds(self, hands: Sequence[int], status: Hashable) -> tuple[int, int]:
        captor, diff = cast(Status, status)
        jack = self._teams(captor, hands)
        left = _points_left(hands)
        if diff > left:
            game: tuple[int | None, ...] = (0,)
        elif diff < -left:
            game = (1,)
        elif left == 0:
            game = (None,)
        else:
            game = (0, 1, None)
        values = [self.outcomes[j, g] for j in jack for g in game]
        return min(values), max(values)

    def key(self, hands: tuple[int, ...], leader: int, status: Hashable) -> Hashable:
        captor, diff = cast(Status, status)
        left = _points_left(hands)
        clamped = max(-left - 1, min(left + 1, diff))  # beyond the points left, the Game is settled
        team = None if captor is None else team_of(captor, self.num_seats)
        return hands, leader, team, clamped

    def _teams(self, captor: int | None, hands: Sequence[int]) -> tuple[int | None, ...]:
        """The teams that may end with the jack: the captor's, else either while it is still out."""
        if captor is not None:
            return (team_of(captor, self.num_seats),)
        if any(hand >> self.jack & 1 for hand in hands):
            return (0, 1)
        return (None,)


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
            items = count_deal(config, state.dealer, state.trump, state.dealt, won, captor)
            scores = list(state.scores)
            for item in items:
                if item.team is None:
                    continue
                scores[item.team] += item.points
                if scores[item.team] >= config.target:
                    break
            gains = [a - b for a, b in zip(scores, state.scores, strict=True)]
            out[jack_team, game_team] = gains[0] - gains[1]
    return out


def solve_all_fours(state: Any, max_nodes: int | None = None) -> dict[int, float]:
    """Each playable card's value (by card code) for the seat to move of an All Fours state in its
    play phase: what the rest of the deal adds to the mover's side over the other, both sides playing
    perfectly."""
    rules = AllFoursRules(state)
    hands = tuple(cards_of(h) for h in state.hands)
    trick = tuple(int(c) for c in state.trick)
    diff = sum(CARD_POINTS[c] for c in state.won[0]) - sum(CARD_POINTS[c] for c in state.won[1])
    status: Status = (state.jack_taker, diff)
    values = TrickSearch(rules, max_nodes).action_values(hands, state.leader, trick, status, rules.values)
    sign = 1 if team_of(state.mover, state.num_seats) == 0 else -1
    return {card: float(sign * v) for card, v in values.items()}
