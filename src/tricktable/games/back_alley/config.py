"""Back Alley's options: the variants of ``rules/back-alley.md`` and its house rules (the points the
source leaves silent or unclear; their docs say "house rule" in words a player reads)."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.compiled import python_class
from tricktable.core.config import GameConfig, option

__all__ = ["Config"]


@python_class
@dataclass(frozen=True, kw_only=True)
class Config(GameConfig):
    """Back Alley's variants. Defaults are the project's rules file."""

    deals: int = option(
        25,
        allowed=(25, 26),
        doc="hands in a game: 25 (13 down to 1 and back up to 13) or 26 (the 1-card hand is played twice)",
    )
    little_joker_forces: bool = option(
        True,
        doc="a led little joker forces every other player to play their lowest trump "
        "(off: it is followed like any trump)",
    )
    board_multiplier: str = option(
        "linear",
        allowed=("linear", "doubling"),
        doc="what double, triple and quadruple boards multiply the board score by: "
        "linear 2, 3, 4; doubling 2, 4, 8",
    )
    points_per_bid_trick: int = option(
        5,
        allowed=range(1, 21),
        doc="points won per bid trick when a contract is made, lost per bid trick when it fails",
    )
    zero_bid_scores_tricks: bool = option(
        True,
        doc="house rule (the sources are silent): a side whose two players both passed scores 1 point "
        "per trick it takes (off: 0)",
    )
    bid_must_increase: bool = option(
        False,
        doc="house rule (the source is ambiguous): each number bid must be higher than every number bid "
        "before it in the hand (pass and board are always allowed); off: any number may be bid, as the "
        "English original of the source reads",
    )
    equal_bid_leader: str = option(
        "first",
        allowed=("first", "last"),
        doc="house rule (the sources are silent): who leads when the highest number was bid by more than "
        "one player and nobody bid board: the first or the last of them to bid it",
    )
    board_opens_trumps: bool = option(
        True,
        doc="house rule (the sources are silent): once a board is bid, trumps may be led from the first "
        "trick of the hand (off: a board hand waits for trumps to be broken like any other)",
    )
    overruled_board: str = option(
        "void",
        allowed=("void", "failed"),
        doc="house rule (the sources are silent): when both sides bid board only the last board stands; "
        "the side it overruled scores nothing (void) or loses its own board as failed (failed)",
    )
