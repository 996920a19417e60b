"""Tractor's game state: the draw with declarations, the last chance to declare, the kitty exchange,
25 tricks, scoring, and round after round until a team passes A.

Phases and their actions (``to_move`` in brackets):

- ``draw`` [the seat drawing next]: ``draw``, and ``declare <cards>`` by any seat holding a legal
  declaration (``may_act`` is true for it). Card *i* of the deal goes to seat ``(first + i) % 4``.
- ``last-declare`` [each seat once, from the first drawer]: ``declare <cards>`` or ``pass``. Then, in
  the first round with no declaration, the cards are dealt again; in a later round with none, the
  kitty is turned up to fix the suit.
- ``kitty`` [the starter, holding 33 cards]: ``bury <8 cards>``.
- ``play`` [leader, then the next seats]: ``play <cards>``; the last trick ends the round, which is
  scored at once and the next round's ``draw`` begins (or the game is ``over``).

A deal stacks as 108 cards in drawing order: the first 100 are drawn, the last 8 are the kitty.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Literal

from tricktable.cards import ALL_CARDS, Card, Rank, Suit, format_cards, pack
from tricktable.core.actions import Action, action_key
from tricktable.core.copies import copyable
from tricktable.core.errors import IllegalActionError, NotYourTurnError, Reason
from tricktable.core.events import (
    DealScored,
    DealStarted,
    Dealt,
    Event,
    GameOver,
    KittyTaken,
    Played,
    Revealed,
    TrumpSet,
    TurnedUp,
    trick_won,
)
from tricktable.core.game import check_deck
from tricktable.core.history import EMPTY_LOG, Log, Recorded
from tricktable.core.pick import Pick
from tricktable.core.rng import shuffled
from tricktable.core.state import Result, State, evolve, team_of
from tricktable.core.trick import Play
from tricktable.core.views import to_jsonable
from tricktable.games.tractor import sight
from tricktable.games.tractor.actions import DRAW, PASS, VERBS, CardActions
from tricktable.games.tractor.config import ACE, Config, level_name
from tricktable.games.tractor.declare import (
    Declaration,
    DeclareRules,
    declaration_reason,
    declarations,
    is_special,
    make_declaration,
    reveal_kitty,
)
from tricktable.games.tractor.follow import check_follow, follow_refusal, legal_follows, selectable
from tricktable.games.tractor.kitty import KITTY_SIZE, bury_choices, bury_selectable, kitty_refusal
from tricktable.games.tractor.lead import check_lead, legal_leads, throw_check
from tricktable.games.tractor.scoring import RoundSummary, card_points, score_round
from tricktable.games.tractor.trump import Trump
from tricktable.games.tractor.view import TractorView, build_view, seat_fields
from tricktable.games.tractor.winner import trick_winner

__all__ = [
    "PACK",
    "Declaring",
    "FailedThrow",
    "Kitty",
    "Phase",
    "Round",
    "TractorState",
    "TrickRecord",
    "Tricks",
]

Phase = Literal["draw", "last-declare", "kitty", "play", "over"]

PACK = pack(decks=2, jokers=2)
HAND_SIZE = 25
DRAWN: Final = 4 * HAND_SIZE
"""Cards drawn in a deal; the other 8 of the 108 are the kitty."""
FIRST_ROUND_RANK = 2


@dataclass(frozen=True, init=False)
class FailedThrow:
    """A throw that another hand could beat: the leader had to lead ``forced`` instead, and the
    opponents' points moved by ``penalty`` (negative when the thrower is an opponent)."""

    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    penalty: int

    def __init__(
        self, seat: int, attempted: tuple[Card, ...], forced: tuple[Card, ...], penalty: int
    ) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "attempted", attempted)
        object.__setattr__(self, "forced", forced)
        object.__setattr__(self, "penalty", penalty)


@dataclass(frozen=True, init=False)
class TrickRecord:
    """A completed trick: its plays in order, who won it and the point cards in it."""

    plays: tuple[Play, ...]
    winner: int
    points: int

    def __init__(self, plays: tuple[Play, ...], winner: int, points: int) -> None:
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "points", points)


