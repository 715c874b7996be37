"""Tiles the privates lay outside the ordinary lists: P9 Boomtown, P16 Regional Headquarters,
P17 Great Northern Railway, P26 Rural Junction, P27 Company Town.

* P9 (appendix): "Discard during a company's lay or upgrade track step to upgrade a yellow
  non-metropolis city to green.  This does not count as a normal track laying action.  The
  owning company must be able to trace a legal route to the city" - in any phase (18xx.games
  lets it lay green in phase 2 too).
* P16 (18xx.games): from phase 5, the gray X23 tile on a green or brown non-metropolis city;
  "Three of the track segments are optional and can be placed pointing toward water or other
  off map areas"; it uses one of the turn's tile actions.
* P17 (18xx.games): "One extra yellow lay per turn on the hexes marked with railroad track
  icons" (map.toml ``[great_northern]``), "ignoring terrain fees"; not a tile action.
* P26 (18xx.games; §12.1 names the rural junctions): its three tiles on empty city hexes that
  hold no station, not next to another rural junction; each uses a tile action.  The rulebook
  counts a rural junction as a revenue location that ends routes and counts for a train's
  length (§12.1, §12.4), so the tile is a $10 small city (tiles.toml); 18xx.games does not
  count it (docs/rules-notes.md).
* P27 (18xx.games): one of its three tiles on an empty hex (no track, no station) not next to
  a metropolis; the company gets a bonus station there (none if it already has eight), and a
  neutral token fills the town's other slot so that no other company may station there;
  uses a tile action.

The company's route must reach the hex (§7.1: "A company must be able to trace a legal route
to the location being affected by any private which modifies track").  Lays are
:class:`PrivateLay` actions, offered by :class:`PrivateLayStep` beside the track step while the
track step is active; a lay that uses a tile action counts as one of the track step's lays.
The title lists :class:`PrivateLayStep` before its track step and passes its metropolises.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from roundhouse.core import board as board_tokens
from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.board_map import UNLIMITED, BoardMap
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.lay_reach import connects
from roundhouse.core.tiles import Colour, Tile
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay
from roundhouse.titles.g18usa.board import great_northern_hexes
from roundhouse.titles.g18usa.family1817.turn_stage import open_track_step
from roundhouse.titles.g18usa.law_firm import settle_law_firm
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import PrivateLay, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import CityUpgrade, GreatNorthern, SpecialTiles
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import COMPANY_TOWNS
from roundhouse.titles.g18usa.terrain import terrain_cost
from roundhouse.titles.g18usa.tile_actions import plan

NEUTRAL = board_tokens.NEUTRAL
"""The token filling a company town's second slot (18xx.games's neutral token): it blocks
nobody's route (core :data:`~roundhouse.core.board.NEUTRAL`)."""
RURAL_JUNCTIONS = frozenset({"X07", "X08", "X09"})
MAX_TOKENS = 8
"""§14.3: a company "may never have more than eight" station tokens."""


def _fits(board: Board, name: str, tile: Tile, rotation: int, optional_exits: bool) -> bool:
    """Keeps the hex's track; new exits may not run off the map or into a blocked side
    unless optional (P16)."""
    here = board[name]
    exits = tile.exits(rotation)
    old = here.tile.exits(here.rotation)
    if not old <= exits:
        return False
    return optional_exits or not any(board.exit_blocked(name, e) for e in exits - old)


def _one_city_move(old: Tile, new: Tile) -> dict[str, str]:
    olds = [s.name for s in old.stations]
    news = [s.name for s in new.stations]
    return {o: news[0] for o in olds} if news else {}


def _reaches(bm: BoardMap[UsaGame], corp: str, name: str, tile: Tile, rotation: int) -> bool:
    reach = bm.graph.reach(corp)
    here = bm.board[name]
    moves = _one_city_move(here.tile, tile)
    if reach.stops_in(name):
        return True
    return connects(tile, rotation, moves, reach, here, name, LayReach.ANY_LINK_TOUCHES)


def _empty(board: Board, name: str) -> bool:
    here = board[name]
    return (
        here.tile is here.printed.tile
        and not here.tile.links(here.rotation)
        and not any(here.tokens.values())
        and here.printed.tile.colour is Colour.WHITE
    )


