"""Back Alley's state: the phases ``bid`` → ``play`` → (next hand) ... → ``over``.

Dealing, the trump turn-up, the joker swap, scoring a hand and dealing the next are automatic: they
happen inside the action that finishes the bidding (a throw-in) or the last trick of a hand.

Speed: the cards the seat to move may play are found once, by :func:`play.play_rule`, when the state is
made; checking a play is then a membership test, and only a refused action is explained (by the same
rule). Each transition builds its successor with every field given, by the state's own ``__init__``
(compiled, a native class's: see :mod:`tricktable.compiled`); :func:`~tricktable.core.state.evolve`
with the changes by keyword made random play about 15 % slower. This is the hot path of every search
and simulation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tricktable.cards import ALL_CARDS, Card
from tricktable.core.actions import Action, ArgKind, Verb, plays, verb_table
from tricktable.core.copies import copyable
from tricktable.core.errors import Reason
from tricktable.core.events import DealScored, GameOver, single_trick_won
from tricktable.core.history import Log
from tricktable.core.rng import shuffled
from tricktable.core.state import Result, State, team_of
from tricktable.core.trick import Play, first_from, next_seat, single_plays

from .bidding import (
    BOARD,
    Contract,
    bid_reason,
    bid_value,
    contracts,
    first_leader,
    highest_number,
    legal_bids,
    named_bids,
)
from .config import Config
from .deal import SEATS, Deal, deal, hand_sizes
from .play import breaks_trumps, play_rule, refusal
from .ranking import NO_TRUMP, trick_winner
from .scoring import HandRecord, side_points
from .sight import deal_events, hands_open, hidden_cards
from .view import BackAlleyView, build_view, seat_fields

__all__ = ["VERBS", "Auction", "BackAlleyState", "Match", "Phase", "Progress", "Trick", "start"]

VERBS = verb_table(
    Verb("bid", ArgKind.BID, "bid a number of tricks (1 to cards in hand - 1), pass, or board (every trick)"),
    Verb("play", ArgKind.CARDS, "play one card"),
)


@dataclass(frozen=True, init=False)
class Trick:
    """A completed trick: who led, the four cards in play order, who won it. (A native record: a
    ``NamedTuple``'s constructor runs interpreted, once per trick.)"""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def __init__(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "winner", winner)

    def plays(self) -> tuple[Play, ...]:
        return single_plays(self.leader, self.cards, SEATS)


@dataclass(frozen=True, init=False)
class Match:
    """What runs across hands: the hand number (1-based), deals made so far (thrown-in ones too),
    the scores and the score sheet."""

    number: int
    deals: int
    scores: tuple[int, int]
    sheet: tuple[HandRecord, ...]

    def __init__(
        self, number: int, deals: int, scores: tuple[int, int], sheet: tuple[HandRecord, ...]
    ) -> None:
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "sheet", sheet)


@dataclass(frozen=True, init=False)
class Auction:
    """The bids of this hand in order (from left of the dealer), and once all four have bid the
    contracts and whether a board opened trumps."""

    bids: tuple[int, ...]
    contracts: tuple[Contract, Contract] | None
    trumps_open: bool

    def __init__(
        self,
        bids: tuple[int, ...],
        contracts: tuple[Contract, Contract] | None = None,
        trumps_open: bool = False,
    ) -> None:
        object.__setattr__(self, "bids", bids)
        object.__setattr__(self, "contracts", contracts)
        object.__setattr__(self, "trumps_open", trumps_open)


@dataclass(frozen=True, init=False)
class Progress:
    """The tricks completed this hand, tricks won per seat, and whether a trump has been played."""

    tricks: tuple[Trick, ...]
    won: tuple[int, int, int, int]
    broken: bool

    def __init__(self, tricks: tuple[Trick, ...], won: tuple[int, int, int, int], broken: bool) -> None:
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "broken", broken)


_NO_PROGRESS = Progress((), (0, 0, 0, 0), False)

Phase = Literal["bid", "play", "over"]
"""``bid``: each seat bids once from left of the dealer; ``play``: tricks, the highest bidder leading
the first; ``over``: after the last hand. A throw-in or a finished hand deals the next hand: ``bid``."""