@dataclass(frozen=True, init=False)
class Round:
    """The round and its deal, fixed through the deal but for who declares: the round's number (rounds
    played before it), the deal's (deals made before it, redeals included: deal *n* is ``decks[n]``
    or the shuffle "deal n"), the levels, the declaring team (None in the first round until a
    declaration stands), the trump rank (the declarers' level, 2 in the first round), the starter
    (who takes the kitty and leads the first trick; in the first round the declarer, once known),
    the first drawer, the deal's 108 cards in drawing order (the last 8 are the kitty), the last
    round's summary, and the game's result once it is over."""

    number: int
    deal_no: int
    levels: tuple[int, int]
    declarers: int | None
    rank: int
    starter: int
    first_drawer: int
    deck: tuple[Card, ...]
    last_round: RoundSummary | None
    outcome: Result | None

    def __init__(
        self,
        number: int,
        deal_no: int,
        levels: tuple[int, int],
        declarers: int | None,
        rank: int,
        starter: int,
        first_drawer: int,
        deck: tuple[Card, ...],
        last_round: RoundSummary | None,
        outcome: Result | None = None,
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "deal_no", deal_no)
        object.__setattr__(self, "levels", levels)
        object.__setattr__(self, "declarers", declarers)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "starter", starter)
        object.__setattr__(self, "first_drawer", first_drawer)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "last_round", last_round)
        object.__setattr__(self, "outcome", outcome)

    @classmethod
    def dealt(
        cls,
        number: int,
        deal_no: int,
        levels: tuple[int, int],
        declarers: int | None,
        starter: int,
        deck: tuple[Card, ...],
        last_round: RoundSummary | None,
    ) -> Round:
        """A round as its deal begins: the starter draws first; the rank is the declarers' level."""
        rank = FIRST_ROUND_RANK if declarers is None else levels[declarers]
        return cls(number, deal_no, levels, declarers, rank, starter, starter, deck, last_round)


@dataclass(frozen=True, init=False)
class Declaring:
    """What the declarations hold: their rules (from the config), each seat's trump-rank cards and
    jokers drawn so far (what declarations are made from), the declaration standing, the seats
    that have had their last chance to declare (the last-declare phase), and each seat's options:
    the declarations it may make now (:func:`~tricktable.games.tractor.declare.declarations` of the
    fields before, kept up to date as they change: the draw asks for them after every card)."""

    rules: DeclareRules
    specials: tuple[tuple[Card, ...], ...]
    declaration: Declaration | None
    chances: int
    options: tuple[tuple[tuple[Card, ...], ...], ...]

    def __init__(
        self,
        rules: DeclareRules,
        specials: tuple[tuple[Card, ...], ...] = ((), (), (), ()),
        declaration: Declaration | None = None,
        chances: int = 0,
        options: tuple[tuple[tuple[Card, ...], ...], ...] = ((), (), (), ()),
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "specials", specials)
        object.__setattr__(self, "declaration", declaration)
        object.__setattr__(self, "chances", chances)
        object.__setattr__(self, "options", options)

    def declared(self, declaration: Declaration, rank: int) -> Declaring:
        """After ``declaration``: every seat's options change with the declaration standing."""
        specials, rules = self.specials, self.rules
        options = tuple([declarations(specials[s], s, declaration, rank, rules) for s in range(4)])
        return Declaring(rules, specials, declaration, self.chances, options)

    def drawn(self, seat: int, card: Card, rank: int) -> Declaring:
        """After ``seat`` drew ``card``, a trump-rank card or a joker: its options change."""
        specials = list(self.specials)
        held = specials[seat] = specials[seat] + (card,)
        options = list(self.options)
        options[seat] = declarations(held, seat, self.declaration, rank, self.rules)
        return Declaring(self.rules, tuple(specials), self.declaration, self.chances, tuple(options))


@dataclass(frozen=True, init=False)
class Kitty:
    """What the end of the declarations fixes: the trump, the kitty cards turned up to fix its suit (a
    later round with no declaration: public), the 8 cards the starter picked up (only the starter
    sees them), and the 8 the starter buried."""

    trump: Trump | None
    revealed: tuple[Card, ...]
    taken: tuple[Card, ...]
    buried: tuple[Card, ...]

    def __init__(
        self,
        trump: Trump | None = None,
        revealed: tuple[Card, ...] = (),
        taken: tuple[Card, ...] = (),
        buried: tuple[Card, ...] = (),
    ) -> None:
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "revealed", revealed)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "buried", buried)


