"""The state protocol every game implements.

A state is an immutable value. :meth:`State.apply` checks an action and returns a *new* state; the old
one stays valid, so undo, search and replay cost nothing extra. A game's state class supplies:

- ``phase``, ``to_move``, ``is_over``, ``result``, ``num_seats``;
- ``_legal(seat)``: the seat's legal actions, a ``Sequence`` (possibly lazy);
- ``_illegal_reason(action, seat)``: None if legal, else the reason in a player's words, a
  :class:`~tricktable.core.errors.Reason` whose stable code a front end can word in its language;
- ``_next(action, seat)``: the successor state for a legal action (no checking: :meth:`State.apply`
  checks first, :meth:`State.apply_legal` trusts that the action came from ``legal_actions``);
- ``view(seat)``: what that seat may know;
- ``card_locations()`` and ``hidden_cards(seat)``: for the invariant and leak tests;
- the events its transitions cause, recorded in the log (:meth:`Log.with_events`).

The base class does the rest: parsing text actions, the turn check, the action log, each seat's events
(:meth:`State.events`), the version, the acting seats and single-card selection.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Self, cast

from tricktable.cards import Card
from tricktable.core.actions import Action, Verb, checked_action, parse_action
from tricktable.core.config import GameConfig
from tricktable.core.copies import copyable
from tricktable.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError, Reason, shown
from tricktable.core.events import Bid, Decided, Declared, Event, Exposed, KittyBuried, Played, PrivateEvent
from tricktable.core.evolve import evolve
from tricktable.core.hiding import private_seen
from tricktable.core.history import Log
from tricktable.core.pick import PLAY_ONE, Pick
from tricktable.core.reveal import HandChange, hand_changes
from tricktable.core.trick import CARD_CODES
from tricktable.core.views import View

__all__ = ["Result", "State", "evolve", "team_of"]


def team_of(seat: int, num_seats: int) -> int:
    """Partners sit opposite: with 4 seats, seats 0 and 2 are team 0, seats 1 and 3 team 1."""
    return seat % 2 if num_seats == 4 else seat


_GAME_OVER = Reason("the game is over: no more actions", "game_over")
_NAME_SEAT = Reason("name the seat that acts: no single seat is to move now", "name_seat")


@dataclass(frozen=True, kw_only=True)
class Result:
    """How a finished game ended. ``scores`` has one entry per team (points, or levels in Tractor);
    ``winner`` is the winning team, or None for a draw."""

    scores: tuple[Any, ...]
    winner: int | None
    summary: str
    details: Mapping[str, Any] = field(default_factory=dict, hash=False)  # compared, not hashed

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winner": self.winner,
            "draw": self.is_draw,
            "summary": self.summary,
            **dict(self.details),
        }


_WHOLE: Final = 0
_PRIVATE: Final = 1
_OWN: Final = 2
_HOW_SEEN: Final[dict[type, int]] = {}
"""By event class, how a seat sees it: whole (the base ``Event.seen_by``), as a private event
(``PrivateEvent.seen_by``: :func:`~tricktable.core.hiding.private_seen`), or as its own ``seen_by``
says."""


def _seen(event: Event, viewer: int | None) -> Event:
    """``event.seen_by(viewer)``, with the rule it runs called directly where it is one of the two
    shared ones: the events' classes are Python classes, and a call of their methods from compiled
    code costs several times the rule, for every event every reader reads."""
    kind = type(event)
    how = _HOW_SEEN.get(kind)
    if how is None:
        method = kind.seen_by
        how = _HOW_SEEN[kind] = (
            _WHOLE if method is Event.seen_by else _PRIVATE if method is PrivateEvent.seen_by else _OWN
        )
    if how == _WHOLE:
        return event
    if how == _PRIVATE:
        return private_seen(cast(PrivateEvent, event), viewer)
    return event.seen_by(viewer)


class State:
    """Base of every game state. Subclasses are frozen dataclasses (equality is field by field).

    Compiled by mypyc, the states are native classes, whose fields compiled code reads and sets
    directly: so this base is one too, and no ``ABC`` (``dataclass`` cannot finish a native subclass
    of an ``ABCMeta`` class); mypy still refuses to build a state that leaves an abstract method out.
    A game's state narrows ``config`` to its own ``Config``, which mypyc accepts as long as the config
    classes are not compiled (``tricktable.builds``)."""

    VERBS: ClassVar[Mapping[str, Verb]]
    GAME_NAME: ClassVar[str]

    # --- supplied by each game -------------------------------------------------------------------
    config: GameConfig
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    """The stacked decks the game was started with (empty when every deal is shuffled)."""
    log: Log

    @property
    @abstractmethod
    def phase(self) -> str: ...

    @property
    @abstractmethod
    def to_move(self) -> int | None: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> Result | None: ...

    @property
    @abstractmethod
    def num_seats(self) -> int: ...

    @abstractmethod
    def _legal(self, seat: int) -> Sequence[Action]: ...

    @abstractmethod
    def _illegal_reason(self, action: Action, seat: int) -> Reason | None: ...

    @abstractmethod
    def _next(self, action: Action, seat: int) -> Self: ...

    @abstractmethod
    def view(self, seat: object = None) -> View: ...

    @abstractmethod
    def card_locations(self) -> Mapping[str, Sequence[Card]]:
        """Every card of the pack, each copy in exactly one place (hand 0, stock, trick, won 1...)."""

    @abstractmethod
    def hidden_cards(self, seat: object) -> Sequence[Card]:
        """The cards that seat may not see now (a spectator's when seat is None)."""

    def seat_fields(self, seat: object) -> dict[str, Any]:
        """The values of ``view(seat)``'s :attr:`~tricktable.core.views.View.SEAT_FIELDS`, the fields
        that set a seat's view apart from the spectator's: with another view of this state they make
        the seat's (:meth:`View.seat_dict <tricktable.core.views.View.seat_dict>`), so a server
        sending every seat its view builds the rest once. Read from the whole view here; a game
        says them without building it, from the code its view is built with."""
        view = self.view(seat)
        return {name: getattr(view, name) for name in view.SEAT_FIELDS}

    def may_act(self, seat: int) -> bool:
        """Whether the seat has anything to do now. Usually only ``to_move``; Tractor's draw lets
        every seat declare."""
        return seat == self.to_move

    # --- provided --------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The number of actions applied so far: a client names the version its action was made
        against, and a server refuses a stale one."""
        return len(self.log)

    def acting_seats(self, *, seen_by: object = ...) -> tuple[int, ...]:
        """The seats that may act now: usually ``(to_move,)``; several during Tractor's draw (any seat
        holding a declaration) and All Fours' play (exposing). Empty when the game is over.

        Whether another seat *could* act can depend on its hidden cards (a declaration it holds), so
        ``seen_by=seat`` (None: a spectator) gives the acting seats as that seat may know them: the seat
        to move, and the seat itself if it may act."""
        if self.is_over:
            return ()
        if seen_by is ...:
            return tuple(s for s in range(self.num_seats) if self.may_act(s))
        viewer = self._viewer(seen_by)
        return tuple(
            s for s in range(self.num_seats) if s == self.to_move or (s == viewer and self.may_act(s))
        )

    def selectable(self, picked: Sequence[Card] = (), seat: object = None) -> tuple[Card, ...]:
        """The cards the seat may add to ``picked`` so that a legal action naming those cards exists.
        In single-card games: the cards it may play (nothing once one is picked); Tractor overrides
        this for its multi-card plays, kitty and declarations."""
        if picked:
            return ()
        cards = {a.cards[0] for a in self.legal_actions(seat) if a.verb == "play" and len(a.cards) == 1}
        return tuple(sorted(cards))

    def pick(self, seat: object = None) -> Pick | None:
        """The card pick the seat (default: to move) may make now: the verb its picked cards make and
        how many it needs; None when it has no cards to pick (not its turn, a bid, a decision). In
        single-card games: one card played by the seat to move, when a legal play exists (a seat
        that acts out of turn, as All Fours' exposing, plays no card); Tractor overrides this."""
        s = self._seat(seat)
        if s is None or s != self.to_move or self.is_over:
            return None
        for a in self._legal(s):
            if a.verb == "play" and len(a.cards) == 1:
                return PLAY_ONE
        return None

    def completes(self, picked: Sequence[Card], seat: object = None) -> Action | None:
        """The legal action that the picked cards make as they stand (:meth:`pick`'s verb naming
        them), or None when they make none yet."""
        s = self._seat(seat)
        if len(picked) != 1 or s is None or s != self.to_move or self.is_over:
            return None
        card = picked[0]
        for a in self._legal(s):
            if a.verb == "play" and a.cards == (card,):
                return a
        return None

    def pick_refusal(self, picked: Sequence[Card], card: Card, seat: object = None) -> Reason | None:
        """Why ``card`` may not be added to ``picked`` (see :meth:`selectable`): the rule that adding
        it breaks, with its stable code and params, as :meth:`check` would word it; None when it may."""
        s = self._seat(seat)
        if self.is_over:
            return _GAME_OVER
        if s is None:
            return _NAME_SEAT
        turn = self._turn_refusal(s)
        if turn is not None:
            return turn
        picked = tuple(picked)
        try:
            if card in self.selectable(picked, s):
                return None
        except IllegalActionError as err:  # the picked cards themselves are not in the hand
            return err.reason if isinstance(err.reason, Reason) else Reason(str(err), "picked_not_held")
        return self._pick_reason(picked, card, s)

    def _pick_reason(self, picked: tuple[Card, ...], card: Card, seat: int) -> Reason:
        """Why ``card`` cannot join ``picked`` for a seat that may act (it is not selectable). In
        single-card games: a second card, or the play of that card is against a rule."""
        if picked:
            text = f"one card is played at a time: {card} would be a second"
            return Reason(text, "one_card", card=str(card))
        reason = self._illegal_reason(Action("play", (card,)), seat)
        assert reason is not None, f"{card} is legal to play but was not selectable"
        return reason

    def _turn_refusal(self, seat: int) -> Reason | None:
        """Why ``seat`` may not act now (naming the seat to move), or None if it may."""
        if self.may_act(seat):
            return None
        mover, phase = self.to_move, self.phase
        if mover is None:
            text = f"seat {seat} cannot act now: no seat may act now ({phase} phase)"
            return Reason(text, "nobody_acts", seat=seat, phase=phase)
        text = f"seat {seat} cannot act now: it is seat {mover}'s turn ({phase} phase)"
        return Reason(text, "turn_of", seat=seat, mover_seat=mover, phase=phase)

    def events(self, seat: object = None, since: object = None) -> tuple[Event, ...]:
        """What ``seat`` (None: a spectator) has seen happen, in order, from the start of the game —
        or, with ``since``, only what happened after version ``since`` (what the actions from the
        ``since + 1``-th on caused: a client at version ``v`` asks for ``since=v``). Others' hidden
        cards are never in it: a private event shows its cards to its own seat only."""
        viewer = self._viewer(seat)
        return tuple([_seen(e, viewer) for e in self._logged(self._first(since))])

    def caused_events(self, seat: object = None, since: object = None) -> tuple[tuple[int, Event], ...]:
        """:meth:`events`, each with the index of the action that caused it (-1: the game's start),
        so a server can say which of them a bot made for an absent player."""
        viewer = self._viewer(seat)
        causes: list[int] = []
        logged = self._logged(self._first(since), causes)
        return tuple([(i, _seen(e, viewer)) for i, e in zip(causes, logged, strict=True)])

    def _first(self, since: object) -> int:
        """The first action whose events follow version ``since`` (0: all of them, from the start)."""
        if since is None:
            return 0
        if isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= len(self.log):
            raise InvalidActionError(f"since must be a version from 0 to {len(self.log)}, not {since!r}")
        return since + 1

    def _logged(self, since: int, causes: list[int] | None = None) -> list[Event]:
        """The events the actions from the ``since``-th on caused, each with all its cards; with
        ``causes``, the index of the action that caused each is appended to it. (Every reader of
        events runs this, a whole game's worth or one action's: one flat list, no pairs.)"""
        out: list[Event] = []
        for node in self.log.nodes(since):
            entry = node.entry
            caused = node.events
            if entry is not None:
                own = self._action_event(entry[0], entry[1], caused)
                if own is not None:
                    out.append(own)
            out += caused
            if causes is not None:
                causes += [len(node) - 1] * (len(out) - len(causes))
        return out

    def open_events(self) -> tuple[Event, ...] | None:
        """Every event of the game with every card in it — each hand dealt, drawn, picked up and
        buried — once the game's sight opens the hands (:meth:`_hands_open`: in every game, once the
        game is over); None before, so no hidden card leaves a game in progress. A finished game's
        replay shows all the hands from it (:func:`tricktable.core.reveal.hand_changes`)."""
        return tuple(self._logged(0)) if self._hands_open() else None

    def open_hands(self) -> tuple[HandChange, ...] | None:
        """The changes to every hand, event by event (:func:`~tricktable.core.reveal.hand_changes`),
        once the hands are open (:meth:`open_events`); None before."""
        events = self.open_events()
        return None if events is None else hand_changes(events, self.num_seats)

    def _hands_open(self) -> bool:
        """Whether every seat may see every hand of the game now (each game's ``sight`` decides)."""
        return False

    def _action_event(self, seat: int, action: Action, caused: tuple[Event, ...]) -> Event | None:
        """The event that records ``seat`` taking ``action`` (made on demand, not stored); None where
        the game records the action in the events it ``caused`` instead (a card drawn, a call)."""
        verb = action.verb
        if verb == "play":
            return _played(seat, action.cards)
        if verb == "bid":
            return Bid(seat, str(action.arg))
        if verb == "declare":
            return Declared(seat, action.cards)
        if verb == "expose":
            return Exposed(seat, action.cards[0])
        if verb == "bury":
            return KittyBuried(seat, action.cards, len(action.cards))
        if not action.cards and action.arg is None and verb not in ("draw", "call"):
            return Decided(seat, verb)
        return None

    def _viewer(self, seat: object) -> int | None:
        """A seat to see from: None (a spectator) or a seat number, checked as :meth:`apply` does."""
        return None if seat is None else self._seat(seat)

    def legal_actions(self, seat: object = None) -> Sequence[Action]:
        """The legal actions of ``seat`` (default: the seat to move); empty if it may not act."""
        if seat is None:  # the common call: the seat to move, who may always act
            mover = self.to_move
            return () if mover is None else self._legal(mover)
        s = self._seat(seat)
        if s is None or not self.may_act(s):
            return ()
        return self._legal(s)

    def parse(self, action: object) -> Action:
        """An action from text (or an action, checked to be one of this game's verbs)."""
        return parse_action(action, self.VERBS)

    def check(self, action: object, seat: object = None) -> None:
        """Raise the error that :meth:`apply` would raise, or return None if the action is legal."""
        self._checked(action, seat)

    def is_legal(self, action: object, seat: object = None) -> bool:
        try:
            self._checked(action, seat)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def apply(self, action: object, seat: object = None) -> Self:
        """The state after ``seat`` (default: the seat to move) takes ``action``; raises
        :class:`IllegalActionError` with the reason if the rules forbid it. This state is unchanged."""
        act, s = self._checked(action, seat)
        return self._next(act, s)

    def apply_legal(self, action: Action, seat: int | None = None) -> Self:
        """The state after ``seat`` (default: the seat to move) takes ``action``, which must be one of
        the actions ``self.legal_actions(seat)`` lists: the fast path for code that picks from that list
        (bots, rollouts, environments, simulations), as python-chess's ``push`` stands beside
        ``push_san``. Nothing is checked: an action from anywhere else gives a broken state or an
        error that names no rule, so text, a player's or a client's action goes through :meth:`apply`.
        The conformance suite holds every listed action to ``apply_legal(a) == apply(a)``."""
        if seat is None:
            seat = self.to_move
            if seat is None:
                raise NotYourTurnError(_NAME_SEAT)
        return self._next(action, seat)

    def _checked(self, action: object, seat: object) -> tuple[Action, int]:
        # An action object (built in code, or listed by legal_actions) must be well formed: what the
        # games' rules assume, and what replays identically from its text.
        act = checked_action(action, self.VERBS) if type(action) is Action else self.parse(action)
        if seat is None:  # the seat to move, who may always act (there is none once the game is over)
            s = self.to_move
            if s is None:
                raise IllegalActionError(_GAME_OVER) if self.is_over else NotYourTurnError(_NAME_SEAT)
        else:
            s = self._seat(seat)
            assert s is not None
            if self.is_over:
                raise IllegalActionError(_GAME_OVER)
            turn = self._turn_refusal(s)
            if turn is not None:
                raise NotYourTurnError(turn)
        reason = self._illegal_reason(act, s)
        if reason is not None:
            raise IllegalActionError(reason)
        return act, s

    def _seat(self, seat: object) -> int | None:
        # The entry points that take a seat from outside (view, legal_actions, apply...) declare it an
        # ``object`` and check it here: compiled by mypyc, a function declaring ``int | None`` would
        # refuse a string or a float on entry with a bare TypeError, before this clear error.
        if seat is None:
            return self.to_move
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_seats:
            raise InvalidActionError(
                f"seat must be a number from 0 to {self.num_seats - 1}, not {shown(seat)}"
            )
        return seat

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` applied since the start, in order."""
        return self.log.entries()

    def __repr__(self) -> str:
        mover = "" if self.to_move is None else f", to_move={self.to_move}"
        return f"<{type(self).__name__} {self.GAME_NAME} phase={self.phase}{mover}, {len(self.log)} actions>"


copyable(Result)


_SINGLE_PLAYED: dict[int, Played] = {}
"""The event of one card played by one seat, by ``seat * CARD_CODES + code``: made once (as the
play actions are), not every time a log is read (a card played is read by every reader of a game,
and most actions are single cards)."""


def _played(seat: int, cards: tuple[Card, ...]) -> Played:
    """The :class:`Played` event of ``seat`` playing ``cards`` (shared for a single card: events are
    values)."""
    if len(cards) != 1:
        return Played(seat, cards)
    code: int = cards[0]
    key = seat * CARD_CODES + code
    event = _SINGLE_PLAYED.get(key)
    if event is None:
        event = _SINGLE_PLAYED[key] = Played(seat, cards)
    return event
