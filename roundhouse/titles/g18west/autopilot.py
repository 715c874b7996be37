"""18West's operating round: Granger Roads first (§7, in :class:`~.rules.WestHooks`), the
initial train purchase of newly started Public Companies (§7.8.2) and companies without a
President running on autopilot - the UP until someone buys its President's Certificate
(§7.9.1), and a bankrupt's company whose Presidency went to the Pool (§7.8.5).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.dividend import pay, payout, payout_text
from roundhouse.core.errors import IllegalAction
from roundhouse.core.event import a_train, price_move
from roundhouse.core.flow.actions import BuyTrain, Pass
from roundhouse.core.flow.map_steps import RouteStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.round import ForwardTurn
from roundhouse.core.flow.step import Step
from roundhouse.core.market import Direction, dividend_steps
from roundhouse.core.shares import POOL
from roundhouse.core.trains import Train
from roundhouse.titles.g18west.state import WestGame

PERMANENT = frozenset({"5", "6", "4D"})
"""§7.9.1: "a permanent train" (5, 6 and 4D never rust)."""


def autopilot(game: WestGame, corp_id: str) -> bool:
    """A started company that nobody presides runs on autopilot (§7.9, §7.8.5)."""
    corp = game.corps[corp_id]
    return corp.floated and not corp.closed and game.books[corp_id].president is None


class InitialTrainStep(Step[WestGame]):
    """§7.8.2: a Public Company started in the last stock round may buy a single train from
    the Bank with its treasury's money, after the Granger Roads have run."""

    kinds = frozenset({"buy_train", "pass"})
    name = "initial_train"
    passing = "passes on buying a first train"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: WestGame, entity: str) -> None:
        self.done = False

    def _round(self, g: WestGame) -> WestOperatingRound:
        assert isinstance(g.round, WestOperatingRound)
        return g.round

    def active(self, g: WestGame, entity: str) -> bool:
        return not self.done and self._round(g).initial == entity

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = []
        cash = g.ledger.cash(entity)
        for t in g.depot.available():
            if t.owner == POOL:
                continue
            price = g.depot.type_of(t).price
            try:
                g.depot.check_buy(entity, t.id, g.ledger)
            except IllegalAction:
                continue
            if price <= cash:
                out.append(BuyTrain(player=p, entity=entity, train=t.id, price=price))
        out.append(Pass(player=p, entity=entity))
        return out

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        self.done = True
        if isinstance(action, BuyTrain):
            kind = g.depot.train(action.train).type
            events = g.depot.buy(entity, action.train, g.ledger)
            g.emit(
                "train",
                f"{entity} buys its first train, {a_train(kind)} from the bank, for "
                f"${action.price}",
                company=entity,
                train=action.train,
                price=action.price,
                restates=True,
            )
            g.train_events(entity, events)


PERMISSION_STEP = "land_grant_permission"
"""The step a President asked for permission answers in (§8.1)."""


