"""The synthetic 18xx title extended with the 1817 family's corporate finance: loans,
shorts, conversions, mergers and company sales (18USA §9, §11.2, §14) - made up, for
testing the family's machinery (roundhouse.titles.g18usa.family1817) only.

Companies AA and BB have 2 shares, CC and DD 5; a Pullman car follows the trains; the
market has a liquidation cell ($5) and two acquisition cells ($10, $20) on the left; loans
are $100 from four rows of five cubes at $5/$10/$15/$20; companies own at most eight
station tokens, bought on conversion at $50 each (18USA §14.1.1, §14.3).  Rounds: stock, then each
operating round is followed by an M&A round.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.config import BankruptPresidency, BankruptPrivates, CertLimitPlayers
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import CorporationSpec
from roundhouse.core.flow.actions import ACTIONS
from roundhouse.core.flow.map_steps import RouteList
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import MarketGrid
from roundhouse.core.rng import Rng
from roundhouse.core.shares import ShareRules
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.core.trains import TrainType
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.titles.g18usa.family1817.actions import CORPORATE_ACTIONS
from roundhouse.titles.g18usa.family1817.car_step import CarPurchaseStep, ScrapCarStep
from roundhouse.titles.g18usa.family1817.company_start import StartRules
from roundhouse.titles.g18usa.family1817.config import FamilyConfig
from roundhouse.titles.g18usa.family1817.corporate_round import CorporateOperatingRound
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.hooks import FamilyHooks
from roundhouse.titles.g18usa.family1817.loan import LoanRules
from roundhouse.titles.g18usa.family1817.loan_step import InterestStep, LoanStep, RepayStep
from roundhouse.titles.g18usa.family1817.short import ShortRules
from roundhouse.titles.g18usa.family1817.short_sale import CorporateStockRound, CorporateStockStep
from roundhouse.titles.g18usa.family1817.takeover import TakeoverRules
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.core.flow.synthetic import CONFIG, DATA, StubMap

MARKET = MarketGrid.parse(
    ["5q 10a 20a 30 40 50 60p 70p 80p 90 100 110 120 135 150 165 180 200 220 240 260 300e"]
)

CORPORATIONS = (
    CorporationSpec(id="AA", size=2, float_shares=2, tokens=(0, 40)),
    CorporationSpec(id="BB", size=2, float_shares=2, tokens=(0, 40)),
    CorporationSpec(id="CC", size=5, float_shares=2, tokens=(0, 40)),
    CorporationSpec(id="DD", size=5, float_shares=2, tokens=(0, 40)),
)

PULLMAN = TrainType(name="P", price=200, count=None, available_on="3", car=True, scrap_value=50)
"""18USA §12.7's Pullman car ($200, scrapped for $50), released here by the first 3-train
(18USA: Phase 5)."""

DATA_C = dataclasses.replace(
    DATA, market=MARKET, corporations=CORPORATIONS, privates=(), trains=(*DATA.trains, PULLMAN)
)

CONFIG_C = FamilyConfig.extending(
    CONFIG,
    share_rules=ShareRules(
        pool_limit_pct=None,
        holding_limit_shares={2: 2, 5: 3, 10: 6},
        unsellable_sizes=frozenset({2}),
        no_trade_zones=frozenset({"liquidation", "acquisition"}),
    ),
    loans=LoanRules(rows=((5, 5), (10, 5), (15, 5), (20, 5))),
    shorts=ShortRules(enabled=True),
    takeover=TakeoverRules(
        sizes=(2, 5, 10),
        token_cost={5: 50, 10: 100},
        conversion_tokens={5: 1, 10: 2},
        max_tokens=8,
        no_train_liquidation=True,
    ),
    pool_cert_drop_barrier=frozenset({"liquidation"}),
    cert_limit_players=CertLimitPlayers.SOLVENT,
    bankrupt_privates=BankruptPrivates.OPEN_MARKET,
    bankrupt_presidency=BankruptPresidency.OPEN_MARKET,
)


class CarStubMap(StubMap):
    """The stub board where cars do not run: a Pullman car adds $20 per city to the
    company's longest train (18USA §12.4, §12.7)."""

    def runs(self, g: Engine, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        trains = g.depot.running(corp_id)
        routes = tuple((t.id,) for t in trains)
        return [(routes, self.check_run(g, corp_id, routes))]

    def check_run(self, g: Engine, corp_id: str, routes: RouteList) -> int:
        cities = [int(g.depot.train(r[0]).variant[0]) for r in routes]
        has_car = len(g.depot.owned_by(corp_id)) > len(g.depot.running(corp_id))
        bonus = 20 * max(cities) if cities and has_car else 0
        return 30 * sum(cities) + bonus


class CorporateHooks(FamilyHooks):
    start: StartRules | None = None
    """Companies start by auction (18USA §11.6) when set, else by core's par."""

    def stock_round(self, g: Engine) -> Round:
        return CorporateStockRound([CorporateStockStep(start=self.start)])

    def operating_round(self, g: Engine) -> Round:
        return CorporateOperatingRound(self.operating_steps(g))

    def operating_steps(self, g: Engine) -> Sequence[Step]:
        return [
            LoanStep(),
            CarPurchaseStep(),
            ScrapCarStep(),
            *super().operating_steps(g),
            InterestStep(),
            RepayStep(),
        ]

    def next_round(self, g: Engine, ended: Round) -> Round:
        if ended.kind == "OR":
            return TakeoverRound()
        if ended.kind == "MR" and g.or_in_set < g.ors_in_set:
            return self.operating_round(g)
        if ended.kind == "MR":
            return self.stock_round(g)
        return super().next_round(g, ended)


def make_corporate_title(**changes: object) -> Title:
    cfg = dataclasses.replace(CONFIG_C, **changes)  # type: ignore[arg-type]

    def setup(
        players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
    ) -> Engine:
        return FamilyEngine(
            players, rng, data=DATA_C, config=cfg, hooks=CorporateHooks(), board=CarStubMap()
        )

    return Title(
        id="SyntheticCorporate18xx",
        name="Synthetic corporate 18xx",
        players=cfg.players,
        options=(),
        rulebook=Rulebook(name="Synthetic", edition="test", sections={}),
        actions=ACTIONS + CORPORATE_ACTIONS,
        setup=setup,
        observer=EngineObserver,
    )


def corporate_engine(
    players: Sequence[str] = ("Ann", "Bob", "Cy"), *, config: FamilyConfig = CONFIG_C
) -> FamilyEngine:
    """A fresh engine of the corporate title, for tests that set up positions directly;
    ``config`` for a test of another setting (``CONFIG_C`` changed)."""
    return FamilyEngine(
        [PlayerId(p) for p in players],
        Rng(1),
        data=DATA_C,
        config=config,
        hooks=CorporateHooks(),
        board=CarStubMap(),
    )
