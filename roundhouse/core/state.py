"""The mutable half of a game: a title's state and the rules that move it.

A title subclasses :class:`TitleState`.  The :class:`~roundhouse.core.game.Game` wrapper does
everything titles share (decoding, seat checks, citations, the log, undo, snapshots, hashing),
so a title only answers: who acts, what may they do, is this move legal, and what does it do.
The contract that keeps "illegal moves leave the state unchanged" true is that :meth:`check`
never mutates and :meth:`execute` is only called after :meth:`check` passed.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from typing import ClassVar

from roundhouse.core.actions import Action, Json
from roundhouse.core.derived import Versioned
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import emit
from roundhouse.core.ids import PlayerId
from roundhouse.core.legal import AmountRange
from roundhouse.core.marks import Marked
from roundhouse.core.rng import Rng
from roundhouse.core.view.observer import Observer


class TitleState(ABC):
    """State of one game of one title; subclasses add their own fields."""

    rng: Rng
    players: tuple[PlayerId, ...]

    trusts_its_listing: ClassVar[bool] = False
    """Whether :meth:`Game.apply <roundhouse.core.game.Game.apply>` takes a move that is one
    of the very objects the game's current :meth:`legal_actions` list handed out without
    asking :meth:`check` (nor re-reading its fields): true for a title whose listing applies
    the rules :meth:`check` applies, so that every listed move passes it (the fuzzer's
    ``legal.listed_refused`` asks :meth:`check` of listed moves directly).  Any other
    action, an equal copy or one read from JSON included, is checked in full."""

    @abstractmethod
    def acting(self) -> tuple[PlayerId, ...]:
        """The seats that must act now; empty once the game is over."""

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of every acting seat, concretely."""

    def legal_actions_of(self, kinds: Collection[str]) -> Sequence[Action]:
        """The legal actions of ``kinds`` only, for a caller that needs some kinds of move and
        not the others.  By default :meth:`legal_actions` filtered; a title whose listing has
        a costly part (the best run of trains is a search) leaves it out when not asked."""
        return [a for a in self.legal_actions() if a.kind in kinds]

    def legal_kinds(self) -> frozenset[str]:
        """The kinds of the actions :meth:`legal_actions` lists now.  By default read from the
        list; a title answers without listing what is costly to list."""
        return frozenset(a.kind for a in self.legal_actions())

    def legal_ranges(self) -> Sequence[AmountRange]:
        """Spans of amounts legal beyond the representatives :meth:`legal_actions` lists
        (agreed prices); each listed action of such a kind lies inside one span."""
        return ()

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` (with a rule key) if ``action`` is not legal now.

        The default tests membership in :meth:`legal_actions`; titles override it to say *why*.
        """
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not a legal move now")

    def same_move(self, action: Action) -> Action:
        """The spelling :meth:`legal_actions` lists for ``action`` when one move has several
        (a symmetric tile at either of two rotations that lay the same track); ``action``
        itself by default.  ``action in game.legal_actions()`` accepts every spelling."""
        return action

    def open_kinds(self) -> frozenset[str]:
        """Action kinds :meth:`legal_actions` only suggests: a move of such a kind that is not
        listed may still pass :meth:`check` (a run of routes the player names).  None by
        default: the list is every legal move."""
        return frozenset()

    def knows(self, kind: str, name: str) -> bool:
        """Whether the game has a ``kind`` called ``name`` ("company", "hex", "tile" ...: the
        :class:`~roundhouse.core.actions.Known` fields of the title's actions).  The game
        refuses an action naming an unknown one before :meth:`check` sees it.  The default
        knows everything; titles answer for the kinds their actions name."""
        return True

    @abstractmethod
    def execute(self, action: Action) -> None:
        """Carry out a checked action, including everything it sets off (phases, game end)."""

    def shared_parts(self) -> Sequence[Versioned]:
        """Parts of this state that undo may share instead of copying: each is reached from
        the state only through itself (nothing else in the state holds what is inside it),
        gives itself a new version on every change, and can take back an earlier content in
        place (:class:`~roundhouse.core.derived.Versioned`).  The state :meth:`Game.apply
        <roundhouse.core.game.Game.apply>` keeps to undo the move holds the very part in
        play, which an undo restores from a copy only if the move changed it.  None by
        default."""
        return ()

    def marked_parts(self) -> Sequence[Marked]:
        """Parts of this state that undo may share and keep a mark of instead of copying
        (:mod:`roundhouse.core.marks`): plain records of scalars whose whole content a mark
        holds, reached from the state only through the part.  The state :meth:`Game.apply
        <roundhouse.core.game.Game.apply>` keeps holds the very part in play, and undo writes
        back what differs from the mark.  None by default."""
        return ()

    def emit(self, kind: str, text: str, /, **data: object) -> None:
        """Tell the narrated log what just happened (:mod:`roundhouse.core.event`): a round
        begins, a company pays out, a price moves.  The event goes to the sink of the action
        being carried out, outside the state: emitting never changes the state or its hash."""
        emit(kind, text, **data)

    def view(self, player: PlayerId | None) -> dict[str, Json]:
        """The title's own plain data that its observer's typed parts do not cover; the
        default observer shows it as panels.  ``player`` hides what that seat cannot see."""
        return {}

    def observer(self) -> Observer[TitleState]:
        """What builds the typed parts of this state's view (:mod:`roundhouse.core.view`)
        when the title names none (:attr:`~roundhouse.core.title.Title.observer`, where a
        title puts its own :class:`~roundhouse.core.view.observer.Observer` subclass)."""
        return Observer(self)

    @property
    @abstractmethod
    def finished(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> dict[PlayerId, int] | None:
        """Final scores (net worth) once finished, else None."""

    @property
    @abstractmethod
    def end_reason(self) -> str | None: ...

    @property
    def winners(self) -> tuple[PlayerId, ...] | None:
        """Who won once finished (several share a tie), else None: by default the best final
        score; a title whose rules name the winner otherwise says so here (18US §8, 18West
        §9, 18USA §16: when all players but one have gone bankrupt, the one left wins,
        whatever the scores)."""
        result = self.result
        if result is None:
            return None
        best = max(result.values(), default=0)
        return tuple(p for p in self.players if result.get(p) == best)

    def conserved_money(self) -> int | None:
        """A sum of money that no action may change, for the conservation invariant.

        With a finite bank: bank + players + companies.  With an unlimited bank: players +
        companies minus what the bank has paid out plus what it has been paid.  None if the
        title does not track money.
        """
        return None

    def invariant_violations(self) -> list[str]:
        """The title's own invariants that do not hold now (shares add up, limits kept).

        The fuzz harness and the random-game tests call this after every action; an empty
        list means all is well.
        """
        return []

    def heuristic_value(self, player: PlayerId) -> float:
        """A rough worth of the position to ``player`` (higher is better), for heuristic bots.

        Titles override it with their own estimate; the default is the final score once the
        game is over and 0 before, which makes a greedy bot no better than a random one.
        """
        result = self.result
        return float(result[player]) if result is not None else 0.0

    def label(self) -> str:
        """Where the game stands, for ``repr``: "round 2" or "OR 2.1"."""
        return ""
