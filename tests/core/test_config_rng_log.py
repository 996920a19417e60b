"""Config validation, seeded randomness and the action log."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from tricktable.core.actions import Action
from tricktable.core.config import GameConfig, option
from tricktable.core.errors import ConfigError
from tricktable.core.history import EMPTY_LOG
from tricktable.core.rng import check_seed, rng_for, shuffled


@dataclass(frozen=True, kw_only=True)
class Demo(GameConfig):
    target: int = option(14, allowed=range(1, 100), doc="points to win")
    tie: str = option("none", allowed=("none", "dealer"), doc="who takes a tie")
    fast: bool = option(False, doc="a switch")

    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"short": {"target": 7}}


def test_defaults_presets_and_text_values() -> None:
    assert Demo.from_value(None) == Demo()
    assert Demo.from_value("short").target == 7
    assert Demo.from_value({"fast": "on", "target": "9"}) == Demo(fast=True, target=9)
    assert Demo(target=9).changes() == {"target": 9}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"target": 0}, "allowed values are 1 to 99"),
        ({"target": "x"}, "whole number"),
        ({"target": True}, "whole number"),
        ({"fast": "maybe"}, "on or off"),
        ({"fast": 1}, "on or off"),
        ({"tie": "nobody"}, "allowed values are none, dealer"),
        ({"nope": 1}, "unknown option 'nope'; the options are: target, tie, fast"),
        ("long", "unknown preset 'long'; the presets are: short"),
        ([1], "mapping"),
    ],
)
def test_bad_config_says_what_is_allowed(value: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Demo.from_value(value)  # type: ignore[arg-type]


def test_options_are_listed_with_defaults_and_allowed_values() -> None:
    listed = {o.name: o for o in Demo.options()}
    assert listed["target"].default == 14 and listed["target"].allowed == "1 to 99"
    assert listed["fast"].allowed == "true, false"


def test_shuffles_depend_only_on_seed_and_label() -> None:
    items = list(range(52))
    assert shuffled(items, 1, "deal 0") == shuffled(items, 1, "deal 0")
    assert shuffled(items, 1, "deal 0") != shuffled(items, 1, "deal 1")
    assert shuffled(items, 1, "deal 0") != shuffled(items, 2, "deal 0")
    assert sorted(shuffled(items, 3, "x")) == items


@pytest.mark.parametrize("size", [0, 1, 2, 3, 54, 108])
def test_shuffles_are_the_standard_librarys_from_the_same_generator(size: int) -> None:
    # Every recorded game was dealt by random.Random.shuffle: the deals must not change.
    items = list(range(size))
    for seed in range(40):
        expected = list(items)
        rng_for(seed, f"deal {seed}").shuffle(expected)
        assert shuffled(items, seed, f"deal {seed}") == tuple(expected)


@pytest.mark.parametrize("seed", [-1, 1.5, "7", True, 2**63])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ConfigError, match="seed must be a whole number"):
        check_seed(seed)


def test_log_is_persistent() -> None:
    a = EMPTY_LOG.push(0, Action("stand"))
    b = a.push(1, Action("beg"))
    c = a.push(1, Action("stand"))
    assert len(EMPTY_LOG) == 0 and len(a) == 1 and len(b) == 2
    assert b.entries() == ((0, Action("stand")), (1, Action("beg")))
    assert c != b and a.push(1, Action("beg")) == b


def test_log_tail_is_the_end_of_its_entries() -> None:
    log = EMPTY_LOG
    for i in range(6):
        log = log.push(i % 4, Action("bid", i))
    for count in range(8):
        assert log.tail(count) == log.entries()[max(0, 6 - count) :]


def test_log_events_are_built_once_per_node() -> None:
    """A recipe runs on the first reading only (every seat reads the same node); a node with more
    events is a new node, whose reading includes them (and builds again none already built)."""
    from tricktable.core.events import Decided

    built: list[int] = []

    def make(seat: int) -> Decided:
        built.append(seat)
        return Decided(seat, "stand")

    node = EMPTY_LOG.push(0, Action("stand"), ((make, 2),))
    first = node.events
    assert first == (Decided(2, "stand"),) and node.events is first and built == [2]
    longer = node.with_events(Decided(3, "beg"))
    assert longer.events == (Decided(2, "stand"), Decided(3, "beg")) and node.events is first
    assert built == [2]