@dataclass(frozen=True, init=False)
class Tricks:
    """The round's play beyond the trick in progress: who leads it, the finished tricks, the cards of
    the tricks each team has won, the opponents' points so far (failed-throw penalties included), and
    the failed throws."""

    leader: int
    done: tuple[TrickRecord, ...]
    won: tuple[tuple[Card, ...], tuple[Card, ...]]
    points: int
    failed_throws: tuple[FailedThrow, ...]

    def __init__(
        self,
        leader: int,
        done: tuple[TrickRecord, ...] = (),
        won: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ()),
        points: int = 0,
        failed_throws: tuple[FailedThrow, ...] = (),
    ) -> None:
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "done", done)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "failed_throws", failed_throws)


@dataclass(frozen=True, init=False, repr=False)
class TractorState(State):
    """One moment of a game of Tractor (an immutable value; :meth:`apply` returns the next one). What
    changes on most actions (the log, the seat to move, the hands, the cards drawn, the trick) are
    fields; the rest is grouped in records that change together, and every successor is made by
    ``evolve``."""

    config: Config
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    log: Log
    stage: Phase
    mover: int | None
    """The seat to move (``to_move``), kept up to date by every transition: it is read several
    times per action."""
    hands: tuple[tuple[Card, ...], ...]
    drawn: int
    """Cards drawn so far in this deal."""
    trick: tuple[Play, ...]
    """The plays of the trick in progress, from ``tricks.leader`` on."""
    round: Round
    declaring: Declaring
    kitty: Kitty
    tricks: Tricks

    def __init__(
        self,
        config: Config,
        seed: int,
        decks: tuple[tuple[Card, ...], ...],
        log: Log,
        stage: Phase,
        mover: int | None,
        hands: tuple[tuple[Card, ...], ...],
        drawn: int,
        trick: tuple[Play, ...],
        round: Round,
        declaring: Declaring,
        kitty: Kitty,
        tricks: Tricks,
    ) -> None:
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "mover", mover)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "declaring", declaring)
        object.__setattr__(self, "kitty", kitty)
        object.__setattr__(self, "tricks", tricks)

    # --- construction ----------------------------------------------------------------------------
    @classmethod
    def start(cls, config: Config, seed: int, decks: tuple[tuple[Card, ...], ...]) -> TractorState:
        for n, deck in enumerate(decks):
            check_deck(deck, PACK, f"deck (deal {n})")
        first = config.first_round_starter
        levels = (FIRST_ROUND_RANK, FIRST_ROUND_RANK)
        table = cls.blank(config, seed, decks)
        return table._new_deal(EMPTY_LOG, 0, round_no=0, levels=levels, declarers=None, starter=first)

    @classmethod
    def blank(cls, config: Config, seed: int, decks: tuple[tuple[Card, ...], ...]) -> TractorState:
        """A table before any deal; :meth:`_new_deal` deals from it (the game's start, a sampled world)."""
        levels = (FIRST_ROUND_RANK, FIRST_ROUND_RANK)
        before = Round.dealt(0, 0, levels, None, config.first_round_starter, (), None)
        return _at_deal_start(config, seed, decks, EMPTY_LOG, DeclareRules.of(config), before)

    def _new_deal(
        self,
        log: Log,
        deal_no: int,
        *,
        round_no: int | None = None,
        levels: tuple[int, int] | None = None,
        declarers: int | None = None,
        starter: int | None = None,
        last_round: RoundSummary | None = None,
    ) -> TractorState:
        """A fresh deal, everything of the round reset. Without ``round_no`` it is a redeal of the
        same round; otherwise the next round, with its levels, declarers and starter."""
        if round_no is None:
            old = self.round
            round_no, levels, declarers, starter = old.number, old.levels, old.declarers, old.starter
            last_round = old.last_round
        assert levels is not None and starter is not None
        deck = _deal(self.seed, self.decks, deal_no)
        dealt = Round.dealt(round_no, deal_no, levels, declarers, starter, deck, last_round)
        log = log.with_events(DealStarted(deal_no + 1, starter, levels))
        return _at_deal_start(self.config, self.seed, self.decks, log, self.declaring.rules, dealt)

    # --- the protocol ----------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.stage

    @property
    def to_move(self) -> int | None:
        return self.mover

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    @property
    def result(self) -> Result | None:
        return self.round.outcome

    @property
    def num_seats(self) -> int:
        return 4

    def may_act(self, seat: int) -> bool:
        if seat == self.mover:
            return True
        return self.stage == "draw" and bool(self._declarations(seat))

    def _checked(self, action: object, seat: object) -> tuple[Action, int]:
        try:
            return State._checked(self, action, seat)  # a slotted dataclass: no zero-argument super()
        except NotYourTurnError:
            # During the draw a seat with no legal declaration may not act; if it tried to declare,
            # say which rule refuses its declaration rather than only that it may not act.
            act, s = self.parse(action), self._seat(seat)
            if self.stage == "draw" and s is not None and act.verb == "declare":
                reason = declaration_reason(
                    self.hands[s],
                    s,
                    act.cards,
                    self.declaring.declaration,
                    self.round.rank,
                    self.declaring.rules,
                )
                if reason is not None:
                    text = f"seat {s} cannot act now: {reason}"
                    raise NotYourTurnError(Reason(text, reason.code, **reason.params)) from None
            raise

    def _declarations(self, seat: int) -> tuple[tuple[Card, ...], ...]:
        return self.declaring.options[seat]

    def _legal(self, seat: int) -> Sequence[Action]:
        stage = self.stage
        if stage == "play":
            hand = self.hands[seat]
            trump = self._trump
            choices = legal_follows(hand, self.trick[0][1], trump) if self.trick else legal_leads(hand, trump)
            return CardActions("play", choices, self, seat)
        if stage == "draw":
            return self._draw_legal(seat)
        if stage == "last-declare":
            return _declare_actions(self._declarations(seat), "pass")
        if stage == "kitty":
            return CardActions("bury", bury_choices(self.hands[seat]), self, seat)
        return ()

    def _draw_legal(self, seat: int) -> tuple[Action, ...]:
        options = self.declaring.options[seat]
        if not options:
            return _DRAW_ONLY if seat == self.mover else ()
        if seat != self.mover:
            return _declare_actions(options, None)
        return _declare_actions(options, "draw") if options else _DRAW_ONLY

    def _illegal_reason(self, action: Action, seat: int) -> Reason | None:
        verb, stage = action.verb, self.stage
        if verb == "play":
            if stage != "play":
                text = f"cards are played only once the tricks begin (this is the {stage} phase)"
                return Reason(text, "play_not_yet", phase=stage)
            try:
                if self.trick:
                    check_follow(self.hands[seat], self.trick[0][1], action.cards, self._trump)
                else:
                    check_lead(self.hands[seat], action.cards, self._trump)
            except IllegalActionError as err:
                assert isinstance(err.reason, Reason), err.reason  # every refusal names its rule
                return err.reason
            return None
        if verb == "draw":
            if stage != "draw":
                return Reason("the draw is over: every player holds 25 cards", "draw_over")
            if seat != self.to_move:
                text = f"it is seat {self.to_move}'s turn to draw; you may only declare now"
                return Reason(text, "draw_turn", mover_seat=self.to_move)
            return None
        if verb == "declare":
            if stage not in ("draw", "last-declare"):
                text = "trumps are declared only during the draw and the last chance right after it"
                return Reason(text, "declare_closed")
            return declaration_reason(
                self.hands[seat],
                seat,
                action.cards,
                self.declaring.declaration,
                self.round.rank,
                self.declaring.rules,
            )
        if verb == "pass":
            if stage != "last-declare":
                text = "'pass' only lets your last chance to declare go, after the last card is drawn"
                return Reason(text, "pass_not_now")
            return None
        if verb == "bury":
            if stage != "kitty":
                return Reason(
                    "only the starter buries, once the draw and declarations are over", "bury_not_now"
                )
            if len(action.cards) != KITTY_SIZE:
                text = f"the kitty holds exactly {KITTY_SIZE} cards: you chose {len(action.cards)}"
                return Reason(text, "kitty_size", n=KITTY_SIZE, chosen=len(action.cards))
            missing = Counter(action.cards) - Counter(self.hands[seat])
            if missing:
                lacking = sorted(missing.elements(), key=action_key)
                text = f"you do not hold {format_cards(lacking)}"
                return Reason(text, "cards_not_held", cards=[str(c) for c in lacking])
            return None
        return Reason(f"'{verb}' is not a Tractor action", "unknown_verb", verb=verb)

    @property
    def _trump(self) -> Trump:
        assert self.kitty.trump is not None, "the trump is fixed once the declarations are over"
        return self.kitty.trump

    # --- transitions -----------------------------------------------------------------------------
    def _next(self, action: Action, seat: int) -> TractorState:
        verb = action.verb
        if verb == "draw":
            return self._draw()
        if verb == "play":
            return self._play(action, seat)
        log = self.log.push(seat, action)
        if verb == "declare":
            d = self.declaring
            rank = self.round.rank
            declaring = d.declared(make_declaration(seat, action.cards, d.declaration, rank), rank)
            if self.stage == "draw":
                return self._step(
                    log, "draw", self.mover, self.hands, self.drawn, self.trick, declaring, self.tricks
                )
            return self._used_chance(log, declaring)
        if verb == "pass":
            return self._used_chance(log, self.declaring)
        return self._bury(action.cards, log)

    def _draw(self) -> TractorState:
        """The seat to move draws the next card (its own private event, made once per seat and card)."""
        i = self.drawn
        card = self.round.deck[i]
        code: int = card  # compiled: the tables indexed by an int (a Card index is a generic lookup)
        seat = (self.round.first_drawer + i) % 4
        log = self.log.push(seat, DRAW, _DRAWN[seat][code])
        hands = list(self.hands)
        hands[seat] = hands[seat] + (card,)
        rank = self.round.rank
        declaring = self.declaring.drawn(seat, card, rank) if is_special(code, rank) else self.declaring
        stage: Phase = "last-declare" if i + 1 == DRAWN else "draw"
        return self._step(log, stage, (seat + 1) % 4, tuple(hands), i + 1, self.trick, declaring, self.tricks)

    def _step(
        self,
        log: Log,
        stage: Phase,
        mover: int | None,
        hands: tuple[tuple[Card, ...], ...],
        drawn: int,
        trick: tuple[Play, ...],
        declaring: Declaring,
        tricks: Tricks,
    ) -> TractorState:
        """The successor of a draw, a play or a declaration: what those change is given, the rest (the
        game's config, seed and decks, the deal's round and kitty) is kept. Made by the constructor
        rather than ``evolve``: compiled, this is one native call, where ``evolve`` runs interpreted
        (about 1 µs more on each of the 200 draws and plays of a round)."""
        return TractorState(
            self.config,
            self.seed,
            self.decks,
            log,
            stage,
            mover,
            hands,
            drawn,
            trick,
            self.round,
            declaring,
            self.kitty,
            tricks,
        )

    def _used_chance(self, log: Log, declaring: Declaring) -> TractorState:
        """A seat has used its last chance to declare (``log`` and ``declaring`` as its action left
        them): the next seat has its chance, or after the fourth the declarations are over."""
        chances = declaring.chances + 1
        declaring = Declaring(
            declaring.rules, declaring.specials, declaring.declaration, chances, declaring.options
        )
        mover = (self.round.first_drawer + chances) % 4
        after = self._step(log, self.stage, mover, self.hands, self.drawn, self.trick, declaring, self.tricks)
        return after if chances < 4 else after._declarations_over()

    def _declarations_over(self) -> TractorState:
        """The draw and the last chances are over: fix the trump and hand the kitty to the starter."""
        declared = self.declaring.declaration
        old = self.round
        first_round = old.declarers is None
        if declared is None and first_round:
            # nobody declared in the first round: collect the cards and deal again
            return self._new_deal(self.log, old.deal_no + 1)
        kitty = old.deck[DRAWN:]
        revealed: tuple[Card, ...] = ()
        suit: Suit | None
        if declared is None:
            revealed, suit = reveal_kitty(kitty, old.rank)
        else:
            suit = declared.suit
        declarers = team_of(declared.seat, 4) if first_round and declared is not None else old.declarers
        starter = declared.seat if first_round and declared is not None else old.starter
        assert declarers is not None
        trump = Trump(
            rank=Rank(old.rank),
            suit=suit,
            rank_cards_trump_in_no_trump=self.config.no_trump_rank_cards_are_trump,
            gap_tractors=self.config.gap_tractors,
        )
        hands = list(self.hands)
        hands[starter] = hands[starter] + kitty
        shown = (
            *(TurnedUp(card) for card in revealed),
            TrumpSet(None if suit is None else suit.letter, Rank(old.rank).letter),
            KittyTaken(starter, kitty, len(kitty)),
        )
        return evolve(
            self,
            log=self.log.with_events(*shown),
            stage="kitty",
            mover=starter,
            hands=tuple(hands),
            round=evolve(old, declarers=declarers, starter=starter),
            declaring=evolve(self.declaring, chances=4),
            kitty=Kitty(trump, revealed, kitty),
        )

    def _bury(self, cards: tuple[Card, ...], log: Log) -> TractorState:
        starter = self.round.starter
        hands = list(self.hands)
        hands[starter] = _without(hands[starter], cards)
        return evolve(
            self,
            log=log,
            stage="play",
            mover=starter,
            hands=tuple(hands),
            kitty=evolve(self.kitty, buried=cards),
            tricks=Tricks(starter),
        )

    def _play(self, action: Action, seat: int) -> TractorState:
        """``seat`` plays ``action``'s cards (a failed throw: the unit it is forced to lead); the log
        records the play with what it caused, in one node."""
        cards = action.cards
        recorded: tuple[Recorded, ...] = ()
        trump = self._trump
        hands = list(self.hands)
        tricks = self.tricks
        if not self.trick and len(cards) > 1:
            others = (hands[(seat + 1) % 4], hands[(seat + 2) % 4], hands[(seat + 3) % 4])
            check = throw_check(cards, others, trump)
            if not check.ok:
                forced = check.forced  # a unit's cards, in action order
                penalty = self.config.failed_throw_penalty * (len(cards) - len(forced))
                if team_of(seat, 4) != self.round.declarers:
                    penalty = -penalty
                # Built directly, the event recorded as a recipe (made when read): in random play
                # most throws fail.
                tricks = Tricks(
                    leader=tricks.leader,
                    done=tricks.done,
                    won=tricks.won,
                    points=tricks.points + penalty,
                    failed_throws=(*tricks.failed_throws, FailedThrow(seat, cards, forced, penalty)),
                )
                recorded = ((Played, seat, forced, cards, penalty),)
                cards = forced
        hands[seat] = _without(hands[seat], cards)
        trick = (*self.trick, (seat, cards))
        if len(trick) < 4:
            log = self.log.push(seat, action, recorded)
            return self._step(
                log, "play", (seat + 1) % 4, tuple(hands), self.drawn, trick, self.declaring, tricks
            )
        leader = tricks.leader
        plays = [trick[0][1], trick[1][1], trick[2][1], cards]
        winner = (leader + trick_winner(plays, trump)) % 4
        all_cards = plays[0] + plays[1] + plays[2] + cards
        trick_points = card_points(all_cards)
        team = team_of(winner, 4)
        won = tricks.won
        tricks = Tricks(
            leader=winner,
            done=(*tricks.done, TrickRecord(trick, winner, trick_points)),
            won=(won[0] + all_cards, won[1]) if team == 0 else (won[0], won[1] + all_cards),
            points=tricks.points + trick_points if team != self.round.declarers else tricks.points,
            failed_throws=tricks.failed_throws,
        )
        log = self.log.push(seat, action, (*recorded, (trick_won, leader, trick, winner, trick_points)))
        done = self._step(log, "play", winner, tuple(hands), self.drawn, (), self.declaring, tricks)
        if hands[winner]:
            return done
        return done._round_over(trick, winner)

    def _round_over(self, last_trick: tuple[Play, ...], last_winner: int) -> TractorState:
        old = self.round
        declarers = old.declarers
        assert declarers is not None
        summary = score_round(
            round_no=old.number,
            config=self.config,
            trump=self._trump,
            levels=old.levels,
            declarers=declarers,
            starter=old.starter,
            points=self.tricks.points,
            kitty=self.kitty.buried,
            last_trick=last_trick,
            last_winner=last_winner,
        )
        levels = summary.levels_after
        shown: list[Event] = [
            Revealed("kitty", old.starter, self.kitty.buried),
            DealScored(old.deal_no + 1, (min(levels[0], ACE), min(levels[1], ACE)), summary),
        ]
        if summary.winner is not None:
            shown.append(GameOver((min(levels[0], ACE), min(levels[1], ACE)), summary.winner))
            w = summary.winner
            outcome = Result(
                scores=(min(levels[0], ACE), min(levels[1], ACE)),
                winner=w,
                summary=f"team {w} (seats {w} and {w + 2}) advanced past A and won after "
                f"{old.number + 1} rounds",
                details={
                    "levels": [level_name(levels[0]), level_name(levels[1])],
                    "rounds": old.number + 1,
                    "last_round": to_jsonable(summary.as_mapping()),
                },
            )
            return evolve(
                self,
                log=self.log.with_events(*shown),
                stage="over",
                mover=None,
                round=evolve(old, levels=levels, last_round=summary, outcome=outcome),
            )
        return self._new_deal(
            self.log.with_events(*shown),
            old.deal_no + 1,
            round_no=old.number + 1,
            levels=levels,
            declarers=summary.next_declarers,
            starter=summary.next_starter,
            last_round=summary,
        )

    def _action_event(self, seat: int, action: Action, caused: tuple[Event, ...]) -> Event | None:
        if caused and action.verb == "play" and isinstance(caused[0], Played):
            return None  # a failed throw: its Played event, recorded, names what was attempted
        return State._action_event(self, seat, action, caused)

    # --- card-by-card selection ------------------------------------------------------------------
    def selectable(self, picked: Sequence[Card] = (), seat: object = None) -> tuple[Card, ...]:
        """The distinct cards the seat (default: to move) may add to ``picked`` for its current
        multi-card action — a play, the kitty, or a declaration — so that some legal completion
        exists (in canonical order; empty when the seat has no such action now)."""
        s = self._seat(seat)
        if s is None or not self.may_act(s):
            return ()
        stage = self.stage
        if stage == "play":
            lead = self.trick[0][1] if self.trick else None
            return selectable(self.hands[s], lead, self._trump, tuple(picked))
        if stage == "kitty":
            return bury_selectable(self.hands[s], picked)
        if stage in ("draw", "last-declare"):
            want = Counter(picked)
            out: set[Card] = set()
            for option in self._declarations(s):
                have = Counter(option)
                if want <= have:
                    out.update(c for c in have if have[c] > want[c])
            return tuple(sorted(out, key=action_key))
        return ()

    def pick(self, seat: object = None) -> Pick | None:
        """The seat's multi-card action now: a play (its count: the cards led; None for a lead), the
        kitty (8 cards) or a declaration (None when declarations of several sizes are open)."""
        s = self._seat(seat)
        if s is None or not self.may_act(s):
            return None
        stage = self.stage
        if stage == "play":
            return _follow_pick(len(self.trick[0][1])) if self.trick else _LEAD_PICK
        if stage == "kitty":
            return _BURY_PICK
        if stage in ("draw", "last-declare"):
            sizes = {len(option) for option in self._declarations(s)}
            if not sizes:
                return None
            return _DECLARE_PICKS.get(sizes.pop()) if len(sizes) == 1 else _DECLARE_PICK
        return None

    def completes(self, picked: Sequence[Card], seat: object = None) -> Action | None:
        pick = self.pick(seat)
        if pick is None or not picked or (pick.count is not None and len(picked) != pick.count):
            return None
        action = Action.make(pick.verb, picked)
        return action if self.is_legal(action, seat) else None

    def _pick_reason(self, picked: tuple[Card, ...], card: Card, seat: int) -> Reason:
        """The rule that adding ``card`` to ``picked`` breaks: the lead's or follow's, the kitty's or
        the declaration's (and outside them, that cards are not played yet)."""
        cards = (*picked, card)
        pick = self.pick(seat)
        hand = self.hands[seat]
        if pick is None:
            reason = self._illegal_reason(Action.make("play", cards), seat)
        elif pick.verb == "play" and self.trick:
            reason = follow_refusal(hand, self.trick[0][1], cards, self._trump)
        elif pick.verb == "play":
            try:
                check_lead(hand, cards, self._trump)
                reason = None
            except IllegalActionError as err:
                reason = err.reason if isinstance(err.reason, Reason) else None
        elif pick.verb == "bury":
            reason = kitty_refusal(hand, cards)
        else:
            reason = declaration_reason(
                hand, seat, cards, self.declaring.declaration, self.round.rank, self.declaring.rules
            )
        assert reason is not None, f"{card} was not selectable, yet no rule refuses {format_cards(cards)}"
        return reason

    # --- what each seat sees ---------------------------------------------------------------------
    def view(self, seat: object = None) -> TractorView:
        return build_view(self, self._viewer(seat))

    def seat_fields(self, seat: object) -> dict[str, Any]:
        return seat_fields(self, self._viewer(seat))

    def card_locations(self) -> Mapping[str, Sequence[Card]]:
        stock = self.round.deck[self.drawn : DRAWN] if self.stage in ("draw", "last-declare") else ()
        kitty = self.round.deck[DRAWN:] if self.stage in ("draw", "last-declare") else self.kitty.buried
        out: dict[str, Sequence[Card]] = {f"hand {s}": self.hands[s] for s in range(4)}
        out["stock"] = stock
        out["kitty"] = kitty
        out["trick"] = tuple(c for _, p in self.trick for c in p)
        out["won 0"] = self.tricks.won[0]
        out["won 1"] = self.tricks.won[1]
        return out

    def public_cards(self) -> dict[int, Counter[Card]]:
        return sight.public_cards(self)

    def hidden_cards(self, seat: object) -> Sequence[Card]:
        return sight.hidden_cards(self, self._viewer(seat))

    def _hands_open(self) -> bool:
        return sight.hands_open(self)

    def __repr__(self) -> str:
        mover = "" if self.to_move is None else f", to_move={self.to_move}"
        return (
            f"<TractorState round {self.round.number + 1} phase={self.stage}{mover}, levels "
            f"{level_name(self.round.levels[0])}-{level_name(self.round.levels[1])}, {len(self.log)} actions>"
        )


# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
TractorState.VERBS, TractorState.GAME_NAME = VERBS, "tractor"


_DRAW_ONLY: Final = (DRAW,)
_NO_KITTY = Kitty()
_LEAD_PICK = Pick("play", None)
_BURY_PICK = Pick("bury", KITTY_SIZE)
_DECLARE_PICK = Pick("declare", None)
_DECLARE_PICKS = {n: Pick("declare", n) for n in (1, 2, 3, 4)}
_FOLLOW_PICKS: dict[int, Pick] = {}


def _follow_pick(n: int) -> Pick:
    """The pick of a follow to ``n`` cards led (made once per size)."""
    pick = _FOLLOW_PICKS.get(n)
    if pick is None:
        pick = _FOLLOW_PICKS[n] = Pick("play", n)
    return pick


_DRAWN: Final = tuple(tuple((Dealt(seat, (card,), 1),) for card in ALL_CARDS) for seat in range(4))
"""The event of each seat drawing each card."""


@lru_cache(maxsize=1024)
def _declare_actions(options: tuple[tuple[Card, ...], ...], also: str | None) -> tuple[Action, ...]:
    """The ``declare`` actions for some declarations, with ``draw`` first or ``pass`` last (``also``
    names the verb: a string hashes in C, an action's dataclass hash runs interpreted)."""
    declare = tuple(Action("declare", cards) for cards in options)
    if also is None:
        return declare
    return (DRAW, *declare) if also == "draw" else (*declare, PASS)


