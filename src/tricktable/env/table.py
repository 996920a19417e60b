"""Every seat's observation of one game, kept up to date together: the fast path of the environments.

:class:`Encoder` (in :mod:`tricktable.env.observe`) is the reference: one seat, reading that seat's
events. A :class:`TableEncoder` holds the rows of all seats in one ``(seats, size)`` float32 array and
reads each new event once for all of them, which is what the AEC and vector environments need: every
seat's encoder would otherwise read, and rebuild, every event of the game. It is tested to give
bit-identical rows to the reference over many random games of every game.

What each row may hold is the same as the reference's: the table reads the spectator's events (the
public part of what every seat saw), and for a private event hidden there (cards dealt, drawn, taken
or buried face down) it reads that event from its owner's own events, and writes the cards into the
owner's row alone; the other rows take only its public count. Besides events it reads the state's
public ``phase`` and ``to_move``, and the picked cards given to :meth:`TableEncoder.fill`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from tricktable.cards import Card, Rank
from tricktable.core import events as ev
from tricktable.core.state import State, team_of
from tricktable.env.observe import CARD_IDS, SPECS, layout_for

__all__ = ["TableEncoder"]

_SUITS = "SHDC"


class TableEncoder:
    """The observations of all ``num_seats`` seats of one game of ``game`` (see the module doc).

    ``rows[seat]`` is the seat's observation once :meth:`update` has read the state and :meth:`fill`
    has set the seat's per-observation blocks (phase, seat to move, picked cards)."""

    def __init__(self, game: str, num_seats: int) -> None:
        self.spec = SPECS[game]
        self.layout, s = layout_for(game, num_seats)
        self.s = s
        n = self.num_seats = num_seats
        teams = self.teams = 2 if num_seats == 4 else num_seats
        size = self.size = self.layout.size
        # One buffer, three faces: ``cells`` for scalar writes (a memoryview of floats: its item
        # assignment costs about half of the array's, which parses each value as call arguments),
        # ``rows`` for blocks, ``buf`` the array that owns the memory.
        self.buf = array("f", bytes(4 * n * size))
        self.rows: npt.NDArray[np.float32] = np.frombuffer(self.buf, dtype=np.float32).reshape(n, size)
        self.cells = memoryview(self.buf).cast("B").cast("f")
        self._hand_max = self.spec.hand_max
        self._phase_index = {p: i for i, p in enumerate(self.spec.phases)}
        self._word_index = {w: i for i, w in enumerate(self.spec.words)}
        # Absolute offsets into ``buf``, by the seat (or team) an event names and the viewer's row: a
        # seat s sits at relative place (s - v) % n in viewer v's row, its team at (t(s) - t(v)) % teams.
        base = [v * size for v in range(n)]
        self._base = base
        self._rel = [[(x - v) % n for v in range(n)] for x in range(n)]
        self._team_rel = [[(t - team_of(v, n)) % teams for v in range(n)] for t in range(teams)]

        def at(start: int, width: int) -> list[tuple[int, ...]]:
            """By seat x: the offset in every row of x's part (``width`` wide) of the block at start."""
            return [tuple(base[v] + start + width * r for v, r in enumerate(rel)) for rel in self._rel]

        # A card played: its trick and played counts in every row; the leader; the hand sizes; exposures.
        self._cards_at = [
            t + p for t, p in zip(at(s.trick.start, CARD_IDS), at(s.played.start, CARD_IDS), strict=True)
        ]
        self._leader_at = at(s.trick_leader.start, 1)
        self._sizes_at = at(s.hand_sizes.start, 1)
        self._exposed_at = None if s.exposed is None else at(s.exposed.start, CARD_IDS)
        self._hand_at = [b + s.hand.start for b in base]
        if s.trick.stop != s.trick_leader.start:
            raise AssertionError("a trick won clears the trick and its leader as one span")
        self._trick_zeros = array("f", bytes(4 * (s.trick_leader.stop - s.trick.start)))
        self.version: int | None = None
        self._trick_empty = True
        self._sizes = [0] * n
        self._tricks = [0] * teams
        self._scores = [0] * teams
        # What fill() set last in each row, so the next fill unsets just that.
        self._filled: list[list[int]] = [[] for _ in range(n)]
        self._handlers: dict[type[ev.Event], Callable[[ev.Event], None]] = {
            ev.DealStarted: self._deal_started,  # type: ignore[dict-item]
            ev.Discarded: self._discarded,  # type: ignore[dict-item]
            ev.TurnedUp: self._turned_up,  # type: ignore[dict-item]
            ev.TrumpSet: self._trump_set,  # type: ignore[dict-item]
            ev.Bid: self._bid,  # type: ignore[dict-item]
            ev.Decided: self._decided,  # type: ignore[dict-item]
            ev.Declared: self._declared,  # type: ignore[dict-item]
            ev.Played: self._played,  # type: ignore[dict-item]
            ev.TrickWon: self._trick_won,  # type: ignore[dict-item]
            ev.Exposed: self._exposed,  # type: ignore[dict-item]
            ev.Scored: self._scored,  # type: ignore[dict-item]
            ev.Revealed: self._revealed,  # type: ignore[dict-item]
            ev.DealScored: self._deal_scored,  # type: ignore[dict-item]
        }
        # Private events: called with the owner's own copy of the event (its cards for its row only).
        self._private: dict[type[ev.Event], Callable[[ev.PrivateEvent], None]] = {
            ev.Dealt: self._dealt,
            ev.KittyTaken: self._kitty_taken,  # type: ignore[dict-item]
            ev.KittyBuried: self._kitty_buried,  # type: ignore[dict-item]
        }

    def reset(self) -> None:
        """Back to no events read, for a new game (the arrays are kept)."""
        self.rows[:] = 0.0
        self.version = None
        self._trick_empty = True
        self._sizes = [0] * self.num_seats
        self._tricks = [0] * self.teams
        self._scores = [0] * self.teams
        for filled in self._filled:
            filled.clear()

    # --- reading -----------------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Read the events since the last update (all of them the first time) into every row."""
        version = state.version
        since = self.version
        if version == since:
            return
        if since is None:
            public = state.events(None)
        elif version < since:
            raise ValueError("a table encoder only reads forward: make a new one for an earlier state")
        else:
            public = state.events(None, since=since)
        handlers, private = self._handlers, self._private
        own: dict[int, tuple[ev.Event, ...]] = {}
        for k, e in enumerate(public):
            handler = handlers.get(type(e))
            if handler is not None:
                handler(e)
                continue
            on_private = private.get(type(e))
            if on_private is None:
                continue
            assert isinstance(e, ev.PrivateEvent)
            if e.cards is None:  # hidden from the spectator: its owner's copy names the cards
                stream = own.get(e.seat)
                if stream is None:
                    stream = own[e.seat] = state.events(e.seat, since=since)
                    if len(stream) != len(public):
                        raise AssertionError("a seat's events and the spectator's must pair one to one")
                mine = stream[k]
                assert isinstance(mine, ev.PrivateEvent) and type(mine) is type(e) and mine.seat == e.seat
                e = mine
            on_private(e)
        self.version = version

    def fill(self, seat: int, phase: str, to_move: int | None, picked: Sequence[Card] = ()) -> None:
        """Set the blocks of the seat's row read from the state at each observation (no copy)."""
        s, buf, base = self.s, self.cells, self._base[seat]
        filled = self._filled[seat]
        for i in filled:
            buf[i] = 0.0
        filled.clear()
        index = self._phase_index.get(phase)
        if index is not None:
            i = base + s.phase.start + index
            buf[i] = 1.0
            filled.append(i)
        if to_move is not None:
            i = base + s.to_move.start + (to_move - seat) % self.num_seats
            buf[i] = 1.0
            filled.append(i)
        if s.picked is not None and picked:
            start = base + s.picked.start
            for c in picked:
                buf[start + c] += 1.0
                filled.append(start + c)

    def row(self, seat: int) -> memoryview[float]:
        """The seat's row as a view of the buffer (for a memory copy into a batch's row)."""
        return self.cells[seat * self.size : (seat + 1) * self.size]

    def observe(
        self, seat: int, phase: str, to_move: int | None, picked: Sequence[Card] = ()
    ) -> npt.NDArray[np.float32]:
        """A fresh copy of the seat's row with the phase, the seat to move and the picked cards set."""
        self.fill(seat, phase, to_move, picked)
        out: npt.NDArray[np.float32] = self.rows[seat].copy()
        return out

    # --- writing every row -------------------------------------------------------------------------
    def _each(self, start: int, seat: int, value: float) -> None:
        """``value`` at relative place of ``seat`` in the block at ``start`` (width n) of every row."""
        buf = self.cells
        for b, r in zip(self._base, self._rel[seat], strict=True):
            buf[b + start + r] = value

    def _write_scores(self) -> None:
        buf, start, scale = self.cells, self.s.scores.start, self.spec.score_scale
        for team, value in enumerate(self._scores):
            v = value / scale
            for b, r in zip(self._base, self._team_rel[team], strict=True):
                buf[b + start + r] = v

    def _resize(self, seat: int, change: int) -> None:
        size = self._sizes[seat] = self._sizes[seat] + change
        value = size / self._hand_max
        buf = self.cells
        for i in self._sizes_at[seat]:
            buf[i] = value

    def _own_cards(self, seat: int, start: int, cards: Sequence[Card], change: float) -> None:
        """Add ``change`` at ``cards`` in the block at ``start`` of the seat's own row only."""
        buf, at = self.cells, self._base[seat] + start
        for c in cards:
            buf[at + c] += change

    def _all_cards(self, start: int, cards: Sequence[Card]) -> None:
        buf = self.cells
        for b in self._base:
            for c in cards:
                buf[b + start + c] += 1.0

    # --- events ------------------------------------------------------------------------------------
    def _deal_started(self, e: ev.DealStarted) -> None:
        s, rows = self.s, self.rows
        rows[:, s.hand] = 0.0
        rows[:, s.deal] = 0.0
        for filled in self._filled:
            filled.clear()
        self._sizes = [0] * self.num_seats
        self._tricks = [0] * self.teams
        self._scores = list(e.scores)
        self._write_scores()
        self._each(s.dealer.start, e.dealer, 1.0)
        self._trick_empty = True

    def _dealt(self, e: ev.PrivateEvent) -> None:
        self._resize(e.seat, e.count)
        if e.cards is not None:
            self._own_cards(e.seat, self.s.hand.start, e.cards, 1.0)

    def _kitty_taken(self, e: ev.KittyTaken) -> None:
        self._dealt(e)
        declarers = self.s.declarers
        if declarers is not None:
            buf, team = self.cells, team_of(e.seat, self.num_seats)
            for b, r in zip(self._base, self._team_rel[team], strict=True):
                buf[b + declarers.start + r] = 1.0

    def _kitty_buried(self, e: ev.KittyBuried) -> None:
        self._resize(e.seat, -e.count)
        if e.cards is not None:
            self._own_cards(e.seat, self.s.hand.start, e.cards, -1.0)
            if self.s.kitty is not None:
                self._own_cards(e.seat, self.s.kitty.start, e.cards, 1.0)

    def _discarded(self, e: ev.Discarded) -> None:
        self._resize(e.seat, -len(e.cards))
        self._own_cards(e.seat, self.s.hand.start, e.cards, -1.0)
        self._all_cards(self.s.turned_up.start, e.cards)

    def _turned_up(self, e: ev.TurnedUp) -> None:
        self._all_cards(self.s.turned_up.start, (e.card,))

    def _trump_set(self, e: ev.TrumpSet) -> None:
        s, rows = self.s, self.rows
        rows[:, s.trump_suit] = 0.0
        suit = 4 if e.suit is None else _SUITS.index(e.suit)
        rows[:, s.trump_suit.start + suit] = 1.0
        if s.trump_rank is not None and e.rank is not None:
            rows[:, s.trump_rank] = 0.0
            rows[:, s.trump_rank.start + Rank.parse(e.rank) - 2] = 1.0

    def _bid(self, e: ev.Bid) -> None:
        bids = self.s.bids
        if bids is None:
            return
        buf = self.cells
        if e.bid == "pass":
            at, value = 2, 1.0
        elif e.bid == "board":
            at, value = 3, 1.0
        else:
            at, value = 1, int(e.bid) / 13.0
        for b, r in zip(self._base, self._rel[e.seat], strict=True):
            i = b + bids.start + 4 * r
            buf[i] = 1.0
            buf[i + at] = value

    def _decided(self, e: ev.Decided) -> None:
        index = self._word_index.get(e.word)
        block = self.s.decisions
        if block is None or index is None:
            return
        buf, width = self.cells, len(self.spec.words)
        for b, r in zip(self._base, self._rel[e.seat], strict=True):
            buf[b + block.start + width * r + index] = 1.0

    def _declared(self, e: ev.Declared) -> None:
        block = self.s.declaration
        if block is None:
            return
        self.rows[:, block] = 0.0
        self._each(block.start, e.seat, 1.0)
        self._all_cards(block.start + self.num_seats, e.cards)

    def _played(self, e: ev.Played) -> None:
        buf, seat, cards = self.cells, e.seat, e.cards
        if self._trick_empty:
            self._trick_empty = False
            for i in self._leader_at[seat]:
                buf[i] = 1.0
        hand = self._hand_at[seat]
        for c in cards:
            for i in self._cards_at[seat]:
                buf[i + c] += 1.0
            buf[hand + c] -= 1.0
        if self._exposed_at is not None:
            for i in self._exposed_at[seat]:
                for c in cards:
                    buf[i + c] = 0.0
        self._resize(seat, -len(cards))

    def _trick_won(self, e: ev.TrickWon) -> None:
        s, buf = self.s, self.cells
        # The trick and its leader, side by side: an array copy per row beats numpy's slice fill here.
        zeros, start, stop = self._trick_zeros, s.trick.start, s.trick_leader.stop
        for b in self._base:
            buf[b + start : b + stop] = zeros
        self._trick_empty = True
        team = team_of(e.trick.winner, self.num_seats)
        self._tricks[team] += 1
        value = self._tricks[team] / self._hand_max
        points = e.trick.points
        for b, r in zip(self._base, self._team_rel[team], strict=True):
            buf[b + s.team_tricks.start + r] = value
            if s.points is not None and points:
                buf[b + s.points.start + r] += points / 100.0

    def _exposed(self, e: ev.Exposed) -> None:
        block = self.s.exposed
        if block is None:
            return
        buf = self.cells
        for b, r in zip(self._base, self._rel[e.seat], strict=True):
            buf[b + block.start + r * CARD_IDS + e.card] = 1.0

    def _scored(self, e: ev.Scored) -> None:
        if e.team is not None:
            self._scores[e.team] += e.points
            self._write_scores()

    def _revealed(self, e: ev.Revealed) -> None:
        block = self.s.kitty
        if block is not None:
            self.rows[:, block] = 0.0
            self._all_cards(block.start, e.cards)

    def _deal_scored(self, e: ev.DealScored) -> None:
        self._scores = list(e.scores)
        self._write_scores()
