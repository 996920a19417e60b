"""The PettingZoo environments: PettingZoo's own API and seed tests, whole games through the AEC loop
with masks checked against the engine, observation blocks checked against the seat's view, twin
worlds (a sampled deal differing only in unseen cards gives the seat the same observation), and bad
input."""

from __future__ import annotations

import functools
import random
import warnings
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tricktable import games
from tricktable.core.errors import IllegalActionError
from tricktable.core.state import State, team_of
from tricktable.env import TricktableAEC, aec_env
from tricktable.env.actions import TableCodec, TractorCodec
from tricktable.env.observe import CARD_IDS, SPECS, Encoder, layout_for

GAMES = ["back-alley", "all-fours", "tractor"]
# Short games keep the suite quick: All Fours to 3 points, Tractor cut after its first round.
OPTIONS: dict[str, dict[str, Any]] = {
    "back-alley": {},
    "all-fours": {"config": {"target": 3}},
    "tractor": {"max_deals": 1},
}


@pytest.mark.check  # make check's smoke test of the RL environments
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on Dict observation spaces, as for every masked env
        api_test(aec_env(game, **OPTIONS[game]), num_cycles=150)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(functools.partial(aec_env, game, **OPTIONS[game]), num_cycles=100)


def _play(
    env: TricktableAEC, seed: int, *, check: bool = True, limit: int = 20000, must_end: bool = True
) -> Iterator[State]:
    """Random masked actions until the game ends; checks every mask against the engine."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in range(limit):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            return
        obs = env.observe(agent)
        state = env.state
        assert state is not None
        if check:
            _check_mask(env, state, int(agent.split("_")[1]), obs["action_mask"])
        yield state
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not must_end, "the game did not end"


def _check_mask(env: TricktableAEC, state: State, seat: int, mask: np.ndarray[Any, Any]) -> None:
    assert state.to_move == seat
    ids = set(np.flatnonzero(mask).tolist())
    codec = env.codec
    if isinstance(codec, TableCodec):
        assert ids == {codec.index[a] for a in state.legal_actions(seat)}
        return
    assert isinstance(codec, TractorCodec)
    assert {i for i in ids if i < CARD_IDS} == {int(c) for c in state.selectable(env.picked, seat)}
    if env.picked:
        assert (TractorCodec.FINISH in ids) == codec._finishes(state, seat, env.picked)
    elif state.phase in ("draw", "last-declare"):  # elsewhere the legal list is lazy and can be huge
        plain = {a.verb for a in state.legal_actions(seat) if not a.cards}
        assert (TractorCodec.DRAW in ids) == ("draw" in plain)
        assert (TractorCodec.PASS in ids) == ("pass" in plain)
    assert ids, "a seat to move always has something to do"


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_through_the_aec_loop(game: str) -> None:
    env = TricktableAEC(game, **OPTIONS[game])
    for seed in (1, 2):
        steps = sum(1 for _ in _play(env, seed))
        assert steps > 10
        final = env.state
        assert final is not None
        if final.is_over:
            result = final.result
            assert result is not None
            for agent, total in env._cumulative_rewards.items():
                seat = int(agent.split("_")[1])
                expected = (
                    0.0 if result.winner is None else (1.0 if team_of(seat, 4) == result.winner else -1.0)
                )
                assert total == expected
        else:
            assert game == "tractor" and all(env.truncations.values())


def test_tractor_finished_picks_are_legal_plays() -> None:
    """Every Tractor action built card by card (plays, the kitty, declarations) passes the engine's
    check: the env applies it through ``State.apply``, which raises on anything illegal, and the
    action recorded is the cards picked."""
    env = TricktableAEC("tractor", max_deals=1)
    multi = 0
    for state in _play(env, 5):
        if env.picked and env.codec.mask(state, state.to_move or 0, env.picked)[TractorCodec.FINISH]:
            done = state.completes(env.picked, state.to_move)
            assert done is not None and Counter(done.cards) == Counter(env.picked)
            state.check(done, state.to_move)
            multi += len(env.picked) > 1
    assert multi > 0


def _view_blocks(vec: np.ndarray[Any, Any], seat: int, state: State) -> None:
    """The observation agrees with the seat's view on every block the view also shows."""
    view = state.view(seat)
    spec = SPECS[state.GAME_NAME]
    _, s = layout_for(state.GAME_NAME, state.num_seats)
    n = state.num_seats
    hand = np.zeros(CARD_IDS)
    for card, count in Counter(view.hand).items():
        hand[card] = count
    assert np.array_equal(vec[s.hand], hand), "hand"
    sizes = [view.hand_sizes[(seat + r) % n] / spec.hand_max for r in range(n)]
    assert np.allclose(vec[s.hand_sizes], sizes), "hand sizes"
    trick = np.zeros((n, CARD_IDS))
    for who, cards in view.trick:
        for c in cards:
            trick[(who - seat) % n, c] += 1
    assert np.array_equal(vec[s.trick].reshape(n, CARD_IDS), trick), "trick"
    own = team_of(seat, n)
    tricks = [view.team_tricks[own], view.team_tricks[1 - own]]
    assert np.allclose(vec[s.team_tricks], np.array(tricks) / spec.hand_max), "team tricks"
    scores = [float(x) for x in view.scores]
    assert np.allclose(vec[s.scores], np.array([scores[own], scores[1 - own]]) / spec.score_scale), "scores"
    assert vec[s.phase][SPECS[state.GAME_NAME].phases.index(view.phase)] == 1
    if view.to_move is not None:
        assert vec[s.to_move][(view.to_move - seat) % n] == 1


