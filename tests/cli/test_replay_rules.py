"""``tricktable replay`` and ``tricktable rules``; how an action is told to each seat."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tricktable import bots, games
from tricktable.cards import parse_cards
from tricktable.cli.narrate import describe, narrate
from tricktable.core import events as ev
from tricktable.core.trick import Trick
from tricktable.table import acting_seat, bot_choice, play_out

from .conftest import CliRunner


def _finished_record(tmp_path: Path, name: str = "all-fours", **config: Any) -> tuple[Path, Any]:
    game = games.get(name)
    state = game.new(seed=12, config=config)
    players = {s: bots.get("random", game=name, seed=s) for s in range(state.num_seats)}
    final = play_out(state, players).final
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


def test_events_are_told_as_the_seat_saw_them() -> None:
    cards = parse_cards("5H KH TD")
    # An opponent buries: the viewer's events hold no cards, so none are named.
    assert describe(ev.KittyBuried(1, cards, 3).seen_by(0), 0, 4) == "seat 1 buries 3 cards"
    assert describe(ev.KittyBuried(0, cards, 3), 0, 4) == "you bury 5H KH TD"
    assert describe(ev.Dealt(2, cards, 3).seen_by(0), 0, 4) == "partner gets 3 cards"
    assert describe(ev.Played(2, parse_cards("QS")), 0, 4) == "partner plays QS"
    assert describe(ev.Declared(3, parse_cards("2H 2H")), None, 4) == "seat 3 declares 2H 2H"
    assert describe(ev.Bid(1, "3"), 0, 4) == "seat 1 bids 3"
    assert describe(ev.Decided(0, "give"), 0, 4) == "you take one"
    assert describe(ev.Decided(3, "run"), 0, 4) == "seat 3 runs the pack"
    assert describe(ev.Decided(1, "pass"), 1, 2) == "you pass"


def test_a_failed_throw_is_told_with_what_stood_and_the_penalty() -> None:
    throw = parse_cards("2H 3H AH AH")
    line = describe(ev.Played(3, parse_cards("2H"), attempted=throw, penalty=10), 0, 4)
    assert line == "seat 3 tries 2H 3H AH AH, but only 2H stands (10 points penalty)"


def test_every_kind_of_event_has_its_own_line() -> None:
    c = parse_cards("JH")
    trick = Trick(leader=1, plays=((1, c), (2, parse_cards("QH"))), winner=2, points=10)
    examples = {
        ev.DealStarted(2, 3, (5, 7)): "— deal 2: seat 3 to deal; scores 5–7 —",
        ev.TurnedUp(c[0]): "JH is turned up",
        ev.Discarded(1, parse_cards("BJ")): "seat 1 lays aside BJ",
        ev.TrumpSet("H", "2"): "trumps: rank 2, hearts",
        ev.TrumpSet(None): "trumps: no trump suit",
        ev.KittyTaken(0, c, 1): "you pick up the kitty: JH",
        ev.TrickWon(trick): "trick to partner (10 points)",
        ev.Exposed(1, c[0]): "seat 1 exposes JH",
        ev.Called(2, c[0], 1): "partner calls seat 1's JH",
        ev.Scored("High", 1, 1, seat=3): "High: 1 point to team 1 (1 & 3) (seat 3)",
        ev.Revealed("kitty", 2, c): "partner's kitty is shown: JH",
        ev.DealScored(4, (3, 9), {}): "deal 4 scored: 3–9",
        ev.GameOver((14, 9), 0): "game over: your team (0 & 2) wins (14–9)",
        ev.GameOver((7, 7), None): "game over: a draw (7–7)",
    }
    for event, line in examples.items():
        assert describe(event, 0, 4) == line
    told = {type(e) for e in examples} | {
        ev.Dealt,
        ev.Bid,
        ev.Decided,
        ev.Declared,
        ev.KittyBuried,
        ev.Played,
    }
    assert told == set(ev.EVENT_KINDS.values())


@pytest.mark.parametrize("name", ["all-fours", "back-alley", "tractor"])
def test_a_whole_game_is_told_from_each_seats_events(name: str) -> None:
    game = games.get(name)
    state = game.new(seed=12, config={"target": 3} if name == "all-fours" else {})
    players = {s: bots.get("random", game=name, seed=s) for s in range(state.num_seats)}
    for _ in range(300):
        if state.is_over:
            break
        seat = acting_seat(state)
        assert seat is not None
        state = state.apply(bot_choice(state, seat, players[seat]), seat)
    for viewer in (0, None):
        events = state.events(viewer)
        lines = narrate(events, viewer, state.num_seats)
        assert len(lines) == len(events) and not any(line.startswith("(") for line in lines)
        mine = {str(c) for c in state.view(0).hand} if viewer is None else set()
        assert not any(word in mine for line in lines if "gets" in line for word in line.split())
