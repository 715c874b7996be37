"""The game as rounds and steps see it: the protocol every 18xx flow module is typed against.

Steps and rounds act on a game; which game is the title's business.  Each is generic over it
(``Step[G]``, ``Round[G]``, ``Hooks[G]``, ``BoardMap[G]``), ``G`` bound to :class:`FlowGame`,
so a title's step declares its own game (``class RoyalGorgeTokenStep(TokenStep[RoyalGorgeGame])``)
and reads the title's state typed, without a downcast, while core's steps only use what
:class:`FlowGame` lists.  The 18xx engine (:class:`~roundhouse.core.engine18xx.Engine`)
satisfies it; being a protocol, it lets flow sit below the engine that builds it: nothing in
flow imports the engine, not even for types.

``G`` is contravariant: a step that acts on any :class:`FlowGame` (core's ``TrackStep``) also
acts on a title's game, so a title's round lists core's steps beside its own.  It defaults to
:class:`FlowGame`: a bare ``Step`` acts on any game, as core's own steps do, and a class that
reads a title's state names the title's game (every title does); the default also lets a
step with more parameters be subscripted with fewer at run time (``AnswerStep[Offer]``).

Also here, because they and :class:`FlowGame` name each other: :class:`MapRules` (the board,
as the operating round uses it) and :class:`FlowHooks` (the title's behaviour the flow asks).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, MutableMapping, Sequence
from typing import Protocol, Self

from typing_extensions import TypeVar

from roundhouse.core.bank import Ledger
from roundhouse.core.config import DividendKind
from roundhouse.core.derived import Derived
from roundhouse.core.dividend import PayoutRule
from roundhouse.core.entities import Corporation, Player, Private
from roundhouse.core.flow.game_end import Clock, Ended, GameEnd
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import Market
from roundhouse.core.shares import ShareBook
from roundhouse.core.station import TokenPlacement
from roundhouse.core.track import TileLay
from roundhouse.core.trains import Depot, TrainEvents

G = TypeVar("G", bound="FlowGame", default="FlowGame", contravariant=True)
"""The game a step, round, hook set or map acts on (module docstring); bound and default
are named as strings, the protocol being defined below."""

RouteList = tuple[tuple[str, ...], ...]
"""A run as a player gives it: per train, its id then the stops it visits."""


class Namer(Protocol):
    """A step, as far as the names it adds go (:meth:`~roundhouse.core.flow.step.Step.names`)."""

    def names(self, kind: str) -> Collection[str]: ...


class FlowRound(Protocol):
    """The current round, as steps and action names read it without knowing its class."""

    @property
    def kind(self) -> str: ...
    @property
    def steps(self) -> Sequence[Namer]: ...


class TurnRevenue(Protocol):
    """The operating round's record of the current turn's run (None until it has run)."""

    revenue: int | None


class MapRules(Protocol[G]):
    """What the operating round needs from a title's board."""

    @property
    def derived(self) -> Derived:
        """The game's derived-data cache (:mod:`roundhouse.core.derived`), shared by every
        copy of the state: the board's, or one of the map's own on a game without a board."""
        ...

    def tile_lays(self, g: G, corp_id: str) -> Sequence[TileLay]:
        """Every legal lay or upgrade for the company now (cash already considered)."""
        ...

    def lay_index(self, g: G, corp_id: str) -> Mapping[tuple[str, str, int], TileLay]:
        """:meth:`tile_lays` by (hex, tile, rotation)."""
        ...

    def find_lay(self, g: G, corp_id: str, lay: tuple[str, str, int]) -> TileLay:
        """The listed lay for (hex, tile, canonical rotation), or IllegalAction."""
        ...

    def may_lay(self, g: G, corp_id: str) -> bool:
        """Whether :meth:`tile_lays` lists any lay."""
        ...

    def lay_tile(self, g: G, corp_id: str, lay: TileLay) -> None: ...

    def token_placements(self, g: G, corp_id: str) -> Sequence[TokenPlacement]: ...

    def place_token(self, g: G, corp_id: str, placement: TokenPlacement) -> None: ...

    def place_home(self, g: G, corp_id: str) -> None:
        """Put the company's home token on the board when it starts."""
        ...

    def runs(self, g: G, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        """Runs to offer, the best first, at least one: (routes, revenue).  Each route is a
        train id then the stops it visits."""
        ...

    def check_run(self, g: G, corp_id: str, routes: RouteList) -> int:
        """The revenue of a player's own routes, or raise :class:`IllegalAction`."""
        ...

    def has_route(self, g: G, corp_id: str) -> bool:
        """Whether some train could run for the company (18RoyalGorge train rule 1)."""
        ...


class FlowHooks(Protocol[G]):
    """The title's behaviour changes that core's rounds and steps ask for; the full set, with
    the round sequence the engine asks for, is :class:`~roundhouse.core.hooks.Hooks`."""

    def operating_order(self, g: G, candidates: Sequence[str]) -> list[str]: ...
    def can_start(self, g: G, player: str, corp_id: str) -> bool: ...
    def par_prices(self, g: G, corp_id: str) -> list[int]: ...
    def track_lays(self, g: G, corp_id: str) -> int: ...
    def extra_revenue(self, g: G, corp_id: str, revenue: int) -> int: ...
    def dividend_kinds(self, g: G, corp_id: str) -> frozenset[DividendKind]: ...
    def dividend_thresholds(self, g: G, corp_id: str) -> tuple[int, ...]: ...
    def dividend_price(self, g: G, corp_id: str) -> int: ...
    def payout_rule(self, g: G, corp_id: str) -> PayoutRule: ...
    def must_own_train(self, g: G, corp_id: str) -> bool: ...
    def may_buy_trains_from(self, g: G, buyer: str, seller: str) -> bool: ...
    def may_buy_privates(self, g: G, corp_id: str) -> bool: ...
    def on_no_train(self, g: G, corp_id: str) -> None: ...
    def on_operating_round_start(self, g: G) -> None: ...
    def on_operating_round_end(self, g: G) -> None: ...
    def on_stock_round_end(self, g: G) -> None: ...


class FlowGame(Clock, Ended, Protocol):
    """Every member of the game that core's flow reads or changes (module docstring): the
    seats and companies, money, market, trains, the game's end, the title's hooks and
    board, and the engine's bookkeeping of rounds.  Share trading, emergency money and
    action names ask for this too; the game's end (:mod:`.game_end`) asks for less."""

    # -- who is who ----------------------------------------------------------------------
    @property
    def players(self) -> Sequence[PlayerId]: ...
    @property
    def seats(self) -> Mapping[str, Player]: ...
    @property
    def corps(self) -> Mapping[str, Corporation]: ...
    @property
    def books(self) -> Mapping[str, ShareBook]: ...
    @property
    def privates(self) -> Mapping[str, Private]: ...

    priority: str
    """The player holding the priority deal."""

    def pid(self, player: str) -> PlayerId: ...
    def player(self, player: str) -> Player: ...
    def controller(self, entity: str) -> str | None: ...
    def controller_id(self, entity: str) -> PlayerId: ...
    def turn_order_from(self, player: str) -> list[str]: ...

    # -- the title's parts ---------------------------------------------------------------
    @property
    def hooks(self) -> FlowHooks[Self]: ...
    @property
    def map(self) -> MapRules[Self]: ...

    # -- money, shares, trains -----------------------------------------------------------
    @property
    def ledger(self) -> Ledger: ...
    @property
    def market(self) -> Market: ...
    @property
    def depot(self) -> Depot: ...
    @property
    def last_revenue(self) -> MutableMapping[str, int]: ...

    def share_price(self, corp_id: str) -> int: ...
    def player_shares(self, corp_id: str) -> int: ...
    def cert_limit(self) -> int: ...
    def cert_count(self, player: str) -> int: ...
    def purchase_cert_count(self, player: str, corp_id: str) -> int: ...
    def phases_reached(self) -> frozenset[str]: ...
    def start_company(
        self, player: str, corp_id: str, price: int, *, paid: bool = False, how: str = ""
    ) -> None: ...
    def check_float(self, corp_id: str) -> None: ...
    def after_price_move(self, corp_id: str) -> None: ...
    def train_events(self, corp_id: str | None, events: TrainEvents) -> None: ...

    # -- rounds and the game's end -------------------------------------------------------
    @property
    def round(self) -> FlowRound: ...
    @property
    def end(self) -> GameEnd: ...

    sr_count: int
    """Stock rounds begun so far (the stock round counts itself in)."""

    @property
    def ors_in_set(self) -> int: ...

    def or_round(self) -> TurnRevenue: ...
    def begin_operating_round(self) -> None: ...
