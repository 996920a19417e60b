"""Sampled worlds for All Fours: a full state one seat cannot tell from the real one.

From the seat's events: the earlier deals are kept as the seat saw them; the current pack is stacked
again. The seat's own cards go where it received them; each other seat gets back the cards it has
played or exposed, plus unseen cards up to its hand size; the rest is the stock, in a random order
(the seat has never seen it). An unseen card is kept out of a hand whose plays show it could not have
been there (a suit not followed, a trump not played when trumps were led, an undertrump). The deal's
actions are then replayed on the new pack, and the world is kept only if the seat's events come out
the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tricktable.cards import Card
from tricktable.core.actions import Action, play
from tricktable.core.events import (
    Called,
    DealScored,
    DealStarted,
    Dealt,
    Decided,
    Event,
    Exposed,
    Played,
    Scored,
    TurnedUp,
)
from tricktable.core.rng import MAX_SEED
from tricktable.core.sampling import (
    SampleError,
    Visit,
    current_deal,
    deal_slots,
    first_world,
    rebuild_log,
    remembered,
    replay_deal,
)
from tricktable.games.all_fours.config import Config
from tricktable.games.all_fours.deal import FIRST_DEAL, FULL_PACK, RUN_DEAL, deal_order
from tricktable.games.all_fours.play import allowed_plays
from tricktable.games.all_fours.scoring import RoundSummary, ScoreItem
from tricktable.games.all_fours.state import AllFoursState, Match, blank

__all__ = ["sample"]


def entry_of(events: Sequence[Event], i: int) -> tuple[int, Action, bool] | None:
    """The action an All Fours event records: every one is the action's own event but a call."""
    event = events[i]
    if isinstance(event, Played):
        return event.seat, play(event.cards[0]), True
    if isinstance(event, Decided | Exposed):
        return event.seat, event.action(), True
    if isinstance(event, Called):
        return event.seat, event.action(), False
    return None


def sample(
    seat: int, events: Sequence[Event], config: Config, rng: random.Random, visit: Visit | None = None
) -> AllFoursState:
    k, begun = current_deal(events, seat, config.players)
    past, now = events[:k], events[k:]
    scored_at = [i for i, e in enumerate(past) if isinstance(e, DealScored)]
    last_scored = scored_at[-1] if scored_at else -1
    fresh = not any(isinstance(e, DealStarted) for e in past[last_scored + 1 :])
    # A pack dealt again after running out keeps the deal's decisions and points so far.
    this_deal = () if fresh else past[last_scored + 1 :]
    decisions = tuple((e.seat, e.word) for e in this_deal if isinstance(e, Decided))
    sheet = tuple(
        ScoreItem(e.item, e.team, e.points, e.cards, e.seat, e.note)
        for e in this_deal
        if isinstance(e, Scored)
    )
    last_round = past[last_scored].sheet if scored_at else None  # type: ignore[attr-defined]
    if not (last_round is None or isinstance(last_round, RoundSummary)):
        raise SampleError("a scored deal's sheet is not an All Fours round summary")
    world = remembered(
        events, ("world", seat, config), lambda: _World(seat, config.players, begun.dealer, now, config)
    )
    log = rebuild_log(events, k, entry_of)

    def attempt() -> AllFoursState | None:
        table = blank(
            config,
            rng.randrange(MAX_SEED),
            (world.pack(rng),) * begun.deal_number,
            log,
            Match(begun.scores, len(scored_at), sheet, last_round),
            begun.dealer,
            decisions,
        )
        return replay_deal(
            table._deal(begun.dealer, begun.deal_number - 1, fresh), events, k, entry_of, seat, visit=visit
        )

    return first_world(attempt)


