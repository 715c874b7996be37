"""The title's stock round: each a small change to the core stock round and its step.

The Local Jeweler pays out at its start ("Local Jeweler"); CF&I and VGC shares may be sold
whatever the pool holds and never move their price; Metals Investor (G5) and U.S. Mint Worker
(B6) purchases; 18xx.games forbids selling in the first stock round.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Choose,
    Par,
    SellShares,
)
from roundhouse.core.flow.stock_round import StockRound, StockStep
from roundhouse.core.shares import POOL
from roundhouse.titles.g18royalgorge import (
    metals,
    privates,
    site_sale,
)
from roundhouse.titles.g18royalgorge.state import METALS, RoyalGorgeGame

INVESTOR, MINT = "G5", "B6"


class RoyalGorgeStockRound(StockRound[RoyalGorgeGame]):
    def start(self, g: RoyalGorgeGame) -> None:
        privates.pay_jeweler(g)
        g.metals_bought = {}
        super().start(g)


class RoyalGorgeStockStep(StockStep[RoyalGorgeGame]):
    kinds = StockStep.kinds | frozenset({"choose"})

    def _no_sales(self, g: RoyalGorgeGame) -> bool:
        return g.variant.compat_18xx_games and g.sr_count == 1

    def sells(self, g: RoyalGorgeGame, player: str) -> list[Action]:
        if self._no_sales(g):
            return []
        out = [a for a in super().sells(g, player) if getattr(a, "corporation", "") not in METALS]
        r = self._round(g)
        if not self._may_sell(g):
            return out
        for corp_id in METALS:
            if corp_id in r.turn_sold:
                continue
            for n in range(1, metals.sellable(g, player, corp_id) + 1):
                out.append(
                    SellShares(player=g.pid(player), entity=player, corporation=corp_id, count=n)
                )
        return out

    def discounted(self, g: RoyalGorgeGame, player: str) -> list[Action]:
        """Metals Investor (G5): one CF&I and one VGC share a round, a step below the price;
        U.S. Mint Worker (B6): one or two VGC shares at half price.  Each is a purchase
        ("Buying"): never of a company the player sold this round ("you cannot repurchase
        that stock until the following stock round"; 18xx.games agrees)."""
        out: list[Action] = []
        r = self._round(g)
        if r.turn_bought:
            return out
        sold = r.sold.get(player, set())
        cash = g.ledger.cash(player)
        limit = g.config.share_rules.holding_limit_pct or 100
        room = g.cert_limit() - g.cert_count(player)
        if privates.owner_of(g, INVESTOR) == player and room > 0:
            for corp_id in METALS:
                book = g.books[corp_id]
                if (
                    corp_id not in g.metals_bought.get(player, set())
                    and corp_id not in sold
                    and book.certs_of(POOL)
                    and (book.shares_of(player) + 1) * 10 <= limit
                    and privates.discounted_price(g, corp_id) <= cash
                ):
                    out.append(
                        Choose(
                            player=g.pid(player), entity=player, choice=corp_id, company=INVESTOR
                        )
                    )
        if privates.owner_of(g, MINT) == player and metals.VGC not in sold:
            book = g.books[metals.VGC]
            for n in (1, 2):
                price = -(-n * g.share_price(metals.VGC) // 2)
                if (
                    len(book.certs_of(POOL)) >= n
                    and (book.shares_of(player) + n) * 10 <= limit
                    and price <= cash
                    and n <= room + 1
                ):
                    out.append(
                        Choose(player=g.pid(player), entity=player, choice=f"VGC:{n}", company=MINT)
                    )
        return out

    def partial_sales(self, g: RoyalGorgeGame, player: str) -> list[Action]:
        """18xx.games's sale of more certificates than paid for (:mod:`.site_sale`):
        accepted from a document, never offered (the site's interface never makes one)."""
        return [*site_sale.choices(g, player, self.sells(g, player))]

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        return [*super().actions(g, entity), *self.discounted(g, entity)]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if isinstance(action, Par) and action.corporation not in g.corps:
            raise IllegalAction(f"there is no {action.corporation}", rule="sr.unknown")
        if isinstance(action, Choose) and site_sale.parse(action.choice) is not None:
            if action not in self.partial_sales(g, entity):
                raise IllegalAction(
                    f"{entity} cannot make the sale {action.choice!r} now",
                    rule="shares.sell_nothing",
                )
            return
        if isinstance(action, Choose):
            if action not in self.discounted(g, entity):
                corp_id = action.choice.partition(":")[0]
                if corp_id in self._round(g).sold.get(entity, set()):
                    raise IllegalAction(
                        f"{entity} sold {corp_id} this stock round and cannot buy it again "
                        "until the next one",
                        rule="shares.rebuy_after_sale",
                    )
                raise IllegalAction(f"{entity} cannot use {action.company} now", rule="sr.private")
            return
        if isinstance(action, SellShares):
            if self._no_sales(g):
                raise IllegalAction("no sales in the first stock round", rule="sr.first_round_sale")
            if action.corporation in METALS:
                if action not in self.sells(g, entity):
                    raise IllegalAction(
                        f"{entity} cannot sell {action.count} {action.corporation} now",
                        rule="shares.sell_nothing",
                    )
                return
        super().check(g, entity, action)

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        r = self._round(g)
        partial = site_sale.parse(action.choice) if isinstance(action, Choose) else None
        if partial is not None:
            site_sale.apply(g, entity, *partial)
            r.sold.setdefault(entity, set()).add(partial[0])
            r.turn_sold.append(partial[0])
            r.turn_acted = True
            return
        if isinstance(action, SellShares) and action.corporation in METALS:
            metals.sell(g, entity, action.corporation, action.count)
            r.sold.setdefault(entity, set()).add(action.corporation)
            r.turn_sold.append(action.corporation)
            r.turn_acted = True
            return
        if isinstance(action, Choose):
            if action.company == INVESTOR:
                corp_id = action.choice
                price = privates.discounted_price(g, corp_id)
                cert = sorted(g.books[corp_id].certs_of(POOL), key=lambda c: c.id)[0]
                g.ledger.transfer(entity, BANK, price)
                cert.owner = entity
                g.metals_bought.setdefault(entity, set()).add(corp_id)
            else:
                n = int(action.choice.partition(":")[2])
                price = -(-n * g.share_price(metals.VGC) // 2)
                certs = sorted(g.books[metals.VGC].certs_of(POOL), key=lambda c: c.id)[:n]
                g.ledger.transfer(entity, BANK, price)
                for cert in certs:
                    cert.owner = entity
                g.privates[MINT].closed = True
            r.turn_bought += 1
            r.turn_acted = True
            return
        super().process(g, entity, action)
