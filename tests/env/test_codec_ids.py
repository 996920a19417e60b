"""The action codec's ids found by the action objects' identity: right for the engine's cached
actions, for equal actions that are new objects each time, and after the identity memory fills and
is emptied; one action table shared by a game's codecs, each codec with its own one-state memo."""

from __future__ import annotations

import pytest

from tricktable.core.actions import Action
from tricktable.env import actions as codec_module
from tricktable.env.actions import TableCodec, codec_for


def _table_codec(game: str) -> TableCodec:
    codec = codec_for(game)
    assert isinstance(codec, TableCodec)
    return codec


def test_fresh_equal_actions_get_the_ids_of_the_cached_ones() -> None:
    codec = _table_codec("back-alley")
    table = codec.table
    cached = codec.actions[:20]
    fresh = [Action(a.verb, a.cards, a.arg) for a in cached]
    assert all(f == c and f is not c for f, c in zip(fresh, cached, strict=True))
    want = tuple(codec.index[a] for a in cached)
    assert table.ids(cached) == want
    assert table.ids(fresh) == want
    assert table.ids(cached) == want  # the fresh objects' entries do not shadow the cached ones'


def test_ids_stay_right_when_the_identity_memory_is_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    codec = _table_codec("all-fours")
    table = codec.table
    monkeypatch.setattr(codec_module, "_KNOWN_MAX", 8)
    for start in range(0, 35, 7):
        fresh = [Action(a.verb, a.cards, a.arg) for a in codec.actions[start : start + 30]]
        assert table.ids(fresh) == tuple(codec.index[a] for a in fresh)


def test_a_games_codecs_share_one_table_and_keep_their_own_memo() -> None:
    a, b = _table_codec("back-alley"), _table_codec("back-alley")
    assert a is not b and a.table is b.table
    assert a.index is b.index and a.labels is b.labels
    assert _table_codec("all-fours").table is not a.table
