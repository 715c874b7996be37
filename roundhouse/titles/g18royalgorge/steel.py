"""Steel from CF&I: every tile laid or upgraded buys one steel cube.

Rulebook "Buying Steel from CF&I": the cube comes from a column of the tile's colour, columns of
a colour are open from the phase that allows that colour; a railroad uses one column of each
colour per operating turn, cheapest cube first, and an empty column sells at $40 for ever
(no cube moves).  The money goes to CF&I's dividend box (its treasury here).  "End of Operating
Round": the market is refilled after every set.  The Steel Depot (B3, "Brown Privates
Reference") gives its owning railroad up to two free cubes per operating round for yellow
tiles; we use them automatically whenever the market would charge something.

All of steel is here: the market and the railroad's picks (kept in the title state), the
price offered with each lay and the purchase after it (:class:`Steel`, a lay rule), and the
choice of column (:class:`SteelChoiceStep`).  With ``compat_18xx_games``
(docs/rules-notes.md "18RoyalGorge") a railroad may name a column again at any time, even
after laying from another one, as 18xx.games allows.

>>> from roundhouse.titles.g18royalgorge.data import steel_market
>>> [c.name for c in steel_market().columns if c.colour.label == "green"]
['E', 'F']
"""

from __future__ import annotations

from collections.abc import Hashable

from roundhouse.core.actions import Action
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.board_map import BoardMap, board_of
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.step import Step
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay
from roundhouse.titles.g18royalgorge.data import steel_colours, steel_market
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame

CFI = "CF&I"
STEEL_DEPOT = "B3"


def refill(g: RoyalGorgeGame) -> None:
    """Set-up and after every OR set: one cube on every printed space."""
    g.steel = {c.name: list(c.cubes) for c in steel_market().columns}


def sync_turn(g: RoyalGorgeGame, corp: str) -> None:
    """Start this railroad's turn record before a purchase (write paths only: reading the
    position must not change it, or replaying the log would give another state)."""
    key = (g.set_count, g.or_in_set, corp)
    if g.steel_turn != key:
        g.steel_turn = key
        g.steel_pick = {}
        g.steel_depot_turn = 0


def _current(g: RoyalGorgeGame, corp: str) -> bool:
    return g.steel_turn == (g.set_count, g.or_in_set, corp)


def picks(g: RoyalGorgeGame, corp: str) -> dict[str, tuple[str, int]]:
    """Colour -> (column, lowest cube) chosen by ``corp`` this turn, without writing."""
    return g.steel_pick if _current(g, corp) else {}


def open_columns(g: RoyalGorgeGame, colour: Colour) -> list[str]:
    """Columns of ``colour`` usable in the current phase."""
    if colour not in steel_colours()[g.depot.phases.current.name]:
        return []
    return [c.name for c in steel_market().columns if c.colour is colour]


def _next_cube(g: RoyalGorgeGame, column: str, lowest: int) -> int | None:
    cubes = [p for p in g.steel[column] if p >= lowest]
    return min(cubes) if cubes else None


def _cube_or(g: RoyalGorgeGame, column: str, empty: int) -> int:
    cube = _next_cube(g, column, 0)
    return empty if cube is None else cube


def _depot_usable(g: RoyalGorgeGame, corp: str, colour: Colour, laying: bool) -> bool:
    private = g.privates.get(STEEL_DEPOT)
    return (
        private is not None
        and private.owner == corp
        and not private.closed
        and colour is Colour.YELLOW
        and g.steel_depot > 0
        and (g.steel_depot_turn if _current(g, corp) else 0) < 2
        and not _site_last_lay(g, corp, laying)
    )


def _site_last_lay(g: RoyalGorgeGame, corp: str, laying: bool) -> bool:
    """With ``compat_18xx_games``: the lay being priced is the turn's last (``laying``: it
    is already among the hexes built this turn, as when :func:`buy` pays for it).
    18xx.games lays a depot cube's tile through the card (``Step::SpecialTrack``), and when
    that is the sixth lay its track step is left offering only a steel choice and can never
    be passed (the game cannot go on), so compat pays the market for the last lay."""
    if not g.variant.compat_18xx_games or not isinstance(g.map, BoardMap):
        return False
    before = len(g.map.laid_now(g, corp)) - (1 if laying else 0)
    return before >= g.hooks.track_lays(g, corp) - 1


