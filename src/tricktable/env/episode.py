"""One game in progress for the RL environments, compiled: the per-decision path of the AEC and vector
environments.

An :class:`Episode` holds what the environments track of a game between decisions — the engine's
state, the cards picked toward a Tractor play, the seats offered an out-of-turn action, every seat's
observation table and the scores read for rewards — and takes the ids of its decisions. It decides no
rule: the engine does (``legal_actions``, ``apply_legal``), and the codec maps ids to actions.
:class:`tricktable.env.TricktableAEC` adds PettingZoo's bookkeeping around it (agent names, the reward
and termination dicts, ``wait``, penalties); :class:`tricktable.env.VectorEnv` writes its rows.
"""

from __future__ import annotations

from tricktable.cards import Card
from tricktable.core import events as ev
from tricktable.core.actions import Action
from tricktable.core.state import State, team_of
from tricktable.env.actions import Codec
from tricktable.env.table import TableEncoder

__all__ = ["Episode"]


class Episode:
    """A game of ``num_seats`` seats played through ``codec``'s ids, observed through ``table``.

    ``reward_mode`` is ``"game"`` or ``"deal"`` and ``max_deals`` None or a deal count, as
    :class:`tricktable.env.TricktableAEC` takes them (it checks them)."""

    def __init__(
        self,
        codec: Codec,
        table: TableEncoder,
        num_seats: int,
        *,
        out_of_turn: bool,
        reward_mode: str,
        max_deals: int | None,
    ) -> None:
        self.codec = codec
        self.table = table
        self.num_seats = num_seats
        self.out_of_turn = out_of_turn
        self.wait = codec.size if out_of_turn else -1
        """The id of ``wait`` (declining to act out of turn), or -1 without ``out_of_turn``."""
        self.size = codec.size + (1 if out_of_turn else 0)
        self.reward_mode = reward_mode
        self.max_deals = max_deals
        self._track = reward_mode == "deal" or max_deals is not None
        self.state: State | None = None
        self.picked: tuple[Card, ...] = ()
        self.queue: list[int] = []
        """With ``out_of_turn``: the seats still to be offered an out-of-turn action, in order."""
        self.terminated = False
        self.truncated = False
        self.deals = 0
        """Deals scored so far (counted when ``reward_mode`` is ``"deal"`` or ``max_deals`` is set)."""
        self._scores: tuple[int, ...] | None = None
        self._version_read = 0

    # --- the game ------------------------------------------------------------------------------------
    def start(self, state: State) -> list[float] | None:
        """Begin with ``state`` (a new game); returns what each seat receives if it is already over."""
        self.state = state
        self.picked = ()
        self.table.reset()
        self.terminated = self.truncated = False
        self.deals = 0
        self._scores = None
        self._version_read = 0
        self._open_window(state)
        return self.payoff(state) if state.is_over else None

    def live(self) -> State:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        return state

    @property
    def done(self) -> bool:
        """Whether the game has ended (terminated) or been cut short (truncated)."""
        return self.terminated or self.truncated

    def seat(self) -> int:
        """The seat to act: the first offered an out-of-turn action, else the seat to move."""
        if self.queue:
            return self.queue[0]
        mover = self.live().to_move
        return 0 if mover is None else mover

    def advance(self, index: int) -> list[float] | None:
        """Id ``index`` taken by the seat to act (not ``wait``: the AEC's own). Returns what each seat
        received (None: nothing) and sets :attr:`terminated` or :attr:`truncated` when the game ends.
        Raises :class:`~tricktable.core.errors.IllegalActionError` for an id outside the mask, the
        game unchanged."""
        state = self.live()
        seat = self.seat()
        step = self.codec.step(state, seat, self.picked, index)
        if step.action is None:
            self.picked = step.picked
            return None
        # The codec has checked the id against the mask: the action is one of the legal ones.
        return self._moved(state.apply_legal(step.action, seat))

    def apply(self, action: Action, seat: int) -> list[float] | None:
        """An engine action (a bot's) for ``seat``, as :meth:`advance` takes an id; raises, the game
        unchanged, if it is illegal."""
        return self._moved(self.live().apply(action, seat))

    def may_wait(self) -> bool:
        """Whether the seat to act may take ``wait``: it is offered an out-of-turn action and has
        picked no card toward one."""
        return bool(self.queue) and not self.picked

    def pass_turn(self) -> None:
        """The seat offered an out-of-turn action declines it (``wait``)."""
        self.queue.pop(0)

    def _moved(self, state: State) -> list[float] | None:
        self.state = state
        self.picked = ()
        gains = self.payoff(state)
        self._open_window(state)
        return gains

    def _open_window(self, state: State) -> None:
        """With ``out_of_turn``: after each action, the seats other than the one to move that may act
        (in turn order from the mover's left) are each asked in turn, and may ``wait``."""
        if not self.out_of_turn:
            return  # the queue stays empty
        self.queue = []
        mover = state.to_move
        if mover is None or state.is_over:
            return
        acting = state.acting_seats()
        n = self.num_seats
        self.queue = [s for s in ((mover + k) % n for k in range(1, n)) if s in acting]

    # --- rewards -------------------------------------------------------------------------------------
    def payoff(self, state: State) -> list[float] | None:
        """What each seat receives for reaching ``state`` (None: nothing), with :attr:`terminated` or
        :attr:`truncated` set when the game ends: the one home of the environments' rewards."""
        gains = self._read_scores(state) if self._track else None
        if state.is_over:
            result = state.result
            if self.reward_mode == "game" and result is not None and result.winner is not None:
                n = self.num_seats
                gains = [1.0 if team_of(s, n) == result.winner else -1.0 for s in range(n)]
            self.terminated = True
        elif self.max_deals is not None and self.deals >= self.max_deals:
            self.truncated = True
        return gains

    def _read_scores(self, state: State) -> list[float] | None:
        """Count the deals scored since the last reading; with ``reward_mode="deal"``, each seat's
        reward for them (None when no deal was scored)."""
        since = self._version_read if self._scores is not None else None
        gains: list[float] | None = None
        for e in state.events(None) if since is None else state.events(None, since=since):
            if isinstance(e, ev.DealStarted):
                if self._scores is None:
                    self._scores = e.scores
            elif isinstance(e, ev.DealScored | ev.GameOver):
                if isinstance(e, ev.DealScored):
                    self.deals += 1
                old, self._scores = self._scores, e.scores
                if self.reward_mode == "deal" and old is not None:
                    deal = self._deal_rewards(old, e.scores)
                    gains = deal if gains is None else [g + d for g, d in zip(gains, deal, strict=True)]
        self._version_read = state.version
        return gains

    def _deal_rewards(self, old: tuple[int, ...], new: tuple[int, ...]) -> list[float]:
        """Each seat's reward for a deal: its team's gain minus the other team's."""
        gains = [n - o for n, o in zip(new, old, strict=True)]
        total = sum(gains)
        n = self.num_seats
        out: list[float] = []
        for s in range(n):
            own = gains[team_of(s, n)]
            out.append(float(own - (total - own)))
        return out

    # --- what the seat to act sees -------------------------------------------------------------------
    def write_mask(self, out: bytearray, start: int, seat: int) -> None:
        """The seat's mask written into ``out[start : start + size]`` (a row of a batch's masks)."""
        self.codec.write_mask(out, start, self.live(), seat, self.picked)
        if self.out_of_turn:
            out[start + self.wait] = 1 if self.may_wait() else 0

    def write(self, rows: memoryview, row_start: int, masks: bytearray, mask_start: int) -> int:
        """The observation of the seat to act copied into ``rows[row_start:]`` and its mask into
        ``masks[mask_start:]`` (a batch's rows); returns the seat."""
        state = self.live()
        seat = self.seat()
        table = self.table
        table.update(state)
        table.fill(seat, state.phase, state.to_move, self.picked)
        rows[row_start : row_start + table.size] = table.row(seat)
        self.write_mask(masks, mask_start, seat)
        return seat
