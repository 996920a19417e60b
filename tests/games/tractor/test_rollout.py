"""The fast rollout path agrees with the reference engine: every play it makes is legal there (failed
throws included), and the tricks, their winners and points, and the round's score sheet come out the
same, over random and bot-played rounds under the variants that touch play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests import budget
from tests.budget import scaled
from tricktable import bots
from tricktable.bots.tractor_rollout import GreedyPolicy
from tricktable.cards import ALL_CARDS, Card, parse_cards
from tricktable.core.actions import Action
from tricktable.core.events import Played, TrickWon
from tricktable.games.tractor import GAME, Trump, check_follow, decompose, lead_format
from tricktable.games.tractor.rollout import Policy, RandomPolicy, compose, play_round
from tricktable.games.tractor.state import PACK, TractorState
from tricktable.games.tractor.units import lead_shape

CONFIGS: tuple[dict[str, object], ...] = (
    {},
    {"no_trump_rank_cards_are_trump": True},
    {"kitty_multiplier": "power_of_two", "failed_throw_penalty": 0},
    {"gap_tractors": False, "kitty_multiplier": "double_only", "middle_band": "declarers_stay"},
)


def _play_phase_state(n: int) -> TractorState | None:
    """A state in the play phase of round 1, 2 or 3, some tricks in (a trick may be in progress),
    reached by heuristic bots or (odd ``n``) random play of the cards."""
    rng = random.Random(n)
    state: TractorState = GAME.new(seed=n, config=CONFIGS[n % len(CONFIGS)])
    heuristic = {s: bots.get("heuristic", game="tractor", seed=n + s) for s in range(4)}
    by_bot = n % 2 == 0
    rounds = rng.randrange(3)

    def step(state: TractorState) -> TractorState:
        seat = state.to_move if state.to_move is not None else state.acting_seats()[0]
        legal = state.legal_actions(seat)
        if by_bot or state.phase != "play":
            return state.apply(heuristic[seat].choose(state.view(seat), legal), seat)
        return state.apply(legal[rng.randrange(len(legal))], seat)

    while state.round.number < rounds or state.phase != "play":
        state = step(state)
        if state.is_over:
            return None
    for _ in range(rng.randrange(100)):
        after = step(state)
        if after.phase != "play" or after.round.number != state.round.number:
            break
        state = after
    return state


def _replay(start: TractorState, policy: Policy) -> Counter[str]:
    """Play the round on the fast path, replay its plays in the reference, and compare everything;
    returns how many leads of each format were made, and how many throws failed."""
    plays: list[tuple[int, tuple[int, ...]]] = []
    tricks: list[tuple[int, int]] = []
    summary = play_round(start, policy, plays, tricks)
    state = start
    for seat, codes in plays:
        assert state.to_move == seat
        # Not an action the state listed itself: apply checks it against the full rules.
        state = state.apply(Action.make("play", [ALL_CARDS[c] for c in codes]), seat)
    assert state.round.number == start.round.number + 1 or state.is_over
    events = state.events(None, since=start.version)
    assert [(e.trick.winner, e.trick.points) for e in events if isinstance(e, TrickWon)] == tricks
    assert state.round.last_round == summary
    trump = start.kitty.trump
    assert trump is not None
    seen: Counter[str] = Counter()
    seen["failed"] = sum(1 for e in events if isinstance(e, Played) and e.attempted is not None)
    for e in events:
        if isinstance(e, TrickWon):
            seen[lead_format(e.trick.plays[0][1], trump)] += 1
    return seen


def test_rounds_agree_with_the_reference() -> None:
    """Random and greedy play from hundreds of positions (about 1,200 rounds, 12,000 tricks in all):
    with random play many leads are throws (most fail), pairs and tractors that force their shapes."""
    seen: Counter[str] = Counter()
    rounds = 0
    positions = scaled(400)
    for n in range(positions):
        start = _play_phase_state(n)
        if start is None:
            continue
        for policy in (RandomPolicy(random.Random(n)), RandomPolicy(random.Random(-n)), GreedyPolicy()):
            seen += _replay(start, policy)
            rounds += 1
    assert rounds > positions * 5 // 2
    # Leads as the tricks record them (a failed throw leads its forced unit): per 400 positions,
    # over 300 failed throws, 60 throws, 15 tractors and 500 pairs.
    assert seen["failed"] > positions * 3 // 4 and seen["throw"] > positions * 3 // 20, seen
    assert seen["pair"] > positions * 5 // 4, seen
    if not budget.is_small():  # a twentieth of the positions may lead no tractor
        assert seen["tractor"] > 15, seen


def _random_hand(rng: random.Random, size: int) -> list[Card]:
    return rng.sample(PACK, size)


@pytest.mark.parametrize("suit", [None, 0])
def test_compose_follows_are_legal(suit: int | None) -> None:
    """:func:`compose` over random hands and leads (units and throws, trumps often, plenty of pairs):
    legal in the reference whenever it answers, and it answers nearly always."""
    rng = random.Random(7 if suit is None else 8)
    answered = tried = 0
    for _ in range(3000):
        trump = Trump(rank=rng.randrange(2, 15), suit=suit, gap_tractors=rng.random() < 0.8)
        cards = _random_hand(rng, 108)
        lead_hand, hand = cards[:25], cards[25:50]
        led = rng.choice([trump.suit_of(c) for c in lead_hand])
        pool = [c for c in lead_hand if trump.suit_of(c) == led]
        units = decompose(pool, trump)
        pairs = [u for u in units if u.kind != "single"]
        if pairs and rng.random() < 0.7:
            lead = [c for u in rng.sample(pairs, rng.randint(1, len(pairs))) for c in u.cards]
            lead += [c for u in units if u.kind == "single" and rng.random() < 0.2 for c in u.cards]
        else:
            lead = [c for c in pool if rng.random() < 0.5] or pool[:1]
        shape = lead_shape(lead, trump)
        suited = [int(c) for c in hand if trump.suit_of(c) == led]
        # Pairs are what the shape rules are about: give the follower several of the led suit.
        extra = [c for c in suited if rng.random() < 0.5]
        suited += extra
        hand += [ALL_CARDS[c] for c in extra]
        if Counter(hand).most_common(1)[0][1] > 2 or len(suited) <= len(lead):
            continue
        rng.shuffle(suited)
        tried += 1
        play = compose(suited, len(lead), shape if len(lead) > 1 else None, trump.order_table)
        if play is None:
            continue
        answered += 1
        check_follow(hand, lead, [ALL_CARDS[c] for c in play], trump)
    assert tried > 1500 and answered > 0.98 * tried, (tried, answered)


def test_compose_gives_up_where_its_greedy_tractors_fall_short() -> None:
    """Two tractors thrown (2 and 3 pairs) against five consecutive pairs: taking the 3-pair tractor
    around the preferred 6S 6S leaves no room for the other, so :func:`compose` hands the choice to
    the reference; starting from the low end it finds both."""
    trump = Trump(rank="2", suit="H")
    lead = parse_cards("9S 9S TS TS QS QS KS KS AS AS")
    hand = parse_cards("3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 8S 4C")
    shape = lead_shape(lead, trump)
    assert shape.tractors == (2, 3)
    order = trump.order_table
    preferred = [int(c) for c in parse_cards("6S 6S 3S 3S 4S 4S 5S 5S 7S 7S 8S")]
    assert compose(preferred, len(lead), shape, order) is None
    play = compose(sorted(preferred), len(lead), shape, order)
    assert play is not None
    check_follow(hand, lead, [ALL_CARDS[c] for c in play], trump)