def quote(g: RoyalGorgeGame, corp: str, colour: Colour, laying: bool = False) -> tuple[str, int]:
    """(column, price) of the steel the next ``colour`` tile would use; column "" for the
    Steel Depot.  ``laying``: the tile is already down (:func:`buy` in the lay), so it is not
    counted twice among the turn's lays.  Raises when no column of that colour is open."""
    empty = steel_market().empty_price
    picked = picks(g, corp).get(colour.label)
    if picked is not None:
        column, lowest = picked
        cube = _next_cube(g, column, lowest)
        price = empty if cube is None else cube
    else:
        columns = open_columns(g, colour)
        if not columns:
            raise IllegalAction(
                f"no {colour.label} steel is for sale in this phase", rule="steel.colour"
            )
        best = min(columns, key=lambda c: (_cube_or(g, c, empty), columns.index(c)))
        cube = _next_cube(g, best, 0)
        column, price = best, empty if cube is None else cube
    if price and _depot_usable(g, corp, colour, laying):
        return "", 0
    return column, price


def buy(g: RoyalGorgeGame, corp: str, colour: Colour) -> int:
    """Buy the steel for one tile: pay CF&I, take the cube, remember the column."""
    sync_turn(g, corp)
    column, price = quote(g, corp, colour, laying=True)
    if not column:
        g.steel_depot -= 1
        g.steel_depot_turn += 1
        return 0
    lowest = g.steel_pick.get(colour.label, (column, 0))[1]
    g.steel_pick[colour.label] = (column, lowest)
    if price in g.steel[column] and price >= lowest:
        g.steel[column].remove(price)
    if price:
        g.ledger.transfer(corp, CFI, price)
    return price


def choices(g: RoyalGorgeGame, corp: str, colours: list[Colour]) -> list[str]:
    """Columns the railroad may still pick for a colour it has not used this turn (with
    ``compat_18xx_games``, for every open colour: the site takes a new choice any time)."""
    chosen = picks(g, corp)
    out: list[str] = []
    for colour in colours:
        if colour.label in chosen and not g.variant.compat_18xx_games:
            continue
        out.extend(open_columns(g, colour))
    return out


def choose(g: RoyalGorgeGame, corp: str, choice: str) -> None:
    """Pick a column ("B"), or a column and the cube to start from ("B-20", 18xx.games)."""
    sync_turn(g, corp)
    column, _, start = choice.partition("-")
    spec = next((c for c in steel_market().columns if c.name == column), None)
    if spec is None or (not start.isdigit() and start):
        raise IllegalAction(f"there is no steel column {choice!r}", rule="steel.column")
    if spec.colour.label in g.steel_pick and not g.variant.compat_18xx_games:
        raise IllegalAction(
            f"{corp} already buys its {spec.colour.label} steel from column "
            f"{g.steel_pick[spec.colour.label][0]} this turn",
            rule="steel.one_column",
        )
    if column not in open_columns(g, spec.colour):
        raise IllegalAction(f"column {column} is not open in this phase", rule="steel.colour")
    g.steel_pick[spec.colour.label] = (column, int(start) if start else 0)


class Steel(LayRule[RoyalGorgeGame]):
    """Every lay buys one steel cube: its price offered with the lay (a lay the railroad
    cannot pay for with its steel is not listed), the cube bought once the tile is down."""

    __slots__ = ()

    def extra(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> int:
        return quote(g, corp_id, board_of(g).tiles[lay.tile].colour)[1]

    def extra_key(self, board: Board, lay: TileLay) -> Hashable:
        """The price (:func:`quote`) reads the lay's tile colour and nothing else of the lay
        (the rest is the market, the railroad's picks this turn and the Steel Depot: the
        position), so a listing prices each colour once."""
        return board.tiles[lay.tile].colour

    def after(self, g: RoyalGorgeGame, corp_id: str, lay: TileLay) -> None:
        buy(g, corp_id, board_of(g).tiles[lay.tile].colour)


class SteelChoiceStep(Step[RoyalGorgeGame]):
    """Name the steel column for a colour before laying (otherwise the cheapest is used).

    Steel is bought for track ("1. Lay Track" Rule 5, "Buying Steel from CF&I"): the choice
    is open while the railroad may still lay track and closes with the track step (a
    station, the run or the dividend close it, as do a pass and the sixth lay)."""

    kinds = frozenset({"choose"})
    blocking = False
    name = "steel"

    def __init__(self, track: TrackStep) -> None:
        self.track = track

    def _colours(self, g: RoyalGorgeGame) -> list[Colour]:
        return [Colour.parse(c) for c in g.depot.phases.current.tiles]

    def active(self, g: RoyalGorgeGame, entity: str) -> bool:
        return (
            self.track.active(g, entity)
            and g.round.is_open(self.track, entity)
            and bool(choices(g, entity, self._colours(g)))
        )

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            Choose(player=p, entity=entity, choice=c) for c in choices(g, entity, self._colours(g))
        ]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        if action.company:
            raise IllegalAction(f"{action.company} cannot be used now", rule="step.illegal")
        column = action.choice.partition("-")[0]
        if column not in choices(g, entity, self._colours(g)) and not (g.variant.compat_18xx_games):
            raise IllegalAction(
                f"{entity} cannot choose steel column {column}", rule="steel.one_column"
            )

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        choose(g, entity, action.choice)
