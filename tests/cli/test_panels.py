"""Each game's table panel and score sheet read as its players expect, drawn from real views at a few
moments of a game (a bid, a trick in progress, a finished deal)."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable, Sequence
from typing import Any, cast

import pytest
from rich.console import Console, RenderableType

from tricktable import bots, games
from tricktable.cards import parse_cards
from tricktable.cli.panels import score_sheet, table_panel
from tricktable.cli.panels.sheet import draw_panel
from tricktable.cli.render import result_panel
from tricktable.core import State, View
from tricktable.table import acting_seat, bot_choice

BACK_ALLEY = games.get("back-alley")
ALL_FOURS = games.get("all-fours")
TRACTOR = games.get("tractor")


def _text(renderable: RenderableType) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return re.sub(r" +", " ", out)  # one space wherever columns were padded


def _table(state: State, seat: int | None = 0) -> str:
    view = state.view(seat)
    return _text(table_panel(view, state.num_seats, title="t", config=state.config))


def _sheet(view: View, num_seats: int = 4) -> str:
    assert view.last_round is not None
    return _text(score_sheet(view.last_round, view.game, view.seat, num_seats))


def _until(state: State, stop: Callable[[State], bool], seed: int = 1) -> State:
    """Heuristic bots play on until ``stop`` holds."""
    name = state.view(None).game
    players = {s: bots.get("heuristic", game=name, seed=seed + s) for s in range(state.num_seats)}
    for _ in range(5000):
        if stop(state):
            return state
        seat = acting_seat(state)
        action = bot_choice(state, seat, players[seat])
        state = state.apply(action, seat)
    raise AssertionError("the stop condition never held")


def _bid(state: State, bids: Sequence[str]) -> State:
    for bid in bids:
        state = state.apply(BACK_ALLEY.parse_action(f"bid {bid}"), state.to_move)
    return state


# --- Back Alley ---------------------------------------------------------------------------------------


def _first_bidder_is(seat: int) -> State:
    for seed in range(40):
        state: State = BACK_ALLEY.new(seed=seed)
        if state.to_move == seat and state.view(0).trump.to_json() is not None:
            return state
    raise AssertionError("no such deal")


def test_back_alley_bids_in_order_with_seat_names_and_contracts_with_their_parts() -> None:
    state = _first_bidder_is(0)
    start = _table(state)
    assert re.search(r"hand 1 of 25 · 13 cards each · dealer seat 3", start)
    assert "turned up" in start and "bids —" in start
    state = _bid(state, ["pass", "2", "4", "2"])
    text = _table(state)
    assert "you: pass · seat 1: 2 · partner: 4 · seat 3: 2" in text
    assert "your team 4 tricks (you pass + partner 4) taken 0 (you 0, partner 0)" in text
    assert "their team 4 tricks (seat 1 2 + seat 3 2) taken 0" in text
    assert "trumps not broken yet" in text
    assert re.search(r"partner to lead", text)  # the highest bidder leads
    # Seen from partner's chair the same bids are named from there.
    assert "partner: pass · seat 1: 2 · you: 4 · seat 3: 2" in _table(state, 2)


def test_back_alley_boards_named_by_level_with_their_multiplier_and_a_side_without_contract() -> None:
    state = _bid(_first_bidder_is(0), ["board", "pass", "board", "pass"])
    text = _table(state)
    assert "partner: double board" in text
    assert "your team double board ×2: all 13 tricks" in text
    assert "their team no contract: +1 per trick" in text
    state = _bid(_first_bidder_is(0), ["board", "board", "pass", "pass"])
    text = _table(state)
    assert "your team board overruled, no contract: scores nothing" in text
    assert "their team double board ×2: all 13 tricks" in text


def test_back_alley_trick_in_progress_and_the_hands_score_sheet() -> None:
    state = _bid(_first_bidder_is(0), ["2", "3", "2", "pass"])
    state = state.apply(state.legal_actions()[0], state.to_move)
    text = _table(state)
    assert re.search(r"trick seat 1: \w\w", text)
    assert "seat 1 to lead" not in text  # the leader shows as the trick's first play
    done = _until(state, lambda s: s.view(0).last_round is not None)
    sheet = _sheet(done.view(0))
    assert "hand 1 · 13 cards · dealer seat 3" in sheet
    assert "you: 2 · seat 1: 3 · partner: 2 · seat 3: pass" in sheet
    assert re.search(r"your team 4 tricks \(you 2 \+ partner 2\) \d+ [+-]\d+ -?\d+", sheet)
    assert re.search(r"last trick .* → (you|partner|seat 1|seat 3)", sheet)


# --- All Fours ----------------------------------------------------------------------------------------


def test_all_fours_deal_trump_and_decisions_in_words() -> None:
    state = ALL_FOURS.new(seed=5)
    view = state.view(0)
    text = _table(state)
    assert f"deal 1 · dealer {'seat 3' if view.dealer == 3 else ''}" in text
    assert f"turned up {view.turn_up[0]}" in text
    assert "scores your team 0 · their team 0 (first to 14)" in text
    beggar = state.to_move
    assert beggar is not None
    state = state.apply(ALL_FOURS.parse_action("beg"), beggar)
    state = state.apply(ALL_FOURS.parse_action("run"), state.to_move)
    text = _table(state, beggar)
    assert "decisions you beg · seat" in text and "runs the pack" in text
    assert re.search(r"turned up \w\w → \w\w", text)


def test_all_fours_kicked_turn_up_and_begged_point_are_scored_on_the_table() -> None:
    kicked = next(s for s in (ALL_FOURS.new(seed=n) for n in range(60)) if s.view(0).to_dict()["this_deal"])
    item = kicked.view(0).to_dict()["this_deal"][0]
    team = "your team" if item["team"] == 0 else "their team"
    assert f"kicked: {team} +{item['points']}" in _table(kicked)
    state = ALL_FOURS.new(seed=5)
    state = state.apply(ALL_FOURS.parse_action("beg"), state.to_move)
    state = state.apply(ALL_FOURS.parse_action("give"), state.to_move)
    assert "gives one" in _table(state) and "scored Beg: " in _table(state)


def test_all_fours_trick_tallies_and_the_deals_score_sheet() -> None:
    state = _until(ALL_FOURS.new(seed=3), lambda s: len(s.view(0).trick) == 2)
    text = _table(state)
    assert re.search(r"your team \d+ tricks? · game points \d+", text)
    assert re.search(r"trick (you|partner|seat \d): \w\w · (you|partner|seat \d): \w\w", text)
    done = _until(state, lambda s: s.view(0).last_round is not None)
    sheet = _sheet(done.view(0))
    assert re.search(r"High (your|their) team 1 held by", sheet)
    assert re.search(r"Low (your|their) team 1 held by", sheet)
    assert re.search(r"deal 1 · dealer \w+", sheet) and "scores your team" in sheet


def test_all_fours_two_players_name_seats_not_teams() -> None:
    state = ALL_FOURS.new(seed=2, config={"players": 2})
    text = _table(state)
    assert re.search(r"scores you \d+ · seat 1 \d+", text)
    assert "you 0 tricks · game points 0" in text and "seat 1 0 tricks" in text


# --- Tractor ------------------------------------------------------------------------------------------


def test_tractor_draw_levels_declaration_and_progress() -> None:
    state = TRACTOR.new(seed=5)
    text = _table(state)
    assert "levels your team 2 · their team 2" in text
    assert "trump rank 2, no suit declared yet" in text
    assert "declarers the first declaration decides" in text
    assert "0 cards drawn, 100 left in the stock" in text
    declared = _until(state, lambda s: s.view(0).to_dict()["declaration"] is not None)
    text = _table(declared)
    decl = declared.view(0).to_dict()["declaration"]
    assert re.search(rf"declared (you|partner|seat \d): {' '.join(decl['cards'])} \({decl['kind']}", text)
    team = "your team" if decl["seat"] % 2 == 0 else "their team"
    assert f"declarers {team}, if the declaration stands" in text
    assert "opponents' points" not in text  # nothing can be taken before the play
    drawn = int(declared.view(0).to_dict()["drawn"])
    assert f"{drawn} card{'s' if drawn != 1 else ''} drawn, {100 - drawn} left in the stock" in text
    last = _until(declared, lambda s: s.phase == "last-declare")
    assert "all 100 cards drawn: a last chance to declare or overturn" in _table(last)


def test_tractor_kitty_only_for_the_starter_and_the_opponents_points() -> None:
    state = _until(TRACTOR.new(seed=5), lambda s: s.phase == "play" and s.view(0).trick != ())
    view = state.view(0)
    starter = view.to_dict()["starter"]
    declarers = view.to_dict()["declarers"]
    assert "kitty buried" in _table(state, starter) and "kitty picked up" in _table(state, starter)
    assert "kitty" not in _table(state, (starter + 1) % 4)
    attackers = "your team" if declarers == 1 else "their team"
    assert f"opponents' points 0 ({attackers})" in _table(state)
    name = "you" if starter == 0 else "partner" if starter == 2 else f"seat {starter}"
    assert f"{name} {'start' if starter == 0 else 'starts'}" in _table(state)


def test_tractor_failed_throw_and_the_end_of_round_sheet() -> None:
    state = _until(TRACTOR.new(seed=5), lambda s: s.view(0).last_round is not None)
    view = state.view(0)
    sheet = _sheet(view)
    last = view.to_dict()["last_round"]
    assert "round 1 · declarers" in sheet
    assert re.search(
        rf"opponents' points {last['points_before_kitty']} before the kitty, {last['points']} after", sheet
    )
    assert re.search(r"levels your team \w+ → \w+ \([+-]\d+\) · their team \w+ → \w+ \([+-]\d+\)", sheet)
    assert "next round" in sheet and ("kept by the declarers" in sheet or "to the opponents" in sheet)
    # The kitty's cards and the last trick with its winner, as the sheet carries them.
    assert f"kitty {' '.join(last['kitty'])} {last['kitty_points']} points" in sheet
    names = {0: "you", 1: "seat 1", 2: "partner", 3: "seat 3"}
    plays = " · ".join(f"{names[seat]}: {' '.join(cards)}" for seat, cards in last["last_trick"])
    assert f"last trick {plays} → {names[last['last_winner']]}" in sheet
    # A kitty the opponents won shows its multiplied points (the real sheet, with those fields changed).
    trick = (
        (1, parse_cards("AS AS")),
        (2, parse_cards("3S 4S")),
        (3, parse_cards("5S 6S")),
        (0, parse_cards("7S 8S")),
    )
    fuller = dict(view.last_round or {}, last_trick=trick, last_winner=1, kitty_won=True, multiplier=4)
    sheet = _sheet(dataclasses.replace(view, last_round=fuller))
    assert "last trick seat 1: AS AS · partner: 3S 4S · seat 3: 5S 6S · you: 7S 8S → seat 1" in sheet
    kitty = int(last["kitty_points"])
    assert f"{kitty} points × 4 = {kitty * 4} to the opponents" in sheet
    throw = {"seat": 3, "attempted": parse_cards("AH KH"), "forced": parse_cards("KH"), "penalty": 10}
    thrown = dataclasses.replace(cast(Any, state.view(0)), failed_throws=(throw,))
    text = _text(table_panel(thrown, 4, title="t"))
    assert "failed throw seat 3 threw AH KH, had to lead KH (opponents' points +10)" in text


def test_a_spectator_sees_teams_by_number() -> None:
    text = _table(BACK_ALLEY.new(seed=1), None)
    assert "scores team 0 (0 & 2) 0 · team 1 (1 & 3) 0" in text


def test_back_alley_joker_turn_up_means_no_trump_and_names_the_discarded_joker() -> None:
    state = next(s for s in (BACK_ALLEY.new(seed=n) for n in range(100)) if s.view(0).to_dict()["discard"])
    data = state.view(0).to_dict()
    holder = data["discarded_by"]
    name = {0: "you", 1: "seat 1", 2: "partner", 3: "seat 3"}[holder]
    text = _table(state)
    assert (
        f"trump no trump (turned up {data['turn_up'][-1]}) · {data['discard'][0]} discarded by {name}" in text
    )


def test_game_over_scores_are_named_by_team() -> None:
    result = {"scores": [14, 9], "winner": 0, "draw": False, "summary": "team 0 wins"}
    text = _text(result_panel(result, 4, 1))
    assert "team 0 (0 & 2) wins" in text
    assert "scores team 0 (0 & 2): 14, your team (1 & 3): 9" in text


# --- the score sheet from the game's panel, as the browser draws it ----------------------------------


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (ALL_FOURS, ["First to 14 points", "Points", "Count for Game", "Last deal", "Team 1", "Team 2"]),
        (BACK_ALLEY, ["Hand 2 of 25", "Bids", "Total", "Team 1"]),
        (TRACTOR, ["Round 2", "Levels", "Last deal", "Kitty:", "Opponents' points:", "Team 2"]),
    ],
)
def test_the_terminal_draws_each_games_panel_without_knowing_the_game(game: Any, words: list[str]) -> None:
    state = _until(game.new(seed=4), lambda s: s.view(0).last_round is not None)
    description = game.description
    text = _text(draw_panel(description.panel(state.view(0).to_dict()), description, state.view(0).marks))
    for word in words:
        assert word in text, (word, text)
    assert "sheet." not in text and "panel." not in text and "{" not in text  # every word found


def _words(parts: Any) -> list[dict[str, Any]]:
    """Every word piece of a panel's JSON, wherever it sits."""
    if isinstance(parts, dict):
        return ([parts] if "word" in parts else []) + [w for v in parts.values() for w in _words(v)]
    if isinstance(parts, list):
        return [w for v in parts for w in _words(v)]
    return []


