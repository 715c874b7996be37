"""An engine for testing 18USA's private abilities on the real board: the corporate test
title of tests/g18usa/corporate.py with the 30 privates, 18USA's map (red areas drawn), the
title's upgrade rules and a short roster of 18USA trains and phases (§8, §12.6 train roster:
2 $100 rusted by the 4; 3 $250 rusted by the 6; 4 $400; 5 $600; 6 $750).

Made up only in what it leaves out (2+/3+/4+ trains, 7 and 8, exports, metropolises): every
number it has is the rulebook's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.step import Step
from roundhouse.core.ids import PlayerId
from roundhouse.core.phases import Phase
from roundhouse.core.rng import Rng
from roundhouse.core.routes.adapter import GraphOptions
from roundhouse.core.routes.kinds import n_train
from roundhouse.core.routes.revenue import RevenueRules
from roundhouse.core.trains import TrainType
from roundhouse.titles.g18usa.board import board
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.privates import private_specs
from roundhouse.titles.g18usa.tiles import upgrade_rules
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks

ANN, BOB, CY = PlayerId("Ann"), PlayerId("Bob"), PlayerId("Cy")

RED = {
    "Florida": (20, 30, 40, 50),
    "Mexico": (20, 30, 50, 60),
    "Montreal": (30, 40, 50, 60),
    "Port of New Orleans": (20, 40, 50, 80),
    "San Francisco": (30, 50, 60, 80),
    "Seattle": (20, 30, 60, 90),
    "Winnipeg": (40, 50, 40, 40),
}
"""A red-area draw from the rulebook's tokens (appendix "Red Area Markers")."""

TRAINS = (
    TrainType(name="2", price=100, count=None, rusts_on="4"),
    TrainType(name="3", price=250, count=12, rusts_on="6"),
    TrainType(name="4", price=400, count=7),
    TrainType(name="5", price=600, count=5),
    TrainType(name="6", price=750, count=4),
    TrainType(name="P", price=200, count=None, available_on="5", car=True, scrap_value=50),
)

PHASES = (
    Phase(name="2", train_limit={"": 4}, par_zones=frozenset({"par"})),
    Phase(name="3", on="3", tiles=("yellow", "green"), train_limit={"": 4}),
    Phase(name="4", on="4", tiles=("yellow", "green"), train_limit={"": 3}),
    Phase(name="5", on="5", tiles=("yellow", "green", "brown"), train_limit={"": 3}),
    Phase(name="6", on="6", tiles=("yellow", "green", "brown"), train_limit={"": 2}),
)

KINDS = {name: n_train(int(name)) for name in ("2", "3", "4", "5", "6")}


class PrivateHooks(CorporateHooks):
    """The corporate title's operating turn with the privates' steps first (they are offered
    beside the turn's current step)."""

    def __init__(
        self, steps: Callable[[], Sequence[Step]] = tuple, track: Callable[[], Step] | None = None
    ) -> None:
        self.steps = steps
        self.track = track

    def operating_steps(self, g: Engine) -> Sequence[Step]:
        turn = list(super().operating_steps(g))
        if self.track is not None:
            turn = [self.track() if type(s) is TrackStep else s for s in turn]
        return [*self.steps(), *turn]


def usa_engine(
    *,
    lay_rules: Sequence[LayRule] = (),
    revenue: RevenueRules | None = None,
    options: GraphOptions | None = None,
    board_map: type[BoardMap] = BoardMap,
    steps: Callable[[], Sequence[Step]] = tuple,
    track: Callable[[], Step] | None = None,
    hooks: type[PrivateHooks] | None = None,
) -> FamilyEngine:
    """Three players, every private in the bank, nothing started; ``steps`` makes the
    privates' steps for each operating round."""
    data = dataclasses.replace(DATA_C, privates=private_specs(), trains=TRAINS, phases=PHASES)
    extra: dict[str, object] = {}
    if revenue is not None:
        extra["revenue"] = revenue
    if options is not None:
        extra["options"] = options
    bm = board_map(
        board(RED),
        kinds=KINDS,
        upgrades=upgrade_rules(),
        lay_rules=lay_rules,
        one_lay_per_hex=True,
        **extra,  # type: ignore[arg-type]
    )
    return FamilyEngine(
        [ANN, BOB, CY],
        Rng(1),
        data=data,
        config=CONFIG_C,
        hooks=(hooks or PrivateHooks)(steps, track),
        board=bm,
    )


def company(g: Engine, corp: str, home: str, *, cash: int = 500, city: str = "c") -> None:
    """Ann starts ``corp`` with its station in ``home`` and ``cash`` in its treasury."""
    g.start_company(ANN, corp, 80)
    assert isinstance(g.map, BoardMap)
    g.map.board.place_token(home, city, corp)
    g.corps[corp].tokens_placed += 1
    g.ledger.transfer_all(corp, BANK)
    g.ledger.transfer(BANK, corp, cash)


def give(g: Engine, private_id: str, owner: str) -> None:
    """``owner`` holds the private (bought from the bank at face value elsewhere)."""
    g.privates[private_id].owner = owner


def board_map(g: Engine) -> BoardMap:
    assert isinstance(g.map, BoardMap)
    return g.map


def lay(g: Engine, corp: str, hex_name: str, tile: str, rotation: int) -> None:
    """``corp`` makes a listed lay (paying nothing: the tests count money themselves)."""
    bm = board_map(g)
    bm.lay_tile(g, corp, bm.find_lay(g, corp, (hex_name, tile, rotation)))


def operating(g: Engine) -> None:
    """Start an operating round (the first started company acts)."""
    g.round = g.hooks.operating_round(g)
    g.round.start(g)


def apply(g: Engine, action: Action) -> None:
    """Check and carry out a move the way :meth:`Game.apply` does."""
    g.check(action)
    g.execute(action)
