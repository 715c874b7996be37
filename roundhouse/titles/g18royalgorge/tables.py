"""18RoyalGorge's data files and their schemas: the common tables (core/tables) with the keys
only this title has, and its own tables (steel market, gold track, debts, letter hexes, the
Royal Gorge, the set-up draw).

Each file is read once (``functools.cache``) and checked as it is read: a wrong or unknown
key, or a name that points nowhere, is an error naming the file, line and key.
:mod:`.data` and :mod:`.company` build core records from these tables.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from roundhouse.core.datafile import TOML_KEY, Amount, Invalid, Range, Table, load
from roundhouse.core.market import SellDrop
from roundhouse.core.tables.companies import CorporationRow, PrivateRow
from roundhouse.core.tables.map import MapFile
from roundhouse.core.tables.market import MarketFile, PlayersTable, SharesTable, StockMarketTable
from roundhouse.core.tables.tiles import Count, TilesFile
from roundhouse.core.tables.trains import PhaseRow, TrainRow, TrainsFile
from roundhouse.core.tiles import Colour

HERE = Path(__file__).parent


# --- trains.toml ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeTrain(TrainRow):
    """A train type, with how it runs ("3. Run Trains" Fig. 3)."""

    kind: Literal["plus", "doubling"]
    """"plus": ``stops`` cities and off-boards plus any towns; "doubling": ``stops`` stops
    of any kind, revenue times ``factor``."""
    stops: Annotated[int, Range(1)]
    """Stops the train counts."""
    factor: Annotated[int, Range(2)] | None = None
    """A doubling train's revenue multiplier."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if (self.kind == "doubling") != (self.factor is not None):
            raise Invalid("a doubling train needs a factor, and only it", "factor")


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgePhase(PhaseRow):
    """A phase; the title's rules start it when a given card leaves the deck."""

    color: Colour
    """Its colour, for phase-dependent revenues and steel (Silver is gray)."""
    starts_on: str | None = None
    """The train card ("2+-3") whose departure from the deck starts it; none: the first."""
    steel: tuple[Colour, ...]
    """Steel market columns open in it."""
    private_sales: bool
    """Whether railroads may buy private cards from players."""
    private_sales_18xx_games: bool | None = None
    """18xx.games's answer where it differs."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DeckEvent(Table):
    """An event printed on a train card ("Resolving Events")."""

    train: str
    """The card ("3+-1")."""
    event: str
    """What it sets off ("treaty_of_boston")."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class ExportRule(Table):
    """``[export]`` ("End of Operating Round")."""

    all_of_type: str
    """If the card exported is of this type, every card of the type leaves."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeTrains(TrainsFile):
    """18RoyalGorge trains.toml: the deck's cards must exist ("2+-3" needs four 2+)."""

    trains: tuple[RoyalGorgeTrain, ...]
    phases: tuple[RoyalGorgePhase, ...]
    events: tuple[DeckEvent, ...] = ()
    """Events on other cards, by card."""
    export: ExportRule
    """The export rule."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for i, phase in enumerate(self.phases):
            if phase.starts_on is not None:
                self.check_card(phase.starts_on, "phases", i, "starts_on")
        for i, event in enumerate(self.events):
            self.check_card(event.train, "events", i, "train")
        if self.export.all_of_type not in {t.name for t in self.trains}:
            raise Invalid(f"no train type {self.export.all_of_type!r}", "export", "all_of_type")

    def check_card(self, card: str, *key: str | int) -> None:
        name, _, index = card.rpartition("-")
        counts = {t.name: t.count for t in self.trains}
        count = counts.get(name)
        if count is None or not index.isdigit() or (isinstance(count, int) and int(index) >= count):
            raise Invalid(f"no train card {card!r} (cards are TYPE-INDEX, from 0)", *key)


@functools.cache
def trains_file() -> RoyalGorgeTrains:
    return load(HERE / "trains.toml", RoyalGorgeTrains)


# --- market.toml ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeStockMarket(StockMarketTable):
    """The one-row share value track."""

    dividend_thresholds_pct: tuple[Amount, ...]
    """A payout of this percent of the price moves 1, 2, 3 ... spaces right."""
    start: Mapping[str, Amount]
    """Where CF&I, VGC and the debt marker start."""

    def __post_init__(self) -> None:
        super().__post_init__()
        prices = {c.price for c in self.grid().cells.values()}
        for name, price in self.start.items():
            if price not in prices:
                raise Invalid(f"no market cell at ${price}", "start", name)


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgePlayers(PlayersTable):
    """With 18xx.games's certificate limits."""

    cert_limit_18xx_games: Mapping[int, Amount]
    """18xx.games's certificate limits (10 with four players)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeShares(SharesTable):
    """Share limits of railroads and of CF&I and VGC."""

    two_player_holding_limit_pct: Amount
    """The holding limit with two players ("2-Player Variant")."""
    metal_pool_limit_pct: Amount
    """The pool limit of CF&I and VGC."""
    railroad_shares: Amount
    """Shares per railroad."""
    metal_shares: Amount
    """Shares of CF&I and of VGC."""
    sale_drop: SellDrop
    """How a president's sale moves the price."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class SteelColumnRow(Table):
    """One column of the steel market."""

    name: str
    """Its letter."""
    color: Colour
    """Tiles of this colour buy steel from it."""
    cubes: tuple[Amount, ...]
    """The cube prices printed in it, cheapest first."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class SteelTable(Table):
    """``[steel]``: CF&I's steel market ("Buying Steel from CF&I")."""

    empty_price: Amount
    """What steel costs from an empty column."""
    cfi_box_start: Amount
    """What CF&I's dividend box holds at the start and after each dividend."""
    columns: tuple[SteelColumnRow, ...]
    """The columns, left to right."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class GoldTable(Table):
    """``[gold]``: the gold shipment track ("Shipping Gold")."""

    ship_bonus: Amount
    """Extra revenue for the shipping railroad."""
    per_company_per_turn: Amount
    """Cubes a railroad may ship per operating turn."""
    values: tuple[Amount, ...]
    """The track's spaces, lowest first."""
    colors: tuple[Colour, ...]
    """The colour of each space: it may be covered from that phase on (red: never)."""
    cubes: Amount
    """Gold cubes in the box."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.colors) != len(self.values):
            raise Invalid(f"{len(self.values)} values need as many colors", "colors")


@dataclasses.dataclass(frozen=True, kw_only=True)
class DebtRow(Table):
    """What one railroad owes after the Treaty of Boston; the key is the debtor."""

    creditor: str
    """Who is paid."""
    tokens: Amount
    """Debt tokens owed."""
    penalty: tuple[Amount, ...]
    """Market spaces lost at the game end, by tokens still unpaid (0, 1, 2 ...)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.penalty) != self.tokens + 1:
            raise Invalid(f"{self.tokens} tokens need {self.tokens + 1} penalties", "penalty")


