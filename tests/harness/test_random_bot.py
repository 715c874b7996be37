"""The random bot: legal, reproducible, and fair between kinds of action."""

from __future__ import annotations

import collections
import dataclasses
from typing import ClassVar

import roundhouse
from roundhouse.bots import RandomBot, draw
from roundhouse.core.actions import Action
from roundhouse.core.legal import LegalActions
from roundhouse.core.rng import Rng
from tests import toy_title  # noqa: F401  (registers "Toy")


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"


class Auction:
    """Stands in for a game: one pass and a hundred bids on offer."""

    def legal_actions(self, player: str | None = None) -> LegalActions:
        bids: list[Action] = [Bid(player="Ann", amount=n) for n in range(100)]  # type: ignore[arg-type]
        return LegalActions([*bids, Pass(player="Ann")])  # type: ignore[arg-type]


def test_random_bot_picks_each_kind_about_equally() -> None:
    bot = RandomBot(seed=5)
    kinds = collections.Counter(bot.choose(Auction(), "Ann").kind for _ in range(2000))  # type: ignore[arg-type]
    assert 900 < kinds["pass"] < 1100


def test_random_bot_plays_legal_moves_and_is_reproducible() -> None:
    logs = []
    for _ in range(2):
        game = roundhouse.new_game("Toy", ["a", "b", "c"], seed=9, options={"pile": 60})
        bots = {p: RandomBot(seed=i) for i, p in enumerate(game.players)}
        while not game.finished:
            seat = game.acting[0]
            move = bots[seat].choose(game, seat)
            assert move in game.legal_actions()
            game.apply(move)
        logs.append(game.log)
    assert logs[0] == logs[1] and len({a.count for a in logs[0]}) > 1  # type: ignore[attr-defined]


def test_random_bot_draw_does_not_alternate() -> None:
    """The LCG's lowest bit alternates; draws from the high bits must not."""
    rng = Rng(1)
    flips = [draw(rng, 2) for _ in range(64)]
    assert flips != [flips[0], 1 - flips[0]] * 32
    assert 20 < sum(flips) < 44