@dataclass(frozen=True, init=False, repr=False)
class BackAlleyState(State):
    """One moment of a game of Back Alley. Build with ``GAME.new(...)``; advance with ``apply``."""

    config: Config
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    log: Log
    match: Match
    deal: Deal
    auction: Auction
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[Card, ...]
    """The cards played to the trick in progress, from ``leader`` on."""
    leader: int
    mover: int | None
    progress: Progress
    playable: tuple[Card, ...]
    """The cards ``mover`` may play (empty while bidding and when the game is over)."""

    def __init__(
        self,
        config: Config,
        seed: int,
        decks: tuple[tuple[Card, ...], ...],
        log: Log,
        match: Match,
        deal: Deal,
        auction: Auction,
        hands: tuple[tuple[Card, ...], ...],
        trick: tuple[Card, ...],
        leader: int,
        mover: int | None,
        progress: Progress,
        playable: tuple[Card, ...],
    ) -> None:
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "match", match)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "auction", auction)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "mover", mover)
        object.__setattr__(self, "progress", progress)
        object.__setattr__(self, "playable", playable)

    # --- the protocol ---------------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        if self.mover is None:
            return "over"
        return "bid" if self.auction.contracts is None else "play"

    @property
    def to_move(self) -> int | None:
        return self.mover

    @property
    def is_over(self) -> bool:
        return self.mover is None

    @property
    def num_seats(self) -> int:
        return SEATS

    @property
    def result(self) -> Result | None:
        if self.mover is not None:
            return None
        a, b = self.match.scores
        winner = _leading_team(self.match.scores)
        summary = (
            f"a draw at {a} all"
            if winner is None
            else f"team {winner} (seats {winner} and {winner + 2}) wins {max(a, b)} to {min(a, b)}"
        )
        sheet = self.match.sheet
        details = {"hands": sum(not r.thrown_in for r in sheet), "thrown_in": sum(r.thrown_in for r in sheet)}
        return Result(scores=(a, b), winner=winner, summary=summary, details=details)

    @property
    def trump(self) -> int:
        """The trump suit's index (0..3 for S H D C) or ``NO_TRUMP``."""
        return self.deal.trump

    def _is_playable(self, action: Action) -> bool:
        cards = action.cards
        return len(cards) == 1 and cards[0] in self.playable and action.verb == "play" and action.arg is None

    def _legal(self, seat: int) -> Sequence[Action]:
        if self.auction.contracts is None:
            floor = highest_number(self.auction.bids)
            return legal_bids(self.deal.size, floor, self.config.bid_must_increase)
        return plays(self.playable)

    def _illegal_reason(self, action: Action, seat: int) -> Reason | None:
        if self.auction.contracts is None:
            return self._bid_refusal(action)
        if self._is_playable(action):
            return None
        cards = action.cards
        if action.verb != "play":
            return Reason("the bidding is over: play a card", "bidding_over")
        if len(cards) != 1:
            return Reason("play one card at a time, like 'play 7H'", "one_card")
        hand = self.hands[seat]
        allowed, rule = self._rule(hand, self.trick)
        return refusal(cards[0], hand, self.trick, self.deal.trump, allowed, rule)

    def _bid_refusal(self, action: Action) -> Reason | None:
        """Why a bid is refused, or None: :func:`legal_bids` lists exactly the bids this accepts."""
        if action.verb != "bid":
            return Reason("the bidding comes first: bid a number of tricks, pass or board", "bid_first")
        value = bid_value(action)
        if value is None:
            if action.arg == 0:
                return Reason("to bid no tricks, say 'bid pass'", "bid_zero")
            text = f"'{action}' is not a bid: bid a number of tricks, pass or board"
            return Reason(text, "not_a_bid", action=str(action))
        floor = highest_number(self.auction.bids)
        return bid_reason(value, self.deal.size, floor, self.config.bid_must_increase)

    def _rule(self, hand: tuple[Card, ...], trick: tuple[Card, ...]) -> tuple[tuple[Card, ...], int]:
        return play_rule(
            hand,
            trick,
            self.deal.trump,
            self.progress.broken or self.auction.trumps_open,
            self.config.little_joker_forces,
        )

    # --- transitions ----------------------------------------------------------------------------
    def _next(self, action: Action, seat: int) -> BackAlleyState:
        if self.auction.contracts is None:
            return self._after_bid(action, seat, self.log.push(seat, action))
        card = action.cards[0]
        hand = self.hands[seat]
        i = first_from(hand, card, 0)  # its place in the sorted hand
        hands = list(self.hands)
        hands[seat] = hand[:i] + hand[i + 1 :]
        trick = (*self.trick, card)
        if len(trick) < SEATS:
            nxt = next_seat(seat, SEATS)
            hands_t = tuple(hands)
            playable, _ = play_rule(
                hands_t[nxt],
                trick,
                self.deal.trump,
                self.progress.broken or self.auction.trumps_open,
                self.config.little_joker_forces,
            )
            return BackAlleyState(
                self.config,
                self.seed,
                self.decks,
                self.log.push(seat, action),
                self.match,
                self.deal,
                self.auction,
                hands_t,
                trick,
                self.leader,
                nxt,
                self.progress,
                playable,
            )
        return self._after_trick(tuple(hands), trick, seat, action)

    def _after_trick(
        self, hands: tuple[tuple[Card, ...], ...], trick: tuple[Card, ...], seat: int, action: Action
    ) -> BackAlleyState:
        """The last card of a trick (``action`` by ``seat``): the trick won, and its event."""
        trump = self.deal.trump
        winner = (self.leader + trick_winner(trick, trump)) % SEATS
        old = self.progress
        broken = old.broken or breaks_trumps(trick, trump)
        won = list(old.won)
        won[winner] += 1
        done = Trick(self.leader, trick, winner)
        log = self.log.push(seat, action, ((single_trick_won, self.leader, trick, winner, SEATS),))
        progress = Progress((*old.tricks, done), (won[0], won[1], won[2], won[3]), broken)
        if len(progress.tricks) == self.deal.size:
            return self._score_hand(hands, progress, log)
        playable, _ = play_rule(
            hands[winner], (), trump, broken or self.auction.trumps_open, self.config.little_joker_forces
        )
        return BackAlleyState(
            self.config,
            self.seed,
            self.decks,
            log,
            self.match,
            self.deal,
            self.auction,
            hands,
            (),
            winner,
            winner,
            progress,
            playable,
        )

    def _after_bid(self, action: Action, seat: int, log: Log) -> BackAlleyState:
        value = bid_value(action)
        assert value is not None
        bids = (*self.auction.bids, value)
        if len(bids) < SEATS:
            return self._with(log, Auction(bids), next_seat(seat, SEATS), ())
        first = (self.deal.dealer + 1) % SEATS
        leader = first_leader(bids, first, self.config.equal_bid_leader)
        if leader is None:
            return self._thrown_in(bids, log)
        board = BOARD in bids
        auction = Auction(
            bids, contracts(bids, first, self.deal.size), board and self.config.board_opens_trumps
        )
        playable, _ = play_rule(
            self.hands[leader], (), self.deal.trump, auction.trumps_open, self.config.little_joker_forces
        )
        return self._with(log, auction, leader, playable)

    def _with(self, log: Log, auction: Auction, mover: int, playable: tuple[Card, ...]) -> BackAlleyState:
        return BackAlleyState(
            self.config,
            self.seed,
            self.decks,
            log,
            self.match,
            self.deal,
            auction,
            self.hands,
            (),
            mover,
            mover,
            _NO_PROGRESS,
            playable,
        )

    def _thrown_in(self, bids: tuple[int, ...], log: Log) -> BackAlleyState:
        m = self.match
        row = self._record(Auction(bids), None, (0, 0), (0, 0), m.scores, None)
        match = Match(m.number, m.deals + 1, m.scores, (*m.sheet, row))
        log = log.with_events(DealScored(m.deals + 1, m.scores, row))
        return start(self.config, self.seed, self.decks, log, match, (self.deal.dealer + 1) % SEATS)

    def _score_hand(
        self, hands: tuple[tuple[Card, ...], ...], progress: Progress, log: Log
    ) -> BackAlleyState:
        won = progress.won
        taken = (won[0] + won[2], won[1] + won[3])
        pacts = self.auction.contracts
        assert pacts is not None
        size = self.deal.size
        points = (
            side_points(pacts[0], taken[0], size, self.config),
            side_points(pacts[1], taken[1], size, self.config),
        )
        m = self.match
        scores = (m.scores[0] + points[0], m.scores[1] + points[1])
        row = self._record(self.auction, progress.tricks[-1], taken, points, scores, pacts)
        sheet = (*m.sheet, row)
        log = log.with_events(DealScored(m.deals + 1, scores, row))
        if m.number == len(hand_sizes(self.config.deals)):
            final = Match(m.number, m.deals + 1, scores, sheet)
            log = log.with_events(GameOver(scores, _leading_team(scores)))
            # The last hand's deal and tricks stay, so every card is still accounted for.
            return BackAlleyState(
                self.config,
                self.seed,
                self.decks,
                log,
                final,
                self.deal,
                self.auction,
                hands,
                (),
                0,
                None,
                progress,
                (),
            )
        match = Match(m.number + 1, m.deals + 1, scores, sheet)
        return start(self.config, self.seed, self.decks, log, match, (self.deal.dealer + 1) % SEATS)

    def _record(
        self,
        auction: Auction,
        last: Trick | None,
        taken: tuple[int, int],
        points: tuple[int, int],
        scores: tuple[int, int],
        pacts: tuple[Contract, Contract] | None,
    ) -> HandRecord:
        d = self.deal
        return HandRecord(
            number=self.match.number,
            size=d.size,
            dealer=d.dealer,
            trump=None if d.trump == NO_TRUMP else "SHDC"[d.trump],
            bids=named_bids(auction.bids, (d.dealer + 1) % SEATS),
            contracts=pacts,
            tricks=taken,
            points=points,
            scores=scores,
            thrown_in=pacts is None,
            last_trick=() if last is None else last.plays(),
            last_winner=None if last is None else last.winner,
        )

    # --- what may be seen ------------------------------------------------------------------------
    def view(self, seat: object = None) -> BackAlleyView:
        return build_view(self, self._viewer(seat))

    def seat_fields(self, seat: object) -> dict[str, Any]:
        return seat_fields(self, self._viewer(seat))

    def card_locations(self) -> Mapping[str, Sequence[Card]]:
        out: dict[str, Sequence[Card]] = {f"hand {s}": self.hands[s] for s in range(SEATS)}
        out["stock"] = self.deal.stock
        out["turned"] = self.deal.turn_up
        out["discard"] = self.deal.discard
        out["trick"] = self.trick
        for team in (0, 1):
            out[f"won team {team}"] = tuple(
                c for t in self.progress.tricks if team_of(t.winner, SEATS) == team for c in t.cards
            )
        return out

    def hidden_cards(self, seat: object) -> Sequence[Card]:
        return hidden_cards(self, self._viewer(seat))

    def _hands_open(self) -> bool:
        return hands_open(self)


# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
BackAlleyState.VERBS, BackAlleyState.GAME_NAME = VERBS, "back-alley"


def _leading_team(scores: tuple[int, int]) -> int | None:
    """The team with more points; None for a draw."""
    a, b = scores
    return None if a == b else (0 if a > b else 1)


def start(
    config: Config, seed: int, decks: tuple[tuple[Card, ...], ...], log: Log, match: Match, dealer: int
) -> BackAlleyState:
    """The state at the start of a deal: cards dealt, trump turned, the seat left of the dealer to bid."""
    size = hand_sizes(config.deals)[match.number - 1]
    n = match.deals
    deck = decks[n] if n < len(decks) else shuffled(ALL_CARDS, seed, f"deal {n}")
    dealt = deal(deck, dealer, size)
    log = log.with_events((deal_events, deck, dealt, n + 1, match.scores))
    first = (dealer + 1) % SEATS
    return BackAlleyState(
        config, seed, decks, log, match, dealt, Auction(()), dealt.hands, (), first, first, _NO_PROGRESS, ()
    )


copyable(Trick, Match, Auction, Progress, BackAlleyState)
