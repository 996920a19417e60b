"""Choosing the cards of a multi-card action one at a time (Tractor's plays and its kitty).

The game says which cards may still be added (``state.selectable(picked, seat)``, when its state
offers it); the finished choice is checked by the rules like any typed action, so a wrong one gets
the rule's reason. Entries: card numbers or names (several at once), ``undo``, ``clear``, ``done``
(or Enter), ``cancel``; a whole action in notation (``play 7H 7H``) or a table command also works.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from tricktable.cards import Card, CardParseError, parse_cards
from tricktable.cli.errors import clip, shorten
from tricktable.cli.prompt import COMMANDS, Command, EntryError, ask, interpret, looks_numeric, menu_number
from tricktable.cli.render import cards_text
from tricktable.core import Action, ArgKind, State, TricktableError

__all__ = ["PICK_HELP", "Picker", "multi_card_verb"]

PICK_HELP = (
    "pick cards by number or name (several at once: '3 4' or '7H 7H'); 'undo' drops the last, "
    "'clear' starts again, 'done' (or Enter) submits, 'cancel' goes back; or type the whole action"
)
_PICK_WORDS = frozenset({"undo", "clear", "done", "cancel"})


def multi_card_verb(state: State, seat: int, legal: Sequence[Action]) -> str | None:
    """The verb of the seat's card pick (:meth:`State.pick`) when every legal action is one of its
    multi-card actions, too many to list as a menu (Tractor's plays and kitty; declarations and
    single cards stay menu items). Only the ends of a possibly lazy sequence are read."""
    pick = state.pick(seat)
    if pick is None or not legal:
        return None
    first, last = legal[0], legal[len(legal) - 1]
    verb = state.VERBS.get(pick.verb)
    if first.verb != pick.verb or last.verb != pick.verb or verb is None or verb.args is not ArgKind.CARDS:
        return None
    return pick.verb


class Picker:
    """One pick session for ``seat``: ``order`` is the hand in its numbered display order, and
    ``show(picked)`` draws the table with it. The picked cards survive table commands (help, save...)."""

    def __init__(
        self,
        console: Console,
        state: State,
        seat: int,
        verb: str,
        order: Sequence[Card],
        show: Callable[[Sequence[Card]], None],
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
        left = Counter(self.order) - Counter(self.picked)
        fn = getattr(self.state, "selectable", None)
        if not callable(fn):
            return left
        allowed = set(fn(tuple(self.picked), self.seat))
        return Counter({card: n for card, n in left.items() if card in allowed})

    def run(self) -> Action | Command | None:
        """A checked action, a table command to carry out, or None if the player cancels."""
        while True:
            self._status()
            entry = ask(self.console, f"[bold]{self.verb}> [/bold]")
            words = entry.lower().split()
            head = words[0] if words else "done"
            if head == "cancel":
                return None
            if head == "done":
                action = self._finish()
                if action is not None:
                    return action
            elif head == "undo":
                if self.picked:
                    self.picked.pop()
            elif head == "clear":
                self.picked.clear()
            elif head in COMMANDS or head in self.state.VERBS:
                try:
                    return interpret(entry, self.state, self.seat, ())
                except EntryError as err:
                    self.console.print(str(err), style="red")
            else:
                self._add(words)

    def _status(self) -> None:
        marks = self.state.view(self.seat).marks  # trumps underlined as on the table
        line = Text("picked: ")
        line.append_text(cards_text(self.picked, marks) if self.picked else Text("nothing yet", style="dim"))
        can = [card for card in dict.fromkeys(self.order) if self.selectable()[card] > 0]
        line.append("   can add: ")
        line.append_text(cards_text(can, marks) if can else Text("nothing more: Enter submits", style="dim"))
        self.console.print(line)

    def _add(self, words: list[str]) -> None:
        """Add the named cards in order; stop at the first that cannot be added, saying why."""
        for word in words:
            card = self._card(word)
            if card is None:
                return
            if self.selectable()[card] <= 0:
                # the rule that adding it breaks, as the engine words it
                why = self.state.pick_refusal(self.picked, card, self.seat)
                self.console.print(f"{card} cannot be added: {why or 'you hold no more of it'}", style="red")
                return
            self.picked.append(card)

    def _card(self, word: str) -> Card | None:
        if looks_numeric(word):
            number = menu_number(word, len(self.order))
            if number is not None:
                return self.order[number - 1]
            self.console.print(f"choose a card number from 1 to {len(self.order)}", style="red")
            return None
        try:
            cards = parse_cards(word)
        except CardParseError:
            cards = ()
        if len(cards) != 1:
            self.console.print(
                f"{clip(word)!r} is neither a card number nor a card. {PICK_HELP}", style="red"
            )
            return None
        return cards[0]

    def _finish(self) -> Action | None:
        if not self.picked:
            self.console.print("pick at least one card first", style="red")
            return None
        action = Action.make(self.verb, self.picked)
        try:
            self.state.check(action, self.seat)
        except TricktableError as err:
            self.console.print(shorten(str(err)), style="red")
            return None
        return action
