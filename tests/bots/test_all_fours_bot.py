"""The All Fours heuristic bot: club-player habits on stacked deals, legality, and strength against random."""

from __future__ import annotations

import math
import random

import pytest

from tests.games.all_fours.helpers import new_game, play_all
from tricktable import bots
from tricktable.bots.all_fours import HeuristicBot
from tricktable.games.all_fours import GAME, AllFoursState
from tricktable.games.all_fours.view import AllFoursView

# Dealer 3, seat 0 first to speak and lead; seat 1 is the dealer's partner.
BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]


def choice(state: AllFoursState, seat: int | None = None) -> str:
    who = state.to_move if seat is None else seat
    assert who is not None
    return str(HeuristicBot(seed=1).choose(state.view(who), state.legal_actions(who)))


def test_registered_as_heuristic_and_medium() -> None:
    assert isinstance(bots.get("heuristic", game="all-fours", seed=1), HeuristicBot)
    assert isinstance(bots.get("medium", game="all-fours", seed=1), HeuristicBot)


STRONG = ["AH KH JH 2H 9S 3C", "TH 4S 7D 8D 4C 5C", "5H 6S TS 2S 6C 7C", "QH 3H 3S QD 8C 9C"]


WEAK = ["AH 2H 9S KD 3C 4D", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]


def test_stands_with_strong_trumps_and_begs_with_weak_ones() -> None:
    assert choice(new_game(3, STRONG, "8H")) == "stand"
    assert choice(new_game(3, WEAK, "8S")) == "beg"  # seat 0 holds 9S alone in spades: no High, no Low
    # a lone king of diamonds is High unless the ace is out against it: worth standing on
    assert choice(new_game(3, BASE, "5D")) == "stand"


def test_begs_when_a_gift_point_wins_the_game() -> None:
    assert choice(new_game(3, STRONG, "8H", config={"target": 1})) == "beg"


def test_dealer_gives_with_strong_trumps_but_not_the_winning_point() -> None:
    strong_dealer = ["2D 5S 9S KD 3C 4D", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "AH KH QH 3H 8C 9C"]
    assert choice(new_game(3, strong_dealer, "8H").apply("beg")) == "give"
    assert choice(new_game(3, strong_dealer, "8H", config={"target": 1}).apply("beg")) == "run"


def test_dealer_runs_with_weak_trumps() -> None:
    assert choice(new_game(3, BASE, "5D").apply("beg")) == "run"  # the dealer holds QD only


