"""An 18West game in progress: core's 18xx engine plus what only this title tracks.

The extra state - which Land Grant Companies have converted or abandoned their grants
(§7.2, §8.7), where the x2 (Doubling) tokens stand (§3.1, §8.2), which hexes have paid their
government subsidy (§7.5.3), who sold UP stock in the initial stock round (§3.2.3), the
Public Companies waiting for their initial train (§7.8.2) - lives on :class:`WestGame` so that
snapshots, undo and state hashes cover it.  The rules that use it are in the sibling modules
(:mod:`.land_grant`, :mod:`.initial_round`, :mod:`.autopilot`, :mod:`.rules`).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Json
from roundhouse.core.bank import BANK
from roundhouse.core.board import Board
from roundhouse.core.config import TitleConfig
from roundhouse.core.engine18xx import Engine, TitleData
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import MapRules
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import Direction
from roundhouse.core.rng import Rng
from roundhouse.titles.g18west.data import GRANGER, LAND_GRANT, PUBLIC, kind_of

FULL_CAP_SHARES = 5
"""§3.3.4: "At least three further shares (making five in all) must be bought"."""


RECONSTRUCTED = (
    "5-train $500 (18xx.games)",
    "train limit 2 from Phase 5 (18xx.games)",
    "UP's second home Sacramento F3 (reconstructed: §7.9's $130)",
    "NP, SP, TP Land Grants (reconstructed from §8.5, §8.9)",
    "SP destination Dallas K20, TP destination San Diego J5 (reconstructed from §7.4)",
    "Eastern Settled Zone: column 21 eastwards (reconstructed from §7.1)",
    "off-map values, city tiles, market cells above $100 (18xx.games)",
    "green and brown D tiles, green LA tile (reconstructed: no source has them)",
    'Houston L21 labelled "D" (18xx.games; off with the houston_d option)',
)
"""What the game shows as not from the rulebook (docs/18West-data.md has the reasons)."""


class WestGame(Engine):
    """Core's engine with 18West's own counters."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: TitleConfig,
        hooks: Hooks[WestGame],
        board: MapRules[WestGame],
    ) -> None:
        self.kinds: dict[str, str] = {c.id: c.kind for c in data.corporations}
        """Company -> its type now: "granger", "land_grant" or "public" (§2.2; a Land Grant
        Company becomes Public when it converts or abandons, §7.2, §8.7, or when it starts
        from Phase 5, §8.8)."""
        self.doubling: dict[str, list[str]] = {}
        """Land Grant Company -> hexes holding its x2 token(s) on the way to its Destination
        (§8.2; the NP has two, §8.9)."""
        self.x2_sides: dict[str, dict[str, int]] = {}
        """Land Grant Company -> hex of its x2 token -> the side its track leads in by: the
        "small extension of the Company's existing track" that a tile laid there must connect
        to (§8.2; the board's stubs are the sides not yet connected)."""
        self.x2_stations: dict[str, list[tuple[str, str]]] = {}
        """Company -> (hex, city) of its placed x2 station tokens, which double that City
        for it (§7.4.1; the UP's in G2-N from the start, §3.1)."""
        self.abandoned: set[str] = set()
        """Land Grant Companies that abandoned their grant (§8.7)."""
        self.subsidised: set[str] = set()
        """Hexes whose subsidy circle has been paid (§7.1: "the first of the two Companies
        to place the tile receives the money")."""
        self.subsidy_due: dict[str, int] = {}
        """Company -> subsidies earned by its yellow tiles this turn, added to its earnings
        (§7.5.3)."""
        self.upgraded_turn: tuple[int, int, str] | None = None
        """The turn in which the operating company upgraded a tile (a Public Company then
        lays nothing more, §7.1)."""
        self.isr_sold_up: set[str] = set()
        """Players who sold UP stock in the initial stock round (§3.2.3)."""
        self.isr_acted = False
        """Some player has bought or auctioned in the initial stock round (§3.2.5)."""
        self.first_or_done = False
        """The first operating round is over and the 2-trains left were discarded (§3.4)."""
        self.initial_train: list[str] = []
        """Public Companies started in the last stock round that may buy their first train
        after the Granger Roads have operated (§7.8.2)."""
        self.lg_turn_free: dict[str, tuple[int, int]] = {}
        """Land Grant Company -> the operating round (set, round) in which it began its turn
        with its Destination Route complete: no mandatory tile then (§8.2, §8.4)."""
        self.bypass: dict[str, bool] = {}
        """Company -> whether its Bypass ("B") token is on the board, False while on its
        charter (§7.4.2: companies started as Public, and Land Grant Companies that abandon);
        where it stands is the board's to say (:meth:`bypass_at`)."""
        self.np_lays: tuple[tuple[int, int], tuple[frozenset[str], ...]] = ((0, 0), ())
        """The operating round (set, round) and, for each NP lay in it, the base Cities it
        could count against (§8.9: "up to two tiles from each of its base station
        tokens")."""
        self.permission: tuple[tuple[int, int], tuple[tuple[str, str, bool], ...]] = (
            (0, 0),
            (),
        )
        """The operating round (set, round) and the answers given in it: (company asking,
        Land Grant Company asked, permitted) (§8.1: before Phase 3 a lay or a Doubling token
        in a Land Grant hex needs the permission of that grant's President)."""
        self.full_cap: set[str] = set()
        """Companies started fully funded from Phase 6 (§3.3.4)."""
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)

    def check_float(self, corp_id: str) -> None:
        """§3.3.4: a company started from Phase 6 starts once five shares are bought; "the
        Bank pays the Company Treasury ten times its Starting Value"."""
        if corp_id not in self.full_cap:
            super().check_float(corp_id)
            return
        corp = self.corps[corp_id]
        if corp.floated or self.player_shares(corp_id) < FULL_CAP_SHARES:
            return
        corp.floated = True
        assert corp.par_price is not None
        self.ledger.transfer(BANK, corp_id, corp.par_price * corp.spec.size)
        self.emit("float", f"{corp_id} starts fully funded", company=corp_id)
        self.hooks.on_float(self, corp_id)

    def kind(self, corp_id: str) -> str:
        return self.kinds.get(corp_id, kind_of(corp_id))

    def is_granger(self, corp_id: str) -> bool:
        return self.kind(corp_id) == GRANGER

    def is_land_grant(self, corp_id: str) -> bool:
        return self.kind(corp_id) == LAND_GRANT

    def is_public(self, corp_id: str) -> bool:
        return self.kind(corp_id) == PUBLIC

    def after_price_move(self, corp_id: str) -> None:
        """§4.2: "A Public or Land Grant Company Current Market Value token that should move
        below $50 ... does not move"; only Granger Roads enter the grey space (§4.2.1)."""
        if not self.is_granger(corp_id) and "grey" in self.market.zones(corp_id):
            self.market.move(corp_id, Direction.RIGHT, 1)
        super().after_price_move(corp_id)

    def map_board(self) -> Board:
        assert isinstance(self.map, BoardMap)
        return self.map.board

    def bypass_at(self, corp_id: str) -> tuple[str, str] | None:
        """The hex and City beside whose circles the company's Bypass token stands (the
        board's :attr:`~roundhouse.core.board.Board.beside`, which follows a City renamed
        by an upgrade), or None."""
        for hex_name, cities in self.map_board().beside.items():
            for city, held in cities.items():
                if corp_id in held:
                    return hex_name, city
        return None

    def view(self, player: PlayerId | None) -> dict[str, Json]:
        out = super().view(player)
        out["company_types"] = dict(self.kinds)
        out["doubling_tokens"] = {k: list(v) for k, v in self.doubling.items()}
        out["x2_stations"] = {k: [list(s) for s in v] for k, v in self.x2_stations.items()}
        abandoned: list[Json] = [c for c in sorted(self.abandoned)]
        subsidised: list[Json] = [h for h in sorted(self.subsidised)]
        board = self.map_board()
        beside: dict[str, Json] = {
            company: [h, c]
            for h, cities in board.beside.items()
            for c, held in cities.items()
            for company in held
        }
        tokens: dict[str, Json] = {k: beside.get(k) for k in self.bypass}
        out["bypass_tokens"] = tokens
        notes: list[Json] = list(RECONSTRUCTED)
        out["reconstructed"] = notes
        out["abandoned"] = abandoned
        out["subsidised"] = subsidised
        return out
