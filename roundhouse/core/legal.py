"""The list of legal actions as a view object, as python-chess's ``LegalMoveGenerator``.

It is a sequence (index it, iterate it, ``len`` it), ``action in legal`` is the legality test,
and its repr lists the moves in table talk.

Where an amount may be any whole number in a span (an agreed price between companies), the
list holds representative amounts and an :class:`AmountRange` documents the whole span with
its step (DESIGN: amounts are "enumerated or given as ranges with a documented step");
``in`` accepts every amount of the span.  Where several spellings are one move (a symmetric
tile laid at either of two rotations that lay the same track), the list names one and ``in``
accepts the others too (:meth:`~roundhouse.core.state.TitleState.same_move`).  For a few kinds
the list only suggests (:attr:`LegalActions.open_kinds`: a run of trains, where the player may
name any routes the rules accept, and the list offers the best run).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import overload

from roundhouse.core.actions import Action


@dataclasses.dataclass(frozen=True, slots=True)
class AmountRange:
    """Every ``template`` with ``field`` set to ``low``, ``low + step``, … up to ``high``."""

    template: Action
    field: str
    low: int
    high: int
    step: int = 1

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.template):
            return False
        value = getattr(action, self.field)
        if not isinstance(value, int) or not self.low <= value <= self.high:
            return False
        if (value - self.low) % self.step:
            return False
        return dataclasses.replace(action, **{self.field: getattr(self.template, self.field)}) == (
            self.template
        )

    def __str__(self) -> str:
        return f"{self.template} with {self.field} {self.low}–{self.high} (step {self.step})"


def of_kinds(actions: Sequence[Action], kinds: Collection[str] | None) -> list[Action]:
    """``actions`` of ``kinds`` only (all of them for None): a round listing moves of its
    own answers a query for some kinds (:meth:`~roundhouse.core.flow.round.Round.legal_actions`)
    with it."""
    if kinds is None:
        return list(actions)
    return [a for a in actions if a.kind in kinds]


def kinds_of(actions: Sequence[Action]) -> frozenset[str]:
    """The kinds of ``actions``."""
    return frozenset(a.kind for a in actions)


_PLAYER = operator.attrgetter("player")


class LegalActions(Sequence[Action]):
    __slots__ = ("_ids", "_items", "_kinds", "_same", "_set", "open_kinds", "ranges")

    def __init__(
        self,
        items: Sequence[Action],
        ranges: Sequence[AmountRange] = (),
        same: Callable[[Action], Action] | None = None,
        open_kinds: frozenset[str] = frozenset(),
    ) -> None:
        self._items = tuple(items)
        self._set: frozenset[Action] | None = None
        self._ids: frozenset[int] | None = None
        """The identities of the listed objects (worked out on first use)."""
        self._kinds: dict[str, list[Action]] | None = None
        """The listed actions by kind, kinds in first-seen order (worked out on first use:
        a random player asks for the kinds, then the moves of one)."""
        self.ranges = tuple(ranges)
        """Spans of amounts that are legal beyond the listed representatives."""
        self._same = same
        """The listed spelling of a move that has several (None: every move has one)."""
        self.open_kinds = open_kinds
        """Action kinds the list only suggests: another move of such a kind may be legal
        (``apply`` decides), e.g. ``run_routes`` with routes the player names."""

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._items)

    def __contains__(self, action: object) -> bool:
        if self._set is None:
            self._set = frozenset(self._items)
        if action in self._set or any(action in r for r in self.ranges):
            return True
        if self._same is None or not isinstance(action, Action):
            return False
        spelled = self._same(action)
        return spelled is not action and spelled in self

    def _by_kind(self) -> dict[str, list[Action]]:
        groups = self._kinds
        if groups is None:
            groups = self._kinds = {}
            for action in self._items:
                kind = action.kind
                if kind in groups:
                    groups[kind].append(action)
                else:
                    groups[kind] = [action]
        return groups

    def hands_out(self, action: object) -> bool:
        """Whether ``action`` is one of the listed objects itself (not an equal copy): a
        move this list handed out (:attr:`TitleState.trusts_its_listing
        <roundhouse.core.state.TitleState.trusts_its_listing>`)."""
        ids = self._ids
        if ids is None:
            ids = self._ids = frozenset(map(id, self._items))
        return id(action) in ids

    def of_player(self, player: str) -> LegalActions:
        """The moves of one seat: this list itself when every move is theirs (one seat
        acting, as nearly always)."""
        if set(map(_PLAYER, self._items)) <= {player} and (
            not self.ranges or all(r.template.player == player for r in self.ranges)
        ):
            return self
        return LegalActions(
            [a for a in self._items if a.player == player],
            [r for r in self.ranges if r.template.player == player],
            self._same,
            self.open_kinds,
        )

    def kinds(self) -> list[str]:
        """The distinct action kinds on offer, in first-seen order."""
        return list(self._by_kind())

    def of_kind(self, kind: str) -> list[Action]:
        return list(self._by_kind().get(kind, ()))

    def __repr__(self) -> str:
        return f"<LegalActions ({len(self._items)}): {', '.join(map(str, self._items[:20]))}" + (
            ", …>" if len(self._items) > 20 else ">"
        )
