"""18RoyalGorge's printed data - map, tiles, markets, trains, companies - as core objects.

The TOML files next to this module are the data (each names its sources in its header); this
module only reads them, once (``functools.cache``), and hands out core records: a
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

import copy
import dataclasses
import enum
import functools
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import cast

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.hexgrid import CoordinateSystem, Hexside, Layout
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase, PhaseTrack
from roundhouse.core.routes.kinds import TrainKind, doubling_train, plus_train
from roundhouse.core.shares import ShareRules
from roundhouse.core.tiles import Colour, TileSet, load_tiles, standard_tiles
from roundhouse.core.trains import TrainType

HERE = Path(__file__).parent
COORDINATES = CoordinateSystem(layout=Layout.FLAT, letter_axis="x")
"""Flat-topped hexes, lettered columns A-O, numbered rows (18xx.games map.rb ``LAYOUT``)."""

Table = dict[str, object]


class Source(enum.Enum):
    """Whose numbers to use where the rulebook and 18xx.games differ."""

    RULEBOOK = "rulebook"
    EIGHTEEN_XX_GAMES = "18xx_games"


@functools.cache
def read_toml(name: str) -> Table:
    """One data file, parsed once and shared: callers must not change it."""
    with (HERE / name).open("rb") as fh:
        return tomllib.load(fh)


def table_of(data: Mapping[str, object], key: str) -> Table:
    value = data[key]
    if not isinstance(value, dict):
        raise TypeError(f"18RoyalGorge data: {key!r} is not a table")
    return cast(Table, value)


def as_strs(value: object) -> tuple[str, ...]:
    return tuple(str(v) for v in cast(list[object], value))


def as_ints(value: object) -> tuple[int, ...]:
    return tuple(int(cast(int, v)) for v in cast(list[object], value))


# --- tiles and map ------------------------------------------------------------------------


@functools.cache
def tile_set(source: Source = Source.RULEBOOK) -> TileSet:
    """Every tile in play with its supply: the standard numbered tiles at this title's counts
    plus the R, S and gorge tiles (rulebook "Punchboard Track Tiles")."""
    data = read_toml("tiles.toml")
    own = load_tiles(data, source=str(HERE / "tiles.toml"))
    counts = table_of(table_of(data, "manifest"), source.value)
    return standard_tiles().select({k: cast(int, v) for k, v in counts.items()}).merged(own)


def board(railroads: Iterable[str] = ("RG", "SF"), *, source: Source = Source.RULEBOOK) -> Board:
    """The starting board for a game with these railroads in play.

    Their home cities are reserved for them (rulebook "2. Build a Station": homes of railroads
    not yet started may not be used); Florence (I13) and Fountain (L8) are cities only when
    FCC and NO play ("1. Lay Track" Rule 1, exception).
    """
    in_play = set(railroads)
    data = copy.deepcopy(read_toml("map.toml"))
    hexes = table_of(data, "hexes")
    for name, form in table_of(data, "home_towns").items():
        form = cast(Table, form)
        entry = cast(Table, hexes[name])
        entry["code"] = form["city"] if form["company"] in in_play else form["town"]
    for rr_id, rr in table_of(read_toml("companies.toml"), "railroads").items():
        if rr_id in in_play:
            home = str(cast(Table, rr)["home"])
            if home not in hexes:
                raise KeyError(f"18RoyalGorge map.toml: home {home} of {rr_id} needs its own entry")
            cast(Table, hexes[home])["reserved"] = rr_id
    return load_board(data, source=str(HERE / "map.toml"), tiles=tile_set(source))


@dataclasses.dataclass(frozen=True)
class OffboardGroup:
    """One red destination printed over several hexes; a route may use only one of them."""

    name: str
    hexes: tuple[str, ...]
    shows: str


@functools.cache
def offboard_groups() -> Mapping[str, OffboardGroup]:
    out: dict[str, OffboardGroup] = {}
    for name, raw in table_of(read_toml("map.toml"), "offboard_groups").items():
        entry = cast(Table, raw)
        out[name] = OffboardGroup(name, as_strs(entry["hexes"]), str(entry["shows"]))
    return out


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
    raw = table_of(read_toml("map.toml"), "royal_gorge")
    tiles = table_of(raw, "tiles")
    walls: list[Hexside] = []
    for text in as_strs(raw["walls"]):
        name, edge = text.split()
        walls.append((name, int(edge)))
    return RoyalGorge(
        hexes=as_strs(raw["hexes"]),
        town=str(raw["town"]),
        stations=as_strs(raw["stations"]),
        walls=tuple(walls),
        green={h: as_strs(t)[0] for h, t in tiles.items()},
        brown={h: as_strs(t)[1] for h, t in tiles.items()},
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
    out: dict[str, LetterHex] = {}
    key = "fallback" if source is Source.RULEBOOK else "fallback_18xx_games"
    for name, raw in table_of(read_toml("map.toml"), "letter_hexes").items():
        entry = cast(Table, raw)
        private = entry.get("private")
        out[name] = LetterHex(
            hex=name,
            letter=str(entry["letter"]),
            required=bool(entry["required"]),
            fallback=bool(entry[key]),
            private=None if private is None else str(private),
        )
    return out


@functools.cache
def city_ids_18xx_games() -> Mapping[str, str]:
    """Hex -> the id 18xx.games gives its pre-printed city (docs/facts/18xx-games-format.md
    §5.3), for reading ``place_token`` actions."""
    return {k: str(v) for k, v in table_of(read_toml("map.toml"), "city_ids_18xx_games").items()}


# --- markets --------------------------------------------------------------------------------


@functools.cache
def market_grid() -> MarketGrid:
    """The one-row share value track with par zones and the red end-game cells."""
    raw = table_of(read_toml("market.toml"), "stock_market")
    legend = {k: str(v) for k, v in table_of(raw, "legend").items()}
    return MarketGrid.parse(as_strs(raw["rows"]), legend)


@functools.cache
def dividend_thresholds_pct() -> tuple[int, ...]:
    """A payout of 100/200/300% of the price moves 1/2/3 spaces ("4. Pay Dividends")."""
    return as_ints(table_of(read_toml("market.toml"), "stock_market")["dividend_thresholds_pct"])


@functools.cache
def start_prices() -> Mapping[str, int]:
    """CF&I and VGC on 45, the debt marker on 60 ("Setting Up the Game")."""
    raw = table_of(table_of(read_toml("market.toml"), "stock_market"), "start")
    return {k: int(cast(int, v)) for k, v in raw.items()}


@functools.cache
def par_zones() -> Mapping[str, frozenset[str]]:
    """Phase name -> market zones whose prices may start a railroad ("Starting a company")."""
    raw = table_of(read_toml("market.toml"), "par_regions")
    return {k: frozenset(as_strs(v)) for k, v in raw.items()}


def starting_cash(players: int) -> int:
    """Each player's capital ("Certificate Limits" table)."""
    return int(
        cast(
            int,
            table_of(table_of(read_toml("market.toml"), "players"), "starting_cash")[str(players)],
        )
    )