class _World:
    """What the seat knows of the current pack, and how to stack a pack that agrees with it."""

    def __init__(self, seat: int, n: int, dealer: int, now: Sequence[Event], config: Config) -> None:
        self.n = n
        first = (dealer + 1) % n
        turned = [e.card for e in now if isinstance(e, TurnedUp)]
        self.turned = turned
        # Pack positions: the first deal, a turn-up, then per run three each and a turn-up.
        self.first_order = deal_order(n, first, FIRST_DEAL, config.deal_in_threes)
        self.run_order = deal_order(n, first, RUN_DEAL, config.deal_in_threes)
        received = [[] for _ in range(n)]  # type: list[list[tuple[Card, ...]]]
        counts = [0] * n
        for e in now:
            if isinstance(e, Dealt):
                counts[e.seat] += e.count
                if e.seat == seat:
                    if e.cards is None:
                        raise SampleError("the seat's own dealt cards are missing from its events")
                    received[seat].append(e.cards)
        self.own_chunks = received[seat]
        self.seat = seat
        played: list[list[Card]] = [[] for _ in range(n)]
        exposed: list[set[Card]] = [set() for _ in range(n)]
        plays: list[tuple[int, Card, tuple[Card, ...]]] = []  # seat, card, trick before it
        trick: list[Card] = []
        for e in now:
            if isinstance(e, Played):
                card = e.cards[0]
                plays.append((e.seat, card, tuple(trick)))
                played[e.seat].append(card)
                exposed[e.seat].discard(card)
                trick = [] if len(trick) + 1 == n else [*trick, card]
            elif isinstance(e, Exposed):
                exposed[e.seat].add(e.card)
        self.played = played
        self.exposed = exposed
        own = {c for chunk in self.own_chunks for c in chunk}
        known = Counter(own) + Counter(turned)
        for s in range(n):
            if s != seat:
                known.update(played[s])
                known.update(exposed[s])
        self.pool = tuple(c for c in FULL_PACK if not known[c])
        self.others = [s for s in range(n) if s != seat]
        self.sizes = [counts[s] - len(played[s]) - len(exposed[s]) for s in self.others]
        self.stock_size = len(self.pool) - sum(self.sizes)
        if min(self.sizes, default=0) < 0 or self.stock_size < 0:
            raise SampleError("the events count more cards than the pack holds")
        trump = turned[-1] // 13 if turned else 0
        self.excluded = [self._excluded(s, plays, trump, config.no_undertrump) for s in self.others] + [set()]

    def _excluded(
        self, s: int, plays: Sequence[tuple[int, Card, tuple[Card, ...]]], trump: int, no_undertrump: bool
    ) -> set[Card]:
        """The unseen cards that cannot be in seat ``s``'s hand: with one of them added to what it
        held, one of its plays would have been illegal. The rule looks only at suits, but for the
        no-undertrump rule's trump ranks: one card stands for its suit, trumps under that rule are
        tried one by one."""
        by_suit: dict[int, list[Card]] = {}
        for c in self.pool:
            by_suit.setdefault(c // 13, []).append(c)
        out: set[Card] = set()
        mine = [(card, before) for p, card, before in plays if p == s]
        for j, (card, before) in enumerate(mine):
            if not before:
                continue  # any card may be led
            held = [c for c, _ in mine[j:]] + sorted(self.exposed[s])
            for suit, cards in by_suit.items():
                tried = cards if suit == trump and no_undertrump else cards[:1]
                for c in tried:
                    if card not in allowed_plays([*held, c], before, trump, no_undertrump):
                        out.update(cards if len(tried) == 1 else (c,))
        return out

    def pack(self, rng: random.Random) -> tuple[Card, ...]:
        hidden = deal_slots(self.pool, [*self.sizes, self.stock_size], self.excluded, rng)
        runs = len(self.turned) - 1
        order = list(self.first_order)
        for _ in range(runs):
            order += [-1, *self.run_order]
        positions: list[list[int]] = [[] for _ in range(self.n)]
        for i, s in enumerate(order):
            if s >= 0:
                positions[s].append(i)
        pack: list[Card | None] = [None] * 52
        for s in range(self.n):
            if s == self.seat:
                cards = [c for chunk in self.own_chunks for c in rng.sample(chunk, len(chunk))]
            else:
                held = [*self.played[s], *self.exposed[s], *hidden[self.others.index(s)]]
                cards = rng.sample(held, len(held))
            for i, c in zip(positions[s], cards, strict=True):
                pack[i] = c
        turn_at = [len(self.first_order) + r * (len(self.run_order) + 1) for r in range(runs + 1)]
        for i, c in zip(turn_at, self.turned, strict=True):
            pack[i] = c
        stock = hidden[-1]
        rng.shuffle(stock)
        rest = iter(stock)
        return tuple(c if c is not None else next(rest) for c in pack)
