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
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktable.cards import Card, Rank
from tricktable.core import events as ev
from tricktable.core.state import State, team_of
from tricktable.env.observe import CARD_IDS, SPECS, layout_for

__all__ = ["TableEncoder"]

_SUITS = "SHDC"

Cell = object
"""The offset of one float in the table's buffer, kept as the Python int it is: written through
``cells`` (typed ``Any``), compiled code then passes it as it is instead of boxing a new int per
write, which was most of a write's cost (offsets run past the small ints Python keeps)."""


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
        # ``rows`` for blocks, ``buf`` the array that owns the memory. ``cells`` is ``Any`` so that
        # compiled code writes through it with the :data:`Cell` offsets and the values it holds as
        # objects, boxing nothing.
        self.buf = array("f", bytes(4 * n * size))
        self.rows: npt.NDArray[np.float32] = np.frombuffer(self.buf, dtype=np.float32).reshape(n, size)
        self.cells: Any = memoryview(self.buf).cast("B").cast("f")
        self._row_views = [self.cells[v * size : (v + 1) * size] for v in range(n)]
        self._hand_max = self.spec.hand_max
        # The offsets, the same for every table of the game: shared, so that a batch of games keeps
        # one copy of them in the processor's caches, not one per game.
        cells = _cells_for(game, num_seats)
        self._base = cells.base
        self._rel = cells.rel
        self._team_rel = cells.team_rel
        self._phase_index = cells.phase_index
        self._word_index = cells.word_index
        self._trick_cells = cells.trick
        self._played_cells = cells.played
        self._leader_at = cells.leader
        self._sizes_at = cells.sizes
        self._exposed_at = cells.exposed
        self._hand_cells = cells.hand
        self._team_tricks_at = cells.team_tricks
        self._points_at = cells.points
        self._phase_cells = cells.phase
        self._to_move_cells = cells.to_move
        self._trick_zeros = cells.trick_zeros
        self.version: int | None = None
        self._trick_empty = True
        self._sizes = [0] * n
        self._tricks = [0] * teams
        self._scores = [0] * teams
        # How many of each card each seat played, in the trick and in the deal: by seat * CARD_IDS + card.
        # Zeroed in place, never made anew: a list made at every trick would be young at every
        # collection, and the collector would walk its items each time.
        self._no_counts = cells.no_counts
        self._in_trick = list(self._no_counts)
        self._in_deal = list(self._no_counts)
        # What fill() set last in each row, so the next fill unsets just that.
        self._filled: list[list[Cell]] = [[] for _ in range(n)]
        # The other public events (``update`` calls the handlers of ``Played`` and ``TrickWon`` itself).
        self._handlers: dict[type[ev.Event], Callable[[ev.Event], None]] = {
            ev.DealStarted: self._deal_started,  # type: ignore[dict-item]
            ev.Discarded: self._discarded,  # type: ignore[dict-item]
            ev.TurnedUp: self._turned_up,  # type: ignore[dict-item]
            ev.TrumpSet: self._trump_set,  # type: ignore[dict-item]
            ev.Bid: self._bid,  # type: ignore[dict-item]
            ev.Decided: self._decided,  # type: ignore[dict-item]
            ev.Declared: self._declared,  # type: ignore[dict-item]
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
        self._in_trick[:] = self._no_counts
        self._in_deal[:] = self._no_counts
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
            # The events of every decision, called directly (compiled: no call through a bound method).
            kind = type(e)
            if kind is ev.Played:
                self._played(e)  # type: ignore[arg-type]
                continue
            if kind is ev.TrickWon:
                self._trick_won(e)  # type: ignore[arg-type]
                continue
            handler = handlers.get(kind)
            if handler is not None:
                handler(e)
                continue
            on_private = private.get(kind)
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
        s, buf = self.s, self.cells
        filled = self._filled[seat]
        zero: object = 0.0
        one: object = 1.0
        for i in filled:
            buf[i] = zero
        filled.clear()
        index = self._phase_index.get(phase)
        if index is not None:
            cell = self._phase_cells[seat][index]
            buf[cell] = one
            filled.append(cell)
        if to_move is not None:
            cell = self._to_move_cells[seat][to_move]
            buf[cell] = one
            filled.append(cell)
        if s.picked is not None and picked:
            start = self._base[seat] + s.picked.start
            for c in picked:
                buf[start + c] += 1.0
                filled.append(start + c)

    def row(self, seat: int) -> memoryview[float]:
        """The seat's row as a view of the buffer (for a memory copy into a batch's row)."""
        return self._row_views[seat]

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
        value: object = size / self._hand_max
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
        self._in_trick[:] = self._no_counts
        self._in_deal[:] = self._no_counts
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
            one: object = 1.0
            for i in self._leader_at[seat]:
                buf[i] = one
        hand, in_trick, in_deal = self._hand_cells[seat], self._in_trick, self._in_deal
        trick_cells, played_cells = self._trick_cells[seat], self._played_cells[seat]
        for c in cards:
            k = seat * CARD_IDS + c
            in_trick[k] += 1
            in_deal[k] += 1
            count: object = float(in_trick[k])
            for i in trick_cells[c]:
                buf[i] = count
            count = float(in_deal[k])
            for i in played_cells[c]:
                buf[i] = count
            cell = hand[c]
            buf[cell] -= 1.0
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
        self._in_trick[:] = self._no_counts
        trick = e.trick
        team = team_of(trick.winner, self.num_seats)
        self._tricks[team] += 1
        value: object = self._tricks[team] / self._hand_max
        for i in self._team_tricks_at[team]:
            buf[i] = value
        points = trick.points
        if self._points_at is not None and points:
            for i in self._points_at[team]:
                buf[i] += points / 100.0

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


class _Cells:
    """Where each fact goes in the buffer of a table of ``game`` with ``num_seats`` seats: absolute
    offsets by the seat (or team) an event names and the viewer's row. A seat x sits at relative
    place (x - v) % n in viewer v's row, its team at (t(x) - t(v)) % teams."""

    def __init__(self, game: str, num_seats: int) -> None:
        spec = SPECS[game]
        layout, s = layout_for(game, num_seats)
        n, size = num_seats, layout.size
        teams = 2 if n == 4 else n
        self.phase_index = {p: i for i, p in enumerate(spec.phases)}
        self.word_index = {w: i for i, w in enumerate(spec.words)}
        base = self.base = [v * size for v in range(n)]
        self.rel = [[(x - v) % n for v in range(n)] for x in range(n)]
        self.team_rel = [[(t - team_of(v, n)) % teams for v in range(n)] for t in range(teams)]

        def at(start: int, width: int) -> list[tuple[int, ...]]:
            """By seat x: the offset in every row of x's part (``width`` wide) of the block at start."""
            return [tuple(base[v] + start + width * r for v, r in enumerate(rel)) for rel in self.rel]

        def cells_at(start: int, width: int) -> list[tuple[Cell, ...]]:
            return [tuple(offsets) for offsets in at(start, width)]

        def by_card(start: int) -> list[list[tuple[Cell, ...]]]:
            """By seat x and card c: the cell of c in x's part of the card block at start, every row."""
            cards = range(CARD_IDS)
            return [[tuple(i + c for i in offsets) for c in cards] for offsets in at(start, CARD_IDS)]

        def team_cells(start: int) -> list[tuple[Cell, ...]]:
            """By team t: the cell of t's place in the block at start, every row."""
            return [tuple(base[v] + start + r for v, r in enumerate(rel)) for rel in self.team_rel]

        # A card played: its trick and played counts in every row (the table counts them and writes
        # them whole: a read-modify-write costs twice a write); the leader; the hand; the hand sizes;
        # exposures.
        self.trick = by_card(s.trick.start)
        self.played = by_card(s.played.start)
        self.leader = cells_at(s.trick_leader.start, 1)
        self.sizes = cells_at(s.hand_sizes.start, 1)
        self.exposed = None if s.exposed is None else at(s.exposed.start, CARD_IDS)
        cards = range(CARD_IDS)
        self.hand: list[tuple[Cell, ...]] = [tuple(b + s.hand.start + c for c in cards) for b in base]
        self.team_tricks = team_cells(s.team_tricks.start)
        self.points = None if s.points is None else team_cells(s.points.start)
        self.phase: list[tuple[Cell, ...]] = [
            tuple(b + s.phase.start + i for i in range(len(spec.phases))) for b in base
        ]
        self.to_move: list[tuple[Cell, ...]] = [
            tuple(base[v] + s.to_move.start + (x - v) % n for x in range(n)) for v in range(n)
        ]
        if s.trick.stop != s.trick_leader.start:
            raise AssertionError("a trick won clears the trick and its leader as one span")
        self.trick_zeros = array("f", bytes(4 * (s.trick_leader.stop - s.trick.start)))
        self.no_counts = [0] * (n * CARD_IDS)


_CELLS: dict[tuple[str, int], _Cells] = {}


def _cells_for(game: str, num_seats: int) -> _Cells:
    cells = _CELLS.get((game, num_seats))
    if cells is None:
        cells = _CELLS[game, num_seats] = _Cells(game, num_seats)
    return cells
