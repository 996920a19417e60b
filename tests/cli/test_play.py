"""``tricktable play``: whole games by a scripted human, entries the rules refuse, save and resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable import games
from tricktable.cards import ALL_CARDS
from tricktable.core import IllegalActionError, State

from .conftest import CliRunner, load

AF_SHORT = ("--option", "target=3")
ALWAYS_FIRST = ["1"] * 2000


def _state(path: Path) -> State:
    record = load(path)
    return games.get(record["game"]).replay(record)


@pytest.mark.check  # make check's smoke test of the terminal game
def test_whole_all_fours_game_answering_1(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "5", "--bots", "random", *AF_SHORT, stdin=ALWAYS_FIRST)
    assert run.code == 0, run.err
    assert "game over" in run.out and "wins" in run.out
    assert "score sheet" in run.out
    final = _state(tmp_path / "saves" / "all-fours-5.json")
    assert final.is_over and final.result is not None
    # The human (seat 0) chose the first menu entry every time: their actions are in the record.
    human = [str(a) for seat, a in final.history if seat == 0]
    assert human and all(f"you {a.split()[0]}" in run.out for a in human)
    again = cli("play", "--resume", str(tmp_path / "saves" / "all-fours-5.json"))
    assert again.code == 0 and "game over" in again.out  # a finished game resumes to its result


def test_two_player_all_fours_game_with_the_seat_chosen(cli: CliRunner, tmp_path: Path) -> None:
    run = cli(
        "play", "all-fours", "--seed", "9", "--seat", "1", "--bots", "random",
        "--option", "players=2", *AF_SHORT, stdin=ALWAYS_FIRST,
    )  # fmt: skip
    assert run.code == 0, run.err
    record = load(tmp_path / "saves" / "all-fours-9.json")
    assert record["table"] == {"seat": 1, "bots": ["random", None]}
    assert _state(tmp_path / "saves" / "all-fours-9.json").is_over


def _illegal_entry(state: State, seat: int) -> tuple[str, str]:
    """A well-formed action the rules refuse now, and the reason they give."""
    candidates = [f"play {c}" for c in ALL_CARDS[:52]] + list(state.VERBS)
    for text in candidates:
        try:
            state.check(text, seat)
        except IllegalActionError as err:
            return text, str(err)
        except ValueError:
            continue
    raise AssertionError("every candidate was legal")


def test_illegal_and_malformed_entries_show_the_reason_and_ask_again(cli: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = cli("play", "all-fours", "--seed", "11", "--bots", "random", "--save", str(save), stdin=["quit"])
    assert first.code == 0 and "game saved to" in first.out
    state = _state(save)
    human_moves = len([1 for seat, _ in state.history if seat == 0])
    illegal, reason = _illegal_entry(state, 0)
    menu_size = len(state.legal_actions(0))

    run = cli("play", "--resume", str(save), stdin=[illegal, "frobnicate 7H", "play 1X", "99", "", "quit"])
    assert run.code == 0, run.err
    assert reason in run.out
    assert "'frobnicate' is not an action in this game" in run.out
    assert "'1X' is not a card" in run.out
    assert f"choose a number from 1 to {menu_size}" in run.out
    assert "type a number from the menu" in run.out
    assert run.out.count("\n> ") + run.out.startswith("> ") >= 6  # asked again after each refusal
    after = _state(save)
    assert len([1 for seat, _ in after.history if seat == 0]) == human_moves  # nothing was applied


def test_save_and_resume_mid_game_continues_the_same_game(cli: CliRunner, tmp_path: Path) -> None:
    first = cli("play", "all-fours", "--seed", "21", "--bots", "random", *AF_SHORT, stdin=["1", "1", "quit"])
    assert first.code == 0, first.err
    path = tmp_path / "saves" / "all-fours-21.json"
    mid = load(path)
    assert not _state(path).is_over and mid["config"] == {"target": 3}

    second = cli("play", "--resume", str(path), stdin=ALWAYS_FIRST)
    assert second.code == 0, second.err
    assert "game over" in second.out
    final = load(path)
    assert final["actions"][: len(mid["actions"])] == mid["actions"]
    assert len(final["actions"]) > len(mid["actions"])
    assert _state(path).is_over


def test_end_of_input_saves_and_exits_2(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "3", "--bots", "random", stdin=["1"])
    assert run.code == 2
    assert "input ended; game saved to" in run.out and "Traceback" not in run.out + run.err
    assert load(tmp_path / "saves" / "all-fours-3.json")["actions"]


def test_ctrl_c_saves_and_exits_130(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "3", "--bots", "random", stdin=ALWAYS_FIRST, interrupt_after=2)
    assert run.code == 130
    assert "interrupted; game saved to" in run.out and "Traceback" not in run.out + run.err
    record = load(tmp_path / "saves" / "all-fours-3.json")
    assert [seat for seat, _ in record["actions"]].count(0) == 2  # both answers before Ctrl-C were kept


def test_save_to_a_named_file_then_keep_saving_there(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "4", "--bots", "random", stdin=["save other.json", "1", "quit"])
    assert run.code == 0, run.err
    assert "saved to other.json" in run.out
    moved = load(tmp_path / "other.json")
    assert [seat for seat, _ in moved["actions"]].count(0) == 1  # the move after 'save FILE' went there too


def test_help_table_and_auto_commands(cli: CliRunner) -> None:
    run = cli("play", "all-fours", "--seed", "4", "--bots", "random", stdin=["help", "table", "auto", "quit"])
    assert run.code == 0, run.err
    for command in ("help", "hint", "save", "quit", "pick"):
        assert f"  {command}" in run.out
    assert "play <card>" in run.out  # the game's own verbs are listed
    assert run.out.count("your hand") >= 2
    assert "auto on" in run.out


def test_menu_without_a_game_name(cli: CliRunner) -> None:
    run = cli("play", "--bots", "random", "--seed", "1", stdin=["chess", "all-fours", "quit"])
    assert run.code == 0, run.err
    assert "which game?" in run.out and "type a number from 1 to" in run.out
    assert "All Fours" in run.out


def test_a_bare_card_means_play_it(cli: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    cli("play", "all-fours", "--seed", "2", "--bots", "random", "--save", str(save), stdin=["quit"])
    state = _state(save)
    for _ in range(10):
        if state.phase == "play" and state.to_move == 0:
            break
        cli("play", "--resume", str(save), stdin=["1", "quit"])
        state = _state(save)
    card = state.legal_actions(0)[0].card
    run = cli("play", "--resume", str(save), stdin=[str(card).lower(), "quit"])
    assert run.code == 0, run.err
    assert f"you play {card}" in run.out
    assert _state(save).history[len(state.history)] == (0, state.legal_actions(0)[0])


def test_the_table_shows_only_the_human_hand(cli: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    run = cli("play", "all-fours", "--seed", "8", "--bots", "random", "--save", str(save), stdin=["quit"])
    state = _state(save)
    shown_hand = run.out.split("your hand")[-1].split("╰")[0]
    shown = sorted(word for word in shown_hand.split() if len(word) == 2 and word[1] in "SHDC")
    assert shown == sorted(str(c) for c in state.view(0).hand)


def test_resume_refuses_changes_and_bad_files(cli: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    cli("play", "all-fours", "--seed", "6", "--bots", "random", "--save", str(save), stdin=["1", "quit"])
    cli("play", "--resume", str(save), "--option", "target=3").assert_clean_error(
        "cannot change a saved game"
    )
    cli("play", "back-alley", "--resume", str(save)).assert_clean_error("is a game of all-fours")
    cli("play", "--resume", str(tmp_path / "missing.json")).assert_clean_error("no such file")
    cli("play", "--resume", str(tmp_path)).assert_clean_error("is a directory")

    (tmp_path / "junk.json").write_text("{not json")
    cli("play", "--resume", str(tmp_path / "junk.json")).assert_clean_error("is not valid JSON")
    (tmp_path / "list.json").write_text("[1, 2]")
    cli("play", "--resume", str(tmp_path / "list.json")).assert_clean_error("does not hold a game record")

    record = load(save)
    record["actions"][0][1] = "play ZZ"
    (tmp_path / "bad.json").write_text(json.dumps(record))
    cli("play", "--resume", str(tmp_path / "bad.json")).assert_clean_error("cannot be resumed", "action #0")
    record = load(save)
    record["game"] = "chess"
    (tmp_path / "chess.json").write_text(json.dumps(record))
    cli("play", "--resume", str(tmp_path / "chess.json")).assert_clean_error("unknown game 'chess'")


def test_bad_command_lines_give_one_line_and_exit_2(cli: CliRunner) -> None:
    cli("play", "chess").assert_clean_error("unknown game 'chess'")
    cli("play", "all-fours", "--option", "target").assert_clean_error("--option takes key=value")
    cli("play", "all-fours", "--option", "colour=red").assert_clean_error("unknown option 'colour'")
    cli("play", "all-fours", "--option", "target=99").assert_clean_error("option 'target' cannot be 99")
    cli("play", "all-fours", "--option", "target=3", "--option", "target=4").assert_clean_error("given twice")
    cli("play", "all-fours", "--seat", "4").assert_clean_error("--seat must be from 0 to 3")
    cli("play", "all-fours", "--seat", "x").assert_clean_error("invalid int value")
    cli("play", "all-fours", "--seed", "-1").assert_clean_error("--seed must be from 0")
    cli("play", "all-fours", "--bots", "wizard").assert_clean_error("unknown bot 'wizard'")
    cli("play", "all-fours", "--bots", "random,random").assert_clean_error("--bots: give one bot name, or 3")
    cli("frobnicate").assert_clean_error("invalid choice")
    cli().assert_clean_error("required")


def test_whole_back_alley_game_answering_1(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "back-alley", "--seed", "2", "--bots", "random", stdin=ALWAYS_FIRST)
    assert run.code == 0, run.err
    final = _state(tmp_path / "saves" / "back-alley-2.json")
    assert final.is_over and final.result is not None
    assert "you bid pass" in run.out  # the first menu entry of every bid
    assert run.out.count("score sheet") >= 25  # one per hand played out
    assert "game over" in run.out and final.result.summary in " ".join(run.out.split())


def test_default_heuristic_bots_and_a_hint(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "all-fours", "--seed", "13", *AF_SHORT, stdin=["hint", *ALWAYS_FIRST])
    assert run.code == 0, run.err
    record = load(tmp_path / "saves" / "all-fours-13.json")
    assert record["table"]["bots"] == [None, "heuristic", "heuristic", "heuristic"]
    assert "the heuristic bot would: " in run.out
    hinted = run.out.split("the heuristic bot would: ")[1].split()[0]
    assert hinted in {"stand", "beg", "play", "give", "run"}


def test_saves_go_under_xdg_data_home_and_replay_reads_them(
    cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    run = cli("play", "all-fours", "--seed", "17", "--bots", "random", stdin=["1", "quit"])
    assert run.code == 0, run.err
    path = tmp_path / "data" / "tricktable" / "saves" / "all-fours-17.json"
    assert path.exists() and not (tmp_path / "saves").exists()
    replayed = cli("replay", str(path), "--seat", "0")
    assert replayed.code == 0, replayed.err
    moves = len(load(path)["actions"])
    assert f"step {moves}/{moves}" in replayed.out and "you " in replayed.out


def test_details_prints_the_score_sheet_of_every_deal(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "back-alley", "--seed", "2", "--bots", "random", stdin=[*["1"] * 40, "details", "quit"])
    assert run.code == 0, run.err
    shown = run.out.rsplit("> ", 2)[-2]  # what 'details' printed, before the last prompt
    sheet = _state(tmp_path / "saves" / "back-alley-2.json").view(0).to_dict()["sheet"]
    assert sheet and "\nsheet\n" in shown
    assert len([line for line in shown.splitlines() if line.startswith("number=")]) == len(sheet)
    assert "last_trick=" in shown and " | " in shown.split("last_trick=")[1]


def test_sheet_shows_the_games_panel(cli: CliRunner, tmp_path: Path) -> None:
    run = cli("play", "back-alley", "--seed", "2", "--bots", "random", stdin=[*["1"] * 40, "sheet", "quit"])
    assert run.code == 0, run.err
    shown = run.out.rsplit("> ", 2)[-2]  # what 'sheet' printed, before the last prompt
    rows = _state(tmp_path / "saves" / "back-alley-2.json").view(0).to_dict()["sheet"]
    assert "score sheet" in shown and f"Hand {len(rows) + 1} of 25" in shown and "Team 1: " in shown
    assert "Bids" in shown and "Total" in shown  # the table of the hands played, in the game's words
