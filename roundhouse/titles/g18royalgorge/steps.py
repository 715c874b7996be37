"""The title's operating round and its steps: each a small change to a core step.

* stock round: :mod:`~roundhouse.titles.g18royalgorge.stock_round`;
* operating round: Sulphur Springs (B2) pays only a player and only once E3 has track;
* operating turn: debt payment any time ("6. Pay Off 1 Debt"), a steel column choice during
  track laying ("Buying Steel from CF&I" Rule 2), no station in a railroad's first turn ("2.
  Build a Station"), and after the run the gold cube to ship ("Shipping Gold").
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.config import EmergencyTrain
from roundhouse.core.entities import Private
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    BuyTrain,
    Choose,
    ChooseAbility,
    Pass,
    RunRoutes,
    SellShares,
)
from roundhouse.core.flow.map_steps import RouteStep, TokenStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.round import ForwardTurn
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.legal import AmountRange
from roundhouse.titles.g18royalgorge import (
    coal,
    fundraising,
    gold,
    hanging_bridge,
    site_graph,
    site_run,
    sulphur_springs,
    track_engineer,
    treaty,
)
from roundhouse.titles.g18royalgorge.data import gold_track
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.state import METALS, RoyalGorgeGame


def _withholds_nothing(g: RoyalGorgeGame, step: Step[RoyalGorgeGame], entity: str) -> bool:
    """With ``compat_18xx_games``: the dividend of a run that earned nothing, whose only move
    is to withhold.  18xx.games makes that move itself the moment the run is over
    (``Step::Dividend#skip!``), so nothing else of the turn (buying a private, paying debt)
    comes before it."""
    if step.name != "dividend" or not g.variant.compat_18xx_games:
        return False
    moves = step.actions(g, entity)
    return len(moves) == 1 and getattr(moves[0], "mode", None) == "withhold"


class RoyalGorgeOperatingRound(OperatingRound[RoyalGorgeGame], ForwardTurn[RoyalGorgeGame]):
    """The turn's steps in the rulebook's order ("Operating Rounds"): once a step has been
    used, the blocking steps before it are closed for the turn, so money from the run does
    not reopen track laying or stations (core's :class:`ForwardTurn`).  The turn is over
    when no open blocking step waits: buying a private or paying debt ("any time during a
    company's operating turn") never holds it open by itself.  With ``compat_18xx_games``
    a dividend whose only move is to withhold is offered alone (:func:`_withholds_nothing`)."""

    held_by_blocking = True

    def __init__(self, steps: Sequence[Step[RoyalGorgeGame]], *, compat: bool) -> None:
        super().__init__(steps)
        if compat:
            self.alone = frozenset({"dividend"})

    def start(self, g: RoyalGorgeGame) -> None:
        g.gold_this_turn = {}
        super().start(g)

    def income(self, g: RoyalGorgeGame, private: Private, printed: int) -> int:
        """Sulphur Springs (B2) pays on its conditions (:func:`.sulphur_springs.income`)."""
        if private.id == sulphur_springs.SULPHUR_SPRINGS:
            return sulphur_springs.income(g, private.owner, printed)
        return printed

    def offered_alone(self, g: RoyalGorgeGame, step: Step[RoyalGorgeGame], entity: str) -> bool:
        return _withholds_nothing(g, step, entity)

    def next_entity(self, g: RoyalGorgeGame) -> None:
        site_graph.turn_over(g, self.entity(g))
        super().next_entity(g)


class EndTurnStep(Step[RoyalGorgeGame]):
    """The last step of a turn: while a private could still be bought or debt paid, the
    railroad ends its turn by passing ("Buy Private Assets (Optional)": any time in the
    turn; "6. Pay Off 1 Debt")."""

    kinds = frozenset({"pass"})
    name = "end_turn"
    passing = "ends its turn"

    def __init__(self, any_time: list[Step[RoyalGorgeGame]]) -> None:
        self.any_time = any_time
        self.passed = False

    def setup(self, g: RoyalGorgeGame, entity: str) -> None:
        self.passed = False

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return not self.passed and any(s.active(g, entity) for s in self.any_time)

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        return [Pass(player=g.controller_id(entity), entity=entity)]

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        self.passed = True


class DebtStep(Step[RoyalGorgeGame]):
    """Buy one debt token, any time in the turn ("6. Pay Off 1 Debt")."""

    kinds = frozenset({"choose_ability"})
    blocking = False
    name = "debt"

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return treaty.may_pay(g, entity)

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        return [ChooseAbility(player=g.controller_id(entity), entity=entity, choice="pay_debt")]

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        treaty.pay(g, entity)


class RoyalGorgeTokenStep(TokenStep[RoyalGorgeGame]):
    """No station in a railroad's first operating turn ("2. Build a Station")."""

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return g.corps[entity].operated > 0 and super().active(g, entity)


class RoyalGorgeRouteStep(RouteStep[RoyalGorgeGame]):
    """Run trains, first spending coal cubes to lengthen them (Coal Depot G6, Coal Creek
    Mines Y3, :mod:`.coal`) or the Track Engineer (B5/B5a, :mod:`.track_engineer`), never
    both on one train; a run that earned the gold bonus must then name the cube it ships; a
    run through the gorge on the Hanging Bridge Lease owes its toll (:mod:`.hanging_bridge`)."""

    kinds = RouteStep.kinds | frozenset({"choose"})

    def setup(self, g: RoyalGorgeGame, entity: str) -> None:
        coal.end_turn(g)
        super().setup(g, entity)

    @staticmethod
    def _train_ids(g: RoyalGorgeGame, entity: str) -> list[str]:
        return [t.id for t in g.depot.owned_by(entity)]

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        if g.variant.compat_18xx_games and not site_run.route_available(g, entity):
            # the site offers no run (it then withholds): running nothing is the only move
            return [RunRoutes(player=p, entity=entity, routes=(), revenue=0)]
        out = super().actions(g, entity)
        for choice in self._extensions(g, entity):
            out.append(Choose(player=p, entity=entity, choice=choice))
        return out

    def _extensions(self, g: RoyalGorgeGame, entity: str) -> list[str]:
        """Coal cubes and the Track Engineer (B5/B5a), each on a train of its own; with
        ``compat_18xx_games`` only when the site offers the run
        (:func:`.site_run.route_available`)."""
        trains = self._train_ids(g, entity)
        if g.variant.compat_18xx_games and not site_run.route_available(g, entity):
            return []
        return [*coal.choices(g, entity, trains), *track_engineer.choices(g, entity, trains)]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if isinstance(action, Choose):
            if action.choice not in self._extensions(g, entity):
                raise IllegalAction(
                    f"{entity} cannot lengthen a train as {action.choice!r} now",
                    rule="coal.not_available",
                )
            return
        try:
            super().check(g, entity, action)
        except IllegalAction:
            routes = getattr(action, "routes", None)
            if not routes or not site_run.trusted(g):
                raise
            site_run.check_trains(g, entity, routes, getattr(action, "revenue", 0))

    def ranges(self, g: RoyalGorgeGame, entity: str) -> list[AmountRange]:
        """With ``compat_18xx_games`` a recorded run is taken at its stated revenue
        (:mod:`.site_run`): the listed runs' revenue spans every amount.  A run of no routes
        earns nothing in either mode."""
        if not site_run.trusted(g):
            return []
        return [
            AmountRange(a, "revenue", 0, site_run.MAX_RECORDED_REVENUE)
            for a in self.actions(g, entity)
            if isinstance(a, RunRoutes) and a.routes
        ]

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if isinstance(action, Choose):
            if action.choice.startswith(f"{track_engineer.POWER}/"):
                track_engineer.use(g, entity, action.choice, self._train_ids(g, entity))
            else:
                coal.spend(g, entity, action.choice, self._train_ids(g, entity))
            return
        routes = getattr(action, "routes", ())
        may = gold.may_ship(g, entity)
        assert isinstance(g.map, RoyalGorgeMap)
        runs = site_run.runs_of(g, entity, routes) if routes else ()
        hexes = tuple(sorted({h for run in runs for h in run.hexes}))
        super().process(g, entity, action)
        g.bridge_due = hanging_bridge.toll(g, entity, runs)
        coal.end_turn(g)
        coal.gain(g, hexes)
        if not may or not routes:
            return
        if gold.gold_hexes(g, hexes):
            g.run_hexes = hexes
            g.gold_pending = entity


class GoldStep(Step[RoyalGorgeGame]):
    """Ship the gold cube from a hex of the run ("Shipping Gold"; G2 for +$130), or pass:
    a company "may ship", and then the run's $50 gold bonus is not earned."""

    kinds = frozenset({"choose", "pass"})
    name = "gold"
    passing = "passes on shipping gold"

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return g.gold_pending == entity

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        hexes = gold.gold_hexes(g, g.run_hexes)
        if g.variant.compat_18xx_games:
            hexes = gold.site_choices(g, g.run_hexes)
        out: list[Action] = [Choose(player=p, entity=entity, choice=h) for h in hexes]
        if gold.owns(g, gold.NUGGET, entity) and not g.nugget_used:
            out.extend(
                Choose(player=p, entity=entity, choice=h, company=gold.NUGGET) for h in hexes
            )
        out.append(Pass(player=p, entity=entity))
        return out

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            r = g.or_round()
            r.revenue = (r.revenue or 0) - gold_track().ship_bonus
            g.gold_pending = None
            return
        assert isinstance(action, Choose)
        extra = gold.ship(g, entity, action.choice, nugget=action.company == gold.NUGGET)
        r = g.or_round()
        r.revenue = (r.revenue or 0) + extra
        g.gold_pending = None


class RoyalGorgeBuyTrainStep(BuyTrainStep[RoyalGorgeGame]):
    """Core's train buying; emergency sales skip companies without a price yet (William
    Palmer's Rio Grande share before Rio Grande starts cannot be sold), sell CF&I and VGC by
    their own rules, and bankruptcy may be declared once all of fundraising falls short
    (:mod:`.fundraising`).  With
    ``compat_18xx_games`` the step stays open until a pass while the railroad has room and
    money and another railroad owns a train, connected or not, as on 18xx.games, and the
    president sells each company's shares at most once in the turn, in one block
    (``MUST_SELL_IN_BLOCKS``: ``Step::Train#can_sell?`` refuses a company already sold)."""

    def __init__(self) -> None:
        super().__init__()
        self.sold: set[str] = set()
        """Companies the president sold shares of in this turn's emergency."""

    def setup(self, g: RoyalGorgeGame, entity: str) -> None:
        super().setup(g, entity)
        self.sold = set()

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        if super().active(g, entity):
            return True
        if self.passed or not g.variant.compat_18xx_games:
            return False
        limit = g.depot.limit_for(entity)
        if limit is not None and g.depot.counted(entity) >= limit:
            return False
        return g.ledger.cash(entity) > 0 and any(
            g.depot.owned_by(c) for c in g.corps if c != entity and g.controller(c)
        )

    def emergency(
        self, g: RoyalGorgeGame, corp: str
    ) -> tuple[list[BuyTrain], dict[str, list[int]], int]:
        """Core's (which skips companies without a price: William Palmer's Rio Grande share
        before Rio Grande starts cannot be sold), with CF&I and VGC sold by their own rules
        (:mod:`.fundraising`)."""
        buys, sales, target = super().emergency(g, corp)
        president = g.controller(corp)
        if president is None or (buys and g.config.emergency_train is EmergencyTrain.CHEAPEST):
            return buys, sales, target
        sales = {c: n for c, n in sales.items() if c not in METALS}
        short = target - g.ledger.cash(president)
        sales.update(fundraising.metal_sales(g, president, short))
        sales = {c: n for c, n in sales.items() if c not in self._sold(g)}
        return buys, sales, target

    def _sold(self, g: RoyalGorgeGame) -> frozenset[str]:
        """Companies no longer for sale in this emergency (compat: sold once already)."""
        return frozenset(self.sold) if g.variant.compat_18xx_games else frozenset()

    def declarable(self, g: RoyalGorgeGame, corp: str) -> bool:
        """Rulebook "Bankruptcy": the railroad must buy, the bank and pool offer nothing its
        treasury pays for, and all of emergency fundraising would not reach the cheapest
        train (:mod:`.fundraising`)."""
        president = g.controller(corp)
        if president is None or not self.must_buy(g, corp) or self.depot_offers(g, corp):
            return False
        prices = self.depot_prices(g, corp)
        cheapest = min(prices.values(), default=0)
        return bool(prices) and fundraising.bankrupt(g, cheapest, corp, president, self._sold(g))

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        out = list(super().actions(g, entity))
        if not any(isinstance(a, Bankrupt) for a in out) and self.declarable(g, entity):
            president = g.controller(entity)
            assert president is not None
            out.append(Bankrupt(player=g.pid(president), entity=entity))
        return out

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        president = g.controller(entity)
        if isinstance(action, SellShares):
            self.sold.add(action.corporation)
        if isinstance(action, SellShares) and action.corporation in METALS:
            assert president is not None
            self.last_sale = g.share_price(action.corporation)
            fundraising.sell(g, entity, president, action.corporation, action.count)
            return
        if isinstance(action, Bankrupt):
            assert president is not None
            fundraising.sell_everything(g, entity, president, self._sold(g))
        super().process(g, entity, action)
