"""18RoyalGorge's printed data - map, tiles, markets, trains, companies - as core objects.

The TOML files next to this module are the data (each names its sources in its header),
read and checked against the schemas in :mod:`.tables`; this module hands out core records: a
:class:`~roundhouse.core.board.Board`, a :class:`~roundhouse.core.tiles.TileSet`, a
:class:`~roundhouse.core.market.MarketGrid`, :class:`~roundhouse.core.trains.TrainType` and
:class:`~roundhouse.core.phases.Phase` lists (companies and private cards are in
:mod:`.company`).  Mutable things (the board, the phase track) are built fresh on every call.

Where the rulebook and 18xx.games disagree, the rulebook is the default and the 18xx.games
value is a named alternative, chosen with :class:`Source` (for importing its games).

>>> len(board().hexes), market_grid().find(45).col, train_types()[0].name
(105, 3, '2+')
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Iterable, Mapping

from roundhouse.core.board import Board
from roundhouse.core.datafile import limit, replace
from roundhouse.core.hexgrid import CoordinateSystem, Hexside, Layout
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase, PhaseTrack
from roundhouse.core.routes.kinds import TrainKind, doubling_train, plus_train
from roundhouse.core.shares import ShareRules
from roundhouse.core.tables.map import build_board
from roundhouse.core.tables.tiles import select, standard_tiles
from roundhouse.core.tiles import Colour, TileSet
from roundhouse.core.trains import TrainType
from roundhouse.titles.g18royalgorge.tables import (
    companies_file,
    map_file,
    market_file,
    tiles_file,
    trains_file,
)

COORDINATES = CoordinateSystem(layout=Layout.FLAT, letter_axis="x")
"""Flat-topped hexes, lettered columns A-O, numbered rows (18xx.games map.rb ``LAYOUT``)."""


class Source(enum.Enum):
    """Whose numbers to use where the rulebook and 18xx.games differ."""

    RULEBOOK = "rulebook"
    EIGHTEEN_XX_GAMES = "18xx_games"


# --- tiles and map ------------------------------------------------------------------------


@functools.cache
def tile_set(source: Source = Source.RULEBOOK) -> TileSet:
    """Every tile in play with its supply: the standard numbered tiles at this title's counts
    plus the R, S and gorge tiles (rulebook "Punchboard Track Tiles")."""
    doc = tiles_file()
    manifest = doc.manifest
    raw = manifest.rulebook if source is Source.RULEBOOK else manifest.eighteen_xx_games
    counts = {t: limit(n) for t, n in raw.items()}
    numbered = select(standard_tiles(), counts, doc.manifest, source.value)
    return numbered.merged(doc.tile_set())


def board(railroads: Iterable[str] = ("RG", "SF"), *, source: Source = Source.RULEBOOK) -> Board:
    """The starting board for a game with these railroads in play.

    Their home cities are reserved for them (rulebook "2. Build a Station": homes of railroads
    not yet started may not be used); Florence (I13) and Fountain (L8) are cities only when
    FCC and NO play ("1. Lay Track" Rule 1, exception).
    """
    in_play = set(railroads)
    doc = map_file()
    hexes = dict(doc.hexes)
    for name, form in doc.home_towns.items():
        code = form.city if form.company in in_play else form.town
        hexes[name] = replace(hexes[name], code=code)
    for rr_id, rr in companies_file().railroads.items():
        if rr_id in in_play and rr.home is not None:
            if rr.home not in hexes:
                raise rr.fail(f"home {rr.home} of {rr_id} needs its own [hexes] entry", "home")
            hexes[rr.home] = replace(hexes[rr.home], reserved=rr_id)
    return build_board(replace(doc, hexes=hexes), tile_set(source))


@dataclasses.dataclass(frozen=True)
class OffboardGroup:
    """One red destination printed over several hexes; a route may use only one of them."""

    name: str
    hexes: tuple[str, ...]
    shows: str


@functools.cache
def offboard_groups() -> Mapping[str, OffboardGroup]:
    return {
        name: OffboardGroup(name, row.hexes, row.shows)
        for name, row in map_file().offboard_groups.items()
    }


@dataclasses.dataclass(frozen=True)
class RoyalGorge:
    """The gorge hexes, their green and brown tiles, Rio Grande's stations there and the walls
    the Treaty of Boston opens (rulebook "Royal Gorge Tiles", "Resolving Events")."""

    hexes: tuple[str, ...]
    town: str
    stations: tuple[str, ...]
    walls: tuple[Hexside, ...]
    green: Mapping[str, str]
    brown: Mapping[str, str]


@functools.cache
def royal_gorge() -> RoyalGorge:
    raw = map_file().royal_gorge
    return RoyalGorge(
        hexes=raw.hexes,
        town=raw.town,
        stations=raw.stations,
        walls=tuple((w.hex, w.edge) for w in raw.walls),
        green={h: pair[0] for h, pair in raw.tiles.items()},
        brown={h: pair[1] for h, pair in raw.tiles.items()},
    )


@dataclasses.dataclass(frozen=True)
class LetterHex:
    """A hex whose tiles carry a letter (rulebook "Letter Tiles"); ``private`` lays them."""

    hex: str
    letter: str
    required: bool
    fallback: bool
    """Any legal tile may be laid when no letter tile of the colour is left."""
    private: str | None


@functools.cache
def letter_hexes(source: Source = Source.RULEBOOK) -> Mapping[str, LetterHex]:
    return {
        name: LetterHex(
            hex=name,
            letter=row.letter,
            required=row.required,
            fallback=row.fallback if source is Source.RULEBOOK else row.fallback_18xx_games,
            private=row.private,
        )
        for name, row in map_file().letter_hexes.items()
    }


@functools.cache
def city_ids_18xx_games() -> Mapping[str, str]:
    """Hex -> the id 18xx.games gives its pre-printed city (docs/facts/18xx-games-format.md
    §5.3), for reading ``place_token`` actions."""
    return dict(map_file().city_ids_18xx_games)


# --- markets --------------------------------------------------------------------------------


@functools.cache
def market_grid() -> MarketGrid:
    """The one-row share value track with par zones and the red end-game cells."""
    return market_file().stock_market.grid()


@functools.cache
def dividend_thresholds_pct() -> tuple[int, ...]:
    """A payout of 100/200/300% of the price moves 1/2/3 spaces ("4. Pay Dividends")."""
    return market_file().stock_market.dividend_thresholds_pct


@functools.cache
def start_prices() -> Mapping[str, int]:
    """CF&I and VGC on 45, the debt marker on 60 ("Setting Up the Game")."""
    return dict(market_file().stock_market.start)


@functools.cache
def par_zones() -> Mapping[str, frozenset[str]]:
    """Phase name -> market zones whose prices may start a railroad ("Starting a company")."""
    return {k: frozenset(v) for k, v in market_file().par_regions.items()}


def starting_cash(players: int) -> int:
    """Each player's capital ("Certificate Limits" table)."""
    return market_file().players.starting_cash[players]


