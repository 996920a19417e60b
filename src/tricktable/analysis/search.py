"""The double-dummy search shared by the games it solves: a boolean alpha-beta ("can team 0 reach at
least ``target``?") over single-card tricks, on bitmasks, with a transposition table, equivalent
cards merged and ordered moves.

A position is the seats' hands (one int per seat, bit ``c`` set for card code ``c``), the leader,
the cards of the trick so far and a game's *status*: whatever else the rest of the deal's value
depends on (a hashable value: trumps broken, the jack's captor, the card points so far...). A game
(:class:`Rules`) says what may be played, what a finished trick does to the status and gains team 0,
what a finished deal is worth, and what bounds it can tell without searching. Values are team 0's
gain over team 1 from here; team 0 maximises, team 1 minimises.

The table stores, per position at a trick's start, the bounds proved on its value; searches for
several targets (:meth:`TrickSearch.value`, a binary search over the values the game can reach)
share it. Two cards of one hand are *equivalent* when no card still in play (in another hand or in
the trick) lies between them in their suit and the game lets them merge (:attr:`Rules.distinct`:
cards whose identity matters beyond their power, such as point cards): only one of them is searched.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence

__all__ = ["Rules", "SearchLimit", "TrickSearch", "bits", "cards_of", "runs", "winning_index"]


class SearchLimit(Exception):
    """The search visited more positions than it was allowed."""


def bits(mask: int) -> list[int]:
    """The card codes in ``mask``, highest first."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def cards_of(cards: Iterable[int]) -> int:
    """The mask of some card codes."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def winning_index(trick: Sequence[int], suit_of: Sequence[int], trump: int) -> int:
    """The index in ``trick`` of the winning card: the highest trump, else the highest card of the led
    suit (``suit_of``: each card's suit for play; within one, a higher code is a higher card)."""
    best = 0
    best_card = trick[0]
    best_suit = suit_of[best_card]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = suit_of[card]
        if (suit == best_suit and card > best_card) or (suit == trump and best_suit != trump):
            best, best_card, best_suit = i, card, suit
    return best


def runs(
    allowed: int, others: int, suit_of: Sequence[int], suit_masks: Sequence[int], distinct: int
) -> list[int]:
    """The cards of ``allowed``, highest first, one of each run of equivalent cards (the run's top):
    cards of one suit with no card of ``others`` (the cards in play elsewhere) between them play as
    one, unless either is ``distinct``."""
    out: list[int] = []
    previous = -1
    mask = allowed
    while mask:
        card = mask.bit_length() - 1
        mask ^= 1 << card
        suit = suit_of[card]
        if not (
            previous >= 0
            and suit == suit_of[previous]
            and not (distinct >> card) & 1
            and not (distinct >> previous) & 1
            and not others & suit_masks[suit] & ((1 << previous) - (1 << (card + 1)))
        ):
            out.append(card)
        previous = card
    return out


class Rules:
    """What the search needs from a game (a game's rules subclass it and set every attribute)."""

    num_seats: int
    suit_masks: Sequence[int]
    """The card codes of each effective suit, as masks (trumps: index ``trump``)."""
    suit_of: Sequence[int]
    """Each card code's effective suit."""
    trump: int
    """The trump suit's index (an index no card has when nothing is trump)."""
    distinct: int
    """Cards never merged with a neighbour (a mask)."""
    points: Sequence[int]
    """Each card code's worth in the game's count, if it has one (else zeros): for move ordering."""

    def allowed(self, hand: int, trick: Sequence[int], status: Hashable) -> int:
        """The cards of ``hand`` the seat may play to ``trick`` (empty: a lead)."""
        raise NotImplementedError

    def trick_done(self, status: Hashable, trick: Sequence[int], winner: int) -> tuple[Hashable, int]:
        """The status after a trick won by seat ``winner``, and what the trick gained team 0."""
        raise NotImplementedError

    def bounds(self, hands: Sequence[int], leader: int, status: Hashable) -> tuple[int, int]:
        """Bounds on the value of the rest of the deal at a trick's start, ``leader`` to lead."""
        raise NotImplementedError

    def key(self, hands: tuple[int, ...], leader: int, status: Hashable) -> Hashable:
        """The table's key for a position at a trick's start: equal for positions of equal value."""
        raise NotImplementedError


class TrickSearch:
    """Double-dummy search over one game's :class:`Rules`; keeps its table between calls (build one
    per deal)."""

    def __init__(self, rules: Rules, max_nodes: int | None = None) -> None:
        self.rules = rules
        self.max_nodes = max_nodes
        """Raise :class:`SearchLimit` after this many positions (None: no limit)."""
        self.table: dict[Hashable, list[int]] = {}
        """Per position at a trick's start (the game's key): the bounds proved on its value."""
        self.killers: dict[Hashable, int] = {}
        """Per position: the card that last decided its search (tried first next time)."""
        self.nodes = 0

    # --- the value ------------------------------------------------------------------------------
    def action_values(
        self,
        hands: Sequence[int],
        leader: int,
        trick: Sequence[int],
        status: Hashable,
        values: Sequence[int],
        question: Question,
    ) -> dict[int, int]:
        """The exact value of each card the seat to move may play (by card code): the largest of
        ``values`` (ascending: every value the rest of the deal can take) that team 0 can reach when
        that card is played. ``question(v)`` says what to search to know whether team 0 reaches
        ``v`` from this position: the status and the target of :meth:`reach`, or the answer itself.
        ``status`` is the position's, for the cards that may be played. Cards equivalent to one
        searched get its value."""
        hands = tuple(hands)
        trick = tuple(trick)
        n = self.rules.num_seats
        seat = (leader + len(trick)) % n
        searched: dict[int, int] = {}
        guess: int | None = None
        for card in self.moves(hands, leader, trick, status):

            def reaches(v: int, card: int = card) -> bool:
                asked = question(v)
                if isinstance(asked, bool):
                    return asked
                now, target = asked
                after = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
                played = (*trick, card)
                if len(played) < n:
                    return self._play(after, leader, played, now, target)
                winner = (leader + self.winner(played)) % n
                new_status, gained = self.rules.trick_done(now, played, winner)
                return self._start(after, winner, new_status, target - gained)

            index = _largest(reaches, values, guess)
            searched[card] = values[index]
            guess = index
        others = self._others(hands, seat, trick)
        out = {}
        for card in bits(self.rules.allowed(hands[seat], trick, status)):
            kept = next(k for k in searched if k == card or self._equivalent(card, k, others))
            out[card] = searched[kept]
        return out

    def reach(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], status: Hashable, target: int
    ) -> bool:
        """Whether team 0 can make the rest of the deal worth at least ``target``."""
        if trick:
            return self._play(hands, leader, trick, status, target)
        return self._start(hands, leader, status, target)

    # --- the search -----------------------------------------------------------------------------
    def _start(self, hands: tuple[int, ...], leader: int, status: Hashable, target: int) -> bool:
        rules = self.rules
        lo, hi = rules.bounds(hands, leader, status)
        if lo >= target:
            return True
        if hi < target:
            return False
        key = rules.key(hands, leader, status)
        entry = self.table.get(key)
        if entry is not None:
            if entry[0] >= target:
                return True
            if entry[1] < target:
                return False
        else:
            entry = self.table[key] = [lo, hi]
        result = self._play(hands, leader, (), status, target)
        if result:
            entry[0] = max(entry[0], target)
        else:
            entry[1] = min(entry[1], target - 1)
        return result

    def _play(
        self, hands: tuple[int, ...], leader: int, trick: tuple[int, ...], status: Hashable, target: int
    ) -> bool:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise SearchLimit(self.max_nodes)
        rules = self.rules
        n = rules.num_seats
        seat = (leader + len(trick)) % n
        maximise = seat % 2 == 0
        memo = (hands, leader, trick, status)
        moves = self.moves(hands, leader, trick, status)
        killer = self.killers.get(memo)
        if killer is not None and moves[0] != killer:
            moves.remove(killer)
            moves.insert(0, killer)
        for card in moves:
            after = (*hands[:seat], hands[seat] & ~(1 << card), *hands[seat + 1 :])
            played = (*trick, card)
            if len(played) < n:
                result = self._play(after, leader, played, status, target)
            else:
                winner = (leader + self.winner(played)) % n
                new_status, gained = rules.trick_done(status, played, winner)
                result = self._start(after, winner, new_status, target - gained)
            if result is maximise:
                self.killers[memo] = card
                return result
        return not maximise

    def winner(self, trick: Sequence[int]) -> int:
        """The index in ``trick`` of the winning card (:func:`winning_index`)."""
        return winning_index(trick, self.rules.suit_of, self.rules.trump)

    def moves(self, hands: Sequence[int], leader: int, trick: Sequence[int], status: Hashable) -> list[int]:
        """The seat to move's playable cards, one of each run of equivalent cards, likeliest best first."""
        rules = self.rules
        n = rules.num_seats
        seat = (leader + len(trick)) % n
        allowed = rules.allowed(hands[seat], trick, status)
        if not allowed & (allowed - 1):  # one card: nothing to merge or order
            return [allowed.bit_length() - 1]
        others = self._others(hands, seat, trick)
        suit_of = rules.suit_of
        suit_masks = rules.suit_masks
        trump = rules.trump
        points = rules.points
        if trick:
            best = self.winner(trick)
            best_card = trick[best]
            best_suit = suit_of[best_card]
            partner_wins = n == 4 and (leader + best) % n == (seat + 2) % n
        keyed: list[tuple[int, int, int]] = []
        for card in runs(allowed, others, suit_of, suit_masks, rules.distinct):
            suit = suit_of[card]
            # A joker (codes 52 and 53) ranks above the trump ace.
            rank = (card % 13 if card < 52 else card - 39) + (13 if suit == trump else 0)
            if not trick:
                # Lead a sure winner (the top card left in its suit) first, else low cards, trumps last.
                if not others & suit_masks[suit] & ~((1 << (card + 1)) - 1):
                    keyed.append((0 if suit == trump else 1, -card, card))
                else:  # low cards, first of the suits where the partner is longest
                    length = (hands[(seat + 2) % n] & suit_masks[suit]).bit_count()
                    keyed.append((3 if suit == trump else 2, rank - 32 * length, card))
            elif partner_wins:  # give the partner's trick points
                keyed.append((1, rank - 16 * points[card], card))
            elif (suit == best_suit and card > best_card) or (suit == trump and best_suit != trump):
                keyed.append((0, rank, card))  # win as cheaply as possible
            else:  # keep points from the opponents' trick
                keyed.append((1, rank + 16 * points[card], card))
        keyed.sort()
        return [k[2] for k in keyed]

    def _others(self, hands: Sequence[int], seat: int, trick: Sequence[int]) -> int:
        """The cards still in play outside ``seat``'s hand: the other hands and the trick."""
        others = 0
        for s, hand in enumerate(hands):
            if s != seat:
                others |= hand
        for card in trick:
            others |= 1 << card
        return others

    def _equivalent(self, low: int, high: int, others: int) -> bool:
        """Whether cards ``low`` < ``high`` of one hand are interchangeable: same suit, neither
        distinct, and no card in ``others`` between them."""
        rules = self.rules
        if low > high:
            low, high = high, low
        suit = rules.suit_of[low]
        return (
            suit == rules.suit_of[high]
            and not (rules.distinct >> low) & 1
            and not (rules.distinct >> high) & 1
            and not others & rules.suit_masks[suit] & ((1 << high) - (1 << (low + 1)))
        )


def _largest(reaches: Callable[[int], bool], values: Sequence[int], guess: int | None) -> int:
    """The index of the largest of ``values`` (ascending; the first is always reached) for which
    ``reaches`` holds: a binary search, or a walk up from ``guess`` (a sibling's answer is often
    this one's too)."""
    lo, hi = 0, len(values) - 1
    mid = guess if guess is not None and lo < guess <= hi else None
    while lo < hi:
        if mid is None:
            mid = (lo + hi + 1) // 2
        if reaches(values[mid]):
            lo = mid
            mid = mid + 1 if guess is not None and mid < hi else None
        else:
            hi = mid - 1
            mid = None
    return lo


Question = Callable[[int], "tuple[Hashable, int] | bool"]
"""What to search to know whether team 0 reaches a value: (status, target) for :meth:`TrickSearch.reach`,
or the answer when it is known without searching."""