def _core_lays(
    bm: BoardMap[UsaGame], corp: str, hexes: Collection[str], colour: Colour, upgrade: bool
) -> Iterator[tuple[str, str, int]]:
    """Core's check of a plain lay (P9 upgrade to green, P17 yellow lay) in any phase."""
    rules = TrackRules(upgrades=bm.upgrades, colours=frozenset({colour}), reach=bm.lay_reach)
    allowance = Allowance(
        cash=UNLIMITED,
        lay=not upgrade,
        upgrade_colours=frozenset({colour}) if upgrade else frozenset(),
    )
    for name in sorted(hexes):
        for tile in bm.board.tiles.tiles.values():
            if (
                tile.colour is not colour
                or tile.label is not None
                or tile.id in rules.upgrades.special
            ):
                continue
            for rotation in tile.rotations:
                try:
                    check_lay(bm.board, bm.graph, corp, (name, tile.id, rotation), allowance, rules)
                except IllegalAction:
                    continue
                yield name, tile.id, rotation


def lays_for(
    g: UsaGame, corp: str, private_id: str, metropolises: Collection[str]
) -> list[tuple[str, str, int]]:
    """(hex, tile, rotation) the company may lay with this private now."""
    bm = g.map
    board = bm.board
    private = g.privates[private_id]
    out: list[tuple[str, str, int]] = []
    for private_, city in held(g, corp, CityUpgrade):
        if private_ is not private:
            continue
        if city.from_phase is not None and city.from_phase not in g.phases_reached():
            continue
        colours = {Colour.parse(c) for c in city.from_colours}
        sites = [
            h
            for h, here in board.hexes.items()
            if here.tile.colour in colours
            and len(here.tile.cities) == 1
            and h not in metropolises
            and here.tile.label is None
        ]
        if city.tiles:
            for h in sites:
                for tid in city.tiles:
                    tile = board.tiles[tid]
                    if not board.available(tid):
                        continue
                    for r in tile.rotations:
                        if _fits(board, h, tile, r, optional_exits=True) and _reaches(
                            bm, corp, h, tile, r
                        ):
                            out.append((h, tid, r))
        else:
            out.extend(_core_lays(bm, corp, sites, Colour.GREEN, upgrade=True))
    for private_, _gn in held(g, corp, GreatNorthern):
        if private_ is private:
            hexes = [h for h in great_northern_hexes() if _empty_or_printed(board, h)]
            out.extend(_core_lays(bm, corp, hexes, Colour.YELLOW, upgrade=False))
    for private_, special in held(g, corp, SpecialTiles):
        if private_ is not private:
            continue
        for h in sorted(board.hexes):
            if not _special_site(board, h, special.placement, metropolises):
                continue
            for tid in special.tiles:
                if not board.available(tid):
                    continue
                tile = board.tiles[tid]
                for r in tile.rotations:
                    if _fits(board, h, tile, r, optional_exits=False) and _reaches(
                        bm, corp, h, tile, r
                    ):
                        out.append((h, tid, r))
    return out


def _empty_or_printed(board: Board, name: str) -> bool:
    here = board[name]
    return here.tile is here.printed.tile


def _special_site(board: Board, name: str, placement: str, metropolises: Collection[str]) -> bool:
    if not _empty(board, name):
        return False
    printed = board[name].printed.tile
    if placement == "rural_junction":
        if not printed.cities:
            return False
        return not any(
            board[n].tile.id in RURAL_JUNCTIONS for n in board.grid.neighbours(name).values()
        )
    return not any(n in metropolises for n in board.grid.neighbours(name).values())


def terrain_due(g: UsaGame, corp: str, private_id: str, name: str) -> int:
    """Terrain a private's lay pays: P26's and P27's first tiles pay it as any first tile
    (less the company's waivers, :mod:`.terrain`); upgrades pay none (§12.2.2); P17 ignores
    it."""
    here = g.map.board[name]
    if here.tile is not here.printed.tile:
        return 0
    if not any(isinstance(a, SpecialTiles) for a in g.privates[private_id].spec.abilities):
        return 0
    return terrain_cost(g, corp, name, here.printed.cost)


def uses_tile_action(g: UsaGame, private_id: str) -> bool:
    """Whether a lay with this private is one of the turn's tile actions (P16, P26, P27;
    not P9 or P17)."""
    for a in g.privates[private_id].spec.abilities:
        if isinstance(a, CityUpgrade):
            return not a.extra
        if isinstance(a, SpecialTiles):
            return True
    return False


