"""Who wins a trick (rules/tractor.md, "Who wins a trick").

A play can win only if it matches the lead's shape and is all in the led suit or all in trumps.
A single, pair or tractor led: the highest matching unit of trumps wins, else the highest of the led
suit; on an exact tie the first played wins. A throw: the leader wins unless the led suit is not trump
and a void player matches the shape entirely in trumps; among several, the one whose copy of the lead's
largest unit is highest wins (the first played on a tie).

>>> from tricktable.cards import parse_cards
>>> from tricktable.games.tractor.trump import Trump
>>> t = Trump(rank="2", suit="H")
>>> trick_winner([parse_cards("KS KS"), parse_cards("AS AS"), parse_cards("3H 3H"), parse_cards("4H 5H")], t)
2
"""

from __future__ import annotations

from collections.abc import Sequence

from tricktable.cards import Card
from tricktable.core import trick
from tricktable.games.tractor.trump import TRUMPS, Trump
from tricktable.games.tractor.units import (
    LeadShape,
    card_counts,
    lead_shape,
    matches_shape,
    max_tractors,
    pair_runs,
)

__all__ = ["trick_winner"]


def trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """The index in ``plays`` of the winning play; ``plays[0]`` is the lead."""
    if len(plays[0]) == 1:
        return _single_winner(plays, trump)
    return _shaped_winner(plays, trump)


def _single_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """A single card led (most tricks): the highest trump wins, else the highest card of the led
    suit; the first played wins a tie. The rule of :func:`_shaped_winner` for one-card plays, and the
    core's single-card winner over the trump's power tables (every follow to a single is one card)."""
    cards = [play[0] for play in plays]
    return trick.trick_winner(cards, trump.power_tables[trump.suit_table[cards[0]]])


def _shaped_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """The winner of any trick, worked out from the lead's shape."""
    shape = lead_shape(plays[0], trump)
    table, order = trump.suit_table, trump.order_table
    led = shape.suit
    if shape.format == "throw":
        if led == TRUMPS:
            return 0
        best, best_top = 0, -1
        for i in range(1, len(plays)):
            play = plays[i]
            if len(play) != shape.size or any(table[c] != TRUMPS for c in play):
                continue
            top = _copy_top(play, shape, order)
            if top > best_top:
                best, best_top = i, top
        return best
    best, best_key = 0, (led == TRUMPS, shape.units[0].top)
    for i in range(1, len(plays)):
        play = plays[i]
        if len(play) != shape.size:
            continue
        suit = table[play[0]]
        if (suit != led and suit != TRUMPS) or any(table[c] != suit for c in play):
            continue
        if not matches_shape(shape, [order[c] for c, k in card_counts(play).items() if k == 2]):
            continue
        key = (suit == TRUMPS, max(order[c] for c in play))
        if key > best_key:
            best, best_key = i, key
    return best


def _copy_top(play: Sequence[Card], shape: LeadShape, order: tuple[int, ...]) -> int:
    """The top of the play's copy of the lead's largest unit, or -1 if the play does not match.

    The copy is the highest unit of that kind that still leaves the rest of the play matching the rest
    of the lead.
    """
    pairs = [order[c] for c, k in card_counts(play).items() if k == 2]
    if not matches_shape(shape, pairs):
        return -1
    if not shape.tractors:
        return max(pairs) if shape.pairs else max(order[c] for c in play)
    length = shape.tractors[-1]
    rest_tractors = shape.tractors[:-1]
    rest_pairs = shape.pairs - length
    per_level: dict[int, int] = {}
    for o in pairs:
        per_level[o] = per_level.get(o, 0) + 1
    for top in sorted(per_level, reverse=True):
        window = range(top - length + 1, top + 1)
        if not all(o in per_level for o in window):
            continue
        rest = list(pairs)
        for o in window:
            rest.remove(o)
        if len(rest) >= rest_pairs and (
            not rest_tractors or max_tractors(pair_runs(rest), rest_tractors) == len(rest_tractors)
        ):
            return top
    raise AssertionError("a play matching the lead always holds a copy of its largest tractor")
