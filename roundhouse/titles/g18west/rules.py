"""18West's hooks into core's rounds: the round sequence (initial stock round, stock rounds,
pairs of operating rounds, M&A rounds from Phase 4), operating order (Granger Roads first,
§7), tile lays per company type (§7.1, §8.2), subsidies as earnings (§7.5.3), who must own a
train (§7.8.3), the end of the first operating round (§3.4) and company starts (§3.3).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.company_step import BuyCompanyStep
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.map_steps import RouteStep
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.titles.g18west import land_grant
from roundhouse.titles.g18west.acquisition import relocatable, unstarted
from roundhouse.titles.g18west.autopilot import WestOperatingRound
from roundhouse.titles.g18west.bypass import WestTokenStep
from roundhouse.titles.g18west.data import (
    GRANGER,
    LAND_GRANT_LAYS,
    NP,
    NP_LAYS,
)
from roundhouse.titles.g18west.hooks import MergerHooks
from roundhouse.titles.g18west.initial_round import after_start, initial_stock_round, stock_round
from roundhouse.titles.g18west.issue_step import IssueStep
from roundhouse.titles.g18west.mandatory_lay import WestTrackStep
from roundhouse.titles.g18west.merger_round import MergerRound
from roundhouse.titles.g18west.setup import set_up
from roundhouse.titles.g18west.state import WestGame

GRANGER_LAYS = 1
PUBLIC_LAYS = 2
"""§7.1: a Granger Road one tile; a Public Company "up to two yellow tiles or upgrade a
single tile" (the second lay is checked in :class:`.map_rules.WestLays`)."""


TWO_CIRCLE_CITIES = frozenset({"F27", "H25"})
"""§6.4: "The Company may retain two tokens in non-adjacent City circles in Chicago (F27)
or St. Louis (H25) until the tile upgrades to brown"."""


