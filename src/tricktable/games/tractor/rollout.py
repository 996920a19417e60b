"""A fast path for search: the rest of a Tractor round's play, from a play-phase state, on plain lists.

The reference state (:mod:`~tricktable.games.tractor.state`) checks every play against the full
follow rules, records it with its events and builds a new immutable state per play; a search that
plays thousands of sampled rounds to their end needs none of that. :func:`play_round` keeps each hand
as lists of card codes by effective suit, sorted by rank, and lets a :class:`Policy` choose each
play: the search's greedy policy (a bot, injected: :class:`tricktable.bots.tractor_rollout.
GreedyPolicy`) or :class:`RandomPolicy` (the tests'). Both build their follows with
:func:`follow_with` and :func:`compose`, which meet the follow rules (follow suit, then the lead's
tractors, then its pairs) without listing the legal plays, and fall back to the reference's
:func:`~tricktable.games.tractor.follow.legal_follows` in the rare cases the greedy choice of
tractors is not the best. Trick winners are worked out on the codes for singles,
pairs and tractors; throws (rare) go to the reference's pure functions, as do the throw check and the
round's score (:func:`~tricktable.games.tractor.scoring.score_round`). The path is tested against the
reference play by play (``tests/games/tractor/test_rollout.py``).

>>> import random
>>> from tricktable.games.tractor import GAME
>>> state = GAME.new(seed=3)
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[0])
>>> summary = play_round(state, RandomPolicy(random.Random(1)))
>>> summary.round, summary.levels_before, sum(summary.level_change) > 0
(0, (2, 2), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Protocol

from tricktable.cards import ALL_CARDS, Card

from .follow import legal_follows
from .lead import throw_check
from .scoring import CARD_POINTS, RoundSummary, score_round
from .trump import TRUMPS, Trump
from .units import LeadShape, decompose, lead_shape, max_tractors, pair_runs
from .winner import trick_winner

__all__ = ["Keys", "Policy", "RandomPolicy", "Table", "compose", "follow_with", "play_round"]

SEATS = 4
TRUMP_KEY = 100
"""Added to a pair's or tractor's top rank when it is in trumps: any trump unit beats a led-suit one."""


def _cards(codes: Sequence[int]) -> tuple[Card, ...]:
    """Codes as the reference's card values (its caches and messages keep the cards they are given)."""
    return tuple([ALL_CARDS[c] for c in codes])


class Keys:
    """Sort keys as card-code tables, one set per trump (made once): the policies' orderings of
    cards without a Python function call per card."""

    __slots__ = ("cheap", "discard", "gift", "rank", "spare")

    def __init__(self, trump: Trump) -> None:
        suit, order, points = trump.suit_table, trump.order_table, CARD_POINTS
        codes = range(len(suit))
        self.rank = tuple(64 * order[c] + c for c in codes)
        """Ascending by rank, then code: a hand's order within a suit."""
        self.cheap = tuple(100 * points[c] + order[c] for c in codes)
        """Fewest points, then lowest."""
        self.spare = tuple(100 * (points[c] > 0) + order[c] for c in codes)
        """Cards without points first, then lowest."""
        self.discard = tuple(10_000 * (suit[c] == TRUMPS) + 100 * points[c] + order[c] for c in codes)
        """Plain suits before trumps, then fewest points, then lowest."""
        self.gift = tuple(10_000 * (suit[c] == TRUMPS) + 100 * (20 - points[c]) + order[c] for c in codes)
        """Plain suits before trumps, then most points, then lowest."""


@lru_cache(maxsize=64)
def keys_of(trump: Trump) -> Keys:
    return Keys(trump)


