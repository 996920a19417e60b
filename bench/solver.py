"""The double-dummy solver's speed: :func:`tricktable.analysis.solve` from the first lead of seeded
deals, CPU time per solve (every legal card's exact value), as a distribution; and the game
analysis's: :func:`tricktable.analysis.analyse` of one seat's whole Back Alley hand.

All Fours: whole deals (6 tricks, four players; the first state of play after the first legal
choices). Back Alley: the first hand of seeded games (13 cards, bids of one trick each) from its
first lead, each solve capped at ``--max-nodes`` cards played in the search (a capped solve counts
as unfinished, its time as a lower bound); and the same hands with fewer tricks left (random legal
cards played first), to show how the time grows with the tricks left. Each 13-card hand is solved
again with the search's moves in two other orders (each with a fresh table): the counts must agree.
Budgets (issue 18): All Fours median ≤ 50 ms; Back Alley 13-card median ≤ 2 s.

The analysis: the first 13-card hand of seeded games played by the heuristic bots, one seat's
decisions (its bid and 13 cards) analysed at the default budget (the ``hard`` bot's rollouts, the
double-dummy values where the solver finishes within the analysis's position budget), in CPU
seconds of this process (the machine may be shared). Budget: ≤ 30 s.

    python -m bench.solver [--deals N] [--hands N] [--max-nodes N] [--analyses N] [--no-orders]

The solver's search runs compiled by mypyc when ``make`` has built it (``tricktable.builds``); the
first line says which build ran, and ``TRICKTABLE_PURE=1`` measures the pure Python source instead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from tricktable import builds
from tricktable.analysis import SolveLimitError, analyse, solve
from tricktable.analysis.back_alley import TrickCount, position_of
from tricktable.analysis.search import SearchLimit
from tricktable.games.all_fours import GAME as ALL_FOURS
from tricktable.games.back_alley import GAME as BACK_ALLEY
from tricktable.table import Seats, make_bots, next_bot_action

BUDGET_MS = {"all-fours": 50.0, "back-alley": 2000.0}
ORDER_CHECKS = 3  # 13-card hands solved again under two other move orders (each takes two more solves)


def _first_lead(game: Any, seed: int) -> Any:
    state = game.new(seed=seed)
    while state.phase != "play":
        legal = state.legal_actions()
        state = state.apply(legal[1] if state.phase == "bid" else legal[0])  # Back Alley: bid 1
    return state


def _with_tricks_left(state: Any, tricks: int, seed: int) -> Any:
    rng = random.Random(seed)
    while len(state.hands[state.leader]) > tricks or state.trick:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def _orders_agree(state: Any, max_nodes: int | None) -> bool | None:
    """Whether Back Alley's trick counts for every card at ``state`` are the same under the search's
    best-first move order and two others (the first two moves swapped at about a third of the
    positions; None: a search hit the cap)."""
    hands, leader, trick, opened = position_of(state)
    answers = []
    for order in (0, 1, 2):
        search = TrickCount(state.deal.trump, state.config.little_joker_forces, max_nodes)
        try:
            answers.append(search.values(hands, leader, trick, opened, order))
        except SearchLimit:
            return None
    return answers[0] == answers[1] == answers[2]


def _time(states: list[Any], max_nodes: int | None) -> dict[str, Any]:
    times: list[float] = []
    unfinished = 0
    for state in states:
        start = time.process_time()
        try:
            solve(state, max_nodes=max_nodes)
        except SolveLimitError:
            unfinished += 1
        times.append((time.process_time() - start) * 1000)
    return {
        "solves": len(times),
        "ms": [round(t, 1) for t in times],
        "unfinished": unfinished,
        "median_ms": statistics.median(times),
        "p90_ms": sorted(times)[min(len(times) - 1, int(0.9 * len(times)))],
        "max_ms": max(times),
    }


def _line(label: str, figures: dict[str, Any], budget: float | None) -> str:
    over = f", {figures['unfinished']} unfinished at the cap" if figures["unfinished"] else ""
    limit = f"  (budget: median ≤ {budget:,.0f} ms)" if budget else ""
    # With half the solves or more cut off at the cap, the median is only a lower bound.
    at_least = ">" if 2 * figures["unfinished"] >= figures["solves"] else " "
    return (
        f"  {label:<36} median{at_least}{figures['median_ms']:>9,.1f} ms  p90 {figures['p90_ms']:>9,.1f}  "
        f"max {figures['max_ms']:>9,.1f}  over {figures['solves']} solves{over}{limit}"
    )


def _build() -> str:
    return "compiled by mypyc" if builds.is_compiled() else "pure Python source"


def report_solver(
    deals: int = 15, hands: int = 15, max_nodes: int | None = 3_000_000, orders: bool = True
) -> dict[str, Any]:
    """Print and return the solver's figures."""
    print(f"\ndouble-dummy solver ({_build()}), CPU time per solve of every legal card (one process):")
    report: dict[str, Any] = {"build": _build()}
    if deals:
        figures = _time([_first_lead(ALL_FOURS, s) for s in range(deals)], None)
        print(_line("All Fours deal, first lead", figures, BUDGET_MS["all-fours"]))
        report["all-fours"] = figures
    if not hands:
        return report
    starts = [_first_lead(BACK_ALLEY, s) for s in range(hands)]
    for tricks in (6, 8, 10, 13):
        states = [_with_tricks_left(s, tricks, seed) for seed, s in enumerate(starts)]
        figures = _time(states, max_nodes)
        label = "Back Alley 13-card hand, first lead" if tricks == 13 else f"Back Alley, {tricks} tricks left"
        print(_line(label, figures, BUDGET_MS["back-alley"] if tricks == 13 else None))
        report[f"back-alley-{tricks}"] = figures
        if tricks == 13:
            print("    each hand, s: " + ", ".join(f"{t / 1000:.1f}" for t in figures["ms"]))
            if orders:
                agree = [_orders_agree(s, max_nodes) for s in states[:ORDER_CHECKS]]
                print(f"    counts agree under three move orders (first {len(agree)} hands): {agree}")
                report["back-alley-13-orders-agree"] = agree
    return report


