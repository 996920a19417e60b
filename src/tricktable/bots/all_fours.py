"""The All Fours heuristic bot: a decent club player, from its seat's view and legal actions only.

- Stand or beg, give or run, on the count points the proposed trump is worth to its side: the chance
  of holding High and Low given where the trumps it cannot see may lie, its jack against the risk of
  a hang, and its trumps and counting cards for Game. Beg anyway when a gift point would win the game;
  run when giving would lose it.
- Lead the top trump when no trump can beat it and it may draw the jack or the ten of trumps, or from
  three trumps or more; never lead its own jack while a higher trump is out. Otherwise lead low from
  its longest side suit, never a side ace (trumping is always allowed: a led ace is ruffed for its points).
- Win tricks that hold points (tens above all, and the opponents' jack) with its cheapest winning card;
  take the trick from an opponent with the ten of the led suit, or the best card left of it (no trump
  spent); win a sure trick with a ten, and play its jack whenever it wins safely; spend a trump only on
  a trick with card points in it; give the jack, then counting cards, to a partner who is sure to win;
  otherwise play low and keep its trumps.
- Never exposes a card. Out of turn it can only call: it prefers an exposed card that would lose the
  trick (the owner must waste it), else calls the first one offered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tricktable.bots.base import Bot
from tricktable.cards import ALL_CARDS, Card
from tricktable.core.actions import Action
from tricktable.core.events import Event
from tricktable.core.state import team_of
from tricktable.core.views import View
from tricktable.games.all_fours.play import CARD_POINTS
from tricktable.games.all_fours.view import AllFoursView

__all__ = ["HeuristicBot", "Table"]

_TEN, _JACK, _QUEEN, _KING, _ACE = 8, 9, 10, 11, 12  # rank index: code % 13
STAND_VALUE = 0.0
"""Expected count points (ours minus theirs) from the proposed trump at which the player after the
dealer stands: a beg is a point only if the dealer gives, and a run turns up points for the dealer."""
GIVE_VALUE = 1.5
"""The dealer gives one only when the trump is worth more than the point it costs plus what a run
may turn up (about half a point) and the chance of a better suit."""
JACK_RISK = 0.5
"""The chance the jack is captured when an opponent holds a higher trump (it is often played safely)."""
HANG_JACK = 3
"""Points for capturing the opponents' jack: the rules' default (a bot does not see the table's rules)."""
GAME_PER_TRUMP = 0.15
"""Game: what each trump beyond a fair share adds (trumps win the tricks that hold the tens)."""
GAME_PER_COUNTER = 0.1
"""Game: what each side ace or ten adds."""
RISK_STAKE = 4
"""Card points in a trick worth winning with a card that may still be beaten."""
RUFF_STAKE = 2
"""Card points in a trick worth a low trump that is sure to win it (a high one needs 3)."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the bot works out from its view before choosing a card."""

    seat: int
    n: int
    trump: int
    hand: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    unseen: frozenset[Card]
    """Cards whose place the bot does not know: in other hands (unexposed) or the stock."""
    exposed: tuple[tuple[Card, ...], ...]

    def team(self, seat: int) -> int:
        return team_of(seat, self.n)

    def is_trump(self, card: Card) -> bool:
        return card // 13 == self.trump

    def power(self, card: Card) -> int:
        """Trick-taking power against the current lead (-1: cannot win)."""
        if card // 13 == self.trump:
            return 100 + card % 13
        if self.trick and card // 13 == self.trick[0][1] // 13:
            return card % 13
        return -1 if self.trick else card % 13

    def winner(self) -> tuple[int, Card] | None:
        best = None
        for seat, card in self.trick:
            if best is None or self.power(card) > self.power(best[1]):
                best = (seat, card)
        return best

    def players_after(self) -> list[int]:
        return [(self.seat + i) % self.n for i in range(1, self.n - len(self.trick))]

    def opponents_after(self) -> list[int]:
        return [s for s in self.players_after() if self.team(s) != self.team(self.seat)]

    def higher_trumps_out(self, card: Card, seats: Sequence[int]) -> bool:
        """Whether any of ``seats`` may hold a trump above ``card`` (unseen, or exposed by them)."""
        if not seats:
            return False
        top = self.trump * 13 + 12
        for c in range(card + 1 if self.is_trump(card) else self.trump * 13, top + 1):
            cc = ALL_CARDS[c]
            if cc in self.unseen or any(cc in self.exposed[s] for s in seats):
                return True
        return False

    def holds(self, card: Card) -> bool:
        """Whether ``card`` would stand up against the players still to play."""
        opponents = self.opponents_after()
        if not opponents:
            return True
        if self.is_trump(card):
            return not self.higher_trumps_out(card, opponents)
        return False

    def is_boss(self, card: Card) -> bool:
        """Whether no unseen card of its suit ranks above ``card``."""
        return not any(ALL_CARDS[c] in self.unseen for c in range(card + 1, card // 13 * 13 + 13))


class HeuristicBot(Bot):
    """A rule-based club player for All Fours (2 or 4 players)."""

    name = "heuristic"

    def choose(self, view: View, legal: Sequence[Action], events: Sequence[Event] = ()) -> Action:
        if not isinstance(view, AllFoursView):
            raise TypeError(f"the All Fours bot needs an All Fours view, not {type(view).__name__}")
        verbs = {a.verb for a in legal}
        if view.to_move != view.seat:
            calls = [a for a in legal if a.verb == "call"]
            if not calls:
                raise ValueError("the heuristic bot never exposes a card: ask it only on its turn or to call")
            return self._call(view, calls)
        if "stand" in verbs:
            return Action("stand") if self._stands(view) else Action("beg")
        if "give" in verbs:
            return Action("give") if self._gives(view) else Action("run")
        cards = [a.cards[0] for a in legal if a.verb == "play"]
        card = cards[0] if len(cards) == 1 else self.play(_table(view), cards)
        return next(a for a in legal if a.verb == "play" and a.cards[0] == card)

    # --- stand / beg / give / run ----------------------------------------------------------------
    def _stands(self, view: AllFoursView) -> bool:
        if _scores(view)[0] + 1 >= _target(view):
            return False  # a gift point wins the game; if the dealer runs instead, play goes on
        return _trump_value(view) >= STAND_VALUE

    def _gives(self, view: AllFoursView) -> bool:
        them = _scores(view)[1]
        if them + 1 >= _target(view):
            return False  # giving would lose the game on the spot
        return _trump_value(view) >= GIVE_VALUE

    # --- play ------------------------------------------------------------------------------------
    def play(self, t: Table, cards: list[Card]) -> Card:
        """The card to play of ``cards`` (the legal ones, by code) at ``t``; the search's rollouts on
        the fast path ask it too (:mod:`tricktable.bots.all_fours_rollout`)."""
        if not t.trick:
            return self._lead(t, cards)
        return self._follow(t, cards)

    def _lead(self, t: Table, cards: list[Card]) -> Card:
        trumps = sorted(c for c in cards if t.is_trump(c))
        jack = ALL_CARDS[t.trump * 13 + _JACK]
        if trumps:
            top = trumps[-1]
            top_is_boss = not t.higher_trumps_out(top, [s for s in range(t.n) if s != t.seat])
            ten = ALL_CARDS[t.trump * 13 + _TEN]
            draws = jack in t.unseen or (ten in t.unseen and top % 13 > _TEN) or len(trumps) >= 3
            if top_is_boss and (draws or top % 13 == _JACK):
                # draw trumps: the jack or the ten must fall to it, or the long hand clears the way
                # for its side cards; or the boss jack is safe
                return top
        sides = [c for c in cards if not t.is_trump(c)]
        if sides:
            # A low card that risks no points, from the longest side suit. Never a side ace: anyone
            # may trump a plain lead even when able to follow, so a led ace hands its 4 card points
            # to the first opponent with a trump; kept, it takes a trick where a ten or a court falls.
            safe = [c for c in sides if CARD_POINTS[c] == 0] or sides
            return min(safe, key=lambda c: (-sum(1 for x in sides if x // 13 == c // 13), c % 13))
        non_jack = [c for c in trumps if c != jack] or trumps
        return non_jack[0]

    def _follow(self, t: Table, cards: list[Card]) -> Card:
        best = t.winner()
        assert best is not None
        best_seat, best_card = best
        partner_winning = t.team(best_seat) == t.team(t.seat)
        at_stake = sum(CARD_POINTS[c] for _, c in t.trick)
        jack = ALL_CARDS[t.trump * 13 + _JACK]
        if jack in (c for _, c in t.trick) and t.team(_seat_of(t, jack)) != t.team(t.seat):
            at_stake += 15  # capturing the opponents' jack is worth a hang jack
        winners = [c for c in cards if t.power(c) > t.power(best_card)]
        if partner_winning and t.holds(best_card):
            return _give_points(t, cards)
        led_ten = ALL_CARDS[t.trick[0][1] // 13 * 13 + _TEN]
        if not partner_winning and led_ten in winners and not t.is_trump(led_ten):
            # The ten of the led suit takes the trick from an opponent: its 10 for Game is never
            # safer than now. Kept back, it falls to a trump (anyone may trump a plain lead) or to
            # the suit's honours once it must be played.
            return led_ten
        holding = [c for c in winners if t.holds(c)]
        if jack in holding:
            return jack  # a safe jack scores its point and can no longer be hanged
        sure_tens = [c for c in holding if c % 13 == _TEN]
        if sure_tens:
            return sure_tens[0]  # a sure trick banks the ten's 10 for Game (the ten of trumps too)
        if holding:
            card = _cheapest_winner(t, holding)
            if not t.is_trump(card) or at_stake >= (RUFF_STAKE if card % 13 < _TEN else 3):
                # a sure trick; but trumps take the tens and the jack later, so one is spent only
                # on a trick with points in it, a high one on more
                return card
        if not partner_winning:
            bosses = [c for c in winners if not t.is_trump(c) and t.is_boss(c)]
            if bosses:
                return min(bosses, key=lambda c: c % 13)  # the top of the suit, no trump spent
        if winners and at_stake >= RISK_STAKE:
            return _cheapest_winner(t, winners)  # worth the risk of being overtaken
        return _discard(t, cards)

    def _call(self, view: AllFoursView, calls: list[Action]) -> Action:
        t = _table(view)
        best = t.winner()
        if best is not None:
            for action in calls:
                if t.power(action.cards[0]) <= t.power(best[1]):
                    return action  # the exposed card loses the trick: make them throw it
        return calls[0]


def _table(view: AllFoursView) -> Table:
    seat = view.seat
    assert seat is not None
    trump = "SHDC".index(str(view.trump))
    trick = tuple((s, cards[0]) for s, cards in view.trick)
    known: set[Card] = set(view.hand)
    known.update(c for _, c in trick)
    for pile in (*view.won, view.turn_up, *view.exposed):
        known.update(pile)
    unseen = frozenset(c for c in ALL_CARDS[:52] if c not in known)
    return Table(seat, view.num_seats, trump, tuple(view.hand), trick, unseen, view.exposed)


def _seat_of(t: Table, card: Card) -> int:
    return next(s for s, c in t.trick if c == card)


def _scores(view: AllFoursView) -> tuple[int, int]:
    seat = view.seat if view.seat is not None else 0
    mine = team_of(seat, view.num_seats)
    return view.scores[mine], view.scores[1 - mine]


def _target(view: AllFoursView) -> int:
    return view.target


def _trump_value(view: AllFoursView) -> float:
    """The count points (ours minus theirs) this hand expects from the proposed trump: High and Low
    from where the trumps it cannot see may lie, the Jack by the risk to its own, Game from its trumps
    and counting cards. Turn-ups, the beg and the run are the caller's to weigh against it."""
    seat = view.seat
    assert seat is not None
    n = view.num_seats
    trump = "SHDC".index(str(view.trump))
    hand = set(view.hand)
    seen = hand | set(view.turn_up) | {c for pile in view.exposed for c in pile}
    unseen = 52 - len(seen)
    partner = (seat + 2) % n if n == 4 else None
    p_partner = 0.0 if partner is None else view.hand_sizes[partner] / unseen
    p_them = sum(view.hand_sizes[s] for s in range(n) if team_of(s, n) != team_of(seat, n)) / unseen
    trumps = [ALL_CARDS[trump * 13 + r] for r in range(13)]

    def race(order: Sequence[Card]) -> float:
        """Our chance minus theirs of holding the first trump of ``order`` that is in play."""
        ours = theirs = 0.0
        rest = 1.0  # chance that no earlier card of the order was in play
        for card in order:
            if card in hand:
                return ours + rest - theirs
            if card in seen:
                continue
            ours += rest * p_partner
            theirs += rest * p_them
            rest *= 1 - p_partner - p_them
        return ours - theirs

    value = race(trumps[::-1]) + race(trumps)
    jack = trumps[_JACK]
    if jack in hand:
        above = sum(1 for c in trumps[_JACK + 1 :] if c not in seen)
        captured = JACK_RISK * (1 - (1 - p_them) ** above)
        value += (1 - captured) - HANG_JACK * captured
    held = [c for c in trumps if c in hand]
    counting = sum(1 for c in hand if c // 13 != trump and c % 13 in (_TEN, _ACE))
    value += GAME_PER_TRUMP * (len(held) - len(hand) / 4) + GAME_PER_COUNTER * counting
    return value


def _cheapest_winner(t: Table, winners: list[Card]) -> Card:
    """The winning card that costs least: a follow before a trump, low before high, the jack last."""
    jack = ALL_CARDS[t.trump * 13 + _JACK]
    return min(
        winners, key=lambda c: (c == jack, t.is_trump(c), CARD_POINTS[c] if not t.is_trump(c) else 0, c % 13)
    )


def _give_points(t: Table, cards: list[Card]) -> Card:
    """Partner is winning: add the most card points that do not cost a useful trump."""
    jack = ALL_CARDS[t.trump * 13 + _JACK]
    if jack in cards:
        return jack  # its point is then sure, and it can no longer be hanged
    plain = [c for c in cards if not t.is_trump(c)]
    ten = ALL_CARDS[t.trump * 13 + _TEN]
    if not plain and ten in cards:
        return ten
    if plain:
        return max(plain, key=lambda c: (CARD_POINTS[c], -(c % 13)))
    # only trumps: the jack is safe on a winning partner's trick; otherwise the lowest trump
    if jack in cards:
        return jack
    return min(cards, key=lambda c: c % 13)


def _discard(t: Table, cards: list[Card]) -> Card:
    """Cannot or need not win: the cheapest card, keeping the jack, tens and trumps, in that order."""
    jack = ALL_CARDS[t.trump * 13 + _JACK]
    return min(cards, key=lambda c: (c == jack, CARD_POINTS[c] >= 10, t.is_trump(c), CARD_POINTS[c], c % 13))