class Table:
    """The mutable round a rollout plays: hands by effective suit, the trick, the opponents' points.

    ``hands[seat][suit]`` lists the seat's codes of that effective suit (0..3 plain, :data:`TRUMPS`)
    ascending by rank then code, so the two copies of a card sit side by side. ``trick`` holds the
    plays so far (the leader's first); ``shape`` is the lead's :class:`LeadShape` (None for a single
    card); ``best`` indexes the play winning so far and ``best_key`` is what a later play must beat."""

    __slots__ = (
        "best",
        "best_key",
        "declarers",
        "hands",
        "keys",
        "leader",
        "led",
        "order",
        "points",
        "power",
        "powers",
        "shape",
        "sizes",
        "suit",
        "trick",
        "trump",
    )

    def __init__(self, state: Any) -> None:
        trump: Trump = state.kitty.trump
        self.trump = trump
        self.suit = suit = trump.suit_table
        self.order = trump.order_table
        self.powers = trump.power_tables
        self.keys = keys = keys_of(trump)
        self.declarers: int = state.round.declarers
        self.points: int = state.tricks.points
        self.hands: list[list[list[int]]] = []
        for hand in state.hands:
            by_suit: list[list[int]] = [[], [], [], [], []]
            for c in sorted(hand, key=keys.rank.__getitem__):
                by_suit[suit[c]].append(int(c))
            self.hands.append(by_suit)
        self.sizes = [len(h) for h in state.hands]
        self.leader: int = state.tricks.leader
        self.trick: list[list[int]] = []
        self.shape: LeadShape | None = None
        self.led = 0
        self.power: tuple[int, ...] = ()
        self.best = 0
        self.best_key = 0
        for _, cards in state.trick:
            self._add([int(c) for c in cards])

    # --- what the policies ask ------------------------------------------------------------------
    def current_winner(self) -> int:
        """The seat winning the trick in progress."""
        return (self.leader + self.best) % SEATS

    def beats(self, cards: list[int]) -> bool:
        """Whether ``cards``, played next to the trick in progress, would take the lead of it."""
        if self.shape is None:
            return self.power[cards[0]] > self.best_key
        if self.shape.format == "throw":
            plays = [_cards(p) for p in self.trick]
            return trick_winner([*plays, _cards(cards)], self.trump) == len(plays)
        return self._unit_key(cards) > self.best_key

    def follow_cards(self, seat: int) -> list[int]:
        """The seat's cards of the led suit (ascending)."""
        return self.hands[seat][self.led]

    def others(self, seat: int) -> list[int]:
        """The seat's cards outside the led suit, trumps last (each suit ascending)."""
        hand, led = self.hands[seat], self.led
        return [c for s in range(5) if s != led for c in hand[s]]

    def reference_follow(self, seat: int, index: int) -> list[int]:
        """The reference's legal follow at ``index`` (modulo their number): the fallback of
        :func:`compose`."""
        hand = _cards([c for cards in self.hands[seat] for c in cards])
        follows = legal_follows(hand, _cards(self.trick[0]), self.trump)
        return [int(c) for c in follows[index % len(follows)]]

    # --- playing --------------------------------------------------------------------------------
    def _unit_key(self, cards: list[int]) -> int:
        """A pair's or tractor's strength in this trick (0 when the play cannot win it): its top
        rank, raised by :data:`TRUMP_KEY` in trumps; the lead's shape is known to be one unit."""
        suit, order = self.suit, self.order
        s = suit[cards[0]]
        if s != self.led and s != TRUMPS:
            return 0
        for c in cards:
            if suit[c] != s:
                return 0
        ordered = sorted(cards, key=self.keys.rank.__getitem__)
        top = -1
        for i in range(0, len(ordered), 2):
            a = ordered[i]
            if ordered[i + 1] != a or (top >= 0 and order[a] != top + 1):
                return 0
            top = order[a]
        return top + (TRUMP_KEY if s == TRUMPS else 0) + 1

    def _add(self, cards: list[int]) -> None:
        """Put a play on the trick (its cards already out of the hand) and update who is winning."""
        trick = self.trick
        if not trick:
            trick.append(cards)
            self.best = 0
            self.led = self.suit[cards[0]]
            if len(cards) == 1:
                self.shape = None
                self.power = self.powers[self.led]
                self.best_key = self.power[cards[0]]
            else:
                self.shape = shape = lead_shape(_cards(cards), self.trump)
                if shape.format != "throw":
                    self.best_key = self._unit_key(cards)
            return
        if self.shape is None:
            key = self.power[cards[0]]
        elif self.shape.format == "throw":
            trick.append(cards)
            self.best = trick_winner([_cards(p) for p in trick], self.trump)
            return
        else:
            key = self._unit_key(cards)
        if key > self.best_key:
            self.best, self.best_key = len(trick), key
        trick.append(cards)

    def _remove(self, seat: int, cards: list[int]) -> None:
        hand, suit = self.hands[seat], self.suit
        for c in cards:
            hand[suit[c]].remove(c)
        self.sizes[seat] -= len(cards)

    def lead(self, seat: int, cards: list[int], penalty: int) -> list[int]:
        """``seat`` leads ``cards``; a throw another hand could beat leads its forced unit instead and
        moves the penalty (``penalty`` points a card withdrawn). Returns the cards led."""
        if len(cards) > 1:
            hands = self.hands
            others = [_cards([c for cards in hands[(seat + k) % SEATS] for c in cards]) for k in (1, 2, 3)]
            check = throw_check(_cards(cards), others, self.trump)
            if not check.ok:
                moved = penalty * (len(cards) - len(check.forced))
                self.points += moved if seat % 2 == self.declarers else -moved
                cards = [int(c) for c in check.forced]
        self._remove(seat, cards)
        self._add(cards)
        return cards

    def follow(self, seat: int, cards: list[int]) -> None:
        """``seat`` follows with ``cards`` (known to be legal)."""
        self._remove(seat, cards)
        self._add(cards)


