"""The private asset cards' powers that are not plain income.

Rulebook "Yellow/Green/Brown Privates Reference" with the card texts in companies.toml:

* Y1 St. Cloud Hotel: +$20 to each route of the owning railroad that stops at the hotel
  (Silvercliffe G17, from the Brown phase Cañon City H12);
* Y2 Ghost Town Tour Co.: +$10 per ghost-town hex on a route of the owning railroad
  (tokens placed by :func:`.gold.ship`);
* Y4 William Palmer: the buyer also gets a 10% Rio Grande and a 10% CF&I share;
* Y5 Prison Labor Force: the owning railroad pays half terrain costs (18xx.games: none at E19);
* Y6 Local Jeweler: $5 per gold shipped, paid to the owner at the start of each stock round;
* G1 Doc Holliday: creditor of Santa Fe (:mod:`.treaty`);
* G2 13lb Gold Nugget: one shipment for +$130 (:mod:`.gold`);
* G5 Metals Investor and B6 U.S. Mint Worker: discounted CF&I/VGC purchases (:mod:`.stock`);
* G6 Coal Depot: a cube per full $10 paid for it, spent as in :mod:`.coal`;
* B3 Steel Depot: 5 free yellow steel cubes, two per operating round (:mod:`.steel`);
* B4 Gold Miner: two ghost VGC shares (:mod:`.metals`);
* B5 Track Engineer (and its alternate art B5a): one train a turn one stop longer
  (:mod:`.track_engineer`);
* G3 Hanging Bridge Lease: running through the gorge for a tenth of the route to Rio Grande
  (:mod:`.hanging_bridge`);
* B2 Sulphur Springs: its town becomes a city of the same colour (:mod:`.sulphur_springs`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.board import Board
from roundhouse.core.flow.lay_rule import LayRule, LayScope
from roundhouse.core.market import Direction
from roundhouse.core.routes.graph import RouteGraph
from roundhouse.core.routes.kinds import Train
from roundhouse.core.routes.revenue import Bonus, RouteFacts, StopScore
from roundhouse.core.shares import POOL
from roundhouse.core.track import TileLay
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

HOTEL, GHOSTS, PALMER, PRISON, JEWELER = "Y1", "Y2", "Y4", "Y5", "Y6"
COAL_DEPOT, STEEL_DEPOT = "G6", "B3"
HOTEL_START, HOTEL_BROWN = "G17", "H12"


def owner_of(g: RoyalGorgeGame, private_id: str) -> str | None:
    p = g.privates.get(private_id)
    return None if p is None or p.closed else p.owner


def hotel_hex(g: RoyalGorgeGame) -> str:
    return HOTEL_BROWN if "Brown" in g.phases_reached() else HOTEL_START


@dataclasses.dataclass(frozen=True, kw_only=True)
class HotelBonus:
    """+``amount`` to a route stopping in ``hex`` (St. Cloud Hotel)."""

    hex: str
    amount: int = 20

    def apply(
        self, graph: RouteGraph, company: str, facts: RouteFacts, scores: Sequence[StopScore]
    ) -> Bonus | None:
        if any(s.id.rpartition("-")[0] == self.hex for s in facts.stops):
            return Bonus("St. Cloud Hotel", self.amount)
        return None

    def stop_bound(
        self, graph: RouteGraph, company: str, train: Train
    ) -> tuple[int, frozenset[str]]:
        """The optimiser's bound: at most ``amount``, only on routes stopping in the hotel's
        hex (:class:`~roundhouse.core.routes.growth.StopRouteBonus`)."""
        return self.amount, frozenset(
            s.id for s in graph.stops if s.id.rpartition("-")[0] == self.hex
        )


def on_bought(g: RoyalGorgeGame, private_id: str, owner: str, price: int) -> None:
    """What buying a card in the auction sets off."""
    if private_id == PALMER:
        for corp_id, cert_id in (("RG", "RG_1"), ("CF&I", "CF&I_1")):
            book = g.books.get(corp_id)
            if book is None:
                continue
            cert = book.certs.get(cert_id)
            if cert is not None and cert.owner in (corp_id, POOL):
                cert.owner = owner
    elif private_id == COAL_DEPOT:
        g.coal[COAL_DEPOT] = price // 10
    elif private_id == STEEL_DEPOT:
        g.steel_depot = 5
    elif private_id == GHOSTS:
        g.ghost_tokens = 4


def terrain_cost(g: RoyalGorgeGame, corp: str, hex_name: str, cost: int) -> int:
    """Half terrain for the Prison Labor Force's railroad."""
    if not cost or owner_of(g, PRISON) != corp:
        return cost
    if g.variant.compat_18xx_games and hex_name == "E19":
        return cost
    return cost // 2


def pay_jeweler(g: RoyalGorgeGame) -> None:
    """Start of a stock round: the money on the Local Jeweler becomes its owner's."""
    owner = owner_of(g, JEWELER)
    if g.jeweler_cash and owner is not None:
        from roundhouse.core.bank import BANK

        g.ledger.transfer(BANK, owner, g.jeweler_cash)
    g.jeweler_cash = 0


def discounted_price(g: RoyalGorgeGame, corp_id: str) -> int:
    """One market space below the current price (Metals Investor)."""
    cell = g.market.grid.step(g.market.cell(corp_id), Direction.LEFT)
    return cell.price


class PrisonLabor(LayRule[RoyalGorgeGame]):
    """The Prison Labor Force's railroad pays half terrain (:func:`terrain_cost`)."""

    __slots__ = ()

    def where(self, board: Board) -> LayScope:
        """The lays of the railroad holding the card (Y5): bought during the turn, it
        halves the next lay's terrain at once (listings are keyed on who holds it)."""
        return LayScope(card=PRISON)

    def terrain(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay, cost: int) -> int:
        return terrain_cost(g, corp_id, lay.hex, cost)
