"""Game: a title, its players, options and seed, and the log of actions applied so far.

A game is a pure function of ``(title, options, seed, players, actions)``.  This wrapper owns
everything that is the same for every title: decoding actions, checking the acting seat,
attaching rulebook citations to errors, the log, undo (snapshot plus replay), save/load and
state hashing.  The title's :class:`~roundhouse.core.state.TitleState` owns the rules.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from roundhouse.core.actions import Action, Json
from roundhouse.core.canonical import digest
from roundhouse.core.copying import deep_copy
from roundhouse.core.derived import Stamp, Versioned
from roundhouse.core.errors import IllegalAction, InvalidSetup, MalformedAction
from roundhouse.core.event import Event, collecting
from roundhouse.core.ids import PlayerId
from roundhouse.core.legal import LegalActions
from roundhouse.core.marks import Marked
from roundhouse.core.packing import Packed
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.core.title import REGISTRY, OptionValue, Title
from roundhouse.core.view.board import BoardView
from roundhouse.core.view.game import PART_VERSIONS, VIEW_VERSION, GameView
from roundhouse.core.view.log import LogEntry
from roundhouse.core.view.market import MarketView
from roundhouse.core.view.observer import Observer
from roundhouse.core.view.panel import Panel
from roundhouse.core.view.private import PrivateView
from roundhouse.core.view.prompt import Prompt
from roundhouse.core.view.run import RunView
from roundhouse.core.view.table import PlayerRow, TableView
from roundhouse.core.view.tile import TileCatalogue
from roundhouse.core.view.train import TrainRoster

SNAPSHOT_EVERY = 64
"""Actions between stored snapshots: undo and history replay at most this many actions."""

KEEP_AFTER_UNDO = 8
"""Applies after an undo that keep a copy of the state they start from, so that undoing them
costs no replay (search: play a move, look, take it back).  Play that never undoes (loading,
replay, a game at the table) copies nothing; the copies kept are at most this many, and
are dropped after :data:`SNAPSHOT_EVERY` applies without an undo."""


def _copy_state(state: TitleState) -> TitleState:
    return deep_copy(state)


class _Kept:
    """A state kept by :meth:`Game.apply` to undo the move, sharing the state's
    :meth:`~roundhouse.core.state.TitleState.shared_parts` with the state in play: for each,
    the part, its version when kept, and a copy of it at that version to restore it from
    if the move (or a later one) changed it."""

    __slots__ = ("marks", "parts", "state")

    def __init__(
        self,
        state: TitleState,
        parts: tuple[tuple[Versioned, Stamp, Versioned], ...],
        marks: tuple[tuple[Marked, object], ...] = (),
    ) -> None:
        self.state = state
        self.parts = parts
        self.marks = marks
        """The state's :meth:`~roundhouse.core.state.TitleState.marked_parts`, shared with
        the state in play, each with its mark when kept."""

    def take(self, changed: bool = False) -> TitleState:
        """The kept state, its shared parts as they were when it was kept (each restored in
        place if its version moved on since, or if ``changed``: an action that raised may
        have changed a part before giving it its new version), its marked parts given their
        marks' content again."""
        for part, version, earlier in self.parts:
            if changed or part.version != version:
                part.restore(earlier)
        for marked, mark in self.marks:
            marked.rollback(mark)
        return self.state


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
        with collecting() as opening:
            self._state: TitleState = title.setup(names, self.options, Rng(seed))
        self._setup_events: tuple[Event, ...] = tuple(opening)
        """What setting the game up told the table (the first round's header, draws)."""
        self._log: list[Action] = []
        self._events: list[tuple[Event, ...]] = []
        """The events of each action of the log, by index (:mod:`roundhouse.core.event`):
        kept beside the log, never in the state, and rebuilt by replay with it."""
        self._snapshots: dict[int, TitleState | Packed[TitleState]] = {0: _copy_state(self._state)}
        """States after that many actions, packed once the game has rested (:meth:`trim`).
        They are never changed (only copied from), so clones and history copies share them."""
        self._spare: int | None = None
        """The one snapshot kept off the regular spacing: a position undone to twice in a
        row, so undo, play, undo again (a bot trying moves, a player changing their mind)
        copies it instead of replaying from the last regular snapshot."""
        self._undone_to: int | None = None
        """Where the last undo went; a second undo to the same place keeps a spare there
        (a single undo does not pay for the extra copy)."""
        self._kept: dict[int, _Kept] = {}
        """States after that many actions, copied by :meth:`apply` just before it played the
        next one, while searching (:data:`KEEP_AFTER_UNDO`): undo takes one over as the
        state in play, with no replay.  Each is this game's own (never shared with clones
        or history copies), except for the state's shared parts (the board), which it
        shares with the state in play and restores if they changed (:class:`_Kept`)."""
        self._earlier: dict[Stamp, Versioned] = {}
        """Copies of shared parts by version, for the kept states to restore them from:
        taken once per version (a search tries many moves from one position) and dropped
        with the last kept state that names their version."""
        self._marks: dict[int, tuple[object, object]] = {}
        """By ``id`` of a marked part (:meth:`~roundhouse.core.state.TitleState.marked_parts`):
        the part and its latest mark, which the next keep reuses if the part still matches
        it (search tries many moves from one position, and most leave most parts alone)."""
        self._since_undo: int | None = None
        """Applies since the last undo (None before the first, and again once
        :data:`SNAPSHOT_EVERY` applies have gone by without one, when the kept states are
        dropped: a game at the table holds no copies for long).  While it is below
        :data:`KEEP_AFTER_UNDO`, :meth:`apply` keeps the state it starts from."""
        self._legal: LegalActions | None = None

    # -- the play loop -------------------------------------------------------------------

    @property
    def acting(self) -> tuple[PlayerId, ...]:
        """The seats that must act now (several during simultaneous choices)."""
        return self._state.acting()

    def legal_actions(
        self, player: str | None = None, *, kinds: Collection[str] | None = None
    ) -> LegalActions:
        """Every legal action now, optionally only those of one seat, or of some kinds
        (``kinds={"pass"}``): then only moves of those kinds are worked out, so a caller that
        needs a pass does not pay for listing the best run of trains (a route search)."""
        state = self._state
        if self._legal is None and kinds is not None:
            wanted = frozenset(kinds)
            found = LegalActions(
                state.legal_actions_of(wanted),
                [r for r in state.legal_ranges() if r.template.kind in wanted],
                state.same_move,
                state.open_kinds(),
            )
        else:
            if self._legal is None:
                self._legal = LegalActions(
                    state.legal_actions(), state.legal_ranges(), state.same_move, state.open_kinds()
                )
            found = self._legal
            if kinds is not None:
                found = LegalActions(
                    [a for a in found if a.kind in kinds],
                    [r for r in found.ranges if r.template.kind in kinds],
                    state.same_move,
                    found.open_kinds,
                )
        if player is None:
            return found
        return found.of_player(player)

    def legal_kinds(self) -> frozenset[str]:
        """The kinds of move :meth:`legal_actions` lists now ("pass", "run_routes" …),
        without listing the costly ones."""
        if self._legal is not None:
            return frozenset(self._legal.kinds())
        return self._state.legal_kinds()

    def apply(self, action: Action | Mapping[str, object]) -> Action:
        """Play one action; raise :class:`IllegalAction` and change nothing if it is not legal.

        Accepts an :class:`Action` or its JSON form; returns the decoded action.
        """
        codec = self.title.codec
        state = self._state
        legal = self._legal
        if (
            legal is not None
            and state.trusts_its_listing
            and isinstance(action, Action)
            and legal.hands_out(action)
        ):
            decoded, listed = action, True  # a move the list just handed out: checked
        else:
            decoded, listed = codec.decode(action), False
        try:
            if state.finished:
                raise IllegalAction("the game is over", rule="game.over")
            if not listed:
                if decoded.player not in self.players:
                    raise MalformedAction(f"{decoded.player!r} is not a player in this game")
                codec.check_known(decoded, state.knows)
            acting = state.acting()
            if decoded.player not in acting:
                waiting = ", ".join(acting)
                raise IllegalAction(
                    f"it is not {decoded.player}'s turn (waiting for {waiting})",
                    rule="game.turn",
                )
            since = self._since_undo
            if since is not None and since < KEEP_AFTER_UNDO and len(self._log) not in self._kept:
                self._keep(len(self._log))
            if not listed:
                state.check(decoded)
        except IllegalAction as exc:
            raise exc.cite(self.title.rulebook.cite(exc.rule)) from None
        if since is not None:
            self._since_undo = since + 1
            if since + 1 >= SNAPSHOT_EVERY:
                self._since_undo = None  # searching is over: a live game holds no copies
                self._kept.clear()
                self._earlier.clear()
                self._marks.clear()
        try:
            with collecting() as events:
                state.execute(decoded)
        except BaseException:
            self._restore(len(self._log), changed=True)
            raise
        log = self._log
        log.append(decoded)
        self._events.append(tuple(events))
        self._legal = None
        if len(log) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(log)] = _copy_state(state)
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
            self._since_undo = 0
            kept = target in self._kept
            self._restore(target)
            if self._undone_to == target and not kept:
                self._keep_spare()
            self._undone_to = target

    def _keep(self, length: int) -> None:
        """Keep a copy of the state in play (after ``length`` actions) for :meth:`undo`,
        dropping kept states more than :data:`KEEP_AFTER_UNDO` actions back.  It is taken
        before the action is checked: the position as replaying the log rebuilds it, even
        where a faulty ``check`` writes to the state (the fuzzer's ``refusal.unchanged``
        must still see that), and a refused action leaves it in place for the next try at
        the same position.  The state's shared parts (the board) are not copied: the kept
        state holds the parts in play, with a copy of each at its version (one per version,
        in :attr:`_earlier`), and undo restores a part from it only if the part's version
        moved on (a faulty ``check`` that changed the board without a new version would not
        be taken back: board mutators always give one)."""
        kept, earlier = self._kept, self._earlier
        state = self._state
        parts = state.shared_parts()
        shared = []
        for part in parts:
            version = part.version
            was = earlier.get(version)
            if was is None:
                was = earlier[version] = deep_copy(part)
            shared.append((part, version, was))
        memo: dict[int, Any] = {id(p): p for p in parts}
        marks = []
        last = self._marks
        for marked in state.marked_parts():
            held = marked.held
            memo[id(held)] = held
            before = last.get(id(held))
            mark = marked.mark(before[1] if before is not None and before[0] is held else None)
            last[id(held)] = (held, mark)
            marks.append((marked, mark))
        kept[length] = _Kept(deep_copy(state, memo), tuple(shared), tuple(marks))
        for old in [i for i in kept if i <= length - KEEP_AFTER_UNDO]:
            del kept[old]
        if len(earlier) > len(shared):  # else each is the copy of a part kept just now
            named = {version for k in kept.values() for _, version, _ in k.parts}
            for version in [v for v in earlier if v not in named]:
                del earlier[version]

    def _restore(self, length: int, *, changed: bool = False) -> None:
        """Rebuild the state after the first ``length`` actions of the log: the state kept
        there by :meth:`apply` if there is one (its shared parts restored if ``changed`` or
        if their version moved on), else a snapshot's copy plus replay."""
        kept = self._kept
        for i in [i for i in kept if i > length]:
            del kept[i]
        taken = kept.pop(length, None)
        state = taken.take(changed) if taken is not None else None
        snapshots = self._snapshots
        base = length if state is not None else max(i for i in snapshots if i <= length)
        for i in [i for i in snapshots if i > length]:
            del snapshots[i]
        if self._spare is not None and self._spare not in snapshots:
            self._spare = None
        events = self._events
        del events[base:]
        if state is None:
            snapshot = snapshots[base]
            state = snapshot.unpack() if isinstance(snapshot, Packed) else _copy_state(snapshot)
            for action in self._log[base:length]:
                with collecting() as told:
                    state.execute(action)
                events.append(tuple(told))
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

    def trim(self) -> None:
        """Let the game rest small: the web server trims the games it keeps between the
        requests that use them (issue #16: a live game in the server takes at most 2 MB;
        an 18USA game of 1,720 actions held 7 MB, 4 MB of it values worked out for its
        latest positions and 2 MB its snapshots).  What is worked out from the position
        (reach, lay lists, route graphs) is dropped and worked out again when next asked
        for; the states kept for a search's undo are dropped; the snapshots are packed
        (:mod:`roundhouse.core.packing`, a tenth of their live size), to be unpacked when
        undo or history goes back past them.  Play goes on exactly as before: the state in
        play, the log and the answers are untouched."""
        for part in self._state.shared_parts():
            part.derived.clear()
        self._kept.clear()
        self._earlier.clear()
        self._marks.clear()
        self._since_undo = None
        self._snapshots = {
            i: s if isinstance(s, Packed) else Packed(s) for i, s in self._snapshots.items()
        }

    # -- reading the position ------------------------------------------------------------

    @property
    def log(self) -> tuple[Action, ...]:
        return tuple(self._log)

    @property
    def state(self) -> TitleState:
        """The title's state object, for title code and tests only: everything else reads the
        typed views below (the server, renderer, terminal and bots never touch it)."""
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

    @property
    def winners(self) -> tuple[PlayerId, ...] | None:
        """Who won (several share a tie) once the game is over, else None: usually the best
        score, but a title's rules may say otherwise (see
        :attr:`~roundhouse.core.state.TitleState.winners`)."""
        return self._state.winners

    # -- views (roundhouse.core.view): what everything outside core reads ----------------

    def _observer(self) -> Observer[TitleState]:
        build = self.title.observer
        return build(self._state) if build is not None else self._state.observer()

    @staticmethod
    def _seat(player: str | None) -> PlayerId | None:
        return PlayerId(player) if player is not None else None

    def board(self) -> BoardView | None:
        """The map as it stands; None for a title without one."""
        return self._observer().board()

    def tiles(self) -> TileCatalogue | None:
        """Every tile of the game and each hex's printed tile (the same all game long)."""
        return self._observer().tiles()

    def market(self) -> MarketView | None:
        """The stock market with every company's price token; None without one."""
        return self._observer().market()

    def trains(self) -> TrainRoster | None:
        """The train roster, the trains in play and the phases; None without trains."""
        return self._observer().trains()

    def privates(self) -> tuple[PrivateView, ...]:
        """The private cards: text, value, income, owner."""
        return self._observer().privates()

    def table(self, player: str | None = None) -> TableView:
        """Players x companies as ``player`` may see them (public information for None)."""
        return self._observer().table(self._seat(player))

    def standings(self, player: str | None = None) -> tuple[PlayerRow, ...]:
        """The players' rows of :meth:`table` alone (cash, shares, score, estimated worth):
        cheap enough for a bot to read after every move it tries."""
        return self._observer().standings(self._seat(player))

    def prompt(self, player: str | None = None) -> Prompt:
        """What the game waits for: round, acting seats and entity, the step in plain words."""
        return self._observer().prompt(self._seat(player))

    def panels(self, player: str | None = None) -> tuple[Panel, ...]:
        """The title's own information (18RoyalGorge's steel market, Chicago Express's gauges)."""
        return self._observer().panels(self._seat(player))

    def log_entries(self, start: int = 0) -> tuple[LogEntry, ...]:
        """The log from action ``start`` on, as table talk, each action with its events."""
        events = self._events
        told = self._observer().told
        return tuple(
            LogEntry.of(i, a, events[i], told(a))
            for i, a in enumerate(self._log[start:], start=start)
        )

    def events(self, start: int = 0) -> tuple[tuple[Event, ...], ...]:
        """What each action from ``start`` on set off (:mod:`roundhouse.core.event`): a new
        round, an auction won, payouts, price moves, phases, rusting.  Events are told beside
        the state, never part of it: replaying the log tells them again, the same."""
        return tuple(self._events[start:])

    @property
    def setup_events(self) -> tuple[Event, ...]:
        """What setting the game up told the table, before any action (the first round)."""
        return self._setup_events

    def describe(self, action: Action) -> str:
        """A legal move as its button says it now, with what it costs or pays ("Ann buys a
        10% share of RG from the initial offering for $70"); the log keeps ``str(action)``."""
        return self._observer().describe(action)

    def places(self, action: Action) -> tuple[str, ...]:
        """The hexes a legal move is made on (its ``hex``, or the hexes a title's named
        choice names), for a client to offer it on the map."""
        return self._observer().places(action)

    def step_of(self, action: Action) -> tuple[str, str]:
        """The step a legal move belongs to, by name and in words ("steel", "choose steel");
        empty strings where the title has no steps."""
        return self._observer().step_of(action)

    def route_revenue(self, entity: str, routes: Sequence[Sequence[str]]) -> int | None:
        """What ``entity``'s trains earn on ``routes`` now (route notation: a train id, then
        its stops), by the title's own route check, so a person can edit an offered run and
        play it; None for titles without train routes.  Raises :class:`IllegalAction` (rule
        cited) for routes it may not run."""
        try:
            return self._observer().route_revenue(entity, routes)
        except IllegalAction as exc:
            raise exc.cite(self.title.rulebook.cite(exc.rule)) from None

    def price_run(self, entity: str, routes: Sequence[Sequence[str]]) -> RunView | None:
        """``entity``'s routes (route notation, via hexes optional) priced by the title's own
        route check: each route in the exact notation with what it earns, and the total, to
        draw along the track and play as ``run_routes``; None for titles without train
        routes.  Raises :class:`IllegalAction` (rule cited) for routes it may not run."""
        try:
            return self._observer().price_run(entity, routes)
        except IllegalAction as exc:
            raise exc.cite(self.title.rulebook.cite(exc.rule)) from None

    def observe(self, player: str | None = None) -> GameView:
        """Every part at once, as ``player`` sees the game: see :mod:`roundhouse.core.view`."""
        observer = self._observer()
        seat = self._seat(player)
        result = self.result
        return GameView(
            view_version=VIEW_VERSION,
            parts=PART_VERSIONS,
            title=self.title.id,
            seats=self.players,
            acting=self.acting,
            action_count=len(self._log),
            finished=self.finished,
            result={str(k): v for k, v in result.items()} if result else None,
            end_reason=self.end_reason,
            winners=self.winners,
            prompt=observer.prompt(seat),
            table=observer.table(seat),
            board=observer.board(),
            market=observer.market(),
            trains=observer.trains(),
            privates=observer.privates(),
            panels=observer.panels(seat),
        )

    def view(self, player: str | None = None) -> dict[str, Json]:
        """:meth:`observe` as plain JSON: what a UI or bot needs to draw and decide."""
        return self.observe(player).to_json()

    def state_hash(self) -> str:
        """Equal states give equal hashes; used for determinism and replay checks."""
        return digest(self._state)

    def at(self, index: int) -> Game:
        """A copy of this game as it stood after its first ``index`` actions (history)."""
        if not 0 <= index <= len(self._log):
            raise IndexError(f"no position {index}; the log has {len(self._log)} actions")
        other = self._sibling(self._state, index)
        other._restore(index)
        snapshots = self._snapshots
        if index < len(self._log) and index - max(i for i in snapshots if i <= index) > 1:
            # The spare snapshot goes here: history is asked for in order (an importer
            # looks one move back after each of a turn's moves), so the next call replays
            # from this position instead of from the last regular snapshot.
            if self._spare is not None:
                del snapshots[self._spare]
            snapshots[index] = _copy_state(other._state)
            self._spare = index
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
        other._setup_events = self._setup_events
        other._events = self._events[:length]
        other._snapshots = {i: s for i, s in self._snapshots.items() if i <= length}
        other._spare = self._spare if self._spare in other._snapshots else None
        other._undone_to = None
        other._kept = {}
        other._earlier = {}
        other._marks = {}
        other._since_undo = None
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