def _heuristic_hand(seed: int) -> dict[str, Any]:
    """The record of a game's first Back Alley hand, played by the heuristic bots."""
    state = BACK_ALLEY.new(seed=seed)
    players = make_bots("back-alley", Seats.assign(4, "heuristic"), seed)
    while state.match.number == 1:
        step = next_bot_action(state, players)
        assert step is not None
        state = state.apply(step[1], step[0])
    return BACK_ALLEY.record(state)


def report_analysis(hands: int = 2) -> dict[str, Any]:
    """Print and return the CPU seconds of analysing one seat's whole 13-card Back Alley hand."""
    if not hands:
        return {"hands": 0}
    seconds: list[float] = []
    for seed in range(hands):
        record = _heuristic_hand(seed)
        start = time.process_time()
        analyse(record, seat=seed % 4)
        seconds.append(time.process_time() - start)
    seconds.sort()
    print(
        f"  {'Back Alley hand of one seat, analysed':<37} median {statistics.median(seconds):>8.1f} s CPU  "
        f"max {seconds[-1]:.1f} s over {hands} hands  (budget: ≤ 30 s)"
    )
    return {"hands": hands, "cpu_seconds": seconds, "median_s": statistics.median(seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.solver", description=__doc__)
    parser.add_argument("--deals", type=int, default=15, help="All Fours deals")
    parser.add_argument("--hands", type=int, default=15, help="Back Alley hands per size")
    parser.add_argument("--max-nodes", type=int, default=3_000_000, help="cap per Back Alley solve")
    parser.add_argument("--no-orders", action="store_true", help="skip the move-order agreement check")
    parser.add_argument("--analyses", type=int, default=2, help="Back Alley hands analysed")
    args = parser.parse_args()
    report_solver(args.deals, args.hands, args.max_nodes, not args.no_orders)
    report_analysis(args.analyses)


if __name__ == "__main__":
    main()