class WestHooks(MergerHooks):
    def first_round(self, g: WestGame) -> Round[WestGame]:
        """§3.1's set-up on the fresh game, then §3.2's Initial Stock Round."""
        set_up(g)
        return initial_stock_round()

    def stock_round(self, g: WestGame) -> Round[WestGame]:
        return stock_round()

    def operating_round(self, g: WestGame) -> Round[WestGame]:
        return WestOperatingRound(self.operating_steps(g))

    def operating_steps(self, g: WestGame) -> Sequence[Step[WestGame]]:
        """§7.1-§7.8 in order: track, Land Grant conversion (§7.2), issuing treasury stock
        (§7.3), station, run, dividend, trains."""
        return [
            BuyCompanyStep(),
            land_grant.PermissionStep(),
            WestTrackStep(),
            land_grant.LandGrantStep(),
            IssueStep(),
            WestTokenStep(),
            RouteStep(),
            DividendStep(),
            BuyTrainStep(),
        ]

    def operating_order(self, g: WestGame, candidates: Sequence[str]) -> list[str]:
        """§7: "all the Granger Roads operate first, followed by all the other Companies";
        within each group by Stock Market position."""
        grangers = [c for c in candidates if g.kind(c) == GRANGER]
        others = [c for c in candidates if g.kind(c) != GRANGER]
        return g.market.operating_order(grangers) + g.market.operating_order(others)

    def par_prices(self, g: WestGame, corp_id: str) -> list[int]:
        """§3.3, §4: Granger Roads $50-$100, the others $70-$100."""
        zones = {"par"} | ({"granger_par"} if g.is_granger(corp_id) else set())
        return sorted({c.price for c in g.market.grid.with_zones(frozenset(zones))})

    def train_limit_kind(self, g: WestGame, corp_id: str) -> str:
        return g.kind(corp_id)

    def track_lays(self, g: WestGame, corp_id: str) -> int:
        if g.is_granger(corp_id):
            return GRANGER_LAYS
        if g.is_land_grant(corp_id):
            return NP_LAYS if corp_id == NP else LAND_GRANT_LAYS
        return PUBLIC_LAYS

    def extra_revenue(self, g: WestGame, corp_id: str, revenue: int) -> int:
        """§7.5.3: the turn's subsidies add to the Land Grant Company's earnings (without a
        train they are added as they are earned, :func:`.land_grant.after_lay`)."""
        return g.subsidy_due.get(corp_id, 0)

    def must_own_train(self, g: WestGame, corp_id: str) -> bool:
        """§7.8.3: only Public Companies."""
        return g.is_public(corp_id)

    def may_buy_trains_from(self, g: WestGame, buyer: str, seller: str) -> bool:
        """§7.8.1: from Phase 3 a company buys another's train "at a mutually agreed price":
        a company without a President (the UP before anyone buys its President's
        Certificate, a bankrupt's company in the Pool, §7.8.5) has nobody to agree, and its
        autopilot (§7.9.1) never sells a train."""
        return super().may_buy_trains_from(g, buyer, seller) and g.controller(seller) is not None

    def on_float(self, g: WestGame, corp_id: str) -> None:
        land_grant.start_land_grant(g, corp_id)
        if corp_id in g.full_cap:
            after_start(g, corp_id)  # §3.3.4: its first train after the Granger Roads

    def on_operating_round_start(self, g: WestGame) -> None:
        g.subsidy_due.clear()

    def on_operating_round_end(self, g: WestGame) -> None:
        """§3.4: "At the end of the first Operating Round ... discard any 2-trains remaining
        in the Train Stack to the Pool"."""
        if not g.first_or_done:
            g.first_or_done = True
            gone = g.depot.export_all("2", to_pool=True)
            if gone:
                many = (
                    f"the {len(gone)} unsold 2-trains go"
                    if len(gone) > 1
                    else "the unsold 2-train goes"
                )
                g.emit(
                    "discard", f"The first operating round is over: {many} to the pool", trains=gone
                )

    def on_company_absorbed(self, g: WestGame, survivor: str, absorbed: str) -> None:
        """§6.4: "Replace the Granger Road station token with one of the Public Company's
        station tokens".  Two of its tokens in one hex leave one (Chicago F27 and St. Louis
        H25 keep both, their circles not being adjacent, until brown: core's
        :meth:`~roundhouse.core.board.Board.lay` returns the extra one); where the other is
        its Bypass token, the Bypass token returns to the charter.  With no token left on its
        charter the President may move one of the company's own tokens there
        (:class:`.acquisition.RelocateStep`; from the bank, §6.4.1, must)."""
        board = g.map_board()
        corp = g.corps[survivor]
        for hex_name, here in board.hexes.items():
            for city, held in here.tokens.items():
                if absorbed not in held:
                    continue
                mine = any(survivor in t for t in here.tokens.values())
                bypass = g.bypass_at(survivor)
                if mine and hex_name not in TWO_CIRCLE_CITIES:
                    board.remove_token(hex_name, city, absorbed)
                elif corp.tokens_placed < corp.tokens_owned:
                    board.replace_token(hex_name, city, absorbed, survivor)
                    corp.tokens_placed += 1
                    if bypass is not None and bypass[0] == hex_name:
                        board.remove_beside(hex_name, bypass[1], survivor)
                        g.bypass[survivor] = False
                        g.emit("token", f"{survivor}'s Bypass token returns", company=survivor)
                elif isinstance(g.round, MergerRound) and relocatable(g, survivor):
                    must = unstarted(g, absorbed)
                    chooser = g.round.entity(g) or ""
                    g.round.relocating = (survivor, hex_name, city, absorbed, must, chooser)
                else:
                    board.remove_token(hex_name, city, absorbed)

    def company_kind(self, g: WestGame, corp_id: str) -> str:
        return g.kind(corp_id)

    def acquisition_connected(self, g: WestGame, buyer: str, target: str) -> bool:
        """§6.3: "(1) routes [see 7.1.1] of the acquiring and target Companies must share a
        track segment, or (2) the two Companies must both have tokens in the same hex".  A
        track segment is shared when routes of both cross one hexside (the track on either
        side of it is then on a route of each); meeting in a hex from different sides, or
        in different Cities of Chicago, is no shared segment."""
        board = g.map_board()
        mine = {h for h, _ in board.tokens_of(buyer)}
        if mine & {h for h, _ in board.tokens_of(target)}:
            return True
        assert isinstance(g.map, BoardMap)
        ours = g.map.graph.reach(buyer).edges
        theirs = g.map.graph.reach(target).edges
        return any(edges & theirs.get(h, frozenset()) for h, edges in ours.items())
