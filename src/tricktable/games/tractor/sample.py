"""Sampled worlds for Tractor: a full state one seat cannot tell from the real one.

From the seat's events the earlier rounds are kept as the seat saw them and the current deal's 108
cards are stacked again in drawing order:

- the seat's own draws stay where it drew them (and the kitty, if it took it, as it saw it);
- every other seat's draws hold the cards it has played, the cards every seat knows it holds
  (:func:`~tricktable.games.tractor.sight.shown_cards`: declared, withdrawn from a failed throw,
  turned up from the kitty it took) and unseen cards up to its hand size, in a random order in which
  each declaration's cards were drawn before it was made;
- another starter's kitty holds the cards turned up from it, in order, and 8 of its cards; what it
  buried is drawn from the unseen cards (a card it showed before burying and has not played may be
  in its hand or buried);
- the cards not yet drawn and an untaken kitty are the rest, in a random order.

An unseen card is kept out of a hand whose plays show it could not have been there: a suit not
followed, a pair the hand could not have held when a pair or tractor was led, a card that would
have beaten a unit of a throw that stood (or of a failed throw, a unit forced before the one that
was). A failed throw also shows that another hand could beat the unit forced: unless a hand the seat
knows of could, one hand chosen at random is dealt a beating unit first. The deal's actions are then
replayed on the new deck through the checked ``apply``, and the world is kept only if every throw
stands or fails as it did, forcing the same unit with the same penalty.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import product

from tricktable.cards import ALL_CARDS, Card, Rank, Suit
from tricktable.core.actions import Action
from tricktable.core.errors import IllegalActionError
from tricktable.core.events import (
    DealScored,
    Dealt,
    Decided,
    Declared,
    Event,
    KittyBuried,
    KittyTaken,
    Played,
    Revealed,
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
from tricktable.games.tractor.actions import DRAW
from tricktable.games.tractor.config import Config
from tricktable.games.tractor.follow import check_follow
from tricktable.games.tractor.kitty import KITTY_SIZE
from tricktable.games.tractor.lead import beatable_units, forced_first
from tricktable.games.tractor.scoring import RoundSummary
from tricktable.games.tractor.sight import shown_cards
from tricktable.games.tractor.state import DRAWN, PACK, TractorState
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.units import Unit, lead_shape

__all__ = ["sample"]


def entry_of(events: Sequence[Event], i: int) -> tuple[int, Action, bool] | None:
    """The action ``events[i]`` records. A card drawn is recorded by its :class:`Dealt` event (stored,
    not the action's own); a failed throw's :class:`Played` names what was attempted; a burial the
    seat did not see is read from the kitty revealed when its round was scored."""
    event = events[i]
    if isinstance(event, Dealt):
        return event.seat, DRAW, False
    if isinstance(event, Played):
        return event.seat, event.action(), event.attempted is None
    if isinstance(event, Declared | Decided):
        return event.seat, event.action(), True
    if isinstance(event, KittyBuried):
        cards = event.cards
        if cards is None:
            shown = next((e for e in events[i:] if isinstance(e, Revealed) and e.what == "kitty"), None)
            if shown is None:
                raise SampleError("the buried kitty of a finished round is missing from the events")
            cards = shown.cards
        return event.seat, Action.make("bury", cards), True
    return None


def sample(
    seat: int, events: Sequence[Event], config: Config, rng: random.Random, visit: Visit | None = None
) -> TractorState:
    k, begun = current_deal(events, seat, 4)
    sheets = [e.sheet for e in events[:k] if isinstance(e, DealScored)]
    if not all(isinstance(sheet, RoundSummary) for sheet in sheets):
        raise SampleError("a scored round's sheet is not a Tractor round summary")
    last: RoundSummary | None = sheets[-1] if sheets else None
    world = remembered(
        events, ("world", seat, config), lambda: _World(seat, begun.dealer, events[k:], config)
    )
    log = rebuild_log(events, k, entry_of)

    def entry_in_world(events: Sequence[Event], i: int) -> tuple[int, Action, bool] | None:
        """As :func:`entry_of`, with another starter's burial taken from the world dealt."""
        event = events[i]
        if isinstance(event, KittyBuried) and event.cards is None:
            return event.seat, world.burial, True
        return entry_of(events, i)

    def attempt() -> TractorState | None:
        try:
            deck = world.deck(rng)
        except SampleError:
            return None
        table = TractorState.blank(config, rng.randrange(MAX_SEED), (deck,) * begun.deal_number)
        dealt = table._new_deal(
            log,
            begun.deal_number - 1,
            round_no=len(sheets),
            levels=(begun.scores[0], begun.scores[1]),
            declarers=None if last is None else last.next_declarers,
            starter=begun.dealer,
            last_round=last,
        )
        return replay_deal(dealt, events, k, entry_in_world, seat, check=_play_agrees, visit=visit)

    return first_world(attempt)


def _play_agrees(event: Event, before: TractorState, after: TractorState) -> bool:
    """Whether a play shows the seat what it showed at the table. With every action legal in the
    world, a throw's outcome is the only content of the seat's events the hidden cards can change
    (whether it stood, and if not the unit forced and the penalty: the other hands decide them);
    every other event is made from the actions and the cards the seat saw."""
    if not isinstance(event, Played):
        return True
    failed = after.tricks.failed_throws
    if len(failed) == len(before.tricks.failed_throws):
        return event.attempted is None
    throw = failed[-1]
    return event.attempted is not None and throw.forced == event.cards and throw.penalty == event.penalty


_Play = tuple[int, tuple[Card, ...], tuple[Card, ...], tuple[Card, ...] | None]
"""A play of the deal: its seat, the cards that stood, the trick's lead before it (empty for a lead),
and the cards attempted if it was a throw that failed."""


class _World:
    """What the seat knows of the current deal, and how to stack a deck that agrees with it."""

    def __init__(self, seat: int, first: int, now: Sequence[Event], config: Config) -> None:
        # The draw: draw i goes to seat (first + i) % 4. The starter, who takes the kitty, is the
        # first drawer but in the first round, where it is the first declarer.
        self.seat, self.first = seat, first
        taker = next((e.seat for e in now if isinstance(e, KittyTaken)), first)
        self.starter = starter = taker
        self.draws: list[Card | None] = []
        declared: list[tuple[int, tuple[Card, ...], int]] = []  # seat, cards, draws before
        self.revealed: tuple[Card, ...] = ()
        self.kitty_taken: tuple[Card, ...] | None = None
        taken = buried = False
        own_burial: tuple[Card, ...] = ()
        self.burial = Action("bury")
        """Another starter's burial in the last deck stacked (set by :meth:`deck`)."""
        trump: Trump | None = None
        played: list[Counter[Card]] = [Counter() for _ in range(4)]
        plays: list[_Play] = []
        trick: list[tuple[int, tuple[Card, ...]]] = []
        for e in now:
            if isinstance(e, Dealt):
                self.draws.append(e.cards[0] if e.cards else None)
            elif isinstance(e, Declared):
                declared.append((e.seat, e.cards, len(self.draws)))
            elif isinstance(e, TurnedUp):
                self.revealed += (e.card,)
            elif isinstance(e, TrumpSet):
                trump = Trump(
                    rank=Rank.parse(e.rank or "2"),
                    suit=None if e.suit is None else Suit.parse(e.suit),
                    rank_cards_trump_in_no_trump=config.no_trump_rank_cards_are_trump,
                    gap_tractors=config.gap_tractors,
                )
            elif isinstance(e, KittyTaken):
                taken = True
                self.kitty_taken = e.cards
            elif isinstance(e, KittyBuried):
                buried = True
                if e.seat == seat and e.cards:
                    own_burial = e.cards
            elif isinstance(e, Played):
                lead = trick[0][1] if trick else None
                plays.append((e.seat, e.cards, lead or (), e.attempted))
                played[e.seat].update(e.cards)
                trick.append((e.seat, e.cards))
                if len(trick) == 4:
                    trick = []
        self.plays_of: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in range(4)]
        """Each seat's plays: their index among the deal's plays, and the cards."""
        for j, (s, cards, _, _) in enumerate(plays):
            self.plays_of[s].append((j, cards))
        self.declared = declared
        self.played = played
        self.trump = trump
        self.taken, self.is_buried = taken, buried
        own_draws = Counter(c for i, c in enumerate(self.draws) if (first + i) % 4 == seat and c is not None)
        if sum(own_draws.values()) != sum(1 for i in range(len(self.draws)) if (first + i) % 4 == seat):
            raise SampleError("the seat's own draws are missing from its events")
        mine = own_draws + (Counter(self.kitty_taken) if seat == starter and self.kitty_taken else Counter())
        self.hand = mine - played[seat] - Counter(own_burial)
        # What each other seat is known to hold now, and (another starter) holds or has buried.
        shown = shown_cards(now)
        self.certain = [Counter() if s == seat else shown.held[s] for s in range(4)]
        self.uncertain = shown.held_or_buried if shown.burier not in (None, seat) else Counter()
        known = Counter(mine)
        for s in range(4):
            if s != seat:
                known += played[s] + self.certain[s]
        pool = Counter(PACK) - known
        if sum((known - Counter(PACK)).values()):
            raise SampleError("the events name more copies of a card than the pack holds")
        self.pool = tuple(sorted(pool.elements()))
        self.others = [s for s in range(4) if s != seat]
        draws_of = [sum(1 for i in range(len(self.draws)) if (first + i) % 4 == s) for s in range(4)]
        sizes = []
        for s in self.others:
            size = draws_of[s] + (KITTY_SIZE if s == starter and taken else 0)
            size -= KITTY_SIZE if s == starter and buried else 0
            sizes.append(size - sum(played[s].values()) - sum(self.certain[s].values()))
        # The last slot: the cards not drawn and the kitty not taken, or another starter's burial.
        rest = DRAWN - len(self.draws) + KITTY_SIZE if not taken else 0
        if buried and seat != starter:
            rest = KITTY_SIZE
        self.sizes = [*sizes, rest]
        if min(self.sizes) < 0 or sum(self.sizes) != len(self.pool):
            raise SampleError("the events do not add up to a Tractor deal")
        self.excluded: list[set[Card]] = [set() for _ in self.sizes]
        self.single: list[set[Card]] = [set() for _ in self.sizes]
        if self.uncertain:
            # A declared or turned-up card the starter has not played is in its hand or buried.
            place = {self.others.index(starter), len(self.sizes) - 1}
            for i in range(len(self.sizes)):
                if i not in place:
                    self.excluded[i].update(self.uncertain)
        self.beaters: list[list[tuple[int, tuple[Card, ...]]]] = []
        """Per failed throw whose forced unit no hand the seat knows of could beat: the ways to give
        another hand a unit that beats it (its slot and the unseen cards it needs)."""
        if trump is not None:
            self._play_constraints(plays, trump)

    def _held_from(self, s: int, j: int) -> list[Card]:
        """What seat ``s`` surely held before play ``j``: what it played from then on and what it is
        known to hold now (the seat itself: its hand)."""
        later = [c for k, cards in self.plays_of[s] if k >= j for c in cards]
        return [*later, *(self.hand if s == self.seat else self.certain[s]).elements()]

    def _play_constraints(
        self,
        plays: Sequence[_Play],
        trump: Trump,
    ) -> None:
        suit_of = trump.suit_table
        by_suit: dict[int, list[Card]] = {}
        for c in dict.fromkeys(self.pool):
            by_suit.setdefault(suit_of[c], []).append(c)
        failed: list[tuple[int, int, Unit]] = []  # play, thrower, unit forced
        for j, (s, cards, lead, attempted) in enumerate(plays):
            if lead:  # a follow
                if s == self.seat:
                    continue
                slot = self.others.index(s)
                suit = suit_of[lead[0]]
                if sum(1 for c in cards if suit_of[c] == suit) < len(lead):
                    self.excluded[slot].update(by_suit.get(suit, ()))
                elif len(lead) > 1:
                    self._shape_limits(slot, self._held_from(s, j), by_suit.get(suit, []), lead, cards, trump)
                continue
            # A throw that stood: no other hand could beat any of its units. One that failed: none
            # could beat a unit that would have been forced before the one that was.
            if attempted is None:
                units = lead_shape(cards, trump).units
                if len(units) == 1:
                    continue  # a single unit always stands
            else:
                units = lead_shape(attempted, trump).units
                forced = next((u for u in units if u.cards == cards), None)
                if forced is None:
                    raise SampleError("a failed throw's forced cards are not one of its units")
                failed.append((j, s, forced))
                first = forced_first(forced)
                units = tuple(u for u in units if forced_first(u) < first)
                if not units:
                    continue
            for other in self.others:
                if other != s:
                    slot = self.others.index(other)
                    held = self._held_from(other, j)
                    self._throw_limits(slot, held, by_suit.get(units[0].suit, []), units, trump)
        for j, thrower, unit in failed:
            self._beater_options(j, thrower, unit, trump)

    def _beater_options(self, j: int, thrower: int, unit: Unit, trump: Trump) -> None:
        """A failed throw shows that some other hand could beat the unit it forced: unless a hand the
        seat knows of could, the ways to give one a beating unit (:attr:`beaters`)."""
        rivals = [s for s in range(4) if s != thrower]
        if beatable_units((unit,), [self._held_from(s, j) for s in rivals], trump):
            return
        pool = Counter(self.pool)
        options = []
        for s in rivals:
            if s == self.seat:
                continue
            slot = self.others.index(s)
            held = Counter(self._held_from(s, j))
            for beater in _beaters(unit, trump):
                need = Counter(beater) - held
                if (
                    need <= pool
                    and not any(c in self.excluded[slot] for c in need)
                    and not any(n > 1 and c in self.single[slot] for c, n in need.items())
                ):
                    options.append((slot, tuple(need.elements())))
        if not options:
            raise SampleError("no other hand can have beaten the unit a failed throw forced")
        self.beaters.append(options)

    def _shape_limits(
        self,
        slot: int,
        held: list[Card],
        suit: list[Card],
        lead: tuple[Card, ...],
        play: tuple[Card, ...],
        trump: Trump,
    ) -> None:
        """Cards (or pairs) of the led suit that would have made this follow illegal."""
        if _follows(held + [c for c in suit for _ in (0, 1)], lead, play, trump):
            return  # the follow has the best shape any hand could give: it shows nothing
        for c in suit:
            if not _follows([*held, c], lead, play, trump):
                self.excluded[slot].add(c)
            elif not _follows([*held, c, c], lead, play, trump):
                self.single[slot].add(c)

    def _throw_limits(
        self, slot: int, held: list[Card], suit: list[Card], units: Sequence[Unit], trump: Trump
    ) -> None:
        """Cards (or pairs) of the throw's suit that would have beaten one of ``units``."""
        if not beatable_units(units, ([*held, *(c for c in suit for _ in (0, 1))],), trump):
            return
        for c in suit:
            if beatable_units(units, ([*held, c],), trump):
                self.excluded[slot].add(c)
            elif beatable_units(units, ([*held, c, c],), trump):
                self.single[slot].add(c)

    def deck(self, rng: random.Random) -> tuple[Card, ...]:
        pool, sizes = self.pool, self.sizes
        given: list[list[Card]] = [[] for _ in sizes]
        if self.beaters:
            # First a beating unit for each failed throw that needs one, in a hand chosen at random.
            left, room = Counter(pool), list(sizes)
            for options in self.beaters:
                # What each way still needs beyond the cards given for an earlier throw.
                wants = [(i, Counter(need) - Counter(given[i])) for i, need in options]
                if any(not more for _, more in wants):
                    continue
                fitting = [(i, more) for i, more in wants if more.total() <= room[i] and more <= left]
                if not fitting:
                    raise SampleError("the failed throws' beating units do not fit together")
                i, more = rng.choice(fitting)
                left -= more
                room[i] -= more.total()
                given[i] += more.elements()
            pool, sizes = tuple(sorted(left.elements())), room
        hidden = deal_slots(pool, sizes, self.excluded, rng, self.single)
        for i, cards in enumerate(given):
            hidden[i] += cards
        starter, seat = self.starter, self.seat
        kitty: list[Card] | None = None
        holdings: dict[int, list[Card]] = {}
        for s, extra in zip(self.others, hidden, strict=False):
            holdings[s] = [*self.played[s].elements(), *self.certain[s].elements(), *extra]
        if self.taken and seat == starter:
            assert self.kitty_taken is not None
            kitty = list(self.kitty_taken)
        elif self.taken:
            held = holdings[starter]
            if self.is_buried:
                self.burial = Action.make("bury", hidden[-1])
                held += hidden[-1]
            kitty = self._kitty_from(held, rng)
        # Each seat's draws, in an order in which every declaration's cards were drawn before it.
        deck: list[Card | None] = list(self.draws) + [None] * (DRAWN - len(self.draws))
        for s in self.others:
            positions = range((s - self.first) % 4, len(self.draws), 4)
            order = self._draw_order(s, holdings[s], len(positions), rng)
            for i, c in zip(positions, order, strict=True):
                deck[i] = c
        rest = hidden[-1] if not self.taken else []
        rng.shuffle(rest)
        fill = iter(rest)
        out = [c if c is not None else next(fill) for c in deck]
        out += kitty if kitty is not None else list(fill)
        if len(out) != len(PACK):
            raise SampleError("the stacked deck does not hold the whole pack")
        return tuple(out)

    def _kitty_from(self, held: list[Card], rng: random.Random) -> list[Card]:
        """Another starter's kitty: the turned-up cards first, in order, then cards of its holdings
        that no declaration of its needs among its draws."""
        left = Counter(held) - Counter(self.revealed)
        needed: Counter[Card] = Counter()
        for s, cards, _ in self.declared:
            if s == self.starter:
                needed |= Counter(cards)
        free = list((left - needed).elements())
        more = KITTY_SIZE - len(self.revealed)
        if len(free) < more:
            raise SampleError("the starter's cards cannot fill the kitty")
        chosen = rng.sample(free, more)
        for c in chosen:
            held.remove(c)
        for c in self.revealed:
            held.remove(c)
        return [*self.revealed, *chosen]

    def _draw_order(self, s: int, cards: list[Card], count: int, rng: random.Random) -> list[Card]:
        if len(cards) != count:
            raise SampleError(f"seat {s} would have drawn {len(cards)} cards, not {count}")
        left = list(cards)
        rng.shuffle(left)
        order: list[Card | None] = [None] * count
        mine = range((s - self.first) % 4, len(self.draws), 4)
        for who, decl, before in self.declared:
            if who != s:
                continue
            drawn = sum(1 for i in mine if i < before)  # the seat's draws before it declared
            have = Counter(c for c in order[:drawn] if c is not None)
            for c in (Counter(decl) - have).elements():
                free = [i for i in range(drawn) if order[i] is None]
                if not free or c not in left:
                    raise SampleError("a declaration cannot be placed among the draws before it")
                order[rng.choice(free)] = c
                left.remove(c)
        it = iter(left)
        return [c if c is not None else next(it) for c in order]


def _follows(hand: list[Card], lead: tuple[Card, ...], play: tuple[Card, ...], trump: Trump) -> bool:
    try:
        check_follow(hand, lead, play, trump)
    except IllegalActionError:
        return False
    return True


def _beaters(unit: Unit, trump: Trump) -> list[tuple[Card, ...]]:
    """The fewest cards that beat ``unit`` as a unit of its kind in its suit: a higher card, a higher
    pair, or a tractor as long with a higher top (one pair per order: see :func:`beatable_units`)."""
    order = trump.order_table
    by_order: dict[int, list[Card]] = {}
    for c in ALL_CARDS:
        if trump.suit_table[c] == unit.suit:
            by_order.setdefault(order[c], []).append(c)
    copies = 1 if unit.kind == "single" else 2
    length = max(unit.length, 1)
    out = []
    for top in by_order:
        levels = range(top - length + 1, top + 1)
        if top > unit.top and all(o in by_order for o in levels):
            for choice in product(*(by_order[o] for o in levels)):
                out.append(tuple(c for c in choice for _ in range(copies)))
    return out
