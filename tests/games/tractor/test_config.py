"""Tractor's options: the rules file's defaults, presets, and validation with reasons."""

from __future__ import annotations

import pytest

from tricktable import games
from tricktable.core import ConfigError
from tricktable.games.tractor.config import Config, level_name, parse_levels


def test_defaults_are_the_rules_files() -> None:
    config = Config()
    assert config.win_requires_declaring_at_ace and config.allow_reinforce and config.gap_tractors
    assert not config.allow_higher_suit_pair_overturn and not config.no_trump_rank_cards_are_trump
    assert config.first_round_starter == 0 and config.failed_throw_penalty == 10
    assert config.kitty_multiplier == "seed" and config.middle_band == "takeover"
    assert config.defend_levels == frozenset()


def test_presets_and_text_values() -> None:
    game = games.get("tractor")
    assert game.new(seed=1, config="pagat").config.no_trump_rank_cards_are_trump
    assert game.new(seed=1, config="defend").config.defend_levels == frozenset({5, 10, 13})
    config = Config.from_value({"failed_throw_penalty": "0", "allow_reinforce": "off"})
    assert config.failed_throw_penalty == 0 and not config.allow_reinforce
    assert "must_defend_levels" in game.rules_text()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"kitty_multiplier": "triple"}, "allowed values are seed, power_of_two, double_only"),
        ({"first_round_starter": 4}, "allowed values are 0 to 3"),
        ({"must_defend_levels": "5,Z"}, "'Z' is not a level"),
        ({"must_defend_levels": "2,5"}, "level 2 is where every team starts"),
        ({"failed_throw_penalty": -5}, "allowed values are 0 to 100"),
    ],
)
def test_bad_options_are_refused_with_the_reason(options: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Config.from_value(options)


def test_level_names_follow_the_card_notation() -> None:
    assert [level_name(n) for n in (2, 10, 11, 14, 15)] == ["2", "T", "J", "A", "A"]
    assert parse_levels("10, q,A") == frozenset({10, 12, 14}) and parse_levels("none") == frozenset()
