"""Replaying each golden record gives, step by step, the stored phases, scores and seat views."""

from __future__ import annotations

import json

import pytest

from tricktable import games

from .playthrough import CASES, HERE, step_summary


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough_replays_step_by_step(name: str) -> None:
    golden = json.loads((HERE / f"{name}.json").read_text())
    assert golden["case"] == CASES[name]
    game = games.get(golden["record"]["game"])
    state = game.replay_start(golden["record"])
    assert step_summary(state) == golden["steps"][0]
    for index, (entry, step) in enumerate(zip(golden["record"]["actions"], golden["steps"][1:], strict=True)):
        seat, text = entry
        assert (seat, text) == (step["seat"], step["action"])
        state = state.apply(text, seat)
        expected = {k: v for k, v in step.items() if k not in ("seat", "action")}
        assert step_summary(state) == expected, f"{name}: step {index} ('{text}' by seat {seat}) differs"
    assert game.record(state) == golden["record"]
