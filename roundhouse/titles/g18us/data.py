"""18US's printed components as core records: companies, Concessions, trains, phases, market.

Read from ``companies.toml``, ``trains.toml`` and ``market.toml`` (each names its sources in its
header; schemas in :mod:`.tables`).  A Concession's card text becomes core and 18US
:class:`~roundhouse.core.ability.Ability` records (:func:`concessions`).

>>> specs = corporations()
>>> specs["PRR"].size, specs["PRR"].float_shares, specs["UP"].size, specs["DRG"].unplayable
(4, 2, 5, 2)
>>> [t.name for t in train_types()], market_grid().find(65).zones
(['2', '3', '4', '3E', '4E', '5E', '2H'], frozenset({'par'}))
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from roundhouse.core.ability import Ability, Closes, Income, When, Who
from roundhouse.core.datafile import limit
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase
from roundhouse.core.routes.kinds import (
    AnyKind,
    express_train,
    freight_train,
    hex_train,
    plus_train,
)
from roundhouse.core.shares import ShareRules
from roundhouse.core.trains import TrainType
from roundhouse.titles.g18us.ability import (
    ExtraTileLay,
    RevenueMarker,
    ShareExchange,
    TerrainDiscount,
    TrainDiscount,
    TrainPurchaseIncome,
)
from roundhouse.titles.g18us.board import bonus_tokens
from roundhouse.titles.g18us.tables import companies_file, market_file, trains_file

EASTERN = "eastern"
LAND_GRANT = "land_grant"
DRG = "drg"

WRRC_EVENT = "wrrc"
"""What closes the Eastern Concessions still open (§3.3: "close at the start of the Western
Railroad Convention")."""

TERRAIN = frozenset({"mountain", "ridge", "river"})
"""What the Army Corps of Engineers absorbs (§10.1.3: "Mountains, Ridges, and Rivers")."""

CLASSIC_TRAINS = frozenset({"2", "3", "4"})

EXPRESS_FREIGHT_SIDES = frozenset({"3E", "4E", "5E", "2G", "3G", "4G"})
"""§10.2.6: the Electro-Motive Division pays "each time a company ... buys an E-train or a
G-train from the Bank"."""

PERMANENT_CARDS = frozenset({"3E", "4E", "5E", "2H"})
"""The permanent train cards (E/G and the Commuter cards, §10.6), by card type: what the
Electro-Motive Division halves (§10.2.6: "a single new permanent train (E-train, G-train, or
H-train)")."""


def _charter(group: str) -> dict[str, object]:
    """Shares, float and tokens by group: 4-share Eastern companies float on the President's
    Certificate with their base and one more token (§3.4, §3.5, §5.3); 5-share Land Grant
    companies on three shares with two more (§7.3.1); the DRG is a 4-share company with two
    unplayable shares and one more token (§10.2.4)."""
    if group == EASTERN:
        return {"size": 4, "float_shares": 2, "tokens": (0, 0), "unplayable": 0}
    # §6.9: "5-Share Land Grant companies and the DRG are not required to own a train".
    if group == LAND_GRANT:
        return {"size": 5, "float_shares": 3, "tokens": (0, 0, 0), "must_own_train": False}
    return {
        "size": 4,
        "float_shares": 2,
        "tokens": (0, 0),
        "unplayable": 2,
        "must_own_train": False,
    }


@functools.cache
def corporations() -> Mapping[str, CorporationSpec]:
    """Every company by id, in the file's order: six Eastern, six Land Grant, the DRG."""
    out: dict[str, CorporationSpec] = {}
    for cid, row in companies_file().corporations.items():
        home = (row.home, row.home_city) if row.home and row.home_city else ()
        out[cid] = CorporationSpec(
            id=cid,
            name=row.name,
            kind=row.group,
            president_shares=2,
            home=home,
            **_charter(row.group),  # type: ignore[arg-type]
        )
    return out


def group(corp_id: str) -> str:
    return corporations()[corp_id].kind


def _bonus_hexes(concession: str) -> frozenset[str]:
    return frozenset(h for h, _ in bonus_tokens()[concession].sites)


def _bonus_circles(concession: str) -> tuple[tuple[str, str], ...]:
    """The sites the rulebook names by circle ("H17-E")."""
    return tuple((h, c) for h, c in bonus_tokens()[concession].sites if c is not None)


def _powers(pid: str) -> tuple[Ability, ...]:
    """The Bonus Action of each Eastern Concession (§10.1) as abilities."""
    eastern_close = Closes(on_event=WRRC_EVENT)
    if pid in ("P1", "P2"):
        # §6.4.2, §10.1.1-§10.1.2: placed at any time in an Operating Round, by the owner,
        # free, for every company; placing it closes the Concession.
        marker = RevenueMarker(
            hexes=_bonus_hexes(pid),
            circles=_bonus_circles(pid),
            amount=bonus_tokens()[pid].value,
        )
        return (marker, Closes(after_use=True), eastern_close)
    if pid == "P3":
        # §10.1.3: up to $40 of terrain a round for one company the owner presides, and one
        # extra yellow tile, which closes the Concession.
        return (
            TerrainDiscount(terrain=TERRAIN, amount=40, per_round=1, who=Who.PRESIDED_COMPANY),
            ExtraTileLay(uses=1, who=Who.PRESIDED_COMPANY, discount=40),
            Closes(after_use=True),
            eastern_close,
        )
    if pid == "P4":
        # §10.1.4: exchanged for one share from the Pool, in a Stock Round or in that
        # company's operating turn between earnings and dividends.
        return (
            ShareExchange(sources=frozenset({"pool"}), when=When.ANY, uses=1),
            Closes(after_use=True),
            eastern_close,
        )
    if pid == "P5":
        # §10.1.5: $20 for each train a company buys from the Bank; 50% off a new Classic
        # train for a company the owner presides, which closes the Concession.
        return (
            TrainPurchaseIncome(amount=20),
            TrainDiscount(percent=50, trains=CLASSIC_TRAINS),
            Closes(after_use=True),
            eastern_close,
        )
    if pid == "P6":
        # §10.1.6: closes when the Southern Railway earns its first revenue (title rule).
        return (eastern_close,)
    return _western_powers(pid)


def _western_powers(pid: str) -> tuple[Ability, ...]:
    """The Bonus Action of each Western Concession (§10.2).  P10 (the DRG, :mod:`.drg`) and
    P11 (the Pacific Railway Act, :mod:`.western_convention`) act through title rules."""
    company = Who.OWNING_COMPANY
    if pid in ("P7", "P8"):
        # §6.4.2, §10.2.1-§10.2.2: the owning company places the +20 in its token step, free,
        # besides its own token, for every company; placing it closes the Concession.
        marker = RevenueMarker(
            hexes=_bonus_hexes(pid),
            circles=_bonus_circles(pid),
            amount=bonus_tokens()[pid].value,
            when=When.TOKEN,
            who=company,
        )
        return (marker, Closes(after_use=True))
    if pid == "P9":
        # §10.2.3: up to $80 of terrain a round for the owning company, and one extra yellow
        # tile, which closes the Concession.
        return (
            TerrainDiscount(terrain=TERRAIN, amount=80, per_round=1, who=company),
            ExtraTileLay(uses=1, who=company, discount=80),
            Closes(after_use=True),
        )
    if pid == "P12":
        # §10.2.6: $25 for each E- or G-train a company buys from the Bank; 50% off one new
        # permanent train for the owning company, which closes the Concession.
        return (
            TrainPurchaseIncome(amount=25, trains=EXPRESS_FREIGHT_SIDES),
            TrainDiscount(percent=50, trains=PERMANENT_CARDS, who=company),
            Closes(after_use=True),
        )
    return ()


@functools.cache
def concessions() -> Mapping[str, PrivateSpec]:
    """P1-P12 as private cards.  Every Concession counts as a certificate (§4.1); only
    P7-P9 and P12 may be bought by companies (§7.2)."""
    out: dict[str, PrivateSpec] = {}
    for pid, row in companies_file().concessions.items():
        abilities: tuple[Ability, ...] = ()
        if row.revenue:
            abilities += (Income(amount=row.revenue),)
        abilities += _powers(pid)
        out[pid] = PrivateSpec(
            id=pid,
            name=row.name,
            value=row.value,
            abilities=abilities,
            counts_as_cert=True,
            company_may_buy=row.company_may_buy,
        )
    return out


def eastern_concessions() -> tuple[PrivateSpec, ...]:
    """P1-P6, in the Pool at the start (§3.1)."""
    rows = companies_file().concessions
    return tuple(c for pid, c in concessions().items() if rows[pid].region == "eastern")


def western_concessions() -> tuple[PrivateSpec, ...]:
    """P7-P12, set aside until the Western Railroad Convention (§3.1, §7.1)."""
    rows = companies_file().concessions
    return tuple(c for pid, c in concessions().items() if rows[pid].region == "western")


def is_western(pid: str) -> bool:
    return companies_file().concessions[pid].region == "western"


@functools.cache
def train_types() -> tuple[TrainType, ...]:
    """Every train card, lowest cost first (§3.1); the Commuter cards are dealt too and set
    aside at once (:func:`set_aside_types`, :class:`~.state.UsGame`)."""
    return tuple(t.train_type() for t in trains_file().trains)


@functools.cache
def set_aside_types() -> frozenset[str]:
    """§3.1: "Take the six Commuter trains (the 1H- and 2H-trains) and set them aside"."""
    return frozenset(t.name for t in trains_file().trains if t.set_aside)


@functools.cache
def train_kinds() -> Mapping[str, AnyKind]:
    """How each train and each card side runs (§6.5, §6.5.1, §6.8.1)."""
    out: dict[str, AnyKind] = {}
    for row in trains_file().trains:
        if row.train_class == "classic":
            out[row.name] = plus_train(row.stops, row.name)
        elif row.train_class == "express":
            out[row.name] = express_train(row.stops, row.name)
        elif row.train_class == "commuter":
            out[row.name] = hex_train(row.stops, row.name)
        for side in row.variants:
            stops = int(side.name[:-1])
            if side.name.endswith("G"):
                out[side.name] = freight_train(stops, side.name)
            else:
                out[side.name] = hex_train(stops, side.name)
    return out


@functools.cache
def train_classes() -> Mapping[str, str]:
    """Train or side name -> "classic", "express", "freight" or "commuter"."""
    out: dict[str, str] = {}
    for row in trains_file().trains:
        out[row.name] = row.train_class
        for side in row.variants:
            out[side.name] = "freight" if side.name.endswith("G") else row.train_class
    return out


@functools.cache
def phases() -> tuple[Phase, ...]:
    return tuple(p.phase() for p in trains_file().phases)


@functools.cache
def freight_bonus() -> Mapping[str, int]:
    """Phase -> the fixed Freight Bonus of Classic trains (§6.5.1)."""
    return {p.name: p.freight_bonus for p in trains_file().phases}


@functools.cache
def freight_token_bonus() -> Mapping[str, int]:
    """Phase -> the Freight Bonus per station token of Freight trains (§6.5.1)."""
    return {p.name: p.freight_token_bonus for p in trains_file().phases}


@functools.cache
def market_grid() -> MarketGrid:
    return market_file().stock_market.grid()


def bank() -> int:
    return market_file().bank.cash


def convention_bids() -> tuple[int, ...]:
    return market_file().bank.convention_bids


def starting_cash() -> Mapping[int, int]:
    players = market_file().players
    assert players is not None
    return dict(players.starting_cash)


def cert_limits() -> Mapping[int, int]:
    players = market_file().players
    assert players is not None
    return dict(players.cert_limit)


@functools.cache
def share_rules() -> ShareRules:
    """§4.1: any amount in the Pool; three shares of a 4- or 5-share company; a President's
    Certificate never enters the Pool by sale."""
    raw = market_file().shares
    return ShareRules(
        pool_limit_pct=limit(raw.pool_limit_pct),
        holding_limit_pct=limit(raw.holding_limit_pct),
        holding_limit_shares=dict(raw.holding_limit_shares),
    )
