"""Starting a company by auctioning its president's certificate (18USA §11.6).

In their stock turn a player picks a company and opens the bidding (at least $100); then
each other player in turn order raises by at least $1 or passes for good, until one bidder
is left.  A player may bid up to their cash plus the face value of their private companies,
and must be below the certificate limit (§11.3).  The winner then chooses the company's size
among those the phase allows (§8), and gives any of their private companies to it; the share
price is half the winning bid rounded down to a market value from $50 to $200.  The winner
pays the bank the bid less the privates' face value; the bank pays the treasury twice the
share price less that value (never below $0).  A 5-share company then buys one more station
token for $50 and a 10-share company three for $150 if the treasury can pay (§11.6: "must
purchase"); a 10-share company that cannot is liquidated at the end of the stock round unless
a loan taken before then pays for them (:attr:`StartRules.liquidate_unpaid`).  The
charter's station tokens are counted (:attr:`StartRules.tokens`) for the eight-token cap of
§14.1.1 and §14.3.

The home station's placement is the map's business (``place_home``).  With
:attr:`StartRules.choose_home` the player opening the auction picks any open station slot on
the map right after the opening bid, before anyone else bids (``place_token``; §11.6 step 2,
as 18xx.games does), from the map's ``home_choices`` (:class:`HomeMap`), and a subsidy of
that city that counts as cash (§11.6.1) is paid by the bank in place of the winner's money
(:class:`HomeBonusHooks`): every bidder may bid up to their own means plus it
(:meth:`StartAuction.limit`).  Play goes on to the left of the player who opened
the auction, not of its winner.  The size and each private given are ``choose`` actions
(:class:`~roundhouse.core.flow.actions.Choose`), so a title using this lists that kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Choose, Pass, PlaceToken
from roundhouse.core.flow.stock_round import may_hold_president
from roundhouse.core.legal import AmountRange
from roundhouse.core.shares import POOL

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.engine import FamilyEngine


@runtime_checkable
class HomeMap(Protocol):
    """A map on which the starting player chooses the home station (18USA §11.6 step 2)."""

    def home_choices(self, g: FamilyEngine, corp_id: str) -> list[tuple[str, str]]:
        """(hex, city) of every open station slot the company may start in."""
        ...

    def place_home_at(self, g: FamilyEngine, corp_id: str, hex_name: str, city: str) -> None:
        """Put the company's home station there."""
        ...


def home_choices(g: FamilyEngine, corp_id: str) -> list[tuple[str, str]]:
    return g.map.home_choices(g, corp_id) if isinstance(g.map, HomeMap) else []


@runtime_checkable
class HomeBonusHooks(Protocol):
    """Hooks of a title whose home cities may pay part of a start (18USA §11.6.1)."""

    def home_bonus_at(self, g: FamilyEngine, hex_name: str) -> int:
        """What the bank pays in place of the starting player for a home in ``hex_name``."""
        ...

    def max_home_bonus(self, g: FamilyEngine) -> int:
        """The most any open home city would pay now (it counts in a bidder's limit)."""
        ...


@runtime_checkable
class StartTokenHooks(Protocol):
    """Hooks of a title whose privates may bring station tokens to a company at its start
    (18USA P23)."""

    def tokens_brought(self, g: FamilyEngine, corp_id: str, privates: Sequence[str]) -> int:
        """Station tokens ``privates``, put into the new company, give it; they are used up
        (given once)."""
        ...


def tokens_brought(g: FamilyEngine, corp_id: str, privates: Sequence[str]) -> int:
    hooks = g.hooks
    if not privates or not isinstance(hooks, StartTokenHooks):
        return 0
    return hooks.tokens_brought(g, corp_id, privates)


def home_bonus(g: FamilyEngine, hex_name: str) -> int:
    """Money the bank adds for the player at a start in ``hex_name`` (18USA §11.6.1 cash
    subsidies), when the title's hooks say."""
    hooks = g.hooks
    return hooks.home_bonus_at(g, hex_name) if isinstance(hooks, HomeBonusHooks) else 0


