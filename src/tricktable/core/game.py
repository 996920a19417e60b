"""The game protocol: starting a game, reading actions, and the versioned record format.

A game is ``config + seed (+ stacked decks) + actions``. :meth:`Game.record` writes that as a JSON-able
dict; :meth:`Game.replay` rebuilds the identical state, or raises :class:`RecordError` naming the
offending field or action index.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from tricktable.cards import Card, CardParseError, format_cards, parse_cards
from tricktable.compiled import python_class
from tricktable.core.actions import Action, Verb, parse_action
from tricktable.core.config import GameConfig
from tricktable.core.description import GameDescription
from tricktable.core.errors import ConfigError, RecordError, TricktableError, shown
from tricktable.core.events import Event
from tricktable.core.rng import check_seed, fresh_seed
from tricktable.core.sampling import Visit
from tricktable.core.state import State

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "DeckInput", "Game", "check_deck"]

RECORD_FORMAT = "tricktable-record"
RECORD_VERSION = 1

S = TypeVar("S", bound=State)
C = TypeVar("C", bound=GameConfig)

DeckInput = Sequence[Card | str] | Sequence[Sequence[Card | str]] | str | None
"""A stacked deck: one deck (cards or text) for the first deal, or a list of decks for successive
deals. Deals beyond the stacked ones are shuffled from the seed."""


def check_deck(deck: Sequence[Card], expected: Sequence[Card], what: str = "deck") -> None:
    """Raise :class:`ConfigError` unless ``deck`` holds exactly the cards of ``expected``."""
    have, want = Counter(deck), Counter(expected)
    if have == want:
        return
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    parts = [f"a stacked {what} must hold exactly the {len(expected)} cards of the pack (it has {len(deck)})"]
    if missing:
        parts.append(f"missing {format_cards(missing)}")
    if extra:
        parts.append(f"not in the pack or too many copies: {format_cards(extra)}")
    raise ConfigError("; ".join(parts))


@python_class
class Game(ABC, Generic[S, C]):
    """One game: its name, config class, verbs, rules summary, and how to start a state."""

    description: ClassVar[GameDescription]
    """Every fact about the game that a surface shows or a tool needs (:mod:`tricktable.core.description`)."""
    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    Config: type[C]
    verbs: ClassVar[Mapping[str, Verb]]
    summary: ClassVar[str]

    @abstractmethod
    def _start(self, config: C, seed: int, decks: tuple[tuple[Card, ...], ...]) -> S:
        """The initial state; ``decks`` are already parsed (each game checks their composition)."""

    def new(
        self,
        seed: int | None = None,
        config: C | Mapping[str, Any] | str | None = None,
        deck: DeckInput = None,
    ) -> S:
        """A new game. ``config``: a Config, a mapping of options, or a preset name. ``deck`` stacks
        the first deal (or, as a list of decks, several deals) for tests and real-table replays."""
        cfg = self.Config.from_value(config)
        s = fresh_seed() if seed is None else check_seed(seed)
        return self._start(cfg, s, _parse_decks(deck))

    @abstractmethod
    def num_seats(self, config: C | Mapping[str, Any] | str | None = None) -> int:
        """How many seats a game with this config has."""

    def sample(
        self,
        seat: int,
        events: Sequence[Event],
        *,
        config: C | Mapping[str, Any] | str | None = None,
        rng: random.Random,
        visit: Visit | None = None,
    ) -> S:
        """A complete state that ``seat`` cannot tell from the real one: its ``events(seat)`` equal
        ``events`` and its ``view(seat)`` is the seat's view, with the cards the seat has not seen
        dealt at random (from ``rng``) among the places they could be. It is given nothing but what
        the seat knows; play can go on from it with ``apply``. ``visit((before, seat, action))`` is
        told of each action of the deal in progress as the world replays it. Raises
        :class:`~tricktable.core.sampling.SampleError` when the events are not a seat's events of a
        game with this config."""
        return self._sample(seat, events, self.Config.from_value(config), rng, visit)

    @abstractmethod
    def _sample(
        self, seat: int, events: Sequence[Event], config: C, rng: random.Random, visit: Visit | None
    ) -> S:
        """:meth:`sample`, with the config read."""

    def parse_action(self, text: object) -> Action:
        """Canonical text <-> action: ``str(game.parse_action(t))`` is the canonical form of ``t``."""
        return parse_action(text, self.verbs)

    def record(self, state: S) -> dict[str, Any]:
        """The game so far as a JSON-able dict."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.name,
            "rules_version": self.rules_version,
            "config": state.config.changes(),
            "seed": state.seed,
            "deck": [format_cards(d).split() for d in state.decks] or None,
            "actions": [[seat, str(action)] for seat, action in state.history],
        }

    def replay(self, record: Mapping[str, Any], *, upto: object = None) -> S:
        """Rebuild the state a record describes (its first ``upto`` actions, if given: a whole number
        from 0 to the number of actions in the record)."""
        state = self.replay_start(record)
        actions = _field(record, "actions", list)
        if upto is not None:
            if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(actions):
                raise RecordError(
                    f"upto must be a whole number from 0 to {len(actions)} (the record's actions), "
                    f"not {shown(upto)}"
                )
            actions = actions[:upto]
        for index, entry in enumerate(actions):
            state = _replay_one(state, entry, index)
        return state

    def replay_start(self, record: Mapping[str, Any]) -> S:
        """The state a record starts from, before its first action."""
        if not isinstance(record, Mapping):
            raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
        if record.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a tricktable record (field 'format' must be {RECORD_FORMAT!r})")
        version = record.get("version")
        if type(version) is not int or version != RECORD_VERSION:  # not True, which equals 1
            raise RecordError(
                f"record version {shown(version)} is not supported "
                f"(this program reads version {RECORD_VERSION})"
            )
        if record.get("game") != self.name:
            raise RecordError(f"this is a record of {shown(record.get('game'))}, not of {self.name!r}")
        if record.get("rules_version") != self.rules_version:
            raise RecordError(
                f"the record was made with rules version {record.get('rules_version')!r}; "
                f"this program plays {self.name} rules version {self.rules_version!r}"
            )
        try:
            config = self.Config.from_value(_field(record, "config", dict))
            seed = check_seed(record.get("seed"))
            deck = record.get("deck")
            if deck is not None and not isinstance(deck, list):
                raise RecordError("field 'deck' must be null or a list of decks")
            return self.new(seed=seed, config=config, deck=deck)
        except RecordError:
            raise
        except TricktableError as err:
            raise RecordError(f"bad record: {err}") from None

    def rules_text(self) -> str:
        """The rules summary, the verbs and every option with its default and allowed values."""
        lines = [
            f"{self.title} ({self.name}), rules version {self.rules_version}",
            "",
            self.summary.strip(),
            "",
            "Actions:",
        ]
        lines += [f"  {v.usage:<22} {v.summary}" for v in self.verbs.values()]
        lines += ["", "Options (--option key=value):"]
        for opt in self.Config.options():
            lines.append(f"  {opt.name} = {opt.default!r}  [{opt.allowed}]")
            lines.append(f"      {opt.doc}")
        if self.Config.presets:
            lines += ["", "Presets: " + ", ".join(self.Config.presets)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<game {self.name!r}>"


def _field(record: Mapping[str, Any], name: str, kind: type) -> Any:
    value = record.get(name, {} if kind is dict else None)
    if not isinstance(value, kind):
        raise RecordError(f"field {name!r} must be a {'JSON object' if kind is dict else 'list'}")
    return value


def _replay_one(state: S, entry: Any, index: int) -> S:
    if isinstance(entry, str):
        seat, text = None, entry
    elif (
        isinstance(entry, list)
        and len(entry) == 2
        and isinstance(entry[1], str)
        and (isinstance(entry[0], int) and not isinstance(entry[0], bool))
    ):
        seat, text = entry[0], entry[1]
    else:
        raise RecordError(f'each action is [seat, "text"], not {entry!r}', index)
    try:
        return state.apply(text, seat)
    except TricktableError as err:
        raise RecordError(f"'{text}' by seat {seat} does not replay: {err}", index) from None


def _parse_decks(deck: DeckInput) -> tuple[tuple[Card, ...], ...]:
    """One deck (text, or a list of cards) or a list of decks, as parsed decks."""
    if deck is None:
        return ()
    if isinstance(deck, str):
        return (_one_deck(deck),)
    try:
        items = list(deck)
    except TypeError:
        raise ConfigError("a stacked deck is a list of cards, or a list of such lists") from None
    if not items:
        raise ConfigError("a stacked deck cannot be empty")
    if all(isinstance(x, Card) or (isinstance(x, str) and len(x.split()) == 1) for x in items):
        return (_one_deck(items),)
    return tuple(_one_deck(d) for d in items)


def _one_deck(deck: object) -> tuple[Card, ...]:
    if not isinstance(deck, str | list | tuple) or not all(isinstance(x, Card | str) for x in deck):
        raise ConfigError(f"{deck!r} is not a deck: give a list of cards")
    try:
        return parse_cards(deck)
    except CardParseError as err:
        raise ConfigError(f"stacked deck: {err}") from None
