"""A pass is checked without listing every purchase only where the step lists it as core does.

The stock step and the train step take a pass without listing every purchase (hundreds of
agreed prices).  A title's step that lists its own actions may list no pass; it is then
checked against its list, unless its class says it lists the pass as core does
(``lists_pass_as_core``).
"""

from __future__ import annotations

import dataclasses

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from tests.core.flow.synthetic import DATA, act, make_title


class MustBuyFirst(StockStep[Engine]):
    """A made-up rule: a player holding no share may not pass."""

    def actions(self, g: Engine, entity: str) -> list[Action]:
        out = super().actions(g, entity)
        if any(book.shares_of(entity) for book in g.books.values()):
            return out
        return [a for a in out if not isinstance(a, Pass)]


class SaysItLists(MustBuyFirst):
    lists_pass_as_core = True


class MustBuyFirstRules(Hooks[Engine]):
    def stock_round(self, g: Engine) -> Round[Engine]:
        return StockRound([MustBuyFirst()])


def test_a_stock_step_listing_no_pass_refuses_one() -> None:
    """The pass is checked against the title's own list when the step lists actions."""
    data = dataclasses.replace(DATA, privates=())
    g = Game(make_title(data=data, hooks=MustBuyFirstRules()), ["Ann", "Bob"], seed=0)
    assert not [a for a in g.legal_actions() if a.kind == "pass"]
    with pytest.raises(IllegalAction):
        act(g, "pass", "Ann")


def test_listing_actions_of_its_own_clears_the_shortcut_unless_the_class_says_so() -> None:
    class OnlyChecks(StockStep[Engine]):
        def check(self, g: Engine, entity: str, action: Action) -> None:
            super().check(g, entity, action)

    class OwnTrainList(BuyTrainStep[Engine]):
        def actions(self, g: Engine, entity: str) -> list[Action]:
            return []

    assert StockStep.lists_pass_as_core and BuyTrainStep.lists_pass_as_core
    assert not MustBuyFirst.lists_pass_as_core
    assert SaysItLists.lists_pass_as_core
    assert OnlyChecks.lists_pass_as_core
    assert not OwnTrainList.lists_pass_as_core