def cert_limit(players: int, source: Source = Source.RULEBOOK) -> int:
    """Certificates a player may hold: 20/14/12 (18xx.games: 10 with four players)."""
    table = market_file().players
    limits = table.cert_limit if source is Source.RULEBOOK else table.cert_limit_18xx_games
    return limits[players]


def share_rules(players: int, *, metal: bool = False) -> ShareRules:
    """Holding limit 60% (70% with two players), pool limit 50% for railroads and none for
    CF&I and VGC ("Selling", "Buying", "2-Player Variant")."""
    raw = market_file().shares
    holding = raw.two_player_holding_limit_pct if players == 2 else raw.holding_limit_pct
    pool = raw.metal_pool_limit_pct if metal else raw.pool_limit_pct
    return ShareRules(pool_limit_pct=limit(pool), holding_limit_pct=limit(holding))


@dataclasses.dataclass(frozen=True)
class SteelColumn:
    """One column of the steel market: its colour and the cube prices printed in it."""

    name: str
    colour: Colour
    cubes: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class SteelMarket:
    """CF&I's steel market ("Buying Steel from CF&I"): refilled after every OR set."""

    columns: tuple[SteelColumn, ...]
    empty_price: int
    cfi_box_start: int

    def column(self, name: str) -> SteelColumn:
        return next(c for c in self.columns if c.name == name)


@functools.cache
def steel_market() -> SteelMarket:
    raw = market_file().steel
    columns = tuple(SteelColumn(c.name, c.color, c.cubes) for c in raw.columns)
    return SteelMarket(columns, raw.empty_price, raw.cfi_box_start)