class Policy(Protocol):
    """Chooses the plays of a rollout from the :class:`Table` (a policy may look at every hand: the
    world it plays is one the search imagined)."""

    def lead(self, table: Table, seat: int) -> list[int]:
        """The cards ``seat`` leads: one or more cards of one effective suit it holds."""
        ...

    def follow(self, table: Table, seat: int) -> list[int]:
        """A legal follow of ``seat`` to the trick in progress."""
        ...


def play_round(
    state: Any,
    policy: Policy,
    plays: list[tuple[int, tuple[int, ...]]] | None = None,
    tricks: list[tuple[int, int]] | None = None,
) -> RoundSummary:
    """The score sheet of the round in progress of ``state`` (a Tractor state in its play phase),
    played out by ``policy``: the opponents' points with the kitty and its multiplier, and the
    levels after. ``plays`` (if given) receives each ``(seat, codes)`` the policy chose, a failed
    throw as attempted; ``tricks`` each completed trick's ``(winner, points)``."""
    table = Table(state)
    penalty = state.config.failed_throw_penalty
    points_of = CARD_POINTS
    seat: int = state.mover
    trick = table.trick
    while True:
        if not trick:
            cards = policy.lead(table, seat)
            if plays is not None:
                plays.append((seat, tuple(cards)))
            table.lead(seat, cards, penalty)
        else:
            cards = policy.follow(table, seat)
            if plays is not None:
                plays.append((seat, tuple(cards)))
            table.follow(seat, cards)
        if len(trick) < SEATS:
            seat = (seat + 1) % SEATS
            continue
        leader = table.leader
        winner = (leader + table.best) % SEATS
        won = 0
        for play in trick:
            for c in play:
                won += points_of[c]
        if winner % 2 != table.declarers:
            table.points += won
        if tricks is not None:
            tricks.append((winner, won))
        if not table.sizes[winner]:
            last = tuple(((leader + i) % SEATS, _cards(sorted(p))) for i, p in enumerate(trick))
            return score_round(
                round_no=state.round.number,
                config=state.config,
                trump=table.trump,
                levels=state.round.levels,
                declarers=table.declarers,
                starter=state.round.starter,
                points=table.points,
                kitty=state.kitty.buried,
                last_trick=last,
                last_winner=winner,
            )
        table.leader = seat = winner
        trick.clear()


# --- building follows ------------------------------------------------------------------------------


