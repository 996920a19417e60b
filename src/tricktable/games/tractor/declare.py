"""Declaring the trump suit during the draw, overturning, and the kitty reveal of later rounds.

A declaration is one trump-rank card (a *single*), two identical trump-rank cards (a *pair*), or two
identical jokers (*jokers*: no trump suit). Overturning follows the rules file: a single falls to any
pair or to jokers; a pair only to jokers (or, with ``allow_higher_suit_pair_overturn``, to a pair of a
higher suit unless it was a reinforced single); jokers never. The same function answers "may this seat
declare these cards, and why not" and, over the seat's few candidates, "what may it declare".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tricktable.cards import Card, Suit, format_cards
from tricktable.compiled import python_class
from tricktable.core.errors import Reason
from tricktable.games.tractor.config import Config, level_name

__all__ = [
    "SUIT_STRENGTH",
    "Declaration",
    "DeclareRules",
    "declaration_reason",
    "declarations",
    "is_special",
    "make_declaration",
    "reveal_kitty",
]

Kind = Literal["single", "pair", "jokers"]

SUIT_STRENGTH = {Suit.SPADES: 3, Suit.HEARTS: 2, Suit.CLUBS: 1, Suit.DIAMONDS: 0}
"""Suit order for ``allow_higher_suit_pair_overturn`` (the usual Chinese order: spades, hearts, clubs,
diamonds)."""


@python_class
@dataclass(frozen=True, slots=True)
class Declaration:
    """The standing declaration: who exposed which cards. ``reinforced``: a single its owner made a pair."""

    seat: int
    cards: tuple[Card, ...]
    kind: Kind
    reinforced: bool = False

    @property
    def suit(self) -> Suit | None:
        """The trump suit it names (None for jokers: a no-trump round)."""
        return None if self.kind == "jokers" else self.cards[0].suit

    def to_dict(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "cards": list(self.cards),
            "kind": self.kind,
            "reinforced": self.reinforced,
        }

    def __hash__(self) -> int:
        # Written here so that it is compiled: the one dataclass writes runs interpreted, and the
        # draw's cached declarations hash the standing one on every card drawn.
        return hash((self.seat, self.cards, self.kind, self.reinforced))


def is_special(card: int, rank: int) -> bool:
    """Whether a card (by code: compiled, int operations) can take part in a declaration this round:
    a trump-rank card or a joker."""
    return card >= 52 or card % 13 + 2 == rank


def _kind(cards: Sequence[Card], rank: int) -> tuple[Kind | None, Reason | None]:
    """The kind of declaration the cards make, or None and the reason they make none (worded only
    then: the draw asks this of every trump-rank card and joker drawn)."""
    if len(cards) not in (1, 2):
        level = level_name(rank)
        return None, Reason(
            f"{_what(level)}; you showed {len(cards)} cards", "declare_count", rank=level, n=len(cards)
        )
    card = cards[0]
    if len(cards) == 2 and cards[1] != card:
        level = level_name(rank)
        text = f"{_what(level)}; {format_cards(cards)} are not two identical cards"
        return None, Reason(text, "declare_not_identical", rank=level, cards=_names(cards))
    if card >= 52:
        if len(cards) == 2:
            return "jokers", None
        level = level_name(rank)
        text = f"a single joker cannot declare: {_what(level)}"
        return None, Reason(text, "declare_single_joker", rank=level)
    if card % 13 + 2 != rank:
        level = level_name(rank)
        text = f"{card} is not of the trump rank: {_what(level)}"
        return None, Reason(text, "declare_rank", card=str(card), rank=level)
    return ("single" if len(cards) == 1 else "pair"), None


def _what(level: str) -> str:
    """What a declaration is, in a refusal's words (``level``: the trump rank's name)."""
    return (
        f"a declaration is one card of the trump rank ({level}), two identical ones, "
        "or two identical jokers (BJ BJ or LJ LJ)"
    )


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


@python_class
@dataclass(frozen=True, slots=True)
class DeclareRules:
    """The options that bear on declaring (taken from the game's :class:`Config`)."""

    allow_reinforce: bool = True
    allow_higher_suit_pair_overturn: bool = False

    def __hash__(self) -> int:  # compiled, as Declaration's
        return hash((self.allow_reinforce, self.allow_higher_suit_pair_overturn))

    @staticmethod
    def of(config: Config) -> DeclareRules:
        return DeclareRules(config.allow_reinforce, config.allow_higher_suit_pair_overturn)


def declaration_reason(
    held: Sequence[Card],
    seat: int,
    cards: Sequence[Card],
    current: Declaration | None,
    rank: int,
    rules: DeclareRules,
) -> Reason | None:
    """None if ``seat``, holding ``held`` now, may expose ``cards`` over ``current``; else the reason."""
    kind, why = _kind(cards, rank)
    if kind is None:
        return why
    if held.count(cards[0]) < len(cards):
        text = f"you do not hold {format_cards(cards)}: a declaration shows cards from your hand"
        return Reason(text, "declare_not_held", cards=_names(cards))
    if current is None:
        return None
    standing = f"seat {current.seat}'s {format_cards(current.cards)}"
    who = {"standing_seat": current.seat, "standing": _names(current.cards)}
    if current.kind == "jokers":
        return Reason(
            f"{standing} is a pair of jokers: it can never be overturned", "declare_jokers_stand", **who
        )
    if kind == "single":
        text = f"{standing} already stands: a single card cannot overturn a declaration, only a pair can"
        return Reason(text, "declare_single_stands", **who)
    if kind == "jokers":
        return None
    if current.kind == "single":
        if current.seat == seat and current.cards[0] == cards[0] and not rules.allow_reinforce:
            text = "you may not reinforce your own single into a pair in this game (allow_reinforce is off)"
            return Reason(text, "declare_no_reinforce")
        return None
    # a trump-rank pair against a standing pair
    base = f"{standing} is a pair: only a pair of identical jokers can overturn it"
    if not rules.allow_higher_suit_pair_overturn:
        return Reason(base, "declare_pair_stands", **who)
    if current.reinforced:
        text = f"{standing} is a reinforced single: only a pair of identical jokers can overturn it"
        return Reason(text, "declare_reinforced_stands", **who)
    new_suit, old_suit = cards[0].suit, current.cards[0].suit
    assert new_suit is not None and old_suit is not None
    if SUIT_STRENGTH[new_suit] <= SUIT_STRENGTH[old_suit]:
        text = f"{base}, or a pair of a higher suit (spades, hearts, clubs, diamonds from high to low)"
        return Reason(text, "declare_higher_suit", **who)
    return None


def make_declaration(
    seat: int, cards: tuple[Card, ...], current: Declaration | None, rank: int
) -> Declaration:
    """The declaration that legal ``cards`` make (the reason function has already accepted them)."""
    kind, why = _kind(cards, rank)
    assert kind is not None, why
    reinforced = (
        kind == "pair" and current is not None and current.seat == seat and current.cards == cards[:1]
    )
    return Declaration(seat, cards, kind, reinforced)


def declarations(
    specials: tuple[Card, ...], seat: int, current: Declaration | None, rank: int, rules: DeclareRules
) -> tuple[tuple[Card, ...], ...]:
    """Every declaration ``seat`` may make now; ``specials`` are its trump-rank cards and jokers."""
    if not specials or (current is not None and current.kind == "jokers"):
        return ()
    if current is not None and len(set(specials)) == len(specials):
        # Once a declaration stands only a pair can be shown, and these cards hold none: the common
        # case during the draw, answered without trying each card.
        return ()
    return _declarations(specials, seat, current, rank, rules)


def _declarations(
    specials: tuple[Card, ...], seat: int, current: Declaration | None, rank: int, rules: DeclareRules
) -> tuple[tuple[Card, ...], ...]:
    # Asked only when the seat's specials or the declaration standing change (the state keeps the
    # answer), so not cached. Only what could stand is tried (the pairs held; singles only while no
    # declaration stands, as above): a refusal's reason is costly to word.
    out: list[tuple[Card, ...]] = []
    for card in sorted(set(specials)):
        pair = (card, card) if specials.count(card) > 1 else None
        single = None if card >= 52 or current is not None else (card,)
        for cards in (single, pair):
            if cards is None:
                continue
            if declaration_reason(specials, seat, cards, current, rank, rules) is None:
                out.append(cards)
    return tuple(out)


def reveal_kitty(kitty: Sequence[Card], rank: int) -> tuple[tuple[Card, ...], Suit]:
    """A later round where nobody declared: turn the kitty up one card at a time until a trump-rank
    card shows; its suit is trump. If none shows (all 8 turned), the suit of the highest-ranked
    non-joker card is trump, the first turned on a tie. Returns the cards turned and the suit."""
    best: Card | None = None
    for i, card in enumerate(kitty):
        if card >= 52:
            continue
        if card % 13 + 2 == rank:
            suit = card.suit
            assert suit is not None
            return tuple(kitty[: i + 1]), suit
        if best is None or card % 13 > best % 13:
            best = card
    assert best is not None, "a kitty of 8 cards holds at least 4 non-jokers"
    suit = best.suit
    assert suit is not None
    return tuple(kitty), suit