@dataclasses.dataclass(frozen=True)
class GoldTrack:
    """The gold shipment track ("Shipping Gold"): VGC pays the lowest uncovered value."""

    values: tuple[int, ...]
    colours: tuple[Colour, ...]
    ship_bonus: int
    per_company_per_turn: int
    cubes: int

    def ship_limit(self, phase: Colour) -> int:
        """Spaces that may be covered in a phase of this colour (red never)."""
        return sum(1 for c in self.colours if c is not Colour.RED and c <= phase)


@functools.cache
def gold_track() -> GoldTrack:
    raw = market_file().gold
    return GoldTrack(
        values=raw.values,
        colours=raw.colors,
        ship_bonus=raw.ship_bonus,
        per_company_per_turn=raw.per_company_per_turn,
        cubes=raw.cubes,
    )


@dataclasses.dataclass(frozen=True)
class Debt:
    """What one railroad owes after the Treaty of Boston ("6. Pay Off 1 Debt")."""

    debtor: str
    creditor: str
    tokens: int
    penalty: tuple[int, ...]
    """Spaces left at the game end, indexed by tokens still unpaid (18xx.games values)."""


@functools.cache
def debts() -> Mapping[str, Debt]:
    return {
        debtor: Debt(debtor, row.creditor, row.tokens, row.penalty)
        for debtor, row in market_file().debt.owed.items()
    }


@functools.cache
def debt_markers() -> int:
    return market_file().debt.markers


# --- trains and phases -------------------------------------------------------------------------


@functools.cache
def train_types() -> tuple[TrainType, ...]:
    """The roster in deck order (count None: the 6x2 never runs out)."""
    return trains_file().train_types()


@functools.cache
def train_kinds() -> Mapping[str, TrainKind]:
    """How each train runs ("3. Run Trains" Fig. 3): "+" trains and the 6x2."""
    out: dict[str, TrainKind] = {}
    for row in trains_file().trains:
        if row.kind == "plus" or row.factor is None:
            out[row.name] = plus_train(row.stops, row.name)
        else:
            out[row.name] = doubling_train(row.stops, row.factor, row.name)
    return out


@functools.cache
def phases(source: Source = Source.RULEBOOK) -> tuple[Phase, ...]:
    """Yellow, Green, Brown, Silver.  ``Phase.on`` stays None: a phase starts on the n-th card
    of a type (:func:`phase_starts`), which the title's rules apply."""
    regions = par_zones()
    out: list[Phase] = []
    for row in trains_file().phases:
        sales = row.private_sales
        if source is Source.EIGHTEEN_XX_GAMES and row.private_sales_18xx_games is not None:
            sales = row.private_sales_18xx_games
        if row.name not in regions:
            raise row.fail(f"market.toml [par_regions] has no phase {row.name!r}", "name")
        status = frozenset({"private_sales"} if sales else ())
        out.append(row.phase(par_zones=regions[row.name], status=status))
    return tuple(out)


def phase_track(source: Source = Source.RULEBOOK) -> PhaseTrack:
    """A fresh phase track at Yellow."""
    return PhaseTrack(phases(source))


@functools.cache
def phase_colours() -> Mapping[str, Colour]:
    """Phase name -> colour for phase-dependent revenues and steel (Silver is gray)."""
    return {p.name: p.color for p in trains_file().phases}


@functools.cache
def steel_colours() -> Mapping[str, tuple[Colour, ...]]:
    """Phase name -> steel column colours open in it ("Buying Steel from CF&I")."""
    return {p.name: p.steel for p in trains_file().phases}


@functools.cache
def phase_starts() -> Mapping[str, str]:
    """Train id -> the phase its departure from the deck starts ("2+-3" -> "Green")."""
    return {p.starts_on: p.name for p in trains_file().phases if p.starts_on is not None}


@functools.cache
def deck_events() -> Mapping[str, tuple[str, ...]]:
    """Train id -> events its departure from the deck sets off (Treaty of Boston, ...)."""
    out: dict[str, tuple[str, ...]] = {}
    for row in trains_file().events:
        out[row.train] = (*out.get(row.train, ()), row.event)
    return out


@functools.cache
def export_all_type() -> str:
    """If the top card at export time is of this type, every card of it leaves."""
    return trains_file().export.all_of_type