def test_leads_the_top_trump_to_draw_out_the_opponents_jack() -> None:
    hands = ["AH KH 2H 5S 9S 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "QH 3H 3S QD 8C 9C"]
    assert choice(new_game(3, hands, "8H").apply("stand")) == "play AH"


def test_leads_low_from_its_longest_side_suit_never_a_side_ace() -> None:
    # diamonds trump: seat 0's king of diamonds is not the boss (the ace is out), so it leads a side
    # card; any player may trump a plain lead, so the ace of hearts stays home to take a ten later
    state = new_game(3, BASE, "5D").apply("stand")
    assert choice(state) == "play 2H"


def test_captures_the_opponents_jack_with_a_higher_trump() -> None:
    # seat 0 leads a spade and seat 1 trumps with its jack: seat 2 overtrumps with the queen
    hands = ["AH KH 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "QH 6S TS 2S 6C 7C", "TH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5S JH")
    assert choice(state) == "play QH"


def test_trumps_an_opponents_ten() -> None:
    # seat 0 leads the ten of clubs; seat 1 is void in clubs and trumps with its lowest trump
    hands = ["TC AH 2H 5S 9S KD", "4H JH 4S 7D 8D 5D", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "TC")
    assert choice(state) == "play 4H"


def test_leads_the_top_trump_from_three_trumps() -> None:
    # no jack or ten of trumps to catch, but three trumps clear the way for the side cards
    hands = ["AH JH TH 5S 9S 3C", "2H 4S 7D 8D 4C 5C", "6S TS 2S 6C 7C 5D", "KH 3H 3S QD 8C 9C"]
    assert choice(new_game(3, hands, "8H").apply("stand")) == "play AH"


def test_wins_with_its_jack_when_no_higher_trump_is_out() -> None:
    # nothing at stake, but the jack is safe (seat 2 holds every higher trump): its point is sure
    hands = ["5H 2H 5S 9S KD 3C", "4H 4S 7D 8D 4C 5C", "JH QH KH AH 6C 7C", "TH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5S 4S")
    assert choice(state) == "play JH"


def test_gives_its_jack_to_a_partner_who_is_sure_to_win() -> None:
    # partner seat 1 trumped with the ace; seat 3, last, gives its jack (sure point) before its ten
    hands = ["5S 9S KD 3C 4D 2D", "AH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "JH 3H TD QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5S AH 2S")
    assert choice(state) == "play JH"


def test_takes_the_trick_with_the_top_card_of_the_suit() -> None:
    # an opponent's 5C wins; seat 2 holds the ace, the best club left: it wins without a trump
    hands = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C AC", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "3C 5C")
    assert choice(state) == "play AC"


def test_plays_low_when_the_partners_card_may_still_be_beaten() -> None:
    # partner seat 0's KD leads the trick, but seat 3 may still trump it: seat 2 (void) throws its lowest card
    state = play_all(new_game(3, BASE, "8H").apply("stand"), "KD 7D")
    assert choice(state) == "play 2S"


def test_gives_its_ten_to_a_partner_who_is_sure_to_win() -> None:
    # partner seat 0 leads the ace of trumps; seat 2 has no trump and adds its ten to the trick
    hands = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "6S TS 2S 6C 7C 5D", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "AH JH")
    assert choice(state) == "play TS"


def test_saves_trumps_when_nothing_is_at_stake() -> None:
    # last to play on a pointless trick it could only win with its king of trumps: it follows suit instead
    hands = ["AH 2H 5S 9S 5D 3C", "JH 4S 7D 8D 4C 5C", "6S TS 2S 6C 7C 9H", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5D 8D 9H")
    assert choice(state) == "play QD"


def test_takes_the_trick_from_an_opponent_with_the_ten_of_the_led_suit() -> None:
    # seat 0 leads the five of spades; seat 1 (no trump) holds the ten and the four: the ten wins the
    # trick now, and kept back it would fall to a trump or a spade honour
    hands = ["AH 2H 5S 9S KD 3C", "TS 4S 7D 8D 4C 5C", "TH 6S JS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5S")
    assert choice(state) == "play TS"


def test_wins_a_sure_trick_with_the_ten_of_trumps() -> None:
    # last to play, void in spades: the ten of hearts wins as surely as the three and banks 10 for Game
    hands = ["AH 2H KS 9S KD 3C", "JH 4S 7D 8D 4C 5C", "QH 6S TS 2S 6C 7C", "TH 3H 5H QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "KS 4S 6S")
    assert choice(state) == "play TH"


def test_keeps_even_a_low_trump_for_a_trick_with_points() -> None:
    # last to play, void in spades, on a trick of one card point (the jack of spades): the three of
    # hearts would win it, but a trump is kept for the tens and the jack; it throws its lowest card
    hands = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S JS 2S 6C 7C", "KH 3H 2D QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "5S 4S JS")
    assert choice(state) == "play 2D"


def test_protects_its_jack_when_trumps_are_led() -> None:
    hands = ["AH 2H 5S 9S KD 3C", "JH 4H 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
    state = play_all(new_game(3, hands, "8H").apply("stand"), "AH")
    assert choice(state) == "play 4H"


def test_calls_an_opponents_exposed_card_that_loses_the_trick() -> None:
    state = new_game(3, BASE, "8H").apply("stand").apply("expose 2S", 2)
    state = play_all(state, "5S 4S")  # seat 2 to play; its opponent seat 3 may call 2S
    assert choice(state, seat=3) == "call 2S"


def test_never_exposes() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    legal = state.legal_actions(2)
    assert legal and all(a.verb == "expose" for a in legal)
    with pytest.raises(ValueError, match="never exposes"):
        HeuristicBot(seed=1).choose(state.view(2), legal)


def test_only_ever_returns_a_legal_action() -> None:
    rng = random.Random(3)
    for i in range(40):
        config = {
            "players": rng.choice([2, 4]),
            "no_undertrump": rng.random() < 0.5,
            "deal_in_threes": rng.random() < 0.5,
            "target": 7,
        }
        state = GAME.new(seed=i, config=config)
        players = [HeuristicBot(seed=i * 10 + s) for s in range(state.num_seats)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            assert isinstance(view, AllFoursView)
            legal = state.legal_actions(seat)
            action = players[seat].choose(view, legal)
            assert action in legal
            state = state.apply(action, seat)


def _match(games: int, players: int) -> int:
    """Games won by the heuristic bot's side against random players (sides alternate by game)."""
    wins = 0
    for i in range(games):
        bot_team = i % 2
        heuristic = bots.get("heuristic", game="all-fours", seed=i)
        rand = bots.get("random", game="all-fours", seed=10_000 + i)
        state = GAME.new(seed=20_000 + i, config={"players": players})
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            team = seat % 2 if players == 4 else seat
            bot = heuristic if team == bot_team else rand
            state = state.apply(bot.choose(state.view(seat), state.legal_actions(seat)), seat)
        assert state.result is not None
        wins += state.result.winner == bot_team
    return wins


def _p_value_at_least(wins: int, games: int) -> float:
    """One-sided binomial p-value of so many wins if the bot were no better than an even chance."""
    return sum(math.comb(games, k) for k in range(wins, games + 1)) / 2**games


def test_beats_random_clearly_with_four_players() -> None:
    games = 200
    wins = _match(games, 4)
    assert wins / games > 0.70 and _p_value_at_least(wins, games) < 1e-9


def test_beats_random_clearly_head_to_head() -> None:
    games = 160
    wins = _match(games, 2)
    assert wins / games > 0.65 and _p_value_at_least(wins, games) < 1e-6
