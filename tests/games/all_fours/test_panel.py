"""All Fours' score sheet at the end of a game: the last deal shows once, as the last deal."""

from __future__ import annotations

import random
from typing import Any

from tricktable import games
from tricktable.games.all_fours.panel import panel


def _captions(data: dict[str, Any]) -> list[str]:
    out = []
    for part in panel(data).parts:
        caption = getattr(part, "caption", None)
        word = caption.pieces[0] if caption is not None and caption.pieces else None
        out.append(getattr(word, "key", ""))
    return out


def test_the_last_deal_is_not_also_this_deal_once_the_game_is_over() -> None:
    state = games.get("all-fours").new(seed=5, config={"target": 3})
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions(state.acting_seats()[0])), state.acting_seats()[0])
    data = state.view(0).to_dict()
    assert data["phase"] == "over" and data["last_round"]
    captions = _captions(data)
    assert "sheet.last_deal" in captions and "sheet.this_deal" not in captions