def cert_limit(players: int, source: Source = Source.RULEBOOK) -> int:
    """Certificates a player may hold: 20/14/12 (18xx.games: 10 with four players)."""
    key = "cert_limit" if source is Source.RULEBOOK else "cert_limit_18xx_games"
    return int(
        cast(int, table_of(table_of(read_toml("market.toml"), "players"), key)[str(players)])
    )


def share_rules(players: int, *, metal: bool = False) -> ShareRules:
    """Holding limit 60% (70% with two players), pool limit 50% for railroads and none for
    CF&I and VGC ("Selling", "Buying", "2-Player Variant")."""
    raw = table_of(read_toml("market.toml"), "shares")
    key = "two_player_holding_limit_pct" if players == 2 else "holding_limit_pct"
    pool = raw["metal_pool_limit_pct" if metal else "pool_limit_pct"]
    return ShareRules(
        pool_limit_pct=int(cast(int, pool)), holding_limit_pct=int(cast(int, raw[key]))
    )


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
    raw = table_of(read_toml("market.toml"), "steel")
    columns = tuple(
        SteelColumn(str(c["name"]), Colour.parse(str(c["color"])), as_ints(c["cubes"]))
        for c in cast(list[Table], raw["columns"])
    )
    return SteelMarket(
        columns, int(cast(int, raw["empty_price"])), int(cast(int, raw["cfi_box_start"]))
    )


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
    raw = table_of(read_toml("market.toml"), "gold")
    return GoldTrack(
        values=as_ints(raw["values"]),
        colours=tuple(Colour.parse(c) for c in as_strs(raw["colors"])),
        ship_bonus=int(cast(int, raw["ship_bonus"])),
        per_company_per_turn=int(cast(int, raw["per_company_per_turn"])),
        cubes=int(cast(int, raw["cubes"])),
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
    raw = table_of(table_of(read_toml("market.toml"), "debt"), "owed")
    out: dict[str, Debt] = {}
    for debtor, entry in raw.items():
        e = cast(Table, entry)
        out[debtor] = Debt(
            debtor, str(e["creditor"]), int(cast(int, e["tokens"])), as_ints(e["penalty"])
        )
    return out


@functools.cache
def debt_markers() -> int:
    return int(cast(int, table_of(read_toml("market.toml"), "debt")["markers"]))


# --- trains and phases -------------------------------------------------------------------------


@functools.cache
def train_types() -> tuple[TrainType, ...]:
    """The roster in deck order (count None: the 6x2 never runs out)."""
    out: list[TrainType] = []
    for raw in cast(list[Table], read_toml("trains.toml")["trains"]):
        count = raw["count"]
        rusts = raw.get("rusts_on")
        out.append(
            TrainType(
                name=str(raw["name"]),
                price=int(cast(int, raw["price"])),
                count=None if count == "unlimited" else int(cast(int, count)),
                rusts_on=None if rusts is None else str(rusts),
                salvage=int(cast(int, raw.get("salvage", 0))),
            )
        )
    return tuple(out)


@functools.cache
def train_kinds() -> Mapping[str, TrainKind]:
    """How each train runs ("3. Run Trains" Fig. 3): "+" trains and the 6x2."""
    out: dict[str, TrainKind] = {}
    for raw in cast(list[Table], read_toml("trains.toml")["trains"]):
        name, stops = str(raw["name"]), int(cast(int, raw["stops"]))
        if raw["kind"] == "plus":
            out[name] = plus_train(stops, name)
        else:
            out[name] = doubling_train(stops, int(cast(int, raw["factor"])), name)
    return out


@functools.cache
def phases(source: Source = Source.RULEBOOK) -> tuple[Phase, ...]:
    """Yellow, Green, Brown, Silver.  ``Phase.on`` stays None: a phase starts on the n-th card
    of a type (:func:`phase_starts`), which the title's rules apply."""
    regions = par_zones()
    out: list[Phase] = []
    for raw in cast(list[Table], read_toml("trains.toml")["phases"]):
        name = str(raw["name"])
        sales = raw["private_sales"]
        if source is Source.EIGHTEEN_XX_GAMES:
            sales = raw.get("private_sales_18xx_games", sales)
        status = {"private_sales"} if sales else set()
        out.append(
            Phase(
                name=name,
                tiles=as_strs(raw["tiles"]),
                train_limit={"": int(cast(int, raw["train_limit"]))},
                par_zones=regions[name],
                operating_rounds=int(cast(int, raw["operating_rounds"])),
                events=as_strs(raw.get("events", [])),
                status=frozenset(status),
            )
        )
    return tuple(out)


def phase_track(source: Source = Source.RULEBOOK) -> PhaseTrack:
    """A fresh phase track at Yellow."""
    return PhaseTrack(phases(source))


@functools.cache
def phase_colours() -> Mapping[str, Colour]:
    """Phase name -> colour for phase-dependent revenues and steel (Silver is gray)."""
    return {
        str(p["name"]): Colour.parse(str(p["color"]))
        for p in cast(list[Table], read_toml("trains.toml")["phases"])
    }


@functools.cache
def steel_colours() -> Mapping[str, tuple[Colour, ...]]:
    """Phase name -> steel column colours open in it ("Buying Steel from CF&I")."""
    return {
        str(p["name"]): tuple(Colour.parse(c) for c in as_strs(p["steel"]))
        for p in cast(list[Table], read_toml("trains.toml")["phases"])
    }


@functools.cache
def phase_starts() -> Mapping[str, str]:
    """Train id -> the phase its departure from the deck starts ("2+-3" -> "Green")."""
    return {
        str(p["starts_on"]): str(p["name"])
        for p in cast(list[Table], read_toml("trains.toml")["phases"])
        if "starts_on" in p
    }


@functools.cache
def deck_events() -> Mapping[str, tuple[str, ...]]:
    """Train id -> events its departure from the deck sets off (Treaty of Boston, ...)."""
    out: dict[str, tuple[str, ...]] = {}
    for raw in cast(list[Table], read_toml("trains.toml")["events"]):
        tid = str(raw["train"])
        out[tid] = (*out.get(tid, ()), str(raw["event"]))
    return out


@functools.cache
def export_all_type() -> str:
    """If the top card at export time is of this type, every card of it leaves."""
    return str(table_of(read_toml("trains.toml"), "export")["all_of_type"])
