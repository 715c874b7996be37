"""18USA's board rules on top of what its map keeps (:class:`~.map_state.UsaMapState`).

* §11.6 step 2: a company starts in any open station slot on the map (:meth:`UsaMap.home_choices`).
* §12.2: a second tile action costs $20 (:class:`SecondTileFee`), at most one of the two is an
  upgrade (:meth:`UsaMap.allowance`), never a lay and an upgrade of one hex; Cleveland's X13
  goes nowhere else, and is Cleveland's only brown tile (:class:`HexOnly`).
* §12.2.4 (Phases 5-8): an empty city hex takes a green city, plain track may skip colours at
  $10 a level (:meth:`UsaMap.track_rules`).
* §12.4.1: Montreal, Mexico and the Port of New Orleans end a route (they are off-boards);
  a company runs at most two routes starting or ending in Mexico (:data:`MEXICO_LIMIT`).
* §12.7: a company owning a Pullman car adds $20 per city, small city and red area to one
  train's run (:data:`PULLMAN_BONUS`).
* Appendix "Subsidy Tiles": the +10 and +10/+20 city tokens (:class:`CityBonus`).
* §13: resource tokens on the board add to the runs through them
  (:func:`.resources.revenue_bonuses`); a tile with an ore token is never upgraded
  (:class:`.resources.OreRule`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Mapping, Sequence

from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import UNLIMITED
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.routes.adapter import GraphOptions, StopExtras
from roundhouse.core.routes.kinds import AnyKind
from roundhouse.core.routes.revenue import EndpointLimit, OneRouteStopBonus, RevenueRules
from roundhouse.core.station import TokenPlacement
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, TrackRules
from roundhouse.titles.g18usa import tiles as usa_tiles
from roundhouse.titles.g18usa.bailey_yard import MAX_TOKENS
from roundhouse.titles.g18usa.law_firm import law_firm_stations, remove_law_firm, settle_law_firm
from roundhouse.titles.g18usa.map_state import UsaMapState
from roundhouse.titles.g18usa.red_areas import discard_express, express_area, express_cut
from roundhouse.titles.g18usa.resources import OreRule, revenue_bonuses
from roundhouse.titles.g18usa.route_privates import (
    attached_kinds,
    private_revenue_rules,
    switcher_options,
)
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import PrivateStops
from roundhouse.titles.g18usa.terrain import PrivateTerrain
from roundhouse.titles.g18usa.tile_actions import PettiboneRule, pettibone_colours, plan

MEXICO = "Mexico"
MEXICO_LIMIT = EndpointLimit(tag=MEXICO, limit=2)
"""§12.4.1: "A company cannot have more than two routes which start or end in Mexico"."""
PULLMAN_BONUS = OneRouteStopBonus(amount=20)
"""§12.4, §12.7: +$20 for each city, small city and red area of one train's run."""
UNLIMITED_CASH = UNLIMITED
"""Cash given to the track search so that it lists every lay (the caller filters)."""
SECOND_TILE_FEE = 20
"""§12.2: "For a fee of $20, a company may perform a second tile action"."""
BROWN_PHASE = "5"
"""§12.2.4: "Phases 5 - 8 Only" (brown track from Phase 5, §12.2)."""
CHARTER = "charter"
"""The token-cut choice that discards a token from the company's charter (§14.3)."""
RESOURCE_BONUSES = revenue_bonuses(("5", "6", "7", "8"))
"""§13.1-§13.3: +$10 per coal, oil and ore token a run passes through; oil +$20 from Phase 5;
an ore token turned to its $20 side +$20."""


def _actions_now(g: UsaGame, corp_id: str) -> int:
    """Tile actions of the company's turn so far, §12.2.4's free brown home tile apart."""
    board = g.map
    # each free action is in both lists (``lay_free``); a hex may be in ``laid`` twice when
    # a free action followed the company's own lay there (the site's Boomtown, compat)
    return len(board.laid_now(g, corp_id)) - len(board.free_now(g, corp_id))


class SecondTileFee(LayRule[UsaGame]):
    """§12.2: the second tile action of a turn costs $20 (P7's three and P11's two as well:
    :func:`.tile_actions.plan`)."""

    __slots__ = ()

    def extra(self, g: UsaGame, corp_id: str, lay: TileLay) -> int:
        return plan(g, corp_id).fee if _actions_now(g, corp_id) == 1 else 0

    def after(self, g: UsaGame, corp_id: str, lay: TileLay) -> None:
        if _actions_now(g, corp_id) == 2:
            g.ledger.transfer(corp_id, BANK, plan(g, corp_id).fee)

    def position_key(self, g: UsaGame, corp_id: str) -> Hashable:
        return plan(g, corp_id)


