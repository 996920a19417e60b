"""Tractor's heuristic bot: a club player's rules of thumb.

It sees only its view and its legal actions. Tractor's legal plays can number in the millions, so it
never lists them: it builds a few candidate plays from its own hand (complete units, or card by card
through the trick logic's ``selectable``, which only needs the hand and the lead the view shows),
keeps those that ``legal`` contains, and scores them.

- Declaring: in the first round, at its first chance (the declaration makes its team the
  declarers); later, on a suit it holds many cards of (trump-rank cards and jokers counted in); it
  never overturns its partner, and reinforces its own single when it can.
- Burying: keeps trumps, pairs and aces; empties its shortest plain suits; buries point cards only
  when its trumps are long enough to expect the last trick.
- Leading: units no unseen card can beat (tractors first, then pairs, then singles, or all of a suit's
  sure units as a throw); otherwise a low card of a short plain suit, or trump pairs when long in trumps.
- Following: feeds points to a partner who is winning, wins cheaply when the trick is worth it, and
  otherwise plays its lowest cards, keeping pairs together for tractors.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from tricktable.bots.base import Bot
from tricktable.cards import Card, pack
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.state import team_of
from tricktable.core.views import View
from tricktable.games.tractor.follow import selectable
from tricktable.games.tractor.kitty import KITTY_SIZE
from tricktable.games.tractor.scoring import CARD_POINTS
from tricktable.games.tractor.trump import TRUMPS, Trump
from tricktable.games.tractor.units import Unit, decompose
from tricktable.games.tractor.winner import trick_winner

__all__ = ["HeuristicBot", "search_candidates"]

PACK_COUNTS = Counter(pack(decks=2, jokers=2))
DECLARE_SHARE = 0.3
"""Declare a suit when at least this share of the hand would be trumps."""
SAFE_BURY_TRUMPS = 12
"""With this many trumps the bot expects to take the last trick and may bury point cards."""
EXHAUSTIVE = 400
"""Legal follows up to this many are scored one by one; beyond, only built candidates are."""


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        phase = view.phase
        if phase in ("draw", "last-declare"):
            return self._declare_or_not(view, legal)
        trump = _trump(view)
        if phase == "kitty":
            choice = Action.make("bury", _burial(view, trump))
            return choice if choice in legal else legal[0]
        if phase == "play":
            return self._play(view, legal, trump)
        return legal[self.rng.randrange(len(legal))]

    # --- declaring ---------------------------------------------------------------------------------
    def _declare_or_not(self, view: View, legal: Sequence[Action]) -> Action:
        fallback = next((a for a in legal if a.verb in ("draw", "pass")), legal[0])
        current: Mapping[str, Any] | None = getattr(view, "declaration", None)
        seat = view.seat
        if seat is None:
            return fallback
        options = [a for a in legal if a.verb == "declare"]
        if current is not None and team_of(current["seat"], 4) == team_of(seat, 4):
            # never overturn the partner; reinforce one's own single when possible
            mine = [a for a in options if current["seat"] == seat and len(a.cards) == 2]
            same = [a for a in mine if a.cards[0] == current["cards"][0]]
            return same[0] if same else fallback
        rank = int(_trump(view).rank)
        hand = view.hand
        if getattr(view, "declarers", None) is None:
            # The first round's declaration makes its team the declarers: any suit at the first chance
            # does better than waiting for a long one (against the share rule, +0.03 levels a round).
            threshold = 0.0
        else:
            # early in the draw a few cards say little: judge as if the hand held at least 10
            threshold = DECLARE_SHARE * max(len(hand), 10 if view.phase == "draw" else 25)
        best, best_strength = fallback, threshold
        for option in options:
            strength = _suit_strength(hand, option.cards[0], rank) + (1.5 if len(option.cards) == 2 else 0)
            if strength >= best_strength:
                best, best_strength = option, strength
        return best

    # --- playing -------------------------------------------------------------------------------------
    def _play(self, view: View, legal: Sequence[Action], trump: Trump) -> Action:
        hand = tuple(view.hand)
        if not view.trick:
            for cards in _leads(view, trump):
                action = Action.make("play", cards)
                if action in legal:
                    return action
            return legal[0]
        lead = view.trick[0][1]
        plays = [p for _, p in view.trick]
        candidates: list[tuple[Card, ...]] = []
        if len(legal) <= EXHAUSTIVE:
            candidates = [a.cards for a in legal]
        else:
            for key in (_cheap_key(trump, hand), _points_key(trump), _strong_key(trump)):
                candidates.append(_complete(hand, lead, trump, key))
        best = max(candidates, key=lambda c: _follow_value(view, plays, c, trump, hand))
        action = Action.make("play", best)
        return action if action in legal else legal[0]


def _trump(view: View) -> Trump:
    trump = view.trump
    assert isinstance(trump, Trump), "a Tractor view's trump is the round's Trump"
    return trump


def _suit_strength(hand: Sequence[Card], card: Card, rank: int) -> float:
    """How many cards of the hand would be trumps if ``card`` named the suit (jokers: no suit)."""
    suit = None if card >= 52 else card // 13
    strength = 0.0
    for c in hand:
        if c >= 52 or c % 13 + 2 == rank or (suit is not None and c // 13 == suit):
            strength += 1
    if suit is None:
        strength -= 2  # no-trump needs a strong hand everywhere: only with little else
    return strength


# --- the kitty ---------------------------------------------------------------------------------------
def _burial(
    view: View,
    trump: Trump,
    *,
    points_safe: bool | None = None,
    shortness: float = 3,
    void: int | None = None,
) -> tuple[Card, ...]:
    """The 8 cards worth least to keep. The search tries variants: ``points_safe`` (None: judged
    from the trumps), how much a short suit is worth emptying (``shortness``), a plain suit to
    bury first (``void``)."""
    hand = list(view.hand)
    counts = Counter(hand)
    trumps = sum(1 for c in hand if trump.is_trump(c))
    if points_safe is None:
        points_safe = trumps >= SAFE_BURY_TRUMPS
    suit_len = Counter(trump.suit_of(c) for c in hand)
    top = {s: max((trump.order(c) for c in hand if trump.suit_of(c) == s), default=0) for s in suit_len}

    def keep_value(card: Card) -> float:
        suit = trump.suit_of(card)
        if suit == TRUMPS:
            return 1000 + trump.order(card)
        value = float(trump.order(card))
        if counts[card] == 2:
            value += 60
        if trump.order(card) == max(trump.order(c) for c in trump.members[suit]):
            value += 40  # an ace (the top of its suit)
        if CARD_POINTS[card] and not points_safe:
            value += 30
        # short suits are worth emptying: their cards are cheap to bury
        value += shortness * suit_len[suit] + (0 if top[suit] >= 11 else -5)
        return value - (500 if suit == void else 0)

    ranked = sorted(hand, key=keep_value)
    return tuple(ranked[:8])


# --- leading -------------------------------------------------------------------------------------------
def _unseen(view: View) -> Counter[Card]:
    """Cards the seat has not seen: those that may be in the other hands (or the kitty)."""
    seen = Counter(view.hand)
    seen.update(getattr(view, "kitty", ()))
    for trick in getattr(view, "tricks", ()):
        for _, cards in trick.plays:
            seen.update(cards)
    for _, cards in view.trick:
        seen.update(cards)
    return PACK_COUNTS - seen


def _is_sure(unit: Unit, unseen: Counter[Card], trump: Trump) -> bool:
    """No unseen card (or pair, or tractor) of the unit's suit could beat it."""
    higher = [c for c, n in unseen.items() if trump.suit_of(c) == unit.suit and trump.order(c) > unit.top]
    if unit.kind == "single":
        return not higher
    pairs = {trump.order(c) for c in higher if unseen[c] == 2}
    if unit.kind == "pair":
        return not pairs
    # a tractor is beaten only by an unseen tractor of the same length: be cautious, any two
    # adjacent unseen pairs above its top count
    return not any(o + 1 in pairs for o in pairs)


