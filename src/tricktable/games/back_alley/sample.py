"""Sampled worlds for Back Alley: a full state one seat cannot tell from the real one.

From the seat's events: the earlier hands are kept as the seat saw them; the current deck is stacked
again. The seat's own hand goes where it was dealt; each other seat gets back the cards it has played
plus unseen cards up to its hand size; after a joker turn-up the seat that laid the other joker aside
gets it back in its dealt hand, and one of its cards becomes the replacement it drew. The rest is the
stock. An unseen card is kept out of a hand whose plays show it could not have been there (a suit not
followed, a trump led while trumps were closed, a joker's forced trump). The hand's actions are then
replayed on the new deck, and the world is kept only if the seat's events come out the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from tricktable.cards import ALL_CARDS, Card
from tricktable.core.actions import Action, play
from tricktable.core.events import (
    Bid,
    DealScored,
    Dealt,
    Discarded,
    Event,
    Played,
    TrumpSet,
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

from .bidding import BOARD, bid_value
from .config import Config
from .deal import SEATS
from .play import breaks_trumps, play_rule
from .ranking import NO_TRUMP, SUIT
from .scoring import HandRecord
from .state import BackAlleyState, Match, start

__all__ = ["sample"]


def entry_of(events: Sequence[Event], i: int) -> tuple[int, Action, bool] | None:
    """The action a Back Alley event records: bids and plays, each the action's own event."""
    event = events[i]
    if isinstance(event, Played):
        return event.seat, play(event.cards[0]), True
    if isinstance(event, Bid):
        return event.seat, event.action(), True
    return None


def sample(
    seat: int, events: Sequence[Event], config: Config, rng: random.Random, visit: Visit | None = None
) -> BackAlleyState:
    k, begun = current_deal(events, seat, SEATS)
    rows = [e.sheet for e in events[:k] if isinstance(e, DealScored)]
    if not all(isinstance(r, HandRecord) for r in rows):
        raise SampleError("a scored hand's sheet is not a Back Alley score-sheet row")
    played_hands = sum(not r.thrown_in for r in rows)
    match = Match(played_hands + 1, len(rows), (begun.scores[0], begun.scores[1]), tuple(rows))
    world = remembered(
        events, ("world", seat, config), lambda: _World(seat, begun.dealer, events[k:], config)
    )
    log = rebuild_log(events, k, entry_of)

    def attempt() -> BackAlleyState | None:
        decks = (world.deck(rng),) * (len(rows) + 1)
        table = start(config, rng.randrange(MAX_SEED), decks, log, match, begun.dealer)
        return replay_deal(table, events, k, entry_of, seat, visit=visit)

    return first_world(attempt)


class _World:
    """What the seat knows of the current deck, and how to stack a deck that agrees with it."""

    def __init__(self, seat: int, dealer: int, now: Sequence[Event], config: Config) -> None:
        self.seat, self.dealer = seat, dealer
        dealt = [e for e in now if isinstance(e, Dealt)]
        self.size = dealt[0].count
        own = [e.cards for e in dealt if e.seat == seat]
        if any(cards is None for cards in own):
            raise SampleError("the seat's own dealt cards are missing from its events")
        self.own_hand = own[0] or ()
        self.own_drawn = own[1][0] if len(own) > 1 and own[1] else None
        self.turned = next(e.card for e in now if isinstance(e, TurnedUp))
        discards = [e for e in now if isinstance(e, Discarded)]
        self.discarder = discards[0].seat if discards else None
        self.joker = discards[0].cards[0] if discards else None
        trump_set = next(e for e in now if isinstance(e, TrumpSet))
        trump = NO_TRUMP if trump_set.suit is None else "SHDC".index(trump_set.suit)
        bids = [bid_value(e.action()) for e in now if isinstance(e, Bid)]
        opened = BOARD in bids and config.board_opens_trumps
        played: list[list[Card]] = [[] for _ in range(SEATS)]
        plays: list[tuple[int, Card, tuple[Card, ...], bool]] = []  # seat, card, trick before, broken
        trick: list[Card] = []
        broken = False
        for e in now:
            if isinstance(e, Played):
                card = e.cards[0]
                plays.append((e.seat, card, tuple(trick), broken or opened))
                played[e.seat].append(card)
                trick.append(card)
                if len(trick) == SEATS:
                    broken = broken or breaks_trumps(trick, trump)
                    trick = []
        self.played = played
        known = Counter(self.own_hand) + Counter([self.turned])
        if self.own_drawn is not None:
            known[self.own_drawn] += 1
        if self.joker is not None and self.discarder != seat:
            known[self.joker] += 1
        for s in range(SEATS):
            if s != seat:
                known.update(played[s])
        self.pool = tuple(c for c in ALL_CARDS if not known[c])
        self.others = [s for s in range(SEATS) if s != seat]
        self.sizes = [self.size - len(played[s]) for s in self.others]
        self.stock_size = len(self.pool) - sum(self.sizes)
        if min(self.sizes) < 0 or self.stock_size < 0:
            raise SampleError("the events count more cards than the deck holds")
        effective = SUIT[trump]
        self.excluded = [
            self._excluded(s, plays, trump, effective, config.little_joker_forces) for s in self.others
        ] + [set()]

    def _excluded(
        self,
        s: int,
        plays: Sequence[tuple[int, Card, tuple[Card, ...], bool]],
        trump: int,
        effective: tuple[int, ...],
        little_joker_forces: bool,
    ) -> set[Card]:
        """The unseen cards that cannot be in seat ``s``'s hand: with one of them added to what it
        held, one of its plays would have been illegal. Outside trumps the rule looks only at suits,
        so one card stands for its suit; trumps (whose rank a led joker can force) are tried one by one."""
        by_suit: dict[int, list[Card]] = {}
        for c in self.pool:
            by_suit.setdefault(effective[c], []).append(c)
        out: set[Card] = set()
        mine = [(card, before, may_lead) for p, card, before, may_lead in plays if p == s]
        for j, (card, before, may_lead) in enumerate(mine):
            held = [c for c, _, _ in mine[j:]]
            for suit, cards in by_suit.items():
                tried = cards if suit == trump else cards[:1]
                for c in tried:
                    hand = tuple(sorted([*held, c]))
                    allowed, _ = play_rule(hand, before, trump, may_lead, little_joker_forces)
                    if card not in allowed:
                        out.update(cards if len(tried) == 1 else (c,))
        return out

    def deck(self, rng: random.Random) -> tuple[Card, ...]:
        hidden = deal_slots(self.pool, [*self.sizes, self.stock_size], self.excluded, rng)
        hands: dict[int, list[Card]] = {self.seat: list(self.own_hand)}
        drawn = self.own_drawn
        for s, extra in zip(self.others, hidden, strict=False):
            held = [*self.played[s], *extra]
            if s == self.discarder:
                assert self.joker is not None
                drawn = held.pop(rng.randrange(len(held)))
                held.append(self.joker)
            hands[s] = held
        order = [hands[(self.dealer + 1 + i) % SEATS] for i in range(SEATS)]
        for held in order:
            rng.shuffle(held)
        dealt = [order[i % SEATS][i // SEATS] for i in range(SEATS * self.size)]
        stock = hidden[-1]
        rng.shuffle(stock)
        after = [self.turned] if drawn is None else [self.turned, drawn]
        return (*dealt, *after, *stock)
