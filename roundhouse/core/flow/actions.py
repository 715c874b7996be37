"""The 18xx action vocabulary: what a player may do for themself or for a company.

Kinds are 18xx.games's action type names where it has one ("bid", "par", "buy_shares",
"sell_shares", "lay_tile", "place_token", "run_routes", "dividend", "buy_train",
"discard_train", "buy_company", "bankrupt", "pass"), so importing its logs is a renaming of
fields, not a translation of moves.  ``entity`` is who acts: the player, or the company (or
private) the player acts for; ``player`` (from :class:`~roundhouse.core.actions.Action`) is
the seat that made the move.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from roundhouse.core.actions import Action, Known, Span

Entity = Annotated[str, Known("entity")]
"""Who acts: a player, a company or a private card."""
CompanyName = Annotated[str, Known("company")]
"""A company of any kind: a corporation or a private card."""
CorporationName = Annotated[str, Known("corporation")]
PrivateName = Annotated[str, Known("private")]
ShareName = Annotated[str, Known("share")]
HexName = Annotated[str, Known("hex")]
TileName = Annotated[str, Known("tile")]
TrainName = Annotated[str, Known("train")]
Money = Annotated[int, Span(0)]
"""An amount paid or earned: never negative."""
Rotation = Annotated[int, Span(0, 5)]
"""A tile's rotation: one of the six sides."""


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Pass(Action):
    """Pass: end a step, a turn, or drop out of an auction."""

    kind: ClassVar[str] = "pass"
    entity: Entity

    def __str__(self) -> str:
        return f"{self.entity} passes"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Bid(Action):
    """Bid ``price`` for ``company`` (a private, or a president's certificate on auction)."""

    kind: ClassVar[str] = "bid"
    entity: Entity
    company: CompanyName
    price: Money

    def __str__(self) -> str:
        return f"{self.entity} bids ${self.price} for {self.company}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Par(Action):
    """Start a company: buy its president's certificate at a starting price."""

    kind: ClassVar[str] = "par"
    entity: Entity
    corporation: CorporationName
    share_price: Money

    def __str__(self) -> str:
        return f"{self.entity} starts {self.corporation} at ${self.share_price}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuyShares(Action):
    """Buy certificates (one in a normal stock turn) at the current price."""

    kind: ClassVar[str] = "buy_shares"
    entity: Entity
    shares: tuple[ShareName, ...]

    def __str__(self) -> str:
        return f"{self.entity} buys {', '.join(self.shares)}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SellShares(Action):
    """Sell ``count`` shares of ``corporation`` to the pool."""

    kind: ClassVar[str] = "sell_shares"
    entity: Entity
    corporation: CorporationName
    count: Annotated[int, Span(1)]

    def __str__(self) -> str:
        return f"{self.entity} sells {self.count} {self.corporation}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class LayTile(Action):
    kind: ClassVar[str] = "lay_tile"
    entity: Entity
    hex: HexName
    tile: TileName
    rotation: Rotation

    def __str__(self) -> str:
        return f"{self.entity} lays {self.tile} on {self.hex}, rotation {self.rotation}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class PlaceToken(Action):
    kind: ClassVar[str] = "place_token"
    entity: Entity
    hex: HexName
    city: str

    def __str__(self) -> str:
        return f"{self.entity} places a station in {self.hex} ({self.city})"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class RunRoutes(Action):
    """Run trains: each route is a train id followed by the stops it visits."""

    kind: ClassVar[str] = "run_routes"
    entity: Entity
    routes: tuple[tuple[str, ...], ...] = ()
    revenue: Money

    def __str__(self) -> str:
        return f"{self.entity} runs for ${self.revenue}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Dividend(Action):
    """Pay out, withhold or half-pay the revenue just run."""

    kind: ClassVar[str] = "dividend"
    entity: Entity
    mode: str
    """"payout", "withhold" or "half" (:class:`~roundhouse.core.config.DividendKind`)."""

    def __str__(self) -> str:
        return f"{self.entity} chooses {self.mode}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuyTrain(Action):
    """Buy ``train`` from the depot, the pool or another company for ``price``."""

    kind: ClassVar[str] = "buy_train"
    entity: Entity
    train: TrainName
    price: Money
    variant: str = ""
    """The side of a two-sided card ("" for its own type)."""

    def __str__(self) -> str:
        return f"{self.entity} buys train {self.train} for ${self.price}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class DiscardTrain(Action):
    kind: ClassVar[str] = "discard_train"
    entity: Entity
    train: TrainName

    def __str__(self) -> str:
        return f"{self.entity} discards {self.train}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class BuyCompany(Action):
    """A company buys a private card from its owner (or the bank) for ``price``."""

    kind: ClassVar[str] = "buy_company"
    entity: Entity
    company: PrivateName
    price: Money

    def __str__(self) -> str:
        return f"{self.entity} buys {self.company} for ${self.price}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Bankrupt(Action):
    """The president cannot raise the money a forced purchase needs."""

    kind: ClassVar[str] = "bankrupt"
    entity: Entity

    def __str__(self) -> str:
        return f"{self.entity} declares bankruptcy"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Choose(Action):
    """Pick one of the named choices a step offers (18xx.games ``choose``): a gold hex to
    ship from, a steel column, a private's option.  ``company`` names the private whose power
    is used, when one is (18xx.games puts it in the action's entity)."""

    kind: ClassVar[str] = "choose"
    entity: Entity
    choice: str
    company: PrivateName = ""

    def __str__(self) -> str:
        via = f" with {self.company}" if self.company else ""
        return f"{self.entity} chooses {self.choice}{via}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class ChooseAbility(Action):
    """Use a named ability of a card or charter (18xx.games ``choose_ability``), e.g. a
    railroad buying one debt token."""

    kind: ClassVar[str] = "choose_ability"
    entity: Entity
    choice: str
    company: PrivateName = ""

    def __str__(self) -> str:
        return f"{self.entity} uses {self.choice}"


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class EndGame(Action):
    """End the game now by agreement (18xx.games ``end_game``); titles that accept it score
    the position as it stands."""

    kind: ClassVar[str] = "end_game"
    entity: Entity

    def __str__(self) -> str:
        return f"{self.entity} ends the game"


ACTIONS: tuple[type[Action], ...] = (
    Pass,
    Bid,
    Par,
    BuyShares,
    SellShares,
    LayTile,
    PlaceToken,
    RunRoutes,
    Dividend,
    BuyTrain,
    DiscardTrain,
    BuyCompany,
    Bankrupt,
)
"""Every 18xx action class; a title's ``Title.actions`` starts from this."""
