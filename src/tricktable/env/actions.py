"""Fixed ``Discrete`` action spaces: action ids and the engine's actions.

Each game has one codec. Back Alley and All Fours map every id to one engine action; Tractor builds
its multi-card actions (a play, the kitty, a declaration) one card at a time through the engine's
:meth:`State.selectable`, then ``finish``. A mask marks the ids legal now; the engine's own
``legal_actions``, ``selectable`` and ``is_legal`` decide it, so legality is never written twice.

Ids (``CARD_IDS`` = 54 card ids, a card's code: suit * 13 + rank - 2 for S H D C, 52 LJ, 53 BJ):

- Back Alley (68): 0–53 play the card; 54–65 bid 1–12; 66 bid pass; 67 bid board.
- All Fours (166): 0–53 play the card; 54–107 expose it; 108–161 call it; 162 stand; 163 beg;
  164 give; 165 run (the jokers' ids are never legal: the game has none).
- Tractor (57): 0–53 pick the card; 54 finish (play, bury or declare the picked cards); 55 draw;
  56 pass.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, TypeAlias

import numpy as np
import numpy.typing as npt

from tricktable import games
from tricktable.cards import ALL_CARDS, Card
from tricktable.core.actions import Action
from tricktable.core.errors import IllegalActionError
from tricktable.core.state import State
from tricktable.env.observe import CARD_IDS

__all__ = ["ActionTable", "Codec", "Step", "TableCodec", "TractorCodec", "codec_for"]

Mask: TypeAlias = npt.NDArray[np.int8]  # (TypeAlias: without numpy installed, an alias of Any)

_KNOWN_MAX = 4096
"""How many action objects a codec remembers the ids of (see ``ActionTable.__init__``)."""


@dataclass(frozen=True, slots=True)
class Step:
    """What an action id does: an engine action to apply, or (Tractor) the new picked cards."""

    action: Action | None
    picked: tuple[Card, ...]


class Codec(ABC):
    """The action space of one game."""

    size: int
    labels: tuple[str, ...]
    """A short text for every id (``play 7H``, ``bid pass``, ``pick 7H``...)."""

    @abstractmethod
    def mask(self, state: State, seat: int, picked: Sequence[Card]) -> Mask:
        """1 for the ids the seat may take now, 0 elsewhere (all 0 when it may not act)."""

    @abstractmethod
    def step(self, state: State, seat: int, picked: Sequence[Card], index: int) -> Step:
        """What id ``index`` does; raises :class:`IllegalActionError` naming the id and the reason when
        it is not in the mask. The state is not changed."""

    def write_mask(self, out: bytearray, start: int, state: State, seat: int, picked: Sequence[Card]) -> None:
        """The mask written into ``out[start : start + size]`` (a row of a batch's masks)."""
        out[start : start + self.size] = self.mask(state, seat, picked).tobytes()

    def label(self, index: int) -> str:
        return self.labels[index] if 0 <= index < self.size else f"#{index}"


class ActionTable:
    """The fixed action space of a Back Alley or All Fours game, one id per engine action: built once
    per game and shared by its codecs (a batch of games then keeps one copy in the processor's
    caches)."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = tuple(actions)
        self.size = len(self.actions)
        self.labels = tuple(str(a) for a in self.actions)
        self.index = {a: i for i, a in enumerate(self.actions)}
        # Ids found without hashing whole actions (the mask's hottest step): a one-card action whose
        # verb has a block of every card is at the block's start plus the card's id; a card-less one
        # is found by its verb and argument. Anything else is looked up in ``index``.
        self._plain = {(a.verb, a.arg): i for i, a in enumerate(self.actions) if not a.cards}
        self._blocks: dict[str, int] = {}
        for verb in {a.verb for a in self.actions if len(a.cards) == 1 and a.arg is None}:
            start = self.index.get(Action(verb, (ALL_CARDS[0],)))
            if start is not None and all(
                self.index.get(Action(verb, (c,))) == start + c for c in ALL_CARDS[:CARD_IDS]
            ):
                self._blocks[verb] = start
        self.zeros = bytes(self.size)
        self.steps = tuple(Step(a, ()) for a in self.actions)  # equal to the engine's legal action
        # The id of each action object met, by identity: the engines hand out the same cached objects
        # (a card's play, a bid) decision after decision. Each entry keeps its action, so the identity
        # stays its own; the dict is emptied if an engine makes new objects and it fills up.
        self._by_identity: dict[int, tuple[Action, int]] = {}

    def ids(self, actions: Sequence[Action]) -> tuple[int, ...]:
        """The ids of ``actions``, in their order."""
        known = self._by_identity
        found: list[int] = []
        for a in actions:
            entry = known.get(id(a))
            if entry is not None and entry[0] is a:
                found.append(entry[1])
                continue
            i = self._id_of(a)
            if len(known) >= _KNOWN_MAX:
                known.clear()
            known[id(a)] = (a, i)
            found.append(i)
        return tuple(found)

    def _id_of(self, a: Action) -> int:
        cards = a.cards
        if not cards:
            i = self._plain.get((a.verb, a.arg))
        elif len(cards) == 1 and a.arg is None:
            start = self._blocks.get(a.verb)
            i = None if start is None else start + cards[0]
        else:
            i = None
        return self.index[a] if i is None else i


class TableCodec(Codec):
    """One id per engine action (Back Alley, All Fours): the legal list is small."""

    def __init__(self, table: ActionTable) -> None:
        self.table = table
        self.actions = table.actions
        self.size = table.size
        self.labels = table.labels
        self.index = table.index
        self._memo: tuple[State | None, int, tuple[int, ...]] = (None, -1, ())

    def legal(self, state: State, seat: int) -> tuple[int, ...]:
        """The ids of the seat's legal actions (remembered for the last state asked about)."""
        memo_state, memo_seat, ids = self._memo
        if memo_state is state and memo_seat == seat:
            return ids
        ids = self.table.ids(state.legal_actions(seat))
        self._memo = (state, seat, ids)
        return ids

    def _row(self, state: State, seat: int) -> bytearray:
        row = bytearray(self.table.zeros)
        for i in self.legal(state, seat):
            row[i] = 1
        return row

    def mask(self, state: State, seat: int, picked: Sequence[Card]) -> Mask:
        return np.frombuffer(self._row(state, seat), dtype=np.int8)

    def write_mask(self, out: bytearray, start: int, state: State, seat: int, picked: Sequence[Card]) -> None:
        out[start : start + self.size] = self._row(state, seat)

    def step(self, state: State, seat: int, picked: Sequence[Card], index: int) -> Step:
        if index not in self.legal(state, seat):
            raise _refused(self, state, seat, index)
        return self.table.steps[index]


def _refused(codec: Codec, state: State, seat: int, index: int) -> IllegalActionError:
    label = codec.label(index)
    reason = ""
    if isinstance(codec, TableCodec) and 0 <= index < codec.size:
        try:
            state.check(codec.actions[index], seat)
        except ValueError as err:
            reason = f": {err}"
    if not reason:
        reason = f" (ids 0 to {codec.size - 1}; the mask shows the legal ones)"
    return IllegalActionError(f"action {index} ({label}) is not legal for seat {seat} now{reason}")


class TractorCodec(Codec):
    """Tractor: 0–53 pick a card, 54 finish, 55 draw, 56 pass."""

    FINISH: ClassVar[int] = CARD_IDS  # (ClassVar: compiled, a plain default would be an instance field)
    DRAW: ClassVar[int] = CARD_IDS + 1
    PASS: ClassVar[int] = CARD_IDS + 2

    def __init__(self) -> None:
        self.size = CARD_IDS + 3
        self.labels = (*(f"pick {c}" for c in ALL_CARDS[:CARD_IDS]), "finish", "draw", "pass")
        self._memo: tuple[State | None, int, tuple[Card, ...], Mask] = (None, -1, (), np.zeros(0, np.int8))

    def mask(self, state: State, seat: int, picked: Sequence[Card]) -> Mask:
        key = tuple(picked)
        memo_state, memo_seat, memo_picked, memo = self._memo
        if memo_state is state and memo_seat == seat and memo_picked == key:
            return memo.copy()
        out = np.zeros(self.size, dtype=np.int8)
        if seat in state.acting_seats():
            cards = [int(c) for c in state.selectable(key, seat)]
            if cards:
                out[cards] = 1
            if key:
                out[self.FINISH] = self._finishes(state, seat, key)
            else:
                for a in self._plain(state, seat):
                    out[self.DRAW if a.verb == "draw" else self.PASS] = 1
        self._memo = (state, seat, key, out)
        return out.copy()

    def _plain(self, state: State, seat: int) -> list[Action]:
        """The seat's legal actions that name no cards (draw, pass): only in the draw stages, where
        the legal list is short."""
        if state.phase not in ("draw", "last-declare"):
            return []
        return [a for a in state.legal_actions(seat) if a.verb in ("draw", "pass")]

    def _finishes(self, state: State, seat: int, picked: tuple[Card, ...]) -> bool:
        return state.completes(picked, seat) is not None

    def step(self, state: State, seat: int, picked: Sequence[Card], index: int) -> Step:
        mask = self.mask(state, seat, picked)
        if not (0 <= index < self.size and mask[index]):
            reason = ""
            pick = state.pick(seat)
            if index == self.FINISH and picked and pick is not None:
                try:
                    state.check(Action.make(pick.verb, picked), seat)
                except ValueError as err:
                    reason = f": {err}"
            raise IllegalActionError(
                f"action {index} ({self.label(index)}) is not legal for seat {seat} now"
                + (reason or f" (ids 0 to {self.size - 1}; the mask shows the legal ones)")
            )
        if index < CARD_IDS:
            return Step(None, (*picked, ALL_CARDS[index]))
        if index == self.FINISH:
            return Step(state.completes(tuple(picked), seat), ())
        verb = "draw" if index == self.DRAW else "pass"
        return Step(next(a for a in self._plain(state, seat) if a.verb == verb), ())


def codec_for(game: str) -> Codec:
    """A fresh codec for ``game`` (each environment has its own: codecs keep a one-state memo): a
    table of its fixed action space when its description has one, else cards picked one by one."""
    table = _TABLES.get(game)
    if table is None:
        actions = games.get(game).description.observation.actions
        if actions is None:
            return TractorCodec()
        table = _TABLES[game] = ActionTable(actions())
    return TableCodec(table)


_TABLES: dict[str, ActionTable] = {}
"""Each game's action table, built once."""
