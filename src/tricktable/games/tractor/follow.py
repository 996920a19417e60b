"""Following a lead: the one definition of "as far as you can", its checker, its lazy generator and the
card-by-card selection function.

**The definition.** Let *s* be the led suit, *n* the number of cards led, *H_s* the follower's cards of
suit *s*. A play *P* of *n* cards from the hand is legal when

1. *P* holds ``min(n, |H_s|)`` cards of suit *s* (follow suit as far as you can; when short, every
   suit card goes and the rest is free); and, when the follower has more than *n* suit cards,
2. the *shape score* of *P* (its cards are then all of suit *s*) is the best any *n* suit cards of the
   hand reach. The score, compared lexicographically, is
   (a) how many of the lead's tractors can be matched by disjoint tractors of the same length among
   *P*'s pairs, where a longer tractor may be cut into shorter ones but never the reverse; then
   (b) how many pairs *P* holds, counted up to the lead's number of pairs (a tractor's pairs count).

Since (a) only grows as pairs are added, the best score is (a) for all the follower's suit pairs and
(b) = ``min(pairs held in suit, pairs led)``. This gives every clause of the rules: a pair led forces a
pair when held; a tractor led forces a tractor of that length (or a longer one, cut) when held, else
as many pairs as held up to its length, consecutive or not (a 3-pair tractor led does not force a
2-pair tractor: any three pairs do); a throw forces tractors for its tractors, then pairs for its
pairs including tractor pairs no tractor could match; singles and leftover cards are free.

**Enumeration.** A legal play is either all the suit cards plus any fill from the other suits (a
multiset combination), or *n* suit cards whose pairs *X* satisfy the score. A play is fixed by *X* and
its singles (distinct cards outside *X*, one copy each), so the plays with a given *X* number
``C(D - |X|, n - 2|X|)`` for *D* distinct suit cards. Pairs with no adjacent pair in the hand
("free" pairs) never form tractors, so only the subsets of the other ("chainable") pairs are
enumerated, at most ``2**12`` for a 25-card hand, each kept if it reaches the tractor score; the free
pairs are then counted by binomials. :func:`legal_follows` indexes the result by unranking.

**Speed.** Most tricks of a real round are single cards (a failed throw leaves one too). For those
:func:`legal_follows` skips the follow problem: the answer is the distinct suit cards, or every
distinct card when void, listed in the order the general enumeration gives (the property tests hold
the two to the same plays in the same order, so a seeded game plays identically either way).

>>> from tricktable.cards import parse_cards
>>> from tricktable.games.tractor.trump import Trump
>>> t = Trump(rank="2", suit="S")
>>> hand = parse_cards("7H 7H 8H 9H 9H KC")
>>> try:
...     check_follow(hand, parse_cards("3H 3H 4H 4H"), parse_cards("7H 7H 8H 9H"), t)
... except IllegalActionError as err:
...     print(err)
a tractor of hearts was led and you hold the pairs 7H 7H and 9H 9H: you must play both pairs
>>> [" ".join(map(str, p)) for p in legal_follows(hand, parse_cards("3H 3H 4H 4H"), t)]
['7H 7H 9H 9H']
>>> [str(c) for c in selectable(hand, parse_cards("3H 4H"), t, parse_cards("8H"))]
['7H', '9H']
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from typing import overload

from tricktable.cards import ALL_CARDS, Card, format_cards
from tricktable.core.actions import action_key
from tricktable.core.errors import IllegalActionError, Reason
from tricktable.games.tractor.lead import as_cards, require_held
from tricktable.games.tractor.multisets import LazySequence, MultisetCombinations, unrank_combination
from tricktable.games.tractor.trump import Trump, suit_code, suit_name
from tricktable.games.tractor.units import (
    LeadShape,
    card_counts,
    decompose,
    lead_shape,
    max_tractors,
    pair_runs,
)

__all__ = ["check_follow", "follow_refusal", "legal_follows", "selectable"]


# --- the checker ---------------------------------------------------------------------------------


def check_follow(hand: Sequence[Card], lead: Sequence[Card], play: Sequence[Card], trump: Trump) -> None:
    """None if ``play`` is a legal follow to ``lead`` from ``hand``, else raise
    :class:`IllegalActionError` with the rule broken, naming the cards."""
    n = len(lead)
    if not n:
        raise IllegalActionError(_NO_LEAD)
    if len(play) != n:
        raise IllegalActionError(
            Reason(
                f"{_cards_led(n)}: you must play exactly {n}, not {len(play)}", "count", n=n, played=len(play)
            )
        )
    table = trump.suit_table
    suit = table[lead[0]]
    hand_counts = card_counts(hand)
    play_counts = require_held(hand_counts, play)
    in_suit = sum(k for c, k in hand_counts.items() if table[c] == suit)
    played = sum(k for c, k in play_counts.items() if table[c] == suit)
    if played < min(n, in_suit):
        left = [
            c for c, k in hand_counts.items() for _ in range(k - play_counts.get(c, 0)) if table[c] == suit
        ]
        left.sort(key=action_key)
        raise IllegalActionError(
            Reason(
                f"you must follow {suit_name(suit)}: you still hold {format_cards(left)}",
                "must_follow",
                suit=suit_code(suit),
                held=[str(c) for c in left],
            )
        )
    if in_suit <= n or n == 1:
        return
    shape = lead_shape(lead, trump)
    if not shape.pairs:
        return
    order = trump.order_table
    hand_pairs = [c for c, k in hand_counts.items() if k == 2 and table[c] == suit]
    play_pairs = [c for c, k in play_counts.items() if k == 2]
    if shape.tractors and len(hand_pairs) > 1:
        best = max_tractors(pair_runs(order[c] for c in hand_pairs), shape.tractors)
        if best and max_tractors(pair_runs(order[c] for c in play_pairs), shape.tractors) < best:
            raise IllegalActionError(_tractor_reason(shape, hand_pairs, best, trump))
    need = min(len(hand_pairs), shape.pairs)
    if len(play_pairs) < need:
        raise IllegalActionError(_pair_reason(shape, hand_pairs, need, trump))


_NO_LEAD = Reason("nothing has been led yet: this would be a lead, not a follow", "follow_no_lead")


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _cards_led(n: int) -> str:
    return "one card was led" if n == 1 else f"{n} cards were led"


def _lead_words(shape: LeadShape) -> str:
    name = suit_name(shape.suit)
    fmt = shape.format
    if fmt == "throw":
        return f"{name} were thrown"
    return f"a {fmt} of {name} was led"


def _tractor_reason(shape: LeadShape, hand_pairs: list[Card], best: int, trump: Trump) -> Reason:
    held = [u for u in decompose([c for c in hand_pairs for _ in range(2)], trump) if u.kind == "tractor"]
    held_words = " and ".join(str(u) for u in held)
    noun = "tractor" if len(held) == 1 else "tractors"
    it = "it" if len(held) == 1 else "them"
    params: dict[str, object] = {
        "suit": suit_code(shape.suit),
        "shape": shape.format,
        "held": _names([c for u in held for c in u.cards]),
    }
    if shape.format == "tractor":
        length = shape.tractors[0]
        if len(held) == 1 and held[0].length == length:
            text = f"{_lead_words(shape)} and you hold the tractor {held_words}: you must play it"
            return Reason(text, "follow_tractor", **params)
        text = (
            f"{_lead_words(shape)} and you hold the {noun} {held_words}: "
            f"you must play {length} consecutive pairs from {it}"
        )
        return Reason(text, "follow_tractor_pairs", **params, length=length, tractors=len(held))
    lengths = sorted(shape.tractors, reverse=True)
    if len(lengths) == 1:
        led = f"a tractor of {lengths[0]} pairs"
    else:
        led = "tractors of " + ", ".join(map(str, lengths[:-1])) + f" and {lengths[-1]} pairs"
    must = "a tractor" if best == 1 else f"{best} tractors"
    text = (
        f"{_lead_words(shape)} with {led} and you hold the {noun} {held_words}: "
        f"you must play {must} from {it} to match"
    )
    return Reason(text, "follow_throw_tractors", **params, lengths=lengths, tractors=len(held), need=best)


def _pair_reason(shape: LeadShape, hand_pairs: list[Card], need: int, trump: Trump) -> Reason:
    pairs = sorted(hand_pairs, key=trump.order_table.__getitem__)
    words = [f"{c} {c}" for c in pairs]
    params: dict[str, object] = {"suit": suit_code(shape.suit), "shape": shape.format}
    if len(words) == 1:
        text = f"{_lead_words(shape)} and you hold the pair {words[0]}: you must play it"
        return Reason(text, "follow_pair", **params, pair=_names(pairs * 2))
    held = ", ".join(words[:-1]) + " and " + words[-1]
    if need == len(words):
        must = "both pairs" if need == 2 else f"all {need} pairs"
    else:
        must = "one of them" if need == 1 else f"{need} of them"
    params.update(pairs=_names([c for c in pairs for _ in range(2)]), need=need)
    if shape.format != "throw":
        return Reason(
            f"{_lead_words(shape)} and you hold the pairs {held}: you must play {must}",
            "follow_pairs",
            **params,
        )
    counting = " (counting its tractors' pairs)" if shape.tractors else ""
    lead = f"{_lead_words(shape)} with {shape.pairs} pair{'s' if shape.pairs > 1 else ''}{counting}"
    text = f"{lead} and you hold the pairs {held}: you must play {must}"
    return Reason(text, "follow_throw_pairs", **params, led_pairs=shape.pairs)


# --- the follow problem: everything the generator and the selection need -------------------------


class _Problem:
    """One (hand, lead) pair, digested: the suit cards, the forced or shaped case, the optimal pair sets."""

    __slots__ = (
        "blocks",
        "chainable",
        "distinct",
        "fill",
        "forced",
        "free",
        "lead",
        "n",
        "need_pairs",
        "optimal",
        "starts",
        "suit",
        "suit_cards",
        "suit_counts",
        "total",
        "trump",
    )

    def __init__(self, hand: tuple[Card, ...], lead: tuple[Card, ...], trump: Trump) -> None:
        shape = lead_shape(lead, trump)
        table, order = trump.suit_table, trump.order_table
        counts = card_counts(hand)
        self.trump = trump
        self.lead = lead
        self.n = n = len(lead)
        self.suit = shape.suit
        self.suit_counts = {c: k for c, k in counts.items() if table[c] == shape.suit}
        # Sorted by code, which is action order: no key function on the hot path.
        self.suit_cards = tuple(sorted(self.suit_counts))
        self.distinct = len(self.suit_cards)
        in_suit = sum(self.suit_counts.values())
        self.forced = in_suit <= n
        if self.forced:
            # Every suit card goes; the rest is any fill from the other suits.
            others = [c for c in sorted(counts) if table[c] != shape.suit]
            self.fill = MultisetCombinations(others, [counts[c] for c in others], n - in_suit)
            self.total = len(self.fill)
            return
        pairs = [c for c in self.suit_cards if self.suit_counts[c] == 2]
        levels = {order[c] for c in pairs}
        self.need_pairs = min(len(pairs), shape.pairs)
        best = max_tractors(pair_runs(order[c] for c in pairs), shape.tractors) if shape.tractors else 0
        if best:
            self.chainable = tuple(c for c in pairs if order[c] - 1 in levels or order[c] + 1 in levels)
            self.free = tuple(c for c in pairs if c not in self.chainable)
            self.optimal = _optimal_chains(self.chainable, shape.tractors, best, n // 2, trump)
        else:
            self.chainable, self.free = (), tuple(pairs)
            self.optimal = (frozenset(),)
        # Blocks: (pairs from the chainable ones, number of free pairs, plays in the block).
        self.blocks: list[tuple[frozenset[Card], int, int]] = []
        self.starts: list[int] = []
        total = 0
        for chosen in self.optimal:
            for j in range(len(self.free) + 1):
                x = len(chosen) + j
                if x < self.need_pairs or 2 * x > n:
                    continue
                size = comb(len(self.free), j) * comb(self.distinct - x, n - 2 * x)
                if size:
                    self.blocks.append((chosen, j, size))
                    self.starts.append(total)
                    total += size
        self.total = total

    def play_at(self, index: int) -> tuple[Card, ...]:
        if self.forced:
            fixed = [c for c, k in self.suit_counts.items() for _ in range(k)]
            return tuple(sorted(fixed + list(self.fill[index])))  # code order: action order
        k = bisect_right(self.starts, index) - 1
        chosen, j, _ = self.blocks[k]
        index -= self.starts[k]
        x = len(chosen) + j
        per_free, rest = divmod(index, comb(self.distinct - x, self.n - 2 * x))
        paired = set(chosen)
        paired.update(self.free[i] for i in unrank_combination(len(self.free), j, per_free))
        others = [c for c in self.suit_cards if c not in paired]
        singles = [others[i] for i in unrank_combination(len(others), self.n - 2 * x, rest)]
        return tuple(sorted([c for c in paired for _ in range(2)] + singles))

    def completable(self, picked: dict[Card, int]) -> bool:
        """Whether some legal play contains ``picked`` (a multiset already within the hand)."""
        size = sum(picked.values())
        if size > self.n:
            return False
        if self.forced:
            off = sum(k for c, k in picked.items() if c not in self.suit_counts)
            return self.total > 0 and off <= self.n - sum(self.suit_counts.values())
        if any(c not in self.suit_counts for c in picked):
            return False
        pairs = {c for c, k in picked.items() if k == 2}
        ones = {c for c, k in picked.items() if k == 1}
        free_set = set(self.free)
        free_pairs = len(pairs & free_set)
        chain_pairs = pairs - free_set
        free_ones = len(ones & free_set)
        n, distinct = self.n, self.distinct
        for chosen in self.optimal:
            if not chain_pairs <= chosen:
                continue
            singles = len(ones) - len(ones & chosen)
            for j in range(free_pairs, len(self.free) + 1):
                x = len(chosen) + j
                if 2 * x > n:
                    break
                if x < self.need_pairs or n - 2 * x > distinct - x:
                    continue
                # Extra free pairs are best taken from picked singles: each absorbs one.
                if singles - min(j - free_pairs, free_ones) <= n - 2 * x:
                    return True
        return False


def _optimal_chains(
    chainable: tuple[Card, ...], tractors: tuple[int, ...], best: int, most: int, trump: Trump
) -> tuple[frozenset[Card], ...]:
    """Every subset of the chainable pairs (of at most ``most`` pairs) matching ``best`` tractors."""
    order = trump.order_table
    least = sum(tractors[:best])
    found: list[frozenset[Card]] = []
    m = len(chainable)
    for mask in range(1 << m):
        size = mask.bit_count()
        if size < least or size > most:
            continue
        chosen = [chainable[i] for i in range(m) if mask >> i & 1]
        if max_tractors(pair_runs(order[c] for c in chosen), tractors) == best:
            found.append(frozenset(chosen))
    return tuple(found)


@lru_cache(maxsize=16)
def _problem(hand: tuple[Card, ...], lead: tuple[Card, ...], trump: Trump) -> _Problem:
    return _Problem(hand, lead, trump)


def _digest(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> _Problem:
    if not lead:
        raise IllegalActionError(_NO_LEAD)
    return _problem(tuple(sorted(hand)), tuple(sorted(lead)), trump)


# --- the generator -------------------------------------------------------------------------------


class _Follows(LazySequence[tuple[Card, ...]]):
    """Every legal follow, lazily; membership asks :func:`check_follow`."""

    __slots__ = ("_hand", "_problem")

    def __init__(self, hand: Sequence[Card], problem: _Problem) -> None:
        self._hand = tuple(hand)
        self._problem = problem

    def __len__(self) -> int:
        return self._problem.total

    def _item(self, index: int) -> tuple[Card, ...]:
        return self._problem.play_at(index)

    def __contains__(self, play: object) -> bool:
        p = self._problem
        try:
            check_follow(self._hand, p.lead, as_cards(play), p.trump)
        except (IllegalActionError, TypeError):
            return False
        return True


def legal_follows(hand: Sequence[Card], lead: Sequence[Card], trump: Trump) -> LazySequence[tuple[Card, ...]]:
    """Every legal follow to ``lead`` from ``hand`` (each a card tuple in action order), lazily:
    ``len`` and indexing work by unranking, without listing the plays."""
    if len(lead) == 1:
        return _one_card_follows(hand, lead[0], trump)
    return _general_follows(hand, lead, trump)


def _general_follows(
    hand: Sequence[Card], lead: Sequence[Card], trump: Trump
) -> LazySequence[tuple[Card, ...]]:
    """The legal follows through the full follow problem: every lead, and the reference that the
    shortcuts are tested against (same plays, same order)."""
    return _Follows(hand, _digest(hand, lead, trump))


class _OneCard(LazySequence[tuple[Card, ...]]):
    """The follows to a single card: one card each, from a fixed list; membership asks
    :func:`check_follow`."""

    __slots__ = ("_choices", "_hand", "_lead", "_trump")

    def __init__(self, hand: Sequence[Card], lead: Card, trump: Trump, choices: tuple[Card, ...]) -> None:
        self._hand = tuple(hand)
        self._lead = lead
        self._trump = trump
        self._choices = choices

    def __len__(self) -> int:
        return len(self._choices)

    def _item(self, index: int) -> tuple[Card, ...]:
        return (self._choices[index],)

    @overload
    def __getitem__(self, index: int) -> tuple[Card, ...]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Card, ...]]: ...
    def __getitem__(self, index: int | slice) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        # The hot path of random play: the tuple does the range check of a plain index itself.
        if isinstance(index, int):
            return (self._choices[index],)
        return super().__getitem__(index)

    def __contains__(self, play: object) -> bool:
        try:
            check_follow(self._hand, (self._lead,), as_cards(play), self._trump)
        except (IllegalActionError, TypeError):
            return False
        return True


def _one_card_follows(hand: Sequence[Card], lead: Card, trump: Trump) -> _OneCard:
    """A single card led (most tricks of a random round): any one card of the led suit, or any card
    at all when void. Listed in the general enumeration's order: the suit cards low to high, or
    (void) every distinct card high to low, so a seeded random game plays the same either way."""
    table = trump.suit_table
    led: int = lead
    suit = table[led]
    cards = tuple(hand)
    # The codes held of the led suit (or all of them, when void), as plain ints: compiled, a loop
    # over the hand's items as ints (a Card index is a generic lookup), then a sort of ints.
    codes: tuple[int, ...] = cards
    held = [c for c in codes if table[c] == suit]
    if held:
        held.sort()
    else:
        held = sorted(codes, reverse=True)
    choices: list[Card] = []
    last = -1
    for c in held:
        if c != last:
            choices.append(ALL_CARDS[c])
            last = c
    return _OneCard(cards, lead, trump, tuple(choices))


# --- card-by-card selection ----------------------------------------------------------------------


def follow_refusal(
    hand: Sequence[Card], lead: Sequence[Card], picked: Sequence[Card], trump: Trump
) -> Reason:
    """Why no legal follow contains ``picked`` (which :func:`selectable` refused): the rule that
    :func:`check_follow` names for the play that completes ``picked`` as well as the hand allows.

    The completion adds, from the hand's other cards, the led suit's first (pairs before singles,
    higher pairs first, so that neighbouring pairs stay together as tractors), then any others. When
    no legal follow holds ``picked`` every completion breaks a rule; this one breaks the rule that
    the picked cards themselves break ("hearts were led and you hold ...: you must follow")."""
    n = len(lead)
    try:
        if len(picked) >= n:
            check_follow(hand, lead, picked, trump)
        else:
            left = card_counts(hand)
            for c, k in require_held(left, picked).items():
                left[c] -= k
            check_follow(hand, lead, (*picked, *_fill(left, lead, n - len(picked), trump)), trump)
    except IllegalActionError as err:
        assert isinstance(err.reason, Reason), err.reason
        return err.reason
    raise AssertionError(f"{format_cards(picked)} can be completed to a legal follow")


def _fill(left: dict[Card, int], lead: Sequence[Card], room: int, trump: Trump) -> list[Card]:
    """``room`` cards from ``left`` (counts), the led suit's first: pairs high to low, then singles."""
    table, order = trump.suit_table, trump.order_table
    suit = table[lead[0]]
    in_suit = sorted(
        (c for c, k in left.items() if k and table[c] == suit), key=order.__getitem__, reverse=True
    )
    ranked = [c for c in in_suit if left[c] == 2 for _ in range(2)]
    ranked += [c for c in in_suit if left[c] == 1]
    ranked += [c for c in sorted(left, key=action_key) if table[c] != suit for _ in range(left[c])]
    return ranked[:room]


def selectable(
    hand: Sequence[Card], lead: Sequence[Card] | None, trump: Trump, picked: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """The distinct cards that may be added to ``picked`` so that a legal play can still be completed.

    ``lead=None`` chooses a lead (any non-empty one-suit set is complete); otherwise a follow, complete
    at ``len(lead)`` cards. Empty when ``picked`` is already complete-only or cannot be completed.
    """
    hand_counts = card_counts(hand)
    try:
        chosen = require_held(hand_counts, picked)
    except IllegalActionError:
        return ()
    room = [c for c in sorted(hand_counts, key=action_key) if hand_counts[c] > chosen.get(c, 0)]
    if lead is None:
        if not chosen:
            return tuple(room)
        table = trump.suit_table
        suits = {table[c] for c in chosen}
        if len(suits) > 1:
            return ()
        (suit,) = suits
        return tuple(c for c in room if table[c] == suit)
    problem = _digest(hand, lead, trump)
    out = []
    for c in room:
        chosen[c] = chosen.get(c, 0) + 1
        if problem.completable(chosen):
            out.append(c)
        chosen[c] -= 1
        if not chosen[c]:
            del chosen[c]
    return tuple(out)
