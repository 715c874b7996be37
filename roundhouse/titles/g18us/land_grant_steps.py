"""The operating-turn steps the Land Grant companies and the Western Concessions change (18US
§6.1-§6.4, §7.3).

* :class:`UsBuyCompanyStep` - §6.1: at the start of its turn a company may buy P7-P9 or P12
  at face value from the Pool (once the Pacific Railway Act is bought, §7.1) or from the
  player who owns it: its own President agrees with himself, another owner is asked and
  answers (§7.2 "if the owner gives permission", :mod:`.consent`).
* :class:`UsTrackStep` - §7.3.1-§7.3.2: a 5-Share Land Grant company must place a tile while
  its grant is incomplete, may place up to three (at most one of them an upgrade), and pays
  the Crédit Mobilier for more than one; when its treasury cannot pay for any tile its
  President pays the difference, selling shares if he must, or goes bankrupt (§6.9.1,
  §6.9.3).
* :class:`ConversionStep` - §6.3.2: the conversion to a 10-Share company once the grant is
  complete, the President choosing the qualifying City for the doubling token.
* :class:`UsTokenStep` - §6.4: the doubling token placed at conversion takes the turn's token
  placement; the P7/P8 bonus token may still go down (§6.4.2).
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import (
    Bankrupt,
    BuyCompany,
    Choose,
    LayTile,
    Pass,
    SellShares,
)
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.emergency import (
    allow_presidency_change,
    bankrupt_president,
    emergency_sales,
)
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.trade import do_sale
from roundhouse.core.track import TileLay
from roundhouse.titles.g18us.card_window_step import CardTokenStep, CardTrackStep
from roundhouse.titles.g18us.consent import SALE, Request, ask, sell_concession, was_refused
from roundhouse.titles.g18us.data import is_western
from roundhouse.titles.g18us.land_grant import (
    convert,
    count_own_tile,
    five_share,
    grant_complete,
    open_doubling_sites,
)
from roundhouse.titles.g18us.state import UsGame


class UsBuyCompanyStep(Step[UsGame]):
    """§6.1: Western Concessions bought by the company at face value, before it builds.

    §6: "Each company must conduct its operations in strict conformance with the order";
    §7.2: "at the beginning of the buying company's turn".  So the purchases end once the
    company acts in any later step of its turn (:meth:`close`, told by the round), whether or
    not its track step was ever open to it."""

    kinds = frozenset({"buy_company"})
    blocking = False
    name = "buy_company"
    passing = "passes on buying a private"

    def __init__(self) -> None:
        super().__init__()
        self.closed = False

    def setup(self, g: UsGame, entity: str) -> None:
        self.closed = False

    def close(self) -> None:
        """The company has moved on to a later step: no more purchases this turn."""
        self.closed = True

    def offers(self, g: UsGame, corp: str) -> dict[str, int]:
        if self.closed:
            return {}
        cash = g.ledger.cash(corp)
        out: dict[str, int] = {}
        for pid, card in g.privates.items():
            if card.closed or not card.spec.company_may_buy or not is_western(pid):
                continue
            from_pool = card.owner is None and g.pacific_act
            from_player = card.owner in g.seats and not g.seats[card.owner].bankrupt
            if (
                (from_pool or from_player)
                and card.spec.value <= cash
                and not was_refused(g, SALE, pid)
            ):
                out[pid] = card.spec.value
        return out

    def active(self, g: UsGame, entity: str) -> bool:
        return bool(self.offers(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        return [
            BuyCompany(player=p, entity=entity, company=pid, price=price)
            for pid, price in self.offers(g, entity).items()
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, BuyCompany)
        offers = self.offers(g, entity)
        if offers.get(action.company) != action.price:
            raise IllegalAction(
                f"{entity} cannot buy {action.company} for ${action.price} now (§6.1: face "
                "value, from the Pool or a player who has not refused this turn, before it "
                "builds)",
                rule="company.buy",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        """From the Pool at once; from a player once he agrees (§7.2)."""
        assert isinstance(action, BuyCompany)
        owner = g.privates[action.company].owner
        if owner is None:
            sell_concession(g, entity, action.company)
            return
        ask(g, Request(SALE, entity, owner, action.company))


class UsTrackStep(CardTrackStep):
    """The track step with the 5-Share Land Grant company's lays (§7.3.1-§7.3.2)."""

    kinds = CardTrackStep.kinds | {"sell_shares", "bankrupt"}

    def __init__(self) -> None:
        super().__init__()
        self.upgraded = False

    def setup(self, g: UsGame, entity: str) -> None:
        super().setup(g, entity)
        self.upgraded = False

    def _owed(self, g: UsGame, entity: str) -> bool:
        """§7.3.1: "Each Operating Round, a 5-Share Land Grant company must place one yellow
        tile, or upgrade one yellow tile to a green tile, whether or not it has the necessary
        funds" - while its grant is incomplete (§7.3.1: a company whose grant is already
        complete converts "without needing to place or upgrade any tiles")."""
        return (
            self.lays == 0
            and not self.passed
            and five_share(g, entity)
            and not grant_complete(g, entity)
        )

    def _options(self, g: UsGame, corp: str) -> Mapping[tuple[str, str, int], TileLay]:
        """§7.3.2: once it has upgraded, a Land Grant company's other tiles are yellow; a
        System's likewise (§7.4.2: "two yellow tiles, or ... one yellow tile and upgrade
        one tile")."""
        found = super()._options(g, corp)
        if self.upgraded:
            return {k: lay for k, lay in found.items() if not lay.upgrade}
        return found

    def _owed_lays(self, g: UsGame, corp: str) -> list[TileLay]:
        """The owed tile's lays when the treasury cannot pay for any (none found a station:
        that needs a token the company pays for itself)."""
        if not self._owed(g, corp) or self._options(g, corp):
            return []
        board = g.map
        assert isinstance(board, BoardMap)
        return [lay for lay in board.every_lay(g, corp) if lay.station is None]

    def _emergency(self, g: UsGame, corp: str) -> dict[tuple[str, str, int], TileLay]:
        """§7.3.1, §6.9.1: the owed tile's lays the treasury and the President's cash
        together pay for."""
        president = g.controller(corp)
        if president is None:
            return {}
        money = g.ledger.cash(corp) + g.ledger.cash(president)
        return {
            (lay.hex, lay.tile, lay.rotation): lay
            for lay in self._owed_lays(g, corp)
            if lay.cost <= money
        }

    def _raising(self, g: UsGame, corp: str) -> tuple[str, dict[str, list[int]]] | None:
        """(President, the sales he may make) when even his cash does not pay for the owed
        tile: §6.9.1 "he must sell sufficient stock to raise the difference"; no sales left
        means bankruptcy (§6.9.3: "or to pay for a mandatory tile lay")."""
        president = g.controller(corp)
        lays = self._owed_lays(g, corp)
        if president is None or not lays or self._emergency(g, corp):
            return None
        cheapest = min(lay.cost for lay in lays)
        return president, emergency_sales(g, corp, president, cheapest - g.ledger.cash(corp))

    def active(self, g: UsGame, entity: str) -> bool:
        return (
            super().active(g, entity)
            or bool(self._emergency(g, entity))
            or self._raising(g, entity) is not None
        )

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        if self._own_open(g, entity) and (raising := self._raising(g, entity)) is not None:
            president, sales = raising
            pp = g.pid(president)
            if not sales:
                return [Bankrupt(player=pp, entity=entity)]
            return [
                SellShares(player=pp, entity=president, corporation=c, count=n)
                for c, counts in sales.items()
                for n in counts
            ]
        if self._own_open(g, entity) and (emergency := self._emergency(g, entity)):
            p = g.controller_id(entity)
            return [
                LayTile(player=p, entity=entity, hex=h, tile=t, rotation=r)
                for (h, t, r) in emergency
            ]
        out = super().actions(g, entity)
        if self._owed(g, entity) and any(isinstance(a, LayTile) for a in out):
            out = [a for a in out if not isinstance(a, Pass)]
        return out

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, (SellShares, Bankrupt)):
            if action not in self.actions(g, entity):
                raise IllegalAction(
                    f"{action} is not the money raising {entity}'s mandatory tile needs (§6.9.1)",
                    rule="track.mandatory",
                )
            return
        if (
            isinstance(action, Pass)
            and self._owed(g, entity)
            and (g.map.may_lay(g, entity) or self._owed_lays(g, entity))
        ):
            raise IllegalAction(
                f"{entity} must place a tile this turn (§7.3.1)", rule="track.mandatory"
            )
        if isinstance(action, LayTile):
            key = self._key(g, action)
            if key in self._emergency(g, entity):
                return
            if self.upgraded and key not in self._options(g, entity):
                raise IllegalAction(
                    f"{entity} has upgraded a tile this turn; its other tiles are yellow (§7.3.2)",
                    rule="track.one_upgrade",
                )
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, SellShares):
            do_sale(
                g,
                action.entity,
                action.corporation,
                action.count,
                allow_presidency_change=allow_presidency_change(g, entity, action.corporation),
            )
            return
        if isinstance(action, Bankrupt):
            bankrupt_president(g, entity)
            self.passed = True  # the owed tile is not laid
            return
        if isinstance(action, LayTile) and not five_share(g, entity):
            lay = g.map.find_lay(g, entity, self._key(g, action))
            super().process(g, entity, action)
            self.upgraded = self.upgraded or lay.upgrade  # §7.4.2: a System's one upgrade
            return
        if not isinstance(action, LayTile):
            super().process(g, entity, action)
            return
        key = self._key(g, action)
        emergency = self._emergency(g, entity)
        if key in emergency:
            lay = emergency[key]
            short = lay.cost - g.ledger.cash(entity)
            president = g.controller(entity)
            assert president is not None
            if short > 0:
                g.ledger.transfer(president, entity, short)
                g.emit("emergency", f"{president} pays ${short} towards {entity}'s tile")
            g.ledger.transfer(entity, BANK, lay.cost)
            g.map.lay_tile(g, entity, lay)
            self.lays += 1
        else:
            lay = g.map.find_lay(g, entity, key)
            super().process(g, entity, action)
        self.upgraded = self.upgraded or lay.upgrade
        charge = count_own_tile(g, entity)
        if charge:
            g.ledger.transfer(entity, BANK, charge)
            g.emit("credit_mobilier", f"{entity} pays ${charge} to the Crédit Mobilier")
            if g.or_round().revenue is not None and not g.depot.owned_by(entity):
                g.or_round().revenue = (g.or_round().revenue or 0) + charge


class ConversionStep(Step[UsGame]):
    """§6.3.2: a 5-Share Land Grant company whose grant is complete converts."""

    kinds = frozenset({"choose", "pass"})
    name = "conversion"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: UsGame, entity: str) -> None:
        self.done = False

    def active(self, g: UsGame, entity: str) -> bool:
        return not self.done and five_share(g, entity) and grant_complete(g, entity)

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        sites = open_doubling_sites(g, entity)
        if not sites:
            return [Pass(player=p, entity=entity)]
        return [Choose(player=p, entity=entity, choice=h) for h in sites]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{entity} must convert and place its doubling token in one of "
                f"{', '.join(open_doubling_sites(g, entity)) or 'no City (none is free)'}",
                rule="conversion.site",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        site = action.choice if isinstance(action, Choose) else None
        convert(g, entity, site)
        self.done = True


class UsTokenStep(CardTokenStep):
    """§6.4.1: the conversion's doubling token took this turn's placement."""

    def _options(self, g: UsGame, corp: str) -> dict[tuple[str, str], int]:
        if g.doubling_turn.get(corp) == g.turn_key():
            return {}
        return super()._options(g, corp)