@pytest.mark.parametrize("game", GAMES)
def test_observation_blocks_agree_with_the_view(game: str) -> None:
    """Both encoders: the reference (one seat, read from the start) and the environment's table."""
    env = TricktableAEC(game, **OPTIONS[game])
    encoders: list[Encoder] = []
    for i, state in enumerate(_play(env, 3, check=False)):
        if i == 0:
            encoders = [Encoder(game, state.num_seats, s) for s in range(state.num_seats)]
        if i % 7 == 0 or game != "tractor":
            for enc in encoders:
                enc.update(state)
                _view_blocks(enc.observe(state.phase, state.to_move), enc.seat, state)
                _view_blocks(env.table.observe(enc.seat, state.phase, state.to_move), enc.seat, state)


@pytest.mark.parametrize("game", GAMES)
def test_twin_worlds_give_the_seat_the_same_observation(game: str) -> None:
    """A world sampled from a seat's events differs from the real one only in cards the seat has not
    seen: the seat's observation and mask must be the same in both."""
    g = games.get(game)
    env = TricktableAEC(game, **OPTIONS[game])
    rng = random.Random(7)
    checked = 0
    states = list(_play(env, 11, check=False))
    for state in states[5 :: max(1, len(states) // 12)]:
        for seat in range(state.num_seats):
            twin = g.sample(seat, state.events(seat), config=state.config, rng=rng)
            real, other = Encoder(game, state.num_seats, seat), Encoder(game, state.num_seats, seat)
            real.update(state)
            other.update(twin)
            a = real.observe(state.phase, state.to_move)
            b = other.observe(twin.phase, twin.to_move)
            assert np.array_equal(a, b), f"seat {seat} tells the twin from the real deal"
            codec = env.codec
            if state.to_move == seat:
                assert np.array_equal(codec.mask(state, seat, ()), codec.mask(twin, seat, ()))
            checked += 1
    assert checked >= 20


def test_observations_hold_only_the_seats_own_hand() -> None:
    """The hand block of every seat is that seat's cards alone, and no other seat's hidden card shows
    anywhere card-shaped in its observation at the start of a deal."""
    state = games.get("back-alley").new(seed=4)
    for seat in range(4):
        enc = Encoder("back-alley", 4, seat)
        enc.update(state)
        vec = enc.observe(state.phase, state.to_move)
        _, s = layout_for("back-alley", 4)
        hidden = {int(c) for c in state.hidden_cards(seat)}
        for block in (s.hand, s.trick, s.played):
            shown = {i % CARD_IDS for i in np.flatnonzero(vec[block]).tolist()}
            assert not shown & hidden


def test_an_id_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = TricktableAEC("all-fours")
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.state
    obs = env.observe(agent)
    wrong = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=rf"action {wrong} \("):
        env.step(wrong)
    for bad in (-1, 10_000, "play 7H", 1.5, None):
        with pytest.raises(IllegalActionError):
            env.step(bad)  # type: ignore[arg-type]
    assert env.state is before and env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], obs["observation"])