def max_home_bonus(g: FamilyEngine) -> int:
    hooks = g.hooks
    return hooks.max_home_bonus(g) if isinstance(hooks, HomeBonusHooks) else 0


@dataclasses.dataclass(frozen=True, kw_only=True)
class StartRules:
    """How companies are started by auction (18USA §11.6)."""

    min_bid: int = 100
    raise_step: int = 1
    """Least raise over the bid before (18USA §11.6: $1)."""
    price_floor: int = 50
    price_ceiling: int = 200
    """Starting prices are market values in this span (18USA §5, §11.6: $50-$200)."""
    sizes: Mapping[str, tuple[int, ...]] = dataclasses.field(default_factory=dict)
    """Phase name -> company sizes that may be started (18USA §8: phase 2 only 2-share, 3
    2 or 5, 4 5, 5 5 or 10, 6 and 7 10, 8 none)."""
    token_cost: Mapping[int, int] = dataclasses.field(default_factory=dict)
    """Size -> cost of the extra station tokens bought at once (18USA §11.6: 5 shares $50,
    10 shares $150)."""
    tokens: Mapping[int, int] = dataclasses.field(default_factory=dict)
    """Size -> station tokens on the charter once founded, the free home token included
    (18USA §11.6: 1 for 2 shares, 2 for 5, 4 for 10); a size not listed keeps its printed
    tokens."""
    brought_tokens_count: bool = False
    """Whether the station tokens a private put in at the start brings (18USA P23) count
    among those the size calls for, only the rest being bought, as 18xx.games buys them
    (``G1817::Game#tokens_needed``); by default they come on top ("an additional station
    marker")."""
    tokens_after_purchase: bool = False
    """Whether a company still owing its station tokens buys them as soon as a player's
    purchase of its shares brings the money, as 18xx.games does
    (``G1817::Step::BuySellParShares#process_buy_shares``: ``try_buy_tokens``); by default
    only a loan does (§11.6: "as soon as it takes a loan")."""
    liquidate_unpaid: frozenset[int] = frozenset()
    """Sizes liquidated at the end of the stock round when their tokens stay unpaid (18USA
    §11.6: 10)."""
    choose_home: bool = False
    """The winner chooses the home station on the map (18USA §11.6 step 2)."""
    bid_choices: int = 10
    """``legal_actions`` lists opening bids and raises at the least amount, every multiple of
    this and the most; :meth:`StartAuction.ranges` documents every dollar in between."""


def own_means(g: FamilyEngine, player: str) -> int:
    """Cash plus the face value of the player's private companies (18USA §11.6)."""
    privates = sum(p.spec.value for p in g.privates.values() if p.owner == player and not p.closed)
    return g.ledger.cash(player) + privates


def bid_limit(g: FamilyEngine, player: str) -> int:
    """The most a player may bid: their own means (18USA §11.6) plus the largest cash
    subsidy a home city could still add (§11.6.1: "treated as additional cash in a player's
    hand"; the winner must then start in a city paying at least the difference)."""
    return own_means(g, player) + max_home_bonus(g)


def sizes_now(g: FamilyEngine, rules: StartRules, corp_id: str) -> tuple[int, ...]:
    """Sizes the company may start at now: the phase's (18USA §8), no smaller than its
    printed charter (certificates are only ever added)."""
    size = g.books[corp_id].size
    return tuple(n for n in rules.sizes.get(g.depot.phases.current.name, ()) if n >= size)


def startable(g: FamilyEngine, rules: StartRules, player: str) -> list[str]:
    """Companies the player may open an auction for now."""
    if bid_limit(g, player) < rules.min_bid:
        return []
    return [
        c.id
        for c in g.corps.values()
        if not c.started
        and not c.closed
        and sizes_now(g, rules, c.id)
        and g.hooks.can_start(g, player, c.id)
        and may_hold_president(g, player, c.id)
        and (not rules.choose_home or bool(home_choices(g, c.id)))
    ]