def test_tractor_panel_tells_the_finished_rounds_points_kitty_levels_and_next_declarers() -> None:
    state = _until(TRACTOR.new(seed=5), lambda s: s.view(0).last_round is not None)
    data = state.view(0).to_dict()
    last = data["last_round"]
    panel = TRACTOR.description.panel(data)
    text = _text(draw_panel(panel, TRACTOR.description, state.view(0).marks))
    kitty = last["kitty_points"]
    if last["kitty_won"]:
        assert (
            f"({last['points_before_kitty']} in tricks + the kitty's {kitty} × {last['multiplier']})" in text
        )
    else:
        assert f"(the declarers kept the kitty's {kitty})" in text
    assert "Level before" in text and "Level now" in text and "Change" in text
    who = f"Next declarers: team {last['next_declarers'] + 1}, seat {last['next_starter'] + 1} starts"
    assert who in text
    # the opponents won the kitty: its multiplier is said (the real round, those fields changed)
    won = dict(last, kitty_won=True, multiplier=4, points=last["points_before_kitty"] + 4 * kitty)
    text = _text(draw_panel(TRACTOR.description.panel({**data, "last_round": won}), TRACTOR.description))
    assert f"{won['points']} ({last['points_before_kitty']} in tricks + the kitty's {kitty} × 4)" in text
    # every word naming a team says which, so the page marks the reader's
    teams = [w for w in _words(panel.to_dict()) if w["word"] in ("panel.team", "sheet.declarers")]
    assert teams and all(w["params"]["team"] == w["params"]["n"] - 1 for w in teams)


