"""The Back Alley heuristic bot: a club player's bidding and card play, from one seat's view.

Bidding counts likely tricks: jokers and top trumps, trump length beyond a fair share, side aces and
guarded kings, and ruffs from short side suits when there are trumps to spare (fewer when the partner
has already bid, since the partner's tricks overlap them). It bids board only with a hand of sure
winners. In play it tries to win a trick only while its side still needs tricks or the opponents can
still be set, plays low under a partner who is winning, wins as cheaply as it can, keeps trumps for
ruffing, and leads winners (the big joker to draw trumps, then masters), else low from its longest
side suit.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tricktable.bots.base import Bot
from tricktable.cards import ALL_CARDS, BIG_JOKER, LITTLE_JOKER, Card
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.state import team_of
from tricktable.core.views import View
from tricktable.games.back_alley.bidding import Contract
from tricktable.games.back_alley.deal import SEATS
from tricktable.games.back_alley.ranking import NO_TRUMP, RANK, SUIT, trick_winner
from tricktable.games.back_alley.view import BackAlleyView

__all__ = ["HeuristicBot", "Table"]

ACE, KING, QUEEN = 12, 11, 10  # RANK values
TRUMP_BONUS = 100  # keeps trumps above every side card when choosing what to throw away
# Chance that a trump below the unbroken top sequence still takes a trick: BJ, LJ, A, K.
_TRUMP_ODDS = {14: 1.0, 13: 0.9, ACE: 0.8, KING: 0.5}


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        if not isinstance(view, BackAlleyView):
            raise TypeError("the Back Alley bot needs a Back Alley view")
        if view.phase == "bid":
            return self._bid(view, legal)
        cards = [a.card for a in legal]
        return legal[cards.index(Table.of_view(view).choose(cards))]

    # --- bidding ---------------------------------------------------------------------------------
    def _bid(self, view: BackAlleyView, legal: Sequence[Action]) -> Action:
        by_arg = {a.arg: a for a in legal}
        size = view.hand_size
        trump = _trump(view)
        partner_bid = next((b for s, b in view.bids if s == _partner(view)), None)
        gone = {*view.turn_up, *view.discard}
        tricks, sure = estimate(view.hand, trump, size, partner_bid, gone)
        # Board with sure winners only, except in the tiny hands where a likely winner is enough
        # (there a pass by all four only deals the same hand again).
        if "board" in by_arg and (sure >= size or (size <= 2 and tricks >= size - 0.25)):
            return by_arg["board"]
        want = min(int(tricks + 0.65), size - 1)
        # Bid the estimate if allowed, else the nearest allowed number below it, else pass.
        for n in range(want, 0, -1):
            if n in by_arg:
                return by_arg[n]
        return by_arg.get("pass", legal[0])


def estimate(
    hand: Sequence[Card], trump: int, size: int, partner_bid: str | None, gone: Collection[Card] = ()
) -> tuple[float, int]:
    """Expected tricks and sure tricks of a hand before play; ``gone``: cards out of play (the
    turned-up card, a discarded joker)."""
    if trump == NO_TRUMP:
        trumps: list[Card] = []
    else:
        trumps = sorted((c for c in hand if SUIT[trump][c] == trump), key=RANK.__getitem__, reverse=True)
    sure = _top_sequence(trumps, trump, gone)
    tricks = float(sure)
    for c in trumps[sure:]:
        tricks += _TRUMP_ODDS.get(RANK[c], 0.0) if len(trumps) >= 2 else 0.3
    fair = size / 4
    tricks += max(0.0, len(trumps) - max(fair, sure) - 1) * 0.7  # long trumps win late tricks
    spare = max(0, len(trumps) - sure - 1)
    partner_bid_already = partner_bid not in (None, "pass")
    for suit in range(4):
        if suit == trump:
            continue
        cards = [c for c in hand if c < LITTLE_JOKER and c // 13 == suit]
        ranks = sorted((RANK[c] for c in cards), reverse=True)
        if ranks and ranks[0] == ACE:
            tricks += 1.0 if len(cards) <= 4 else 0.8
            if len(ranks) > 1 and ranks[1] == KING:
                tricks += 0.7
        elif KING in ranks and len(cards) >= 2:
            tricks += 0.4
        if spare and len(cards) <= 1 and size >= 4:
            ruffs = min(spare, 2 - len(cards))
            tricks += ruffs * (0.4 if partner_bid_already else 0.6)
            spare -= ruffs
    if partner_bid_already:
        tricks *= 0.9
    side_sure = sum(1 for c in hand if c < LITTLE_JOKER and c // 13 != trump and RANK[c] == ACE)
    if sure == len(trumps) and sure + side_sure == size and (side_sure == 0 or sure >= min(size, 3)):
        sure = size
    return tricks, sure


def _top_sequence(trumps: Sequence[Card], trump: int, gone: Collection[Card]) -> int:
    """How many of these trumps (high first) are unbeatable: BJ, LJ, A, K... with no gap but the
    cards out of play."""
    if trump == NO_TRUMP:
        return 0
    order = [
        c for c in (BIG_JOKER, LITTLE_JOKER, *(Card.of(r, trump) for r in range(14, 1, -1))) if c not in gone
    ]
    n = 0
    for have, top in zip(trumps, order, strict=False):
        if have != top:
            break
        n += 1
    return n


def _trump(view: BackAlleyView) -> int:
    suit = view.trump.suit
    return NO_TRUMP if suit is None else int(suit)


def _partner(view: BackAlleyView) -> int:
    assert view.seat is not None
    return (view.seat + 2) % 4


class Table:
    """What the bot reads from the view for one card decision (the search's rollouts on the fast
    path build it from their own lists: :mod:`tricktable.bots.back_alley_rollout`)."""

    def __init__(
        self,
        seat: int,
        trump: int,
        trick: list[Card],
        unseen: list[Card],
        hand_size: int,
        contracts: tuple[Contract, Contract] | None,
        team_tricks: tuple[int, int],
    ) -> None:
        self.seat = seat
        self.trump = trump
        self.suit = SUIT[trump]
        self.trick = trick
        self.trick_seats = [(seat - len(trick) + i) % SEATS for i in range(len(trick))]
        self.unseen = unseen
        """Cards in the other hands or out of play unseen (the kitty of the deal), by code."""
        self.hand_size = hand_size
        self.contracts = contracts
        self.team_tricks = team_tricks

    @classmethod
    def of_view(cls, view: BackAlleyView) -> Table:
        assert view.seat is not None
        trick = [c for _, cards in view.trick for c in cards]
        seen = {*view.played, *view.hand, *trick, *view.turn_up, *view.discard}
        unseen = [c for c in ALL_CARDS if c not in seen]
        taken = (view.team_tricks[0], view.team_tricks[1])
        return cls(view.seat, _trump(view), trick, unseen, view.hand_size, view.contracts, taken)

    def value(self, card: Card) -> int:
        """How much a card is worth keeping: trumps above every side card, then rank."""
        return RANK[card] + (TRUMP_BONUS if self.trump != NO_TRUMP and self.suit[card] == self.trump else 0)

    def is_master(self, card: Card) -> bool:
        s = self.suit[card]
        return not any(self.suit[c] == s and RANK[c] > RANK[card] for c in self.unseen)

    def wants_tricks(self) -> bool:
        contracts = self.contracts
        if contracts is None:
            return True
        team = team_of(self.seat, SEATS)
        size, taken = self.hand_size, self.team_tricks
        left = size - sum(taken)
        ours, theirs = contracts[team], contracts[1 - team]
        need = _need(ours.kind, ours.tricks, taken[team], size)
        their_need = _need(theirs.kind, theirs.tricks, taken[1 - team], size)
        can_set = 0 < their_need <= left
        return need > 0 or can_set or ours.kind == "none"

    def wins(self, card: Card) -> bool:
        return trick_winner([*self.trick, card], self.trump) == len(self.trick)

    def choose(self, cards: list[Card]) -> Card:
        cheapest = min(cards, key=self.value)
        if not self.trick:
            return self.lead(cards) if self.wants_tricks() else cheapest
        winner_at = trick_winner(self.trick, self.trump)
        partner_winning = self.trick_seats[winner_at] == (self.seat + 2) % 4
        last = len(self.trick) == 3
        if partner_winning and (last or self.is_master(self.trick[winner_at])):
            return cheapest
        if not self.wants_tricks():
            return cheapest
        winning = [c for c in cards if self.wins(c)]
        if not winning:
            return cheapest
        if not last:
            masters = [c for c in winning if self.is_master(c) and self.suit[c] == self.suit[self.trick[0]]]
            if masters:
                return min(masters, key=self.value)
        return min(winning, key=self.value)

    def lead(self, cards: list[Card]) -> Card:
        trump = self.trump
        trumps = [c for c in cards if trump != NO_TRUMP and self.suit[c] == trump]
        if BIG_JOKER in cards:
            return BIG_JOKER
        side = [c for c in cards if c not in trumps]
        masters = [c for c in side if self.is_master(c)]
        if masters:
            return max(masters, key=lambda c: RANK[c])
        top_trumps = [c for c in trumps if self.is_master(c)]
        if top_trumps:
            return max(top_trumps, key=lambda c: RANK[c])
        if side:
            longest = max(range(4), key=lambda s: (sum(1 for c in side if c // 13 == s), s))
            return min((c for c in side if c // 13 == longest), key=lambda c: RANK[c])
        return min(cards, key=self.value)


def _need(kind: str, bid: int, taken: int, size: int) -> int:
    """Tricks a side still needs for its contract (0 once made or when it has none)."""
    if kind == "tricks":
        return max(0, bid - taken)
    if kind == "board":
        return size - taken
    return 0