def lay(g: UsaGame, corp: str, action: PrivateLay) -> None:
    """Lay the tile, record the use (P17: once this operating round, the step's business),
    P27's stations."""
    bm = g.map
    board = bm.board
    here = board[action.hex]
    moves = _one_city_move(here.tile, board.tiles[action.tile])
    bm._sync_turn(g, corp)
    cost = terrain_due(g, corp, action.company, action.hex)
    if cost:
        g.ledger.transfer(corp, BANK, cost)
    for back in board.lay(action.hex, action.tile, action.rotation, moves):
        if back in g.corps:
            g.corps[back].tokens_placed -= 1
    bm.laid.append(action.hex)
    settle_law_firm(board)
    private = g.privates[action.company]
    for a in private.spec.abilities:
        if isinstance(a, (CityUpgrade, SpecialTiles)):
            use(g, private.id, a)
        if isinstance(a, SpecialTiles) and a.placement == "company_town":
            _company_town_tokens(g, corp, action.hex)
    g.emit("lay", f"{corp} lays {action.tile} on {action.hex} with {private.id}")


def station_allowed(board: Board, hex_name: str) -> bool:
    """Whether a station token may ever be placed in the hex by the token step (18xx.games
    P27: "No other corporations may place a token on the Company Town hex", and "If the
    station marker in the Company Town hex is ever removed, no token may ever replace it").
    Not yet asked by the token step: a company town whose bonus station was forfeited at
    the eight-token limit keeps an open slot there (issue #17's note; the site's behaviour
    in that case is not yet checked)."""
    return board[hex_name].tile.id not in COMPANY_TOWNS


def _company_town_tokens(g: UsaGame, corp: str, name: str) -> None:
    board = g.map.board
    city = board[name].tile.cities[0].name
    if g.corps[corp].tokens_owned < MAX_TOKENS:
        g.corps[corp].tokens_owned += 1
        board.place_token(name, city, corp)
        g.corps[corp].tokens_placed += 1
    board.place_token(name, city, NEUTRAL)


def _tile_action(g: UsaGame, corp: str, track: TrackStep) -> tuple[bool, int]:
    """Whether the track step has a tile action left for a private's lay, and the fee it
    costs: the track step counts lays, and the second tile action costs the plan's fee
    (§12.2: $20), which the board map charges for its own lays (:mod:`.map_rules`)."""
    fee = plan(g, corp).fee if track.lays == 1 else 0
    return track.lays < g.hooks.track_lays(g, corp), fee


class PrivateLayStep(ListedStep[UsaGame]):
    """The privates' lays, offered while the company's track step is active."""

    kinds = frozenset({"private_lay"})
    blocking = False
    name = "private_lay"
    passing = "passes on laying the private's tile"

    def __init__(self, metropolises: Collection[str] = ()) -> None:
        self.metropolises = frozenset(metropolises)
        """The game's metropolises (New York and the three drawn; the title passes them)."""
        self.great_northern: list[str] = []
        """Companies that made P17's lay this operating round (one each: "per turn")."""

    def _track(self, g: UsaGame, entity: str) -> TrackStep | None:
        return open_track_step(g, entity)

    def moves(self, g: UsaGame, entity: str) -> list[PrivateLay]:
        """The lays on offer: in the company's turn, while its track step is open."""
        if entity not in g.corps or not in_turn(g, entity):
            return []
        track = self._track(g, entity)
        if track is None:
            return []
        player = g.controller_id(entity)
        out: list[PrivateLay] = []
        for private in g.privates.values():
            if private.closed or private.owner != entity:
                continue
            if entity in self.great_northern and any(
                isinstance(a, GreatNorthern) for a in private.spec.abilities
            ):
                continue
            cash = g.ledger.cash(entity)
            counted = uses_tile_action(g, private.id)
            fee = 0
            if counted:
                allowed, fee = _tile_action(g, entity, track)
                if not allowed:
                    continue
            for h, t, r in lays_for(g, entity, private.id, self.metropolises):
                if terrain_due(g, entity, private.id, h) + fee > cash:
                    continue
                out.append(
                    PrivateLay(
                        player=player, entity=entity, company=private.id, hex=h, tile=t, rotation=r
                    )
                )
        return out

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        assert isinstance(action, PrivateLay)
        return IllegalAction(
            f"{entity} cannot lay {action.tile} on {action.hex} with {action.company} now "
            "(its route must reach the hex, in the track step; appendix, §7.1)",
            rule="private.lay",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, PrivateLay)
        track = self._track(g, entity)
        counts = uses_tile_action(g, action.company)
        if any(isinstance(a, GreatNorthern) for a in g.privates[action.company].spec.abilities):
            self.great_northern.append(entity)
        if counts and track is not None:
            _, fee = _tile_action(g, entity, track)
            if fee:
                g.ledger.transfer(entity, BANK, fee)
            track.lays += 1
        lay(g, entity, action)
        if not counts:
            # P9's and P17's lays are no tile action: the $20 of §12.2 does not count them
            g.map.free_laid.append(action.hex)