@pytest.mark.parametrize("game", [ALL_FOURS, BACK_ALLEY])
def test_each_team_named_in_a_panel_says_which(game: Any) -> None:
    state = _until(game.new(seed=4), lambda s: s.view(0).last_round is not None)
    panel = game.description.panel(state.view(0).to_dict()).to_dict()
    teams = [w for w in _words(panel) if w["word"] == "panel.team"]
    assert len(teams) >= 2 and all(w["params"]["team"] == w["params"]["n"] - 1 for w in teams)


def test_back_alley_sheet_shows_each_sides_contract() -> None:
    state = _until(BACK_ALLEY.new(seed=3), lambda s: s.view(0).last_round is not None)
    data = state.view(0).to_dict()
    text = _text(draw_panel(BACK_ALLEY.description.panel(data), BACK_ALLEY.description))
    assert "Contracts" in text
    row = data["sheet"][0]
    said = [str(c["tricks"]) if c["kind"] == "tricks" else c["kind"] for c in row["contracts"]]
    if all(c["kind"] == "tricks" for c in row["contracts"]):
        assert " – ".join(said) in text
    board = {"kind": "board", "tricks": row["size"], "level": 2}
    boarded = dict(row, contracts=[board, {"kind": "void", "tricks": 0, "level": 0}])
    text = _text(
        draw_panel(BACK_ALLEY.description.panel({**data, "sheet": [boarded]}), BACK_ALLEY.description)
    )
    assert "double board – overruled" in text.lower()
