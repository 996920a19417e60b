"""Train a small masked policy for All Fours against random bots, plot its learning curve, and check
that it beats them.

    pip install -e '.[rl]'
    python examples/train_all_fours.py --minutes 7 --out all_fours_curve.png

The policy is linear-softmax over the AEC observation (801 floats) with the action mask applied, in
numpy only. One policy plays both seats of team 0 (seats 0 and 2); seats 1 and 3 are tricktable's
``random`` bot. Training is REINFORCE with a running baseline on per-deal rewards (the AEC
environment's ``reward="deal"``: the change in team 0's score margin over the deal, credited to every
team-0 decision of that deal). Every ``--eval-every`` games it plays greedy evaluation games against
random bots (fixed seeds, the same for every evaluation) and records team 0's win rate; the plot shows
that curve with the training return. At the end, a final evaluation over ``--final-games`` games gives
the win rate with a Wilson 95% interval on duplicate deals (each deal played with the trained policy,
as a :class:`tricktable.env.PolicyBot` in the table loop, on each side), next to random-vs-random on
the same deals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from tricktable import bots, games
from tricktable.env import PolicyBot, TricktableAEC
from tricktable.table.loop import bot_choice, play_out
from tricktable.table.stats import wilson_interval

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
TEAM = (0, 2)


class LinearPolicy:
    """Masked softmax over ``W @ x + b``."""

    def __init__(self, obs_size: int, n_actions: int, rng: np.random.Generator) -> None:
        self.W = np.zeros((n_actions, obs_size), dtype=np.float64)
        self.b = np.zeros(n_actions, dtype=np.float64)
        self.rng = rng

    def probs(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        logits = self.W @ x + self.b
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def sample(
        self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]
    ) -> tuple[int, npt.NDArray[np.float64]]:
        p = self.probs(x, mask)
        return int(self.rng.choice(len(p), p=p)), p

    def greedy(self, x: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return int(np.argmax(self.probs(x, mask)))

    def update(
        self, xs: list, ps: list, actions: list, advantages: npt.NDArray[np.float64], lr: float
    ) -> None:
        X = np.asarray(xs, dtype=np.float64)
        G = -np.asarray(ps)  # d log pi(a) / d logits = onehot(a) - p
        G[np.arange(len(actions)), actions] += 1.0
        G *= advantages[:, None]
        self.W += lr * (G.T @ X) / len(actions)
        self.b += lr * G.mean(axis=0)


def play_game(
    env: TricktableAEC, seed: int, choose: Policy | None, opponents: dict[int, bots.Bot]
) -> tuple[int | None, list[tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], int, int]], list[float]]:
    """One game: team 0 by ``choose`` (None: random bots too), team 1 by ``opponents``. Returns the
    winning team, team 0's decisions (observation, mask, action, deal index) and each deal's reward."""
    env.reset(seed=seed)
    decisions: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], int, int]] = []
    deal_rewards: list[float] = []
    while not env.done:
        state = env.state
        assert state is not None and state.to_move is not None
        seat = state.to_move
        deal = env.deals_scored
        if seat in TEAM and choose is not None:
            obs = env.observe(f"player_{seat}")
            action = choose(obs["observation"], obs["action_mask"])
            decisions.append((obs["observation"], obs["action_mask"], action, deal))
            env.step(action)
        else:
            env.apply_action(bot_choice(state, seat, opponents[seat]), seat)
        if env.deals_scored > deal:
            deal_rewards.append(float(env.rewards["player_0"]))
    result = env.state.result if env.state is not None else None
    return (None if result is None else result.winner), decisions, deal_rewards


def evaluate(env: TricktableAEC, policy: LinearPolicy | None, games: int, seed: int) -> tuple[int, int]:
    """Team 0's wins over ``games`` greedy games (policy None: a random bot plays team 0 too)."""
    wins = 0
    for g in range(games):
        opponents = {s: bots.get("random", game="all-fours", seed=seed + 10 * g + s) for s in range(4)}
        choose = None if policy is None else policy.greedy
        winner, _, _ = play_game(env, seed + g, choose, opponents)
        wins += winner == 0
    return wins, games


