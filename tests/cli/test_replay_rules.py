"""``tricktable replay`` and ``tricktable rules``; how an action is told to each seat."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tricktable import bots, games
from tricktable.cards import parse_cards
from tricktable.cli.autoplay import acting_seat, bot_action, play_out
from tricktable.cli.narrate import describe
from tricktable.core import Action, View

from .conftest import CliRunner


def _finished_record(tmp_path: Path, name: str = "all-fours", **config: Any) -> tuple[Path, Any]:
    game = games.get(name)
    state = game.new(seed=12, config=config)
    players = {s: bots.get("random", game=name, seed=s) for s in range(state.num_seats)}
    final = play_out(state, players)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record(final)))
    return path, final


def test_replay_prints_every_step_when_input_is_not_a_terminal(cli: CliRunner, tmp_path: Path) -> None:
    path, final = _finished_record(tmp_path, target=3)
    total = len(final.history)
    run = cli("replay", str(path))
    assert run.code == 0, run.err
    assert "step 0/" in run.out and f"step {total}/{total}" in run.out
    assert run.out.count("spectator") == total + 1
    assert "your hand" not in run.out  # a spectator holds no cards
    assert "game over" in run.out


def test_replay_as_a_seat_shows_that_seat_only(cli: CliRunner, tmp_path: Path) -> None:
    path, _ = _finished_record(tmp_path, target=3)
    run = cli("replay", str(path), "--seat", "1", "--all")
    assert run.code == 0, run.err
    game = games.get("all-fours")
    start = game.replay(json.loads(path.read_text()), upto=0)
    first = run.out.split("step 1/")[0]
    hand = first.split("your hand")[1].split("╰")[0]
    shown = sorted(w for w in hand.split() if len(w) == 2 and w[1] in "SHDC")
    assert shown == sorted(str(c) for c in start.view(1).hand)


def test_interactive_stepping_forward_and_back(cli: CliRunner, tmp_path: Path) -> None:
    path, _ = _finished_record(tmp_path, target=3)
    run = cli("replay", str(path), "--step", stdin=["", "", "b", "x", "q"])
    assert run.code == 0, run.err
    assert re.findall(r"step (\d+)/", run.out) == ["0", "1", "2", "1"]
    assert "Enter: next step, b: back, q: quit" in run.out


def test_interactive_replay_at_the_ends(cli: CliRunner, tmp_path: Path) -> None:
    path, _ = _finished_record(tmp_path, target=3)
    run = cli("replay", str(path), "--step", stdin=["b"])
    assert run.code == 2 and "this is the first step" in run.out
    assert run.err.strip() == "tricktable: input ended"


def test_replay_of_bad_files(cli: CliRunner, tmp_path: Path) -> None:
    path, _ = _finished_record(tmp_path, target=3)
    cli("replay", str(path), "--seat", "4").assert_clean_error("--seat must be from 0 to 3")
    cli("replay", str(tmp_path / "none.json")).assert_clean_error("no such file")
    record = json.loads(path.read_text())
    record["actions"][5] = [record["actions"][5][0], "bid 3"]
    (tmp_path / "bad.json").write_text(json.dumps(record))
    cli("replay", str(tmp_path / "bad.json")).assert_clean_error("action #5")
    record = json.loads(path.read_text())
    record["version"] = 99
    (tmp_path / "v.json").write_text(json.dumps(record))
    cli("replay", str(tmp_path / "v.json")).assert_clean_error("record version 99 is not supported")
    del record["game"]
    (tmp_path / "g.json").write_text(json.dumps(record))
    cli("replay", str(tmp_path / "g.json")).assert_clean_error("names no game")
    (tmp_path / "t.json").write_bytes(b"\xff\xfe")
    cli("replay", str(tmp_path / "t.json")).assert_clean_error("cannot read")


@pytest.mark.parametrize("name", games.names())
def test_rules_lists_every_option_and_verb(cli: CliRunner, name: str) -> None:
    run = cli("rules", name)
    assert run.code == 0, run.err
    game = games.get(name)
    flat = " ".join(run.out.split())
    for opt in game.Config.options():
        assert f"{opt.name} = {opt.default!r}" in flat and opt.allowed in flat
    for verb in game.verbs.values():
        assert verb.usage in flat


def test_rules_of_an_unknown_game(cli: CliRunner) -> None:
    cli("rules", "chess").assert_clean_error("unknown game 'chess'; the games are: all-fours")


@dataclass(frozen=True, kw_only=True)
class DeclaringView(View):
    """A view with a game's own public field, as Tractor shows its declarations."""

    declarations: tuple[Any, ...] = ()


def _view(seat: int | None, **fields: Any) -> View:
    base: dict[str, Any] = {
        "game": "x",
        "seat": seat,
        "phase": "play",
        "to_move": 0,
        "hand": (),
        "trick": (),
        "last_trick": (),
        "last_winner": None,
        "trump": "H",
        "scores": (0, 0),
        "legal": (),
        "last_round": None,
    }
    base.update(fields)
    return DeclaringView(**base)


def test_actions_are_told_only_as_far_as_the_view_shows_them() -> None:
    cards = parse_cards("5H KH TD")
    bury = Action.make("bury", cards)
    # An opponent buries: the viewer's view shows nothing new, so the cards stay unnamed.
    assert describe(1, bury, _view(0), _view(0), 4) == "seat 1 buries 3 cards"
    # The viewer's own action is named in full.
    assert describe(0, bury, _view(0), _view(0), 4) == f"you bury {' '.join(map(str, bury.cards))}"
    # A play that shows in the trick is named; so is a declaration that now shows in the view.
    play = Action.make("play", parse_cards("QS"))
    assert describe(2, play, _view(0), _view(0, trick=((2, parse_cards("QS")),)), 4) == ("partner plays QS")
    declare = Action.make("declare", parse_cards("2H 2H"))
    after = _view(None, declarations=({"seat": 3, "cards": parse_cards("2H 2H")},))
    assert describe(3, declare, _view(None), after, 4) == "seat 3 declares 2H 2H"
    half = _view(None, declarations=({"seat": 3, "cards": parse_cards("2H")},))
    assert describe(3, declare, _view(None), half, 4) == "seat 3 declares 2 cards"
    assert describe(1, Action("bid", (), 3), _view(0), _view(0), 4) == "seat 1 bids 3"
    assert describe(0, Action("give"), _view(0), _view(0), 4) == "you take one"
    assert describe(3, Action("run"), _view(0), _view(0), 4) == "seat 3 runs the pack"


def test_a_play_that_only_partly_stands_is_told_as_such() -> None:
    throw = Action.make("play", parse_cards("2H 3H AH AH"))
    after = _view(0, trick=((3, parse_cards("2H")),), declarations=({"attempted": throw.cards},))
    line = describe(3, throw, _view(0), after, 4)
    assert line == f"seat 3 plays {' '.join(map(str, throw.cards))}, but only 2H stands (the table shows why)"


def test_the_last_play_of_a_tractor_round_is_named_from_the_score_sheet() -> None:
    # The table clears at once for the next round; the play still shows in the sheet's last trick.
    game = games.get("tractor")
    state = game.new(seed=5)
    players = {s: bots.get("heuristic", game="tractor", seed=s) for s in range(4)}
    while True:
        seat = acting_seat(state)
        action = bot_action(state, players[seat], seat)
        after = state.apply(action, seat)
        if after.view(0).last_round is not None:
            break
        state = after
    assert seat != 0 and not after.view(0).trick
    line = describe(seat, action, state.view(0), after.view(0), 4)
    assert line.endswith(f"plays {' '.join(map(str, action.cards))}"), line
