"""The board half of an operating turn: lay track, place a station token, run trains.

Core's flow does not know the map; a title hands the engine a :class:`MapRules` object (an
adapter over :mod:`roundhouse.core.track`, :mod:`roundhouse.core.graph` and
:mod:`roundhouse.core.routes`) that lists the legal lays, placements and runs and carries
them out.  :class:`NoMap` is the empty board (titles or tests without a map).

Money is the flow's business: a lay costs :attr:`TileLay.cost` (terrain), a token costs the
company's next charter price plus :attr:`TokenPlacement.cost` (the map's surcharge, usually
$0), both paid to the bank.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.derived import Derived
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import LayTile, Pass, PlaceToken, RunRoutes
from roundhouse.core.flow.flow_game import G
from roundhouse.core.flow.flow_game import MapRules as MapRules
from roundhouse.core.flow.flow_game import RouteList as RouteList
from roundhouse.core.flow.step import Step
from roundhouse.core.station import TokenPlacement
from roundhouse.core.track import TileLay


class NoMap:
    """A map with nothing on it: no lays, no tokens, every run earns nothing."""

    def __init__(self) -> None:
        self.derived = Derived()

    def tile_lays(self, g: object, corp_id: str) -> Sequence[TileLay]:
        return []

    def lay_index(self, g: object, corp_id: str) -> Mapping[tuple[str, str, int], TileLay]:
        return {}

    def find_lay(self, g: object, corp_id: str, lay: tuple[str, str, int]) -> TileLay:
        raise IllegalAction("there is no map to build on", rule="track.no_map")

    def may_lay(self, g: object, corp_id: str) -> bool:
        return False

    def lay_tile(self, g: object, corp_id: str, lay: TileLay) -> None:
        raise IllegalAction("there is no map to build on", rule="track.no_map")

    def token_placements(self, g: object, corp_id: str) -> Sequence[TokenPlacement]:
        return []

    def place_token(self, g: object, corp_id: str, placement: TokenPlacement) -> None:
        raise IllegalAction("there is no map to place tokens on", rule="token.no_map")

    def place_home(self, g: object, corp_id: str) -> None:
        return None

    def runs(self, g: object, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        return [((), 0)]

    def check_run(self, g: object, corp_id: str, routes: RouteList) -> int:
        return 0

    def has_route(self, g: object, corp_id: str) -> bool:
        return True


class TrackStep(Step[G]):
    """Lay or upgrade track: up to the title's number of lays, or pass.

    Two rotations of a symmetric tile that lay the same track are one lay
    (:meth:`~roundhouse.core.tiles.Tile.canonical_rotation`): the legal list names the
    canonical one, and a lay given at the other rotation is accepted as that lay."""

    kinds = frozenset({"lay_tile", "pass"})
    name = "track"
    passing = "passes on laying track"

    def __init__(self, per_turn: int | None = None) -> None:
        self.lays = 0
        self.passed = False
        self.per_turn = per_turn
        """Lays a turn when the title fixes the number (18RoyalGorge: six); None: asked of
        :meth:`~roundhouse.core.hooks.Hooks.track_lays` each time (a private or a phase may
        change it during the turn)."""

    def setup(self, g: G, entity: str) -> None:
        self.lays = 0
        self.passed = False

    def _options(self, g: G, corp: str) -> Mapping[tuple[str, str, int], TileLay]:
        """The lays the company may make and pay for now (the map prices them)."""
        return g.map.lay_index(g, corp)

    @staticmethod
    def _key(g: G, action: LayTile) -> tuple[str, str, int]:
        """The action's lay with its rotation made canonical (core's board maps; a map
        without a tile catalogue takes the rotation as given)."""
        from roundhouse.core.flow.board_map import BoardMap

        rotation = action.rotation
        if isinstance(g.map, BoardMap) and action.tile in g.map.board.tiles:
            rotation = g.map.board.tiles[action.tile].canonical_rotation(rotation)
        return (action.hex, action.tile, rotation)

    def active(self, g: G, entity: str) -> bool:
        if self.passed:
            return False
        limit = self.per_turn
        if self.lays >= (g.hooks.track_lays(g, entity) if limit is None else limit):
            return False
        return g.map.may_lay(g, entity)

    def actions(self, g: G, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = [
            LayTile(player=p, entity=entity, hex=h, tile=t, rotation=r)
            for (h, t, r) in self._options(g, entity)
        ]
        out.append(Pass(player=p, entity=entity))
        return out

    def check(self, g: G, entity: str, action: Action) -> None:
        """A lay is checked on its own (:meth:`MapRules.find_lay`) and a pass is always
        listed, so checking lists no lays."""
        if isinstance(action, LayTile):
            g.map.find_lay(g, entity, self._key(g, action))
            return
        if action == Pass(player=g.controller_id(entity), entity=entity):
            return
        super().check(g, entity, action)

    def process(self, g: G, entity: str, action: Action) -> None:
        if isinstance(action, Pass):
            self.passed = True
            return
        assert isinstance(action, LayTile)
        lay = g.map.find_lay(g, entity, self._key(g, action))
        g.ledger.transfer(entity, BANK, lay.cost)
        g.map.lay_tile(g, entity, lay)
        self.lays += 1


class TokenStep(Step[G]):
    """Place one station token, or pass."""

    kinds = frozenset({"place_token", "pass"})
    name = "token"
    passing = "passes on placing a station"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: G, entity: str) -> None:
        self.done = False

    def _options(self, g: G, corp: str) -> dict[tuple[str, str], int]:
        price = g.corps[corp].next_token_cost()
        if price is None:
            return {}
        cash = g.ledger.cash(corp)
        return {
            (t.hex, t.city): price + t.cost
            for t in g.map.token_placements(g, corp)
            if price + t.cost <= cash
        }

    def active(self, g: G, entity: str) -> bool:
        return not self.done and bool(self._options(g, entity))

    def actions(self, g: G, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        out: list[Action] = [
            PlaceToken(player=p, entity=entity, hex=h, city=c)
            for (h, c) in self._options(g, entity)
        ]
        out.append(Pass(player=p, entity=entity))
        return out

    def check(self, g: G, entity: str, action: Action) -> None:
        if isinstance(action, PlaceToken):
            if (action.hex, action.city) not in self._options(g, entity):
                raise IllegalAction(
                    f"{entity} cannot place a station in {action.hex} ({action.city}) now",
                    rule="token.illegal",
                )
            return
        super().check(g, entity, action)

    def process(self, g: G, entity: str, action: Action) -> None:
        self.done = True
        if isinstance(action, Pass):
            return
        assert isinstance(action, PlaceToken)
        total = self._options(g, entity)[(action.hex, action.city)]
        price = g.corps[entity].next_token_cost() or 0
        g.ledger.transfer(entity, BANK, total)
        g.map.place_token(g, entity, TokenPlacement(action.hex, action.city, total - price))
        g.corps[entity].tokens_placed += 1


class RouteStep(Step[G]):
    """Run trains: choose one of the offered runs (the best first) or name routes."""

    kinds = frozenset({"run_routes"})
    name = "routes"

    def __init__(self) -> None:
        self.ran = False

    def setup(self, g: G, entity: str) -> None:
        self.ran = not g.depot.owned_by(entity)
        g.or_round().revenue = 0 if self.ran else None

    def active(self, g: G, entity: str) -> bool:
        return not self.ran

    def actions(self, g: G, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            RunRoutes(player=p, entity=entity, routes=routes, revenue=revenue)
            for routes, revenue in g.map.runs(g, entity)
        ]

    def lists_runs_only(self) -> bool:
        """Whether :meth:`actions` lists runs and nothing else, as this step's declared
        :attr:`kinds` say: a subclass that lists other moves beside the run (coal cubes to
        lengthen a train) declares their kinds, and is then asked by listing."""
        return self.kinds <= RouteStep.kinds

    def actions_of(self, g: G, entity: str, kinds: Collection[str]) -> Sequence[Action]:
        """The offered run only when asked for: it is the optimal run, a search."""
        if RunRoutes.kind in kinds or not self.lists_runs_only():
            return super().actions_of(g, entity, kinds)
        return []

    def listed_kinds(self, g: G, entity: str) -> frozenset[str]:
        """A run (:meth:`MapRules.runs` offers at least one), without searching for it."""
        if not self.lists_runs_only():
            return super().listed_kinds(g, entity)
        return frozenset({RunRoutes.kind})

    def check(self, g: G, entity: str, action: Action) -> None:
        """Accepted: an offered run, or routes that :meth:`MapRules.check_run` scores at the
        stated revenue.  Scoring the player's routes is cheap and nearly always decides, so it
        comes first; only when it refuses or disagrees is the optimal run (the expensive
        search behind :meth:`actions`) computed to see whether the action is the offered
        one.  The accepted set is the same either way round."""
        assert isinstance(action, RunRoutes)
        try:
            revenue = g.map.check_run(g, entity, action.routes)
        except IllegalAction:
            if action in self.actions(g, entity):
                return
            raise
        if revenue == action.revenue or action in self.actions(g, entity):
            return
        raise IllegalAction(
            f"those routes earn ${revenue}, not ${action.revenue}", rule="routes.revenue"
        )

    def process(self, g: G, entity: str, action: Action) -> None:
        assert isinstance(action, RunRoutes)
        revenue = action.revenue + g.hooks.extra_revenue(g, entity, action.revenue)
        g.or_round().revenue = revenue
        for train in g.depot.owned_by(entity):
            if train.obsolete:
                g.depot.scrap(train.id)  # 18USA §12.6: an obsolete train runs once more
        self.ran = True
