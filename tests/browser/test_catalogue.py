"""The browser's catalogue against the engine, without a browser: every refusal code any game can give
is worded in English, Italian and Welsh with only the params the engine sends, and every refusal the
games give carries a code (random games, with illegal actions tried at every step)."""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.catalogue import LANGS, SOURCE, messages, placeholders, reason_codes, reason_sites
from tests.conformance.walk import random_step
from tricktable import games
from tricktable.cards import ALL_CARDS, Card, Suit, parse_cards
from tricktable.core import Action, ArgKind, State
from tricktable.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError, Reason
from tricktable.games.all_fours.play import play_problem
from tricktable.games.tractor import Trump, check_follow, decompose
from tricktable.games.tractor.declare import Declaration, DeclareRules, declaration_reason
from tricktable.games.tractor.kitty import bury_selectable
from tricktable.games.tractor.lead import check_lead

#: Words the page makes from other params (``lead`` from a Tractor lead's ``shape`` and ``suit``).
DERIVED = {"lead": {"shape", "suit"}}
CARD_TEXTS = {str(c) for c in ALL_CARDS}


def test_every_refusal_code_is_worded_in_every_language() -> None:
    sites = reason_sites()
    catalogue = messages()
    for lang in LANGS:
        missing = sorted(c for c in sites if f"rule.{c}" not in catalogue[lang])
        assert not missing, (lang, missing, [sites[c][0][0] for c in missing])
    worded = {k.removeprefix("rule.") for k in catalogue["en"] if k.startswith("rule.")}
    assert worded <= set(sites), sorted(worded - set(sites))  # no words for a rule the engine dropped


def test_rule_words_use_only_the_params_the_engine_names() -> None:
    """Where every place that gives a code names its params in the call, the words of that code in
    each language use no other (the rest are checked on real refusals below)."""
    catalogue = messages()
    for code, found in reason_sites().items():
        if any(params is None for _, params in found):
            continue
        given = set.intersection(*(set(params or ()) for _, params in found))
        given |= {word for word, needs in DERIVED.items() if needs <= given}
        for lang in LANGS:
            used = placeholders(catalogue[lang].get(f"rule.{code}", ""))
            assert used <= given, (lang, code, used - given)


def test_no_refusal_is_a_bare_string() -> None:
    """In the games and the core, a refusal is raised with a Reason, never with a bare string."""
    bare = []
    for folder in ("games", "core"):
        for path in sorted((SOURCE / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in ("IllegalActionError", "NotYourTurnError")
                    and node.args
                    and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp)
                ):
                    bare.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    assert not bare, bare


def _attempts(state: State, seat: int, rng: random.Random) -> Iterator[str]:
    """Actions to try for ``seat``: every verb with arguments drawn from its hand and beyond, many of
    them against the rules, some well aimed (the led suit's cards, pairs, trump-rank cards)."""
    hand = [str(c) for c in state.view(seat).hand]
    others = rng.sample(sorted(CARD_TEXTS), 6)
    trick = state.view(seat).trick
    n = len(trick[0][1]) if trick else rng.randint(1, 4)
    for name, verb in state.VERBS.items():
        if verb.args is ArgKind.NONE:
            yield name
        elif verb.args is ArgKind.BID:
            yield from (f"bid {x}" for x in ("pass", "board", 0, 1, 3, 7, 12, 14))
        elif verb.args is ArgKind.CARD:
            yield from (f"{name} {c}" for c in rng.sample(hand, min(4, len(hand))) + others[:2])
        else:
            pool = hand or others
            yield from (f"{name} {c}" for c in [*pool[:2], others[0]])
            yield f"{name} {' '.join(rng.sample(pool, min(7, len(pool))) + others[:1])}"
            yield from (f"{name} {c} {c}" for c in hand[:3] if hand.count(c) == 1)
            for size in {1, 2, n, n + 1, 8}:
                if size <= len(pool):
                    yield f"{name} {' '.join(rng.sample(pool, size))}"
            pairs = sorted({c for c in hand if hand.count(c) == 2})
            yield from (f"{name} {c} {c}" for c in pairs[:3])
            if trick and hand:  # n cards of the led suit, where the pairs and tractors rules bite
                led = str(trick[0][1][0])
                same = [c for c in hand if c[-1] == led[-1] and c[0] != led[0]] or hand
                for _ in range(3):
                    yield f"{name} {' '.join(rng.sample(same, min(n, len(same))))}"


