"""Named places where a title changes what core's rounds do, each with a neutral default.

A title subclasses :class:`Hooks` and overrides only what its rulebook changes (STYLE.md
"Titles override core through hooks").  Plain settings belong in
:class:`~roundhouse.core.config.TitleConfig`; a hook is for behaviour: which rounds follow
which, what an operating turn's steps are, what happens on an event.  Core never asks which
title it is playing; it calls these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from roundhouse.core.config import DividendKind, MandatoryTrain
from roundhouse.core.dividend import PayoutRule
from roundhouse.core.flow.auction import auction_round
from roundhouse.core.flow.company_step import BuyCompanyStep
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.map_steps import RouteStep, TokenStep, TrackStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.static import Static
from roundhouse.core.trains import TrainEvents


class Hooks(Static, Generic[G]):
    """Neutral 18xx behaviour; every method may be overridden by a title.  ``G`` is the
    game it acts on (a title's hooks name its own game: ``Hooks[RoyalGorgeGame]``); the
    methods the flow asks for are :class:`~roundhouse.core.flow.flow_game.FlowHooks`."""

    # -- the sequence of rounds ----------------------------------------------------------

    def first_round(self, g: G) -> Round[G]:
        """The opening round: the private auction when there are privates, else a stock
        round (18RoyalGorge "Game Structure")."""
        if g.privates:
            return auction_round(g)
        return self.stock_round(g)

    def round_after_end(self, g: G, ended: Round[G]) -> Round[G] | None:
        """A round still played once the game's end is reached after ``ended`` (the
        operating round that completes it), the game ending when it finishes; None (the
        rules of every title so far): the game ends at once."""
        return None

    def next_round(self, g: G, ended: Round[G]) -> Round[G]:
        """What follows ``ended``: auction -> stock -> operating x N -> stock ...
        (18RoyalGorge "Game Structure", 18US §6, 18West §7).  A title with a round of its own
        between sets (an M&A round) overrides this and defers to it for the rest."""
        if ended.kind == "OR" and g.or_in_set < g.ors_in_set:
            return self.operating_round(g)
        if ended.kind == "SR":
            return self.operating_round(g)
        return self.stock_round(g)

    def stock_round(self, g: G) -> Round[G]:
        """A player's turn: sales and a purchase."""
        return StockRound([StockStep()])

    def operating_round(self, g: G) -> Round[G]:
        return OperatingRound(self.operating_steps(g))

    def operating_steps(self, g: G) -> Sequence[Step[G]]:
        """A company's turn, in order (18RoyalGorge "Operating Rounds", 18US §6, 18USA §12):
        buy privates (any time), lay track, place a token, run trains, pay or withhold, buy
        trains.  Titles insert their own steps (loans, debt, card powers) or reorder."""
        return [
            BuyCompanyStep(),
            TrackStep(),
            TokenStep(),
            RouteStep(),
            DividendStep(),
            BuyTrainStep(),
        ]

    def operating_rounds_in_set(self, g: G) -> int:
        """Operating rounds in the set about to start: the config's number or the phase's."""
        n = g.config.operating_rounds
        return n if n is not None else g.depot.phases.current.operating_rounds

    # -- companies -----------------------------------------------------------------------

    def operating_order(self, g: G, candidates: Sequence[str]) -> list[str]:
        """Highest share price first, stacks top to bottom (18USA §6.1, 18US §6).  18West §7
        puts every Granger Road first: a title override."""
        return g.market.operating_order(candidates)

    def can_start(self, g: G, player: str, corp_id: str) -> bool:
        """Whether ``player`` may start the company now (its phase has come)."""
        phase = g.corps[corp_id].spec.available_phase
        return phase is None or phase in g.phases_reached()

    def par_prices(self, g: G, corp_id: str) -> list[int]:
        """Starting prices open now: the cells of the current phase's par zones."""
        zones = g.depot.phases.current.par_zones or frozenset({"par"})
        return sorted({c.price for c in g.market.grid.with_zones(zones)})

    def on_float(self, g: G, corp_id: str) -> None:
        """A company floated (home token already placed by the map rules)."""

    def train_limit_kind(self, g: G, corp_id: str) -> str:
        return g.corps[corp_id].spec.kind

    # -- operating -----------------------------------------------------------------------

    def track_lays(self, g: G, corp_id: str) -> int:
        """Tile lays a company gets in its track step (most titles: one)."""
        return 1

    def extra_revenue(self, g: G, corp_id: str, revenue: int) -> int:
        """Revenue on top of the routes (18RoyalGorge hotel, 18US Golden Spike)."""
        return 0

    def dividend_kinds(self, g: G, corp_id: str) -> frozenset[DividendKind]:
        return g.config.dividend_kinds

    def dividend_thresholds(self, g: G, corp_id: str) -> tuple[int, ...]:
        """18US §4.2: 10-share companies double-jump from Phase 5E/4G: a title override."""
        return g.config.dividend_thresholds_pct

    def dividend_price(self, g: G, corp_id: str) -> int:
        """The price the dividend thresholds are a percentage of: the share price, unless a
        title's market prints other amounts for a space (18USA's acquisition spaces)."""
        return g.share_price(corp_id)

    def payout_rule(self, g: G, corp_id: str) -> PayoutRule:
        return g.config.payout_rule

    def must_own_train(self, g: G, corp_id: str) -> bool:
        """Whether the company must end its turn with a train (config plus the charter)."""
        rule = g.config.mandatory_train
        if rule is MandatoryTrain.NEVER or not g.corps[corp_id].spec.must_own_train:
            return False
        if rule is MandatoryTrain.IF_ROUTE:
            return g.map.has_route(g, corp_id)
        return True

    def may_buy_trains_from(self, g: G, buyer: str, seller: str) -> bool:
        """Whether ``buyer`` may buy ``seller``'s trains now (18West §7.8.1: from phase 3;
        18RoyalGorge: connected stations).  Default: when the phase has the
        "trains_between_companies" status."""
        return "trains_between_companies" in g.depot.phases.current.status

    def may_buy_privates(self, g: G, corp_id: str) -> bool:
        """Whether companies may buy privates now (18RoyalGorge: green to brown).  Default:
        when the phase has the "buy_privates" status."""
        return "buy_privates" in g.depot.phases.current.status

    def on_no_train(self, g: G, corp_id: str) -> None:
        """A company ended its turn without a train and no rule forced a purchase (18USA
        §12.6 moves it to the liquidation space); core does nothing."""

    # -- events --------------------------------------------------------------------------

    def on_train_events(self, g: G, corp_id: str | None, events: TrainEvents) -> None:
        """After core has closed privates and fired end triggers for a train purchase or
        export (phases entered, trains rusted, event names).  ``events.train`` is the train
        bought or exported, so a title whose cards carry their own events knows which card
        left (18RoyalGorge "Phase Changes")."""

    def on_operating_round_start(self, g: G) -> None: ...

    def on_operating_round_end(self, g: G) -> None:
        """After every company operated (18USA §12.10 exports, 18RoyalGorge upkeep)."""

    def on_stock_round_end(self, g: G) -> None: ...

    def score_adjustment(self, g: G, player: str) -> int:
        """Title additions to a player's final score (18USA §16: minus short shares)."""
        return 0