def test_penalty_mode_ends_the_game_with_the_penalty() -> None:
    env = TricktableAEC("back-alley", illegal_action="penalize", illegal_reward=-5)
    env.reset(seed=3)
    agent = env.agent_selection
    wrong = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(wrong)
    assert env.rewards[agent] == -5 and all(env.terminations.values())
    assert "not legal" in env.infos[agent]["illegal_action"]


def test_tractor_refuses_a_finish_that_is_no_legal_play_with_the_reason() -> None:
    env = TricktableAEC("tractor")
    env.reset(seed=2)
    with pytest.raises(IllegalActionError, match="finish"):
        env.step(TractorCodec.FINISH)


def test_deal_rewards_add_up_to_the_score_margin() -> None:
    env = TricktableAEC("all-fours", config={"target": 5}, reward="deal")
    totals = Counter[str]()
    for _ in _play(env, 9, check=False):
        for agent, r in env.rewards.items():
            totals[agent] += r
    for agent, r in env.rewards.items():
        totals[agent] += r
    state = env.state
    assert state is not None and state.result is not None
    scores = state.result.scores
    assert totals["player_0"] == scores[0] - scores[1] == -totals["player_1"]


def test_same_seed_same_game_and_render() -> None:
    a, b = TricktableAEC("tractor", render_mode="ansi"), TricktableAEC("tractor", render_mode="ansi")
    ta = [s.version for s in _play(a, 21, check=False, limit=300, must_end=False) if s.version > 280]
    tb = [s.version for s in _play(b, 21, check=False, limit=300, must_end=False) if s.version > 280]
    assert ta == tb and a.state == b.state
    text = a.render()
    assert isinstance(text, str) and "player_0" in text and "Tractor" in text


def test_spaces_are_the_same_objects_every_call() -> None:
    env = aec_env("back-alley")
    assert env.action_space("player_1") is env.action_space("player_1")
    assert env.observation_space("player_2") is env.observation_space("player_2")
    assert env.action_space("player_0").n == 68  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", ["all-fours", "tractor"])
def test_out_of_turn_actions_pass_the_pettingzoo_tests(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(game, out_of_turn=True, **OPTIONS[game]), num_cycles=100)
        seed_test(functools.partial(aec_env, game, out_of_turn=True, **OPTIONS[game]), num_cycles=60)


@pytest.mark.parametrize("game", ["all-fours", "tractor"])
def test_out_of_turn_seats_are_asked_and_may_wait(game: str) -> None:
    """With ``out_of_turn``, seats other than the mover that the engine lets act are asked (mask: their
    legal actions and ``wait``); exposing (All Fours) and declaring while another seat draws (Tractor)
    then happen."""
    env = TricktableAEC(game, out_of_turn=True, **OPTIONS[game])
    rng = np.random.default_rng(4)
    env.reset(seed=4)
    asked = 0
    while not env.done:
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        state = env.state
        assert state is not None
        mask = env.observe(agent)["action_mask"]
        assert mask.shape == (env.size,) == (env.codec.size + 1,)
        if seat != state.to_move:
            asked += 1
            assert env.waiting and state.may_act(seat)
            if not env.picked:
                assert mask[env.wait] == 1
            codec = env.codec
            if isinstance(codec, TableCodec):
                legal = {codec.index[a] for a in state.legal_actions(seat)}
                assert set(np.flatnonzero(mask[: codec.size]).tolist()) == legal
            # wait most of the time, so the game moves on
            legal_ids = np.flatnonzero(mask)
            take = (
                env.wait
                if (mask[env.wait] and rng.random() < 0.8)
                else int(rng.choice(legal_ids[legal_ids != env.wait]))
            )
            env.step(int(take))
        else:
            assert mask[env.wait] == 0
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert asked > 0
    final = env.state
    assert final is not None
    events = final.events(None)
    if game == "all-fours":
        assert any(type(e).__name__ == "Exposed" for e in events)
    else:
        drawers = [e for e in events if type(e).__name__ == "Declared"]
        assert drawers


def test_wait_is_refused_to_the_seat_to_move() -> None:
    env = TricktableAEC("all-fours", out_of_turn=True)
    env.reset(seed=1)
    while env.waiting:
        env.step(env.wait)
    with pytest.raises(IllegalActionError, match="wait"):
        env.step(env.wait)


def test_bots_wait_in_the_single_seat_env() -> None:
    from tricktable.env import SeatEnv

    env = SeatEnv("all-fours", bots="random", out_of_turn=True, config={"target": 3})
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        done = terminated or truncated