@dataclasses.dataclass(frozen=True, kw_only=True)
class DebtTable(Table):
    """``[debt]`` ("6. Pay Off 1 Debt")."""

    markers: Amount
    """Debt markers in the box."""
    moves_right_per_or: Amount
    """Spaces the debt marker moves right after every OR once the Treaty has happened."""
    owed: Mapping[str, DebtRow]
    """Debts by debtor."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeMarket(MarketFile):
    """18RoyalGorge market.toml: markets, limits, steel, gold and debt."""

    stock_market: RoyalGorgeStockMarket
    players: RoyalGorgePlayers = dataclasses.field()
    shares: RoyalGorgeShares = dataclasses.field()
    steel: SteelTable
    """CF&I's steel market."""
    gold: GoldTable
    """VGC's gold track."""
    debt: DebtTable
    """The Treaty of Boston's debts."""


@functools.cache
def market_file() -> RoyalGorgeMarket:
    return load(HERE / "market.toml", RoyalGorgeMarket)


# --- companies.toml --------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeRailroad(CorporationRow):
    """A railroad's charter: ten shares, the president's two; its home is its hex's city."""

    kind: str = "railroad"
    home_city: str | None = "c"
    short: str | None = None
    """The short name the rulebook uses."""
    year: int
    """Year established: the set-up draw's order."""
    color: str
    """Its colour."""
    wooden_tokens: Amount
    """Tokens in the box: stations, the market and charter markers, RG's gorge tokens."""
    gorge_stations: tuple[str, ...] = ()
    """Gorge cities whose station spaces are its own."""
    gorge_tokens: Amount = 0
    """Free tokens it gets in the gorge at the Treaty of Boston."""
    returned_token_prices: tuple[Amount, ...] = ()
    """New prices of its unused tokens after the Treaty, from the last backwards."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MetalCompany(CorporationRow):
    """CF&I or VGC: ten 10% shares, no president, never operates."""

    kind: str = "metal"
    president_shares: Annotated[int, Range(1)] = 1
    float_shares: Amount = 0
    tokens: tuple[Amount, ...] = ()
    role: Literal["steel", "gold"]
    """What it deals in."""
    color: str
    """Its colour."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DebtMarker(Table):
    """``[debt_marker]``: the hidden market company whose price is one debt token's."""

    id: str
    """Its id on the market."""