class CityUpgrades(LayRule[UsaGame]):
    """P11: "Only one upgrade may be a city" (§12.2 allows one upgrade in all)."""

    __slots__ = ()

    def allowed(self, g: UsaGame, corp_id: str, lay: TileLay) -> bool:
        board = g.map
        if not lay.upgrade:
            return True
        if not board.board[lay.hex].tile.cities:
            return True
        done = [h for h in board.upgraded_now(g, corp_id) if board.board[h].tile.cities]
        return len(done) < plan(g, corp_id).city_upgrades

    def position_key(self, g: UsaGame, corp_id: str) -> Hashable:
        return plan(g, corp_id).city_upgrades


class HexOnly(LayRule[UsaGame]):
    """Tiles one hex alone takes, and that hex takes no other tile of their colour: X13
    Cleveland is D24's brown tile (the tile manifest names it "X13 Cleveland (brown)"; 18xx.games
    ``G18USA::Game#upgrades_to?``: D24 takes X13 and no other brown tile; tiles.toml)."""

    __slots__ = ()

    def allowed(self, g: UsaGame, corp_id: str, lay: TileLay) -> bool:
        only = usa_tiles.hex_only()
        home = only.get(lay.tile)
        if home is not None:
            return home == lay.hex
        own = next((tile for tile, h in only.items() if h == lay.hex), None)
        if own is None:
            return True
        tiles = g.map.board.tiles
        return tiles[lay.tile].colour is not tiles[own].colour


@dataclasses.dataclass(frozen=True)
class CityBonus:
    """The subsidy tokens that raise a city's value for everyone (appendix "Subsidy Tiles":
    +10; +10/+20, flipped to +20 at the start of Phase 5)."""

    bonuses: tuple[tuple[str, int], ...]
    privates: PrivateStops | None = None
    """The privates' markers (bridges, P8's and P20's stations, company towns)."""

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        extras = None if self.privates is None else self.privates(board, hex_name, stop)
        for name, bonus in self.bonuses:
            if name == hex_name:
                if extras is None:
                    return StopExtras(bonus=bonus)
                return dataclasses.replace(extras, bonus=extras.bonus + bonus)
        return extras


