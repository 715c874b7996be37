"""18US's rounds on core's 18xx rounds: the Eastern Railroad Convention, Stock Rounds in which
the Concessions left in the Pool are for sale, Operating Rounds with the cards' moments, the
Land Grant companies' track, conversion and Crédit Mobilier, the Freight Bonus, the Bank's
train discard after each pair, the Western Railroad Convention, and the System formation
phase before a Stock Round with the Systems' own operating rules (§7.4).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.ability import When
from roundhouse.core.actions import Action
from roundhouse.core.config import DividendKind
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyCompany, Dividend
from roundhouse.core.flow.auction import sell_private
from roundhouse.core.flow.company_step import BuyCompanyStep
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18us.card_window_step import CardTokenStep, CardTrackStep
from roundhouse.titles.g18us.consent import ConsentStep
from roundhouse.titles.g18us.convention import (
    SCCRR,
    SOUTHERN,
    ConventionRound,
    ConventionStep,
    SouthernStartStep,
)
from roundhouse.titles.g18us.data import (
    CLASSIC_TRAINS,
    EASTERN,
    LAND_GRANT,
    convention_bids,
    eastern_concessions,
    freight_bonus,
    is_western,
    train_classes,
)
from roundhouse.titles.g18us.drg import (
    DRG,
    DRG_CONCESSION,
    LEAST_STARTING_VALUE,
    on_drg_float,
)
from roundhouse.titles.g18us.eastern import EasternConversionStep
from roundhouse.titles.g18us.exchange_step import ShareExchangeStep
from roundhouse.titles.g18us.hooks import CardHooks
from roundhouse.titles.g18us.land_grant import (
    LAND_GRANT_LAYS,
    credit_mobilier_paid,
    five_share,
)
from roundhouse.titles.g18us.land_grant_steps import (
    ConversionStep,
    UsBuyCompanyStep,
    UsTokenStep,
)
from roundhouse.titles.g18us.permission import PermissionTrackStep
from roundhouse.titles.g18us.side_turns import SideTurnPassStep, SideTurnRound
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.system_round import system_round
from roundhouse.titles.g18us.systems import SYSTEM_LAYS, system_dividend_price
from roundhouse.titles.g18us.train_buy_step import UsBuyTrainStep, release_commuters
from roundhouse.titles.g18us.train_discount import DiscountBuyTrainStep
from roundhouse.titles.g18us.western_convention import (
    WesternConventionRound,
    offered_concessions,
)

WRRC_PHASE = "4"
"""§6.8: "Once a company buys the first 4-train or the Bank discards it, the players conduct
the Western Railroad Convention at the end of the current pair of Operating Rounds"."""

COMMUTER_PHASE = "4E/3G"
"""§6.8: "Once a company buys a 4E- or a 3G-train, place the six 1H- and 2H-trains in the
Pool"."""

DOUBLE_JUMP_PHASE = "5E/4G"
"""§4.2: "Starting in Phase 5E/4G if a 10-Share company operates and declares a dividend that
is equal to or greater than twice its Current Market Value, [it] moves two spaces"."""


class UsStockStep(StockStep[UsGame]):
    """A Stock Round turn (§5); the one certificate bought may be a Concession from the Pool
    at face value: the Eastern ones until the Western Railroad Convention (§3.4, §3.7), the
    Western ones a company may own once the Pacific Railway Act is bought (§7.1).  The DRG
    (P10) in the Pool is opened with a ``par`` (§10.2.4, :mod:`.drg`)."""

    kinds = StockStep.kinds | {"buy_company"}

    def concessions(self, g: UsGame, player: str) -> list[Action]:
        if g.cert_count(player) >= g.cert_limit():
            return []
        cash = g.ledger.cash(player)
        return [
            BuyCompany(player=g.pid(player), entity=player, company=c.id, price=c.spec.value)
            for c in g.privates.values()
            if c.owner is None
            and not c.closed
            and c.spec.value <= cash
            and (
                (not is_western(c.id) and not g.wrrc_sessions)
                or (is_western(c.id) and g.pacific_act and c.spec.company_may_buy)
            )
        ]

    def buys(self, g: UsGame, player: str) -> list[Action]:
        return [*super().buys(g, player), *self.concessions(g, player)]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, BuyCompany):
            if self._round(g).turn_bought or action not in self.concessions(g, entity):
                raise IllegalAction(
                    f"{entity} cannot buy {action.company} for ${action.price} now",
                    rule="sr.concession",
                )
            return
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, BuyCompany):
            sell_private(g, action.company, entity, action.price)
            r = self._round(g)
            r.turn_bought += 1
            r.turn_acted = True
            return
        super().process(g, entity, action)


