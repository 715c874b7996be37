"""The Resource subsidy (appendix "Subsidy Tiles"): a free extra yellow lay with a resource
token.

"The company receives its choice of one ore, oil, or coal token if one is available.  An ore
token is available if P24 Anaconda Copper is not in play, an oil token is available if P12
Standard Oil is not in play, and a coal token is available if either of P18 Peabody Coal or
P28 Consolidation Coal are not in play.  If all of these private companies are in play this
subsidy is treated for all purposes as a "No subsidy" tile.  Placing a track and the resource
token from the Resource Subsidy is a free extra track lay in addition to the normal track
placements.  The type of resource provided by the resource subsidy tile is chosen when the
resource is placed."

So the lay and the token are one move (:class:`SubsidyLay`): a yellow tile in an empty hex
with the chosen resource's icon, laid by the track-laying rules (the company's route reaches
the hex, §12.2.1; the tile fits, §12.2.2), whose track points into a city hex (§13.1-§13.3,
:func:`.resources.refusal`'s rules), and the token on it.  It is not one of the turn's tile
actions (no $20 fee, §12.2) but the hex counts as built this turn.  The terrain is paid as for
any first tile, less the $15 a coal or ore token ignores (:func:`.resources.terrain_saved`).
The subsidy is spent once used ("closed when used up" in 18xx.games, whose ability says
``when: 'track'``: the lay is offered while the company's track step is open, in any
operating round).  The token then is any resource token of its kind (§13: its revenue, the ore
tile's upgrade rule).
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Literal

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Entity, HexName, Rotation, TileName
from roundhouse.core.flow.step import Step
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, TrackRules, check_lay, tile_lays
from roundhouse.titles.g18usa.board import resource_hexes
from roundhouse.titles.g18usa.family1817.turn_stage import open_track_step
from roundhouse.titles.g18usa.map_rules import UNLIMITED_CASH
from roundhouse.titles.g18usa.map_state import UsaMapState
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import Resource, ResourceTokens
from roundhouse.titles.g18usa.privates import resource_subsidy_kinds
from roundhouse.titles.g18usa.resources import points_into_city, put_down, terrain_saved
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.terrain import terrain_cost

KIND = "resource"
"""The subsidy tile's kind (:class:`~.setup_draw.Subsidy`)."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SubsidyLay(Action):
    """Company ``entity`` lays ``tile`` in ``hex`` with its Resource subsidy and places the
    ``choice`` token there (18xx.games: a ``lay_tile`` by the subsidy, the token implied by
    the tile)."""

    kind: ClassVar[str] = "subsidy_lay"
    entity: Entity
    hex: HexName
    tile: TileName
    rotation: Rotation
    choice: Literal["coal", "oil", "ore"]

    def __str__(self) -> str:
        return (
            f"{self.entity} lays {self.tile} on {self.hex}, rotation {self.rotation}, with its "
            f"Resource subsidy and places a {self.choice} token there"
        )


def kinds_offered(g: UsaGame) -> tuple[Resource, ...]:
    """The tokens the subsidy offers in this game, by the privates dealt (§2.3)."""
    return resource_subsidy_kinds(g.privates)


def holds(g: UsaGame, corp_id: str) -> bool:
    """Whether the company holds an unused Resource subsidy with a token to offer."""
    subsidy = g.company_subsidies.get(corp_id)
    return subsidy is not None and subsidy.kind == KIND and bool(kinds_offered(g))


def private_first(g: UsaGame, corp_id: str, resource: Resource) -> bool:
    """Whether 18xx.games would spend one of the company's privates on a ``resource`` tile
    in place of the subsidy, so that the subsidy's lay of that resource cannot be played
    there (under ``compat_18xx_games``, docs/rules-notes.md).  The appendix lets the
    company choose which token it places; the site has no move naming the subsidy: the
    company lays the resource tile and ``G18USA::Game#abilities_to_lay_resource_tile``
    picks the ability of fewest resources, ties to the private (its id sorts before
    ``S16``), and counts the lay among the turn's when that ability is a private's (found
    by the export differential, issue #17: random bots, 4 players, seed 15008, where N&W
    held P4 and the subsidy, and the site spent P4 on the ore tile ours laid with the
    subsidy, whose lay then kept the site's track step waiting)."""
    if not g.variant.compat_18xx_games:
        return False
    offered = len(kinds_offered(g))
    return any(
        resource in a.resources and len(a.resources) <= offered
        for _, a in held(g, corp_id, ResourceTokens)
    )


SPENT = frozenset({"none", "cash", "plus10", "plus10_20", "free_station"})
"""Subsidies that leave nothing more to use in the subsidy's place once the company has
started (the Free Station's token is the map's to track, ``UsaMap.free_stations``)."""


def hand_over(g: UsaGame, survivor: str, absorbed: str) -> None:
    """An unused Resource subsidy of a company merged or acquired goes to the survivor, as
    the site's subsidy card does with the absorbed company's other cards (``S16``, moved by
    ``G1817::Step::Acquire`` and ``Conversion``'s transfer of companies), when the survivor
    holds no Resource subsidy of its own (a Free Station it still holds stays beside it)
    (found by the export differential, issue #17: random bots, 6 players, seed 916, where
    the site's track step waited for WP's).  The
    rulebook hands over "trains, station markers, private companies" (§14.1.2, §14.2), not a
    subsidy (§11.6.1), so only under ``compat_18xx_games``."""
    subsidies = g.company_subsidies
    taken = subsidies.get(absorbed)
    kept = subsidies.get(survivor)
    if taken is None or taken.kind != KIND or (kept is not None and kept.kind not in SPENT):
        return
    subsidies[survivor] = taken
    del subsidies[absorbed]