def compose(cards: Sequence[int], n: int, shape: LeadShape | None, order: Sequence[int]) -> list[int] | None:
    """``n`` of ``cards`` (one effective suit, more than ``n`` of them, both copies of a pair listed,
    in the order the caller prefers them) that follow a lead of that shape legally: as many of its
    tractors as the cards can match (a pair run of the right length each), then pairs up to its
    pairs, then the most preferred cards left. None when the greedy choice of tractors falls short
    of the best (the caller then asks the reference)."""
    if shape is None or not shape.pairs:
        return list(cards[:n])
    held: dict[int, int] = {}
    for c in cards:
        held[c] = held.get(c, 0) + 1
    pairs = [c for c, k in held.items() if k == 2]  # dicts keep the preference order
    chosen: list[int] = []
    if shape.tractors and len(pairs) > 1:
        best = max_tractors(pair_runs(order[c] for c in pairs), shape.tractors)
        if best:
            free = list(pairs)
            for length in reversed(shape.tractors):
                run = _run(free, length, order)
                if run is not None:
                    chosen.extend(run)
                    for c in run:
                        free.remove(c)
            if max_tractors(pair_runs(order[c] for c in chosen), shape.tractors) < best:
                return None
    need = min(len(pairs), shape.pairs)
    for c in pairs:
        if len(chosen) >= need:
            break
        if c not in chosen:
            chosen.append(c)
    out = [c for c in chosen for _ in range(2)]
    for c in chosen:
        held[c] = 0
    for c in cards:
        if len(out) == n:
            break
        if held[c]:
            held[c] -= 1
            out.append(c)
    return out


def _run(pairs: list[int], length: int, order: Sequence[int]) -> list[int] | None:
    """``length`` pairs of consecutive ranks, around the most preferred pair that has such a run
    (``pairs`` in preference order), each rank's most preferred pair; None if there is none."""
    at: dict[int, int] = {}
    for c in pairs:
        at.setdefault(order[c], c)
    for c in pairs:
        o = order[c]
        for low in range(o - length + 1, o + 1):
            if all(r in at for r in range(low, low + length)):
                return [at[r] for r in range(low, low + length)]
    return None


def follow_with(table: Table, seat: int, suited: list[int], fill: list[int], pick: int) -> list[int]:
    """A legal follow: ``suited`` (the seat's led-suit cards, preferred first) then ``fill`` (its
    others, preferred first) when it is short of the suit; the reference's follow at ``pick`` when
    :func:`compose` gives up."""
    n = len(table.trick[0])
    if len(suited) <= n:
        return [*suited, *fill[: n - len(suited)]]
    out = compose(suited, n, table.shape, table.order)
    return out if out is not None else table.reference_follow(seat, pick)


# --- policies --------------------------------------------------------------------------------------


class RandomPolicy:
    """Random plays, for tests: a lead is a random card, one of the two longest units of a suit (a
    tractor or pair when it holds one), or a random part of a suit (a throw, which often fails); a
    follow is :func:`compose` over the cards in random order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def lead(self, table: Table, seat: int) -> list[int]:
        rng = self.rng
        suits = [cards for cards in table.hands[seat] if cards]
        cards = suits[rng.randrange(len(suits))]
        kind = rng.randrange(4)
        if kind < 2 or len(cards) == 1:
            return [cards[rng.randrange(len(cards))]]
        if kind == 2:
            units = decompose(_cards(cards), table.trump)
            shaped = [u for u in units if u.length] or units  # units come longest first
            return [int(c) for c in shaped[rng.randrange(min(2, len(shaped)))].cards]
        part = [c for c in cards if rng.random() < 0.4]
        return part or [cards[-1]]

    def follow(self, table: Table, seat: int) -> list[int]:
        rng = self.rng
        suited = list(table.follow_cards(seat))
        fill = table.others(seat)
        rng.shuffle(suited)
        rng.shuffle(fill)
        return follow_with(table, seat, suited, fill, rng.randrange(1 << 30))
