"""Tractor at the terminal: the draw with auto-draw and declarations, and multi-card actions picked
card by card (``state.selectable``) or typed in notation."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tricktable import bots, games
from tricktable.cli.main import main
from tricktable.cli.play import MENU_LIMIT
from tricktable.cli.render import group_hand
from tricktable.core import Action, IllegalActionError, State
from tricktable.table import acting_seat, bot_choice

from .conftest import CliRunner, load

GAME = games.get("tractor")


def _advance(seed: int, stop: Callable[[State], bool]) -> State:
    """A heuristic-bot game from ``seed`` up to the first state where ``stop`` holds."""
    state = GAME.new(seed=seed)
    players = {s: bots.get("heuristic", game="tractor", seed=s) for s in range(4)}
    for _ in range(5000):
        if stop(state):
            return state
        seat = acting_seat(state)
        state = state.apply(bot_choice(state, seat, players[seat]), seat)
    raise AssertionError("the stop condition never held")


def _picking(phase: str, *, lead: bool = False) -> Callable[[State], bool]:
    """Seat 0 to choose a multi-card action too big for a menu (a lead, if ``lead``)."""
    return lambda s: (
        s.phase == phase
        and s.to_move == 0
        and len(s.legal_actions(0)) > MENU_LIMIT
        and not (lead and s.view(0).trick)
    )


def _save(tmp_path: Path, state: State) -> Path:
    record: dict[str, Any] = GAME.record(state)
    record["table"] = {"seat": 0, "bots": [None, "heuristic", "heuristic", "heuristic"]}
    path = tmp_path / "tractor.json"
    path.write_text(json.dumps(record))
    return path


def _hand_order(state: State) -> list[Any]:
    """Seat 0's hand in the numbered order the table shows."""
    return [c for _, cards in group_hand(state.view(0).hand, state.view(0).marks) for c in cards]


def _next_action(path: Path, before: State) -> tuple[int, Action]:
    after = GAME.replay(load(path))
    return after.history[len(before.history)]


def test_the_kitty_is_buried_by_picking_card_numbers(cli: CliRunner, tmp_path: Path) -> None:
    state = _advance(1, _picking("kitty"))
    path = _save(tmp_path, state)
    order = _hand_order(state)
    # "undo" drops the third card; the ninth cannot join a kitty of eight.
    run = cli("play", "--resume", str(path), stdin=["1 2 3", "undo", "3 4 5 6 7 8 9", "", "quit"])
    assert run.code == 0, run.err
    assert "1:" in run.out and "can add:" in run.out
    assert f"{order[8]} cannot be added" in run.out
    expected = Action.make("bury", order[:8])
    assert _next_action(path, state) == (0, expected)
    assert f"you bury {' '.join(map(str, expected.cards))}" in run.out


def test_too_few_cards_and_unselectable_cards_are_refused(cli: CliRunner, tmp_path: Path) -> None:
    state = _advance(1, _picking("kitty"))
    path = _save(tmp_path, state)
    order = _hand_order(state)
    refused = None
    try:
        state.check(Action.make("bury", order[:1]), 0)
    except IllegalActionError as err:
        refused = str(err)
    assert refused is not None
    run = cli("play", "--resume", str(path), stdin=["1", "done", "99", "ZZ", "quit"])
    assert run.code == 0, run.err
    assert refused in run.out
    assert f"choose a card number from 1 to {len(order)}" in run.out
    assert "'zz' is neither a card number nor a card" in run.out
    assert GAME.replay(load(path)).history == state.history  # nothing was buried


def test_a_lead_picked_card_by_card_and_a_refused_mixed_throw(cli: CliRunner, tmp_path: Path) -> None:
    state = _advance(2, _picking("play", lead=True))
    path = _save(tmp_path, state)
    order = _hand_order(state)
    first = order[0]
    other = next(c for c in order if c != first and c not in state.selectable((first,), 0))
    mixed = Action.make("play", [first, other])
    try:
        state.check(mixed, 0)
    except IllegalActionError as err:
        reason = str(err)
    else:
        raise AssertionError(f"{mixed} should be illegal")
    stdin = ["1", str(other), "help", str(mixed), "clear", "1", "", "quit"]
    run = cli("play", "--resume", str(path), stdin=stdin)
    assert run.code == 0, run.err
    # the engine's own reason: the lead's rule that the two cards break
    said = f"{other} cannot be added: {state.pick_refusal((first,), other, 0)}"
    assert said in " ".join(run.out.split())  # (the console wraps long lines)
    assert reason in run.out
    assert "Commands:" in run.out  # help from inside the pick
    assert _next_action(path, state) == (0, Action.make("play", [first]))


