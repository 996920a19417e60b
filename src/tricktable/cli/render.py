"""Drawing what a view holds as rich renderables: the table, a hand grouped by suit, tricks, score
sheets, results. The cards shown come only from a :class:`~tricktable.core.View` (and its
``to_dict()``), so the screen never shows more than the seat may know; which cards are trumps, the
group each is shown in and the hand's order come from the view's ``marks`` (the game decides them):
the terminal holds no rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cards import Card, CardParseError, Suit
from tricktable.core import View, team_of
from tricktable.core.marks import Mark

__all__ = [
    "DRAWN",
    "PRESENTATION",
    "TABLE_ROWS",
    "CardMarks",
    "card_text",
    "cards_text",
    "common_rows",
    "details",
    "format_cell",
    "format_value",
    "generic_rows",
    "group_hand",
    "hand_text",
    "is_empty",
    "legal_menu",
    "mapping_table",
    "plays_text",
    "result_panel",
    "seat_name",
    "team_name",
    "trump_text",
]

TABLE_ROWS = 3
"""Rows of a growing list of records (a running score sheet) shown on the table; all are in the record."""

CardMarks = Mapping[Card, Mark]
"""A view's ``marks``: for each card of the pack, whether it is a trump, its display group and order."""

# Fields every table panel draws in its own rows; every other view field is shown by its game's
# panel or generically.
DRAWN = frozenset(
    {
        "game",
        "seat",
        "phase",
        "to_move",
        "hand",
        "trick",
        "last_trick",
        "last_winner",
        "trump",
        "scores",
        "legal",
        "last_round",
        "dealer",
        "turn_up",
        "declarers",
        "starter",
        "points",
        "kitty",
        "leader",
        "num_seats",
        # Common fields for programs rather than the table: the version and deal count, this deal's
        # trick history (the last trick is drawn), each seat's tricks (panels draw them per team).
        "version",
        "deal_number",
        "tricks",
        "tricks_won",
    }
)
# Fields a view carries for a page to draw cards and seats with, not facts to list by name: the cards'
# marks (used to underline, group and order cards), the card pick a browser drives, the labels beside
# the seats and the trump's wording (the panels word the trump themselves).
PRESENTATION = frozenset({"marks", "pick", "seat_marks", "trump_label"})
_GROUP_WORDS = {"trump": "trumps", "joker": "jokers"}
_SUIT_STYLE = {Suit.SPADES: "bold", Suit.HEARTS: "bold red", Suit.DIAMONDS: "bold red", Suit.CLUBS: "bold"}


def seat_name(seat: int | None, viewer: int | None, num_seats: int) -> str:
    """``you``, ``partner`` or ``seat 1``: a seat as the viewer thinks of it."""
    if seat is None:
        return "nobody"
    if seat == viewer:
        return "you"
    if viewer is not None and num_seats == 4 and seat == (viewer + 2) % 4:
        return "partner"
    return f"seat {seat}"


def team_name(team: int, viewer: int | None, num_seats: int) -> str:
    """``your team (0 & 2)``, ``team 1 (1 & 3)``; with two players, ``you (seat 0)``, ``seat 1``."""
    seats = [s for s in range(num_seats) if team_of(s, num_seats) == team]
    if num_seats != 4:
        return f"you (seat {team})" if viewer == team else f"seat {team}"
    label = "your team" if viewer is not None and viewer in seats else f"team {team}"
    return f"{label} ({' & '.join(map(str, seats))})"


def card_text(card: Card | str, marks: CardMarks | None = None) -> Text:
    """One card in its notation, coloured by suit, underlined if ``marks`` say it is a trump."""
    c = card if isinstance(card, Card) else Card.parse(card)
    style = "bold magenta" if c.suit is None else _SUIT_STYLE[c.suit]
    mark = None if marks is None else marks.get(c)
    if mark is not None and mark.trump:
        style += " underline"
    return Text(str(c), style=style)


def cards_text(cards: Iterable[Card | str], marks: CardMarks | None = None) -> Text:
    return Text(" ").join(card_text(c, marks) for c in cards)


def _group_label(group: str) -> str:
    """``trumps``, ``jokers`` or ``♥ hearts``: a mark's group as the hand's line label."""
    word = _GROUP_WORDS.get(group)
    if word is not None:
        return word
    suit = Suit.parse(group)
    return f"{suit.symbol} {suit.word}"


def group_hand(hand: Sequence[Card], marks: CardMarks) -> list[tuple[str, list[Card]]]:
    """The hand in the marks' display order, split into labelled groups (trumps, then suits) as the
    marks group it."""
    groups: list[tuple[str, list[Card]]] = []
    for card in sorted(hand, key=lambda c: marks[c].order):
        label = _group_label(marks[card].group)
        if groups and groups[-1][0] == label:
            groups[-1][1].append(card)
        else:
            groups.append((label, [card]))
    return groups


