"""Game: a title, its players, options and seed, and the log of actions applied so far.

A game is a pure function of ``(title, options, seed, players, actions)``.  This wrapper owns
everything that is the same for every title: decoding actions, checking the acting seat,
attaching rulebook citations to errors, the log, undo (snapshot plus replay), save/load and
state hashing.  The title's :class:`~roundhouse.core.state.TitleState` owns the rules.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from roundhouse.core.actions import Action, Json
from roundhouse.core.canonical import digest
from roundhouse.core.errors import IllegalAction, InvalidSetup, MalformedAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.legal import LegalActions
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.core.title import REGISTRY, OptionValue, Title

SNAPSHOT_EVERY = 64
"""Actions between stored snapshots: undo and history replay at most this many actions."""


def _copy_state(state: TitleState) -> TitleState:
    return copy.deepcopy(state)


class Game:
    """One game in progress (or finished). Build it with :func:`new_game` or :func:`load`."""

    def __init__(
        self,
        title: Title,
        players: Sequence[str],
        seed: int,
        options: Mapping[str, object] | None = None,
    ) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidSetup(f"seed must be a whole number, got {seed!r}")
        names = tuple(PlayerId(p) for p in players)
        if not all(isinstance(p, str) and p.strip() for p in names):
            raise InvalidSetup("every player needs a non-empty name")
        if len(set(names)) != len(names):
            raise InvalidSetup(f"player names must differ: {list(names)}")
        if len(names) not in title.players:
            raise InvalidSetup(
                f"{title.name} takes {title.players.start}–{title.players.stop - 1} players, "
                f"not {len(names)}"
            )
        self.title = title
        self.players: tuple[PlayerId, ...] = names
        self.seed = seed
        self.options: dict[str, OptionValue] = title.resolve_options(options)
        self._state: TitleState = title.setup(names, self.options, Rng(seed))
        self._log: list[Action] = []
        self._snapshots: dict[int, TitleState] = {0: _copy_state(self._state)}
        """States after that many actions.  They are never changed (only copied from), so
        clones and history copies share them."""
        self._spare: int | None = None
        """The one snapshot kept off the regular spacing: a position undone to twice in a
        row, so undo, play, undo again (a bot trying moves, a player changing their mind)
        copies it instead of replaying from the last regular snapshot."""
        self._undone_to: int | None = None
        """Where the last undo went; a second undo to the same place keeps a spare there
        (a single undo does not pay for the extra copy)."""
        self._legal: LegalActions | None = None

    # -- the play loop -------------------------------------------------------------------

    @property
    def acting(self) -> tuple[PlayerId, ...]:
        """The seats that must act now (several during simultaneous choices)."""
        return self._state.acting()

    def legal_actions(self, player: str | None = None) -> LegalActions:
        """Every legal action now, optionally only those of one seat."""
        if self._legal is None:
            state = self._state
            self._legal = LegalActions(
                state.legal_actions(), state.legal_ranges(), state.same_move, state.open_kinds()
            )
        if player is None:
            return self._legal
        return LegalActions(
            [a for a in self._legal if a.player == player],
            [r for r in self._legal.ranges if r.template.player == player],
            self._state.same_move,
            self._legal.open_kinds,
        )

    def apply(self, action: Action | Mapping[str, object]) -> Action:
        """Play one action; raise :class:`IllegalAction` and change nothing if it is not legal.

        Accepts an :class:`Action` or its JSON form; returns the decoded action.
        """
        decoded = self.title.codec.decode(action)
        try:
            if self._state.finished:
                raise IllegalAction("the game is over", rule="game.over")
            if decoded.player not in self.players:
                raise MalformedAction(f"{decoded.player!r} is not a player in this game")
            self.title.codec.check_known(decoded, self._state.knows)
            if decoded.player not in self._state.acting():
                acting = ", ".join(self._state.acting())
                raise IllegalAction(
                    f"it is not {decoded.player}'s turn (waiting for {acting})",
                    rule="game.turn",
                )
            self._state.check(decoded)
        except IllegalAction as exc:
            raise exc.cite(self.title.rulebook.cite(exc.rule)) from None
        try:
            self._state.execute(decoded)
        except BaseException:
            self._restore(len(self._log))
            raise
        self._log.append(decoded)
        self._legal = None
        if len(self._log) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self._log)] = _copy_state(self._state)
        return decoded

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions (rebuilt from a snapshot plus replay).

        A position undone to twice in a row is kept as a spare snapshot, so undoing to it
        again costs one state copy and no replay.
        """
        if count < 0 or count > len(self._log):
            raise IllegalAction(f"cannot undo {count} of {len(self._log)} actions")
        if count:
            target = len(self._log) - count
            self._restore(target)
            if self._undone_to == target:
                self._keep_spare()
            self._undone_to = target

    def _restore(self, length: int) -> None:
        """Rebuild the state after the first ``length`` actions of the log."""
        snapshots = self._snapshots
        base = max(i for i in snapshots if i <= length)
        for i in [i for i in snapshots if i > length]:
            del snapshots[i]
        if self._spare is not None and self._spare not in snapshots:
            self._spare = None
        state = _copy_state(snapshots[base])
        for action in self._log[base:length]:
            state.execute(action)
        self._state = state
        del self._log[length:]
        self._legal = None

    def _keep_spare(self) -> None:
        """Make the current position the spare snapshot (dropping the previous spare)."""
        length = len(self._log)
        if length in self._snapshots:
            return
        if self._spare is not None:
            del self._snapshots[self._spare]
        self._snapshots[length] = _copy_state(self._state)
        self._spare = length

    # -- reading the position ------------------------------------------------------------

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def state(self) -> TitleState:
        """The title's state object (title code and tests; not part of the promised API)."""
        return self._state

    @property
    def finished(self) -> bool:
        return self._state.finished

    @property
    def result(self) -> dict[PlayerId, int] | None:
        return self._state.result

    @property
    def end_reason(self) -> str | None:
        return self._state.end_reason

    def view(self, player: str | None = None) -> dict[str, Json]:
        """JSON-ready state: the title's view plus ``title``, ``seats``, ``acting``,
        ``action_count``, ``finished``, ``result`` and ``end_reason`` (these keys are the
        kernel's; a title's view must not use them)."""
        view = self._state.view(PlayerId(player) if player is not None else None)
        view.update(
            {
                "title": self.title.id,
                "seats": list(self.players),
                "acting": list(self.acting),
                "action_count": len(self._log),
                "finished": self.finished,
                "result": {str(k): v for k, v in self.result.items()} if self.result else None,
                "end_reason": self.end_reason,
            }
        )
        return view

    def state_hash(self) -> str:
        """Equal states give equal hashes; used for determinism and replay checks."""
        return digest(self._state)

    def at(self, index: int) -> Game:
        """A copy of this game as it stood after its first ``index`` actions (history)."""
        if not 0 <= index <= len(self._log):
            raise IndexError(f"no position {index}; the log has {len(self._log)} actions")
        other = self._sibling(self._state, index)
        other._restore(index)
        return other

    def clone(self) -> Game:
        """An independent copy, for search and what-if analysis.

        Only the state is copied: the title, the actions (frozen) and the snapshots (never
        changed) are shared.
        """
        return self._sibling(_copy_state(self._state), len(self._log))

    def _sibling(self, state: TitleState, length: int) -> Game:
        """A game like this one holding ``state`` and the first ``length`` actions."""
        other = Game.__new__(Game)
        other.title = self.title
        other.players = self.players
        other.seed = self.seed
        other.options = dict(self.options)
        other._state = state
        other._log = self._log[:length]
        other._snapshots = {i: s for i, s in self._snapshots.items() if i <= length}
        other._spare = self._spare if self._spare in other._snapshots else None
        other._undone_to = None
        other._legal = self._legal if length == len(self._log) else None
        return other

    # -- save and load -------------------------------------------------------------------

    def to_doc(self) -> dict[str, Json]:
        """The save file: ``{title, options, seed, players, actions}``, plain JSON."""
        return {
            "title": self.title.id,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [a.to_json() for a in self._log],
        }

    def __repr__(self) -> str:
        if self.finished:
            where = f"finished ({self.end_reason})"
        else:
            where = f"{', '.join(self.acting)} to act"
        label = self._state.label()
        return f"<Game {self.title.id} {label + ' ' if label else ''}{where}>"


