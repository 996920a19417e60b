"""Speed of this tree against another checkout of tricktable, measured side by side.

    python -m bench.compare OTHER_TREE [--rounds R] [--checked]

e.g. ``git worktree add /tmp/base <rev> && python -m bench.compare /tmp/base``. Each round plays the same
seeded random deals through ``legal_actions`` and the fast path for an action taken from that list
(``apply_legal``, or ``apply`` in a tree from before it existed) in both trees, one after the other in
fresh processes (``--checked``: through ``apply`` in both, every action checked again), and times them
in CPU seconds (``time.process_time``), which a busy shared machine disturbs far less than wall time;
the median ratio per game is reported. A "deal" is a deal of All Fours, Back Alley's first (13-card)
hand, and a round of Tractor, as in ``make bench``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

DEALS = {"all-fours": 600, "back-alley": 500, "tractor": 60}

# Run inside each tree with its own sources first on the path: only the public API is used, so any
# version of tricktable can be measured.
_PROBE = """
import random, sys, time
from tricktable import games

def deal_key(state):
    # The deal's index as each version of the states holds it: a flat field (All Fours and Tractor
    # before their records), in a record (All Fours' deal, Tractor's round), the hand (Back Alley).
    if hasattr(state, "deal_no"):
        return state.deal_no
    if name == "back-alley":
        return state.match.number
    return state.deal.number if name == "all-fours" else state.round.deal_no

name, count, checked = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "checked"
game = games.get(name)
rng = random.Random(1)
done = seed = 0
state = game.new(seed=seed)
push = "apply" if checked or not hasattr(state, "apply_legal") else "apply_legal"
key = deal_key(state)
started = time.process_time()
while done < count:
    if state.is_over:
        seed += 1
        state = game.new(seed=seed)
        key = deal_key(state)
    legal = state.legal_actions()
    state = getattr(state, push)(legal[rng.randrange(len(legal))])
    now = deal_key(state)
    if now != key:
        done += 1
        key = now
        if name == "back-alley":  # only 13-card hands: start a new game
            seed += 1
            state = game.new(seed=seed)
            key = deal_key(state)
print(count / (time.process_time() - started))
"""


def deals_per_second(tree: Path, name: str, checked: bool = False) -> float:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, name, str(DEALS[name]), "checked" if checked else "fast"],
        env={"PYTHONPATH": str(tree / "src"), "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__)
    parser.add_argument("other", type=Path, help="another tricktable checkout (its src/ is used)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--checked", action="store_true", help="play through apply in both trees")
    args = parser.parse_args(argv)
    here = Path(__file__).resolve().parent.parent
    print(f"{'game':<12} {'this tree':>12} {'other tree':>12} {'ratio':>7}   (deals per CPU second, median)")
    for name in DEALS:
        ours, theirs = [], []
        for _ in range(args.rounds):
            theirs.append(deals_per_second(args.other, name, args.checked))
            ours.append(deals_per_second(here, name, args.checked))
        a, b = statistics.median(ours), statistics.median(theirs)
        print(f"{name:<12} {a:>12,.0f} {b:>12,.0f} {a / b:>7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