def hand_text(
    hand: Sequence[Card],
    marks: CardMarks,
    *,
    numbered: Sequence[Card] | None = None,
    picked: Sequence[Card] = (),
) -> Text:
    """The hand, one group per line. With ``numbered`` (the hand in pick order), each card shows its
    number; ``picked`` cards are struck through."""
    out = Text()
    remaining = list(picked)
    position: dict[Card, list[int]] = {}
    if numbered is not None:
        for i, card in enumerate(numbered):
            position.setdefault(card, []).append(i + 1)
    for n, (label, cards) in enumerate(group_hand(hand, marks)):
        if n:
            out.append("\n")
        out.append(f"{label:<11}", style="dim")
        for card in cards:
            piece = card_text(card, marks)
            if card in remaining:
                remaining.remove(card)
                piece.stylize("strike dim")
            if numbered is not None:
                out.append(f" {position[card].pop(0)}:", style="dim")
            else:
                out.append(" ")
            out.append_text(piece)
    return out


def plays_text(plays: Sequence[Any], viewer: int | None, num_seats: int, marks: CardMarks | None) -> Text:
    """A trick as ``you: QH · seat 1: 3H`` in play order."""
    out = Text()
    for i, (seat, cards) in enumerate(plays):
        if i:
            out.append("  ·  ", style="dim")
        out.append(f"{seat_name(seat, viewer, num_seats)}: ")
        out.append_text(cards_text(cards, marks))
    return out


def format_value(value: Any, marks: CardMarks | None = None) -> Text:
    """Any JSON-able view value as compact text (cards are coloured when recognised)."""
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, str):
        try:
            return card_text(Card.parse(value), marks) if len(value) <= 3 else Text(value)
        except CardParseError:
            return Text(value)
    if isinstance(value, int | float):
        return Text(str(value))
    if isinstance(value, Mapping):
        out = Text()
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append(", ")
            out.append(f"{k}=", style="dim")
            out.append_text(format_value(v, marks))
        return out
    if isinstance(value, Sequence):
        # A list of lists (bids per seat, a trick's plays) reads as "0 pass | 1 6"; anything else is
        # spaced out ("1 2H", a hand).
        groups = bool(value) and all(isinstance(v, list | tuple | Mapping) for v in value)
        return Text(" | " if groups else " ").join(format_value(v, marks) for v in value)
    return Text(str(value))


def format_cell(value: Any, marks: CardMarks | None = None, *, last: int | None = None) -> RenderableType:
    """Like :func:`format_value`, but a list of records (score-sheet items, bids) becomes a table,
    of only its ``last`` rows if given (a running score sheet grows all game)."""
    if isinstance(value, list | tuple) and value and all(_is_flat_record(v) for v in value):
        earlier = 0 if last is None else max(0, len(value) - last)
        value = value[earlier:]
        keys = list(dict.fromkeys(k for v in value for k in v))
        caption = f"(and {earlier} earlier)" if earlier else None
        grid = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False, caption=caption)
        for key in keys:
            grid.add_column(_title(str(key)), style=None, header_style="dim")
        for v in value:
            grid.add_row(*(format_value(v.get(k), marks) for k in keys))
        return grid
    return format_value(value, marks)


def _is_flat_record(value: Any) -> bool:
    return isinstance(value, Mapping) and not any(
        isinstance(v, list | tuple | Mapping) for v in value.values()
    )


def is_empty(value: Any) -> bool:
    """Nothing worth a line: None, an empty text or collection, or a collection of empty ones."""
    if value is None or value == "":
        return True
    if isinstance(value, Mapping):
        return all(is_empty(v) for v in value.values())
    if isinstance(value, list | tuple):
        return all(is_empty(v) for v in value)
    return False


def trump_text(trump: Any, *, undeclared: bool = False) -> Text:
    """``♥ hearts``, ``rank 2, ♥ hearts``, or ``none``; ``undeclared`` when the view says no
    declaration stands yet (Tractor's draw), so a missing suit is not yet chosen rather than none."""
    rank = trump.get("rank") if isinstance(trump, Mapping) else None
    letter = trump.get("suit") if isinstance(trump, Mapping) else trump
    suit = _suit(letter) if isinstance(letter, str) else None
    out = Text()
    if rank is not None:
        out.append(f"rank {rank}, ")
    if suit is not None:
        out.append(f"{suit.symbol} {suit.word}", style=_SUIT_STYLE[suit])
    elif trump is not None and rank is None:
        out.append(str(trump))
    else:
        out.append("no suit declared yet" if undeclared else "no trump suit" if rank is not None else "none")
    return out


