"""``tricktable play``: one human seat against bots at a terminal table.

The loop only asks the game who may act and what is legal, shows the human's view, and passes the
chosen action to ``state.apply``: every rule lives in the game. After every action the game's record
is saved, so Ctrl-C, a closed terminal or a crash never loses it (``--resume FILE`` continues).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from tricktable import bots
from tricktable.cards import Card
from tricktable.cli.errors import EXIT_INTERRUPTED, EXIT_USAGE, CliError, InputEnded
from tricktable.cli.narrate import actor, narrate
from tricktable.cli.panels import score_sheet, table_panel
from tricktable.cli.panels.sheet import draw_panel
from tricktable.cli.picker import PICK_HELP, Picker, multi_card_verb
from tricktable.cli.prompt import COMMANDS, Command, EntryError, ask, interpret
from tricktable.cli.render import details, group_hand, legal_menu, result_panel
from tricktable.cli.saves import write_json
from tricktable.core import Action, Game, State, TricktableError, View
from tricktable.core.events import Event, TrickWon
from tricktable.table import EventFeed, Seats, acting_seat, bot_choice, bot_seed, make_bots, next_bot_action

__all__ = ["MENU_LIMIT", "PlaySession"]

MENU_LIMIT = 40
"""Up to this many legal actions are listed as a numbered menu; beyond it, cards are picked one by one."""
HINT_BOT = "heuristic"
UNPROMPTED_VERBS = frozenset({"expose"})
"""Verbs never offered in a menu or out of turn. Exposing a card is how a real table records a misplay
(All Fours' calling penalty): a terminal player never needs it offered, but may still type it."""


def menu_actions(legal: Sequence[Action]) -> list[Action]:
    """The actions to number in a menu, less the unprompted verbs; none when there are too many to
    list (they are picked card by card instead, and never iterated: there may be millions)."""
    if len(legal) > MENU_LIMIT:
        return []
    return [a for a in legal if a.verb not in UNPROMPTED_VERBS]


class _Quit(Exception):
    """The player typed quit."""


class PlaySession:
    """A game in progress: the state, who sits where, and where it is saved."""

    def __init__(
        self,
        console: Console,
        game: Game[Any, Any],
        state: State,
        seats: Seats,
        save_path: Path,
    ) -> None:
        if len(seats.humans) != 1 or seats.num_seats != state.num_seats:
            raise ValueError(f"a terminal table seats one human among {state.num_seats}, not {seats!r}")
        self.console = console
        self.game = game
        self.state = state
        self.seats = seats
        self.human = seats.humans[0]
        try:
            self.bots = make_bots(game.name, seats, state.seed, state.config)
        except TricktableError as err:
            raise CliError(str(err)) from None
        self.feed = EventFeed()  # the events the bots (and the hint) are given
        self.told = EventFeed()  # the events already told to the human
        self.save_path = save_path
        self.auto = False
        # Actions the human let pass in this phase (a declaration offered during Tractor's draw):
        # not offered again, and 'auto' may take the one other choice. Cleared when the phase changes.
        self.declined: set[str] = set()
        self.told_enter = False

    # --- the loop ----------------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (0), or stop on quit (0), end of input (2) or Ctrl-C (130), saved first."""
        try:
            self.save()
            self.console.print(
                f"[bold]{self.game.title}[/bold] — you are seat {self.human}; seed {self.state.seed}; "
                f"saved after every move to {self.save_path}. Type 'help' for commands."
            )
            opening = self.told.new_events(self.state, self.human)
            if self.state.version == 0:  # a new game: its deal; a resumed one goes on in silence
                self.report_events(opening)
            while not self.state.is_over:
                self.step()
        except _Quit:
            self._saved_note("game saved")
            return 0
        except InputEnded:
            self._saved_note("input ended; game saved")
            return EXIT_USAGE
        except KeyboardInterrupt:
            self.console.print()
            self._saved_note("interrupted; game saved")
            return EXIT_INTERRUPTED
        self.finish()
        return 0

    def step(self) -> None:
        """One action: the human's if they must (or may) act now, else a bot's."""
        state, human = self.state, self.human
        if acting_seat(state) == human:
            self.human_turn(optional=False)
            return
        if state.may_act(human) and self._offer_optional():
            return
        step = next_bot_action(state, self.bots, self.feed)
        assert step is not None, "every seat but the human's has a bot"
        self.apply(step[1], step[0])

    def _offer_optional(self) -> bool:
        """When the human may act out of turn (a declaration during the draw), offer what they have
        not let pass before in this phase. True if the human acted."""
        options = {str(a) for a in menu_actions(self.state.legal_actions(self.human))}
        if not options or options <= self.declined:
            return False
        if self.human_turn(optional=True):
            return True
        self.declined |= options
        return False

    def human_turn(self, *, optional: bool) -> bool:
        """Ask until the human takes a legal action (True) or, when optional, lets it pass (False).

        Up to :data:`MENU_LIMIT` legal actions are a numbered menu; more (Tractor's multi-card
        plays and kitty) are picked card by card from the numbered hand."""
        state, seat = self.state, self.human
        legal = state.legal_actions(seat)
        menu = self.in_hand_order(menu_actions(legal))
        picker = None if len(legal) <= MENU_LIMIT else self.picker(legal)
        if self.auto and not optional and picker is None:
            fresh = [a for a in menu if str(a) not in self.declined]
            if len(fresh) == 1:
                self.apply(fresh[0], seat)
                return True
        if picker is None:
            self.show_table()
        else:
            picker.show(())
        self.show_choices(menu, optional, picker)
        while True:
            choice: Action | Command | None
            if picker is not None:
                choice = picker.run()
                if choice is None:  # cancel: start the pick again
                    picker.picked.clear()
                    picker.show(())
                    continue
            else:
                text = ask(
                    self.console, "[bold](Enter to go on) > [/bold]" if optional else "[bold]> [/bold]"
                )
                if optional and not text:
                    return False
                if not text and len(menu) == 1:
                    text = "1"  # Enter takes the only choice
                try:
                    choice = interpret(text, state, seat, menu)
                except EntryError as err:
                    self.console.print(str(err), style="red")
                    continue
            if isinstance(choice, Command):
                choice = self.command(choice, legal, menu, optional, picker)
                if choice is None:
                    continue
            # Choosing to draw over a declaration lets the declaration pass (not another play over a play).
            self.declined |= {str(a) for a in menu if a.verb != choice.verb}
            self.apply(choice, seat)
            return True

    def command(
        self,
        cmd: Command,
        legal: Sequence[Action],
        menu: Sequence[Action],
        optional: bool,
        picker: Picker | None = None,
    ) -> Action | None:
        """Carry out a table command; ``pick`` and ``auto`` may produce the action to take."""
        if cmd.name == "help":
            self.show_help()
        elif cmd.name == "table":
            if picker is None:
                self.show_table()
            else:
                picker.show(picker.picked)
            self.show_choices(menu, optional, picker)
        elif cmd.name == "sheet":
            description = self.game.description
            view = self.state.view(self.human)
            sheet = description.panel(view.to_dict())
            self.console.print(
                Panel(draw_panel(sheet, description, view.marks), title="score sheet", expand=False)
            )
        elif cmd.name == "details":
            self.console.print(details(self.state.view(self.human)))
        elif cmd.name == "hint":
            self.hint()
        elif cmd.name == "auto":
            self.auto = not self.auto
            self.console.print("auto on: forced moves are taken for you" if self.auto else "auto off")
            fresh = [a for a in menu if str(a) not in self.declined]
            if self.auto and not optional and len(legal) <= MENU_LIMIT and len(fresh) == 1:
                return fresh[0]
        elif cmd.name == "save":
            # The game goes on being saved to the new file only once a save there has worked.
            path = Path(cmd.arg).expanduser() if cmd.arg else self.save_path
            try:
                write_json(path, self.record())
            except CliError as err:
                self.console.print(f"{err}; the game is still saved to {self.save_path}", style="red")
            else:
                self.save_path = path
                self.console.print(f"saved to {self.save_path}")
        elif cmd.name == "quit":
            raise _Quit
        elif cmd.name == "pick" and picker is None:
            picker = self.picker(legal)
            if picker is None:
                self.console.print("there is no multi-card action to pick cards for now", style="red")
                return None
            picker.show(())
            while True:
                choice = picker.run()
                if not isinstance(choice, Command):
                    return choice
                if choice.name == "pick":
                    continue
                action = self.command(choice, legal, menu, optional, picker)
                if action is not None:
                    return action
        return None

    def in_hand_order(self, menu: list[Action]) -> list[Action]:
        """The menu with card actions in the order the hand is shown (verbs keep the game's order),
        so that menu numbers run left to right along the hand."""
        view = self.state.view(self.human)
        position = {
            card: i for i, card in enumerate(c for _, cs in group_hand(view.hand, view.marks) for c in cs)
        }
        verbs = list(dict.fromkeys(a.verb for a in menu))
        return sorted(
            menu, key=lambda a: (verbs.index(a.verb), [position.get(c, len(position)) for c in a.cards])
        )

    def picker(self, legal: Sequence[Action]) -> Picker | None:
        """A card-by-card picker for the seat's multi-card verb, or None if it has none now."""
        verb = multi_card_verb(self.state, self.human, legal)
        if verb is None:
            return None
        view = self.state.view(self.human)
        hand = [c for _, cards in group_hand(view.hand, view.marks) for c in cards]
        title = self._title(view)

        def show(picked: Sequence[Card]) -> None:
            panel = table_panel(
                view,
                self.state.num_seats,
                title=title,
                numbered=hand,
                picked=picked,
                config=self.state.config,
            )
            self.console.print(panel)

        return Picker(self.console, self.state, self.human, verb, hand, show)

    def apply(self, action: Action, seat: int) -> None:
        """Apply, save, and tell the human what happened as their events show it."""
        before = self.state.view(self.human)
        self.state = self.state.apply(action, seat)
        if self.state.phase != before.phase:
            self.declined.clear()
        self.save()
        self.report(before, self.state.view(self.human))

    def report(self, before: View, after: View) -> None:
        """The new events, then the deal's score sheet when one was just written."""
        n = self.state.num_seats
        self.report_events(self.told.new_events(self.state, self.human))
        if after.last_round and after.last_round != before.last_round:
            self.console.print(score_sheet(after.last_round, after.game, self.human, n))
        if after.phase != before.phase and not self.state.is_over:
            self.console.print(f"— {after.phase} —", style="dim")

    def report_events(self, events: Sequence[Event]) -> None:
        """One line per event: the human's own actions in bold, tricks won in green."""
        for event, line in zip(events, narrate(events, self.human, self.state.num_seats), strict=True):
            if isinstance(event, TrickWon):
                self.console.print(f"  {line}", style="green")
            else:
                self.console.print(line, style="bold" if actor(event) == self.human else None)

    def finish(self) -> None:
        result = self.state.result
        self.show_table()
        if result is not None:
            self.console.print(result_panel(result.to_dict(), self.state.num_seats, self.human))
        self.console.print(f"the game's record is in {self.save_path}")

    # --- output ------------------------------------------------------------------------------------
    def _title(self, view: View) -> str:
        return f"{self.game.title} — seat {self.human}"

    def show_table(self) -> None:
        view = self.state.view(self.human)
        panel = table_panel(view, self.state.num_seats, title=self._title(view), config=self.state.config)
        self.console.print(panel)

    def show_choices(self, menu: Sequence[Action], optional: bool, picker: Picker | None) -> None:
        if optional:
            self.console.print("You may act now (or press Enter to let play go on):")
        if picker is not None:
            self.console.print(f"Your {picker.verb}: {PICK_HELP}", style="dim")
            return
        self.console.print(legal_menu([str(a) for a in menu]))
        if len(menu) == 1 and not optional and not self.told_enter:
            self.told_enter = True
            self.console.print(
                "(Enter takes it; 'auto' takes every forced move until you have a choice)", style="dim"
            )

    def show_help(self) -> None:
        lines = Text("Enter a number from the menu, or an action in notation (")
        lines.append(", ".join(v.usage for v in self.game.verbs.values()))
        lines.append("); a bare card like 7H means 'play 7H'. Commands:\n")
        for name, doc in COMMANDS.items():
            lines.append(f"  {name:<6}", style="bold")
            lines.append(f" {doc}\n")
        self.console.print(lines, end="")

    def hint(self) -> None:
        try:
            bot = bots.get(HINT_BOT, game=self.game.name, seed=bot_seed(self.state.seed, self.human))
        except (TricktableError, ImportError):
            self.console.print("no hint: this game has no heuristic bot", style="red")
            return
        action = bot_choice(self.state, self.human, bot, self.feed)
        self.console.print(f"the {HINT_BOT} bot would: {action}")

    # --- saving ------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        record = self.game.record(self.state)
        record["table"] = {"seat": self.human, "bots": self.seats.to_list()}
        return record

    def save(self) -> None:
        write_json(self.save_path, self.record())

    def _saved_note(self, what: str) -> None:
        self.console.print(
            f"{what} to {self.save_path}; continue with: tricktable play --resume {self.save_path}"
        )