def _check_reason(err: IllegalActionError, codes: set[str], catalogue: dict[str, dict[str, str]]) -> str:
    code = err.code
    assert code, f"a refusal without a code: {err.reason!r}"
    assert code in codes, code
    params: dict[str, Any] = err.params
    for value in params.values():
        ok = isinstance(value, int | str) or (
            isinstance(value, list) and all(isinstance(v, int | str) for v in value)
        )
        assert ok, (code, params)
        if isinstance(value, list) and value and isinstance(value[0], str):
            assert set(value) <= CARD_TEXTS, (code, params)  # lists are cards in notation
    given = set(params) | {word for word, needs in DERIVED.items() if needs <= set(params)}
    for lang in LANGS:
        used = placeholders(catalogue[lang][f"rule.{code}"])
        assert used <= given, (lang, code, used - given, err.reason)
    return code


CONFIGS: dict[str, list[Any]] = {
    "all-fours": [None, {"no_undertrump": True, "players": 2}],
    "back-alley": [None, {"bid_must_increase": True, "little_joker_forces": False}],
    "tractor": [None, {"allow_reinforce": False, "allow_higher_suit_pair_overturn": True}],
}
#: Codes the random games must reach (the commonest refusals of each game's phases).
REACHED = {
    "all-fours": {"turn_of", "stand_or_beg", "give_or_run", "not_held", "follow_or_trump", "out_of_turn"},
    "back-alley": {"turn_of", "bid_range", "bid_first", "not_held", "bidding_over", "follow_suit"},
    "tractor": {"turn_of", "count", "must_follow", "not_held", "draw_turn", "declare_rank", "follow_pair",
                "lead_one_suit", "kitty_size", "declare_single_stands"},
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_refusals_of_random_games_carry_worded_codes(name: str) -> None:
    game = games.get(name)
    codes, catalogue = set(reason_codes()), messages()
    rng = random.Random(8)
    seen: set[str] = set()
    for seed in range(6):
        state = game.new(seed=seed, config=CONFIGS[name][seed % len(CONFIGS[name])])
        for _ in range(400):
            if state.is_over:
                break
            if state.phase != "draw" or rng.random() < 0.2:  # Tractor's 100 draws: a sample is enough
                for seat in range(state.num_seats):
                    for text in _attempts(state, seat, rng):
                        try:
                            state.check(text, seat)
                        except InvalidActionError:
                            continue
                        except (IllegalActionError, NotYourTurnError) as err:
                            seen.add(_check_reason(err, codes, catalogue))
            seat, action = random_step(state, rng)
            state = state.apply(action, seat)
    print(name, sorted(seen))
    assert REACHED[name] <= seen, sorted(REACHED[name] - seen)


def _rare_refusals(tractor_trump: Trump) -> Iterator[tuple[str, Callable[[], object]]]:
    """Refusals the random games seldom reach, each made directly: the expected code and a call."""
    t, p = tractor_trump, parse_cards
    yield "follow_tractor", lambda: check_follow(p("7H 7H 8H 8H 3H"), p("JH JH QH QH"), p("7H 7H 8H 3H"), t)
    yield (
        "follow_tractor_pairs",
        lambda: check_follow(p("6H 6H 7H 7H 8H 8H"), p("JH JH QH QH"), p("6H 6H 7H 8H"), t),
    )
    yield (
        "follow_throw_tractors",
        lambda: check_follow(p("6H 6H 7H 7H 9H 3H"), p("JH JH QH QH AH"), p("6H 6H 7H 9H 3H"), t),
    )
    yield "follow_throw_pairs", lambda: check_follow(p("6H 6H 9H 9H 3H 4H"), p("JH JH AH"), p("3H 4H 6H"), t)
    yield "follow_pairs", lambda: check_follow(p("6H 6H 9H 9H 3H 4H"), p("JH JH"), p("3H 4H"), t)
    yield "follow_pair", lambda: check_follow(p("6H 6H 3H 4H"), p("JH JH"), p("3H 4H"), t)
    yield "follow_no_lead", lambda: check_follow(p("6H"), (), p("6H"), t)
    yield "held_only", lambda: check_lead(p("7H 8H"), p("7H 7H"), t)
    yield "lead_empty", lambda: check_lead(p("7H 8H"), (), t)
    yield "play_empty", lambda: decompose((), t)
    yield "two_copies", lambda: decompose(p("7H 7H 7H"), t)
    yield "picked_not_held", lambda: bury_selectable(p("7H"), p("8H"))
    higher = DeclareRules(allow_higher_suit_pair_overturn=True)
    reinforced = Declaration(1, tuple(p("2H 2H")), "pair", reinforced=True)
    yield (
        "declare_reinforced_stands",
        lambda: declaration_reason(p("2S 2S"), 0, p("2S 2S"), reinforced, 2, higher),
    )
    spades = Declaration(1, tuple(p("2S 2S")), "pair")
    yield "declare_higher_suit", lambda: declaration_reason(p("2D 2D"), 0, p("2D 2D"), spades, 2, higher)
    yield (
        "no_undertrump",
        lambda: play_problem(Card.parse("3H"), p("3H 9H 4D"), p("KS 5H"), int(Suit.HEARTS), True),
    )
    tractor = games.get("tractor").new(seed=1)
    yield "unknown_verb", lambda: tractor._illegal_reason(Action("stand"), 0)
    over = games.get("all-fours").new(seed=1, config={"target": 1})
    rng = random.Random(1)
    while not over.is_over:
        over = over.apply(rng.choice(over.legal_actions()))
    yield "game_over", lambda: over.check(str(over.history[-1][1]), 0)


def test_rare_refusals_carry_worded_codes() -> None:
    codes, catalogue = reason_codes(), messages()
    for code, call in _rare_refusals(Trump(rank="2", suit="S")):
        try:
            made = call()
        except IllegalActionError as err:
            assert _check_reason(err, codes, catalogue) == code, err.reason
            continue
        assert isinstance(made, Reason), (code, made)  # a checker that returns the reason
        assert _check_reason(IllegalActionError(made), codes, catalogue) == code, made


def test_every_language_has_every_key() -> None:
    catalogue = messages()
    assert set(catalogue) == set(LANGS)
    for lang in LANGS[1:]:
        assert sorted(catalogue[lang]) == sorted(catalogue["en"]), lang
    for shape in ("pair", "tractor", "throw"):  # the words a Tractor follow refusal's "lead" is made of
        assert f"lead.{shape}" in catalogue["en"]


def _option_keys() -> set[str]:
    """The lobby's keys for every option of every game (label and help), the names of their choices
    (other than numbers and on/off) and of the presets: read from the games' configs."""
    keys = {"choice.true", "choice.false"}
    for name in games.names():
        config = games.get(name).Config
        for option in config.options():
            keys |= {f"opt.{name}.{option.name}", f"opt.{name}.{option.name}.help"}
            choices = [c.strip() for c in option.allowed.split(",")] if "," in option.allowed else []
            named = [c for c in choices if c not in ("true", "false") and not c.lstrip("-").isdigit()]
            keys |= {f"choice.{name}.{option.name}.{c}" for c in named}
        keys |= {f"preset.{name}.{p}" for p in config.presets}
    return keys


def test_every_option_choice_and_preset_is_worded_in_every_language() -> None:
    catalogue = messages("options.js")
    wanted = _option_keys()
    for lang in LANGS:
        assert not sorted(wanted - set(catalogue[lang])), lang
        assert not sorted(set(catalogue[lang]) - wanted), lang  # none for an option the games dropped
        assert all(text.strip() for text in catalogue[lang].values()), lang
    assert not set(catalogue["en"]) & set(messages()["en"])  # one catalogue for each key
