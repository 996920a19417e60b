"""Which seats have a player connected, as far as the table's stand-in bots need to know.

A seat's player may be connected to another server process than the one whose table driver is
waiting for it (several processes on one PostgreSQL). Without knowing that, every other process
would take the player for absent and let a stand-in bot play their turn. So on PostgreSQL each
process says on a NOTIFY channel when a seat gains its first or loses its last connection here, and
says again every :data:`RENEW` seconds for the seats it holds; what it hears from others it keeps
for :data:`LASTS` seconds, so a crashed process's players count as gone a minute later.

A single process (SQLite) shares nothing: :class:`Presence` knows only its own connections.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

__all__ = ["CHANNEL", "LASTS", "RENEW", "Presence", "SharedPresence"]

log = logging.getLogger("tricktable.server")

CHANNEL = "tricktable_presence"  # payload: "<table id> <seat> <server id> <1 here | 0 gone>"
RENEW = 20.0  # seconds between a process's reminders that its seats are still held
LASTS = 3 * RENEW  # seconds a reminder counts for


class Presence:
    """One process: nobody else holds a seat."""

    def announce(self, table_id: str, seat: int, here: bool) -> None:
        """This process gained the seat's first connection (``here``) or lost its last."""

    def elsewhere(self, table_id: str, seat: int) -> float | None:
        """Until when (``time.monotonic()``) another process is known to hold the seat; None: none is."""
        return None


class SharedPresence(Presence):
    """Presence over PostgreSQL NOTIFY. ``send(payload)`` sends a notification on :data:`CHANNEL`
    (without waiting); the hub passes what it hears there to :meth:`heard`, and ``changed(table_id,
    seat, here)`` tells the table when another process's connection came or went."""

    def __init__(
        self, server_id: str, send: Callable[[str], None], changed: Callable[[str, int, bool], None]
    ) -> None:
        self.server_id = server_id
        self._send = send
        self._changed = changed
        self._held: dict[tuple[str, int], dict[str, float]] = {}  # (table, seat) -> server -> until

    def announce(self, table_id: str, seat: int, here: bool) -> None:
        self._send(f"{table_id} {seat} {self.server_id} {int(here)}")

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
        except ValueError:
            log.warning("ignored a presence notification that is not '<table> <seat> <server> <0|1>'")
            return
        if server == self.server_id:
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