class UsaMap(UsaMapState[UsaGame]):
    """The 18USA board of one game (set-up already drawn onto it), with its rules."""

    def __init__(
        self,
        board: Board,
        *,
        mexico_hexes: tuple[str, ...],
        kinds: Mapping[str, AnyKind],
    ) -> None:
        super().__init__(
            board,
            one_lay_per_hex=True,
            token_choice=True,
            upgrades=usa_tiles.upgrade_rules(),
            lay_reach=usa_tiles.LAY_REACH,
            lay_rules=(
                HexOnly(),
                SecondTileFee(),
                CityUpgrades(),
                OreRule(),
                PrivateTerrain(),
                PettiboneRule(),
            ),
            kinds=kinds,
            mexico_hexes=mexico_hexes,
        )

    # -- track -----------------------------------------------------------------------------

    def allowance(self, g: UsaGame, corp_id: str) -> Allowance:
        """§12.2: never twice in one hex; once one action was an upgrade, the other may not
        be (P11: two upgrades)."""
        base = super().allowance(g, corp_id)
        if len(self.upgraded_now(g, corp_id)) >= plan(g, corp_id).upgrades:
            return dataclasses.replace(base, upgrade_colours=frozenset())
        return base

    def colours(self, g: UsaGame) -> frozenset[Colour]:
        """The phase's colours, and P11's colour ahead for its owner."""
        return pettibone_colours(g, super().colours(g))

    def train_kinds(self, g: UsaGame, corp_id: str) -> Mapping[str, AnyKind]:
        """P19's switcher and P30's extender change the train they are attached to."""
        return attached_kinds(g, corp_id, super().train_kinds(g, corp_id))

    def lay_tile(self, g: UsaGame, corp_id: str, lay: TileLay) -> None:
        self._sync_turn(g, corp_id)
        if lay.upgrade:
            self.upgraded.append(lay.hex)
        super().lay_tile(g, corp_id, lay)
        settle_law_firm(self.board)

    def track_rules(self, g: UsaGame, rules: TrackRules) -> TrackRules:
        """§12.2.4: from Phase 5 (brown track), an empty city hex takes a green city and
        plain track may skip colours at $10 a level - by the phase, not by the colours a
        company may lay (P11's owner lays brown track from Phase 3, but only as an
        upgrade)."""
        if BROWN_PHASE in g.phases_reached():
            return dataclasses.replace(
                rules,
                colour_skip=usa_tiles.colour_skip(),
                empty_city_colour=usa_tiles.empty_city_colour(),
            )
        return rules

    def listing_key(self, g: UsaGame, corp_id: str) -> Hashable:
        return (super().listing_key(g, corp_id), tuple(self.upgraded), tuple(self.free_laid))

    # -- station tokens ----------------------------------------------------------------------

    def token_placements(self, g: UsaGame, corp_id: str) -> Sequence[TokenPlacement]:
        """§12.3, and the Free Station subsidy (appendix): its extra token "may be placed in
        any city the company can trace a legal route to even if no open station slot is
        currently available in the city"."""
        out = list(super().token_placements(g, corp_id))
        if corp_id in self.free_stations:
            board = self.board
            for name, city in sorted(self.graph.reach(corp_id).stops):
                here = board.hexes[name]
                if city not in here.tokens or any(corp_id in t for t in here.tokens.values()):
                    continue
                if here.tile.stop(city).slots and board.open_slots(name, city, corp_id) <= 0:
                    out.append(TokenPlacement(name, city, 0))
        return out

    def place_token(self, g: UsaGame, corp_id: str, placement: TokenPlacement) -> None:
        """A token in a full city is the Free Station's: it takes no slot ("if an open
        station slot becomes available later, the token will immediately fill the new
        opening": it simply counts against the slots of a later tile).  The company's
        last token left is the extra one ("The company receives one extra station token"),
        so placing it, wherever, places the Free Station: tokens a later conversion buys
        (§14.1.1) are plain ones (found by the export differential, issue #17: heuristic
        bots, 5 players, seed 1109, where a converted GN kept the subsidy's privilege)."""
        board = self.board
        if (
            corp_id in self.free_stations
            and board.open_slots(placement.hex, placement.city, corp_id) <= 0
        ):
            board.hexes[placement.hex].tokens[placement.city].append(corp_id)
            board.touch()
            self.free_stations.discard(corp_id)
            return
        corp = g.corps[corp_id]
        if corp.tokens_placed + 1 >= corp.tokens_owned:
            self.free_stations.discard(corp_id)
        super().place_token(g, corp_id, placement)

    # -- stations after a merger or acquisition (§14.3; appendix P8; P20) -------------------

    def stations(self, corp_id: str) -> list[tuple[str, str]]:
        """The company's stations on the map: its tokens in slots and its P20 station still
        waiting for one (both count against §14.3's eight)."""
        return sorted(self.board.tokens_of(corp_id) + law_firm_stations(self.board, corp_id))

    def reckon_stations(self, g: UsaGame, corp_id: str, *, charter_choice: bool = True) -> None:
        """§14.3 after a merger or acquisition, with the privates' stations: the company's
        ``tokens_placed`` is its stations on the map (a P20 station waiting included), and
        what is over eight the president takes off (:meth:`cut_choices`).  Appendix P8: "If
        during a merger or acquisition the new company has more than 8 station tokens
        (counting the station marker in the red area), the new company may choose to either
        keep or remove the station token from the red area": the red-area station counts, and
        is one of the tokens the president may take off.  Without ``charter_choice`` (as
        18xx.games plays it) that is asked only when the stations on the map are more than
        eight with it; when only the charter makes the count, the red-area station stays and
        a charter token goes."""
        corp = g.corps[corp_id]
        corp.tokens_placed = len(self.stations(corp_id))
        red = 0 if express_area(self.board, corp_id) is None else 1
        counted = max(corp.tokens_placed, corp.tokens_owned if charter_choice else 0)
        over = counted + red - MAX_TOKENS
        if over > 0:
            self.token_cuts[corp_id] = over
        else:
            self.token_cuts.pop(corp_id, None)
            self.cuts_done(g, corp_id)

    def cut_choices(self, g: UsaGame, corp_id: str) -> list[str]:
        """Each station on the map ("hex city"), the red-area station (P8's id), and, when
        the company holds more tokens than it has on the map, one from its charter (§14.3
        "discard tokens from the charter as necessary": keeping the red-area station then
        costs a token of the charter)."""
        out = [f"{h} {c}" for h, c in self.stations(corp_id)]
        red = express_cut(g, corp_id)
        if red is not None:
            out.append(red)
        corp = g.corps[corp_id]
        if corp.tokens_owned > corp.tokens_placed:
            out.append(CHARTER)
        return out

    def cut(self, g: UsaGame, corp_id: str, choice: str) -> None:
        corp = g.corps[corp_id]
        if choice == CHARTER:
            corp.tokens_owned -= 1
        elif choice == express_cut(g, corp_id):
            discard_express(g, corp_id)
        else:
            hex_name, city = choice.split(" ", 1)
            if (hex_name, city) in law_firm_stations(self.board, corp_id):
                remove_law_firm(self.board, corp_id, hex_name)
            else:
                self.board.remove_token(hex_name, city, corp_id)
            corp.tokens_placed = len(self.stations(corp_id))
            settle_law_firm(self.board)

    def cuts_done(self, g: UsaGame, corp_id: str) -> None:
        """The red-area station kept counts as one of the eight (appendix P8), so the
        company owns at most seven others."""
        if express_area(self.board, corp_id) is not None:
            corp = g.corps[corp_id]
            corp.tokens_owned = min(corp.tokens_owned, MAX_TOKENS - 1)

    def remove_station_tokens(self, g: UsaGame, corp_id: str) -> None:
        """A company leaving play takes its P20 station waiting for a slot and its red-area
        station with it (P8 is then discarded); other companies' P20 stations fill the slots
        it opens."""
        super().remove_station_tokens(g, corp_id)
        remove_law_firm(self.board, corp_id)
        discard_express(g, corp_id)
        settle_law_firm(self.board)

    # -- home stations -----------------------------------------------------------------------

    def home_choices(self, g: UsaGame, corp_id: str) -> list[tuple[str, str]]:
        """§11.6 step 2: "Select any empty station token slot on the map"."""
        out: list[tuple[str, str]] = []
        for name, here in self.board.hexes.items():
            for city, held in here.tokens.items():
                if corp_id in held:
                    break
                if self.board.open_slots(name, city, corp_id) > 0:
                    out.append((name, city))
        return sorted(out)

    def place_home_at(self, g: UsaGame, corp_id: str, hex_name: str, city: str) -> None:
        self.board.place_token(hex_name, city, corp_id)
        g.corps[corp_id].tokens_placed += 1

    # -- runs --------------------------------------------------------------------------------

    def revenue_rules(self, g: UsaGame, corp_id: str) -> RevenueRules:
        has_car = any(g.depot.is_car(t) for t in g.depot.owned_by(corp_id))
        # the Mexico limit only bites with three trains or more; without it the route
        # search may prune dominated runs
        many = len(g.depot.running(corp_id)) > MEXICO_LIMIT.limit
        # only the resource tokens on the board: a bonus without its token would only slow
        # the route search down
        marks = {m for here in self.board.hexes.values() for m in here.markers}
        base = RevenueRules(
            route_bonuses=tuple(b for b in RESOURCE_BONUSES if b.tag in marks),
            company_bonuses=(PULLMAN_BONUS,) if has_car else (),
            combination_checks=(MEXICO_LIMIT,) if many else (),
        )
        return private_revenue_rules(g, corp_id, base)

    def graph_options(self, g: UsaGame, corp_id: str) -> GraphOptions:
        phase5 = "5" in g.phases_reached()
        bonuses = tuple(
            sorted((h, late if phase5 else early) for h, (early, late) in self.city_bonus.items())
        )
        tags: Mapping[str, frozenset[str]] = {h: frozenset({MEXICO}) for h in self.mexico_hexes}
        privates = PrivateStops() if g.privates else None
        decorate = CityBonus(bonuses, privates) if bonuses or privates else None
        # §12.1: "A route may change directions at the junctions in the middle of plain
        # track tiles", only never "use the same stretch of track more than once"
        options = GraphOptions(tags=tags, decorate=decorate, junction_revisits=True)
        return switcher_options(g, corp_id, options)
