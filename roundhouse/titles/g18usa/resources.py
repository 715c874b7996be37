"""Coal, oil and ore tokens (§13.1-§13.3), brought by P1, P3, P4, P12, P18, P21, P24 and P28.

§13: "Resource tokens may only be placed on hexes which have the respective resource type as
part of a yellow tile lay action in that hex.  Placing a resource token does not count as a
tile action."  One end of the yellow track must point directly into a city hex, and it must be
possible to upgrade or place a tile there that connects to it.  B10 and B12 take either or
both of their two resources.

What each token does:

=====  =====================  ==================  ================================
token  terrain                revenue per train   upgrades
=====  =====================  ==================  ================================
coal   ignores $15            +$10                the tile may be upgraded
oil    -                      +$10, +$20 phase 5  the tile may be upgraded
ore    ignores $15            +$10, +$20 after    the tile may not be upgraded;
                                                  from phase 3 a tile upgrade action
                                                  turns the token to +$20
=====  =====================  ==================  ================================

"A train may only pass through a tile with a coal [oil, ore] token once"; routes may not start
or end at one (§12.4: they are not stops, only hexes a route passes through).

A token is a marker on the hex (``coal``, ``oil``, ``ore``, ``ore20`` for the upgraded ore:
:meth:`~roundhouse.core.board.Board.add_marker`), so it is board state, copied and hashed with
it, and the route machinery counts it (:func:`revenue_bonuses`,
:class:`~roundhouse.core.routes.revenue.HexMarkerBonus`).

The $15 a coal or ore token saves is paid back when the token is placed (what the company
paid of the hex's $15, so nothing for a company with P5: appendix P5, "No money is refunded
when a coal or ore token is used by a company which owns this private").

The title wires in: :class:`ResourceTokenStep` among its operating turn's steps (before the
run), :class:`OreRule` among its board map's lay rules, :func:`revenue_bonuses` among its
revenue rules' route bonuses, and :func:`upgrade_ore` as one of the track step's upgrade
actions (:func:`ore_upgrades` lists them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.flow.step import Step
from roundhouse.core.hexgrid import opposite
from roundhouse.core.routes.revenue import HexMarkerBonus
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay
from roundhouse.titles.g18usa.board import resource_hexes
from roundhouse.titles.g18usa.family1817.turn_stage import before_run
from roundhouse.titles.g18usa.powers import UsePrivate, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import Resource, ResourceTokens
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import COMPANY_TOWNS
from roundhouse.titles.g18usa.terrain import terrain_cost

ORE20 = "ore20"
"""The marker of an ore token turned to its $20 side (§13.3)."""

TERRAIN_SAVED = 15
"""§13.1, §13.3: "allows the company to ignore $15 terrain costs on the hex"."""

RESOURCE_NAMES = frozenset(r.value for r in Resource)
"""What a resource placement's ``choice`` names."""


def markers_of(board: Board, hex_name: str) -> frozenset[str]:
    return frozenset(board[hex_name].markers)


def has_resource(board: Board, hex_name: str, resource: Resource) -> bool:
    """Whether a token of ``resource`` lies on the hex (an upgraded ore is ore)."""
    marks = markers_of(board, hex_name)
    return resource.value in marks or (resource is Resource.ORE and ORE20 in marks)


def points_into_city(board: Board, hex_name: str, exits: Iterable[int] | None = None) -> bool:
    """§13.1: "one end of the yellow track must point directly into a city hex", and "it must
    be possible to upgrade or place a tile on the city hex which would connect to the track".
    A city hex is any hex with a revenue location (cities, small cities, red areas, rural
    junctions), now or printed.  ``exits``: the track's edges (default: the hex's tile's now;
    the Resource subsidy asks before its tile goes down)."""
    here = board[hex_name]
    if exits is None:
        exits = here.tile.exits(here.rotation)
    for edge in exits:
        other = board.grid.neighbour(hex_name, edge)
        if other is None or board.exit_blocked(hex_name, edge):
            continue
        there = board[other]
        if not (there.tile.stops or there.printed.tile.stops):
            continue
        if opposite(edge) in there.tile.exits(there.rotation) or not there.fixed:
            return True
    return False


