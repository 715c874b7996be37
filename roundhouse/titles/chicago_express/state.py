"""The state of a Chicago Express game and its turn structure.

Chicago Express §2 (set-up and the initial auctions of PRR, B&O, C&O and NYC), §3 (a turn is
one gauge step and its action or nothing; the round ends when two gauges are full) and §5.2-5.3
(the Chicago phase and the Wabash opening after the turn).  The actions themselves live in
:mod:`.auction`, :mod:`.build`, :mod:`.develop` and :mod:`.dividend`.

Phases: ``auction`` (bidding), ``gauge`` (the player picks a gauge), ``step`` (the player does
the gauge's action or nothing), ``build`` (placing locomotives), ``over``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.state import TitleState
from roundhouse.titles.chicago_express import auction, build, develop, dividend, heuristic
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
)
from roundhouse.titles.chicago_express.auction import Auction, AuctionKind
from roundhouse.titles.chicago_express.board import FORT_WAYNE, Board, load_board
from roundhouse.titles.chicago_express.company import Company
from roundhouse.titles.chicago_express.variant import Variant

STARTING_CASH = {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}
"""$120 split evenly (Chicago Express §1)."""
GAUGE_SIZE = {"auction": 3, "develop": 4, "build": 5}
"""Steps from green to red on each gauge (Chicago Express §3.1, §8 #2)."""
HOUSES = 20
"""Houses in the general supply at the start (Chicago Express §1)."""
WABASH = "Wabash"
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


class ChicagoExpressState(TitleState):
    """Everything that changes during a game; the board itself is shared and never copied."""

    def __init__(self, players: tuple[PlayerId, ...], variant: Variant, rng: Rng) -> None:
        self.players = players
        self.rng = rng
        self.variant = variant
        self._board = load_board()
        self.cash: dict[PlayerId, int] = dict.fromkeys(players, STARTING_CASH[len(players)])
        self.companies: dict[str, Company] = {
            c: Company(charter) for c, charter in self._board.charters.items()
        }
        self.present: dict[str, list[str]] = {}
        """Hex -> companies with a locomotive there, in order of arrival (occupied hexes only)."""
        self.developed: set[str] = set()
        """Ordinary hexes holding a house."""
        self.track = {h: t.start for h, t in self._board.industrial.items()}
        """Industrial City track: hex -> current value (Chicago Express §4.3)."""
        self.houses = HOUSES
        self.gauges = dict.fromkeys(GAUGES, 0)
        self.round = 1
        self.phase = "auction"
        self.current = 0
        """Seat index of the player whose turn it is (once the initial auctions are over)."""
        self.gauge: str | None = None
        """The gauge stepped this turn, during the ``step`` phase."""
        self.auction: Auction | None = None
        self.building: str | None = None
        self.placed: list[str] = []
        self.build_spent = 0
        """What the build under way has cost its company so far."""
        self.pending_chicago: list[str] = []
        self.bank_net = 0
        """Paid out by the bank minus paid in; the bank is unlimited (Chicago Express §8 #16)."""
        self.end: str | None = None
        for company in self.companies.values():
            if company.open:
                self.add_locomotive(company, self._board.charters[company.id].start)
        self.emit("round", "Initial auctions", round="initial auction", kind="auction")
        auction.start(self, "initial", self._board.initial_order[0], players[0])

    def __deepcopy__(self, memo: dict[int, object]) -> ChicagoExpressState:
        """A fast copy for snapshots, undo and search: containers copied one level down,
        the board shared, strings and frozen values reused."""
        other = ChicagoExpressState.__new__(ChicagoExpressState)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(0)
        other.rng.state = self.rng.state
        other.cash = dict(self.cash)
        other.companies = {c: x.__deepcopy__(memo) for c, x in self.companies.items()}
        other.present = {h: list(here) for h, here in self.present.items()}
        other.developed = set(self.developed)
        other.track = dict(self.track)
        other.gauges = dict(self.gauges)
        other.auction = None if self.auction is None else self.auction.__deepcopy__(memo)
        other.placed = list(self.placed)
        other.pending_chicago = list(self.pending_chicago)
        return other

    # -- shared helpers used by the action modules ---------------------------------------

    @property
    def board(self) -> Board:
        return self._board

    @property
    def start_owner(self) -> dict[str, str]:
        return self._board.start_owner

    def hex_value(self, hex_id: str) -> int:
        """Income a company gets from being in ``hex_id`` (Chicago Express §4.2)."""
        kind = self._board.value_kind[hex_id]
        if kind == 0:
            return 0
        if kind == 2:
            return self.track[hex_id]
        info = self._board.hexes[hex_id]
        return info.train + info.dev if hex_id in self.developed else info.train

    def add_locomotive(self, company: Company, hex_id: str) -> None:
        """Move a locomotive from the charter to the board and raise the income for it."""
        company.locos_left -= 1
        company.hexes.append(hex_id)
        self.present.setdefault(hex_id, []).append(company.id)
        company.income += self.hex_value(hex_id)

    def raise_income(self, companies: Iterable[str], amount: int) -> None:
        for company in companies:
            self.companies[company].income += amount

    # -- turn structure ------------------------------------------------------------------

    def after_auction(self, kind: AuctionKind, company: str, opener_next: PlayerId) -> None:
        """What follows an auction: the next initial auction, or the rest of the turn."""
        if kind == "initial":
            order = self._board.initial_order
            index = order.index(company)
            if index == 0:
                self.current = self.players.index(opener_next)
            if index + 1 < len(order):
                auction.start(self, "initial", order[index + 1], opener_next)
            else:
                self.phase = "gauge"
            return
        self.finish_turn()

    def finish_turn(self) -> None:
        """After the turn: Chicago phase (§5.2-5.3), then the dividend if two gauges are full."""
        while self.pending_chicago:
            company = self.companies[self.pending_chicago.pop(0)]
            company.chicago_paid = True
            dividend.pay(self, company, "Chicago dividend")
            wabash = self.companies[WABASH]
            if not wabash.open:
                wabash.open = True
                self.add_locomotive(wabash, FORT_WAYNE)
                self.emit(
                    "open",
                    f"The Wabash opens at Fort Wayne with income ${wabash.income}",
                    company=WABASH,
                )
                auction.start(self, "wabash", WABASH, self.players[self.current])
                return
        self.gauge = None
        if sum(self.gauges[g] == GAUGE_SIZE[g] for g in GAUGES) >= 2:
            dividend.general(self)
            if self.end is not None:
                return
        self.current = (self.current + 1) % len(self.players)
        self.phase = "gauge"

    # -- the TitleState protocol ---------------------------------------------------------

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
            return [
                ChooseGauge(player=player, gauge=g)
                for g in GAUGES
                if self.gauges[g] < GAUGE_SIZE[g]
            ]
        if phase == "build":
            return build.legal(self)
        if phase != "step":
            return []
        moves: list[Action] = [NullAction(player=player)]
        if self.gauge == "auction":
            for c in self.companies:
                start = StartAuction(player=player, company=c)
                if auction.start_error(self, start) is None:
                    moves.append(start)
        elif self.gauge == "develop":
            moves.extend(develop.legal(self))
        else:
            for c in self.companies:
                choose = ChooseCompany(player=player, company=c)
                if build.company_error(self, choose) is None:
                    moves.append(choose)
        return moves

    def knows(self, kind: str, name: str) -> bool:
        """Companies and printed hexes (the names Chicago Express actions use)."""
        if kind == "company":
            return name in self.companies
        if kind == "hex":
            return name in self._board.hexes
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
            auction.apply(self, action)
        elif isinstance(action, ChooseGauge):
            self.gauges[action.gauge] += 1
            self.gauge = action.gauge
            self.phase = "step"
        elif isinstance(action, NullAction):
            self.finish_turn()
        elif isinstance(action, StartAuction):
            auction.start(self, "regular", action.company, action.player)
        elif isinstance(action, Develop):
            develop.apply(self, action)
            self.finish_turn()
        elif isinstance(action, ChooseCompany):
            self.building = action.company
            self.placed = []
            self.build_spent = 0
            self.phase = "build"
        elif isinstance(action, PlaceTrain):
            build.place(self, action)
        elif isinstance(action, EndBuild):
            build.finish(self)
        else:
            raise TypeError(f"not a Chicago Express action: {action!r}")

    @property
    def finished(self) -> bool:
        return self.end is not None

    @property
    def result(self) -> dict[PlayerId, int] | None:
        """Each player's cash; the most cash wins and ties share the win (§6)."""
        if self.end is None:
            return None
        return dict(self.cash)

    @property
    def end_reason(self) -> str | None:
        return self.end

    def winners(self) -> list[PlayerId]:
        """Everyone with the most cash (a shared win on a tie, Chicago Express §6)."""
        best = max(self.cash.values())
        return [p for p in self.players if self.cash[p] == best]

    def heuristic_value(self, player: PlayerId) -> float:
        """Cash plus the dividends the player's shares should still pay (see :mod:`.heuristic`)."""
        return heuristic.position_value(self, player)

    def label(self) -> str:
        if self.auction is not None and self.auction.kind == "initial":
            return "initial auction"
        return f"round {self.round}"

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
        charter = self._board.charters[company_id]
        return charter.income + sum(self.hex_value(h) for h in company.hexes)

    def invariant_violations(self) -> list[str]:
        out: list[str] = []
        for cid, company in self.companies.items():
            charter = self._board.charters[cid]
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
            if self._board.hexes[h].type in ("forest", "mountain") and len(here) > 1:
                out.append(f"{h}: {len(here)} companies in a {self._board.hexes[h].type}")
        for player, cash in self.cash.items():
            if cash < 0:
                out.append(f"{player}: cash {cash}")
        if not 0 <= self.houses <= HOUSES:
            out.append(f"houses {self.houses}")
        for g in GAUGES:
            if not 0 <= self.gauges[g] <= GAUGE_SIZE[g]:
                out.append(f"gauge {g} at {self.gauges[g]}")
        return out