def _suit(text: str) -> Suit | None:
    try:
        return Suit.parse(text)
    except CardParseError:
        return None


def _title(name: str) -> str:
    return name.replace("_", " ")


def mapping_table(data: Mapping[str, Any], marks: CardMarks | None = None) -> Table:
    """A two-column table of a mapping (a score sheet, a result)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="cyan", no_wrap=True)
    grid.add_column()
    for key, value in data.items():
        grid.add_row(_title(str(key)), format_cell(value, marks))
    return grid


def generic_rows(
    data: Mapping[str, Any],
    viewer: int | None,
    num_seats: int,
    marks: CardMarks | None,
    *,
    skip: frozenset[str] = frozenset(),
) -> list[tuple[str, RenderableType]]:
    """Rows for the view fields no panel draws (``skip``, :data:`DRAWN` and :data:`PRESENTATION` are left
    out): each field by its name, a log of nested records only counted (the 'details' command prints it
    whole)."""
    rows: list[tuple[str, RenderableType]] = []
    for key, value in data.items():
        if key in DRAWN or key in PRESENTATION or key in skip or is_empty(value):
            continue
        if (
            isinstance(value, list)
            and value
            and all(isinstance(v, Mapping) for v in value)
            and not all(_is_flat_record(v) for v in value)
        ):
            rows.append((_title(key), Text(f"{len(value)} entries (type 'details')", style="dim")))
        else:
            rows.append((_title(key), format_cell(value, marks, last=TABLE_ROWS)))
    return rows


def common_rows(
    data: Mapping[str, Any], viewer: int | None, num_seats: int, marks: CardMarks | None
) -> list[tuple[str, RenderableType]]:
    """The rows of a game with no panel of its own: the common fields by name."""
    rows: list[tuple[str, RenderableType]] = []
    rows.append(
        (
            "trump",
            trump_text(data.get("trump"), undeclared="declaration" in data and data["declaration"] is None),
        )
    )
    for seat_field in ("dealer", "starter", "leader"):
        if seat_field in data:
            rows.append((seat_field, Text(seat_name(data[seat_field], viewer, num_seats))))
    if data.get("declarers") is not None:
        rows.append(("declarers", Text(team_name(data["declarers"], viewer, num_seats))))
    if "turn_up" in data:
        rows.append(("turned up", format_value(data["turn_up"], marks)))
    scores = Text()
    for team, score in enumerate(data.get("scores", [])):
        if team:
            scores.append("   ")
        scores.append(f"{team_name(team, viewer, num_seats)}: ")
        scores.append(str(score), style="bold")
    rows.append(("scores", scores))
    if "points" in data:
        rows.append(("points", format_value(data["points"])))
    if data.get("kitty"):
        rows.append(("kitty", format_value(data["kitty"], marks)))
    return rows


def details(view: View) -> RenderableType:
    """The view's logs of records (a running score sheet...) in full, one record per line."""
    parts: list[RenderableType] = []
    data = view.to_dict()
    for key, value in data.items():
        if key in DRAWN or key in PRESENTATION or not isinstance(value, list) or not value:
            continue
        if all(isinstance(v, Mapping) for v in value):
            parts.append(Text(_title(key), style="cyan"))
            parts += [format_value(v, view.marks) for v in value]
    return Group(*parts) if parts else Text("nothing more to show", style="dim")


def legal_menu(actions: Sequence[str]) -> Text:
    """The legal actions numbered from 1, several to a line."""
    out = Text()
    width = max((len(a) for a in actions), default=0) + 5
    per_line = max(1, 72 // width)
    for i, action in enumerate(actions):
        if i and i % per_line == 0:
            out.append("\n")
        out.append(f"{i + 1:>3}", style="bold yellow")
        out.append(f" {action}".ljust(width - 3))
    return out


def result_panel(result: Mapping[str, Any], num_seats: int, viewer: int | None) -> Panel:
    """The end of the game: who won, the scores, and the game's own details."""
    winner = result.get("winner")
    headline = "a draw" if winner is None else f"{team_name(winner, viewer, num_seats)} wins"
    shown: dict[str, Any] = {k: v for k, v in result.items() if k not in ("winner", "draw", "levels")}
    # Scores are numbers; a game that shows them otherwise (Tractor's levels) gives its text as "levels".
    scores = result.get("levels", shown.get("scores"))
    if isinstance(scores, list) and len(scores) == (2 if num_seats == 4 else num_seats):
        # Per-team values read with their team's name, as on the table.
        shown["scores"] = ",  ".join(f"{team_name(t, viewer, num_seats)}: {v}" for t, v in enumerate(scores))
    body = mapping_table(shown)
    return Panel(Group(Text(headline, style="bold green"), body), title="game over", expand=False)