def duplicate(policy: LinearPolicy, deals: int, seed: int) -> dict[str, int]:
    """The arena's method, through the table loop: each game seed is played twice, the greedy policy
    (as a :class:`PolicyBot`) at seats 0 and 2, then at seats 1 and 3, random bots at the others; and
    the same games with random bots everywhere, as the baseline. Counts the policy's side's wins."""
    game = games.get("all-fours")
    out = {"games": 0, "policy_wins": 0, "random_wins": 0}
    for d in range((deals + 1) // 2):
        for side in (0, 1):
            state = game.new(seed=seed + d)
            players: dict[int, bots.Bot] = {
                s: PolicyBot("all-fours", policy.greedy)
                if s % 2 == side
                else bots.get("random", game="all-fours", seed=seed + 10 * d + s)
                for s in range(4)
            }
            baseline = {s: bots.get("random", game="all-fours", seed=seed + 10 * d + s + 5) for s in range(4)}
            result = play_out(state, players).final.result
            base = play_out(state, baseline).final.result
            out["games"] += 1
            out["policy_wins"] += result is not None and result.winner == side
            out["random_wins"] += base is not None and base.winner == side
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=7.0, help="training time budget (default 7)")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--eval-every", type=int, default=200, help="games between evaluations")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--final-games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="all_fours_curve.png", help="the learning-curve PNG")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = TricktableAEC("all-fours", reward="deal")
    policy = LinearPolicy(env.layout.size, env.codec.size, rng)
    baseline, scale = 0.0, 1.0
    curve: list[tuple[int, float]] = []
    returns: list[float] = []
    eval_seed = 10_000_000
    start = time.perf_counter()
    game = 0
    wins, n = evaluate(env, policy, args.eval_games, eval_seed)
    curve.append((0, wins / n))
    print(f"game 0: greedy win rate vs random {wins / n:.2f}")
    while time.perf_counter() - start < 60 * args.minutes:
        opponents = {s: bots.get("random", game="all-fours", seed=game * 4 + s) for s in (1, 3)}
        _, decisions, deal_rewards = play_game(
            env, args.seed * 1_000_003 + game, lambda x, m: policy.sample(x, m)[0], opponents
        )
        game += 1
        if not decisions:
            continue
        deal_rewards.append(0.0)  # decisions after the last scored deal (a game won mid-deal)
        g = np.array([deal_rewards[min(d, len(deal_rewards) - 1)] for *_, d in decisions])
        returns.append(float(sum(deal_rewards)))
        baseline = 0.99 * baseline + 0.01 * float(g.mean())
        scale = 0.99 * scale + 0.01 * float(np.abs(g - baseline).mean() + 1e-6)
        xs = [x for x, *_ in decisions]
        ps = [policy.probs(x, m) for x, m, *_ in decisions]
        policy.update(xs, ps, [a for _, _, a, _ in decisions], (g - baseline) / scale, args.lr)
        if game % args.eval_every == 0:
            wins, n = evaluate(env, policy, args.eval_games, eval_seed)
            curve.append((game, wins / n))
            elapsed = time.perf_counter() - start
            print(f"game {game} ({elapsed:.0f} s): greedy win rate vs random {wins / n:.2f}")

    final = duplicate(policy, args.final_games, eval_seed + 1_000_000)
    n = final["games"]
    wins, base_wins = final["policy_wins"], final["random_wins"]
    lo, hi = wilson_interval(wins, n)
    blo, bhi = wilson_interval(base_wins, n)
    print(f"trained {game} games in {time.perf_counter() - start:.0f} s")
    print(
        "duplicate deals through the table loop (PolicyBot), each deal played with the policy on each side:"
    )
    print(f"policy side vs random: {wins}/{n} = {wins / n:.3f} (95% {lo:.3f}-{hi:.3f})")
    print(f"random vs random, same deals: {base_wins}/{n} = {base_wins / n:.3f} (95% {blo:.3f}-{bhi:.3f})")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    xs_eval, ys_eval = zip(*curve, strict=True)
    top.plot(xs_eval, ys_eval, marker="o")
    top.axhline(base_wins / n, color="grey", linestyle="--", label="random vs random")
    top.set_ylabel("greedy win rate vs random")
    top.legend()
    window = max(1, len(returns) // 50)
    smooth = np.convolve(returns, np.ones(window) / window, mode="valid") if returns else np.array([])
    bottom.plot(np.arange(len(smooth)) + window, smooth)
    bottom.set_xlabel("training games")
    bottom.set_ylabel(f"game score margin (mean of {window})")
    fig.suptitle("All Fours: linear masked policy (team 0) vs random bots")
    fig.tight_layout()
    fig.savefig(args.out, dpi=100)
    print(f"learning curve: {args.out}")


if __name__ == "__main__":
    main()
