"""A tiny title used only to test the kernel without any real game's rules.

Players take turns removing 1–3 counters from a pile (bids 1..3); whoever takes the last
counter scores 1.  A "shuffle" at set-up draws the pile size from the game's RNG.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar

from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.core.title import REGISTRY, OptionSpec, OptionValue, Rulebook, Title


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    count: int


class ToyState(TitleState):
    def __init__(self, players: tuple[PlayerId, ...], pile: int, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.pile = pile
        self.turn = 0
        self.winner: PlayerId | None = None

    def acting(self) -> tuple[PlayerId, ...]:
        return () if self.finished else (self.players[self.turn],)

    def legal_actions(self) -> Sequence[Action]:
        if self.finished:
            return []
        p = self.players[self.turn]
        return [Take(player=p, count=n) for n in range(1, min(3, self.pile) + 1)]

    def check(self, action: Action) -> None:
        assert isinstance(action, Take)
        if not 1 <= action.count <= min(3, self.pile):
            raise IllegalAction(f"cannot take {action.count}", rule="take.count")

    def execute(self, action: Action) -> None:
        assert isinstance(action, Take)
        self.pile -= action.count
        if self.pile == 0:
            self.winner = action.player
        self.turn = (self.turn + 1) % len(self.players)

    def view(self, player: PlayerId | None) -> dict[str, Json]:
        return {"pile": self.pile}

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def result(self) -> dict[PlayerId, int] | None:
        if self.winner is None:
            return None
        return {p: int(p == self.winner) for p in self.players}

    @property
    def end_reason(self) -> str | None:
        return "pile_empty" if self.finished else None


def _setup(players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng) -> ToyState:
    pile = int(options["pile"]) + rng.below(5)
    return ToyState(players, pile, rng)


TITLE = Title(
    id="Toy",
    name="Toy Nim",
    players=range(2, 4),
    options=(OptionSpec(name="pile", label="Pile", default=10, description="Base pile size."),),
    rulebook=Rulebook(name="Toy", edition="1", sections={"take.count": "§1"}),
    actions=(Take,),
    setup=_setup,
)
REGISTRY.register("Toy", "tests.toy_title:TITLE")
