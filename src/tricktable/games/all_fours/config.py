"""All Fours options: one per variant and house rule (the [gap] points) of ``rules/all-fours.md``, defaults
as written there."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.compiled import python_class
from tricktable.core.config import GameConfig, option

__all__ = ["Config"]


@python_class
@dataclass(frozen=True, kw_only=True)
class Config(GameConfig):
    """The table's rules for one game of All Fours (Trinidad).

    >>> Config.from_value("tournament").hang_jack_points
    6
    """

    players: int = option(4, allowed=(2, 4), doc="4 (two partnerships, partners opposite) or 2 head to head")
    deal_in_threes: bool = option(
        False, doc="deal the cards in batches of three instead of one at a time (fixed for the game)"
    )
    hang_jack_points: int = option(
        3,
        allowed=range(1, 11),
        doc="house rule (the sources are silent): points to the side that captures the other side's jack of "
        "trumps (1 turns hang jack off)",
    )
    game_tie: str = option(
        "none",
        allowed=("none", "non_dealer"),
        doc="house rule (the sources are silent): who takes the Game point when card points tie "
        "(none: nobody; non_dealer: the side of the player to the dealer's right)",
    )
    game_points: int = option(1, allowed=(1, 2), doc="what the Game point is worth (2 in many tournaments)")
    target: int = option(14, allowed=range(1, 41), doc="points needed to win the game (7 for a short game)")
    tobago: bool = option(False, doc="a turned-up Two, not a Six, scores 2 to the dealer's side")
    no_undertrump: bool = option(
        False,
        doc="after a non-trump lead is trumped, a lower trump may not be played if anything else is legal",
    )
    partner_may_call: bool = option(
        False, doc="the owner's partner, not only the opponents, may call an exposed card"
    )


# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
Config.presets = {
    "tournament": {"hang_jack_points": 6, "game_points": 2},
    "short": {"target": 7},
    "two-player": {"players": 2},
}
