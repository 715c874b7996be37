"""The Eastern Railroad Convention (18US §3.2) and the Southern Railway that comes with the
South Carolina Canal & Rail Road Company (§10.1.6).

Everyone secretly bids $0, $5 or $10 and pays it; then, highest bid first and ties in player
number order, each buys one Eastern Concession at face value (passing is not an option).
Afterwards the players are renumbered by cash, most first, ties keeping their order, and
player #1 takes the Priority Deal.  Whoever buys P6 - here or later from the Pool - sets the
Southern Railway's Starting Value at once and opens it with the President's Certificate that
comes with the Concession (:class:`SouthernStartStep`).
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Par
from roundhouse.core.flow.auction import AuctionRound, sell_private
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.sealed_bid import SealedBidStep
from roundhouse.titles.g18us.state import UsGame

SCCRR = "P6"
SOUTHERN = "SR"


def southern_opener(g: UsGame) -> str | None:
    """The player who holds P6 while the Southern Railway is not yet open (§10.1.6: "When a
    player buys the Concession, he sets the Starting Value of the Southern Railway")."""
    card = g.privates.get(SCCRR)
    if card is None or card.closed or card.owner not in g.seats:
        return None
    if g.corps[SOUTHERN].started:
        return None
    return card.owner


def open_southern(g: UsGame, player: str, price: int) -> None:
    """§10.1.6, §3.4: the Starting Value token goes on the market, the President's Certificate
    to P6's owner - paid for with the Concession, so the player pays nothing more - and the
    company floats on it: the Bank pays four times the Starting Value (core's float)."""
    g.start_company(player, SOUTHERN, price, paid=True, how=f" with {SCCRR}")


class SouthernStartStep(Step[UsGame]):
    """P6's owner sets the Southern Railway's Starting Value (§10.1.6)."""

    kinds = frozenset({"par"})
    name = "southern_railway"

    def active(self, g: UsGame, entity: str) -> bool:
        return southern_opener(g) == entity

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.pid(entity)
        return [
            Par(player=p, entity=entity, corporation=SOUTHERN, share_price=price)
            for price in g.hooks.par_prices(g, SOUTHERN)
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} must set the Starting Value of {SOUTHERN} from "
                f"{', '.join(f'${p}' for p in g.hooks.par_prices(g, SOUTHERN))}",
                rule="sr.par",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, Par)
        open_southern(g, entity, action.share_price)


class ConventionStep(SealedBidStep):
    """§3.2's sealed bids, in player number order for ties, with P6's Southern Railway."""

    def __init__(self, items: list[str], amounts: tuple[int, ...]) -> None:
        super().__init__(items, amounts, lot="ERRC")
        self.southern = SouthernStartStep()

    def acting(self, g: UsGame) -> tuple[str, ...]:
        opener = southern_opener(g)
        if opener is not None:
            return (opener,)
        return super().acting(g)

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        if southern_opener(g) == entity:
            return self.southern.actions(g, entity)
        out = super().actions(g, entity)
        return [a for a in out if isinstance(a, Bid)]  # §3.2: "passing is not an option"

    def takes(self, g: UsGame, action: Action) -> bool:
        return action.kind in ("bid", "par")

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if southern_opener(g) == entity or isinstance(action, Par):
            if not isinstance(action, Par):
                raise IllegalAction(
                    f"{entity} must first set the Starting Value of {SOUTHERN}", rule="sr.par"
                )
            self.southern.check(g, entity, action)
            return
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} cannot make that bid: the Convention takes $"
                f"{', $'.join(str(a) for a in self.amounts)} bids, then a Concession at face "
                "value",
                rule="convention.bid",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, Par):
            self.southern.process(g, entity, action)
            return
        assert isinstance(action, Bid)
        if len(self.bids) < len(g.players):
            self.bids[entity] = action.price
            if len(self.bids) == len(g.players):
                for player, amount in self.bids.items():
                    g.ledger.transfer(player, BANK, amount)
                seats = _seat_order(g)
                self.order = sorted(seats, key=lambda q: (-self.bids[q], seats.index(q)))
            return
        self.items.remove(action.company)
        sell_private(g, action.company, entity, action.price)
        self.order.pop(0)


def _seat_order(g: UsGame) -> list[str]:
    return list(g.seat_order)


class ConventionRound(AuctionRound[UsGame]):
    """The ERRC; at its end the players are renumbered by remaining cash (§3.2)."""

    def label(self, g: UsGame) -> str:
        return "ERRC"

    def start(self, g: UsGame) -> None:
        g.emit("round", "Eastern Railroad Convention", round=self.label(g), kind=self.kind)
        self.auction.begin(g)
        self._begin_turn(g)

    def on_finish(self, g: UsGame) -> None:
        """§3.2: "Give the 'Player #1' and the 'Priority Deal' markers to the player with the
        most cash remaining ... In case of ties, maintain the existing order"."""
        before = list(g.seat_order)
        g.seat_order = sorted(before, key=lambda p: (-g.ledger.cash(p), before.index(p)))
        g.priority = g.seat_order[0]
        g.emit(
            "priority",
            f"Player order: {', '.join(g.seat_order)}; {g.priority} has the priority deal",
            player=g.priority,
        )
