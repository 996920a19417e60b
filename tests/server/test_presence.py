"""Presence across processes: what one process hears of the others' connections."""

from __future__ import annotations

import time

import pytest

from tricktable.server import presence
from tricktable.server.presence import SharedPresence


def test_heard_presence_lasts_until_gone_or_lapsed(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[str] = []
    changes: list[tuple[str, int, bool]] = []
    here = SharedPresence("me", sent.append, lambda t, s, h: changes.append((t, s, h)), nothing)
    here.announce("t1", 2, True)
    assert sent == ["t1 2 me 1"]
    here.heard("t1 2 me 1")  # our own notification comes back: ignored
    assert here.elsewhere("t1", 2) is None and changes == []
    here.heard("t1 2 other 1")
    until = here.elsewhere("t1", 2)
    assert until is not None and until > time.monotonic() and changes == [("t1", 2, True)]
    here.heard("t1 2 other 1")  # a reminder: no change to report
    assert changes == [("t1", 2, True)]
    here.heard("t1 2 other 0")
    assert here.elsewhere("t1", 2) is None and changes[-1] == ("t1", 2, False)
    here.heard("t1 3 other 1")
    later = time.monotonic() + presence.LASTS + 1
    monkeypatch.setattr(presence.time, "monotonic", lambda: later)
    assert here.elsewhere("t1", 3) is None  # a crashed process's players lapse


def nothing(table_id: str, seat: int, version: int) -> None:
    pass


def test_a_ready_is_said_to_the_other_processes() -> None:
    sent: list[str] = []
    readied: list[tuple[str, int, int]] = []
    here = SharedPresence("me", sent.append, lambda t, s, h: None, lambda t, s, v: readied.append((t, s, v)))
    here.ready("t1", 2, 40)
    assert sent == ["t1 2 me r40"]
    here.heard("t1 2 me r40")  # our own: ignored
    here.heard("t1 1 other r41")
    here.heard("t1 1 other rx")  # not a version: ignored
    assert readied == [("t1", 1, 41)] and here.elsewhere("t1", 1) is None


MALFORMED = ["", "t1 2 other", "t1 two other 1", "t1 2 other 1 extra", "t1 2 other x"]


@pytest.mark.parametrize("payload", MALFORMED)
def test_malformed_presence_is_ignored(payload: str) -> None:
    here = SharedPresence("me", lambda p: None, lambda t, s, h: None, nothing)
    here.heard(payload)
    assert here.elsewhere("t1", 2) is None