class WestOperatingRound(OperatingRound[WestGame], ForwardTurn[WestGame]):
    """Core's operating round with §7.8.2's initial purchases and autopilot companies; a
    turn never goes back to a step it has left (§7: track, conversion, treasury stock,
    station, run, trains in that order: no tile after the dividend)."""

    def __init__(self, steps: Sequence[Step[WestGame]]) -> None:
        super().__init__([InitialTrainStep(), *steps])
        self.initial: str | None = None
        """The company making its §7.8.2 purchase now."""
        self.asking: tuple[str, str] | None = None
        """(company, Land Grant Company) while that grant's President answers the company's
        request for permission (§8.1, :class:`.land_grant.PermissionStep`)."""
        self.answered = False
        """The permission was just answered: the asking company's turn goes on as it was."""

    def entity(self, g: WestGame) -> str | None:
        """The President asked for permission (§8.1) acts before the company goes on."""
        if self.asking is not None and not self.finished:
            return g.books[self.asking[1]].president
        return super().entity(g)

    def _pick(self, g: WestGame) -> None:
        while True:
            self.initial = None
            waiting = [
                c.id
                for c in g.corps.values()
                if c.floated
                and not c.closed
                and c.id not in self.done
                and (g.controller(c.id) or autopilot(g, c.id))
            ]
            grangers_left = any(g.is_granger(c) for c in waiting)
            pending = [
                c
                for c in g.initial_train
                if g.controller(c) and g.corps[c].floated and not g.corps[c].closed
            ]
            if not grangers_left and pending:
                self.initial = g.market.operating_order(pending)[0]
                self.current = self.initial
                return
            order = g.hooks.operating_order(g, waiting)
            self.current = order[0] if order else None
            if self.current is None:
                self.finished = True
                return
            if not autopilot(g, self.current):
                return
            run_autopilot(g, self.current)
            g.corps[self.current].operated += 1
            self.done.append(self.current)
            if g.end.over:
                self.finished = True
                return

    def offered(
        self, g: WestGame, entity: str, taking: Action | None = None
    ) -> list[Step[WestGame]]:
        if self.asking is not None:
            return [s for s in self.steps if s.name == PERMISSION_STEP and s.active(g, entity)]
        if self.initial is not None:
            return [
                s for s in self.steps if isinstance(s, InitialTrainStep) and s.active(g, entity)
            ]
        return super().offered(g, entity, taking)

    def after_process(self, g: WestGame, entity: str) -> None:
        if self.asking is not None:
            return  # the asked President answers; the company's turn is kept as it is
        if self.answered:
            self.answered = False
            company = self.current
            if company is not None and any(s.active(g, company) for s in self._open(g, company)):
                return
            super().after_process(g, company or entity)
            return
        if self.initial is not None and self.initial == entity:
            step = next(s for s in self.steps if isinstance(s, InitialTrainStep))
            if step.active(g, entity):
                return
            g.initial_train.remove(entity)
            self._pick(g)
            self._begin_turn(g)
            return
        if (
            not self.finished
            and self.current == entity
            and entity in g.corps
            and autopilot(g, entity)
        ):
            # §7.8.5: the bankrupt President's company went to the Pool and "operates on
            # autopilot using the rules for the UP" from now on: the rest of this turn too
            if self._has_run(entity):
                bankruptcy_purchase(g, entity)
            else:  # bankrupt over a Land Grant's owed tile (§8.3), before its run
                run_autopilot(g, entity)
            self.next_entity(g)
            self._begin_turn(g)
            return
        super().after_process(g, entity)

    def _has_run(self, entity: str) -> bool:
        """Whether ``entity``'s turn has gone past its run (§7.5) for good."""
        return any(isinstance(s, RouteStep) and self.moved_past(entity, s) for s in self.steps)

    def _begin_turn(self, g: WestGame) -> None:
        if self.initial is not None:
            for step in self.steps:
                step.setup(g, self.initial)
            return
        super()._begin_turn(g)

    def on_finish(self, g: WestGame) -> None:
        g.initial_train.clear()
        super().on_finish(g)


def run_autopilot(game: WestGame, corp_id: str) -> None:
    """§7.9.1: no track, no tokens; run for the most, always pay out; buy trains by the
    rules of §7.9.1."""
    runs = game.map.runs(game, corp_id)
    revenue = runs[0][1] if runs else 0
    before = game.share_price(corp_id)
    book = game.books[corp_id]
    if revenue > 0:
        split = payout(book, revenue, game.hooks.payout_rule(game, corp_id))
        pay(game.ledger, split)
        game.emit("payout", f"{corp_id} (autopilot) " + payout_text(split), company=corp_id)
        steps = dividend_steps(revenue, before, game.hooks.dividend_thresholds(game, corp_id))
        game.market.move(corp_id, Direction.RIGHT, steps)
    else:
        game.market.withhold(corp_id)
        game.emit("withhold", f"{corp_id} (autopilot) earns nothing", company=corp_id)
    game.last_revenue[corp_id] = revenue
    game.emit(
        "price",
        price_move(corp_id, before, game.share_price(corp_id), game.market.zones(corp_id)),
        company=corp_id,
    )
    game.after_price_move(corp_id)
    buy_trains(game, corp_id)


def _top(game: WestGame, types: frozenset[str] | None = None) -> list[Train]:
    return [
        t for t in game.depot.available() if t.owner != POOL and (types is None or t.type in types)
    ]


