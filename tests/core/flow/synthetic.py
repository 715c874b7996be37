"""A tiny synthetic 18xx title for testing core's flow: three 10-share companies, a short
one-row market, a 2/3/4 train roster and a stub board.

The numbers follow 18RoyalGorge where a rule is tested (par $60-$70 in yellow, president's
certificate of two shares, 60% holding limit, dividends per 10%, price moves per multiple of
the share price), but the title itself is made up: no rulebook describes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.ability import Closes, Income
from roundhouse.core.config import EndTiming, EndTrigger, TitleConfig
from roundhouse.core.derived import Derived
from roundhouse.core.engine18xx import Engine, TitleData
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import ACTIONS
from roundhouse.core.flow.map_steps import RouteList
from roundhouse.core.game import Game
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase
from roundhouse.core.rng import Rng
from roundhouse.core.shares import ShareRules
from roundhouse.core.station import TokenPlacement
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.core.track import TileLay
from roundhouse.core.trains import TrainType
from roundhouse.core.view.engine18xx import EngineObserver

MARKET = MarketGrid.parse(["30 40 50 55 60p 65p 70p 80 90 100 110 120 140 160e 180e"])

CORPORATIONS = (
    CorporationSpec(id="AA", tokens=(0, 40)),
    CorporationSpec(id="BB", tokens=(0, 40)),
    CorporationSpec(id="CC", tokens=(0, 40)),
)

PRIVATES = (
    PrivateSpec(id="P1", value=20, abilities=(Income(amount=5),)),
    PrivateSpec(
        id="P2",
        value=40,
        abilities=(Income(amount=10), Closes(on_train="4")),
    ),
)

TRAINS = (
    TrainType(name="2", price=80, count=3, rusts_on="4"),
    TrainType(name="3", price=180, count=2),
    TrainType(name="4", price=300, count=2, events=("end_game",)),
)

PHASES = (
    Phase(name="2", train_limit={"": 3}, par_zones=frozenset({"par"})),
    Phase(
        name="3",
        on="3",
        train_limit={"": 3},
        par_zones=frozenset({"par"}),
        status=frozenset({"trains_between_companies", "buy_privates"}),
    ),
    Phase(name="4", on="4", train_limit={"": 2}, par_zones=frozenset({"par"})),
)

DATA = TitleData(
    market=MARKET, corporations=CORPORATIONS, trains=TRAINS, phases=PHASES, privates=PRIVATES
)

CONFIG = TitleConfig(
    players=range(2, 5),
    starting_cash={2: 800, 3: 550, 4: 400},  # 18RoyalGorge "Certificate Limits" table
    cert_limit={2: 20, 3: 14, 4: 12},
    bank=None,
    share_rules=ShareRules(pool_limit_pct=50, holding_limit_pct=60),
    dividend_thresholds_pct=(100, 200, 300),
    sold_out_steps=1,
    end_timing={
        EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
        EndTrigger.MARKET_CELL: EndTiming.END_OF_OR_SET,
        EndTrigger.FINAL_TRAIN: EndTiming.AFTER_NEXT_SET,
    },
)


class StubMap:
    """Each company may lay three $10 tiles on its own hexes and place one token; a train
    earns $30 per city it may visit (2-train $60, 3-train $90, 4-train $120)."""

    def __init__(self) -> None:
        self.derived = Derived()
        self.lays: dict[str, int] = {}
        self.tokens: dict[str, list[str]] = {}

    def tile_lays(self, g: Engine, corp_id: str) -> Sequence[TileLay]:
        n = self.lays.get(corp_id, 0)
        return [] if n >= 3 else [TileLay(f"{corp_id}{n}", "7", 0, 10, False)]

    def lay_index(self, g: Engine, corp_id: str) -> Mapping[tuple[str, str, int], TileLay]:
        cash = g.ledger.cash(corp_id)
        lays = self.tile_lays(g, corp_id)
        return {(x.hex, x.tile, x.rotation): x for x in lays if x.cost <= cash}

    def find_lay(self, g: Engine, corp_id: str, lay: tuple[str, str, int]) -> TileLay:
        found = self.lay_index(g, corp_id).get(lay)
        if found is None:
            raise IllegalAction(f"{corp_id} cannot lay {lay} now", rule="track.illegal_lay")
        return found

    def may_lay(self, g: Engine, corp_id: str) -> bool:
        return bool(self.lay_index(g, corp_id))

    def lay_tile(self, g: Engine, corp_id: str, lay: TileLay) -> None:
        self.lays[corp_id] = self.lays.get(corp_id, 0) + 1

    def token_placements(self, g: Engine, corp_id: str) -> Sequence[TokenPlacement]:
        if len(self.tokens.get(corp_id, [])) >= 2:
            return []
        return [TokenPlacement(f"T{corp_id}", "0", 0)]

    def place_token(self, g: Engine, corp_id: str, placement: TokenPlacement) -> None:
        self.tokens.setdefault(corp_id, []).append(placement.hex)

    def place_home(self, g: Engine, corp_id: str) -> None:
        self.tokens.setdefault(corp_id, []).append(f"H{corp_id}")
        g.corps[corp_id].tokens_placed += 1

    def convert_station_tokens(self, g: Engine, buyer: str, target: str) -> None:
        """18USA §14.3 on the stub board: the target's tokens become the buyer's, up to
        the buyer's count (no two stub tokens share a hex)."""
        moved = self.tokens.pop(target, [])
        mine = self.tokens.setdefault(buyer, [])
        room = g.corps[buyer].tokens_owned - len(mine)
        mine.extend(moved[: max(room, 0)])
        g.corps[buyer].tokens_placed = len(mine)

    def runs(self, g: Engine, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        trains = g.depot.owned_by(corp_id)
        routes = tuple((t.id,) for t in trains)
        return [(routes, sum(30 * int(t.variant[0]) for t in trains))]

    def check_run(self, g: Engine, corp_id: str, routes: RouteList) -> int:
        return sum(30 * int(g.depot.train(r[0]).variant[0]) for r in routes)

    def has_route(self, g: Engine, corp_id: str) -> bool:
        return True


def make_title(
    *,
    config: TitleConfig = CONFIG,
    data: TitleData = DATA,
    hooks: Hooks | None = None,
    **changes: object,
) -> Title:
    """The synthetic title, with config fields changed by keyword."""
    cfg = dataclasses.replace(config, **changes)  # type: ignore[arg-type]

    def setup(
        players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
    ) -> Engine:
        return Engine(players, rng, data=data, config=cfg, hooks=hooks, board=StubMap())

    return Title(
        id="Synthetic18xx",
        name="Synthetic 18xx",
        players=cfg.players,
        options=(),
        rulebook=Rulebook(name="Synthetic", edition="test", sections={}),
        actions=ACTIONS,
        setup=setup,
        observer=EngineObserver,
    )


def act(game: Game, kind: str, player: str, **fields: object) -> None:
    """Apply one action by JSON, ``entity`` defaulting to the player."""
    doc: dict[str, object] = {"kind": kind, "player": player, "entity": player, **fields}
    game.apply(doc)


def engine(game: Game) -> Engine:
    state = game.state
    assert isinstance(state, Engine)
    return state