Param = str | int | bool | tuple[int, ...] | tuple[str, ...]
"""A number of a private's power: a hex, an amount, a flag, a list of either."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgePrivate(PrivateRow):
    """A private asset card ("Yellow/Green/Brown Privates Reference")."""

    counts_as_cert: bool = True
    used_by: Literal["railroad", "owner"]
    """"railroad": the power works only for a railroad owning the card; "owner": for
    whoever holds it."""
    color: Literal["yellow", "green", "brown"]
    """The card's colour (its auction group)."""
    income: Amount
    """Paid each operating round."""
    closes: Literal["first_5", "never", "after_use", "debt_paid"]
    """When it closes: the first 5+ train bought, never, once used, once the debt is paid."""
    power: str
    """The name of its power for the title's rules."""
    text: str
    """The card's text in our own words."""
    params: Mapping[str, Param] = dataclasses.field(default_factory=dict)
    """The power's numbers."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class PrivateGroup(Table):
    """One colour of private cards in the set-up draw."""

    color: str
    """The colour."""
    cards: tuple[str, ...]
    """The cards, in draw order."""
    picks: Amount
    """How many are dealt."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class DrawTable(Table):
    """``[draw]``: which companies and cards the set-up draws ("Setting Up the Game")."""

    always: tuple[str, ...]
    """Railroads in every game."""
    random: tuple[str, ...]
    """Railroads drawn from, in draw order."""
    random_picks: Amount
    """How many are drawn."""
    tranches: tuple[str, ...]
    """The phase each railroad becomes available in, by year."""
    private_groups: tuple[PrivateGroup, ...]
    """The private cards by colour."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeCompanies(Table):
    """18RoyalGorge companies.toml: every railroad and card the draw names must exist."""

    draw: DrawTable
    """The set-up draw."""
    railroads: Mapping[str, RoyalGorgeRailroad]
    """The railroads, by year established."""
    metals: Mapping[str, MetalCompany]
    """CF&I and VGC."""
    debt_marker: DebtMarker
    """The debt marker."""
    privates: Mapping[str, RoyalGorgePrivate]
    """The private asset cards."""

    def __post_init__(self) -> None:
        super().__post_init__()
        for key in ("always", "random"):
            for i, rid in enumerate(getattr(self.draw, key)):
                if rid not in self.railroads:
                    raise Invalid(f"no railroad {rid!r} in [railroads]", "draw", key, i)
        for g, group in enumerate(self.draw.private_groups):
            for i, pid in enumerate(group.cards):
                if pid not in self.privates:
                    raise Invalid(
                        f"no private {pid!r} in [privates]", "draw", "private_groups", g, "cards", i
                    )


@functools.cache
def companies_file() -> RoyalGorgeCompanies:
    return load(HERE / "companies.toml", RoyalGorgeCompanies)


# --- tiles.toml ------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeManifest(Table):
    """``[manifest.*]``: counts of the standard numbered tiles."""

    rulebook: Mapping[str, Count]
    """The rulebook's punchboard list."""
    eighteen_xx_games: Mapping[str, Count] = dataclasses.field(metadata={TOML_KEY: "18xx_games"})
    """18xx.games's manifest."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeTiles(TilesFile):
    """18RoyalGorge tiles.toml: its own tiles and the counts of the numbered ones."""

    manifest: RoyalGorgeManifest
    """The counts, by source."""


@functools.cache
def tiles_file() -> RoyalGorgeTiles:
    return load(HERE / "tiles.toml", RoyalGorgeTiles)


# --- map.toml --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class OffboardGroupRow(Table):
    """One red destination printed over several hexes; a route may use only one of them."""

    hexes: tuple[str, ...]
    """Its hexes."""
    shows: str
    """The hex where the board prints its values."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class HomeTown(Table):
    """A town that is a city while the railroad based there plays ("1. Lay Track" Rule 1)."""

    company: str
    """The railroad."""
    city: str
    """The hex's code while it plays."""
    town: str
    """The hex's code otherwise."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class LetterHexRow(Table):
    """A hex whose tiles carry a letter ("Letter Tiles")."""

    letter: str
    """The letter."""
    required: bool
    """Whether every tile laid there must carry it."""
    fallback: bool
    """Whether any legal tile may be laid when no letter tile of the colour is left."""
    fallback_18xx_games: bool
    """18xx.games's answer."""
    private: str | None = None
    """The private that alone lays its tiles."""


