"""The All Fours state: phases, legality, and the successor of each action.

Phases: ``beg`` (the player to the dealer's right says stand or beg), ``give`` (the dealer gives one or
runs the pack), ``play`` (tricks), ``over``. Dealing, turning up, running the pack, the count and the
next deal happen inside the action that causes them, so every state waits for a player (or is over).

During play every seat may act: the seat to move plays; the others may expose one of their cards or
call an opponent's exposed card (the "calling" penalty of the rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from tricktable.cards import ALL_CARDS, Card, Suit
from tricktable.core.actions import Action, ArgKind, Verb, play, verb_table
from tricktable.core.copies import copyable
from tricktable.core.errors import Reason
from tricktable.core.events import (
    Called,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    Scored,
    TrickWon,
    TrumpSet,
)
from tricktable.core.history import EMPTY_LOG, Log
from tricktable.core.rng import shuffled
from tricktable.core.state import Result, State, evolve, team_of
from tricktable.core.trick import Trick, next_seat, single_plays
from tricktable.games.all_fours.config import Config
from tricktable.games.all_fours.deal import (
    FIRST_DEAL,
    FULL_PACK,
    RUN_DEAL,
    Cut,
    deal_order,
    kick_points,
)
from tricktable.games.all_fours.play import allowed_plays, play_problem, trick_winner
from tricktable.games.all_fours.scoring import RoundSummary, ScoreItem, count_deal, game_count, score_items
from tricktable.games.all_fours.sight import dealt_events, hands_open, hidden_cards

if TYPE_CHECKING:
    from tricktable.games.all_fours.view import AllFoursView

__all__ = ["VERBS", "AllFoursState", "Calls", "Deal", "Match", "Phase", "Tricks", "blank", "start"]


class Phase(StrEnum):
    BEG = "beg"
    GIVE = "give"
    PLAY = "play"
    OVER = "over"


VERBS: Mapping[str, Verb] = verb_table(
    Verb("play", ArgKind.CARD, "play a card to the trick"),
    Verb("stand", ArgKind.NONE, "(player to the dealer's right) accept the turned-up trump"),
    Verb("beg", ArgKind.NONE, "(player to the dealer's right) ask the dealer for another trump"),
    Verb("give", ArgKind.NONE, "(dealer, after a beg) 'take one': the beggar's side scores 1, trumps stay"),
    Verb("run", ArgKind.NONE, "(dealer, after a beg) run the pack: 3 more cards each and a new turn-up"),
    Verb("expose", ArgKind.CARD, "(not your turn, during play) show one of your cards face up"),
    Verb("call", ArgKind.CARD, "make the player to move play their exposed card"),
)

_STAND, _BEG, _GIVE, _RUN = Action("stand"), Action("beg"), Action("give"), Action("run")
_BEG_ACTIONS = (_STAND, _BEG)
_GIVE_ACTIONS = (_GIVE, _RUN)
_EXPOSE = tuple(Action("expose", (c,)) for c in ALL_CARDS)
_CALL = tuple(Action("call", (c,)) for c in ALL_CARDS)
_JACK_OF = tuple(Card(s * 13 + 9) for s in range(4))
_NO_TEAM_CARDS: tuple[tuple[Card, ...], ...] = ((), ())
_T = TypeVar("_T")


@dataclass(frozen=True, init=False)
class Calls:
    """The calling penalty's state during play: each seat's exposed cards, the exposed card called
    (its owner, the seat to move, must play it), and the exposed cards called this turn that were
    no legal play for their owner (public answers)."""

    exposed: tuple[tuple[Card, ...], ...]
    called: Card | None
    refused: tuple[Card, ...]

    def __init__(
        self,
        exposed: tuple[tuple[Card, ...], ...],
        called: Card | None = None,
        refused: tuple[Card, ...] = (),
    ) -> None:
        object.__setattr__(self, "exposed", exposed)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "refused", refused)

    @property
    def quiet(self) -> bool:
        """Nothing called this turn (so a play that is not of an exposed card changes nothing here)."""
        return self.called is None and not self.refused

    def after_play(self, seat: int, card: Card) -> Calls:
        """After ``seat`` plays ``card``: the card is no longer exposed, and the turn's calls are over."""
        shown = self.exposed[seat]
        exposed = (
            _with(self.exposed, seat, tuple(c for c in shown if c != card)) if card in shown else self.exposed
        )
        return Calls(exposed)


