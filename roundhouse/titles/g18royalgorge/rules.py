"""18RoyalGorge's hooks into core's 18xx rounds (STYLE.md "Titles override core through hooks").

Each override names the rulebook section it implements; the work is done in the sibling
modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid
from roundhouse.core.flow.auction import AuctionRound, SequentialAuctionStep
from roundhouse.core.flow.company_step import BuyCompanyStep
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.hooks import Hooks
from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18royalgorge import deck, privates, site_auction, steel, upkeep
from roundhouse.titles.g18royalgorge.hand_picked import DraftRound
from roundhouse.titles.g18royalgorge.hanging_bridge import BridgeLeaseStep
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.start_auction import (
    StartAuctionStep,
    StartAuctionStockRound,
    StartAuctionStockStep,
)
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from roundhouse.titles.g18royalgorge.steps import (
    DebtStep,
    EndTurnStep,
    GoldStep,
    RoyalGorgeBuyTrainStep,
    RoyalGorgeOperatingRound,
    RoyalGorgeRouteStep,
    RoyalGorgeTokenStep,
)
from roundhouse.titles.g18royalgorge.stock_round import RoyalGorgeStockRound, RoyalGorgeStockStep
from roundhouse.titles.g18royalgorge.sulphur_springs import SulphurSpringsStep

TRACK_LAYS = 6
""""Lay/Upgrade up to 6 track tiles per operating round"."""


class PrivateAuctionStep(SequentialAuctionStep[RoyalGorgeGame]):
    """The private asset auction ("Private Asset Auction"): the winner opens the next card;
    with ``compat_18xx_games`` the player after the winner does, a pass before the first
    bid only declines: the first bid brings the decliners back in, and players who cannot
    afford the card are out of its auction by themselves (18xx.games, see
    :mod:`~roundhouse.titles.g18royalgorge.site_auction`)."""

    def begin(self, g: RoyalGorgeGame) -> None:
        super().begin(g)
        self._site_open(g)

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        out = super().actions(g, entity)
        a = self.auction
        if a is None or not g.variant.compat_18xx_games:
            return out
        kept = [m for m in out if site_auction.move_lets_site_finish(g, a, self.items, entity, m)]
        return kept or out

    def listed(self, g: RoyalGorgeGame, entity: str) -> Sequence[Action]:
        """Every bid and the pass: :meth:`check` judges the site's condition itself."""
        return super().actions(g, entity)

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        """As :meth:`actions` lists, judging the one move first: it is refused only when it
        leaves the site stuck while some other move would not."""
        a = self.auction
        if (
            a is not None
            and g.variant.compat_18xx_games
            and not site_auction.move_lets_site_finish(g, a, self.items, entity, action)
            and action in (listed := super().actions(g, entity))
            and any(site_auction.move_lets_site_finish(g, a, self.items, entity, m) for m in listed)
        ):
            raise IllegalAction(
                f"after {action}, no player could afford one of the cards still to come: "
                "18xx.games cannot go on from there",
                rule="auction.site_stuck",
            )
        super().check(g, entity, action)

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        owners = {p.id: p.owner for p in g.privates.values()}
        a = self.auction
        site = g.variant.compat_18xx_games
        if site and a is not None and isinstance(action, Bid):
            if a.high_bidder is None:
                a.passed.clear()
            site_auction.drop(a, site_auction.short_of(g, a, action.price + 5, keep=entity))
        price = action.price if isinstance(action, Bid) else (a.high_bid if a else 0)
        super().process(g, entity, action)
        for p in g.privates.values():
            if p.owner is None or owners[p.id] is not None:
                continue
            privates.on_bought(g, p.id, p.owner, price)
            if site:
                order = g.turn_order_from(p.owner)
                self.starter = order[1 % len(order)]
            if site and self.auction is not None:
                self.auction.bidders = g.turn_order_from(self.starter)
                self.auction.turn = 0
        self._site_open(g)

    def _site_open(self, g: RoyalGorgeGame) -> None:
        """With ``compat_18xx_games``, the card just up without the players who cannot
        afford its minimum; a card nobody can afford is removed (the site's engine fails
        there, which :meth:`actions` steers clear of)."""
        if not g.variant.compat_18xx_games:
            return
        while (a := self.auction) is not None and a.high_bidder is None:
            site_auction.drop(a, site_auction.short_of(g, a, a.min_bid))
            if a.bidders:
                return
            g.privates[a.item].closed = True
            self._open(g)
        if self.auction is None and self.starter:
            # 18xx.games breaks a tie for most cash in the order starting with the player
            # who would open the next card (G18RoyalGorge::Game#finish_round!: the round's
            # entity index, then the richest): the round's end reads it from the priority
            g.priority = self.starter