@dataclasses.dataclass(frozen=True)
class Wall:
    """A hexside written "HEX EDGE" ("D12 5")."""

    hex: str
    edge: int

    toml_form: ClassVar[str] = '"HEX EDGE" ("D12 5")'

    @classmethod
    def parse(cls, text: str) -> Wall:
        bits = text.split()
        if len(bits) != 2 or not bits[1].isdigit() or not 0 <= int(bits[1]) <= 5:
            raise Invalid(f"{text!r} is not 'HEX EDGE' with EDGE 0-5")
        return cls(bits[0], int(bits[1]))


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeTable(Table):
    """``[royal_gorge]`` ("Royal Gorge Tiles", "Resolving Events")."""

    hexes: tuple[str, ...]
    """The gorge hexes."""
    town: str
    """The gorge's town hex."""
    stations: tuple[str, ...]
    """Cities whose station space is Rio Grande's."""
    walls: tuple[Wall, ...]
    """Hexsides that open when the green gorge tiles are laid."""
    tiles: Mapping[str, tuple[str, str]]
    """Hex -> its green and brown gorge tiles."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class RoyalGorgeMap(MapFile):
    """18RoyalGorge map.toml: the board and the title's map tables; the hexes they name must
    be on the board."""

    offboard_groups: Mapping[str, OffboardGroupRow]
    """Destinations printed over several hexes."""
    home_towns: Mapping[str, HomeTown]
    """Towns that are cities when their railroad plays, by hex."""
    letter_hexes: Mapping[str, LetterHexRow]
    """Hexes with letter tiles."""
    royal_gorge: RoyalGorgeTable
    """The gorge."""
    city_ids_18xx_games: Mapping[str, str]
    """Hex -> the id 18xx.games gives its pre-printed city."""

    def __post_init__(self) -> None:
        super().__post_init__()
        on_board = {h for key in self.hexes for h in key.split()}

        def check(hex_name: str, *key: str | int) -> None:
            if hex_name not in on_board:
                raise Invalid(f"{hex_name} is not a hex of [hexes]", *key)

        for name, group in self.offboard_groups.items():
            for i, h in enumerate(group.hexes):
                check(h, "offboard_groups", name, "hexes", i)
            check(group.shows, "offboard_groups", name, "shows")
        for name in self.home_towns:
            if name not in self.hexes:
                raise Invalid(f"home town {name} needs its own [hexes.{name}] entry", "home_towns")
        for name in self.letter_hexes:
            check(name, "letter_hexes", name)
        for name in self.city_ids_18xx_games:
            check(name, "city_ids_18xx_games", name)
        for name in self.royal_gorge.tiles:
            check(name, "royal_gorge", "tiles", name)
        for i, h in enumerate(self.royal_gorge.hexes):
            check(h, "royal_gorge", "hexes", i)


@functools.cache
def map_file() -> RoyalGorgeMap:
    return load(HERE / "map.toml", RoyalGorgeMap)