def refusal(board: Board, hex_name: str, resource: Resource) -> str | None:
    """Why a ``resource`` token may not go on ``hex_name`` now (None: it may), given that the
    hex's yellow tile was laid in this tile action (the caller knows)."""
    if hex_name not in resource_hexes().get(resource.value, frozenset()):
        return f"{hex_name} has no {resource.value} icon (§13)"
    here = board[hex_name]
    if here.tile.colour is not Colour.YELLOW:
        return f"a {resource.value} token goes with a yellow tile (§13)"
    if here.tile.id in COMPANY_TOWNS:
        return "no resource token goes on a company town (18xx.games P27)"
    if has_resource(board, hex_name, resource):
        return f"{hex_name} has a {resource.value} token already"
    if not points_into_city(board, hex_name):
        return f"the track in {hex_name} must point into a city hex (§13.1)"
    return None


def place(g: UsaGame, corp_id: str, private_id: str, hex_name: str, resource: Resource) -> None:
    """Put the token down and pay back the $15 of terrain it saves (coal, ore)."""
    bm = g.map
    ability = _ability(g, corp_id, private_id, resource)
    reason = refusal(bm.board, hex_name, resource)
    if reason is not None:
        raise IllegalAction(reason, rule="resources.placement")
    use(g, private_id, ability)
    put_down(g, corp_id, hex_name, resource)
    refund = terrain_saved(g, corp_id, hex_name, resource)
    if refund:
        g.ledger.transfer(BANK, corp_id, refund)
    g.emit("resource", f"{corp_id} places {private_id}'s {resource.value} token in {hex_name}")


def put_down(g: UsaGame, corp_id: str, hex_name: str, resource: Resource) -> None:
    """The token goes on the hex (a marker: board state the route machinery counts)."""
    g.map.board.add_marker(hex_name, resource.value)


def terrain_saved(g: UsaGame, corp_id: str, hex_name: str, resource: Resource) -> int:
    """What a coal or ore token saves the company of the hex's terrain (§13.1, §13.3:
    "ignore $15 terrain costs"): the $15, or what it pays of the terrain if less (nothing
    with P5, appendix P5); oil saves nothing."""
    printed = g.map.board[hex_name].printed
    if resource is Resource.OIL or printed.cost < TERRAIN_SAVED:
        return 0
    return min(TERRAIN_SAVED, terrain_cost(g, corp_id, hex_name, printed.cost))


def _ability(g: UsaGame, corp_id: str, private_id: str, resource: Resource) -> ResourceTokens:
    for private, a in held(g, corp_id, ResourceTokens):
        if private.id == private_id and resource in a.resources:
            return a
    raise IllegalAction(
        f"{corp_id} has no {resource.value} token from {private_id}", rule="resources.none_held"
    )


def placements(g: UsaGame, corp_id: str) -> list[UsePrivate]:
    """Every resource token the company may place now: on a hex it laid a yellow tile in this
    turn, from a private it owns."""
    bm = g.map
    fresh = [h for h in bm.laid_now(g, corp_id) if bm.board[h].tile.colour is Colour.YELLOW]
    if not fresh:
        return []
    player = g.controller_id(corp_id)
    out: list[UsePrivate] = []
    for private, a in held(g, corp_id, ResourceTokens):
        for hex_name in fresh:
            for r in a.resources:
                if refusal(bm.board, hex_name, r) is None:
                    out.append(
                        UsePrivate(
                            player=player,
                            entity=corp_id,
                            company=private.id,
                            hex=hex_name,
                            choice=r.value,
                        )
                    )
    return out


