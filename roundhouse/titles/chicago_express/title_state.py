"""The Chicago Express state the engine talks to: who acts, what they may do, whether a move
is legal and what it does, each answered by the rule module for the move.

Chicago Express §2 (set-up and the initial auctions of PRR, B&O, C&O and NYC) and §3.2 (a turn
is one gauge step and its action or nothing).  The data is :class:`~.state.State`; the
actions live in :mod:`.auction`, :mod:`.build`, :mod:`.develop` and :mod:`.dividend`, and what
follows them in :mod:`.turn`.  This module sits above all of them and nothing of the rules
imports it.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.titles.chicago_express import auction, build, develop, heuristic, turn
from roundhouse.titles.chicago_express.actions import (
    GAUGES,
    Bid,
    ChooseCompany,
    ChooseGauge,
    Develop,
    EndBuild,
    NullAction,
    PassBid,
    PlaceTrain,
    StartAuction,
    choose_company,
    choose_gauge,
    null_action,
    passed_step,
    start_auction,
)
from roundhouse.titles.chicago_express.state import GAUGE_SIZE, HOUSES, State
from roundhouse.titles.chicago_express.variant import Variant

STEP_ACTION: dict[str, type[Action]] = {
    "auction": StartAuction,
    "develop": Develop,
    "build": ChooseCompany,
}
"""The action a gauge step allows besides the null action (Chicago Express §3.2)."""
STEP_HINT = {
    "auction": "after an auction step, choose the company to auction, or do nothing with the step",
    "develop": "after a develop step, choose the hex to develop, or do nothing with the step",
    "build": "after a build step, choose the company to build for first, or do nothing with the "
    "step",
}
"""What a refused out-of-step move is told to do instead (Chicago Express §3.2)."""


class ChicagoExpressState(State, TitleState):
    """A game of Chicago Express: its :class:`~.state.State` and the rules that move it."""

    def __init__(self, players: tuple[PlayerId, ...], variant: Variant, rng: Rng) -> None:
        """The set-up of §2; the banker (the first player named) opens the PRR auction."""
        super().__init__(players, variant, rng)
        self.emit("round", "Initial auctions", round="initial auction", kind="auction")
        auction.start(self, "initial", self.board.initial_order[0], players[0])

    # -- the TitleState protocol ---------------------------------------------------------

    trusts_its_listing = True
    """Each listing function applies the rules its move's check applies (the build's
    through the same tables, ``tests/chicago_express/test_build.py``)."""

    def acting(self) -> tuple[PlayerId, ...]:
        if self.phase == "over":
            return ()
        if self.auction is not None:
            return (self.auction.to_act,)
        return (self.players[self.current],)

    def legal_actions(self) -> Sequence[Action]:
        phase = self.phase
        if phase == "auction":
            return auction.legal(self)
        player = self.players[self.current]
        if phase == "gauge":
            return [choose_gauge(player, g) for g in GAUGES if self.gauges[g] < GAUGE_SIZE[g]]
        if phase == "build":
            return build.legal(self)
        if phase != "step":
            return []
        moves: list[Action] = [null_action(player)]
        if self.gauge == "auction":
            moves.extend(
                start_auction(player, c)
                for c in self.companies
                if auction.start_rule(self, c, player) is None
            )
        elif self.gauge == "develop":
            moves.extend(develop.legal(self))
        else:
            moves.extend(
                choose_company(player, c)
                for c in self.companies
                if build.company_rule(self, c, player) is None
            )
        return moves

    def knows(self, kind: str, name: str) -> bool:
        """Companies and printed hexes (the names Chicago Express actions use)."""
        if kind == "company":
            return name in self.companies
        if kind == "hex":
            return name in self.board.hexes
        return True

    def check(self, action: Action) -> None:
        error = self._error(action)
        if error is not None:
            raise error

    def _error(self, action: Action) -> IllegalAction | None:
        phase = self.phase
        expected: tuple[type[Action], ...] = ()
        if phase == "auction":
            expected = (Bid, PassBid)
        elif phase == "gauge":
            expected = (ChooseGauge,)
        elif phase == "build":
            expected = (PlaceTrain, EndBuild)
        elif phase == "step":
            expected = (NullAction, STEP_ACTION[self.gauge or "auction"])
        if not isinstance(action, expected):
            return IllegalAction(
                f"{action.player} cannot {action.kind.replace('_', ' ')} now: {self._waiting()}",
                rule="turn.step",
            )
        if isinstance(action, Bid | PassBid):
            return auction.bid_error(self, action)
        if isinstance(action, ChooseGauge):
            if self.gauges[action.gauge] >= GAUGE_SIZE[action.gauge]:
                return IllegalAction(
                    f"the {action.gauge} gauge is full this round", rule="turn.gauge_full"
                )
            return None
        if isinstance(action, StartAuction):
            return auction.start_error(self, action)
        if isinstance(action, Develop):
            return develop.develop_error(self, action.hex)
        if isinstance(action, ChooseCompany):
            return build.company_error(self, action)
        if isinstance(action, PlaceTrain | EndBuild):
            return build.step_error(self, action)
        return None

    def _waiting(self) -> str:
        if self.phase == "auction" and self.auction is not None:
            return f"bidding for {self.auction.company} is under way"
        if self.phase == "gauge":
            return "a gauge must be chosen"
        if self.phase == "step":
            return STEP_HINT[self.gauge or "auction"]
        if self.phase == "build" and self.building is not None:
            return f"{self.building} is building"
        return "the game is over"

    def execute(self, action: Action) -> None:
        if isinstance(action, Bid | PassBid):
            closed = auction.apply(self, action)
            if closed is not None:
                turn.after_auction(self, closed)
        elif isinstance(action, ChooseGauge):
            self.gauges[action.gauge] += 1
            self.gauge = action.gauge
            self.phase = "step"
        elif isinstance(action, NullAction):
            gauge = self.gauge or "auction"
            self.emit("pass", passed_step(action.player, gauge), gauge=gauge, restates=True)
            turn.finish_turn(self)
        elif isinstance(action, StartAuction):
            auction.start(self, "regular", action.company, action.player)
        elif isinstance(action, Develop):
            develop.apply(self, action)
            turn.finish_turn(self)
        elif isinstance(action, ChooseCompany):
            self.building = action.company
            self.placed = []
            self.build_spent = 0
            self.phase = "build"
        elif isinstance(action, PlaceTrain):
            if build.place(self, action):
                turn.finish_turn(self)
        elif isinstance(action, EndBuild):
            build.finish(self)
            turn.finish_turn(self)
        else:
            raise TypeError(f"not a Chicago Express action: {action!r}")

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def result(self) -> dict[PlayerId, int] | None:
        """Each player's cash; the most cash wins and ties share the win (§6: the default
        :attr:`~roundhouse.core.state.TitleState.winners`)."""
        if self.end is None:
            return None
        return dict(self.cash)

    @property
    def end_reason(self) -> str | None:
        return self.end

    def heuristic_value(self, player: PlayerId) -> float:
        """Cash plus the dividends the player's shares should still pay (see :mod:`.heuristic`):
        what heuristic bots and agents read through the title state."""
        return heuristic.position_value(self, player)

    # -- invariants ----------------------------------------------------------------------

    def conserved_money(self) -> int:
        """Players' cash plus treasuries minus the bank's net payments: always $120."""
        return (
            sum(self.cash.values())
            + sum(c.treasury for c in self.companies.values())
            - self.bank_net
        )

    def income_from_board(self, company_id: str) -> int:
        """Income recomputed from the board (Chicago Express §4.2, facts sheet's invariant)."""
        company = self.companies[company_id]
        charter = self.board.charters[company_id]
        return charter.income + sum(self.hex_value(h) for h in company.hexes)

    def invariant_violations(self) -> list[str]:
        out: list[str] = []
        for cid, company in self.companies.items():
            charter = self.board.charters[cid]
            if company.shares_left + company.shares_out != charter.shares:
                out.append(f"{cid}: {company.shares_left} on charter + {company.shares_out} held")
            if company.locos_left + len(company.hexes) != charter.locos:
                out.append(f"{cid}: {company.locos_left} locos on charter + {len(company.hexes)}")
            if company.income != self.income_from_board(cid):
                out.append(f"{cid}: income {company.income} != {self.income_from_board(cid)}")
            if company.treasury < 0:
                out.append(f"{cid}: treasury {company.treasury}")
            for h in company.hexes:
                if cid not in self.present.get(h, ()):
                    out.append(f"{cid}: in {h} but not listed there")
        for h, here in self.present.items():
            if self.board.hexes[h].type in ("forest", "mountain") and len(here) > 1:
                out.append(f"{h}: {len(here)} companies in a {self.board.hexes[h].type}")
        for player, cash in self.cash.items():
            if cash < 0:
                out.append(f"{player}: cash {cash}")
        if not 0 <= self.houses <= HOUSES:
            out.append(f"houses {self.houses}")
        for g in GAUGES:
            if not 0 <= self.gauges[g] <= GAUGE_SIZE[g]:
                out.append(f"gauge {g} at {self.gauges[g]}")
        return out
