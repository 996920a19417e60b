"""``make bench``: throughput of every game through the public API, Tractor's query latencies, and the
OpenSpiel anchor measured in the same run, alternating with ours (shared machines drift); then the
compiled build against the pure one on the issue's targets (``bench.builds``).

    python -m bench [--seconds S] [--rounds R] [--game NAME ...] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
from typing import Any

from bench.anchors import oh_hell_games_per_second, rlcard_bridge_games_per_second
from bench.throughput import random_deals

TARGETS = {"back-alley": 1500.0, "tractor": 300.0}
DEAL_WORD = {"all-fours": "deals", "back-alley": "13-card hands", "tractor": "rounds"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (median reported)")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)

    from tricktable import games

    names = args.game or games.names()
    report: dict[str, Any] = {"python": sys.version.split()[0], "machine": platform.machine(), "games": {}}
    print(f"tricktable benchmarks: Python {report['python']} on {report['machine']}, one process\n")

    anchor_runs: list[float] = []
    bridge_runs: list[float] = []
    headline: dict[str, list[float]] = {n: [] for n in names}
    for r in range(args.rounds):
        for name in names:
            run = random_deals(name, args.seconds, first_deal_only=(name == "back-alley"))
            headline[name].append(run.deals_per_second)
        if "back-alley" in names:
            anchor = oh_hell_games_per_second(args.seconds)
            if anchor is not None:
                anchor_runs.append(anchor)
            bridge = rlcard_bridge_games_per_second(args.seconds)
            if bridge is not None:
                bridge_runs.append(bridge)
        print(f"  round {r + 1}/{args.rounds} done", file=sys.stderr)

    print(f"{'game':<12} {'random play (median)':>30} {'target':>8} {'µs/legal':>9} {'µs/apply':>9}")
    for name in names:
        per_call = random_deals(
            name, args.seconds, first_deal_only=(name == "back-alley"), per_call_timers=True
        )
        median = statistics.median(headline[name])
        target = TARGETS.get(name)
        target_text = f"{target:,.0f}" if target else "-"
        print(
            f"{name:<12} {median:>14,.0f} {DEAL_WORD[name] + '/s':<15} {target_text:>8} "
            f"{per_call.us_per_legal:>9.1f} {per_call.us_per_apply:>9.1f}"
        )
        report["games"][name] = {
            "deals_per_second": median,
            "runs": headline[name],
            "deal": DEAL_WORD[name],
            "target": target,
            "us_per_legal_actions": per_call.us_per_legal,
            "us_per_apply": per_call.us_per_apply,
            "actions_per_deal": per_call.actions / max(per_call.deals, 1),
        }
    if anchor_runs:
        anchor = statistics.median(anchor_runs)
        ours = statistics.median(headline["back-alley"])
        print(
            f"\nanchor: OpenSpiel oh_hell (4 players, 12 tricks, C++ core, Python loop) {anchor:,.0f} games/s"
        )
        print(f"Back Alley 13-card hands / OpenSpiel Oh Hell games, same run: {ours / anchor:.2f}x")
        report["anchor_open_spiel_oh_hell"] = {
            "games_per_second": anchor,
            "runs": anchor_runs,
            "ratio_back_alley": ours / anchor,
        }
    if bridge_runs:
        bridge = statistics.median(bridge_runs)
        ours = statistics.median(headline["back-alley"])
        print(
            f"anchor: RLCard bridge (random agents, pure Python) {bridge:,.0f} games/s; "
            f"Back Alley 13-card hands / RLCard bridge games: {ours / bridge:.1f}x"
        )
        report["anchor_rlcard_bridge"] = {
            "games_per_second": bridge,
            "runs": bridge_runs,
            "ratio_back_alley": ours / bridge,
        }
    if not anchor_runs and "back-alley" in names:
        print("\nanchors: not installed here (`make anchors` installs them); no side-by-side figure")

    from bench.builds import report_builds

    report["builds"] = report_builds(args.seconds, args.rounds)

    if "tractor" in names:
        from bench.tractor_queries import report_queries

        report["tractor_queries"] = report_queries()

    from bench.worlds import report_worlds

    report["worlds"] = report_worlds(names)

    from bench.views import report_views

    report["views"] = report_views()

    from bench.rl_env import report_env

    report["rl_env"] = report_env(names, seconds=min(args.seconds, 2.0))

    from bench.rollouts import report_rollouts

    report["rollouts"] = report_rollouts(seconds=min(args.seconds, 2.0))

    from bench.solver import report_analysis, report_solver

    report["solver"] = report_solver()
    report["analysis"] = report_analysis()

    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(report, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