class UsDividendStep(DividendStep[UsGame]):
    """Dividends (§6.6); the Southern Railway's first revenue closes P6 (§10.1.6)."""

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, Dividend)
        earned = g.or_round().revenue or 0
        super().process(g, entity, action)
        card = g.privates.get(SCCRR)
        if entity == SOUTHERN and earned > 0 and card is not None and not card.closed:
            card.closed = True
            g.emit("close", f"{SCCRR} {card.spec.name} closes", item=SCCRR)


class UsOperatingRound(SideTurnRound):
    """Core's Operating Round in which a turn may wait for another player's consent
    (:mod:`.consent`) and players take turns of their own for their Concessions
    (:mod:`.side_turns`); a company whose President went bankrupt with nobody to take the
    Presidency (its certificate in the Pool, §6.9.3) ends its turn there; a Land Grant
    company's reserved hexes open when it has operated (§7.3)."""

    def taking(self, step: Step[UsGame], entity: str) -> None:
        """§6's order kept: once the company acts in a blocking step after its Concession
        purchases (§6.1), they are over for the turn."""
        if step.blocking and entity == self.current:
            for earlier in self.steps[: self.steps.index(step)]:
                if isinstance(earlier, UsBuyCompanyStep):
                    earlier.close()

    def after_process(self, g: UsGame, entity: str) -> None:
        if not self.finished and self.entity(g) == entity and g.controller(entity) is None:
            self.next_entity(g)
            self._begin_turn(g)
            self._open_exchange(g)
            return
        super().after_process(g, entity)

    def next_entity(self, g: UsGame) -> None:
        """§7.3: "Once such a Land Grant company has operated, there are no longer any
        restrictions on building in its reserved hexes"."""
        corp = self.current
        if corp is not None and g.corps[corp].spec.kind == LAND_GRANT:
            g.map.board.release_builds(corp)  # type: ignore[attr-defined]
        super().next_entity(g)


