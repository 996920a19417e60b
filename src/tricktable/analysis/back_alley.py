"""Back Alley's double-dummy solver: the trick count both sides can force, and its points.

A hand's score depends only on how many tricks each side takes, and each side's score never falls
when it takes more (a contract made scores more with each overtrick; a board needs every trick): so
perfect play for the points is perfect play for the tricks, and the search counts team 0's tricks
from here and turns the count into points at the end with the game's own
:func:`~tricktable.games.back_alley.scoring.side_points`.

The search (:class:`TrickCount`) asks "can team 0 take ``target`` tricks?" by alpha-beta over single
cards, on bitmasks, and finds each card's count with a few such questions. What makes a whole
13-card hand affordable is *partition search*: every answer comes back with the cards whose ranks
decided it (the winner of each trick won on rank, the cards a bound rested on), and the table stores
each answer under the suit lengths of the four hands plus, in each suit, only who holds its top cards
down to the lowest card that decided: one entry then answers every position that differs only in
who holds the small cards. The jokers are always told apart (a led big joker forces the highest
trump, a led little joker the lowest), and so is whether trumps may be led. Cards of one hand with no
card in play between them are played as one (the jokers never merge). At a trick's start, the
leader's quick tricks and each side's top trumps bound the count before any search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.cards import BIG_JOKER, LITTLE_JOKER
from tricktable.core.state import team_of
from tricktable.games.back_alley.ranking import NO_TRUMP, SUIT
from tricktable.games.back_alley.scoring import side_points

from .search import SearchLimit, bits, cards_of, runs, winning_index

__all__ = ["TrickCount", "position_of", "solve_back_alley"]

_BIG = int(BIG_JOKER)
_LITTLE = int(LITTLE_JOKER)
_JOKERS = (1 << _BIG) | (1 << _LITTLE)
_RANKS = (1 << 13) - 1
_PLAIN = tuple(_RANKS << (13 * s) for s in range(4))
"""Each suit's 13 cards, the jokers left out."""


def _describe(chunk: int) -> tuple[int, int, int, tuple[int, ...]]:
    """One suit's cards in play, from ``chunk`` (each seat's 13 bits of the suit, seat ``s`` at bit
    ``13 s``): who holds them from the top down (two bits a card, the top card leftmost), how many
    there are, each seat's count (four bits a seat), and their ranks from the top down."""
    code = count = lengths = 0
    ranks = []
    for rank in range(12, -1, -1):
        for seat in range(4):
            if chunk >> (13 * seat + rank) & 1:
                code = code << 2 | seat
                count += 1
                lengths += 1 << (4 * seat)
                ranks.append(rank)
                break
    return code, count, lengths, tuple(ranks)


