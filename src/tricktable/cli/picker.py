"""Choosing the cards of a multi-card action one at a time (Tractor's plays, declarations, the kitty).

The game says which cards may still be added (``state.selectable(picked, seat)``, when its state offers
it); the finished choice is checked by the rules like any typed action, so a wrong one gets the
rule's reason. Entries: card numbers or names (several at once), ``undo``, ``clear``, ``done``,
``cancel``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from tricktable.cards import Card, CardParseError, parse_cards
from tricktable.cli.prompt import ask
from tricktable.cli.render import cards_text
from tricktable.core import Action, ArgKind, State, TricktableError

__all__ = ["Picker", "multi_card_verb"]

PICK_HELP = (
    "pick cards by number or name (several at once: '3 4' or '7H 7H'); "
    "'undo' drops the last, 'clear' starts again, 'done' plays them, 'cancel' goes back"
)


def multi_card_verb(state: State, legal: Sequence[Action]) -> str | None:
    """The card verb of the seat's legal actions when they share one (only the ends of a possibly
    lazy sequence are read, so this is cheap even for millions of actions)."""
    if not legal:
        return None
    first, last = legal[0], legal[len(legal) - 1]
    verb = state.VERBS.get(first.verb)
    if first.verb != last.verb or verb is None or verb.args is not ArgKind.CARDS:
        return None
    return first.verb


class Picker:
    """One pick session for ``seat``; ``show(order, picked)`` redraws the numbered hand."""

    def __init__(
        self,
        console: Console,
        state: State,
        seat: int,
        verb: str,
        order: Sequence[Card],
        show: Callable[[Sequence[Card], Sequence[Card]], None],
    ) -> None:
        self.console = console
        self.state = state
        self.seat = seat
        self.verb = verb
        self.order = tuple(order)
        self.show = show
        self.picked: list[Card] = []

    def selectable(self) -> Counter[Card]:
        """How many more of each card may be added now."""
        fn = getattr(self.state, "selectable", None)
        if callable(fn):
            return Counter(fn(tuple(self.picked), self.seat))
        return Counter(self.order) - Counter(self.picked)

    def run(self) -> Action | None:
        """The checked action, or None if the player cancels."""
        self.console.print(PICK_HELP, style="dim")
        self.show(self.order, self.picked)
        while True:
            self._status()
            entry = ask(self.console, f"{self.verb}> ").lower()
            if entry == "cancel":
                return None
            if entry == "done":
                action = self._finish()
                if action is not None:
                    return action
            elif entry == "undo":
                if self.picked:
                    self.picked.pop()
            elif entry == "clear":
                self.picked.clear()
            elif entry in ("", "help"):
                self.console.print(PICK_HELP, style="dim")
            elif self._add(entry.split()):
                self.show(self.order, self.picked)

    def _status(self) -> None:
        line = Text("picked: ")
        line.append_text(cards_text(self.picked) if self.picked else Text("nothing yet", style="dim"))
        can = sorted(self.selectable().elements(), key=self.order.index)
        line.append("   can add: ")
        line.append_text(cards_text(dict.fromkeys(can)) if can else Text("nothing: type done", style="dim"))
        self.console.print(line)

    def _add(self, words: list[str]) -> bool:
        """Add the named cards in order; stop at the first that cannot be added, saying why."""
        added = False
        for word in words:
            card = self._card(word)
            if card is None:
                return added
            if self.selectable()[card] <= 0:
                held = Counter(self.order)[card] - self.picked.count(card)
                why = "you hold no more of it" if held <= 0 else "the rules do not let it join this play"
                self.console.print(f"{card} cannot be added: {why}", style="red")
                return added
            self.picked.append(card)
            added = True
        return added

    def _card(self, word: str) -> Card | None:
        if word.isdigit():
            number = int(word)
            if 1 <= number <= len(self.order):
                return self.order[number - 1]
            self.console.print(f"choose a card number from 1 to {len(self.order)}", style="red")
            return None
        try:
            (card,) = parse_cards(word)
        except (CardParseError, ValueError):
            self.console.print(f"{word!r} is neither a card number nor a card. {PICK_HELP}", style="red")
            return None
        return card

    def _finish(self) -> Action | None:
        if not self.picked:
            self.console.print("pick at least one card first", style="red")
            return None
        action = Action.make(self.verb, self.picked)
        try:
            self.state.check(action, self.seat)
        except TricktableError as err:
            self.console.print(str(err), style="red")
            return None
        return action
