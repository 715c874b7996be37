"""Finding the step that takes an action (``Round.step_for``) asks only the steps that
matter: the blocking steps in front of it (any of them, when active, stops the turn there)
and the steps that take the action.  A non-blocking step that does not take it (buying a
private "at any time during a company's operating turn", 18RoyalGorge "Operating Rounds")
is not asked whether it is active (issue #15: one lay asked every step in front of the
track step)."""

from __future__ import annotations

from typing import Any

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany, LayTile
from roundhouse.core.flow.round import ForwardTurn, Round
from roundhouse.core.flow.step import Step

LAY = LayTile(player="Ann", entity="AA", hex="B4", tile="8", rotation=0)


class AnyTime(Step[Any]):
    """A non-blocking step of another kind: asking it whether it is active is a mistake."""

    kinds = frozenset({"buy_company"})
    blocking = False
    name = "any_time"

    def active(self, g: Any, entity: str) -> bool:
        raise AssertionError("the non-blocking step was asked")


class Track(Step[Any]):
    kinds = frozenset({"lay_tile"})
    name = "track"

    def __init__(self, open_: bool = True) -> None:
        self.open = open_

    def active(self, g: Any, entity: str) -> bool:
        return self.open


class Acting(Round[Any]):
    kind = "OR"

    def entities_acting(self, g: Any) -> tuple[str, ...]:
        return ("AA",)


class ForwardActing(ForwardTurn[Any]):
    kind = "OR"

    def entities_acting(self, g: Any) -> tuple[str, ...]:
        return ("AA",)


@pytest.mark.parametrize("round_type", [Acting, ForwardActing])
def test_a_lay_finds_the_track_step_without_asking_the_any_time_step(
    round_type: type[Round[Any]],
) -> None:
    track = Track()
    rnd = round_type([AnyTime(), track])
    assert rnd.step_for(None, LAY) == (track, "AA")


def test_a_closed_track_step_still_refuses_the_lay_by_the_steps_on_offer() -> None:
    """The refusal names what is on offer, so there every step is asked."""

    class Offered(AnyTime):
        def active(self, g: Any, entity: str) -> bool:
            return True

    rnd = Acting([Offered(), Track(open_=False)])
    with pytest.raises(IllegalAction, match=r"cannot lay tile now \(possible: buy_company\)"):
        rnd.step_for(None, LAY)


def test_the_any_time_step_is_still_found_for_its_own_action() -> None:
    class Offered(AnyTime):
        def active(self, g: Any, entity: str) -> bool:
            return True

    step = Offered()
    buy: Action = BuyCompany(player="Ann", entity="AA", company="B1", price=20)
    assert Acting([step, Track()]).step_for(None, buy) == (step, "AA")
