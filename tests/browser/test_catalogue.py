"""The browser's catalogue against the engine, without a browser: every refusal code any game can give
is worded in English, Italian and Welsh with only the params the engine sends, and every refusal the
games give carries a code (random games, with illegal actions tried at every step)."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from tests.browser.catalogue import (
    LANGS,
    SOURCE,
    messages,
    placeholders,
    reason_codes,
    reason_sites,
    rule_texts,
)
from tests.browser.refusals import CARD_TEXTS, CONFIGS, random_refusals, rare_refusals
from tricktable import games
from tricktable.core import Game, panel
from tricktable.core.errors import IllegalActionError

#: Words the page makes from other params (``lead`` from a Tractor lead's ``shape`` and ``suit``).
DERIVED = {"lead": {"shape", "suit"}}


def test_every_refusal_code_is_worded_in_every_language() -> None:
    sites = reason_sites()
    catalogue = messages()
    for lang in LANGS:
        missing = sorted(c for c in sites if f"rule.{c}" not in catalogue[lang])
        assert not missing, (lang, missing, [sites[c][0][0] for c in missing])
    worded = {k.removeprefix("rule.") for k in catalogue["en"] if k.startswith("rule.")}
    singular = {w for w in worded if w.endswith("_one") and w.removesuffix("_one") in sites}
    assert worded - singular <= set(sites), sorted(worded - singular - set(sites))  # none for dropped rules
    for w in singular:  # a singular form only for a rule that counts with n
        assert all(params is None or "n" in params for _, params in sites[w.removesuffix("_one")]), w


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
            for text in rule_texts(catalogue[lang], code):
                assert placeholders(text) <= given, (lang, code, placeholders(text) - given)


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
        assert f"rule.{code}" in catalogue[lang], (lang, code)
        for text in rule_texts(catalogue[lang], code):
            assert placeholders(text) <= given, (lang, code, placeholders(text) - given, err.reason)
    return code


#: Codes the random games must reach (the commonest refusals of each game's phases).
REACHED = {
    "all-fours": {"turn_of", "stand_or_beg", "give_or_run", "not_held", "follow_or_trump", "out_of_turn"},
    "back-alley": {"turn_of", "bid_range", "bid_first", "not_held", "bidding_over", "follow_suit"},
    "tractor": {"turn_of", "count", "must_follow", "not_held", "draw_turn", "declare_rank", "follow_pair",
                "lead_one_suit", "kitty_size", "declare_single_stands"},
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_refusals_of_random_games_carry_worded_codes(name: str) -> None:
    codes, catalogue = reason_codes(), messages()
    seen = {_check_reason(err, codes, catalogue) for err in random_refusals(name)}
    assert REACHED[name] <= seen, sorted(REACHED[name] - seen)


def test_rare_refusals_carry_worded_codes() -> None:
    codes, catalogue = reason_codes(), messages()
    for code, err in rare_refusals():
        assert _check_reason(err, codes, catalogue) == code, err.reason


def test_every_language_has_every_key() -> None:
    catalogue = messages()
    assert set(catalogue) == set(LANGS)
    for lang in LANGS[1:]:
        assert sorted(catalogue[lang]) == sorted(catalogue["en"]), lang
    for shape in ("pair", "tractor", "throw"):  # the words a Tractor follow refusal's "lead" is made of
        assert f"lead.{shape}" in catalogue["en"]


def _option_keys(game: Game[Any, Any]) -> set[str]:
    """The keys of a game's words for every option (label and help), the names of their choices
    (other than numbers and on/off) and the presets: read from the game's config."""
    keys = {"title"}
    config = game.Config
    for option in config.options():
        keys |= {f"opt.{option.name}", f"opt.{option.name}.help"}
        choices = [c.strip() for c in option.allowed.split(",")] if "," in option.allowed else []
        named = [c for c in choices if c not in ("true", "false") and not c.lstrip("-").isdigit()]
        keys |= {f"choice.{option.name}.{c}" for c in named}
    keys |= {f"preset.{p}" for p in config.presets}
    return keys


def _panel_words(panel: Any) -> set[str]:
    """Every word key a panel's JSON uses."""
    if isinstance(panel, dict):
        own = {panel["word"]} if "word" in panel and "fallback" not in panel else set()
        return own.union(*(_panel_words(v) for v in panel.values()))
    if isinstance(panel, list):
        return set().union(*(_panel_words(v) for v in panel))
    return set()


def test_every_option_choice_preset_and_panel_word_of_a_game_is_worded_in_every_language() -> None:
    shared = messages()
    for name in games.names():
        game = games.get(name)
        words = game.description.words
        panels: set[str] = set()
        state = game.new(seed=3)
        for _ in range(400):  # the panel's words at every moment of a deal and the next one's start
            panels |= _panel_words(game.description.panel(state.view(None).to_dict()).to_dict())
            if state.is_over:
                break
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            state = state.apply(legal[len(legal) // 2], seat)
        own = panels - set(panel.WORDS["en"])
        wanted = _option_keys(game) | own
        for lang in LANGS:
            assert wanted <= set(words[lang]), (name, lang, sorted(wanted - set(words[lang])))
            assert set(words[lang]) == set(words["en"]), (name, lang)
            unused = {k for k in set(words[lang]) - wanted if not k.startswith("sheet.")}
            assert not unused, (name, lang, sorted(unused))  # none for an option the game dropped
            assert all(text.strip() for text in words[lang].values()), (name, lang)
            assert set(panel.WORDS[lang]) == set(panel.WORDS["en"]), lang
            assert {"choice.true", "choice.false"} <= set(shared[lang]), lang
        assert not own & set(shared["en"]), name  # one home for each key: the game's, not the page's
