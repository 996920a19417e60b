"""Tractor's options: every variant and house rule of the rules file (its [gap] points, whose docs say
"house rule (the sources are silent)"), with the rules file's defaults.

Levels are held as rank pip values: 2..10, J=11, Q=12, K=13, A=14 (the trump rank of a round is the
declaring team's level, so a level *is* a rank), and written as in the card notation (T for ten).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tricktable.cards import Rank
from tricktable.compiled import python_class
from tricktable.core.config import GameConfig, option
from tricktable.core.errors import ConfigError

__all__ = ["ACE", "LEVEL_NAMES", "Config", "level_name", "parse_levels"]

ACE = 14
LEVEL_NAMES = {r.value: r.letter for r in Rank}
"""Level texts as in the card notation: ``"2"``..``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
_LEVEL_BY_TEXT = {**{v: k for k, v in LEVEL_NAMES.items()}, "10": 10}


def level_name(level: int) -> str:
    """The text of a level (a team past A shows ``"A"``; the result names the winner)."""
    return LEVEL_NAMES[min(level, ACE)]


@lru_cache(maxsize=64)
def parse_levels(text: str) -> frozenset[int]:
    """The levels named in ``"5,10,K"`` (``"none"`` or empty: no level).

    >>> sorted(parse_levels("5, 10,k"))
    [5, 10, 13]
    """
    words = [w.strip().upper() for w in text.replace(" ", ",").split(",") if w.strip()]
    if words == ["NONE"]:
        return frozenset()
    levels = set()
    for word in words:
        if word not in _LEVEL_BY_TEXT:
            raise ConfigError(
                f"option 'must_defend_levels': {word!r} is not a level; write levels like '5,10,K' or 'none'"
            )
        levels.add(_LEVEL_BY_TEXT[word])
    if 2 in levels:
        raise ConfigError("option 'must_defend_levels': level 2 is where every team starts, it cannot be one")
    return frozenset(levels)


@python_class
@dataclass(frozen=True, kw_only=True)
class Config(GameConfig):
    """The variants of Tractor. ``Config.presets`` names the usual published readings."""

    win_requires_declaring_at_ace: bool = option(
        True,
        doc="house rule (the sources are silent): a team wins only by advancing while declarers at level A; "
        "any other advance stops at A",
    )
    first_round_starter: int = option(
        0,
        allowed=range(4),
        doc="house rule (the sources are silent): the seat that draws first in the first round",
    )
    allow_higher_suit_pair_overturn: bool = option(
        False,
        doc="house rule (the sources are silent): a trump-rank pair may overturn a pair of a lower suit "
        "(suits rank S > H > C > D)",
    )
    allow_reinforce: bool = option(
        True,
        doc="house rule (the sources are silent): a player may make their own single a pair; "
        "a pair can then not overturn it",
    )
    no_trump_rank_cards_are_trump: bool = option(
        False,
        doc="in a no-trump round the trump-rank cards are trumps (below the jokers), as most published rules",
    )
    gap_tractors: bool = option(
        True,
        doc="pairs on either side of the removed trump rank are consecutive (rank 7: 6-6-8-8 is a tractor)",
    )
    kitty_multiplier: str = option(
        "seed",
        allowed=("seed", "power_of_two", "double_only"),
        doc="kitty points won with the last trick: seed = x2 for a single, else x(2 x cards each played); "
        "power_of_two = 2^(1 + pairs in the lead's largest unit); double_only = x2",
    )
    failed_throw_penalty: int = option(
        10, allowed=range(101), doc="points per withdrawn card of a failed throw, in the opponents' favour"
    )
    middle_band: str = option(
        "takeover",
        allowed=("takeover", "declarers_stay"),
        doc="house rule (the sources are silent): opponents' 80-115: takeover = they become declarers "
        "with no level change; declarers_stay = the declarers keep declaring, no level change",
    )
    must_defend_levels: str = option(
        "none",
        doc="levels a team cannot pass except by advancing while declarers at that level, e.g. '5,10,K'; "
        "an advance that would skip one stops there",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        parse_levels(self.must_defend_levels)  # validates the text

    @property
    def defend_levels(self) -> frozenset[int]:
        """The levels of ``must_defend_levels``, as pip values."""
        return parse_levels(self.must_defend_levels)


# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
Config.presets = {
    "seeds": {},
    "pagat": {"no_trump_rank_cards_are_trump": True},
    "defend": {"must_defend_levels": "5,10,K"},
}
