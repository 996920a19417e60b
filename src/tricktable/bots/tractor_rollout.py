"""Tractor's greedy rollout policy: the search bot's player on the game's fast path
(:func:`tricktable.games.tractor.rollout.play_round`, which takes any :class:`~tricktable.games.tractor.
rollout.Policy`). The game's description names it (``search.fast_policy``), and the bots layer
injects it: a policy is a bot's choice, the rollout engine plays the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.games.tractor.rollout import SEATS, Table, compose, follow_with
from tricktable.games.tractor.trump import TRUMPS

__all__ = ["GreedyPolicy"]


class GreedyPolicy:
    """A cheap club player that sees the whole (imagined) deal. It leads, in a plain suit no opponent
    can trump, a tractor, or a pair or single no other hand can beat; else a low card of its shortest
    plain suit. It follows a single card by giving points to a trick its side is sure to take, else
    taking the trick as cheaply as it can for good, else playing low and keeping its point cards;
    longer follows by giving points to a partner who is winning, else winning if it can, else low."""

    def lead(self, table: Table, seat: int) -> list[int]:
        hands, order = table.hands, table.order
        mine = hands[seat]
        single: list[int] | None = None
        shortest: list[int] | None = None
        for s in range(4):
            cards = mine[s]
            if not cards:
                continue
            if shortest is None or len(cards) < len(shortest):
                shortest = cards
            if _ruffable(hands, seat, s):
                continue
            pair = _top_pair(cards)
            if pair is not None:
                run = _tractor_below(cards, pair, order)
                if run is not None:
                    return run
                if order[pair] > _top_pair_order(hands, seat, s, order):
                    return [pair, pair]
            top = cards[-1]
            if single is None and order[top] >= _top_order(hands, seat, s, order):
                single = [top]
        if single is not None:
            return single
        if shortest is not None:
            return [min(shortest, key=table.keys.cheap.__getitem__)]
        trumps = mine[TRUMPS]
        pair = _top_pair(trumps)
        if pair is not None and order[pair] > _top_pair_order(hands, seat, TRUMPS, order):
            return [pair, pair]
        return [min(trumps, key=table.keys.cheap.__getitem__)]

    def follow(self, table: Table, seat: int) -> list[int]:
        partner = table.current_winner() % 2 == seat % 2
        if table.shape is None:
            return [self._single(table, seat, partner)]
        n = len(table.trick[0])
        suited = table.follow_cards(seat)
        fill = table.others(seat)
        if partner:
            points_first = sorted(suited, key=table.keys.gift.__getitem__)
            return follow_with(table, seat, points_first, _fill_order(table, fill, True), 0)
        if len(suited) > n:
            strong = follow_with(table, seat, suited[::-1], fill, 0)
            if table.beats(strong):
                return strong
        elif not suited:
            trumps = table.hands[seat][TRUMPS]
            if len(trumps) >= n:
                ruff = _follow_trumps(table, trumps, n)
                if ruff is not None and table.beats(ruff):
                    return ruff
        cheap = sorted(suited, key=table.keys.spare.__getitem__)
        return follow_with(table, seat, cheap, _fill_order(table, fill, False), 0)

    def _single(self, table: Table, seat: int, partner: bool) -> int:
        """The follow to a single card led (most tricks), knowing the best card each seat still to
        play could answer with (its top card of the led suit, or its top trump when void)."""
        power, hands, led = table.power, table.hands, table.led
        threat = ally = 0
        for k in range(1, SEATS - len(table.trick)):
            answer = hands[(seat + k) % SEATS][led] or hands[(seat + k) % SEATS][TRUMPS]
            top = power[answer[-1]] if answer else 0
            if k == 2:
                ally = top
            elif top > threat:
                threat = top
        best = table.best_key
        cards = table.follow_cards(seat)
        if best > threat if partner else ally > max(best, threat):
            # The trick is (or will be) ours whatever the opponents do: give it points.
            if cards:
                return min(cards, key=table.keys.gift.__getitem__)
            return min(table.others(seat), key=table.keys.gift.__getitem__)
        target = max(best, threat)
        for c in cards or hands[seat][TRUMPS]:  # ascending: the cheapest card that takes it for good
            if power[c] > target:
                return c
        if cards:
            return min(cards, key=table.keys.cheap.__getitem__)
        return min(table.others(seat), key=table.keys.discard.__getitem__)


def _fill_order(table: Table, cards: list[int], points_first: bool) -> list[int]:
    """Cards to discard, preferred first: plain suits before trumps; point cards first when giving
    them to a partner, last otherwise; low before high."""
    return sorted(cards, key=(table.keys.gift if points_first else table.keys.discard).__getitem__)


def _follow_trumps(table: Table, trumps: list[int], n: int) -> list[int] | None:
    """The lowest trumps that match the lead's shape as far as the trumps can (a void seat's ruff)."""
    if len(trumps) == n:
        return list(trumps)
    return compose(trumps, n, table.shape, table.order)


def _ruffable(hands: list[list[list[int]]], seat: int, suit: int) -> bool:
    """Whether an opponent of ``seat`` holds trumps and no card of the plain ``suit``."""
    for k in (1, 3):
        hand = hands[(seat + k) % SEATS]
        if not hand[suit] and hand[TRUMPS]:
            return True
    return False


def _top_pair(cards: list[int]) -> int | None:
    """The highest pair in an ascending suit list."""
    for i in range(len(cards) - 1, 0, -1):
        if cards[i] == cards[i - 1]:
            return cards[i]
    return None


def _tractor_below(cards: list[int], top: int, order: Sequence[int]) -> list[int] | None:
    """The tractor of pairs at consecutive ranks ending at the pair ``top``, if there is one."""
    pairs: dict[int, int] = {}
    for i in range(1, len(cards)):
        if cards[i] == cards[i - 1]:
            pairs[order[cards[i]]] = cards[i]
    o = order[top]
    run = [top, top]
    while o - 1 in pairs:
        o -= 1
        run += [pairs[o], pairs[o]]
    return run if len(run) > 2 else None


def _top_order(hands: list[list[list[int]]], seat: int, suit: int, order: Sequence[int]) -> int:
    """The highest rank any other hand holds in the suit (-1: none)."""
    top = -1
    for k in (1, 2, 3):
        cards = hands[(seat + k) % SEATS][suit]
        if cards and order[cards[-1]] > top:
            top = order[cards[-1]]
    return top


def _top_pair_order(hands: list[list[list[int]]], seat: int, suit: int, order: Sequence[int]) -> int:
    """The highest rank at which any other hand holds a pair in the suit (-1: none)."""
    top = -1
    for k in (1, 2, 3):
        pair = _top_pair(hands[(seat + k) % SEATS][suit])
        if pair is not None and order[pair] > top:
            top = order[pair]
    return top