class UsHooks(CardHooks):
    """18US's sequence of rounds and its rules in them."""

    def first_round(self, g: UsGame) -> Round[UsGame]:
        """§3.1-§3.2: player numbers drawn at random, then the ERRC for the Eastern
        Concessions."""
        g.priority = g.seat_order[0]
        items = [c.id for c in eastern_concessions()]
        return ConventionRound(ConventionStep(items, convention_bids()))

    def stock_round(self, g: UsGame) -> Round[UsGame]:
        """§5: sell, then buy one certificate; P4's exchange on the side (§10.1.4); P6's buyer
        opens the Southern Railway at once (§10.1.6)."""
        return StockRound([SouthernStartStep(), ShareExchangeStep(When.STOCK_ROUND), UsStockStep()])

    def operating_steps(self, g: UsGame) -> Sequence[Step[UsGame]]:
        """§6's turn with §6.1's Concession purchases (a player's only with his consent,
        §7.2), the track step with its requests for leave to build in reserved hexes and the
        Land Grant track (§7.3), the
        conversion steps (§6.3.2 Land Grant, §6.3.1 Eastern) between track and token, and
        18US's dividend and train steps."""
        steps: list[Step[UsGame]] = [ConsentStep(), SideTurnPassStep()]
        for step in super().operating_steps(g):
            if type(step) is DiscountBuyTrainStep:
                step = UsBuyTrainStep()
            elif type(step) is DividendStep:
                step = UsDividendStep()
            elif type(step) is BuyCompanyStep:
                step = UsBuyCompanyStep()
            elif type(step) is CardTokenStep:
                step = UsTokenStep()
            elif type(step) is CardTrackStep:
                steps.extend((PermissionTrackStep(), ConversionStep()))
                step = EasternConversionStep()
            steps.append(step)
        return steps

    def operating_round(self, g: UsGame) -> Round[UsGame]:
        return UsOperatingRound(self.operating_steps(g))

    def next_round(self, g: UsGame, ended: Round[UsGame]) -> Round[UsGame]:
        """After the ERRC the Initial Stock Round; then two Operating Rounds per Stock Round
        (§6); after the pair in which the first 4-train left the stack, the Western Railroad
        Convention (§7.1), again after each pair until the Pacific Railway Act is bought;
        Systems may form before the Stock Rounds once a 4E/3G is bought (§7.4)."""
        if ended.kind == "OR" and g.or_in_set >= g.ors_in_set and g.wrrc_due:
            return WesternConventionRound(offered_concessions(g))
        out = super().next_round(g, ended)
        if out.kind == "SR" and ended.kind != "Systems":
            return system_round(g) or out
        return out

    def on_operating_round_end(self, g: UsGame) -> None:
        """§6.10: at the end of each pair of Operating Rounds before the WRRC the Bank
        discards the top train of the stack to the Pool (no Baldwin income); a discarded first
        4-train starts its phase at once.  §7.1: after a Convention "The Bank no longer
        discards a train"."""
        if g.or_in_set < g.ors_in_set or g.wrrc_due or g.wrrc_sessions:
            return
        top = g.depot.upcoming[0] if g.depot.upcoming else None
        if top is None or g.depot.train(top).type not in CLASSIC_TRAINS:
            return
        events = g.depot.export_next(g.ledger, to_pool=True)
        kind = g.depot.train(top).type
        g.emit(
            "discard",
            f"The bank discards {'an' if kind.startswith('8') else 'a'} {kind}-train to the pool",
            train=top,
        )
        g.train_events(None, events)

    def on_train_events(self, g: UsGame, corp_id: str | None, events: TrainEvents) -> None:
        names = {p.name for p in events.phases}
        if WRRC_PHASE in names:
            g.wrrc_due = True
        if COMMUTER_PHASE in names:
            release_commuters(g)

    def can_start(self, g: UsGame, player: str, corp_id: str) -> bool:
        """§3.4-§3.7: players open Eastern companies; the Southern Railway only through P6
        (§3.1); Land Grant companies once the Pacific Railway Act is bought (§7.3); the DRG
        from the Pool before Phase 5E/4G... or after, with no train (§10.2.4)."""
        kind = g.corps[corp_id].spec.kind
        if kind == EASTERN:
            return corp_id != SOUTHERN
        if kind == LAND_GRANT:
            return g.pacific_act
        card = g.privates[DRG_CONCESSION]
        return g.pacific_act and card.owner is None and not card.closed

    def par_prices(self, g: UsGame, corp_id: str) -> list[int]:
        """§10.2.4: the DRG's Starting Value is at least $75."""
        prices = super().par_prices(g, corp_id)
        if corp_id == DRG:
            return [p for p in prices if p >= LEAST_STARTING_VALUE]
        return prices

    def on_float(self, g: UsGame, corp_id: str) -> None:
        if corp_id == DRG:
            on_drg_float(g)

    def track_lays(self, g: UsGame, corp_id: str) -> int:
        """§7.3.2: a 5-Share Land Grant company places up to three tiles; §7.4.2: a System
        two."""
        if corp_id in g.systems:
            return SYSTEM_LAYS
        return LAND_GRANT_LAYS if five_share(g, corp_id) else 1

    def extra_revenue(self, g: UsGame, corp_id: str, revenue: int) -> int:
        """§6.5.1: a company with Classic trains and no Freight train earns the phase's fixed
        Freight Bonus; §7.3.2: a Land Grant company's Crédit Mobilier payments count as
        earnings."""
        kinds = {train_classes().get(t.variant or t.type) for t in g.depot.owned_by(corp_id)}
        extra = credit_mobilier_paid(g, corp_id)
        if "classic" in kinds and "freight" not in kinds:
            extra += freight_bonus()[g.depot.phases.current.name]
        return extra

    def dividend_kinds(self, g: UsGame, corp_id: str) -> frozenset[DividendKind]:
        """§7.3.2: "When the company 'earns' money by this means, it is required to pay out
        its earnings as dividends and may not retain"."""
        if credit_mobilier_paid(g, corp_id):
            return frozenset({DividendKind.PAYOUT})
        return super().dividend_kinds(g, corp_id)

    def dividend_thresholds(self, g: UsGame, corp_id: str) -> tuple[int, ...]:
        """§4.2: 10-Share companies double-jump from Phase 5E/4G ("Systems do not")."""
        base = super().dividend_thresholds(g, corp_id)
        if (
            corp_id in g.ten_share
            and corp_id not in g.systems
            and DOUBLE_JUMP_PHASE in g.phases_reached()
        ):
            return (*base, 2 * base[-1])
        return base

    def dividend_price(self, g: UsGame, corp_id: str) -> int:
        """§7.4.2: a System's price moves on its halved dividends
        (:func:`~.systems.system_dividend_price`)."""
        if corp_id in g.systems:
            return system_dividend_price(g.share_price(corp_id))
        return super().dividend_price(g, corp_id)

    def must_own_train(self, g: UsGame, corp_id: str) -> bool:
        """§6.9: Eastern companies, 10-Share Land Grant companies and Systems must own a
        train; 5-Share Land Grant companies and the DRG need not."""
        if g.corps[corp_id].spec.kind == LAND_GRANT:
            return corp_id in g.ten_share
        return super().must_own_train(g, corp_id)

    def may_buy_trains_from(self, g: UsGame, buyer: str, seller: str) -> bool:
        """§6.8: a company may buy a train from another company at any time."""
        corp = g.corps.get(seller)
        return corp is not None and corp.floated and g.depot.owned_by(seller) != []

    def operating_order(self, g: UsGame, candidates: Sequence[str]) -> list[str]:
        return g.market.operating_order(candidates)
