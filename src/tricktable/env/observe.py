"""Observations: what one seat has seen, as a fixed-shape float32 vector.

An :class:`Encoder` belongs to one seat of one game. It reads that seat's events
(:meth:`State.events`, only what the seat saw) as they come — each call to :meth:`Encoder.update` reads
the events since the version it last read — and keeps the vector up to date in place. Besides the
events it reads only the state's public ``phase`` and ``to_move`` (the same as the seat's view shows)
and, in Tractor, the cards the seat has picked for the action it is building. Nothing else of the
state is read, so no observation can hold a card hidden from its seat.

Seats are relative: block row 0 is the seat itself, row 1 the next seat in turn (seat + 1), and so on;
teams likewise: row 0 is the seat's own team. The layout of each game is in ``docs/observations.md``.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from tricktable import games
from tricktable.cards import Card, Rank
from tricktable.core import events as ev
from tricktable.core.description import GameDescription
from tricktable.core.state import State, team_of
from tricktable.env.layout import Layout

__all__ = ["CARD_IDS", "SPECS", "Encoder", "GameSpec", "layout_for"]

CARD_IDS = 54
"""Card ids are the cards' codes: suit * 13 + rank - 2 for S H D C (ranks 2..A), 52 LJ, 53 BJ."""

_SUITS = "SHDC"


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the encoder and the action codec need to know about a game, from its description."""

    game: str
    env_name: str
    phases: tuple[str, ...]
    words: tuple[str, ...]
    """The words a seat may say (``decided`` events)."""
    hand_max: float
    """Scale of hand sizes and trick counts (the most cards a hand can hold)."""
    score_scale: float
    """Scale of the scores block (Back Alley points, All Fours game points, Tractor levels)."""
    bids: bool = False
    exposures: bool = False
    declarations: bool = False

    @classmethod
    def of(cls, description: GameDescription) -> GameSpec:
        obs = description.observation
        return cls(
            description.name,
            description.env_name,
            obs.phases,
            obs.words,
            obs.hand_max,
            obs.score_scale,
            bids="bids" in obs.blocks,
            exposures="exposures" in obs.blocks,
            declarations="declarations" in obs.blocks,
        )


SPECS: dict[str, GameSpec] = {d.name: GameSpec.of(d) for d in games.descriptions()}
"""Every game's spec, by the game's registry name."""


@dataclass(frozen=True, slots=True)
class _Slices:
    hand: slice
    trick: slice
    trick_leader: slice
    played: slice
    hand_sizes: slice
    team_tricks: slice
    scores: slice
    dealer: slice
    to_move: slice
    phase: slice
    trump_suit: slice
    turned_up: slice
    decisions: slice | None
    bids: slice | None
    exposed: slice | None
    trump_rank: slice | None
    declaration: slice | None
    declarers: slice | None
    points: slice | None
    kitty: slice | None
    picked: slice | None
    deal: slice  # every block reset when a deal starts: from ``trick`` to the end but the scores


@cache
def layout_for(game: str, num_seats: int) -> tuple[Layout, _Slices]:
    """The observation layout of ``game`` with ``num_seats`` seats (built once)."""
    spec = SPECS[game]
    n, teams = num_seats, (2 if num_seats == 4 else num_seats)
    L = Layout()
    hand = L.add("hand", CARD_IDS, "cards in the seat's hand, by card id (Tractor: 0–2 copies)", high=2)
    trick = L.add(
        "trick", n * CARD_IDS, f"the trick in progress: {n} rows (relative seats) of card counts", high=2
    )
    leader = L.add("trick_leader", n, "who led the trick in progress (relative seat, one-hot)")
    played = L.add("played", n * CARD_IDS, "cards each relative seat has played to tricks this deal", high=2)
    sizes = L.add("hand_sizes", n, f"cards each relative seat holds, / {spec.hand_max:g}", high=2)
    tricks = L.add(
        "team_tricks", teams, f"tricks won this deal by own team, other team(s), / {spec.hand_max:g}"
    )
    inf = float("inf")
    scores = L.add(
        "scores",
        teams,
        f"game scores, own team first, / {spec.score_scale:g} (Tractor: levels)",
        low=-inf,
        high=inf,
    )
    dealer = L.add("dealer", n, "the dealer (Tractor: the starter, once known), relative seat one-hot")
    to_move = L.add("to_move", n, "the seat to move, relative seat one-hot")
    phase = L.add("phase", len(spec.phases), "the phase, one-hot: " + ", ".join(spec.phases))
    suit = L.add("trump_suit", 5, "trumps once fixed, one-hot: S, H, D, C, no trump suit")
    turned = L.add("turned_up", CARD_IDS, "cards turned or laid face up this deal", high=2)
    decisions = bids = exposed = rank = declaration = declarers = points = kitty = picked = None
    if spec.words:
        decisions = L.add(
            "decisions",
            n * len(spec.words),
            f"words said this deal, per relative seat: {', '.join(spec.words)}",
        )
    if spec.bids:
        bids = L.add("bids", n * 4, "per relative seat: has bid, the number bid / 13, bid pass, bid board")
    if spec.exposures:
        exposed = L.add("exposed", n * CARD_IDS, "cards each relative seat has exposed and not yet played")
    if spec.declarations:
        rank = L.add("trump_rank", 13, "the trump rank once fixed, one-hot 2 … A")
        declaration = L.add(
            "declaration", n + CARD_IDS, "the standing declaration: who (relative seat) and its cards", high=2
        )
        declarers = L.add("declarers", teams, "the declaring team once the kitty is taken (own team first)")
        points = L.add("points", teams, "card points in tricks won this deal, own team first, / 100", high=2)
        kitty = L.add(
            "kitty", CARD_IDS, "kitty cards the seat knows (it buried them, or they were revealed)", high=2
        )
        picked = L.add("picked", CARD_IDS, "cards picked so far for the action being built", high=2)
    deal = slice(trick.start, L.size)
    return L, _Slices(
        hand, trick, leader, played, sizes, tricks, scores, dealer, to_move, phase, suit, turned,
        decisions, bids, exposed, rank, declaration, declarers, points, kitty, picked, deal,
    )  # fmt: skip


class Encoder:
    """The observation of one seat, kept up to date from its events (see the module doc)."""

    def __init__(self, game: str, num_seats: int, seat: int) -> None:
        self.spec = SPECS[game]
        self.layout, self.s = layout_for(game, num_seats)
        self.num_seats = num_seats
        self.seat = seat
        self.teams = 2 if num_seats == 4 else num_seats
        # One buffer, two faces: ``buf`` for fast scalar updates, ``vec`` (numpy) for blocks and copies.
        self.buf = array("f", bytes(4 * self.layout.size))
        self.vec: npt.NDArray[np.float32] = np.frombuffer(self.buf, dtype=np.float32)
        self.version: int | None = None
        self._phase_index = {p: i for i, p in enumerate(self.spec.phases)}
        self._word_index = {w: i for i, w in enumerate(self.spec.words)}
        self._trick_empty = True
        self._sizes = [0] * num_seats
        self._tricks = [0] * self.teams
        self._scores = [0] * self.teams
        self._handlers: dict[type[ev.Event], Callable[[ev.Event], None]] = {
            ev.DealStarted: self._deal_started,  # type: ignore[dict-item]
            ev.Dealt: self._dealt,  # type: ignore[dict-item]
            ev.KittyTaken: self._kitty_taken,  # type: ignore[dict-item]
            ev.KittyBuried: self._kitty_buried,  # type: ignore[dict-item]
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

    def clone(self) -> Encoder:
        """An independent copy, to read on from where this one is."""
        new = Encoder(self.spec.game, self.num_seats, self.seat)
        new.vec[:] = self.vec
        new.version = self.version
        new._trick_empty = self._trick_empty
        new._sizes = list(self._sizes)
        new._tricks = list(self._tricks)
        new._scores = list(self._scores)
        return new

    # --- reading -----------------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Read the seat's events since the last update (all of them the first time)."""
        version = state.version
        if version == self.version:
            return
        if self.version is None:
            events = state.events(self.seat)
        elif version < self.version:
            raise ValueError("an encoder only reads forward: make a new one for an earlier state")
        else:
            events = state.events(self.seat, since=self.version)
        self.consume(events)
        self.version = version

    def consume(self, events: Sequence[ev.Event]) -> None:
        handlers = self._handlers
        for e in events:
            handler = handlers.get(type(e))
            if handler is not None:
                handler(e)

    def observe(
        self, phase: str, to_move: int | None, picked: Sequence[Card] = ()
    ) -> npt.NDArray[np.float32]:
        """A fresh copy of the vector with the phase, the seat to move and the picked cards set."""
        self.fill(phase, to_move, picked)
        return self.vec.copy()

    def fill(self, phase: str, to_move: int | None, picked: Sequence[Card] = ()) -> None:
        """Set the blocks that are read from the state at each observation (no copy)."""
        s, vec = self.s, self.vec
        vec[s.phase] = 0.0
        index = self._phase_index.get(phase)
        if index is not None:
            self.buf[s.phase.start + index] = 1.0
        vec[s.to_move] = 0.0
        if to_move is not None:
            self.buf[s.to_move.start + self._rel(to_move)] = 1.0
        if s.picked is not None:
            vec[s.picked] = 0.0
            for c in picked:
                self.buf[s.picked.start + c] += 1.0

    # --- helpers -----------------------------------------------------------------------------------
    def _rel(self, seat: int) -> int:
        return (seat - self.seat) % self.num_seats

    def _team(self, seat: int) -> int:
        n = self.num_seats
        return (team_of(seat, n) - team_of(self.seat, n)) % self.teams

    # --- events ------------------------------------------------------------------------------------
    def _deal_started(self, e: ev.DealStarted) -> None:
        s, vec = self.s, self.vec
        vec[s.hand] = 0.0
        vec[s.deal] = 0.0
        self._sizes = [0] * self.num_seats
        self._tricks = [0] * self.teams
        self._set_scores(e.scores)
        self.buf[s.dealer.start + self._rel(e.dealer)] = 1.0
        self._trick_empty = True

    def _set_scores(self, scores: Sequence[int]) -> None:
        for team, value in enumerate(scores):
            self._scores[self._team_rel(team)] = value
        self._write_scores()

    def _write_scores(self) -> None:
        base, scale = self.s.scores.start, self.spec.score_scale
        for i, value in enumerate(self._scores):
            self.buf[base + i] = value / scale

    def _resize(self, seat: int, change: int) -> None:
        rel = self._rel(seat)
        self._sizes[rel] += change
        self.buf[self.s.hand_sizes.start + rel] = self._sizes[rel] / self.spec.hand_max

    def _team_rel(self, team: int) -> int:
        return (team - team_of(self.seat, self.num_seats)) % self.teams

    def _dealt(self, e: ev.PrivateEvent) -> None:
        self._resize(e.seat, e.count)
        if e.cards is not None and e.seat == self.seat:
            base = self.s.hand.start
            for c in e.cards:
                self.buf[base + c] += 1.0

    def _kitty_taken(self, e: ev.KittyTaken) -> None:
        self._dealt(e)
        if self.s.declarers is not None:
            self.buf[self.s.declarers.start + self._team(e.seat)] = 1.0

    def _kitty_buried(self, e: ev.KittyBuried) -> None:
        self._lose(e.seat, e.count, e.cards)
        if e.cards is not None and e.seat == self.seat and self.s.kitty is not None:
            for c in e.cards:
                self.buf[self.s.kitty.start + c] += 1.0

    def _lose(self, seat: int, count: int, cards: Sequence[Card] | None) -> None:
        self._resize(seat, -count)
        if cards is not None and seat == self.seat:
            base = self.s.hand.start
            for c in cards:
                self.buf[base + c] -= 1.0

    def _discarded(self, e: ev.Discarded) -> None:
        self._lose(e.seat, len(e.cards), e.cards)
        for c in e.cards:
            self.buf[self.s.turned_up.start + c] += 1.0

    def _turned_up(self, e: ev.TurnedUp) -> None:
        self.buf[self.s.turned_up.start + e.card] += 1.0

    def _trump_set(self, e: ev.TrumpSet) -> None:
        s = self.s
        self.vec[s.trump_suit] = 0.0
        self.buf[s.trump_suit.start + (4 if e.suit is None else _SUITS.index(e.suit))] = 1.0
        if s.trump_rank is not None and e.rank is not None:
            self.vec[s.trump_rank] = 0.0
            self.buf[s.trump_rank.start + Rank.parse(e.rank) - 2] = 1.0

    def _bid(self, e: ev.Bid) -> None:
        if self.s.bids is None:
            return
        base = self.s.bids.start + 4 * self._rel(e.seat)
        self.buf[base] = 1.0
        if e.bid == "pass":
            self.buf[base + 2] = 1.0
        elif e.bid == "board":
            self.buf[base + 3] = 1.0
        else:
            self.buf[base + 1] = int(e.bid) / 13.0

    def _decided(self, e: ev.Decided) -> None:
        index = self._word_index.get(e.word)
        if self.s.decisions is not None and index is not None:
            self.buf[self.s.decisions.start + len(self.spec.words) * self._rel(e.seat) + index] = 1.0

    def _declared(self, e: ev.Declared) -> None:
        block = self.s.declaration
        if block is None:
            return
        self.vec[block] = 0.0
        self.buf[block.start + self._rel(e.seat)] = 1.0
        base = block.start + self.num_seats
        for c in e.cards:
            self.buf[base + c] += 1.0

    def _played(self, e: ev.Played) -> None:
        s, buf, seat = self.s, self.buf, e.seat
        rel = (seat - self.seat) % self.num_seats
        if self._trick_empty:
            buf[s.trick_leader.start + rel] = 1.0
            self._trick_empty = False
        cards = e.cards
        trick = s.trick.start + rel * CARD_IDS
        played = s.played.start + rel * CARD_IDS
        for c in cards:
            buf[trick + c] += 1.0
            buf[played + c] += 1.0
        if s.exposed is not None:
            exposed = s.exposed.start + rel * CARD_IDS
            for c in cards:
                buf[exposed + c] = 0.0
        sizes = self._sizes
        sizes[rel] -= len(cards)
        buf[s.hand_sizes.start + rel] = sizes[rel] / self.spec.hand_max
        if seat == self.seat:
            hand = s.hand.start
            for c in cards:
                buf[hand + c] -= 1.0

    def _trick_won(self, e: ev.TrickWon) -> None:
        s, vec = self.s, self.vec
        vec[s.trick] = 0.0
        vec[s.trick_leader] = 0.0
        self._trick_empty = True
        team = self._team(e.trick.winner)
        self._tricks[team] += 1
        self.buf[s.team_tricks.start + team] = self._tricks[team] / self.spec.hand_max
        if s.points is not None and e.trick.points:
            self.buf[s.points.start + team] += e.trick.points / 100.0

    def _exposed(self, e: ev.Exposed) -> None:
        if self.s.exposed is not None:
            self.buf[self.s.exposed.start + self._rel(e.seat) * CARD_IDS + e.card] = 1.0

    def _scored(self, e: ev.Scored) -> None:
        if e.team is not None:
            self._scores[self._team_rel(e.team)] += e.points
            self._write_scores()

    def _revealed(self, e: ev.Revealed) -> None:
        if self.s.kitty is not None:
            self.vec[self.s.kitty] = 0.0
            for c in e.cards:
                self.buf[self.s.kitty.start + c] += 1.0

    def _deal_scored(self, e: ev.DealScored) -> None:
        self._set_scores(e.scores)
