"""The compiled build against the pure one, side by side in one run: the rules core's targets, each
measured in a fresh child process on the compiled build (after ``make compile``) and in another with
``TRICKTABLE_PURE=1`` (the same tree's ``.py`` files), alternating round by round with the OpenSpiel
anchor, as the shared machine drifts. CPU time of the child measuring.

    python -m bench.builds [--seconds S] [--rounds R]
    python -m bench.builds --one METRIC --seconds S     # one figure, printed (what each child runs)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from bench.anchors import oh_hell_games_per_second


def _per_cpu_second(name: str, seconds: float, *, first_deal_only: bool = False) -> float:
    """Random deals per CPU second of this process (bench.throughput's loop, timed on the wall)."""
    from bench.throughput import random_deals

    start = time.process_time()
    deals = random_deals(name, seconds, first_deal_only=first_deal_only).deals
    return deals / (time.process_time() - start)


def _back_alley_hands(seconds: float) -> float:
    return _per_cpu_second("back-alley", seconds, first_deal_only=True)


def _tractor_rounds(seconds: float) -> float:
    return _per_cpu_second("tractor", seconds)


def _back_alley_vector(seconds: float) -> float:
    from bench.rl_env import vector_rate

    return vector_rate("back-alley", seconds)


def _tractor_sample_p99(seconds: float) -> float:
    from bench.worlds import world_costs

    return world_costs("tractor", count=max(10, int(10 * seconds))).sample_p99_ms


# name -> (how to measure it for `seconds`, unit, target, higher is better)
METRICS: dict[str, tuple[Callable[[float], float], str, float, bool]] = {
    "back-alley random 13-card hands": (_back_alley_hands, "/s", 0.0, True),
    "tractor random rounds": (_tractor_rounds, "/s", 1500.0, True),
    "back-alley VectorEnv(64) decisions": (_back_alley_vector, "/s", 100_000.0, True),
    "tractor first sample p99": (_tractor_sample_p99, "ms", 3.0, False),
}


def _measured(metric: str, seconds: float, *, pure: bool) -> float:
    """``metric`` measured in a fresh child process, on the pure modules of the same installed tree
    or on its compiled build. A fresh process each time: in this one, what an earlier metric left on
    the heap (64 games' logs, the caches) made the collector's full passes long enough to land in the
    sampler's p99 (45 ms of a 2 ms figure, 26 November)."""
    env = {k: v for k, v in os.environ.items() if k != "TRICKTABLE_PURE"}
    if pure:
        env["TRICKTABLE_PURE"] = "1"
    args = [sys.executable, "-m", "bench.builds", "--one", metric, "--seconds", str(seconds)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    return float(out.split()[-1])


def report_builds(seconds: float = 3.0, rounds: int = 3) -> dict[str, Any]:
    """Print and return each target's median figure on both builds, with the anchor's ratio."""
    from tricktable import builds

    here = "compiled" if builds.is_compiled() else "pure (this process runs no compiled build)"
    print(f"\ncompiled (mypyc) against pure Python, same run, medians of {rounds} alternating rounds: {here}")
    runs: dict[str, dict[str, list[float]]] = {m: {"compiled": [], "pure": []} for m in METRICS}
    anchor_runs: list[float] = []
    for r in range(rounds):
        for metric in METRICS:
            runs[metric]["compiled"].append(_measured(metric, seconds, pure=False))
            runs[metric]["pure"].append(_measured(metric, seconds, pure=True))
        anchor = oh_hell_games_per_second(seconds)
        if anchor is not None:
            anchor_runs.append(anchor)
        print(f"  round {r + 1}/{rounds} done", file=sys.stderr)
    print(f"{'metric':<36} {'compiled':>10} {'pure':>10} {'speed-up':>9} {'target':>9}")
    out: dict[str, Any] = {"compiled": builds.is_compiled(), "metrics": {}}
    for metric, (_, unit, target, higher) in METRICS.items():
        c, p = (statistics.median(runs[metric][k]) for k in ("compiled", "pure"))
        gain = c / p if higher else p / c
        target_text = "-" if not target else f"{'≥' if higher else '≤'} {target:,.0f}"
        print(f"{metric + ' ' + unit:<36} {c:>10,.1f} {p:>10,.1f} {gain:>8.2f}x {target_text:>9}")
        out["metrics"][metric] = {"compiled": c, "pure": p, "runs": runs[metric], "target": target}
    if anchor_runs:
        anchor = statistics.median(anchor_runs)
        hands = out["metrics"]["back-alley random 13-card hands"]
        print(
            f"anchor: OpenSpiel oh_hell {anchor:,.0f} games/s; Back Alley hands / Oh Hell games: "
            f"compiled {hands['compiled'] / anchor:.2f}, pure {hands['pure'] / anchor:.2f} (target ≥ 1.0)"
        )
        out["anchor_open_spiel_oh_hell"] = {"games_per_second": anchor, "runs": anchor_runs}
    else:
        print("anchor: OpenSpiel not installed here (`make anchors`); no ratio")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.builds", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--one", choices=sorted(METRICS), help="print this one figure only")
    args = parser.parse_args(argv)
    if args.one:
        print(METRICS[args.one][0](args.seconds))
    else:
        report_builds(args.seconds, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