@dataclass(frozen=True, init=False)
class Match:
    """What runs across deals: the scores, the deals whose count is finished, the items scored so far
    in this deal (turn-ups, beg, then the count), the last finished deal's summary, the cut for the
    first dealer (round by round: ties cut again), and the winning team once the game is over."""

    scores: tuple[int, ...]
    deals_done: int
    sheet: tuple[ScoreItem, ...]
    last_round: RoundSummary | None
    cut: tuple[Cut, ...]
    winner: int | None

    def __init__(
        self,
        scores: tuple[int, ...],
        deals_done: int = 0,
        sheet: tuple[ScoreItem, ...] = (),
        last_round: RoundSummary | None = None,
        cut: tuple[Cut, ...] = (),
        winner: int | None = None,
    ) -> None:
        object.__setattr__(self, "scores", scores)
        object.__setattr__(self, "deals_done", deals_done)
        object.__setattr__(self, "sheet", sheet)
        object.__setattr__(self, "last_round", last_round)
        object.__setattr__(self, "cut", cut)
        object.__setattr__(self, "winner", winner)


@dataclass(frozen=True, init=False)
class Deal:
    """This deal's pack and trumps: who dealt, the pack's index (a stacked deck or a shuffle: packs
    dealt so far minus one), its cards and the next one to deal (from there on, the stock), the
    turned-up cards in order (the last names trumps), and the stand / beg / give / run as
    ``(seat, word)``."""

    dealer: int
    number: int
    pack: tuple[Card, ...]
    next_card: int
    turned: tuple[Card, ...]
    trump: int
    decisions: tuple[tuple[int, str], ...]

    def __init__(
        self,
        dealer: int,
        number: int,
        pack: tuple[Card, ...],
        next_card: int,
        turned: tuple[Card, ...],
        trump: int,
        decisions: tuple[tuple[int, str], ...],
    ) -> None:
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "number", number)
        object.__setattr__(self, "pack", pack)
        object.__setattr__(self, "next_card", next_card)
        object.__setattr__(self, "turned", turned)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "decisions", decisions)


@dataclass(frozen=True, init=False)
class Tricks:
    """The deal's play beyond the trick in progress: who leads it, the hands as play began (who held
    each card, for High and Low), each team's won cards and trick count, the finished tricks in order
    (the views show them), the seat that won the jack of trumps, and the last finished trick."""

    leader: int
    dealt: tuple[tuple[Card, ...], ...]
    won: tuple[tuple[Card, ...], ...]
    tricks_won: tuple[int, ...]
    done: tuple[Trick, ...]
    jack_taker: int | None
    last_trick: tuple[Card, ...]
    last_leader: int | None
    last_winner: int | None

    def __init__(
        self,
        leader: int,
        dealt: tuple[tuple[Card, ...], ...] = (),
        won: tuple[tuple[Card, ...], ...] = _NO_TEAM_CARDS,
        tricks_won: tuple[int, ...] = (0, 0),
        done: tuple[Trick, ...] = (),
        jack_taker: int | None = None,
        last_trick: tuple[Card, ...] = (),
        last_leader: int | None = None,
        last_winner: int | None = None,
    ) -> None:
        object.__setattr__(self, "leader", leader)
        object.__setattr__(self, "dealt", dealt)
        object.__setattr__(self, "won", won)
        object.__setattr__(self, "tricks_won", tricks_won)
        object.__setattr__(self, "done", done)
        object.__setattr__(self, "jack_taker", jack_taker)
        object.__setattr__(self, "last_trick", last_trick)
        object.__setattr__(self, "last_leader", last_leader)
        object.__setattr__(self, "last_winner", last_winner)


