"""Property tests: the checker, the lazy generators and the card-by-card selection agree, on random
small situations, with each other and with a brute-force reading of the follow rule."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import scaled
from tricktable.cards import Card
from tricktable.core.actions import action_key
from tricktable.core.errors import IllegalActionError
from tricktable.games.tractor.follow import _general_follows, check_follow, legal_follows, selectable
from tricktable.games.tractor.lead import check_lead, legal_leads, throw_check
from tricktable.games.tractor.multisets import Blocks, MultisetCombinations, SubMultisets, unrank_combination
from tricktable.games.tractor.trump import TRUMPS, Trump
from tricktable.games.tractor.units import decompose
from tricktable.games.tractor.winner import _shaped_winner, trick_winner

Hand = tuple[Card, ...]
Situation = tuple[Hand, Hand, Trump, tuple[Hand, Hand]]


def sub_multisets(cards: Hand, size: int | None = None) -> set[Hand]:
    """Every sub-multiset (as a sorted tuple), of one size or of every non-empty size."""
    sizes = [size] if size is not None else range(1, len(cards) + 1)
    return {tuple(sorted(combo)) for k in sizes for combo in itertools.combinations(sorted(cards), k)}


def passes(check: object, *args: object) -> bool:
    try:
        check(*args)  # type: ignore[operator]
    except IllegalActionError:
        return False
    return True


# --- an independent, brute-force statement of the follow rule ------------------------------------


def tractors_matched(pairs: list[Card], lengths: list[int], trump: Trump) -> int:
    """Most lead tractors matched by disjoint runs of consecutive-order pairs: exhaustive search."""
    if not lengths:
        return 0
    best = tractors_matched(pairs, lengths[1:], trump)  # leave the first tractor unmatched
    need = lengths[0]
    for chosen in itertools.permutations(pairs, need):
        orders = [trump.order(c) for c in chosen]
        if all(orders[i + 1] == orders[i] + 1 for i in range(need - 1)):
            rest = list(pairs)
            for c in chosen:
                rest.remove(c)
            best = max(best, 1 + tractors_matched(rest, lengths[1:], trump))
    return best


def reference_legal(hand: Hand, lead: Hand, trump: Trump) -> set[Hand]:
    n, suit = len(lead), trump.suit_of(lead[0])
    units = decompose(lead, trump)
    lengths = [u.length for u in units if u.kind == "tractor"]
    lead_pairs = sum(u.length for u in units)
    in_suit = sum(1 for c in hand if trump.suit_of(c) == suit)

    def score(play: Hand) -> tuple[int, int, int]:
        suited = [c for c in play if trump.suit_of(c) == suit]
        pairs = [c for c, k in Counter(suited).items() if k == 2]
        return (len(suited), tractors_matched(pairs, lengths, trump), min(len(pairs), lead_pairs))

    plays = sub_multisets(hand, n)
    if in_suit <= n:
        return {p for p in plays if score(p)[0] == in_suit}
    best = max(score(p) for p in plays)
    return {p for p in plays if score(p) == best}


# --- random small situations ---------------------------------------------------------------------

TRUMPS_POOL = [
    Trump("2", "H"),
    Trump("7", "S"),
    Trump("7", "S", gap_tractors=False),
    Trump("A", "D"),
    Trump("5", None),
    Trump("5", None, rank_cards_trump_in_no_trump=True),
]


def _counts(draw: st.DrawFn, cards: tuple[Card, ...], most: int) -> list[Card]:
    """Up to ``most`` cards drawn from ``cards``, each 0, 1 or 2 times (pairs are common)."""
    counts = draw(st.lists(st.sampled_from([0, 0, 1, 2, 2]), min_size=len(cards), max_size=len(cards)))
    return [c for c, k in zip(cards, counts, strict=True) for _ in range(k)][:most]


@st.composite
def situations(draw: st.DrawFn, max_hand: int = 11) -> tuple[Hand, Hand, Trump, tuple[Hand, Hand]]:
    """(hand, lead, trump, rest): a one-suit lead and a hand drawn from the same stretch of the suit,
    rich in pairs and tractors, plus other cards; ``rest`` is more cards for the other hands. Each
    holder's cards are drawn on their own (the logic never assumes where the other copies are)."""
    trump = draw(st.sampled_from(TRUMPS_POOL))
    suit = draw(st.sampled_from([s for s in range(5) if trump.members[s]]))
    members = trump.members[suit]
    width = min(len(members), 8)
    start = draw(st.integers(0, len(members) - width))
    window = members[start : start + width]
    lead = _counts(draw, window, 6) or [window[0]]
    others = [c for s in range(5) if s != suit for c in trump.members[s]]
    extra = draw(st.lists(st.sampled_from(others), max_size=4, unique=True))
    hand = (_counts(draw, window, max_hand) + [c for c in extra for _ in range(draw(st.integers(1, 2)))])[
        :max_hand
    ]
    rest = (tuple(_counts(draw, window, 12)), tuple(_counts(draw, window, 12)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(hand)
    return tuple(hand), tuple(lead), trump, rest


@settings(max_examples=scaled(400), deadline=None)
@given(situations())
def test_follows_agree_with_each_other_and_the_reference(sit: Situation) -> None:
    hand, lead, trump, _ = sit
    if len(hand) < len(lead):
        return
    expected = reference_legal(hand, lead, trump)
    checked = {p for p in sub_multisets(hand, len(lead)) if passes(check_follow, hand, lead, p, trump)}
    assert checked == expected
    seq = legal_follows(hand, lead, trump)
    listed = [tuple(sorted(p)) for p in seq]
    assert len(listed) == len(set(listed)) == len(seq)
    assert set(listed) == expected
    assert seq[-1] == seq[len(seq) - 1]
    for p in list(seq)[:5]:
        assert p in seq
        assert list(p) == sorted(p, key=lambda c: (c // 13, c % 13) if c < 52 else (4, int(c)))
    # Selection: exactly the cards that extend the pick to some legal play.
    for picked in [(), *list(expected)[:1]]:
        for k in range(len(picked) + 1):
            part = tuple(picked[:k])
            can = set(selectable(hand, lead, trump, part))
            want = {c for c in set(hand) if any(_contains(p, (*part, c)) for p in expected)}
            assert can == want


@settings(max_examples=scaled(300), deadline=None)
@given(situations())
def test_one_card_follows_list_the_general_enumeration(sit: Situation) -> None:
    """The single-card shortcut gives the plays of the full follow problem, in the same order, both
    holding the led suit and void in it."""
    hand, lead, trump, _ = sit
    led = (lead[0],)
    void = tuple(c for c in hand if trump.suit_of(c) != trump.suit_of(led[0]))
    for holder in (hand, void):
        if not holder:
            continue
        fast = legal_follows(holder, led, trump)
        assert list(fast) == list(_general_follows(holder, led, trump))
        assert {tuple(sorted(p)) for p in fast} == reference_legal(holder, led, trump)
        assert fast[-1] == fast[len(fast) - 1] and fast[:2] == list(fast)[:2]
        for p in fast:
            assert p in fast
        assert (led[0], led[0]) not in fast and () not in fast


def _contains(big: Hand, small: tuple[Card, ...]) -> bool:
    need = Counter(small)
    have = Counter(big)
    return all(have[c] >= k for c, k in need.items())


@settings(max_examples=scaled(300), deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_greedy_selection_always_completes_a_legal_follow(sit: Situation, seed: int) -> None:
    hand, lead, trump, _ = sit
    if len(hand) < len(lead):
        return
    rng = random.Random(seed)
    picked: list[Card] = []
    while len(picked) < len(lead):
        options = selectable(hand, lead, trump, picked)
        assert options, f"stuck after picking {picked}"
        picked.append(rng.choice(options))
    assert selectable(hand, lead, trump, picked) == ()
    check_follow(hand, lead, picked, trump)


@settings(max_examples=scaled(200), deadline=None)
@given(situations(max_hand=7))
def test_leads_agree(sit: Situation) -> None:
    hand, _, trump, _ = sit
    seq = legal_leads(hand, trump)
    listed = [tuple(sorted(p)) for p in seq]
    checked = {p for p in sub_multisets(hand) if passes(check_lead, hand, p, trump)}
    assert len(listed) == len(set(listed)) == len(seq)
    assert set(listed) == checked
    for p in listed[:5]:
        assert p in seq
    rng = random.Random(len(hand))
    picked: list[Card] = []
    while True:
        options = selectable(hand, None, trump, picked)
        assert set(options) == {c for c in set(hand) if any(_contains(p, (*picked, c)) for p in checked)}
        if not options or rng.random() < 0.3:
            break
        picked.append(rng.choice(options))
    if picked:
        check_lead(hand, picked, trump)


@settings(max_examples=scaled(200), deadline=None)
@given(situations(max_hand=9))
def test_leads_list_each_suit_block_in_order(sit: Situation) -> None:
    """The lazy leads are the suits' sub-multiset blocks (S H D C, trumps), cards in action order."""
    hand, _, trump, _ = sit
    counts = Counter(hand)
    blocks = []
    for suit in range(5):
        cards = sorted(c for c in counts if trump.suit_of(c) == suit)
        blocks.append(SubMultisets(cards, [counts[c] for c in cards]))
    listed = list(legal_leads(hand, trump))
    assert listed == list(Blocks(blocks))
    assert all(list(p) == sorted(p, key=action_key) for p in listed)


@settings(max_examples=scaled(300), deadline=None)
@given(situations())
def test_throw_check_matches_a_brute_force_reading(sit: Situation) -> None:
    hand, lead, trump, rest = sit
    others = [hand, *rest]
    result = throw_check(lead, others, trump)
    units = decompose(lead, trump)
    if len(units) == 1:
        assert result.ok
        return

    def beaten(u_cards: tuple[Card, ...]) -> bool:
        u = next(x for x in units if x.cards == u_cards)
        for other in others:
            suited = tuple(c for c in other if trump.suit_of(c) == u.suit)
            for sub in sub_multisets(suited, len(u.cards)) if len(suited) >= len(u.cards) else set():
                found = decompose(sub, trump)
                if len(found) == 1 and found[0].kind == u.kind and found[0].top > u.top:
                    return True
        return False

    expected = [u for u in units if beaten(u.cards)]
    assert result.ok == (not expected)
    assert list(result.beatable) == expected
    if expected:
        assert result.forced == min(expected, key=lambda u: (len(u.cards), u.top, u.cards)).cards


@settings(max_examples=scaled(300), deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_winner_is_a_play_that_matches_and_beats_the_rest(sit: Situation, seed: int) -> None:
    hand, lead, trump, rest = sit
    rng = random.Random(seed)
    plays = [lead]
    for holder in (hand, *rest):
        if len(holder) < len(lead):
            return
        plays.append(tuple(rng.sample(holder, len(lead))))
    w = trick_winner(plays, trump)
    assert 0 <= w < 4
    if w:
        suits = {trump.suit_of(c) for c in plays[w]}
        assert len(suits) == 1 and suits <= {trump.suit_of(lead[0]), TRUMPS}
    # Appending a duplicate of the winning play later never changes the winner (first played wins).
    assert trick_winner([*plays, plays[w]], trump) == w


@settings(max_examples=scaled(300), deadline=None)
@given(situations(), st.integers(0, 2**32))
def test_single_card_tricks_agree_with_the_shaped_winner(sit: Situation, seed: int) -> None:
    """The single-card shortcut names the winner the shape-based rule names, ties and trumps included."""
    hand, lead, trump, rest = sit
    rng = random.Random(seed)
    pool = [c for holder in (hand, *rest) for c in holder] + list(trump.members[4])
    for _ in range(10):
        plays = [(lead[0],)] + [(rng.choice(pool),) for _ in range(3)]
        assert trick_winner(plays, trump) == _shaped_winner(plays, trump)


# --- the combinatorial sequences underneath ------------------------------------------------------


@settings(max_examples=scaled(200), deadline=None)
@given(st.lists(st.integers(1, 2), max_size=7), st.integers(0, 9))
def test_multiset_combinations_list_each_sub_multiset_once(mults: list[int], r: int) -> None:
    items = tuple(range(len(mults)))
    seq = MultisetCombinations(items, mults, r)
    pool = [i for i, m in zip(items, mults, strict=True) for _ in range(m)]
    expected = {tuple(c) for c in itertools.combinations(pool, r)} if r <= len(pool) else set()
    listed = list(seq)
    assert len(listed) == len(seq) == len(expected) == len(set(listed))
    assert set(listed) == expected
    if listed:
        assert seq[-1] == listed[-1] and seq[1:3] == listed[1:3]
    subs = SubMultisets(items, mults)
    every = [s for k in range(1, len(pool) + 1) for s in {tuple(c) for c in itertools.combinations(pool, k)}]
    assert sorted(subs) == sorted(every)


@settings(max_examples=scaled(100), deadline=None)
@given(st.integers(0, 9), st.data())
def test_unrank_combination_follows_lexicographic_order(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    assert [unrank_combination(n, k, i) for i in range(math.comb(n, k))] == list(
        itertools.combinations(range(n), k)
    )
