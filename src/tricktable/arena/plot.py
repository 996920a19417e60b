"""The arena's plot: the running estimates (A's win rate, and the score difference per deal) with
their 95% intervals, as the pairs came in. Needs matplotlib (``pip install 'tricktable[arena]'``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tricktable.arena.duplicate import Duel
from tricktable.arena.report import Report, running

__all__ = ["plot"]


def plot(duels: Sequence[Duel], report: Report, path: str | Path) -> None:
    """Write the running estimates of ``duels`` to a PNG at ``path``. Raises ImportError (naming the
    extra to install) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as err:
        raise ImportError("--plot needs matplotlib: pip install 'tricktable[arena]'") from err
    points = running(duels)
    x = [p.pairs for p in points]
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    a, b = report.bots
    top.plot(x, [p.win_rate for p in points], color="tab:blue")
    top.fill_between(x, [p.win_rate_ci[0] for p in points], [p.win_rate_ci[1] for p in points], alpha=0.25)
    top.axhline(0.5, color="grey", linewidth=0.8)
    top.set_ylabel(f"{a}'s win rate")
    top.set_ylim(0, 1)
    bottom.plot(x, [p.score_diff for p in points], color="tab:orange")
    bottom.fill_between(
        x, [p.score_diff_ci[0] for p in points], [p.score_diff_ci[1] for p in points], alpha=0.25
    )
    bottom.axhline(0, color="grey", linewidth=0.8)
    bottom.set_ylabel(f"{a} − {b} per deal")
    bottom.set_xlabel("deals played in duplicate (pairs of games)")
    fig.suptitle(f"{report.game}: {a} vs {b}, {report.games} games (95% intervals)")
    fig.tight_layout()
    fig.savefig(Path(path), format="png", dpi=100)
    plt.close(fig)
