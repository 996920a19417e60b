"""Which seats have a player connected, as far as the table's stand-in bots need to know.

A seat's player may be connected to another server process than the one whose table driver is
waiting for it (several processes on one PostgreSQL). Without knowing that, every other process
would take the player for absent and let a stand-in bot play their turn. So on PostgreSQL each
process says on a NOTIFY channel when a seat gains its first or loses its last connection here, and
says again every :data:`RENEW` seconds for the seats it holds; what it hears from others it keeps
for :data:`LASTS` seconds, so a crashed process's players count as gone a minute later. On the same
channel a process says when a seat's player has read a deal's score (the ``ready`` frame), so the
pause after a deal ends in every process as soon as every player there is ready.

A single process (SQLite) shares nothing: :class:`Presence` knows only its own connections.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

__all__ = ["CHANNEL", "LASTS", "RENEW", "Presence", "SharedPresence"]

log = logging.getLogger("tricktable.server")

CHANNEL = "tricktable_presence"  # "<table id> <seat> <server id> <1 here | 0 gone | r<version> ready>"
RENEW = 20.0  # seconds between a process's reminders that its seats are still held
LASTS = 3 * RENEW  # seconds a reminder counts for


class Presence:
    """One process: nobody else holds a seat."""

    def announce(self, table_id: str, seat: int, here: bool) -> None:
        """This process gained the seat's first connection (``here``) or lost its last."""

    def elsewhere(self, table_id: str, seat: int) -> float | None:
        """Until when (``time.monotonic()``) another process is known to hold the seat; None: none is."""
        return None

    def ready(self, table_id: str, seat: int, version: int) -> None:
        """The seat's player, connected here, has read the score of the deal that ended by ``version``."""


class SharedPresence(Presence):
    """Presence over PostgreSQL NOTIFY. ``send(payload)`` sends a notification on :data:`CHANNEL`
        (without waiting); the hub passes what it hears there to :meth:`heard`, and ``changed(table_id,
        seat, here)`` tells the table when another process's connection came or went, ``readied(table_id,
    seat, version)`` when another process's player said ``ready``."""

    def __init__(
        self,
        server_id: str,
        send: Callable[[str], None],
        changed: Callable[[str, int, bool], None],
        readied: Callable[[str, int, int], None],
    ) -> None:
        self.server_id = server_id
        self._send = send
        self._changed = changed
        self._readied = readied
        self._held: dict[tuple[str, int], dict[str, float]] = {}  # (table, seat) -> server -> until

    def announce(self, table_id: str, seat: int, here: bool) -> None:
        self._send(f"{table_id} {seat} {self.server_id} {int(here)}")

    def ready(self, table_id: str, seat: int, version: int) -> None:
        self._send(f"{table_id} {seat} {self.server_id} r{version}")

    def elsewhere(self, table_id: str, seat: int) -> float | None:
        holders = self._held.get((table_id, seat))
        if not holders:
            return None
        now = time.monotonic()
        until = max(holders.values())
        return until if until > now else None

    def heard(self, payload: str) -> None:
        try:
            table_id, seat_text, server, here = payload.split(" ")
            seat = int(seat_text)
            ready = int(here[1:]) if here.startswith("r") else None
            if ready is None and here not in ("0", "1"):
                raise ValueError(here)
        except ValueError:
            log.warning("ignored a presence notification that is not '<table> <seat> <server> <0|1|rN>'")
            return
        if server == self.server_id:
            return
        if ready is not None:
            self._readied(table_id, seat, ready)
            return
        holders = self._held.setdefault((table_id, seat), {})
        if here == "1":
            fresh = server not in holders or holders[server] <= time.monotonic()
            holders[server] = time.monotonic() + LASTS
            if fresh:
                self._changed(table_id, seat, True)
        else:
            holders.pop(server, None)
            if not holders:
                del self._held[(table_id, seat)]
            self._changed(table_id, seat, False)