def _deal(seed: int, decks: tuple[tuple[Card, ...], ...], n: int) -> tuple[Card, ...]:
    """Deal *n*'s cards in drawing order: the stacked deck if there is one, else a seeded shuffle."""
    return decks[n] if n < len(decks) else shuffled(PACK, seed, f"deal {n}")


def _without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    if len(cards) == 1:
        # One card, found by its code in a loop over the hand as ints (compiled: no method call).
        card: int = cards[0]
        codes: tuple[int, ...] = hand
        for i in range(len(codes)):
            if codes[i] == card:
                return hand[:i] + hand[i + 1 :]
        raise ValueError(f"{cards[0]} is not in the hand")
    out = list(hand)
    for c in cards:
        out.remove(c)
    return tuple(out)


def _at_deal_start(
    config: Config,
    seed: int,
    decks: tuple[tuple[Card, ...], ...],
    log: Log,
    rules: DeclareRules,
    dealt: Round,
) -> TractorState:
    """The state as a deal begins (a table before any deal, a redeal, the next round's deal): the
    starter to draw, nothing drawn, declared, buried or played yet."""
    return TractorState(
        config=config,
        seed=seed,
        decks=decks,
        log=log,
        stage="draw",
        mover=dealt.starter,
        hands=((), (), (), ()),
        drawn=0,
        trick=(),
        round=dealt,
        declaring=Declaring(rules),
        kitty=_NO_KITTY,
        tricks=Tricks(dealt.starter),
    )


copyable(FailedThrow, TrickRecord, Round, Declaring, Kitty, Tricks, TractorState)