def _leads(view: View, trump: Trump) -> Iterable[tuple[Card, ...]]:
    hand = list(view.hand)
    unseen = _unseen(view)
    by_suit: dict[int, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(trump.suit_of(c), []).append(c)
    units = {s: decompose(cards, trump) for s, cards in by_suit.items()}
    sure = {s: [u for u in us if _is_sure(u, unseen, trump)] for s, us in units.items()}
    plain = [s for s in by_suit if s != TRUMPS]
    # a whole suit of sure units as one throw, then the sure units one by one, longest first
    for s in plain:
        if len(sure[s]) >= 2:
            yield tuple(c for u in sure[s] for c in u.cards)
    for kind in ("tractor", "pair", "single"):
        for s in [*plain, TRUMPS]:
            for u in sorted(sure.get(s, []), key=lambda u: -len(u.cards)):
                if u.kind == kind and (s != TRUMPS or len(by_suit.get(TRUMPS, ())) >= 8):
                    yield u.cards
    trumps = by_suit.get(TRUMPS, [])
    if len(trumps) >= 10:
        pairs = [u for u in units.get(TRUMPS, ()) if u.kind != "single"]
        if pairs:
            yield min(pairs, key=lambda u: u.top).cards
    # a low, pointless single of the shortest plain suit (to void it)
    for s in sorted(plain, key=lambda s: len(by_suit[s])):
        singles = [u for u in units[s] if u.kind == "single" and not CARD_POINTS[u.cards[0]]]
        if singles:
            yield min(singles, key=lambda u: u.top).cards
    low = min(hand, key=lambda c: (CARD_POINTS[c], trump.is_trump(c), trump.order(c)))
    yield (low,)


# --- following -----------------------------------------------------------------------------------------
def _complete(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump, key: Callable[[Card], Any]
) -> tuple[Card, ...]:
    """A legal follow built card by card, each time the most preferred card still selectable."""
    picked: list[Card] = []
    while len(picked) < len(lead):
        picked.append(min(selectable(hand, lead, trump, tuple(picked)), key=key))
    return tuple(picked)


def _cheap_key(trump: Trump, hand: Sequence[Card]) -> Callable[[Card], Any]:
    counts = Counter(hand)
    return lambda c: (CARD_POINTS[c] > 0, trump.is_trump(c), counts[c] == 2, trump.order(c))


def _points_key(trump: Trump) -> Callable[[Card], Any]:
    return lambda c: (-CARD_POINTS[c], trump.is_trump(c), trump.order(c))


def _strong_key(trump: Trump) -> Callable[[Card], Any]:
    return lambda c: (not trump.is_trump(c), -trump.order(c))


def _follow_value(
    view: View, plays: list[tuple[Card, ...]], cards: tuple[Card, ...], trump: Trump, hand: Sequence[Card]
) -> float:
    seat = view.seat
    assert seat is not None
    leader = view.trick[0][0]
    position = len(plays)
    last = position == 3
    before = (leader + trick_winner(plays, trump)) % 4
    winner = (leader + trick_winner([*plays, cards], trump)) % 4
    team = team_of(seat, 4)
    ours = team_of(winner, 4) == team
    partner_winning = team_of(before, 4) == team and before != seat
    trick_points = sum(CARD_POINTS[c] for p in plays for c in p)
    my_points = sum(CARD_POINTS[c] for c in cards)
    counts = Counter(hand)
    cost = sum(
        trump.order(c) + (25 if trump.is_trump(c) else 0) + (12 if counts[c] == 2 else 0) for c in cards
    )
    if winner == seat:
        # winning is worth the trick's points, and more when nobody can answer after us
        return 3 * (trick_points + my_points) + (10 if last else 2) - 0.5 * cost
    if ours:
        # the partner keeps the trick: give it points, more freely when the trick is settled
        return (4 if last or partner_winning else 1) * my_points - 0.3 * cost + 5
    return -4 * my_points - cost


# --- candidates for the search -------------------------------------------------------------------------
def search_candidates(
    view: View, legal: Sequence[Action], default: Action, rng: random.Random, limit: int
) -> list[Action]:
    """At most ``limit`` plays (or burials) worth a search's rollouts when the legal ones are too
    many, the heuristic's ``default`` first. A burial: the heuristic's with its judgements varied
    (point cards safe or not, short suits worth more or less), and each short plain suit emptied.
    A lead: each tractor and pair of the hand, and the highest and lowest single of each suit. A
    follow of one card (a void seat may play any card): each suit's lowest, highest and richest
    card. A longer follow: the plays built card by card for playing cheap, giving points and
    playing strong, then random legal plays."""
    trump = _trump(view)
    hand = tuple(view.hand)
    out = [default]
    verb = "bury" if view.phase == "kitty" else "play"

    def add(cards: Iterable[Card]) -> None:
        action = Action.make(verb, cards)
        if len(out) < limit and action not in out and action in legal:
            out.append(action)

    by_suit: dict[int, list[Card]] = {}
    for c in sorted(hand, key=trump.order):
        by_suit.setdefault(trump.suit_of(c), []).append(c)
    if verb == "bury":
        # The heuristic's burial with its judgements varied, and each short plain suit emptied.
        for safe in (None, True, False):
            for shortness in (3.0, 0.0, 8.0):
                add(_burial(view, trump, points_safe=safe, shortness=shortness))
        for suit in sorted(set(by_suit) - {TRUMPS}, key=lambda s: len(by_suit[s])):
            if len(by_suit[suit]) <= KITTY_SIZE:
                add(_burial(view, trump, void=suit))
                add(_burial(view, trump, void=suit, points_safe=True))
        return out
    if not view.trick:
        units = {s: decompose(cards, trump) for s, cards in by_suit.items()}
        for kind in ("tractor", "pair"):
            for us in units.values():
                for u in us:
                    if u.kind == kind:
                        add(u.cards)
        for us in units.values():
            singles = [u.cards for u in us if u.kind == "single"]
            if singles:
                add(singles[0])
                add(singles[-1])
        return out
    lead = view.trick[0][1]
    if len(lead) == 1:
        for cards in by_suit.values():
            add(cards[:1])
            add(cards[-1:])
            add([max(reversed(cards), key=CARD_POINTS.__getitem__)])
        return out
    for key in (_cheap_key(trump, hand), _points_key(trump), _strong_key(trump)):
        add(_complete(hand, lead, trump, key))
    for _ in range(2 * limit):
        if len(out) >= limit:
            break
        add(legal[rng.randrange(len(legal))].cards)
    return out
