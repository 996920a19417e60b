"""Where two bots choose differently, and which choice does better in the real deal.

Duplicate games measure a bot change by its games' scores, but two search bots that differ only in
their budget agree on most decisions, and where they disagree the choices are mostly worth the same
(two low discards): the pairs' spread is then nearly all the deals' own, and the interval needs
thousands of games. This looks at the decisions instead. Bot B plays the first deal of each game at
every seat; at each decision with a choice (in the ``--phases`` named), bot A is asked too, with the
same view and events. Where they differ, each choice is judged in the real deal, which neither bot
sees: ``--judge`` bots (default: the heuristic, the continuation both searches assume; ``hard`` is
closer to real play and far slower) play the deal on from there at every seat, ``--judges`` times
with the same random numbers for both choices. A's gain is the difference of the deal's value for
the team that chose (:func:`tricktable.bots.search.deal_value`: points, or Tractor's levels).

It reports the share of decisions where the bots differ, the share where the difference changed the
judged value, A's mean gain per decision where they differ, and per deal (the sum over a deal's
decisions, with a Student-t 95 % interval over the deals). The gain per deal is what A's decisions
would add at B's positions: a lower-variance reading of the duplicate games' score difference, not
a replacement for it (the positions are B's, and the judge's play is not the bots' own).

    python -m bench.disagreements all-fours --bots expert,hard --deals 40 --seed 73 --jobs 2
    python -m bench.disagreements back-alley --bots expert,hard --phases bid --judge hard --judges 1
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bench import variants
from tricktable import games
from tricktable.arena import t_interval
from tricktable.bots.search import deal_value, rollout
from tricktable.bots.turns import next_turn
from tricktable.core.actions import Action
from tricktable.core.state import State, team_of
from tricktable.table import bot_seed, game_seed, split_names
from tricktable.table.parallel import map_chunks

__all__ = ["Disagreement", "Match", "deal_disagreements", "judge", "summary"]


@dataclass(frozen=True, slots=True)
class Match:
    """What to compare (a plain value: it travels to worker processes)."""

    game: str
    bots: tuple[str, str]
    seed: int = 0
    judges: int = 4
    """Playouts judging each choice."""
    first: int = 0
    """The first deal: deal ``i`` of a chunk is game seed ``first + i``."""
    judge: str = "medium"
    """The bot that plays the deal on at every seat after each choice."""
    phases: frozenset[str] | None = None
    """Only the decisions of these phases are compared (None: every phase)."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """One decision where the bots differ: A's gain over B's choice in the real deal (judged)."""

    deal: int
    phase: str
    a: str
    b: str
    gain: float


def judge(
    state: State,
    seat: int,
    named: int | None,
    choices: Sequence[Action],
    match: Match,
    judges: int | None = None,
) -> list[float]:
    """Each choice's mean value for ``seat``'s team in the real ``state``: the deal played on after
    it by ``match.judge`` bots at every seat, ``judges`` times (default: the match's), each time with
    the same bots' seeds for every choice."""
    game = games.get(match.game)
    deal_key = game.description.search.deal_key
    team = team_of(seat, state.num_seats)
    totals = [0.0] * len(choices)
    rounds = match.judges if judges is None else judges
    for k in range(rounds):
        for i, action in enumerate(choices):
            players = {
                s: variants.get(match.judge, game=game.name, seed=1_000 * k + s)
                for s in range(state.num_seats)
            }
            end = rollout(state.apply_legal(action, named), players, deal_key, deal_key(state))
            totals[i] += deal_value(game.name, state, end, team)
    return [total / rounds for total in totals]


def deal_disagreements(match: Match, deals: Sequence[int]) -> list[tuple[int, int, list[Disagreement]]]:
    """For each deal: how many decisions had a choice, and the disagreements among them."""
    out = []
    game = games.get(match.game)
    deal_key = game.description.search.deal_key
    for index in deals:
        deal = match.first + index
        seed = game_seed(match.seed, deal)
        state = game.new(seed=seed)
        a_bots = {
            s: variants.get(match.bots[0], game=game.name, seed=bot_seed(seed, s))
            for s in range(state.num_seats)
        }
        b_bots = {
            s: variants.get(match.bots[1], game=game.name, seed=bot_seed(seed, s))
            for s in range(state.num_seats)
        }
        key = deal_key(state)
        decisions = 0
        found: list[Disagreement] = []
        while not state.is_over and deal_key(state) == key:
            seat, named = next_turn(state)
            legal = state.legal_actions(named)
            view = state.view(seat)
            events = state.events(seat)
            b = b_bots[seat].choose(view, legal, events if b_bots[seat].wants_events else ())
            if len(legal) > 1 and (match.phases is None or state.phase in match.phases):
                decisions += 1
                a = a_bots[seat].choose(view, legal, events if a_bots[seat].wants_events else ())
                if a != b:
                    value_a, value_b = judge(state, seat, named, (a, b), match)
                    found.append(Disagreement(deal, state.phase, str(a), str(b), value_a - value_b))
            state = state.apply_legal(b, named)
        out.append((deal, decisions, found))
        # Each deal as it ends, on stderr: a long run that is stopped still says what it saw.
        record = {"deal": deal, "decisions": decisions, "gains": [d.gain for d in found]}
        print(json.dumps(record), file=sys.stderr, flush=True)
    return out


def summary(results: Sequence[tuple[int, int, list[Disagreement]]]) -> dict[str, Any]:
    """The shares and gains reported (see the module's docstring)."""
    decisions = sum(n for _, n, _ in results)
    gains = [d.gain for _, _, found in results for d in found]
    per_deal = [sum(d.gain for d in found) for _, _, found in results]
    report: dict[str, Any] = {
        "deals": len(results),
        "decisions": decisions,
        "differ": len(gains) / decisions if decisions else 0.0,
        "differ_in_value": sum(1 for g in gains if g != 0) / decisions if decisions else 0.0,
        "gain_per_deal": sum(per_deal) / len(per_deal) if per_deal else 0.0,
        "gain_per_deal_ci95": list(t_interval(per_deal)) if len(per_deal) > 1 else None,
    }
    if gains:
        report["gain_where_they_differ"] = sum(gains) / len(gains)
        report["better"] = sum(1 for g in gains if g > 0)
        report["worse"] = sum(1 for g in gains if g < 0)
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.disagreements", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="two bot names, A,B (B plays; A is asked)")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--judges", type=int, default=4, help="playouts judging each choice")
    parser.add_argument("--judge", default="medium", help="the bot that plays the deal on after each choice")
    parser.add_argument("--phases", help="compare only these phases' decisions: PHASE/PHASE (default: all)")
    parser.add_argument("--first", type=int, default=0, help="the first deal played (a piece of a run)")
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args(argv)
    a, b = split_names(args.bots)
    if args.deals < 1 or args.judges < 1 or args.first < 0:
        parser.error("--deals and --judges must be at least 1, and --first at least 0")
    phases = frozenset(args.phases.split("/")) if args.phases else None
    match = Match(
        games.get(args.game).name, (a, b), args.seed, args.judges, args.first, args.judge.strip(), phases
    )
    variants.get(match.judge, game=match.game)  # an unknown judge is refused before any deal is played
    results = sorted(map_chunks(deal_disagreements, match, args.deals, args.jobs))
    report = {
        "game": match.game,
        "bots": [a, b],
        "seed": args.seed,
        "judge": match.judge,
        "judges": args.judges,
        "phases": sorted(phases) if phases else "all",
    } | summary(results)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