class TrickCount:
    """Exact trick counts of one Back Alley hand, with every card known; keeps its table between
    questions (build one per position to solve).

    Hands are four masks (bit ``c`` for card code ``c``, the jokers 52 and 53); the status ``opened``
    is whether trumps may be led (broken, opened by a board, or a hand without trumps)."""

    def __init__(self, trump: int, little_joker_forces: bool, max_nodes: int | None = None) -> None:
        self.trump = trump
        self.suit_of = SUIT[trump]
        masks = [*_PLAIN, 0]
        if trump != NO_TRUMP:
            masks[trump] |= _JOKERS
        self.suit_masks = masks
        """Each suit's cards for play (the jokers in the trump suit); index 4: none."""
        self.trumps = masks[trump]
        self.forces = little_joker_forces
        self.max_nodes = max_nodes
        """Raise :class:`~tricktable.analysis.search.SearchLimit` after this many cards played."""
        self.limit = max_nodes if max_nodes is not None else 1 << 62
        self.nodes = 0
        self.order = 0
        """0: moves best first; others: the first two swapped at a third of the positions, which ones
        depending on the number (see :meth:`values`)."""
        self.hands = [0, 0, 0, 0]
        self.table: dict[int, dict[tuple[int, ...], dict[tuple[int, ...], list[int]]]] = {}
        """Per hand shape (leader, status, jokers' holders, each hand's suit lengths): the proved
        bounds, each under the holders of the top cards that decided it (see :meth:`_store`)."""
        self.killers: dict[tuple[tuple[int, ...], int], int] = {}
        """Per trick so far and hand of the seat to move: the card that last ended its search."""
        self._suits: dict[int, tuple[int, int, int, tuple[int, ...]]] = {}
        """:func:`_describe` of each suit holding met so far."""

    # --- the questions ----------------------------------------------------------------------------
    def values(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], opened: bool, order: int = 0
    ) -> dict[int, int]:
        """Team 0's tricks from the current trick on (the trick included) for each card the seat to
        move may play, by card code: both sides playing perfectly. ``order`` reorders the moves
        searched (0: the best-first order; others: the first two swapped at about a third of the
        positions, which ones depending on the number: to check that the answer does not depend on
        the order)."""
        self.hands = list(hands)
        self.order = order
        self.killers.clear()
        trick = tuple(trick)
        seat = (leader + len(trick)) % 4
        left = self.hands[leader].bit_count() + (1 if trick else 0)
        found: dict[int, int] = {}
        guess = None
        best = winning_index(trick, self.suit_of, self.trump) if trick else 0
        for card in self._moves(seat, leader, trick, opened, best):
            value = guess if guess is not None else self._playout(card, leader, trick, opened)
            if self._reach_with(card, leader, trick, opened, value):
                while value < left and self._reach_with(card, leader, trick, opened, value + 1):
                    value += 1
            else:
                value -= 1
                while value > 0 and not self._reach_with(card, leader, trick, opened, value):
                    value -= 1
            found[card] = value
            if guess is None or (value > guess if seat % 2 == 0 else value < guess):
                guess = value
        others = self._others(seat, trick)
        out = {}
        for card in bits(self._allowed(self.hands[seat], trick, opened)):
            kept = next(k for k in found if k == card or self._merged(card, k, others))
            out[card] = found[kept]
        return out

    def _playout(self, card: int, leader: int, trick: tuple[int, ...], opened: bool) -> int:
        """Team 0's tricks from the current trick on when ``card`` is played and then every seat
        plays its first move in the search's order: a guess at the count, to search first."""
        hands = self.hands
        saved = list(hands)
        seat = (leader + len(trick)) % 4
        hands[seat] ^= 1 << card
        trick = (*trick, card)
        taken = 0
        while True:
            if len(trick) == 4:
                winner, gained, opened = self._trick_done(leader, trick, opened)
                taken += gained
                leader, trick = winner, ()
                if not hands[leader]:
                    break
            seat = (leader + len(trick)) % 4
            best = winning_index(trick, self.suit_of, self.trump) if trick else 0
            move = self._moves(seat, leader, trick, opened, best)[0]
            hands[seat] ^= 1 << move
            trick = (*trick, move)
        hands[:] = saved
        return taken

    def reach(self, hands: Sequence[int], leader: int, opened: bool, target: int) -> bool:
        """Whether team 0 can take ``target`` tricks from a trick's start, ``leader`` to lead."""
        self.hands = list(hands)
        return self._start(leader, opened, target)[0]

    def _reach_with(self, card: int, leader: int, trick: tuple[int, ...], opened: bool, target: int) -> bool:
        """Whether team 0 takes ``target`` tricks from the current trick on when ``card`` is played."""
        hands = self.hands
        seat = (leader + len(trick)) % 4
        hands[seat] ^= 1 << card
        played = (*trick, card)
        try:
            if len(played) < 4:
                return self._play(leader, played, opened, target)[0]
            winner, gained, now = self._trick_done(leader, played, opened)
            return self._start(winner, now, target - gained)[0]
        finally:
            hands[seat] ^= 1 << card

    # --- the search -------------------------------------------------------------------------------
    def _start(self, leader: int, opened: bool, target: int) -> tuple[bool, int]:
        """Whether team 0 takes ``target`` tricks from a trick's start, and the cards that decided."""
        hands = self.hands
        left = hands[leader].bit_count()
        if target <= 0:
            return True, 0
        if target > left:
            return False, 0
        h0, h1, h2, h3 = hands
        # The top trumps' sure tricks (see _sure_trumps, inlined here: this runs at every trick).
        trumps = self.trumps
        team0 = (h0 | h2) & trumps
        team1 = (h1 | h3) & trumps
        if team0 > team1:
            top = team1.bit_length()
            if max(((h0 & trumps) >> top).bit_count(), ((h2 & trumps) >> top).bit_count()) >= target:
                return True, (1 << (top - 1)) if 0 < top <= 52 else 0
        elif team1:
            top = team0.bit_length()
            if left - max(((h1 & trumps) >> top).bit_count(), ((h3 & trumps) >> top).bit_count()) < target:
                return False, (1 << (top - 1)) if 0 < top <= 52 else 0
        suits = self._suits
        shape = leader | opened << 2
        jokers = (h0 & _JOKERS) | (h1 & _JOKERS) << 2 | (h2 & _JOKERS) << 4 | (h3 & _JOKERS) << 6
        shape |= (jokers >> _LITTLE) << 3
        codes = []
        for shift in (0, 13, 26, 39):
            chunk = (
                (h0 >> shift & _RANKS)
                | (h1 >> shift & _RANKS) << 13
                | (h2 >> shift & _RANKS) << 26
                | (h3 >> shift & _RANKS) << 39
            )
            described = suits.get(chunk)
            if described is None:
                described = suits[chunk] = _describe(chunk)
            codes.append(described)
            shape |= described[2] << (11 + 16 * shift // 13)
        bucket = self.table.get(shape)
        if bucket is None:
            bucket = self.table[shape] = {}
        else:
            (c0, n0, _, r0), (c1, n1, _, r1), (c2, n2, _, r2), (c3, n3, _, r3) = codes
            for depths, patterns in bucket.items():
                d0, d1, d2, d3 = depths
                # A code holds two bits a card: shifting out all but the top d cards leaves their holders.
                found = patterns.get(
                    (c0 >> 2 * (n0 - d0), c1 >> 2 * (n1 - d1), c2 >> 2 * (n2 - d2), c3 >> 2 * (n3 - d3))
                )
                if found is not None and (found[0] >= target or found[1] < target):
                    # The answer rests on each suit's top d cards: the lowest of them decides.
                    rel = (
                        (1 << r0[d0 - 1] if d0 else 0)
                        | (1 << 13 + r1[d1 - 1] if d1 else 0)
                        | (1 << 26 + r2[d2 - 1] if d2 else 0)
                        | (1 << 39 + r3[d3 - 1] if d3 else 0)
                    )
                    return found[0] >= target, rel
        ours = leader % 2 == 0
        quick, quick_rel = self._quick_tricks(leader, opened, target if ours else left - target + 1)
        if ours:
            if quick >= target:
                return True, quick_rel
        elif left - quick < target:
            return False, quick_rel
        result, rel = self._play(leader, (), opened, target)
        self._store(bucket, codes, rel, result, target)
        return result, rel

    def _play(self, leader: int, trick: tuple[int, ...], opened: bool, target: int) -> tuple[bool, int]:
        """Whether team 0 takes ``target`` tricks from the current trick on, and what decided."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchLimit(self.limit)
        hands = self.hands
        size = len(trick)
        seat = (leader + size) % 4
        maximise = seat % 2 == 0
        rel = 0
        best = winning_index(trick, self.suit_of, self.trump) if size else 0
        moves = self._moves(seat, leader, trick, opened, best)
        hand = hands[seat]
        memo = (trick, hand)
        killers = self.killers
        if len(moves) > 1:
            killer = killers.get(memo)
            if killer is not None and killer != moves[0] and killer in moves:
                moves.remove(killer)
                moves.insert(0, killer)
        if size < 3:
            for card in moves:
                hands[seat] = hand ^ (1 << card)
                result, got = self._play(leader, (*trick, card), opened, target)
                if result is maximise:
                    hands[seat] = hand
                    killers[memo] = card
                    return result, got
                rel |= got
            hands[seat] = hand
            return not maximise, rel
        # The trick's last card: who wins it, and whether its winner beat a card of its own suit.
        suit_of = self.suit_of
        trump = self.trump
        top = trick[best]
        top_suit = suit_of[top]
        if not opened:
            opened = trump in (suit_of[trick[0]], suit_of[trick[1]], suit_of[trick[2]])
        suits = {suit_of[trick[0]], suit_of[trick[1]], suit_of[trick[2]]}
        beat = 0
        for i in range(3):
            if i != best and suit_of[trick[i]] == top_suit:
                beat = 1 << top
        for card in moves:
            suit = suit_of[card]
            if (suit == top_suit and card > top) or (suit == trump and top_suit != trump):
                winner = seat
                ranked = 1 << card if suit in suits else 0
            else:
                winner = (leader + best) % 4
                ranked = 1 << top if suit == top_suit else beat
            hands[seat] = hand ^ (1 << card)
            result, got = self._start(winner, opened or suit == trump, target - (1 if winner % 2 == 0 else 0))
            if result is maximise:
                hands[seat] = hand
                killers[memo] = card
                return result, got | ranked
            rel |= got | ranked
        hands[seat] = hand
        return not maximise, rel

    def _trick_done(self, leader: int, trick: tuple[int, ...], opened: bool) -> tuple[int, int, bool]:
        """The winning seat of a finished trick, the tricks it gains team 0, and the status after."""
        winner = (leader + self._winner(trick)) % 4
        if not opened:
            suit_of = self.suit_of
            trump = self.trump
            opened = any(suit_of[c] == trump for c in trick)
        return winner, 1 if winner % 2 == 0 else 0, opened

    def _winner(self, trick: Sequence[int]) -> int:
        """The index in ``trick`` of the winning card."""
        return winning_index(trick, self.suit_of, self.trump)

    def _won_on_rank(self, trick: tuple[int, ...], index: int) -> int:
        """The trick's winning card, as a mask, if it beat a card of its own suit (its rank decided);
        else nothing (it won as the only card of its suit, which the suit lengths decide)."""
        index %= 4
        card = trick[index]
        suit = self.suit_of[card]
        for i, other in enumerate(trick):
            if i != index and self.suit_of[other] == suit:
                return 1 << card
        return 0

    # --- the table --------------------------------------------------------------------------------
    def _store(
        self,
        bucket: dict[tuple[int, ...], dict[tuple[int, ...], list[int]]],
        codes: list[tuple[int, int, int, tuple[int, ...]]],
        rel: int,
        result: bool,
        target: int,
    ) -> None:
        """Record what a search proved (at least ``target``, or at most ``target - 1``) under the
        holders of each suit's cards from its top down to the lowest card in ``rel``."""
        hands = self.hands
        played = hands[0] | hands[1] | hands[2] | hands[3]
        depths = []
        for s in range(4):
            decided = rel & _PLAIN[s]
            low = decided & -decided
            depths.append((played & _PLAIN[s] & ~(low - 1)).bit_count() if decided else 0)
        key = tuple(depths)
        patterns = bucket.get(key)
        if patterns is None:
            patterns = bucket[key] = {}
        pattern = tuple(suit[0] >> 2 * (suit[1] - d) for suit, d in zip(codes, depths, strict=True))
        bounds = patterns.get(pattern)
        if bounds is None:
            bounds = patterns[pattern] = [0, 99]
        if result:
            bounds[0] = max(bounds[0], target)
        else:
            bounds[1] = min(bounds[1], target - 1)

    # --- the bounds -------------------------------------------------------------------------------
    def _sure_trumps(self) -> tuple[int, int]:
        """The tricks the side holding the top trump wins for sure with its top trumps (team 0's as a
        positive count, team 1's as a negative one), and the card that decides it: a side holding the
        top k trumps left (above the other side's best, which decides) wins a trick with each of them
        held by one partner (no other trump beats them; one seat's cards fall in different tricks)."""
        h0, h1, h2, h3 = self.hands
        trumps = self.trumps
        team0 = (h0 | h2) & trumps
        team1 = (h1 | h3) & trumps
        if team0 > team1:
            top = team1.bit_length()
            sure = max(((h0 & trumps) >> top).bit_count(), ((h2 & trumps) >> top).bit_count())
        elif team1:
            top = team0.bit_length()
            sure = -max(((h1 & trumps) >> top).bit_count(), ((h3 & trumps) >> top).bit_count())
        else:
            return 0, 0
        return sure, (1 << (top - 1)) if 0 < top <= 52 else 0

    def _quick_tricks(self, leader: int, opened: bool, enough: int) -> tuple[int, int]:
        """The leader's quick tricks, or its partner's when the leader can lead to one of the
        partner's suits (the partner's top card wins that round as if the partner had led it: its
        cards there are above the leader's, and no opponent ruffs; then the partner leads), and the
        cards that decide them; the partner's are not looked at when the leader's reach ``enough``."""
        quick, _, rel = self._quick(leader, opened)
        if quick >= enough:
            return quick, rel
        partner = (leader + 2) % 4
        through, entries, through_rel = self._quick(partner, opened)
        if through > quick and self._entry(self.hands[leader], entries, opened):
            return through, through_rel
        return quick, rel

    def _entry(self, hand: int, entries: int, opened: bool) -> bool:
        """Whether ``hand`` may lead a card to its partner's quick tricks: a card, not a joker (a led
        joker changes what the others must play), of a suit whose top card the partner cashes
        (``entries``, by suit), trumps only when they may be led."""
        trumps = self.trumps
        for suit, mask in enumerate(self.suit_masks):
            if (
                entries >> suit & 1
                and hand & mask & ~_JOKERS
                and (suit != self.trump or opened or not hand & ~trumps)
            ):
                return True
        return False

    def _quick(self, leader: int, opened: bool) -> tuple[int, int, int]:
        """The quick tricks of ``leader`` if it were to lead, the suits they are in (a bit a suit),
        and the cards that decide them (each suit's best card outside the leader's hand): its cards
        above every other hand's (its partner's too, so the lead stays) in a suit, cashed one after
        another; a side suit only as many rounds as every opponent holding a trump can follow (then it
        could ruff), trumps only when they may be led. Opponents who follow never discard, and those
        who discard hold no trump to ruff with, so the suits add up."""
        hands = self.hands
        mine = hands[leader]
        partner = hands[(leader + 2) % 4]
        left_opp, right_opp = hands[(leader + 1) % 4], hands[(leader + 3) % 4]
        trumps = self.trumps
        ruffers = [o for o in (left_opp, right_opp) if o & trumps]
        total = suits = rel = 0
        for suit in range(4):
            mask = self.suit_masks[suit]
            held = mine & mask
            if not held:
                continue
            above = (left_opp | right_opp | partner) & mask
            best = above.bit_length() - 1
            count = (held >> (best + 1)).bit_count()
            if not count:
                continue
            if suit == self.trump:
                if not (opened or not mine & ~trumps):
                    continue
            else:
                for opp in ruffers:
                    count = min(count, (opp & mask).bit_count())
                if not count:
                    continue
            total += count
            suits |= 1 << suit
            if 0 <= best < 52:
                rel |= 1 << best
        return total, suits, rel

    # --- the moves --------------------------------------------------------------------------------
    def _allowed(self, hand: int, trick: Sequence[int], opened: bool) -> int:
        """The cards of ``hand`` that may be played to ``trick`` (empty: a lead)."""
        trumps = hand & self.trumps
        if not trick:
            if opened or trumps == hand:
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

    def _others(self, seat: int, trick: Sequence[int]) -> int:
        """The cards still in play outside ``seat``'s hand: the other hands and the trick."""
        hands = self.hands
        others = 0
        for s in range(4):
            if s != seat:
                others |= hands[s]
        for card in trick:
            others |= 1 << card
        return others

    def _merged(self, low: int, high: int, others: int) -> bool:
        """Whether cards ``low`` and ``high`` of one hand play as one: same suit, neither a joker, and
        no card of ``others`` between them."""
        if low > high:
            low, high = high, low
        suit = self.suit_of[low]
        return (
            suit == self.suit_of[high]
            and not (_JOKERS >> low) & 1
            and not (_JOKERS >> high) & 1
            and not others & self.suit_masks[suit] & ((1 << high) - (1 << (low + 1)))
        )

    def _moves(
        self, seat: int, leader: int, trick: tuple[int, ...], opened: bool, best: int = 0
    ) -> list[int]:
        """The seat's playable cards, one of each run of merged cards, likeliest best first.

        A lead: a sure winner (the suit's top card left; trumps first), then a low card to the
        partner's top card, then low cards of the suits the partner is longest in, trumps last. A
        follow: the lowest card sure to win the trick (beating the cards played and every card the
        opponents still to play can play), then, third in hand, the lowest card that beats those
        played; then the lowest cards (the only ones tried high when the partner's card is sure)."""
        hands = self.hands
        allowed = self._allowed(hands[seat], trick, opened)
        if not allowed & (allowed - 1):
            return [allowed.bit_length() - 1]
        others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hands[seat]
        for card in trick:
            others |= 1 << card
        suit_of = self.suit_of
        suit_masks = self.suit_masks
        trump = self.trump
        trumps = self.trumps
        partner = hands[(seat + 2) % 4]
        if trick:
            best_card = trick[best]
            best_suit = suit_of[best_card]
            led = suit_masks[suit_of[trick[0]]]
            # The card the opponent still to play (second or third in hand: the next seat; fourth:
            # none) must be beaten by: in the suit led, its best card there; void, its best trump.
            threat_led = threat_trump = -1
            if len(trick) < 3:
                hand = hands[(seat + 1) % 4]
                if hand & led:
                    threat_led = (hand & led).bit_length() - 1
                elif hand & trumps:
                    threat_trump = (hand & trumps).bit_length() - 1
            partner_sure = False
            if (leader + best) % 4 == (seat + 2) % 4:
                if best_suit == trump:
                    partner_sure = best_card > threat_trump and (led != trumps or best_card > threat_led)
                else:
                    partner_sure = best_card > threat_led and threat_trump < 0
            third = len(trick) == 2
        # (group, value, card) packed in one int: group << 18 | (value + 1024) << 6 | card
        keyed: list[int] = []
        for card in runs(allowed, others, suit_of, suit_masks, _JOKERS):
            suit = suit_of[card]
            rank = (card % 13 if card < _LITTLE else card - 39) + (13 if suit == trump else 0)
            if not trick:
                rest = others & suit_masks[suit]
                if not rest >> (card + 1):
                    keyed.append((0 if suit == trump else 1) << 18 | (1024 - card) << 6 | card)
                elif suit == trump:
                    keyed.append(4 << 18 | (rank + 1024) << 6 | card)
                elif (partner & suit_masks[suit]).bit_length() == rest.bit_length():
                    keyed.append(2 << 18 | (rank + 1024) << 6 | card)
                else:
                    length = (partner & suit_masks[suit]).bit_count()
                    keyed.append(3 << 18 | (rank - 32 * length + 1024) << 6 | card)
            elif partner_sure:
                keyed.append(1 << 18 | (rank + 1024) << 6 | card)
            elif (suit == best_suit and card > best_card) or (suit == trump and best_suit != trump):
                if suit == trump:
                    sure = card > threat_trump and (led != trumps or card > threat_led)
                else:
                    sure = card > threat_led and threat_trump < 0
                if sure:
                    keyed.append((rank + 1024) << 6 | card)
                else:
                    keyed.append((1 if third else 3) << 18 | (rank + 1024) << 6 | card)
            else:
                keyed.append(2 << 18 | (rank + 1024) << 6 | card)
        keyed.sort()
        moves = [k & 63 for k in keyed]
        if self.order and len(moves) > 1 and (self.order + seat + len(trick) + len(moves)) % 3 == 0:
            moves[0], moves[1] = moves[1], moves[0]
        return moves


def position_of(state: Any) -> tuple[list[int], int, tuple[int, ...], bool]:
    """What :meth:`TrickCount.values` takes from a Back Alley state in its play phase: the hands as
    masks, the leader, the trick so far and whether trumps may be led."""
    deal = state.deal
    opened = state.progress.broken or state.auction.trumps_open or deal.trump == NO_TRUMP
    hands = [cards_of(h) for h in state.hands]
    return hands, state.leader, tuple(int(c) for c in state.trick), bool(opened)


def solve_back_alley(state: Any, max_nodes: int | None = None) -> dict[int, float]:
    """Each playable card's value (by card code) for the seat to move of a Back Alley state in its
    play phase: the hand's points for the mover's side minus the other side's, both playing perfectly."""
    deal = state.deal
    search = TrickCount(deal.trump, state.config.little_joker_forces, max_nodes)
    seat = state.mover
    won = state.progress.won
    taken = won[0] + won[2]
    pacts = state.auction.contracts
    config = state.config

    def points(tricks0: int) -> float:
        a = side_points(pacts[0], tricks0, deal.size, config)
        b = side_points(pacts[1], deal.size - tricks0, deal.size, config)
        return float(a - b if team_of(seat, 4) == 0 else b - a)

    tricks = search.values(*position_of(state))
    return {card: points(taken + t) for card, t in tricks.items()}
