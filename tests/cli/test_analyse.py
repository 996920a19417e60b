"""``tricktable analyse``: the analysis of a record, as text or one JSON object per decision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable import games

from .conftest import CliRunner


def _short_record(tmp_path: Path) -> Path:
    game = games.get("all-fours")
    state = game.new(seed=2)
    for _ in range(6):
        state = state.apply(state.legal_actions()[-1])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.record(state)))
    return path


def test_the_cli_prints_one_json_object_per_decision(cli: CliRunner, tmp_path: Path) -> None:
    path = _short_record(tmp_path)
    run = cli("analyse", str(path), "--json", "--rollouts", "24", "--seat", "1")
    assert run.code == 0, run.err
    lines = [json.loads(line) for line in run.out.splitlines()]
    decisions, summary = lines[:-1], lines[-1]
    assert decisions and all(d["seat"] == 1 for d in decisions)
    for d in decisions:
        assert {"version", "seat", "action", "values", "best", "loss", "label"} <= set(d)
        assert d["action"] in d["values"] and d["best"] in d["values"]
        assert d["loss"] == pytest.approx(max(d["values"].values()) - d["values"][d["action"]], abs=2e-3)
    assert summary["summary"][0]["seat"] == 1
    assert summary["summary"][0]["decisions"] == len(decisions)


def test_the_cli_prints_a_table_and_a_summary(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("analyse", str(_short_record(tmp_path)), "--rollouts", "24")
    assert run.code == 0, run.err
    assert "seat 0:" in run.out and "average loss" in run.out


def test_bad_records_are_one_line_errors(cli: CliRunner, tmp_path: Path) -> None:
    path = _short_record(tmp_path)
    cli("analyse", str(tmp_path / "none.json")).assert_clean_error("no such file")
    cli("analyse", str(path), "--seat", "7").assert_clean_error("seat 7 is not at this table")
    cli("analyse", str(path), "--rollouts", "0").assert_clean_error("--rollouts")
    record = json.loads(path.read_text())
    record["actions"][2] = [record["actions"][2][0], "play ZZ"]
    (tmp_path / "bad.json").write_text(json.dumps(record))
    cli("analyse", str(tmp_path / "bad.json")).assert_clean_error("action #2")
    record["game"] = "chess"
    (tmp_path / "chess.json").write_text(json.dumps(record))
    cli("analyse", str(tmp_path / "chess.json")).assert_clean_error("not a record of a game")
