"""Deliberately broken variants of the toy title, one bug each, for testing the fuzz harness.

Each variant breaks exactly one promise the harness checks.  They are registered only inside
:func:`registered`, so the title-generic tests never see them.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator, Mapping, Sequence

from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.core.title import (
    REGISTRY,
    OptionSpec,
    OptionValue,
    Title,
    normalise_title_id,
)
from tests.toy_title import TITLE as TOY
from tests.toy_title import Take, ToyState


class Counted(ToyState):
    """The toy game plus a move counter and a two-purse money supply that takes are paid from."""

    def __init__(self, players: tuple[PlayerId, ...], pile: int, rng: Rng) -> None:
        super().__init__(players, pile, rng)
        self.moves = 0
        self.bank = 100
        self.purse = 0

    def execute(self, action: Action) -> None:
        super().execute(action)
        assert isinstance(action, Take)
        self.moves += 1
        self.bank -= action.count
        self.purse += action.count

    def conserved_money(self) -> int | None:
        return self.bank + self.purse


class Leaky(Counted):
    """Taking three counters mints a dollar: money is not conserved."""

    def execute(self, action: Action) -> None:
        super().execute(action)
        assert isinstance(action, Take)
        if action.count == 3:
            self.purse += 1


class Meddling(Counted):
    """``check()`` writes to the state before refusing: a refused move changes the game."""

    def check(self, action: Action) -> None:
        self.bank -= 1
        self.purse += 1
        super().check(action)


class Overlisting(Counted):
    """Lists taking four, which ``check()`` refuses."""

    def legal_actions(self) -> Sequence[Action]:
        listed = list(super().legal_actions())
        if listed and self.pile >= 4:
            listed.append(Take(player=listed[0].player, count=4))
        return listed


class Trusting(Counted):
    """Lists taking four first, which ``check()`` refuses, and lets ``apply`` trust its
    listing (:attr:`~roundhouse.core.state.TitleState.trusts_its_listing`): the list's own
    object is taken unchecked, so only asking ``check()`` itself finds the bad move."""

    trusts_its_listing = True

    def legal_actions(self) -> Sequence[Action]:
        listed = list(super().legal_actions())
        if listed and self.pile >= 4:
            listed.insert(0, Take(player=listed[0].player, count=4))
        return listed


class Underlisting(Counted):
    """Lists only taking one, although taking two or three is accepted."""

    def legal_actions(self) -> Sequence[Action]:
        return list(super().legal_actions())[:1]


class Wide(Counted):
    """Takes up to twenty are listed, but twenty-one is accepted too (deep in a long list)."""

    def legal_actions(self) -> Sequence[Action]:
        if self.finished:
            return []
        seat = self.players[self.turn]
        return [Take(player=seat, count=n) for n in range(1, min(20, self.pile) + 1)]

    def check(self, action: Action) -> None:
        assert isinstance(action, Take)
        if not 1 <= action.count <= min(21, self.pile):
            raise IllegalAction(f"cannot take {action.count}", rule="take.count")


class Endless(Counted):
    """The pile refills when emptied, so the game never ends."""

    def execute(self, action: Action) -> None:
        super().execute(action)
        if self.pile == 0:
            self.pile = 5
            self.winner = None


class Crashing(Counted):
    """Taking the pile below three crashes with a KeyError."""

    def execute(self, action: Action) -> None:
        assert isinstance(action, Take)
        if self.pile - action.count < 3:
            raise KeyError("pile")
        super().execute(action)


class Unwritten(Counted):
    """Taking the pile below three is a rule the title declares not written yet."""

    def execute(self, action: Action) -> None:
        assert isinstance(action, Take)
        if self.pile - action.count < 3:
            raise NotImplementedError("Toy Nim §3: the endgame is not written yet")
        super().execute(action)


class Stuck(Counted):
    """With exactly two counters left nobody may move, yet the game is not over."""

    def legal_actions(self) -> Sequence[Action]:
        return [] if self.pile == 2 else super().legal_actions()


class Uneven(Counted):
    """Reports a broken title invariant once seven counters are left."""

    def invariant_violations(self) -> list[str]:
        return ["seven counters left"] if self.pile == 7 else []


class LateView(Counted):
    """From the tenth move on, the view holds a set, which is not JSON.

    Only the sampled checks look at views, so the fuzz runner finds this late and shrinking
    must find the tenth move.
    """

    def view(self, player: PlayerId | None) -> dict[str, Json]:
        view = super().view(player)
        if self.moves >= 10:
            view["odd"] = {1, 2}  # type: ignore[dict-item]
        return view


_setups = 0


class Forgetful(Counted):
    """Set-up depends on how many games were set up before: replaying gives another game."""


def _setup_for(cls: type[Counted]) -> object:
    def setup(
        players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
    ) -> TitleState:
        global _setups
        pile = int(options["pile"]) + rng.below(5)
        if cls is Forgetful:
            _setups += 1
            pile += _setups
        return cls(players, pile, rng)

    return setup


def _title(cls: type[Counted]) -> Title:
    return dataclasses.replace(
        TOY,
        id=f"Broken{cls.__name__}",
        name=f"Toy Nim, broken: {cls.__doc__}",
        setup=_setup_for(cls),  # type: ignore[arg-type]
        options=(OptionSpec(name="pile", label="Pile", default=40, description="Base pile size."),),
    )


BROKEN: dict[str, Title] = {
    cls.__name__: _title(cls)
    for cls in (
        Leaky,
        Meddling,
        Overlisting,
        Trusting,
        Underlisting,
        Wide,
        Endless,
        Crashing,
        Stuck,
        Uneven,
        LateView,
        Forgetful,
    )
}
HEALTHY = _title(Counted)
"""The counted toy game with no bug, as a control."""
UNWRITTEN = _title(Unwritten)
"""A title that stops at a rule it declares unwritten (no bug)."""


@contextlib.contextmanager
def registered(title: Title) -> Iterator[str]:
    """Register ``title`` for the duration of a test and remove it afterwards.

    The registry has no public way to unregister, so this edits its tables; test-only.
    """
    key = normalise_title_id(title.id)
    REGISTRY.register(title.id, f"{__name__}:unused")
    REGISTRY._loaded[key] = title
    try:
        yield title.id
    finally:
        for table in (REGISTRY._where, REGISTRY._ids, REGISTRY._loaded):
            table.pop(key, None)
        REGISTRY._order.remove(key)
