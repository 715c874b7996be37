"""The Western Railroad Convention (18US §7.1): the Western Concessions P7-P12 auctioned one at
a time, and what buying the Pacific Railway Act (P11) opens.

§7.1: "The player who has the Priority Deal marker must select one of the Western Concessions
and offer it for auction.  He may bid on it or he may pass.  To bid on a Concession, a player
must bid a non-negative multiple of $5 (including zero).  Each player, in Stock Round order,
may bid in turn or pass.  Each subsequent bid must be greater than the last by a multiple of
$5.  Once a player has passed, he may not reenter the auction."  The high bidder pays "the
amount of his bid plus the face value"; the next player after him takes the Priority Deal and
offers the next Concession; a Concession nobody bids on goes to the Pool and the Priority Deal
stays.  Players bid with their cash on hand only, never more in total than that cash.

So unlike the Eastern Convention's sealed bids (:mod:`.sealed_bid`) this is an open English
auction per Concession (core's :class:`~roundhouse.core.flow.auction.EnglishAuction`), the
offering player choosing the lot: the offer is his first move, a ``bid`` on the Concession
or a ``choose`` of it (offered, and passed on).  The winner of the DRG (P10) then sets its
Starting Value (:mod:`.drg`); the winner of the Pacific Railway Act takes the President's
Certificate of the Land Grant company he chooses and sets its Starting Value (§10.2.5,
:func:`.land_grant.open_by_act`), both as a ``par``.

The Eastern Concessions still open close as the Convention starts (§3.3), the unbought ones
are discarded (§10.6 note 2).  When the Convention ends with the Pacific Railway Act bought,
the 4-trains left in the stack turn to their 2G side and go to the Pool (§7.1, §10.6 note 2);
otherwise another session follows the next pair of Operating Rounds, offering what is left.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Choose, Par, Pass
from roundhouse.core.flow.auction import AuctionRound, AuctionStep, EnglishAuction
from roundhouse.core.shares import POOL
from roundhouse.titles.g18us.data import LAND_GRANT, WRRC_EVENT, is_western
from roundhouse.titles.g18us.drg import DRG, DRG_CONCESSION, drg_prices, open_drg
from roundhouse.titles.g18us.land_grant import PACIFIC_ACT, open_by_act
from roundhouse.titles.g18us.state import UsGame

BID_STEP = 5
"""§7.1: bids are multiples of $5, each raise a multiple of $5."""

FREIGHT_SIDE = "2G"
EXPRESS_CARD = "3E"
"""§10.6 note 2: "flip any unbought 4-trains to their 2G-train side, and place them in the
Pool": the flipped card is a permanent 2G-train, kept here as a 3E/2G card on its 2G side
so that it never rusts with the 4-trains (§2: the 2G is permanent)."""


def offered_concessions(g: UsGame) -> list[str]:
    """The Western Concessions a session of the Convention offers: those nobody owns."""
    return [
        pid
        for pid, card in g.privates.items()
        if is_western(pid) and card.owner is None and not card.closed
    ]


def face_value(g: UsGame, pid: str) -> int:
    """What the winner pays on top of his bid: the face value (the DRG's least, twice its
    least Starting Value, §10.2.4)."""
    return g.privates[pid].spec.value


def certs_needed(pid: str) -> int:
    """Certificates a Concession brings: the Pacific Railway Act comes with a President's
    Certificate (§10.2.5); the DRG's certificate stands for its Concession (§10.2.4)."""
    return 2 if pid == PACIFIC_ACT else 1


def close_eastern(g: UsGame) -> None:
    """§3.3: "All Eastern Concessions that are still operating close at the start of the
    Western Railroad Convention"; §10.6 note 2: the unbought ones are discarded."""
    from roundhouse.core.ability import closes_on

    for card in g.privates.values():
        if not card.closed and closes_on(card.spec.abilities, event=WRRC_EVENT):
            card.closed = True
            g.emit("close", f"{card.id} {card.spec.name} closes", item=card.id)


def flip_unbought_fours(g: UsGame) -> list[str]:
    """§7.1: "Flip any unbought 4-trains to their 2G-train side and place them in the Pool:
    the next train in the train stack will be a 3E-train"."""
    flipped = [tid for tid in g.depot.upcoming if g.depot.train(tid).type == "4"]
    for tid in flipped:
        train = g.depot.train(tid)
        g.depot.upcoming.remove(tid)
        train.type = EXPRESS_CARD
        train.variant = FREIGHT_SIDE
        train.owner = POOL
    if flipped:
        g.emit("trains", f"{', '.join(flipped)} turn to their 2G side, into the Pool")
    return flipped


