"""Stock markets as data: a grid of price cells with zones, tokens on it, and how they move.

Market data grammar
-------------------
A market is a list of rows, top row first.  A row is cells separated by commas (or, when no
cell is blank, by spaces)::

    row    := cell ("," cell)*  |  cell (" " cell)*
    cell   := ""                          a gap: no cell here (2-D markets)
            | price flags                 e.g. "70p", "310e", "0q", "45"
    price  := digits                      dollars per share
    flags  := letter*                     each letter names one zone via the legend

The legend maps a letter to a zone name; :data:`DEFAULT_LEGEND` gives the common ones and a
title adds its own (say ``{"x": "par_green"}``).  Zones are plain strings that rules ask
about: par regions (a phase lists the par zones open to it), ``end_game`` cells, the
``acquisition`` / ``liquidation`` states of 18USA §5, 18West §4.2.1's worthless ``grey``
space, colour zones that lift certificate or holding limits.  Example, 18RoyalGorge's track
(facts from the printed board via 18xx.games: yellow par $60-80, green $90-120, brown
$130-180, end game from $310)::

    30 35 40 45 50 55 60p 65p 70p 80p 90x 100x ... 180z 200 ... 310e 340e 380e 420e 460e

Movement
--------
On a one-row market "up" means right and "down" means left, so a title can say "a sale moves
the token down" whatever its market's shape.  On a 2-D market a move off the right end of a row
goes up instead and off the left end goes down (``edge_turn``); a move with no cell to go to
leaves the token where it is (the ledge).  A token that moves goes to the *bottom* of the stack
it joins (18USA §5, 18US §4.2, 18West §4.2, 18RoyalGorge "Stock Value Movement"); one that
does not move keeps its place.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Mapping, Sequence

from roundhouse.core.errors import IllegalAction
from roundhouse.core.static import Static

DEFAULT_LEGEND: Mapping[str, str] = {
    "p": "par",
    "e": "end_game",
    "c": "close",
    "a": "acquisition",
    "q": "liquidation",
    "g": "grey",
    "l": "ledge",
    "y": "yellow",
    "o": "orange",
    "b": "brown",
}
"""Common zone letters; titles pass their own additions to :meth:`MarketGrid.parse`."""

_CELL = re.compile(r"^(\d+)([a-z]*)$")


class Direction(enum.Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"


class SellDrop(enum.Enum):
    """How far a sale drops the price (18RoyalGorge "Selling": per share; 18US §4.2 and
    18West §4.2: one space per turn's block; 18USA §11.1: no change)."""

    PER_SHARE = "per_share"
    PER_BLOCK = "per_block"
    NONE = "none"


@dataclasses.dataclass(frozen=True, slots=True)
class Cell(Static):
    row: int
    col: int
    price: int
    zones: frozenset[str]

    def __repr__(self) -> str:
        zones = f" {'/'.join(sorted(self.zones))}" if self.zones else ""
        return f"<Cell ${self.price}{zones} at {self.row},{self.col}>"


class MarketGrid(Static):
    """The printed market: immutable, shared by every game of a title."""

    __slots__ = ("cells", "edge_turn", "rows")

    def __init__(self, cells: Iterable[Cell], *, edge_turn: bool = True) -> None:
        self.cells: dict[tuple[int, int], Cell] = {(c.row, c.col): c for c in cells}
        if not self.cells:
            raise ValueError("a market needs at least one cell")
        self.rows = max(r for r, _ in self.cells) + 1
        self.edge_turn = edge_turn

    @classmethod
    def parse(
        cls,
        rows: Sequence[str],
        legend: Mapping[str, str] | None = None,
        *,
        edge_turn: bool = True,
    ) -> MarketGrid:
        """Read the grammar in the module docstring; errors name the row and cell."""
        letters = {**DEFAULT_LEGEND, **(legend or {})}
        cells: list[Cell] = []
        for r, text in enumerate(rows):
            tokens = text.split(",") if "," in text else text.split()
            for c, token in enumerate(t.strip() for t in tokens):
                if not token:
                    continue
                m = _CELL.match(token)
                if m is None:
                    raise ValueError(f"market row {r + 1}, cell {c + 1}: cannot read {token!r}")
                unknown = [ch for ch in m.group(2) if ch not in letters]
                if unknown:
                    raise ValueError(
                        f"market row {r + 1}, cell {c + 1}: unknown zone letter(s) {unknown}"
                    )
                zones = frozenset(letters[ch] for ch in m.group(2))
                cells.append(Cell(r, c, int(m.group(1)), zones))
        return cls(cells, edge_turn=edge_turn)

    @property
    def one_d(self) -> bool:
        return self.rows == 1

    def cell(self, row: int, col: int) -> Cell | None:
        return self.cells.get((row, col))

    def step(self, cell: Cell, direction: Direction) -> Cell:
        """The cell one step away, or ``cell`` itself when there is nowhere to go."""
        if self.one_d:
            direction = {Direction.UP: Direction.RIGHT, Direction.DOWN: Direction.LEFT}.get(
                direction, direction
            )
        dr, dc = {
            Direction.UP: (-1, 0),
            Direction.DOWN: (1, 0),
            Direction.LEFT: (0, -1),
            Direction.RIGHT: (0, 1),
        }[direction]
        target = self.cell(cell.row + dr, cell.col + dc)
        if target is not None:
            return target
        if self.edge_turn and not self.one_d:
            if direction is Direction.RIGHT:
                return self.step(cell, Direction.UP)
            if direction is Direction.LEFT:
                return self.step(cell, Direction.DOWN)
        return cell

    def with_zones(self, zones: Iterable[str]) -> list[Cell]:
        """Cells in any of ``zones``, cheapest first."""
        wanted = frozenset(zones)
        return sorted(
            (c for c in self.cells.values() if c.zones & wanted), key=lambda c: (c.price, c.col)
        )

    def at_or_below(self, price: int, cells: Iterable[Cell] | None = None) -> Cell | None:
        """The dearest cell priced at most ``price`` (18USA §11.6 "rounded down to the nearest
        value in the stock market"); None if every cell costs more."""
        pool = self.cells.values() if cells is None else cells
        best = [c for c in pool if c.price <= price]
        return max(best, key=lambda c: (c.price, c.col, -c.row)) if best else None

    def find(self, price: int, zones: Iterable[str] = ()) -> Cell:
        """The cell with exactly this price (and in one of ``zones`` if given)."""
        wanted = frozenset(zones)
        for c in sorted(self.cells.values(), key=lambda c: (c.row, c.col)):
            if c.price == price and (not wanted or c.zones & wanted):
                return c
        raise IllegalAction(f"the market has no ${price} space", rule="market.no_such_price")


def dividend_steps(
    amount: int, price: int, thresholds_pct: Sequence[int], *, floor: bool = False
) -> int:
    """How many spaces a dividend moves the price: one for each threshold met, where a
    threshold is a percentage of the share price.

    18RoyalGorge "Pay Dividends": (100, 200, 300); 18USA §12.5: (50, 100, 150, 200); 18US
    §4.2 and 18West §4.2: (100,), 18US 10-share companies from Phase 5E/4G (100, 200).

    With ``floor`` each threshold is first rounded down to whole dollars.

    >>> dividend_steps(120, 60, (100, 200, 300))
    2
    >>> dividend_steps(47, 95, (50,)), dividend_steps(47, 95, (50,), floor=True)
    (0, 1)
    """
    if floor:
        return sum(1 for t in thresholds_pct if amount >= price * t // 100)
    return sum(1 for t in thresholds_pct if amount * 100 >= price * t)


class Market:
    """Where each company's price token stands, and the stacks of tokens on each cell."""

    __slots__ = ("_grid", "new_on_top", "position", "stacks")

    def __init__(self, grid: MarketGrid, *, new_on_top: bool = False) -> None:
        self._grid = grid
        self.new_on_top = new_on_top
        """Whether a token joining a cell goes on top of the stack (none of our titles)."""
        self.position: dict[str, tuple[int, int]] = {}
        self.stacks: dict[tuple[int, int], list[str]] = {}
        """Cell -> company ids, top of the stack first (the one that arrived first)."""

    @property
    def grid(self) -> MarketGrid:
        return self._grid

    def cell(self, company: str) -> Cell:
        try:
            return self._grid.cells[self.position[company]]
        except KeyError:
            raise IllegalAction(
                f"{company} has no share price yet", rule="market.not_on_market"
            ) from None

    def price(self, company: str) -> int:
        return self.cell(company).price

    def zones(self, company: str) -> frozenset[str]:
        """The zones of the company's cell; empty if it is not on the market."""
        where = self.position.get(company)
        return self._grid.cells[where].zones if where is not None else frozenset()

    def zones_by_company(self) -> dict[str, frozenset[str]]:
        return {c: self._grid.cells[pos].zones for c, pos in self.position.items()}

    def check_par(self, company: str, price: int, par_zones: Iterable[str]) -> Cell:
        """The par cell for ``price`` if open now (the phase's par zones), else raise."""
        if company in self.position:
            raise IllegalAction(f"{company} already has a share price", rule="market.already_par")
        zones = frozenset(par_zones)
        cells = [c for c in self._grid.with_zones(zones) if c.price == price]
        if not cells:
            allowed = sorted({c.price for c in self._grid.with_zones(zones)})
            raise IllegalAction(
                f"${price} is not a starting price now; choose one of "
                + ", ".join(f"${p}" for p in allowed),
                rule="market.par_region",
            )
        return cells[0]

    def par(self, company: str, price: int, par_zones: Iterable[str]) -> Cell:
        """Place a new company's token at a starting price, at the bottom of the stack."""
        cell = self.check_par(company, price, par_zones)
        self._put(company, cell)
        return cell

    def place(self, company: str, cell: Cell) -> None:
        """Put (or move) a token on ``cell`` directly (mergers, liquidation, set-up)."""
        if self._grid.cells.get((cell.row, cell.col)) is not cell:
            raise ValueError(f"{cell!r} is not a cell of this market")
        self.remove(company)
        self._put(company, cell)

    def remove(self, company: str) -> None:
        where = self.position.pop(company, None)
        if where is not None:
            self.stacks[where].remove(company)
            if not self.stacks[where]:
                del self.stacks[where]

    def _put(self, company: str, cell: Cell) -> None:
        where = (cell.row, cell.col)
        self.position[company] = where
        stack = self.stacks.setdefault(where, [])
        if self.new_on_top:
            stack.insert(0, company)
        else:
            stack.append(company)

    def move(
        self,
        company: str,
        direction: Direction,
        steps: int = 1,
        *,
        barrier_zones: Iterable[str] = (),
    ) -> int:
        """Move up to ``steps`` spaces; a token stops before a cell in ``barrier_zones`` (18West
        §4.2: only Granger Roads may enter the grey space) or at the market's edge.  Returns the
        number of spaces actually moved."""
        barrier = frozenset(barrier_zones)
        start = self.cell(company)
        here = start
        moved = 0
        for _ in range(steps):
            nxt = self._grid.step(here, direction)
            if nxt is here or nxt.zones & barrier:
                break
            here = nxt
            moved += 1
        if here is not start:
            self.remove(company)
            self._put(company, here)
        return moved

    def pay_dividend(
        self,
        company: str,
        amount: int,
        thresholds_pct: Sequence[int],
        *,
        barrier_zones: Iterable[str] = (),
    ) -> int:
        """Move for a dividend of ``amount`` (compared with the price as
        :func:`dividend_steps`); a zero dividend is a withhold.  Returns signed spaces moved."""
        if amount <= 0:
            return -self.withhold(company, barrier_zones=barrier_zones)
        steps = dividend_steps(amount, self.price(company), thresholds_pct)
        return self.move(company, Direction.RIGHT, steps, barrier_zones=barrier_zones)

    def withhold(self, company: str, *, barrier_zones: Iterable[str] = ()) -> int:
        """Withheld or no revenue: one space left (all four titles)."""
        return self.move(company, Direction.LEFT, 1, barrier_zones=barrier_zones)

    def sell(
        self,
        company: str,
        shares: int,
        drop: SellDrop,
        *,
        barrier_zones: Iterable[str] = (),
    ) -> int:
        """Drop the price for a sale of ``shares`` shares in one turn."""
        steps = {SellDrop.PER_SHARE: shares, SellDrop.PER_BLOCK: 1, SellDrop.NONE: 0}[drop]
        if shares <= 0 or steps == 0:
            return 0
        return self.move(company, Direction.DOWN, steps, barrier_zones=barrier_zones)

    def sold_out(self, company: str) -> int:
        """All shares with players at the end of a stock round: one space up (right on a
        one-row market; 18RoyalGorge "End of a Stock Round", 18USA §11.8)."""
        return self.move(company, Direction.UP, 1)

    def companies_in(self, zone: str) -> list[str]:
        """Companies whose token stands in ``zone``, in operating order."""
        inside = [c for c, pos in self.position.items() if zone in self._grid.cells[pos].zones]
        return self.operating_order(inside)

    def operating_order(self, companies: Iterable[str]) -> list[str]:
        """Highest price first; same price: rightmost column, then higher row, then higher in
        the stack (18USA §6.1, 18US §6, 18RoyalGorge "Operating Rounds")."""

        def key(company: str) -> tuple[int, int, int, int]:
            row, col = self.position[company]
            price = self._grid.cells[(row, col)].price
            return (-price, -col, row, self.stacks[(row, col)].index(company))

        return sorted((c for c in companies if c in self.position), key=key)

    def __repr__(self) -> str:
        tokens = ", ".join(f"{c} ${self.price(c)}" for c in self.operating_order(self.position))
        return f"<Market {tokens}>"


class Stock:
    """A read-only view of one company's price, for logs and reprs: ``<Stock RG at $65>``."""

    __slots__ = ("company", "market")

    def __init__(self, market: Market, company: str) -> None:
        self.market = market
        self.company = company

    @property
    def price(self) -> int:
        return self.market.price(self.company)

    def __repr__(self) -> str:
        return f"<Stock {self.company} at ${self.price}>"
