"""The Back Alley heuristic bot: legal choices only, sensible bids and plays, and it beats random."""

from __future__ import annotations

import statistics

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tricktable import bots
from tricktable.bots.back_alley import HeuristicBot, estimate
from tricktable.cards import parse_cards
from tricktable.games.back_alley import GAME, BackAlleyState
from tricktable.games.back_alley.ranking import NO_TRUMP

from ..games.back_alley.tables import bid, play, table


def choose(state: BackAlleyState, seed: int = 0) -> str:
    seat = state.to_move
    assert seat is not None
    return str(HeuristicBot(seed).choose(state.view(seat), state.legal_actions()))


def test_registered_as_the_back_alley_heuristic_and_medium_bot() -> None:
    assert isinstance(bots.get("heuristic", game="back-alley", seed=1), HeuristicBot)
    assert isinstance(bots.get("medium", game="back-alley", seed=1), HeuristicBot)


def test_estimate_counts_jokers_top_trumps_and_aces() -> None:
    strong = parse_cards("BJ LJ AS KS QS 7S AH KH AD 2D 3C 4C 5C")
    weak = parse_cards("2S 3H 4H 5H 6H 7D 8D 9D 2C 3C 6C 7C 8C")
    tricks_strong, sure = estimate(strong, 0, 13, None)
    tricks_weak, _ = estimate(weak, 0, 13, None)
    assert sure == 5 and tricks_strong >= 7.5 and tricks_weak < 1.5
    assert estimate(parse_cards("AS AH"), NO_TRUMP, 2, None) == (2.0, 0)


def test_bids_board_with_a_hand_of_sure_winners() -> None:
    state = table(["BJ LJ", "2H 3H", "4H 5H", "2D 3D"], "AS", hand=12)
    assert choose(state) == "bid board"


def test_passes_a_hopeless_hand_and_bids_a_strong_one() -> None:
    state = table(["2H 3H 4D 5C", "AS KS AH AD", "6H 7H 8D 9C", "2D 3D 4C 6C"], "9S", hand=10)
    assert choose(state) == "bid pass"
    assert choose(bid(state, "pass")) in ("bid 3", "bid 2")


def test_plays_low_when_the_partner_is_winning() -> None:
    hands = ["AH 2D 3C 4C", "2H 5D 6D 7D", "KH QH 3D 4D", "8C 9C TC JC"]
    state = play(bid(table(hands, "9S", hand=10), "1", "pass", "1", "pass"), "AH", "2H")
    assert choose(state) == "play QH"


def test_wins_as_cheaply_as_it_can_when_its_side_needs_the_trick() -> None:
    hands = ["5H 2D 3C 4C", "9H 5D 6D 7D", "KH QH TH 4D", "8C 9C TC JC"]
    state = play(bid(table(hands, "9S", hand=10), "2", "pass", "1", "pass"), "5H", "9H")
    assert choose(state) == "play TH"


def test_ruffs_with_its_lowest_winning_trump_and_saves_the_rest() -> None:
    hands = ["2H 2D 3C 4C", "KH 5D 6D 7D", "2S 8S 3D 4D", "AH 9C TC JC"]
    state = play(bid(table(hands, "9S", hand=10), "pass", "1", "1", "pass"), "KH")
    assert state.to_move == 2 and choose(state) == "play 2S"


def test_keeps_its_trumps_when_the_partner_holds_the_trick_with_a_master() -> None:
    hands = ["AH 2D 3C 4C", "KH 5D 6D 7D", "2S 8S 3D 4D", "8C 9C TC JC"]
    state = play(bid(table(hands, "9S", hand=10), "1", "pass", "1", "pass"), "AH", "KH")
    assert choose(state) == "play 3D"


def test_leads_the_big_joker_to_draw_trumps() -> None:
    state = bid(table(["BJ AS 2H 3H", "2S TS KD 3C", "AD 4H 3D 4D", "LJ 3S 9C TC"], "8S", hand=10), "board")
    state = bid(state, "pass", "pass", "pass")
    assert choose(state) == "play BJ"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_only_returns_legal_actions(seed: int, steps: int) -> None:
    state = GAME.new(seed=seed)
    bot = HeuristicBot(seed)
    for _ in range(steps):
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        action = bot.choose(state.view(seat), legal)
        assert action in legal
        state = state.apply(action)


def points_per_hand(opponent: str, games: int) -> list[int]:
    """Per hand, the heuristic side's points minus the other side's, the heuristic bot taking each
    side in turn."""
    diffs: list[int] = []
    for g in range(games):
        hero = g % 2
        players = [
            bots.get("heuristic" if s % 2 == hero else opponent, game="back-alley", seed=g * 4 + s)
            for s in range(4)
        ]
        state = GAME.new(seed=1000 + g)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            played = len(state.match.sheet)
            state = state.apply(players[seat].choose(state.view(seat), state.legal_actions()))
            if len(state.match.sheet) > played and not state.match.sheet[-1].thrown_in:
                pts = state.match.sheet[-1].points
                diffs.append(pts[hero] - pts[1 - hero])
    return diffs


def test_beats_random_clearly() -> None:
    diffs = points_per_hand("random", games=12)  # 300 hands
    mean, err = statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5
    assert len(diffs) == 300
    assert mean - 4 * err > 10, f"mean {mean:.1f} per hand, standard error {err:.1f}"


def test_beats_the_easy_bot() -> None:
    diffs = points_per_hand("easy", games=8)
    mean, err = statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5
    assert mean - 3 * err > 0, f"mean {mean:.1f} per hand, standard error {err:.1f}"