class WesternConventionStep(AuctionStep[UsGame]):
    """§7.1's auctions, one Concession at a time, the offering player choosing which."""

    kinds = frozenset({"bid", "pass", "choose", "par"})
    name = "western_convention"

    def __init__(self, items: list[str]) -> None:
        super().__init__()
        self.items = list(items)
        self.offerer = ""
        self.auction: EnglishAuction | None = None
        self.pending: tuple[str, str] | None = None
        """(winner, Concession) waiting for the winner's Starting Value (P10, P11)."""

    def begin(self, g: UsGame) -> None:
        self.offerer = g.priority

    def acting(self, g: UsGame) -> tuple[str, ...]:
        if self.pending is not None:
            return (self.pending[0],)
        if self.auction is not None:
            return (self.auction.current,)
        return (self.offerer,) if self.items else ()

    def _bids(self, g: UsGame, player: str, pid: str, low: int) -> list[Action]:
        """§7.1: multiples of $5 from ``low``, never more in total than the cash on hand;
        none when the Concession would take the player past the certificate limit."""
        if g.cert_count(player) + certs_needed(pid) > g.cert_limit():
            return []
        top = g.ledger.cash(player) - face_value(g, pid)
        p = g.pid(player)
        return [
            Bid(player=p, entity=player, company=pid, price=x)
            for x in range(low, top + 1, BID_STEP)
        ]

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.pid(entity)
        if self.pending is not None:
            _, pid = self.pending
            if pid == DRG_CONCESSION:
                return [
                    Par(player=p, entity=entity, corporation=DRG, share_price=price)
                    for price in drg_prices(g, g.ledger.cash(entity))
                ]
            return [
                Par(player=p, entity=entity, corporation=corp, share_price=price)
                for corp in g.corps
                if g.corps[corp].spec.kind == LAND_GRANT and not g.corps[corp].started
                for price in g.hooks.par_prices(g, corp)
            ]
        if self.auction is None:
            out: list[Action] = []
            for pid in self.items:
                out.append(Choose(player=p, entity=entity, choice=pid))
                out.extend(self._bids(g, entity, pid, 0))
            return out
        a = self.auction
        return [
            *self._bids(g, entity, a.item, a.min_next(BID_STEP)),
            Pass(player=p, entity=entity),
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if action in self.actions(g, entity):
            return
        if isinstance(action, Par):
            raise IllegalAction(
                f"{entity} cannot start {action.corporation} at ${action.share_price} now",
                rule="sr.par",
            )
        if isinstance(action, Bid):
            raise IllegalAction(
                f"${action.price} is not a bid {entity} can make for {action.company} now: bids "
                f"are multiples of ${BID_STEP} above the last, and bid and face value together "
                "may not pass the cash on hand",
                rule="convention.western_bid",
            )
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, Par):
            assert self.pending is not None
            _, pid = self.pending
            self.pending = None
            if pid == DRG_CONCESSION:
                open_drg(g, entity, action.share_price)
            else:
                open_by_act(g, entity, action.corporation, action.share_price)
            return
        if self.auction is None:
            item = action.choice if isinstance(action, Choose) else action.company  # type: ignore[attr-defined]
            self.items.remove(item)
            self.auction = EnglishAuction(item, g.turn_order_from(entity), 0)
            g.emit("offer", f"{entity} offers {item} {g.privates[item].spec.name}", item=item)
        a = self.auction
        if isinstance(action, Bid):
            a.bid(entity, action.price)
        else:
            a.drop(entity)
        if a.done:
            self._settle(g, a)

    def _settle(self, g: UsGame, a: EnglishAuction) -> None:
        """The high bidder pays his bid and the face value and takes the Concession, and the
        next player takes the Priority Deal; unbid, it goes to the Pool (§7.1)."""
        self.auction = None
        card = g.privates[a.item]
        if a.high_bidder is None:
            g.emit("pool", f"Nobody bids for {a.item}: it goes to the Pool", item=a.item)
            return
        winner = a.high_bidder
        g.ledger.transfer(winner, BANK, a.high_bid)
        if a.item != DRG_CONCESSION:
            g.ledger.transfer(winner, BANK, card.spec.value)
            card.owner = winner
        g.emit(
            "auction",
            f"{winner} buys {a.item} {card.spec.name} for ${a.high_bid} over face value",
            item=a.item,
            player=winner,
            price=a.high_bid,
        )
        order = g.turn_order_from(winner)
        g.priority = order[1 % len(order)]
        self.offerer = g.priority
        if a.item in (DRG_CONCESSION, PACIFIC_ACT):
            self.pending = (winner, a.item)

    def view(self, g: UsGame) -> dict[str, object]:
        a = self.auction
        out: dict[str, object] = {"to_offer": list(self.items)}
        if a is not None:
            out.update(item=a.item, high_bid=a.high_bid, high_bidder=a.high_bidder)
        return out


class WesternConventionRound(AuctionRound[UsGame]):
    """A session of the WRRC (§7.1)."""

    def __init__(self, items: list[str]) -> None:
        super().__init__(WesternConventionStep(items))

    def label(self, g: UsGame) -> str:
        return "WRRC"

    def start(self, g: UsGame) -> None:
        g.wrrc_sessions += 1
        g.emit("round", "Western Railroad Convention", round=self.label(g), kind=self.kind)
        close_eastern(g)
        self.auction.begin(g)
        self._begin_turn(g)

    def on_finish(self, g: UsGame) -> None:
        """§7.1: with the Pacific Railway Act bought, the unbought 4-trains go to the Pool as
        2G-trains and the Convention is over for good; otherwise it is held again after the
        next pair of Operating Rounds."""
        g.emit("priority", f"{g.priority} has the priority deal", player=g.priority)
        if not g.pacific_act:
            return
        g.wrrc_due = False
        g.remorse_set = g.set_count + 1
        flip_unbought_fours(g)