def _a(train_type: str) -> str:
    """ "a 4" or "an 8": a train type with its article."""
    return f"{'an' if train_type.startswith('8') else 'a'} {train_type}"


def _buy(game: WestGame, corp_id: str, train: Train) -> None:
    events = game.depot.buy(corp_id, train.id, game.ledger)
    game.emit(
        "train",
        f"{corp_id} (autopilot) buys {_a(train.type)}-train",
        company=corp_id,
        train=train.id,
    )
    game.train_events(corp_id, events)


def _room(game: WestGame, corp_id: str) -> bool:
    limit = game.depot.limit_for(corp_id)
    return limit is None or game.depot.counted(corp_id) < limit


def buy_trains(game: WestGame, corp_id: str) -> None:
    """§7.9.1's purchases: a 3-train with $200 once 3s are out; a 4-train with $400 once 4s
    are out (the last 3 and the first 4 with $600); from Phase 5 permanent trains as cash
    allows, a 4D only without money raising; with no train at all a mandatory purchase (only
    by a company that must own one, §7.8.3), the treasury shares issued first and the Bank
    making up the rest."""
    cash = game.ledger.cash
    top = _top(game)
    if top and _room(game, corp_id):
        t = top[0]
        if t.type == "3" and cash(corp_id) >= 200:
            _buy(game, corp_id, t)
            after = _top(game)
            if after and after[0].type == "4" and cash(corp_id) >= 400 and _room(game, corp_id):
                _buy(game, corp_id, after[0])
        elif t.type == "4" and cash(corp_id) >= 400:
            _buy(game, corp_id, t)
    if "5" in game.phases_reached():
        for _ in range(2):
            if not _room(game, corp_id):
                break
            perm = _top(game, PERMANENT)
            four_d = [
                t for t in perm if t.type == "4D" and game.depot.type_of(t).price <= cash(corp_id)
            ]
            cheap = [
                t for t in perm if t.type != "4D" and game.depot.type_of(t).price <= cash(corp_id)
            ]
            pick = four_d[0] if four_d else cheap[0] if cheap else None
            if pick is None:
                break
            _buy(game, corp_id, pick)
    _mandatory_purchase(game, corp_id, issue=True)


def bankruptcy_purchase(game: WestGame, corp_id: str) -> None:
    """§7.8.5: the President went bankrupt buying the company's train and its Presidency
    went to the Pool: "If the Presidency ends up in the Pool, the Bank makes up the
    difference" - the treasury (holding what the bankrupt raised) and the Bank pay for the
    train; no treasury share is issued for it (that is §7.9.1's way in later turns)."""
    _mandatory_purchase(game, corp_id, issue=False)


def _mandatory_purchase(game: WestGame, corp_id: str, *, issue: bool) -> None:
    """A company that must own a train (§7.8.3: a Public Company; Granger Roads and Land
    Grant Companies "can never be in a 'mandatory train buying' ... situation") and owns none
    buys the cheapest train the Bank offers, issuing treasury shares first when ``issue``
    (§7.9.1), the Bank making up the rest."""
    if game.depot.owned_by(corp_id) or not game.hooks.must_own_train(game, corp_id):
        return
    cash = game.ledger.cash
    offered = [t for t in game.depot.available()]
    if not offered:
        return
    train = min(offered, key=lambda t: game.depot.type_of(t).price)
    price = game.depot.type_of(train).price
    book = game.books[corp_id]
    treasury = sorted((c for c in book.certs_of(corp_id) if c.playable), key=lambda c: c.id)
    for cert in treasury if issue else []:
        if cash(corp_id) >= price:
            break
        value = cert.shares * game.share_price(corp_id)
        book.move(cert.id, POOL)
        game.ledger.transfer(BANK, corp_id, value)
        game.emit("issue", f"{corp_id} (autopilot) issues a share for ${value}", company=corp_id)
    short = price - cash(corp_id)
    if short > 0:
        game.ledger.transfer(BANK, corp_id, short)
        game.emit("bank", f"The Bank makes up ${short} for {corp_id}", company=corp_id)
    events = game.depot.buy(corp_id, train.id, game.ledger)
    game.emit("train", f"{corp_id} (autopilot) must buy {_a(train.type)}-train", company=corp_id)
    game.train_events(corp_id, events)
