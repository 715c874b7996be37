"""18US's card powers (concessions and privates, 18US §10) as :class:`Ability` records.

* :class:`ExtraTileLay` - lays besides the company's own (§10.1.3), played by
  :class:`~.extra_lay_step.ExtraTileLayStep`;
* :class:`TerrainDiscount` - terrain costs paid by the card (§10.1.3), and
  :class:`BonusToken` - extra station hexes, both read by :class:`~.card_board.CardBoardMap`;
* :class:`RevenueMarker` - a "+10"/"+20" bonus token put on a city, adding to every route
  (or the owning company's routes) through it (§10.1.1-§10.1.2, §10.2.1-§10.2.2), placed by
  :class:`~.revenue_marker_step.RevenueMarkerStep`;
* :class:`TrainPurchaseIncome` - money to the card's owner each time a company buys a train
  from the bank (§10.1.5 Baldwin: "$20 per Train"), :class:`~.train_income.IncomeBuyTrainStep`;
* :class:`TrainDiscount` - money off a train from the bank (§10.1.5),
  :class:`~.train_discount.DiscountBuyTrainStep`;
* :class:`ShareExchange` - swap the card for a share (§10.1.4), played by
  :class:`~.exchange_step.ShareExchangeStep` in stock rounds and operating turns.
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.ability import Ability, When, Who


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExtraTileLay(Ability):
    """Lays besides the company's own, played by
    :class:`~.extra_lay_step.ExtraTileLayStep` (18US §10.1.3, the Army Corps of Engineers:
    "a single extra yellow tile at no extra cost")."""

    count: int = 1
    """Lays a turn (``per_round`` and ``uses`` count lays too)."""
    hexes: frozenset[str] = frozenset()
    """Hexes it may be used in; empty: anywhere the company may build."""
    tiles: frozenset[str] = frozenset()
    discount: int | None = None
    """Money off the terrain; None: the lay is free."""
    when: When = When.TRACK


@dataclasses.dataclass(frozen=True, kw_only=True)
class TerrainDiscount(Ability):
    """Terrain and hexside costs a card pays for the company that builds (18US §10.1.3: "up
    to $40 each Operating Round"), read by :class:`~.card_board.CardBoardMap`
    (:mod:`.terrain_card`)."""

    terrain: frozenset[str]
    amount: int | None = None
    """Dollars of terrain cost absorbed per company turn (a budget shared by the turn's
    lays, 18US §10.1.3's $40); None: the whole cost."""
    when: When = When.TRACK


@dataclasses.dataclass(frozen=True, kw_only=True)
class BonusToken(Ability):
    """Extra hexes where the company owning the card may place a station, at the card's
    price (read by :class:`~.card_board.CardBoardMap`)."""

    hexes: frozenset[str] = frozenset()
    price: int = 0
    when: When = When.TOKEN


@dataclasses.dataclass(frozen=True, kw_only=True)
class RevenueMarker(Ability):
    """A bonus token that raises a stop's value, not a station (18US §10.1.1: "a +10 Bonus
    Token ... in Montreal (B25), Albany (C24), or Detroit (C20) at any time during an
    Operating Round ... need have no connection ... every company benefits"; §10.2.1 the
    +20 placed by the owning company "during its token placement step").  It takes no slot,
    is placed once (``uses``) and stays for the game."""

    hexes: frozenset[str]
    """Hexes whose city it may go on."""
    circles: tuple[tuple[str, str], ...] = ()
    """(hex, city) where only that City of a hex may take it while the hex has it (18US
    §10.1.2, §10.2.1: "New Orleans (H17-E)", not Shreveport)."""
    amount: int
    """What every route scoring that city earns more (before the train's multiplier)."""
    for_all: bool = True
    """True: every company's routes gain it (18US); False: only the company that owned the
    card when it was placed."""
    uses: int | None = 1
    when: When = When.ANY


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainPurchaseIncome(Ability):
    """Income paid by the bank to the card's owner whenever any company buys a train from the
    bank, not from the pool or another company (18US §10.1.5: "Each time a company buys a
    train from the Bank ... the owner receives $20 from the Bank")."""

    amount: int
    trains: frozenset[str] = frozenset()
    """Train sides it pays for (18US §10.2.6, the Electro-Motive Division: "an E-train or a
    G-train"); empty: every train."""
    when: When = When.TRAIN


@dataclasses.dataclass(frozen=True, kw_only=True)
class ShareExchange(Ability):
    """The card may be swapped for one single share (18US §10.1.4: "a single share from the
    Pool", in a stock round or in that company's operating turn before its dividend, so
    ``when`` :attr:`When.ANY`); played by
    :class:`~.exchange_step.ShareExchangeStep`."""

    corporation: str | None = None
    """The company whose share it gives; None: any company's."""
    sources: frozenset[str] = frozenset({"ipo", "pool"})
    """Where the share may come from: "ipo", "pool" or "treasury" (the company's own)."""
    when: When = When.STOCK_ROUND


@dataclasses.dataclass(frozen=True, kw_only=True)
class TrainDiscount(Ability):
    """Money off a train bought from the bank (18US §10.1.5 Baldwin Locomotive Works: 50
    percent, using it closes the concession, §6.8), played by
    :class:`~.train_discount.DiscountBuyTrainStep`."""

    amount: int = 0
    percent: int = 0
    """Percent off the price (18US §10.1.5: 50)."""
    trains: frozenset[str] = frozenset()
    """Train types it applies to; empty: all."""
    when: When = When.TRAIN
    who: Who = Who.PRESIDED_COMPANY

    def price(self, base: int) -> int:
        return max(0, base - self.amount - base * self.percent // 100)