def _rules(board: UsaMapState[UsaGame]) -> TrackRules:
    return TrackRules(
        upgrades=board.upgrades, colours=frozenset({Colour.YELLOW}), reach=board.lay_reach
    )


def _allowance(g: UsaGame, corp_id: str) -> Allowance:
    """Any new yellow tile (never an upgrade), not in a hex built this turn (§12.2)."""
    board = g.map
    return Allowance(
        cash=UNLIMITED_CASH,
        upgrade_colours=frozenset(),
        skip_hexes=frozenset(board.laid_now(g, corp_id)),
    )


def price(g: UsaGame, corp_id: str, hex_name: str, resource: Resource) -> int:
    """What the lay costs: the hex's terrain as for any first tile (less the company's
    waivers, :mod:`.terrain`), less what the token ignores."""
    printed = g.map.board[hex_name].printed
    paid = terrain_cost(g, corp_id, hex_name, printed.cost)
    return paid - terrain_saved(g, corp_id, hex_name, resource)


def lays(g: UsaGame, corp_id: str) -> list[SubsidyLay]:
    """Every subsidy lay the company may make now (whatever step is open: the caller asks
    when)."""
    if not holds(g, corp_id):
        return []
    board = g.map
    icons = resource_hexes()
    offered = kinds_offered(g)
    player = g.controller_id(corp_id)
    cash = g.ledger.cash(corp_id)
    out: list[SubsidyLay] = []
    for lay in tile_lays(board.board, board.graph, corp_id, _allowance(g, corp_id), _rules(board)):
        if lay.upgrade or not board.lay_allowed(g, corp_id, lay):
            continue
        tile = board.board.tiles[lay.tile]
        if not points_into_city(board.board, lay.hex, tile.exits(lay.rotation)):
            continue
        for resource in offered:
            if lay.hex not in icons.get(resource.value, frozenset()):
                continue
            if private_first(g, corp_id, resource):
                continue
            if price(g, corp_id, lay.hex, resource) > cash:
                continue
            out.append(
                SubsidyLay(
                    player=player,
                    entity=corp_id,
                    hex=lay.hex,
                    tile=lay.tile,
                    rotation=lay.rotation,
                    choice=resource.value,
                )
            )
    return out


class ResourceSubsidyStep(Step[UsaGame]):
    """The Resource subsidy's lay, offered beside the company's open track step."""

    kinds = frozenset({"subsidy_lay"})
    blocking = False
    name = "resource_subsidy"

    @staticmethod
    def _track_open(g: UsaGame, entity: str) -> bool:
        return open_track_step(g, entity) is not None

    def moves(self, g: UsaGame, entity: str) -> list[SubsidyLay]:
        if entity not in g.corps or not holds(g, entity) or not self._track_open(g, entity):
            return []
        return lays(g, entity)

    def active(self, g: UsaGame, entity: str) -> bool:
        return bool(self.moves(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return list(self.moves(g, entity))

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if action in self.moves(g, entity):
            return
        assert isinstance(action, SubsidyLay)
        if not holds(g, entity):
            reason = f"{entity} holds no Resource subsidy with a token to place"
        elif action.choice not in {r.value for r in kinds_offered(g)}:
            reason = f"the Resource subsidy offers no {action.choice} token in this game"
        elif action.hex not in resource_hexes().get(action.choice, frozenset()):
            reason = f"{action.hex} has no {action.choice} icon (§13)"
        elif private_first(g, entity, Resource(action.choice)):
            reason = (
                f"{entity}'s private places the {action.choice} token in the subsidy's "
                "place on 18xx.games (compat_18xx_games): lay the tile and place the "
                "private's token"
            )
        else:
            reason = (
                f"{entity} cannot lay {action.tile} on {action.hex} with its Resource subsidy "
                "now: a new yellow tile its route reaches, pointing into a city hex, during "
                "its track step (§12.2, §13.1)"
            )
        raise IllegalAction(reason, rule="resources.subsidy")

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, SubsidyLay)
        board = g.map
        resource = Resource(action.choice)
        cost, moves = check_lay(
            board.board,
            board.graph,
            entity,
            (action.hex, action.tile, action.rotation),
            _allowance(g, entity),
            _rules(board),
        )
        paid = price(g, entity, action.hex, resource)
        if paid:
            g.ledger.transfer(entity, BANK, paid)
        lay = TileLay(action.hex, action.tile, action.rotation, cost, upgrade=False)
        board.lay_free(g, entity, lay, moves)
        put_down(g, entity, action.hex, resource)
        del g.company_subsidies[entity]
        g.emit(
            "resource",
            f"{entity} lays {action.tile} on {action.hex} with its Resource subsidy and places "
            f"a {resource.value} token there",
            company=entity,
        )
