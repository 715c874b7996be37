"""What a Chicago Express game holds while it is played: plain data the rules read and write.

Cash, the companies (:mod:`.company`), who is where on the board, houses, the gauges, the
auction and the build under way, and the turn's phase.  Nothing here decides what happens
next: the rule modules (:mod:`.auction`, :mod:`.build`, :mod:`.develop`, :mod:`.dividend`)
change a :class:`State`, :mod:`.turn` strings them into a turn, and
:class:`~.title_state.ChicagoExpressState` is the state the engine talks to, dispatching each
action to them.  So imports point one way: board and company, then this module, then the
rules, then the turn, then the title state.

Phases: ``auction`` (bidding), ``gauge`` (the player picks a gauge), ``step`` (the player does
the gauge's action or nothing), ``build`` (placing locomotives), ``over``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Self

from roundhouse.core.event import emit
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express.actions import GAUGES
from roundhouse.titles.chicago_express.board import Board, load_board
from roundhouse.titles.chicago_express.company import Company
from roundhouse.titles.chicago_express.variant import Variant

STARTING_CASH = {2: 60, 3: 40, 4: 30, 5: 24, 6: 20}
"""$120 split evenly (Chicago Express §1)."""
GAUGE_SIZE = {"auction": 3, "develop": 4, "build": 5}
"""Steps from green to red on each gauge (Chicago Express §3.1, §8 #2)."""
HOUSES = 20
"""Houses in the general supply at the start (Chicago Express §1)."""
WABASH = "Wabash"

AuctionKind = Literal["initial", "regular", "wabash"]


class Auction:
    """One share on offer and who is still bidding for it (Chicago Express §4.1)."""

    __slots__ = (
        "auctioneer",
        "company",
        "high_bid",
        "high_bidder",
        "kind",
        "min_bid",
        "still_in",
        "to_act",
    )

    def __init__(self, kind: AuctionKind, company: str, auctioneer: PlayerId, min_bid: int) -> None:
        self.kind: AuctionKind = kind
        self.company = company
        self.auctioneer = auctioneer
        self.min_bid = min_bid
        self.high_bid = 0
        self.high_bidder: PlayerId | None = None
        self.still_in: list[PlayerId] = []
        self.to_act = auctioneer

    def __deepcopy__(self, memo: dict[int, object]) -> Auction:
        other = Auction.__new__(Auction)
        for name in Auction.__slots__:
            setattr(other, name, getattr(self, name))
        other.still_in = list(self.still_in)
        return other

    def lowest_bid(self) -> int:
        """The smallest amount the next bid may be: the minimum, or $1 over the high bid."""
        return max(self.min_bid, self.high_bid + 1)

    def __repr__(self) -> str:
        return f"<Auction {self.company} high ${self.high_bid} by {self.high_bidder}>"


class State:
    """Everything that changes during a game; the board itself is shared and never copied.

    A new state has the set-up of Chicago Express §2 done (cash dealt, each open company's
    locomotive on its start hex) and waits for its first auction to open.
    """

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

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        """A fast copy for snapshots, undo and search: containers copied one level down,
        the board shared, strings and frozen values reused."""
        other = type(self).__new__(type(self))
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

    def emit(self, kind: str, text: str, /, **data: object) -> None:
        """Tell the narrated log what just happened (:func:`roundhouse.core.event.emit`):
        the event goes outside the state, so emitting never changes it."""
        emit(kind, text, **data)

    def label(self) -> str:
        """Where the game stands: "initial auction" or "round 3"."""
        if self.auction is not None and self.auction.kind == "initial":
            return "initial auction"
        return f"round {self.round}"