def price_points(low: int, high: int, step: int) -> list[int]:
    """``low``, each multiple of ``step`` between, and ``high``."""
    if high < low:
        return []
    points = {low, high, *range(-(-low // step) * step, high, step)}
    return sorted(p for p in points if low <= p <= high)


def opening_bids(g: FamilyEngine, rules: StartRules, player: str) -> list[Action]:
    p = g.pid(player)
    high = bid_limit(g, player)
    prices = price_points(rules.min_bid, high, rules.bid_choices)
    return [
        Bid(player=p, entity=player, company=c, price=x)
        for c in startable(g, rules, player)
        for x in prices
    ]


def opening_ranges(g: FamilyEngine, rules: StartRules, player: str) -> list[AmountRange]:
    p = g.pid(player)
    high = bid_limit(g, player)
    if high < rules.min_bid:
        return []
    return [
        AmountRange(
            Bid(player=p, entity=player, company=c, price=rules.min_bid),
            "price",
            rules.min_bid,
            high,
        )
        for c in startable(g, rules, player)
    ]


def check_opening(g: FamilyEngine, rules: StartRules, player: str, action: Bid) -> None:
    if action.company not in startable(g, rules, player):
        raise IllegalAction(f"{player} cannot start {action.company} now", rule="sr.start_company")
    high = bid_limit(g, player)
    if not rules.min_bid <= action.price <= high:
        raise IllegalAction(
            f"{player} may open the bidding for {action.company} at ${rules.min_bid}-${high}",
            rule="sr.start_bid",
        )


def start_price(g: FamilyEngine, rules: StartRules, bid: int) -> int:
    """Half the bid, rounded down to a market value from $50 to $200 (18USA §11.6).

    The §11.6.1 example: a $106 bid starts at $53.
    """
    cells = [
        c.price
        for c in g.market.grid.cells.values()
        if rules.price_floor <= c.price <= rules.price_ceiling and c.price <= bid // 2
    ]
    return max(cells) if cells else rules.price_floor


class StartAuction:
    """One company's start: the auction, then the winner's size and private choices."""

    __slots__ = (
        "bidders",
        "corp",
        "given",
        "high",
        "high_bidder",
        "home",
        "initiator",
        "out",
        "owed",
        "owed_tokens",
        "phase",
        "rules",
        "size",
        "turn",
    )

    def __init__(
        self, g: FamilyEngine, rules: StartRules, initiator: str, corp: str, bid: int
    ) -> None:
        self.rules = rules
        self.corp = corp
        self.initiator = initiator
        self.bidders = g.turn_order_from(initiator)
        self.out: set[str] = set()
        self.high = bid
        self.high_bidder = initiator
        self.turn = 0
        self.phase = "bid"
        self.size = 0
        self.given: list[str] = []
        self.home: tuple[str, str] | None = None
        self.owed = 0
        """The price of the station tokens the founded company could not pay for and must
        still buy."""
        self.owed_tokens = 0
        """How many tokens :attr:`owed` buys: counted on the charter until the round ends
        unpaid (:meth:`.short_sale.CorporateStockRound.on_finish` takes them off)."""
        if rules.choose_home:
            self.phase = "home"  # §11.6 step 2: the opener places the token first
        else:
            self._next_bidder(g)

    def __deepcopy__(self, memo: dict[int, object]) -> StartAuction:
        copy = StartAuction.__new__(StartAuction)
        for name in self.__slots__:
            setattr(copy, name, getattr(self, name))
        copy.bidders = list(self.bidders)
        copy.out = set(self.out)
        copy.given = list(self.given)
        return copy

    @property
    def done(self) -> bool:
        return self.phase == "done"

    def acting(self) -> str:
        return self.high_bidder if self.phase != "bid" else self.bidders[self.turn]

    def limit(self, g: FamilyEngine, player: str) -> int:
        """The most ``player`` may bid: their own means plus the home city's cash subsidy
        (§11.6.1), the largest one on offer while the home is not chosen yet."""
        if self.home is None:
            return bid_limit(g, player)
        return own_means(g, player) + home_bonus(g, self.home[0])

    def _can_raise(self, g: FamilyEngine, player: str) -> bool:
        return self.limit(g, player) >= self.high + self.rules.raise_step and may_hold_president(
            g, player, self.corp
        )

    def _next_bidder(self, g: FamilyEngine) -> None:
        """On to the next player who can raise; the auction ends when nobody is left."""
        for _ in range(len(self.bidders)):
            self.turn = (self.turn + 1) % len(self.bidders)
            p = self.bidders[self.turn]
            if p == self.high_bidder:
                break
            if p in self.out:
                continue
            if not self._can_raise(g, p):
                self.out.add(p)
                continue
            return
        self.phase = "size"
        self._skip(g)

    def _skip(self, g: FamilyEngine) -> None:
        """Decisions with a single answer make themselves."""
        sizes = sizes_now(g, self.rules, self.corp)
        if self.phase == "size" and len(sizes) == 1:
            self.size = sizes[0]
            self.phase = "fund"
        if self.phase == "fund" and not self._givable(g):
            found(g, self)

    def _givable(self, g: FamilyEngine) -> list[str]:
        return sorted(
            p.id
            for p in g.privates.values()
            if p.owner == self.high_bidder and not p.closed and p.id not in self.given
        )

    def _value_given(self, g: FamilyEngine) -> int:
        return sum(g.privates[p].spec.value for p in self.given)

    def _bonus(self, g: FamilyEngine) -> int:
        return home_bonus(g, self.home[0]) if self.home is not None else 0

    def _may_pay(self, g: FamilyEngine) -> bool:
        owed = self.high - self._value_given(g) - self._bonus(g)
        return g.ledger.cash(self.high_bidder) >= owed

    def actions(self, g: FamilyEngine) -> list[Action]:
        who = self.acting()
        p = g.pid(who)
        if self.phase == "bid":
            low = self.high + self.rules.raise_step
            prices = price_points(low, self.limit(g, who), self.rules.bid_choices)
            bids: list[Action] = [
                Bid(player=p, entity=who, company=self.corp, price=x) for x in prices
            ]
            return [*bids, Pass(player=p, entity=who)]
        if self.phase == "home":
            short = self.high - own_means(g, who)
            return [
                PlaceToken(player=p, entity=who, hex=h, city=c)
                for h, c in home_choices(g, self.corp)
                if short <= 0 or home_bonus(g, h) >= short
            ]
        if self.phase == "size":
            sizes = sizes_now(g, self.rules, self.corp)
            return [Choose(player=p, entity=who, choice=str(n)) for n in sizes]
        out: list[Action] = [
            Choose(player=p, entity=who, choice=c, company=c) for c in self._givable(g)
        ]
        if self._may_pay(g):
            out.append(Pass(player=p, entity=who))
        return out

    def told_pass(self, who: str) -> str:
        """A pass in words naming what it gives up: the bidding for the company (§11.6
        step 3), or, for the winner, putting more privates into it (§11.6 step 5)."""
        if self.phase == "bid":
            return f"{who} passes on bidding for {self.corp}"
        return f"{who} passes on putting more privates into {self.corp}"

    def ranges(self, g: FamilyEngine) -> list[AmountRange]:
        if self.phase != "bid":
            return []
        who = self.acting()
        low, high = self.high + self.rules.raise_step, self.limit(g, who)
        if high < low:
            return []
        template = Bid(player=g.pid(who), entity=who, company=self.corp, price=low)
        return [AmountRange(template, "price", low, high)]

    def check(self, g: FamilyEngine, action: Action) -> None:
        who = self.acting()
        if getattr(action, "entity", None) != who:
            raise IllegalAction(
                f"{self.corp}'s president's certificate is being auctioned; waiting for {who}",
                rule="sr.start_auction",
            )
        if self.phase == "bid" and isinstance(action, Bid):
            low, high = self.high + self.rules.raise_step, self.limit(g, who)
            if action.company != self.corp or not low <= action.price <= high:
                raise IllegalAction(
                    f"{who} may bid ${low}-${high} for {self.corp}", rule="sr.start_bid"
                )
            return
        if action not in self.actions(g):
            raise IllegalAction(
                f"{action} is not possible while starting {self.corp}", rule="sr.start_company"
            )

    def process(self, g: FamilyEngine, action: Action) -> None:
        who = self.acting()
        if self.phase == "bid":
            if isinstance(action, Bid):
                self.high, self.high_bidder = action.price, who
            else:
                self.out.add(who)
            self._next_bidder(g)
        elif self.phase == "home":
            assert isinstance(action, PlaceToken) and isinstance(g.map, HomeMap)
            g.map.place_home_at(g, self.corp, action.hex, action.city)
            self.home = (action.hex, action.city)
            self.phase = "bid"
            self._next_bidder(g)
        elif self.phase == "size":
            assert isinstance(action, Choose)
            self.size = int(action.choice)
            self.phase = "fund"
            self._skip(g)
        elif isinstance(action, Choose):
            self.given.append(action.choice)
            if not self._givable(g):
                found(g, self)
        else:
            found(g, self)

    def __repr__(self) -> str:
        return f"<StartAuction {self.corp} ${self.high} by {self.high_bidder}, {self.phase}>"


def found(g: FamilyEngine, auction: StartAuction) -> None:
    """The company comes into play (18USA §11.6): size, price, president's certificate,
    privates, money, then the station tokens it can pay for."""
    rules, corp_id, player = auction.rules, auction.corp, auction.high_bidder
    book = g.books[corp_id]
    if auction.size > book.size:
        extra = auction.size - book.size
        book.resize(auction.size, [(1, corp_id, True)] * extra)
    price = start_price(g, rules, auction.high)
    cell = next(c for c in g.market.grid.cells.values() if c.price == price)
    g.market.place(corp_id, cell)
    pc = book.president_cert
    assert pc is not None and pc.owner != POOL
    book.move(pc.id, player)
    value = 0
    for private_id in auction.given:
        g.privates[private_id].owner = corp_id
        value += g.privates[private_id].spec.value
    bonus = home_bonus(g, auction.home[0]) if auction.home is not None else 0
    g.ledger.transfer(player, BANK, max(auction.high - value - bonus, 0))
    g.ledger.transfer(BANK, corp_id, max(2 * price - value, 0))
    corp = g.corps[corp_id]
    corp.par_price = price
    corp.formed_in = g.sr_count
    # A private's station tokens (18USA P23) counting among those the size calls for: only
    # the rest are bought (18xx.games ``G1817::Game#tokens_needed``: the charter's tokens
    # less those it holds, P23's included)
    brought = tokens_brought(g, corp_id, auction.given) if rules.brought_tokens_count else 0
    cost = rules.token_cost.get(auction.size, 0)
    to_buy = rules.tokens.get(auction.size, 1) - 1
    if cost and to_buy and brought:
        cost = cost // to_buy * max(0, to_buy - brought)
    if cost and g.ledger.cash(corp_id) >= cost:
        g.ledger.transfer(corp_id, BANK, cost)
        cost = 0
    if auction.size in rules.tokens:
        # Tokens still owed count already, until the round ends unpaid (§11.6).  Other
        # sizes go without.
        going_without = bool(cost) and auction.size not in rules.liquidate_unpaid
        owned = 1 + brought if going_without else rules.tokens[auction.size]
        corp.tokens_owned = max(owned, 1 + brought)
        if cost and not going_without:
            auction.owed_tokens = corp.tokens_owned - 1 - brought
    else:
        corp.tokens_owned += brought
    # floating last: a title's float hook may add to the charter (18USA's Free Station)
    g.map.place_home(g, corp_id)
    g.check_float(corp_id)
    auction.phase = "done"
    auction.owed = cost if auction.size in rules.liquidate_unpaid else 0