class ResourceTokenStep(Step[UsaGame]):
    """Place a resource token with this turn's yellow lay (§13), before the run; offered
    beside the turn's current step."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "resource_token"
    passing = "passes on placing a resource token"

    def takes(self, g: UsaGame, action: Action) -> bool:
        """A resource placement names its resource: P21's bridge (the same card's other
        power, §13.4) names none and is the bridge step's."""
        return (
            isinstance(action, UsePrivate)
            and action.choice in RESOURCE_NAMES
            and action.company in g.privates
            and any(
                isinstance(a, ResourceTokens) for a in g.privates[action.company].spec.abilities
            )
        )

    def active(self, g: UsaGame, entity: str) -> bool:
        if not in_turn(g, entity) or not before_run(g, entity):
            return False
        if type(self) is ResourceTokenStep and _prompt_is_current(g, entity):
            return False  # the prompt lists the same moves (no move listed twice)
        return bool(placements(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return list(placements(g, entity))

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if action not in placements(g, entity):
            assert isinstance(action, UsePrivate)
            reason = None
            if action.choice in RESOURCE_NAMES:
                reason = refusal(g.map.board, action.hex, Resource(action.choice))
            raise IllegalAction(
                reason
                or f"{entity} may place a resource token only with a yellow tile it laid "
                "this turn, from a private it owns (§13)",
                rule="resources.placement",
            )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        place(g, entity, action.company, action.hex, Resource(action.choice))


def _prompt_is_current(g: UsaGame, entity: str) -> bool:
    """Whether the turn waits in :class:`ResourceTokenPrompt` now: it is the first blocking
    step still active (while the track step offers a second tile action, the token is
    offered beside it)."""
    for s in g.round.steps:
        if s.blocking and s.active(g, entity):
            return isinstance(s, ResourceTokenPrompt)
    return False


class OreRule(LayRule[UsaGame]):
    """§13.3: "Tiles with an ore token may not be upgraded"."""

    __slots__ = ()

    def allowed(self, g: UsaGame, corp_id: str, lay: TileLay) -> bool:
        if not lay.upgrade:
            return True
        return not has_resource(g.map.board, lay.hex, Resource.ORE)


def ore_upgrades(g: UsaGame, corp_id: str, reach: Iterable[str]) -> list[str]:
    """Hexes with a $10 ore token the company may turn to $20 with a tile upgrade action:
    §13.3 "This can be upgraded to $20 by using a tile upgrade action from Phase 3 on" (green
    tiles available), on a hex it can reach (§7.1)."""
    bm = g.map
    if Colour.GREEN not in bm.colours(g):
        return []
    return sorted(h for h in reach if Resource.ORE.value in markers_of(bm.board, h))


def upgrade_ore(g: UsaGame, corp_id: str, hex_name: str, reach: Iterable[str]) -> None:
    """Turn the ore token in ``hex_name`` to its $20 side; the caller counts it as the turn's
    upgrade ("This does not upgrade the tile")."""
    if hex_name not in ore_upgrades(g, corp_id, reach):
        raise IllegalAction(
            f"{corp_id} cannot turn an ore token in {hex_name} to $20 (§13.3: from phase 3, "
            "a $10 ore token on its route)",
            rule="resources.ore_upgrade",
        )
    board = g.map.board
    board.hexes[hex_name].markers.remove(Resource.ORE.value)
    board.add_marker(hex_name, ORE20)


def revenue_bonuses(oil_doubles_from: Iterable[str]) -> tuple[HexMarkerBonus, ...]:
    """The route bonuses of §13 for the revenue rules; ``oil_doubles_from`` names the phases
    from phase 5 on (§13.2: "At the start of Phase 5 this amount automatically increases to
    $20")."""
    oil: Mapping[str, int] = {p: 20 for p in oil_doubles_from}
    return (
        HexMarkerBonus(tag="coal", amount=10, single_pass=True, label="coal"),
        HexMarkerBonus(tag="oil", amount=10, phase_amount=dict(oil), single_pass=True, label="oil"),
        HexMarkerBonus(tag="ore", amount=10, single_pass=True, label="ore"),
        HexMarkerBonus(tag=ORE20, amount=20, single_pass=True, label="ore"),
    )


class ResourceTokenPrompt(ResourceTokenStep):
    """The same choice asked once the track step is over (§13: the token goes down "as part
    of a yellow tile lay action"): after the turn's last tile action the turn would move on
    to the run at once, so this step holds it until the company places a token or passes.
    The title lists it right after its track step."""

    kinds = frozenset({"use_private", "pass"})
    blocking = True
    name = "resource_token_prompt"
    passing = "passes on placing a resource token"

    def __init__(self) -> None:
        self.passed = False

    def setup(self, g: UsaGame, entity: str) -> None:
        self.passed = False

    def takes(self, g: UsaGame, action: Action) -> bool:
        return isinstance(action, Pass) or super().takes(g, action)

    def active(self, g: UsaGame, entity: str) -> bool:
        return not self.passed and entity in g.corps and bool(placements(g, entity))

    def actions(self, g: UsaGame, entity: str) -> list[Action]:
        return [*placements(g, entity), Pass(player=g.controller_id(entity), entity=entity)]

    def check(self, g: UsaGame, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            return
        super().check(g, entity, action)

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            self.passed = True
            return
        super().process(g, entity, action)
