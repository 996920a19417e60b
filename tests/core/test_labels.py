"""What a page shows beside the cards comes from each game's view: the marks beside each seat and the
trump in words, in one shape for every game, agreeing with the game's own fields over random games."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conformance.walk import walk
from tricktable import games
from tricktable.core.labels import SeatMark, TrumpLabel

WORDS = {"bid.n", "bid.pass", "mark.exposed", "mark.declared"} | {
    f"bid.{b}" for b in ("board", "double board", "triple board", "quadruple board")
}


def expected_marks(view: Any) -> list[list[SeatMark]]:
    """The marks each game's rules say a seat shows, read from its own view fields."""
    out: list[list[SeatMark]] = [[] for _ in view.hand_sizes]
    if view.game == "back-alley":
        for seat, bid in view.bids:
            word = ("bid.n", {"n": int(bid)}) if bid.isdigit() else (f"bid.{bid}", {})
            out[seat] = [SeatMark("bid", word[0], word[1])]
    elif view.game == "all-fours":
        for seat, cards in enumerate(view.exposed):
            if cards:
                out[seat] = [SeatMark("exposed", "mark.exposed", cards=cards)]
    elif view.declaration is not None and view.phase in ("draw", "last-declare", "kitty"):
        seat = view.declaration["seat"]
        out[seat] = [SeatMark("declared", "mark.declared", cards=tuple(view.declaration["cards"]))]
    return out


def expected_label(view: Any) -> TrumpLabel:
    data = view.to_dict()["trump"]
    if view.game == "tractor":
        return TrumpLabel(data["rank"], data["suit"], view.trump_source != "undeclared")
    return TrumpLabel(None, data)


@pytest.mark.parametrize("name", games.names())
def test_marks_and_trump_label_follow_the_game(name: str) -> None:
    game = games.get(name)
    kinds: set[str] = set()
    undeclared = declared = 0
    for seed in range(3):
        for state in walk(game, seed, 600):
            view = state.view(None)
            assert [list(marks) for marks in view.seat_marks] == expected_marks(view)
            assert view.trump_label == expected_label(view)
            kinds |= {m.kind for marks in view.seat_marks for m in marks}
            assert {m.word for marks in view.seat_marks for m in marks} <= WORDS
            undeclared += not view.trump_label.declared
            declared += view.trump_label.declared
            data = view.to_dict()
            assert data["trump_label"] == view.trump_label.to_json()
            assert all(set(m) == {"kind", "word", "params", "cards"} for ms in data["seat_marks"] for m in ms)
    assert kinds == {"back-alley": {"bid"}, "all-fours": {"exposed"}, "tractor": {"declared"}}[name]
    assert declared and (undeclared or name != "tractor")