def test_the_draw_with_auto_and_declarations_offered(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "tractor", "--seed", "4", stdin=["auto", *[""] * 40, "quit"])
    assert run.code == 0, run.err
    assert "auto on" in run.out
    assert "You may act now" in run.out  # a declaration was offered out of turn
    record = load(tmp_path / "saves" / "tractor-4.json")
    mine = [text for seat, text in record["actions"] if seat == 0]
    assert mine.count("draw") == 25  # every draw taken by auto, without a question
    assert GAME.replay(record).phase != "draw"


def test_replay_hides_the_buried_kitty_from_everyone_but_the_starter(cli: CliRunner, tmp_path: Path) -> None:
    state = _advance(1, lambda s: s.phase == "play")
    path = tmp_path / "round.json"
    path.write_text(json.dumps(GAME.record(state)))
    (starter, bury) = next((seat, a) for seat, a in state.history if a.verb == "bury")
    buried = " ".join(map(str, bury.cards))
    other = (starter + 1) % 4
    seen = cli("replay", str(path), "--seat", str(other), "--all")
    assert seen.code == 0, seen.err
    assert f"seat {starter} buries 8 cards" in seen.out or "partner buries 8 cards" in seen.out
    assert buried not in seen.out
    spectator = cli("replay", str(path))
    assert "buries 8 cards" in spectator.out and buried not in spectator.out
    own = cli("replay", str(path), "--seat", str(starter), "--all")
    assert f"you bury {buried}" in own.out


def test_simulate_tractor_reports_levels_as_pip_values(cli: CliRunner) -> None:
    run = cli("simulate", "tractor", "--games", "1", "--bots", "random,random", "--seed", "2", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    scores = [t["mean_score"] for t in data["teams"]]
    assert all(2 <= s <= 14 for s in scores) and 14 in scores  # the winner went past A


class _FirstLegal(io.StringIO):
    """A human who always types the first legal action in notation, read from the autosave (which
    holds the game as it is whenever a question is asked), and quits once the first round is over."""

    def __init__(self, save: Path) -> None:
        super().__init__()
        self.save = save
        self.answers = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.answers += 1
        state = GAME.replay(load(self.save))
        if state.view(0).last_round is not None or self.answers > 500:
            return "quit\n"
        return f"{state.legal_actions(0)[0]}\n"


def test_a_whole_round_typed_in_notation(
    cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    del cli  # only for its working directory and environment
    save = tmp_path / "round.json"
    monkeypatch.setattr("sys.stdin", _FirstLegal(save))
    code = main(["play", "tractor", "--seed", "6", "--save", str(save)])
    out = capsys.readouterr().out
    assert code == 0
    state = GAME.replay(load(save))
    assert state.view(0).last_round is not None  # the round was played to its end
    plays = [action for seat, action in state.history if seat == 0 and action.verb == "play"]
    assert sum(len(a.cards) for a in plays) == 25  # the whole hand, one play per trick
    assert all(f"you play {' '.join(map(str, a.cards))}" in out for a in plays)
    # Every trick is announced, the last one from the score sheet (the table clears at once for the next
    # round), which shows that trick and the opponents' points around the kitty.
    assert "score sheet" in out and "before the kitty" in out and out.count("trick to") == len(plays)
    assert "last trick" in out.split("score sheet")[-1]


def test_odd_numbers_in_the_card_picker_ask_again(cli: CliRunner, tmp_path: Path) -> None:
    state = _advance(1, _picking("kitty"))
    path = _save(tmp_path, state)
    run = cli("play", "--resume", str(path), stdin=["²", "9" * 5000, "x" * 5000, "quit"])
    assert run.code == 0, run.err
    assert "Traceback" not in run.out + run.err
    assert run.out.count("choose a card number from 1 to") == 2 and "…' is neither a card number" in run.out
    assert max(len(line) for line in run.out.splitlines()) < 300
    assert GAME.replay(load(path)).history == state.history
