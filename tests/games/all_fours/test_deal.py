"""Rules clauses "Table and cards" and "The deal": partnerships, the cut, dealing, the turn-up."""

from __future__ import annotations

import pytest

from tricktable.cards import ALL_CARDS, parse_cards
from tricktable.games.all_fours import GAME
from tricktable.games.all_fours.deal import cut_for_dealer, kick_points

from .helpers import new_game, play_out, seed_with_dealer

BASE = ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C", "TH 6S TS 2S 6C 7C", "KH 3H 3S QD 8C 9C"]
PACK = ALL_CARDS[:52]


def test_table_four_players_in_partnerships_opposite() -> None:
    state = GAME.new(seed=1)
    assert state.num_seats == 4 and state.team_seats() == ((0, 2), (1, 3))


def test_table_two_players_head_to_head() -> None:
    state = GAME.new(seed=1, config={"players": 2})
    assert state.num_seats == 2 and state.team_seats() == ((0,), (1,))
    assert sum(len(h) for h in state.hands) == 12


def test_cut_highest_card_deals() -> None:
    for seed in range(200):
        state = GAME.new(seed=seed)
        final = state.match.cut[-1]
        ranks = {seat: card % 13 for seat, card in final}
        assert ranks[state.deal.dealer] == max(ranks.values())
        assert sorted(ranks.values()).count(max(ranks.values())) == 1


def test_cut_ties_cut_again_among_the_tied() -> None:
    seed = next(s for s in range(500) if len(cut_for_dealer(s, 4)[1]) > 1)
    dealer, rounds = cut_for_dealer(seed, 4)
    first, second = rounds[0], rounds[1]
    top = max(card % 13 for _, card in first)
    tied = [seat for seat, card in first if card % 13 == top]
    assert len(tied) > 1
    assert [seat for seat, _ in second] == tied
    assert dealer in tied


def test_cut_is_seeded() -> None:
    assert GAME.new(seed=42).match.cut == GAME.new(seed=42).match.cut
    assert len({GAME.new(seed=s).deal.dealer for s in range(40)}) == 4


def test_deal_one_at_a_time_from_the_dealers_right() -> None:
    dealer = 1
    state = GAME.new(seed=seed_with_dealer(dealer), deck=list(PACK))
    # the first card goes to seat 2, the dealer's right, then round the table
    for offset in range(4):
        seat = (dealer + 1 + offset) % 4
        assert state.hands[seat] == tuple(sorted(PACK[offset:24:4]))
    assert state.deal.turned == (PACK[24],)
    assert state.card_locations()["stock"] == PACK[25:]


def test_deal_in_threes_changes_which_cards_go_where() -> None:
    dealer = 1
    state = GAME.new(seed=seed_with_dealer(dealer), config={"deal_in_threes": True}, deck=list(PACK))
    for offset in range(4):
        seat = (dealer + 1 + offset) % 4
        expected = PACK[3 * offset : 3 * offset + 3] + PACK[12 + 3 * offset : 15 + 3 * offset]
        assert state.hands[seat] == tuple(sorted(expected))
    assert state.deal.turned == (PACK[24],)


def test_deal_in_threes_applies_to_running_the_pack() -> None:
    state = GAME.new(seed=seed_with_dealer(3), config={"deal_in_threes": True}, deck=list(PACK))
    # turn-up PACK[24] = KH (hearts); the run deals PACK[25:37] three at a time, turns up PACK[37] = KD
    state = state.apply("beg").apply("run")
    assert state.deal.turned == parse_cards("KH KD")
    for offset in range(4):
        assert set(PACK[25 + 3 * offset : 28 + 3 * offset]) <= set(state.hands[offset])


def test_turn_up_proposes_trumps() -> None:
    state = new_game(3, BASE, "8H")
    assert state.phase == "beg" and state.trump_letter == "H" and state.view(0).trump.to_json() == "H"
    assert state.deal.turned == parse_cards("8H") and state.match.scores == (0, 0)


@pytest.mark.parametrize(
    ("turn_up", "points"), [("AD", 1), ("6D", 2), ("JD", 3), ("2D", 0), ("TD", 0), ("KC", 0)]
)
def test_kicking_ace_one_six_two_jack_three_to_the_dealers_side(turn_up: str, points: int) -> None:
    state = new_game(3, BASE, turn_up)  # dealer 3: team 1
    assert state.match.scores == (0, points)
    if points:
        item = state.view(0).this_deal[0]
        assert (item["item"], item["team"], item["points"], item["seat"]) == ("Turn-up", 1, points, 3)


def test_kicking_for_dealer_seat_zero_goes_to_team_zero() -> None:
    hands = [BASE[1], BASE[2], BASE[3], BASE[0]]
    assert new_game(0, hands, "JD").match.scores == (3, 0)


def test_kicking_in_a_two_player_game() -> None:
    state = new_game(1, ["AH 2H 5S 9S KD 3C", "JH 4S 7D 8D 4C 5C"], "6C")
    assert state.match.scores == (0, 2)


@pytest.mark.parametrize(("turn_up", "points"), [("2D", 2), ("6D", 0), ("AS", 1), ("JS", 3)])
def test_tobago_the_two_not_the_six_scores_two(turn_up: str, points: int) -> None:
    assert new_game(3, BASE, turn_up, config={"tobago": True}).match.scores == (0, points)
    assert kick_points(parse_cards(turn_up)[0], tobago=True) == points


def test_the_deal_passes_to_the_next_seat() -> None:
    state = new_game(3, BASE, "8H").apply("stand")
    state = play_out(state)
    assert state.deal.dealer == 0 and state.to_move == 1 and state.phase == "beg"
    state = play_out(state)
    assert state.deal.dealer == 1 and state.to_move == 2


def test_later_deals_are_shuffled_from_the_seed() -> None:
    a = play_out(GAME.new(seed=5).apply("stand"))
    b = play_out(GAME.new(seed=5).apply("stand"))
    assert a.hands == b.hands and a.deal.number == 1
    assert sorted(a.deal.pack) == sorted(PACK)