class RoyalGorgeHooks(Hooks[RoyalGorgeGame]):
    def __init__(self, first_priority: str = "") -> None:
        self.first_priority = first_priority

    def first_round(self, g: RoyalGorgeGame) -> Round[RoyalGorgeGame]:
        """ "Setting Up the Game": the priority deal goes to a random player (drawn at set-up)."""
        if self.first_priority:
            g.priority = self.first_priority
        if g.privates and g.variant.hand_picked:
            return DraftRound()
        if g.privates:
            return AuctionRound(PrivateAuctionStep([p for p in g.privates]))
        return self.stock_round(g)

    def next_round(self, g: RoyalGorgeGame, ended: Round[RoyalGorgeGame]) -> Round[RoyalGorgeGame]:
        """The Hand-Picked Variant's draft is followed by the auction of the picked cards."""
        if isinstance(ended, DraftRound):
            return AuctionRound(PrivateAuctionStep(ended.draft.auction_order(g)))
        return super().next_round(g, ended)

    def stock_round(self, g: RoyalGorgeGame) -> Round[RoyalGorgeGame]:
        if g.variant.auction_variant:
            return StartAuctionStockRound([StartAuctionStep(), StartAuctionStockStep()])
        return RoyalGorgeStockRound([RoyalGorgeStockStep()])

    def operating_round(self, g: RoyalGorgeGame) -> Round[RoyalGorgeGame]:
        steps = self.operating_steps(g)
        return RoyalGorgeOperatingRound(steps, compat=g.variant.compat_18xx_games)

    def operating_steps(self, g: RoyalGorgeGame) -> Sequence[Step[RoyalGorgeGame]]:
        """ "Operating Rounds": buy privates and pay debt any time; lay track (with steel),
        build a station, run trains, ship gold, pay or withhold, buy trains; a pass ends the
        turn while a private could still be bought or debt paid."""
        track = TrackStep(per_turn=TRACK_LAYS)
        buy_company, debt = BuyCompanyStep(), DebtStep()
        return [
            buy_company,
            debt,
            steel.SteelChoiceStep(track),
            SulphurSpringsStep(),
            track,
            RoyalGorgeTokenStep(),
            RoyalGorgeRouteStep(),
            GoldStep(),
            DividendStep(),
            BridgeLeaseStep(),
            RoyalGorgeBuyTrainStep(),
            EndTurnStep([buy_company, debt]),
        ]

    def can_start(self, g: RoyalGorgeGame, player: str, corp_id: str) -> bool:
        """ "Stock Round" Fig. 1: a railroad may start from its tranche's phase."""
        phase = g.tranches.get(corp_id)
        return phase is not None and phase in g.phases_reached()

    def track_lays(self, g: RoyalGorgeGame, corp_id: str) -> int:
        """The track step's number (:meth:`operating_steps`), for the rules that count lays
        (:mod:`.steel`)."""
        return TRACK_LAYS

    def may_buy_privates(self, g: RoyalGorgeGame, corp_id: str) -> bool:
        """ "Buy Private Assets": from Green; not in Silver (18xx.games: still in Silver)."""
        return "private_sales" in g.depot.phases.current.status

    def may_buy_trains_from(self, g: RoyalGorgeGame, buyer: str, seller: str) -> bool:
        """ "Buy from Another Company": the two railroads' stations are joined by a route."""
        if not isinstance(g.map, RoyalGorgeMap):
            return False
        reach = g.map.graph.reach(buyer).stops
        return any(spot in reach for spot in g.map.board.tokens_of(seller))

    def on_train_events(self, g: RoyalGorgeGame, corp_id: str | None, events: TrainEvents) -> None:
        deck.departures(g, corp_id)

    def on_operating_round_end(self, g: RoyalGorgeGame) -> None:
        upkeep.end_of_operating_round(g)

    def score_adjustment(self, g: RoyalGorgeGame, player: str) -> int:
        from roundhouse.titles.g18royalgorge.scoring import adjustment

        return adjustment(g, player)