def new_game(
    title: str,
    players: Sequence[str],
    seed: int = 0,
    options: Mapping[str, object] | None = None,
) -> Game:
    """Start a game of a registered title: ``new_game("ChicagoExpress", ["Ann", "Bob"])``."""
    return Game(REGISTRY.get(title), players, seed, options)


def load(doc: Mapping[str, object]) -> Game:
    """Rebuild a game from :meth:`Game.to_doc` output by replaying its actions."""
    if not isinstance(doc, Mapping):
        raise InvalidSetup("a saved game must be a JSON object")
    missing = {"title", "players", "actions"} - set(doc)
    if missing:
        raise InvalidSetup(f"saved game lacks {', '.join(sorted(missing))}")
    title, players, actions = doc["title"], doc["players"], doc["actions"]
    seed = doc.get("seed", 0)
    options = doc.get("options") or {}
    if not isinstance(title, str):
        raise InvalidSetup("'title' must be text")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidSetup("'players' must be a list of names")
    if not isinstance(actions, list):
        raise InvalidSetup("'actions' must be a list")
    if not isinstance(options, Mapping):
        raise InvalidSetup("'options' must be an object")
    if not isinstance(seed, int):
        raise InvalidSetup("'seed' must be a whole number")
    game = new_game(title, players, seed, options)
    for index, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            kind = action.get("kind") if isinstance(action, dict) else None
            raise type(exc)(f"action {index} ({kind}): {exc}", rule=exc.rule) from exc
    return game
