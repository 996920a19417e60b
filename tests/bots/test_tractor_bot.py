"""The Tractor heuristic bot: legal moves only, sensible choices in the situations it was built for,
and clearly stronger than random play."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from typing import overload

from tricktable import bots, games
from tricktable.bots import Bot, RandomBot
from tricktable.bots.tractor import HeuristicBot, search_candidates
from tricktable.cards import Card, parse_cards
from tricktable.core import Action
from tricktable.games.tractor import Trump, decompose
from tricktable.games.tractor.state import TractorState

from ..games.tractor.helpers import draw, draw_all, new, pass_all, playing

GAME = games.get("tractor")
HEARTS = Trump(rank="2", suit="H")


class NoListing(Sequence[Action]):
    """Legal actions that refuse to be listed: the bot must use len, indexing and ``in`` only."""

    def __init__(self, inner: Sequence[Action]) -> None:
        self.inner = inner

    def __len__(self) -> int:
        return len(self.inner)

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            raise AssertionError("the bot sliced a legal-action sequence")
        return self.inner[i]

    def __contains__(self, action: object) -> bool:
        return action in self.inner

    def __iter__(self) -> Iterator[Action]:
        if len(self.inner) > 500:
            raise AssertionError(f"the bot listed {len(self.inner):,} legal actions")
        return iter(self.inner)


def _choose(bot: Bot, state: TractorState, seat: int | None = None) -> Action:
    s = state.to_move if seat is None else seat
    assert s is not None
    legal = state.legal_actions(s)
    action = bot.choose(state.view(s), NoListing(legal))
    assert action in legal
    return action


def _play_games(seeds: Sequence[int], heuristic_team: int) -> list[int]:
    winners = []
    for seed in seeds:
        players: list[Bot] = [
            HeuristicBot(seed + s) if s % 2 == heuristic_team else RandomBot(seed + s) for s in range(4)
        ]
        state: TractorState = GAME.new(seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state = state.apply(_choose(players[seat], state), seat)
        assert state.result is not None and state.result.winner is not None
        winners.append(state.result.winner)
    return winners


def test_the_heuristic_team_beats_random_players_from_either_side() -> None:
    assert _play_games(range(3), heuristic_team=0) == [0, 0, 0]
    assert _play_games(range(3, 6), heuristic_team=1) == [1, 1, 1]


def test_it_is_registered_under_its_names() -> None:
    assert isinstance(bots.get("heuristic", game="tractor", seed=1), HeuristicBot)
    assert isinstance(bots.get("medium", game="tractor", seed=1), HeuristicBot)


def _later_round(state: TractorState) -> TractorState:
    """The same draw in a later round, team 0 declaring: the declaration only chooses the suit."""
    return dataclasses.replace(state, round=dataclasses.replace(state.round, number=1, declarers=0))


def test_declares_a_long_suit_but_not_over_its_partner() -> None:
    strong = {1: "2S AS KS QS 9S 8S 7S 6S 5S 4S"}
    state = _later_round(draw(new(strong), 41))
    assert _choose(HeuristicBot(1), state, seat=1) == GAME.parse_action("declare 2S")
    weak = draw(new({1: "2S AH KD QC 9H 8D 7C 6H 5D 4C"}), 41)
    assert _choose(HeuristicBot(1), _later_round(weak), seat=1) == GAME.parse_action("draw")
    # The first round's declaration makes its team the declarers: any suit, at the first chance.
    assert _choose(HeuristicBot(1), weak, seat=1) == GAME.parse_action("declare 2S")
    partner = draw(new({1: "2S AS KS QS 9S 8S 7S 6S 5S 4S", 3: "2H 2H"}), 41).apply("declare 2H 2H", 3)
    assert not partner.may_act(1) or _choose(HeuristicBot(1), partner, seat=1).verb == "draw"


def test_buries_short_suits_and_keeps_trumps_pairs_aces_and_points() -> None:
    hand = "2H AH AH KH QH JH TH 9H 8H AS AS KC KC 3D 4D 6D 7D 3C 5S 8S 9C JD QD 4S 6C"
    state = draw(new({0: hand}, kitty="3H 4H 7S 8C 9D TD 5D 6S"), 4).apply("declare 2H", 0)
    state = pass_all(draw_all(state))
    action = _choose(HeuristicBot(1), state)
    assert action.verb == "bury" and len(action.cards) == 8
    buried = list(action.cards)
    assert not any(HEARTS.is_trump(c) for c in buried)
    assert not any(c in buried for c in parse_cards("AS KC TD 5S 5D"))  # 11 trumps: points stay home
    assert set(parse_cards("3C 6C 8C 9C")) <= set(buried)  # the clubs but the pair: nearly void


def test_leads_a_sure_winner() -> None:
    hands = {0: "AS AS 3S 4D", 1: "5S 6S 7D 8D", 2: "9S 9D TD JD", 3: "JS QS QD KD"}
    state = playing(hands, trump=HEARTS)
    action = _choose(HeuristicBot(1), state)
    assert Card.parse("AS") in action.cards


def test_feeds_points_to_a_winning_partner_and_keeps_them_from_opponents() -> None:
    hands = {0: "AS 3D", 1: "4S 5D", 2: "6S 7D", 3: "KS 3S"}
    # seat 3 plays last; the opponents' AS wins: it keeps its king
    state = playing(hands, trump=HEARTS).apply("play AS").apply("play 4S").apply("play 6S")
    assert _choose(HeuristicBot(1), state) == GAME.parse_action("play 3S")
    # its partner seat 1 leads the ace: it gives the king
    hands = {0: "3S 3D", 1: "AS 5D", 2: "4S 7D", 3: "KS 3S"}
    state = playing(hands, trump=HEARTS, leader=1).apply("play AS").apply("play 4S")
    assert _choose(HeuristicBot(1), state) == GAME.parse_action("play KS")


def test_huge_follow_sets_are_handled_without_listing() -> None:
    hands = {
        0: "AD AD KD KD QD QD JD TD 9D 8D",
        1: "3S 4S 5S 6S 7S 8S 9S TS JS QS 3C 4C 5C 6C 7C 8C 9C TC JC QC 3H 4H 5H 6H 7H",
        2: "3C 4C 5C 6C 7C 8C 9C TC JC QC",
        3: "3H 4H 5H 6H 7H 8H 9H TH JH QH",
    }
    state = playing(hands, trump=Trump(rank="2", suit="S")).apply("play AD AD KD KD QD QD JD TD 9D 8D")
    assert len(state.legal_actions()) > 3_000_000  # void in diamonds: any 10 of 25 cards
    action = _choose(HeuristicBot(1), state)
    assert len(action.cards) == 10
    # nothing to win against an unbeatable throw but with trumps: it would not throw away points
    assert not any(c in action.cards for c in parse_cards("TS TC 5S 5C 5H"))


def test_search_candidates_are_legal_and_cover_the_units() -> None:
    """The search's candidates when the legal plays are too many: legal, distinct, at most the limit,
    the heuristic's choice first; a lead offers every pair and tractor of the hand."""
    rng = random.Random(3)
    checked = leads = 0
    for seed in range(12):
        state: TractorState = GAME.new(seed=seed)
        players = {s: HeuristicBot(seed + s) for s in range(4)}
        while not state.is_over and state.round.number == 0:
            seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            default = players[seat].choose(view, legal)
            if state.phase == "play" and len(legal) > 12:
                out = search_candidates(view, NoListing(legal), default, rng, 12)
                assert out[0] == default and len(set(out)) == len(out) <= 12
                assert all(a in legal for a in out)
                checked += 1
                if not view.trick and len(out) < 12:
                    trump = view.trump
                    assert isinstance(trump, Trump)
                    suits: dict[int, list[Card]] = {}
                    for c in view.hand:
                        suits.setdefault(trump.suit_of(c), []).append(c)
                    units = [u for cards in suits.values() for u in decompose(cards, trump)]
                    assert {u.cards for u in units if u.length} <= {a.cards for a in out}
                    leads += 1
            state = state.apply(default, seat)
    assert checked > 100 and leads > 20, (checked, leads)
