"""The score sheet of a deal: turn-up and beg points during the deal, then the count after the last
trick — High, Low, Jack (or Hang Jack), Game, in that order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.cards import Card
from tricktable.compiled import python_class
from tricktable.core.state import team_of
from tricktable.games.all_fours.config import Config
from tricktable.games.all_fours.play import CARD_POINTS

__all__ = ["RoundSummary", "ScoreItem", "count_deal", "game_count", "score_items"]

_JACK_INDEX = 9  # code % 13 of a Jack


@python_class
@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of the score sheet. ``team`` is None for a Game point that nobody took (a tie)."""

    item: str
    """"Turn-up", "Beg", "High", "Low", "Jack", "Hang Jack" or "Game"."""
    team: int | None
    points: int
    cards: tuple[Card, ...] = ()
    """The card the item is for (the turn-up, the high or low trump, the jack)."""
    seat: int | None = None
    """Who it concerns: the dealer, the beggar, the original holder, or the jack's captor."""
    note: str = ""


def game_count(won: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each team's card points in its won tricks: A=4, K=3, Q=2, J=1, 10=10 (cards or their plain
    codes: the count reads the codes only)."""
    return tuple(sum(CARD_POINTS[c] for c in cards) for cards in won)


def count_deal(
    config: Config,
    dealer: int,
    trump: int,
    dealt: Sequence[Sequence[Card]],
    won: Sequence[Sequence[int]],
    capturer: int | None,
) -> tuple[ScoreItem, ...]:
    """The count after the last trick, in scoring order. ``dealt`` are the hands as play began (the
    original holders), ``won`` each team's won cards, ``capturer`` the seat that won the trick holding
    the jack of trumps (None if the jack was not dealt)."""
    n = len(dealt)
    holders = {c: seat for seat, hand in enumerate(dealt) for c in hand if c // 13 == trump}
    items: list[ScoreItem] = []
    if holders:
        high, low = max(holders), min(holders)
        items.append(ScoreItem("High", team_of(holders[high], n), 1, (high,), holders[high]))
        items.append(ScoreItem("Low", team_of(holders[low], n), 1, (low,), holders[low]))
    jack = Card(trump * 13 + _JACK_INDEX)
    if jack in holders and capturer is not None:
        owner_team, taker_team = team_of(holders[jack], n), team_of(capturer, n)
        if owner_team == taker_team:
            items.append(
                ScoreItem("Jack", owner_team, 1, (jack,), holders[jack], f"taken by seat {capturer}")
            )
        else:
            label = "Hang Jack" if config.hang_jack_points > 1 else "Jack"
            note = f"seat {capturer} captured seat {holders[jack]}'s jack"
            items.append(ScoreItem(label, taker_team, config.hang_jack_points, (jack,), capturer, note))
    counts = game_count(won)
    note = f"card points {counts[0]} to {counts[1]}"
    if counts[0] != counts[1]:
        items.append(ScoreItem("Game", 0 if counts[0] > counts[1] else 1, config.game_points, note=note))
    elif config.game_tie == "non_dealer":
        non_dealer = (dealer + 1) % n
        items.append(
            ScoreItem(
                "Game", team_of(non_dealer, n), config.game_points, seat=non_dealer, note=note + ", tie"
            )
        )
    else:
        items.append(ScoreItem("Game", None, 0, note=note + ", tie: nobody scores"))
    return tuple(items)


def score_items(
    scores: Sequence[int], items: Sequence[ScoreItem], target: int
) -> tuple[tuple[int, ...], int, int | None]:
    """Add the items to the scores in order until a side reaches the target (the game ends there and
    the rest of the count is not scored): the new scores, how many items were scored, and the team
    that reached the target (None if none did)."""
    out = list(scores)
    for i, item in enumerate(items):
        if item.team is None:
            continue
        out[item.team] += item.points
        if out[item.team] >= target:
            return tuple(out), i + 1, item.team
    return tuple(out), len(items), None


@python_class
@dataclass(frozen=True, slots=True)
class RoundSummary:
    """The score sheet of a finished deal (or of the deal in which the game ended)."""

    deal: int
    """1 for the game's first deal."""
    dealer: int
    trump: str
    turn_up: tuple[Card, ...]
    decisions: tuple[tuple[int, str], ...]
    items: tuple[ScoreItem, ...]
    """Every item scored in the deal, in the order scored (turn-ups and beg first, then the count)."""
    tricks_won: tuple[int, ...]
    game_count: tuple[int, ...]
    final_trick: tuple[tuple[int, tuple[Card, ...]], ...]
    scores: tuple[int, ...]
    """The game score after the deal."""
    winner: int | None
    """The team that won the game in this deal (the count stops there), else None."""
