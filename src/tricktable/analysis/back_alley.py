"""Back Alley's double-dummy solver: the trick count both sides can force, and its points.

A hand's score depends only on how many tricks each side takes, and each side's score never falls
when it takes more (a contract made scores more with each overtrick; a board needs every trick): so
perfect play for the points is perfect play for the tricks, and the search counts tricks (team 0's,
from here) and turns the count into points at the end with the game's own
:func:`~tricktable.games.back_alley.scoring.side_points`. The status is whether trumps may be led.

Every non-joker card merges with its neighbours: only tricks count, so two cards of one hand with
nothing between them in play are interchangeable. The jokers never merge: a led big joker forces the
highest trump and a led little joker the lowest, so leading one is not leading the ace.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from tricktable.cards import BIG_JOKER, LITTLE_JOKER
from tricktable.core.state import team_of
from tricktable.games.back_alley.ranking import NO_TRUMP, SUIT
from tricktable.games.back_alley.scoring import side_points

from .search import Rules, TrickSearch, cards_of

__all__ = ["BackAlleyRules", "solve_back_alley"]

_SEATS = 4
_BIG = int(BIG_JOKER)
_LITTLE = int(LITTLE_JOKER)
_JOKERS = (1 << _BIG) | (1 << _LITTLE)
_SUIT_BITS = (1 << 13) - 1
_SHIFTS = (0, 13, 26, 39)


def _holders(c0: int, c1: int, c2: int, c3: int) -> int:
    """One suit's cards in play (``c0``..``c3``: each seat's, as bits), lowest first, as the seats
    holding them: two bits each, under a leading 1 that marks how many there are."""
    out = 1
    for b in range(13):
        if c0 >> b & 1:
            out <<= 2
        elif c1 >> b & 1:
            out = out << 2 | 1
        elif c2 >> b & 1:
            out = out << 2 | 2
        elif c3 >> b & 1:
            out = out << 2 | 3
    return out


class BackAlleyRules(Rules):
    """Back Alley's play rules on masks (:class:`~tricktable.analysis.search.Rules`); the status is
    True once trumps may be led (broken, opened by a board, or a hand without trumps)."""

    num_seats = _SEATS
    distinct = _JOKERS
    points = (0,) * 54

    def __init__(self, trump: int, little_joker_forces: bool) -> None:
        self.trump = trump
        self.suit_of = SUIT[trump]
        masks = [cards_of(range(s * 13, s * 13 + 13)) for s in range(4)] + [0]
        if trump != NO_TRUMP:
            masks[trump] |= _JOKERS
        self.suit_masks = masks
        self.trumps = masks[trump]
        self.forces = little_joker_forces
        self._suits: dict[tuple[int, int, int, int], int] = {}
        """Each suit's holdings met so far (a seat's cards of the suit each), as :func:`_holders`."""

    def allowed(self, hand: int, trick: Sequence[int], status: Hashable) -> int:
        trumps = hand & self.trumps
        if not trick:
            if status or trumps == hand:
                return hand
            return hand & ~self.trumps
        led = trick[0]
        if led >= _LITTLE:  # a joker led: trumps, maybe only the highest or the lowest
            if not trumps:
                return hand
            if led == _BIG:
                return 1 << (trumps.bit_length() - 1)
            return trumps & -trumps if self.forces else trumps
        follow = hand & self.suit_masks[self.suit_of[led]]
        return follow or hand

    def trick_done(self, status: Hashable, trick: Sequence[int], winner: int) -> tuple[Hashable, int]:
        gained = 1 if winner % 2 == 0 else 0
        if status:
            return status, gained
        trump = self.trump
        suit_of = self.suit_of
        return any(suit_of[c] == trump for c in trick), gained

    def bounds(self, hands: Sequence[int], leader: int, status: Hashable) -> tuple[int, int]:
        """Team 0's tricks from here: at least what its sure trumps or the leader's quick tricks give
        it, at most what team 1's leave. A side holding the top k trumps left wins a trick with each
        of them held by one partner (no other trump can beat them, and one seat's cards fall in
        different tricks). The partner's quick tricks are the leader's too when the leader can lead
        to one of their suits: the partner's top card wins that round as if the partner had led it
        (its cards there are above the leader's, and no opponent ruffs), then the partner leads."""
        left = hands[0].bit_count()
        lo, hi = 0, left
        quick, _ = self._quick(hands, leader, status)
        partners, entries = self._quick(hands, (leader + 2) % 4, status)
        if partners > quick and self._entry(hands[leader], entries, status):
            quick = partners
        if leader % 2 == 0:
            lo = quick
        else:
            hi = left - quick
        trumps = self.trumps
        union = (hands[0] | hands[1] | hands[2] | hands[3]) & trumps
        if not union:
            return lo, hi
        side = 0 if (hands[0] | hands[2]) >> (union.bit_length() - 1) & 1 else 1
        mine = (hands[side] | hands[side + 2]) & trumps
        run = union  # the side's top trumps: from the top down to the first trump of the other side
        theirs = union & ~mine
        if theirs:
            run = union & ~((1 << theirs.bit_length()) - 1)
        sure = max((hands[side] & run).bit_count(), (hands[side + 2] & run).bit_count())
        return (max(lo, sure), hi) if side == 0 else (lo, min(hi, left - sure))

    def _entry(self, hand: int, entries: int, status: Hashable) -> bool:
        """Whether ``hand`` may lead a card to its partner's quick tricks: a card, not a joker (a led
        joker changes what the others must play), of a suit whose top card the partner cashes
        (``entries``, by suit), trumps only when they may be led."""
        trumps = self.trumps
        for suit, mask in enumerate(self.suit_masks):
            if (
                entries >> suit & 1
                and hand & mask & ~_JOKERS
                and (suit != self.trump or status or not hand & ~trumps)
            ):
                return True
        return False

    def _quick(self, hands: Sequence[int], leader: int, status: Hashable) -> tuple[int, int]:
        """The quick tricks of ``leader`` if it were to lead, and the suits they hold (a bit per
        suit): its cards above every opponent's (and its partner's, so the lead stays) in a suit,
        cashed one after another; a side suit only as many rounds as every opponent holding a trump
        can follow (then it could ruff), trumps only when they may be led. Opponents who follow
        never discard, and those who discard hold no trump to ruff with, so the suits add up."""
        mine = hands[leader]
        partner = hands[(leader + 2) % 4]
        left_opp, right_opp = hands[(leader + 1) % 4], hands[(leader + 3) % 4]
        trumps = self.trumps
        ruffers = [o for o in (left_opp, right_opp) if o & trumps]
        total = 0
        suits = 0
        for suit, mask in enumerate(self.suit_masks):
            held = mine & mask
            if not held:
                continue
            above = (left_opp | right_opp | partner) & mask
            top = held & ~((1 << above.bit_length()) - 1)
            count = top.bit_count()
            if not count:
                continue
            if suit == self.trump:
                if status or not mine & ~trumps:
                    total += count
                    suits |= 1 << suit
                continue
            for opp in ruffers:
                count = min(count, (opp & mask).bit_count())
            if count:
                total += count
                suits |= 1 << suit
        return total, suits

    def key(self, hands: tuple[int, ...], leader: int, status: Hashable) -> Hashable:
        """The hands by relative rank: in each suit, the seats holding its cards still in play from
        the lowest up, so that positions differing only in which low cards have gone share an entry
        (the jokers as themselves: they lead differently)."""
        h0, h1, h2, h3 = hands
        jokers = (h0 & _JOKERS) | (h1 & _JOKERS) << 2 | (h2 & _JOKERS) << 4 | (h3 & _JOKERS) << 6
        suits = self._suits
        parts: list[object] = [leader, status, jokers]
        for shift in _SHIFTS:
            chunks = (
                h0 >> shift & _SUIT_BITS,
                h1 >> shift & _SUIT_BITS,
                h2 >> shift & _SUIT_BITS,
                h3 >> shift & _SUIT_BITS,
            )
            code = suits.get(chunks)
            if code is None:
                code = suits[chunks] = _holders(*chunks)
            parts.append(code)
        return tuple(parts)


def solve_back_alley(state: Any, max_nodes: int | None = None) -> dict[int, float]:
    """Each playable card's value (by card code) for the seat to move of a Back Alley state in its
    play phase: the hand's points for the mover's side minus the other side's, both playing perfectly."""
    deal = state.deal
    rules = BackAlleyRules(deal.trump, state.config.little_joker_forces)
    hands = tuple(cards_of(h) for h in state.hands)
    trick = tuple(int(c) for c in state.trick)
    seat = state.mover
    progress = state.progress
    opened = progress.broken or state.auction.trumps_open or deal.trump == NO_TRUMP
    won = progress.won
    taken = won[0] + won[2]
    left = deal.size - len(progress.tricks)
    pacts = state.auction.contracts
    config = state.config

    def points(tricks0: int) -> float:
        a = side_points(pacts[0], tricks0, deal.size, config)
        b = side_points(pacts[1], deal.size - tricks0, deal.size, config)
        return float(a - b if team_of(seat, _SEATS) == 0 else b - a)

    tricks = TrickSearch(rules, max_nodes).action_values(
        hands, state.leader, trick, opened, range(left + 1), lambda v: (opened, v)
    )
    return {card: points(taken + t) for card, t in tricks.items()}