@dataclass(frozen=True, init=False, repr=False)
class AllFoursState(State):
    """One moment of a game of All Fours. Build with ``GAME.new(...)``; advance with ``apply``. What
    changes on most actions (the log, the seat to move, the hands, the trick, the calls) are fields;
    the rest is grouped in records that change together, and every successor is made by ``evolve``."""

    config: Config
    seed: int
    decks: tuple[tuple[Card, ...], ...]
    log: Log
    stage: Phase
    mover: int | None
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted by code (suit, then rank)."""
    trick: tuple[Card, ...]
    """The cards played to the trick in progress, from ``tricks.leader`` on."""
    calls: Calls
    deal: Deal
    tricks: Tricks
    match: Match

    def __init__(
        self,
        config: Config,
        seed: int,
        decks: tuple[tuple[Card, ...], ...],
        log: Log,
        stage: Phase,
        mover: int | None,
        hands: tuple[tuple[Card, ...], ...],
        trick: tuple[Card, ...],
        calls: Calls,
        deal: Deal,
        tricks: Tricks,
        match: Match,
    ) -> None:
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "decks", decks)
        object.__setattr__(self, "log", log)
        object.__setattr__(self, "stage", stage)
        object.__setattr__(self, "mover", mover)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "trick", trick)
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "deal", deal)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "match", match)

    # --- protocol --------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.stage.value

    @property
    def to_move(self) -> int | None:
        return self.mover

    @property
    def is_over(self) -> bool:
        return self.stage is Phase.OVER

    @property
    def num_seats(self) -> int:
        return self.config.players

    @property
    def result(self) -> Result | None:
        if self.match.winner is None:
            return None
        a, b = self.match.scores
        teams = self.team_seats()
        seats = teams[self.match.winner]
        who = (
            f"team {self.match.winner} (seats {seats[0]} & {seats[1]})"
            if len(seats) == 2
            else f"seat {seats[0]}"
        )
        return Result(
            scores=self.match.scores,
            winner=self.match.winner,
            summary=f"{who} wins {a}-{b} (game to {self.config.target})",
            details={"deals": self.match.deals_done + 1, "teams": [list(t) for t in teams]},
        )

    def team_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team: ((0, 2), (1, 3)) with 4 players, ((0,), (1,)) with 2."""
        n = self.num_seats
        return tuple(tuple(s for s in range(n) if team_of(s, n) == t) for t in range(2))

    @property
    def trump_letter(self) -> str:
        """The trump suit's letter."""
        return "SHDC"[self.deal.trump]

    def may_act(self, seat: int) -> bool:
        if seat == self.mover:
            return True
        return self.stage is Phase.PLAY and bool(self._side_actions(seat))

    def _legal(self, seat: int) -> Sequence[Action]:
        if seat != self.mover:
            return self._side_actions(seat)
        stage = self.stage
        if stage is Phase.PLAY:
            called = self.calls.called
            if called is not None:
                return (play(called),)
            return tuple(play(c) for c in self._allowed(seat))
        if stage is Phase.BEG:
            return _BEG_ACTIONS
        return _GIVE_ACTIONS

    def _allowed(self, seat: int) -> tuple[Card, ...]:
        return allowed_plays(self.hands[seat], self.trick, self.deal.trump, self.config.no_undertrump)

    def _side_actions(self, seat: int) -> tuple[Action, ...]:
        """What a seat that is not to move may do during play: expose a card, or call one."""
        calls = self.calls
        shown = calls.exposed[seat]
        out = [_EXPOSE[c] for c in self.hands[seat] if c not in shown]
        owner = self.mover
        if owner is not None and calls.called is None and self._may_call(seat, owner):
            out += [_CALL[c] for c in calls.exposed[owner] if c not in calls.refused]
        return tuple(out)

    def _may_call(self, seat: int, owner: int) -> bool:
        n = self.num_seats
        return seat != owner and (self.config.partner_may_call or team_of(seat, n) != team_of(owner, n))

    def _illegal_reason(self, action: Action, seat: int) -> Reason | None:
        verb = action.verb  # the core has checked the action's shape (one card for play, expose, call)
        if action.cards and action.cards[0].is_joker:
            card = action.cards[0]
            return Reason(f"there are no jokers in All Fours ({card})", "no_jokers", card=str(card))
        if seat != self.mover:
            if verb == "expose":
                return self._expose_problem(action.cards[0], seat)
            if verb == "call":
                return self._call_problem(action.cards[0], seat)
            text = (
                f"it is seat {self.mover}'s turn; out of turn you may only expose one of your cards "
                "or call an opponent's exposed card"
            )
            return Reason(text, "out_of_turn", mover_seat=self.mover)
        stage = self.stage
        up = self.deal.turned[-1]
        suit = Suit(self.deal.trump).word
        trump = Suit(self.deal.trump).letter
        if stage is Phase.BEG:
            if verb in ("stand", "beg"):
                return None
            text = (
                f"the turned-up {up} proposes {suit} as trumps: first say 'stand' to accept "
                "or 'beg' to ask for another trump"
            )
            return Reason(text, "stand_or_beg", card=str(up), trump=trump)
        if stage is Phase.GIVE:
            if verb in ("give", "run"):
                return None
            beggar = (self.deal.dealer + 1) % self.num_seats
            text = (
                f"seat {beggar} begged: as dealer say 'give' (they score 1 and "
                f"{suit} stay trumps) or 'run' (three more cards each and a new turn-up)"
            )
            return Reason(text, "give_or_run", beggar_seat=beggar, trump=trump)
        if verb == "play":
            card = action.cards[0]
            called = self.calls.called
            if called is not None and card != called:
                text = f"{called} was called: you must play that exposed card now"
                return Reason(text, "play_called", card=str(called))
            return play_problem(
                card, self.hands[seat], self.trick, self.deal.trump, self.config.no_undertrump
            )
        if verb in ("expose", "call"):
            text = f"it is your turn to play a card: you cannot {verb} a card on your own turn"
            return Reason(text, "expose_on_turn") if verb == "expose" else Reason(text, "call_on_turn")
        text = f"play has begun ({suit} are trumps): play a card; '{verb}' is not possible now"
        return Reason(text, "play_begun", trump=trump, verb=verb)

    def _expose_problem(self, card: Card, seat: int) -> Reason | None:
        if card not in self.hands[seat]:
            return Reason(
                f"you do not hold {card}, so you cannot expose it", "expose_not_held", card=str(card)
            )
        if card in self.calls.exposed[seat]:
            return Reason(f"{card} is already exposed", "already_exposed", card=str(card))
        return None

    def _call_problem(self, card: Card, seat: int) -> Reason | None:
        owner = self.mover
        assert owner is not None  # only reached during play
        name = str(card)
        calls = self.calls
        if card not in calls.exposed[owner]:
            holder = next((s for s in range(self.num_seats) if card in calls.exposed[s]), None)
            if holder is None:
                text = f"{card} is not an exposed card: only a card exposed on the table can be called"
                return Reason(text, "not_exposed", card=name)
            text = (
                f"{card} is seat {holder}'s exposed card: it can be called only when seat {holder} is to play"
            )
            return Reason(text, "call_wait", card=name, holder_seat=holder)
        if not self._may_call(seat, owner):
            text = f"{card} is your partner's exposed card: only the opponents of seat {owner} may call it"
            return Reason(text, "call_partner", card=name, owner_seat=owner)
        if calls.called is not None:
            text = f"{calls.called} has already been called: seat {owner} must play it first"
            return Reason(text, "already_called", card=str(calls.called), owner_seat=owner)
        if card in calls.refused:
            text = f"{card} was already called this turn and is not a legal play for seat {owner} now"
            return Reason(text, "call_refused", card=name, owner_seat=owner)
        return None

    # --- successors ------------------------------------------------------------------------------
    def _next(self, action: Action, seat: int) -> AllFoursState:
        log = self.log.push(seat, action)
        verb = action.verb
        if verb == "play":
            return self._play(action.cards[0], seat, log)
        if verb in ("stand", "beg", "give", "run"):
            deal = self.deal
            said = evolve(self, log=log, deal=evolve(deal, decisions=(*deal.decisions, (seat, verb))))
            if verb == "stand":
                return said._begin_play()
            if verb == "beg":
                return evolve(said, stage=Phase.GIVE, mover=deal.dealer)
            if verb == "run":
                return said._run()
            beggar = (deal.dealer + 1) % self.num_seats
            item = ScoreItem("Beg", team_of(beggar, self.num_seats), 1, seat=beggar, note="take one")
            after = said._scored((item,))
            return after if after.is_over else after._begin_play()
        card = action.cards[0]
        calls = self.calls
        if verb == "expose":
            shown = tuple(sorted((*calls.exposed[seat], card)))
            return evolve(self, log=log, calls=evolve(calls, exposed=_with(calls.exposed, seat, shown)))
        # A call: the owner must play the card if it is a legal play for them; if not, the call falls
        # and everyone learns that (the owner's answer at a real table is public too).
        owner = self.mover
        assert owner is not None
        if card in self._allowed(owner):
            return evolve(
                self, log=log.with_events(Called(seat, card, owner)), calls=evolve(calls, called=card)
            )
        return evolve(
            self,
            log=log.with_events(Called(seat, card, owner, stands=False)),
            calls=evolve(calls, refused=(*calls.refused, card)),
        )

    def _play(self, card: Card, seat: int, log: Log) -> AllFoursState:
        n = self.num_seats
        hands = _with(self.hands, seat, tuple(c for c in self.hands[seat] if c != card))
        calls = self.calls
        if not calls.quiet or card in calls.exposed[seat]:
            calls = calls.after_play(seat, card)
        trick = (*self.trick, card)
        if len(trick) < n:
            return evolve(self, log=log, mover=next_seat(seat, n), hands=hands, trick=trick, calls=calls)
        old = self.tricks
        trump = self.deal.trump
        leader = old.leader
        taker = (leader + trick_winner(trick, trump)) % n
        done = Trick(leader, single_plays(leader, trick, n), taker)
        team = team_of(taker, n)
        tricks = Tricks(
            leader=taker,
            dealt=old.dealt,
            won=_with(old.won, team, old.won[team] + trick),
            tricks_won=_with(old.tricks_won, team, old.tricks_won[team] + 1),
            done=(*old.done, done),
            jack_taker=taker if _JACK_OF[trump] in trick else old.jack_taker,
            last_trick=trick,
            last_leader=leader,
            last_winner=taker,
        )
        log = log.with_events((TrickWon, done))
        after = evolve(self, log=log, mover=taker, hands=hands, trick=(), calls=calls, tricks=tricks)
        return after if hands[taker] else after._count()

    def _begin_play(self) -> AllFoursState:
        first = (self.deal.dealer + 1) % self.num_seats
        log = self.log.with_events(TrumpSet(self.trump_letter))
        tricks = Tricks(leader=first, dealt=self.hands)
        return evolve(self, log=log, stage=Phase.PLAY, mover=first, tricks=tricks)

    def _scored(self, items: Sequence[ScoreItem]) -> AllFoursState:
        """Score items one by one; the game ends as soon as a side reaches the target."""
        match = self.match
        scores, used, winner = score_items(match.scores, items, self.config.target)
        sheet, log = match.sheet, self.log
        for item in items[:used]:
            sheet = (*sheet, item)
            log = log.with_events(Scored(item.item, item.team, item.points, item.cards, item.seat, item.note))
        if winner is not None:
            ended = evolve(self, log=log, match=evolve(match, scores=scores, sheet=sheet, winner=winner))
            return evolve(ended, stage=Phase.OVER, mover=None)._deal_scored(ended._summary())
        return evolve(self, log=log, match=evolve(match, scores=scores, sheet=sheet))

    def _deal_scored(self, summary: RoundSummary) -> AllFoursState:
        """Close the deal's score sheet (and, if the game is over, the game) with their events."""
        match = self.match
        events: list[Event] = [DealScored(summary.deal, summary.scores, summary)]
        if match.winner is not None:
            events.append(GameOver(match.scores, match.winner))
        return evolve(self, log=self.log.with_events(*events), match=evolve(match, last_round=summary))

    def _summary(self) -> RoundSummary:
        deal, tricks, match = self.deal, self.tricks, self.match
        return RoundSummary(
            deal=match.deals_done + 1,
            dealer=deal.dealer,
            trump=self.trump_letter,
            turn_up=deal.turned,
            decisions=deal.decisions,
            items=match.sheet,
            tricks_won=tricks.tricks_won,
            game_count=game_count(tricks.won),
            final_trick=single_plays(tricks.last_leader or 0, tricks.last_trick, self.num_seats),
            scores=match.scores,
            winner=match.winner,
        )

    def _count(self) -> AllFoursState:
        """After the last trick: High, Low, Jack, Game; then the next dealer deals."""
        deal, tricks = self.deal, self.tricks
        items = count_deal(self.config, deal.dealer, deal.trump, tricks.dealt, tricks.won, tricks.jack_taker)
        counted = self._scored(items)
        if counted.is_over:
            return counted
        closed = counted._deal_scored(counted._summary())
        match = evolve(closed.match, deals_done=closed.match.deals_done + 1, sheet=())
        return evolve(closed, match=match)._deal(
            (deal.dealer + 1) % self.num_seats, deal.number + 1, fresh=True
        )

    def _deal(self, dealer: int, number: int, fresh: bool) -> AllFoursState:
        """Shuffle (or take the stacked deck), deal six each and turn up a card. ``fresh`` is False when
        the same dealer deals again after the pack ran out: the deal's points and decisions are kept."""
        n = self.num_seats
        pack = (
            self.decks[number]
            if number < len(self.decks)
            else shuffled(FULL_PACK, self.seed, f"deal {number}")
        )
        order = deal_order(n, (dealer + 1) % n, FIRST_DEAL, self.config.deal_in_threes)
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, seat in enumerate(order):
            hands[seat].append(pack[i])
        up = pack[len(order)]
        new_hands = tuple(tuple(sorted(h)) for h in hands)
        log = self.log.with_events(
            DealStarted(number + 1, dealer, self.match.scores), (dealt_events, new_hands, order, up, dealer)
        )
        decisions = self.deal.decisions if not fresh else ()
        dealt = evolve(
            self,
            log=log,
            stage=Phase.BEG,
            mover=(dealer + 1) % n,
            hands=new_hands,
            trick=(),
            calls=Calls(((),) * n),
            deal=Deal(dealer, number, pack, len(order) + 1, (up,), up // 13, decisions),
            tricks=Tricks(leader=(dealer + 1) % n),
        )
        return dealt._kicked(up)

    def _kicked(self, up: Card) -> AllFoursState:
        points = kick_points(up, self.config.tobago)
        if not points:
            return self
        team = team_of(self.deal.dealer, self.num_seats)
        return self._scored((ScoreItem("Turn-up", team, points, (up,), self.deal.dealer),))

    def _run(self) -> AllFoursState:
        """Run the pack: three more cards each and a new turn-up, repeated while the suit stays the same;
        if the pack runs out first, the same dealer deals again (points kept)."""
        n = self.num_seats
        order = deal_order(n, (self.deal.dealer + 1) % n, RUN_DEAL, self.config.deal_in_threes)
        proposed = self.deal.trump
        state = self
        while True:
            deal = state.deal
            pos = deal.next_card
            if len(deal.pack) - pos < len(order) + 1:
                return state._deal(deal.dealer, deal.number + 1, fresh=False)
            hands = [list(h) for h in state.hands]
            extra: list[list[Card]] = [[] for _ in range(n)]
            for i, seat in enumerate(order):
                hands[seat].append(deal.pack[pos + i])
                extra[seat].append(deal.pack[pos + i])
            up = deal.pack[pos + len(order)]
            log = state.log.with_events((dealt_events, tuple(map(tuple, extra)), order, up, deal.dealer))
            state = evolve(
                state,
                log=log,
                hands=tuple(tuple(sorted(h)) for h in hands),
                deal=evolve(deal, next_card=pos + len(order) + 1, turned=(*deal.turned, up), trump=up // 13),
            )._kicked(up)
            if state.is_over:
                return state
            if up // 13 != proposed:
                return state._begin_play()

    # --- what players may see --------------------------------------------------------------------
    def view(self, seat: object = None) -> AllFoursView:
        from tricktable.games.all_fours.view import build_view

        return build_view(self, self._viewer(seat))

    def seat_fields(self, seat: object) -> dict[str, Any]:
        from tricktable.games.all_fours.view import seat_fields

        return seat_fields(self, self._viewer(seat))

    def card_locations(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": self.hands[s] for s in range(self.num_seats)}
        out["stock"] = self.deal.pack[self.deal.next_card :]
        out["turned"] = self.deal.turned
        out["trick"] = self.trick
        for t in range(2):
            out[f"won team {t}"] = self.tricks.won[t]
        return out

    def hidden_cards(self, seat: object) -> tuple[Card, ...]:
        return hidden_cards(self, self._viewer(seat))

    def _hands_open(self) -> bool:
        return hands_open(self)


# Set after the class: mypyc would hand a class variable in a dataclass body to ``dataclass`` as a field.
AllFoursState.VERBS, AllFoursState.GAME_NAME = VERBS, "all-fours"


def _with(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def blank(
    config: Config,
    seed: int,
    decks: tuple[tuple[Card, ...], ...],
    log: Log,
    match: Match,
    dealer: int,
    decisions: tuple[tuple[int, str], ...] = (),
) -> AllFoursState:
    """A table before a deal: what carries over from earlier deals (the match, and a pack dealt again
    after running out keeps the deal's decisions), no cards dealt. The game's start (and a sampled
    world) deals from it with ``_deal``."""
    n = config.players
    return AllFoursState(
        config=config,
        seed=seed,
        decks=decks,
        log=log,
        stage=Phase.BEG,
        mover=None,
        hands=((),) * n,
        trick=(),
        calls=Calls(((),) * n),
        deal=Deal(dealer, 0, (), 0, (), 0, decisions),
        tricks=Tricks(leader=0),
        match=match,
    )


def start(
    config: Config, seed: int, decks: tuple[tuple[Card, ...], ...], cut: tuple[Cut, ...], dealer: int
) -> AllFoursState:
    """The game's first state: the first dealer (from the cut) has dealt and turned up a card."""
    table = blank(config, seed, decks, EMPTY_LOG, Match((0, 0), cut=cut), dealer)
    return table._deal(dealer, 0, fresh=True)


copyable(Calls, Match, Deal, Tricks, AllFoursState)
