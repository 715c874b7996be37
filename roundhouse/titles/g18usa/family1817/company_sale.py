"""What happens to companies in the merger and acquisition round: growing (conversion and
merger share exchange) and changing hands (liquidation, acquisition, friendly sale).

18USA §14.1.1-§14.1.2 and §14.2.1-§14.2.3.  Station tokens: this module counts those a
company owns (conversions buy up to eight, §14.1.1; mergers and sales keep both companies' up
to eight, §14.3, :func:`acquire_station_tokens`); which tokens stay on the map is the board's
(:class:`StationTokenBoard`, :class:`~.token_board.TakeoverBoardMap`), and the title's
:meth:`~.hooks.FamilyHooks.on_company_absorbed` follows.  A company that leaves
play is reset to its printed charter so it can be started again (§14: "may be re-opened
later as a new company").
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from roundhouse.core.bank import BANK
from roundhouse.core.config import Capitalization
from roundhouse.core.entities import Corporation
from roundhouse.core.errors import IllegalAction
from roundhouse.core.market import Direction
from roundhouse.core.shares import IPO, POOL, ShareBook
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone, owe
from roundhouse.titles.g18usa.family1817.hooks import FamilyHooks
from roundhouse.titles.g18usa.family1817.loan_step import max_loans, take_loan
from roundhouse.titles.g18usa.family1817.short_sale import new_certificate

if TYPE_CHECKING:
    from roundhouse.titles.g18usa.family1817.engine import FamilyEngine


class SaleKind(enum.Enum):
    LIQUIDATION = "liquidation"
    """18USA §14.2.1: bank bids $0; treasury and loans set aside; always sold."""
    ACQUISITION = "acquisition"
    """18USA §14.2.2: minimum $10; the buyer takes treasury and loans."""
    FRIENDLY = "friendly"
    """18USA §14.2.3: minimum the market value; treasury shares bought by the bank."""


def in_white_area(g: FamilyEngine, corp_id: str) -> bool:
    """A floated company in play whose price is outside the liquidation and acquisition
    zones: only such companies convert, merge or buy others (18USA §14, §14.1, §14.2)."""
    t = g.config.takeover
    corp = g.corps[corp_id]
    return (
        corp.floated
        and not corp.closed
        and corp_id in g.market.position
        and not g.market.zones(corp_id) & {t.liquidation_zone, t.acquisition_zone}
    )


# -- size --------------------------------------------------------------------------------


def grow(g: FamilyEngine, corp_id: str, size: int, owners: list[str]) -> None:
    """Make the company ``size`` shares big with one new single share for each of
    ``owners`` (its treasury for a conversion, 18USA §14.1.1)."""
    book = g.books[corp_id]
    for owner in owners:
        new_certificate(g, corp_id, owner)
    book.size = size


def convert(g: FamilyEngine, corp_id: str, *, tokens: bool = True) -> None:
    """18USA §14.1.1: new shares to the treasury; with ``tokens`` the station tokens are
    bought at once from the treasury (:func:`buy_conversion_tokens`).  The M&A round passes
    ``tokens=False`` and lets the president take loans first ("Take loans (if desired)")."""
    t = g.config.takeover
    book = g.books[corp_id]
    new = t.next_size(book.size)
    assert new is not None
    grow(g, corp_id, new, [corp_id] * (new - book.size))
    if tokens:
        buy_conversion_tokens(g, corp_id)


def conversion_tokens(g: FamilyEngine, corp_id: str) -> tuple[int, int]:
    """(station tokens, their cost) the company buys at its new size (18USA §14.1.1: one
    for $50 at 5 shares, two for $100 at 10 - "If the company already has eight station
    tokens, this step is skipped.  If it has seven station tokens, it must buy one
    additional token for $50")."""
    t = g.config.takeover
    size = g.books[corp_id].size
    cost = t.token_cost.get(size, 0)
    count = t.conversion_tokens.get(size, 0)
    if not count:
        return 0, cost
    unit = cost // count
    if t.max_tokens is not None:
        hooks = g.hooks
        owned = g.corps[corp_id].tokens_owned
        if isinstance(hooks, FamilyHooks):
            owned -= hooks.uncapped_tokens(g, corp_id)
        count = max(0, min(count, t.max_tokens - owned))
    return count, unit * count


def conversion_token_cost(g: FamilyEngine, corp_id: str) -> int:
    """What the station tokens of the company's new size cost (18USA §14.1.1)."""
    return conversion_tokens(g, corp_id)[1]


def buy_conversion_tokens(g: FamilyEngine, corp_id: str) -> None:
    """18USA §14.1.1: the company buys its new station tokens from its treasury and adds
    them to its charter; if it cannot afford them its price goes to the liquidation space.
    Loans are the president's choice, taken before this."""
    count, cost = conversion_tokens(g, corp_id)
    if cost and g.ledger.cash(corp_id) < cost:
        enter_zone(g, corp_id, g.config.takeover.liquidation_zone)
        return
    g.ledger.transfer(corp_id, BANK, cost)
    g.corps[corp_id].tokens_owned += count


def merged_price(g: FamilyEngine, a: str, b: str, new_size: int) -> int:
    """18USA §14.1.2: two 2-share companies add their prices; two 5-share companies average
    them (a size that more than doubles sums, one that doubles averages), rounded down to a
    market value."""
    pa, pb = g.share_price(a), g.share_price(b)
    old = g.books[a].size
    raw = pa + pb if new_size > 2 * old else (pa + pb) // 2
    cell = g.market.grid.at_or_below(raw)
    return cell.price if cell is not None else min(c.price for c in g.market.grid.cells.values())


def check_merge(g: FamilyEngine, initiator: str, partner: str) -> None:
    """Raise unless ``initiator`` may merge with ``partner`` (18USA §14.1.2): two companies
    of one size below the largest; for two 2-share companies with different presidents,
    the initiator's president pays for the extra share; with
    :attr:`~.takeover.TakeoverRules.merger_president_shares`, a player holding enough of
    an exchange merger's shares to be its president (:func:`check_merged_president`)."""
    t = g.config.takeover
    a, b = g.books[initiator], g.books[partner]
    if initiator == partner or a.size != b.size:
        raise IllegalAction(
            f"{initiator} and {partner} are not two companies of one size", rule="merge.size"
        )
    new = t.next_size(a.size)
    if new is None:
        raise IllegalAction(f"{initiator} cannot grow beyond {a.size} shares", rule="merge.size")
    p1, p2 = a.president, b.president
    if new > 2 * a.size and p1 != p2 and p1 is not None:
        price = merged_price(g, initiator, partner, new)
        if g.ledger.cash(p1) < price:
            raise IllegalAction(
                f"{p1} cannot pay ${price} for the extra {initiator} share the merger needs",
                rule="merge.president_share",
            )
    if new <= 2 * a.size:
        check_merged_president(g, initiator, partner)


def check_merged_president(g: FamilyEngine, initiator: str, partner: str) -> None:
    """Raise when :attr:`~.takeover.TakeoverRules.merger_president_shares` is set and no
    player holds that many shares of the two companies together, net of their short
    shares (18xx.games, ``compat_18xx_games``; §14.1.2 has no such condition)."""
    need = g.config.takeover.merger_president_shares
    if need is None:
        return
    a, b = g.books[initiator], g.books[partner]

    def net(player: str) -> int:
        held = a.shares_of(player) + b.shares_of(player)
        return held - g.shorts.of(player, initiator) - g.shorts.of(player, partner)

    best = max((net(p) for p in g.players), default=0)
    if best < need:
        raise IllegalAction(
            f"{initiator} cannot merge with {partner}: no player holds {need} of their shares "
            f"together, net of short shares (the most is {best}), to be the merged "
            "company's president",
            rule="merge.no_president",
        )


def merge(g: FamilyEngine, initiator: str, partner: str) -> None:
    """18USA §14.1.2: the initiator survives with both companies' assets, a new price and
    exchanged shares; the partner leaves play."""
    check_merge(g, initiator, partner)
    t = g.config.takeover
    a, b = g.books[initiator], g.books[partner]
    old = a.size
    new = t.next_size(old)
    assert new is not None
    price = merged_price(g, initiator, partner, new)
    p1, p2 = a.president, b.president
    absorb(g, initiator, partner, with_treasury=True)
    if new > 2 * old:
        grow(g, initiator, new, [initiator] * (new - old))
        if p1 != p2:
            a.transfer(initiator, p2 if p2 is not None else POOL, 1)
            if p1 is not None:
                g.ledger.transfer(p1, initiator, price)
    else:
        owners: list[str] = []
        for cert in b.certs.values():
            who = initiator if cert.owner == partner else cert.owner
            owners.extend([who] * cert.shares)
        grow(g, initiator, new, owners)
        g.shorts.rename(partner, initiator)
        if g.config.shorts.net_after_merger:
            net_shorts(g, initiator)
    cell = g.market.grid.at_or_below(price)
    assert cell is not None
    g.market.place(initiator, cell)
    merged_president(g, initiator)
    close(g, partner)
    g.after_price_move(initiator)


def merged_president(g: FamilyEngine, corp_id: str) -> None:
    """§14.1.2: "The player with the most shares is the president of the new company.  If
    there is a tie, the former president of the initiating company becomes president."
    With :attr:`~.takeover.TakeoverRules.president_by_net_shares` a player's short shares
    count against their shares, and a tie without the former president goes to the nearest
    after them in seat order who holds as much as the president's certificate; the new
    president gives that many ordinary certificates for it (§11.5), and shares and shorts
    the old president is left holding close in pairs (:func:`net_shorts`)."""
    book = g.books[corp_id]
    players: list[str] = [p for p in g.players if not g.player(p).bankrupt]
    pc = book.president_cert
    before = book.president
    if not g.config.takeover.president_by_net_shares or pc is None or before is None:
        book.update_president(players)
        return

    def net(player: str) -> int:
        return book.shares_of(player) - g.shorts.of(player, corp_id)

    most = max(net(p) for p in players)
    if before in players and net(before) == most:
        return
    start = players.index(before) + 1 if before in players else 0
    order = players[start:] + players[:start]
    new = next((p for p in order if net(p) == most >= pc.shares), None)
    give = book.normal_certs_for(new, pc.shares) if new is not None else None
    if new is None or give is None:
        return
    for cert in give:
        cert.owner = before
    pc.owner = new
    if g.config.shorts.net_after_merger:
        net_shorts(g, corp_id)


def net_shorts(g: FamilyEngine, corp_id: str) -> None:
    """A player left holding both shares and short shares of ``corp_id`` after a merger's
    exchange closes them in pairs, as a purchase would (§11.3; 18xx.games ``unshort``,
    ``compat_18xx_games``)."""
    book = g.books[corp_id]
    for player in g.players:
        for cert in sorted(book.certs_of(player), key=lambda c: c.id):
            if cert.president or cert.shares != 1 or not g.shorts.of(player, corp_id):
                continue
            del book.certs[cert.id]
            g.shorts.add(player, corp_id, -1)


# -- changing hands --------------------------------------------------------------------


def absorb(g: FamilyEngine, buyer: str, target: str, *, with_treasury: bool) -> None:
    """Trains, privates (and with ``with_treasury`` cash and loans) of ``target`` go to
    ``buyer`` (18USA §14.1.2, §14.2), and its station tokens (§14.3,
    :func:`acquire_station_tokens`); trains over the limit are discarded by the buyer."""
    acquire_station_tokens(g, buyer, target)
    for train in g.depot.owned_by(target):
        train.owner = buyer
    for private in g.privates.values():
        if private.owner == target:
            private.owner = buyer
    if with_treasury:
        g.ledger.transfer_all(target, buyer)
        g.loans.move(target, buyer)
    if isinstance(g.hooks, FamilyHooks):  # other hooks have nothing to convert
        g.hooks.on_company_absorbed(g, buyer, target)
    g.pending_discards.update(g.depot.must_discard())


@runtime_checkable
class StationTokenBoard(Protocol):
    """A title's board that carries out 18USA §14.3 on the map (``g.map`` may offer it)."""

    def convert_station_tokens(self, g: FamilyEngine, buyer: str, target: str) -> None:
        """Replace ``target``'s station tokens on the map with ``buyer``'s, return a second
        token in one hex to the charter, keep no more than the cap on the map (the
        president's choice), and set ``buyer``'s ``tokens_placed`` to what is on the map."""
        ...


def acquire_station_tokens(g: FamilyEngine, buyer: str, target: str) -> None:
    """18USA §14.3 "Acquired Station Tokens": the buyer gains the target's tokens but "may
    never have more than eight".  Whatever the map does with them (a second token in one
    hex returns to the charter, set-aside tokens refill the charter up to eight, "discard
    tokens from the charter as necessary to bring the total down to eight"), the buyer ends
    with both companies' tokens up to the cap; that count is done here, the tokens the
    title leaves out of the cap (:meth:`~.hooks.FamilyHooks.uncapped_tokens`) kept beside it.

    Which of the target's tokens on the map the buyer's replace, and which eight the
    president keeps, is the board's: ``g.map`` must be a :class:`StationTokenBoard`, else a
    target with tokens on the map raises :class:`NotImplementedError`.  Without
    :attr:`TakeoverRules.max_tokens` tokens are not counted and the title's
    :meth:`~.hooks.FamilyHooks.on_company_absorbed` does it all."""
    cap = g.config.takeover.max_tokens
    if cap is None:
        return
    a, b = g.corps[buyer], g.corps[target]
    board = g.map if isinstance(g.map, StationTokenBoard) else None
    if b.tokens_placed and board is None:
        raise NotImplementedError(
            f"18USA §14.3: converting {target}'s {b.tokens_placed} station token(s) on the "
            f"map to {buyer}'s needs the board (replacement, one token per hex, the "
            "president's choice of eight)"
        )
    if board is not None:
        board.convert_station_tokens(g, buyer, target)
    hooks = g.hooks
    free = 0
    if isinstance(hooks, FamilyHooks):
        free = hooks.uncapped_tokens(g, buyer) + hooks.uncapped_tokens(g, target)
    a.tokens_owned = min(cap, a.tokens_owned + b.tokens_owned - free) + free
    b.tokens_owned = b.tokens_placed = 0


@runtime_checkable
class TokenClearingBoard(Protocol):
    """A title's board that can take a closing company's station tokens off the map."""

    def remove_station_tokens(self, g: FamilyEngine, corp_id: str) -> None:
        """Every station token of ``corp_id`` leaves the map (its slots open again)."""
        ...


def close(g: FamilyEngine, corp_id: str) -> None:
    """The company leaves play and its charter is ready to be started afresh (18USA §14);
    tokens it still has on the map leave it (a company the bank liquidates, §14.2.1, has no
    one to hand them to), through ``g.map`` when that is a :class:`TokenClearingBoard`, and
    so do its privates (:func:`close_privates`)."""
    if isinstance(g.map, TokenClearingBoard):
        g.map.remove_station_tokens(g, corp_id)
    close_privates(g, corp_id)
    g.ledger.transfer_all(corp_id, BANK)
    for loan in g.loans.of(corp_id):
        g.loans.repay(loan)
    for train in g.depot.owned_by(corp_id):
        g.orphaned_trains.add(train.id)
        g.depot.scrap(train.id)
    g.market.remove(corp_id)
    g.shorts.clear(corp_id)
    g.pending_discards.pop(corp_id, None)
    spec = g.corps[corp_id].spec
    g.corps[corp_id] = Corporation(spec)
    g.on_company_closed(corp_id)
    owner = corp_id if g.config.capitalization is Capitalization.INCREMENTAL else IPO
    g.books[corp_id] = ShareBook.standard(
        corp_id,
        size=spec.size,
        owner=owner,
        president_shares=spec.president_shares,
        unplayable=spec.unplayable,
        unplayable_owner=corp_id,
    )


def close_privates(g: FamilyEngine, corp_id: str) -> None:
    """The privates a company still holds as it leaves play close.  Only a company the bank
    liquidates for $0 still has any (18USA §14.2.1 "If no player has bid, then the bank wins
    the auction"; a buying company takes them all, §14.2, as a merger's survivor does,
    §14.1.2): the rules give them to no one, and 18xx.games closes a liquidated company's
    companies when it resets the charter.  Left open they would stay with the charter and
    pass to whoever starts it again."""
    for private in g.privates.values():
        if private.owner == corp_id and not private.closed:
            private.closed = True
            g.emit("close", f"{private.id} {private.spec.name} closes", item=private.id)


def bid_capacity(g: FamilyEngine, buyer: str, target: str, kind: SaleKind) -> int:
    """Most ``buyer`` can pay: its cash, the loans it may still take, and for acquisitions
    and friendly sales the target's treasury (18USA §14.2.2-§14.2.3).  The target's loans
    come with it then and count toward the buyer's loan limit (§9).  The buyer pays after
    it has taken the target's assets, privates included in every kind of sale, so a
    private that raises the loan limit (P15) raises the buyer's before it pays
    (:func:`_limit_after`)."""
    free = sum(1 for h in g.loans.holder if h is None)
    if g.config.takeover.repay_acquired_loans and kind is not SaleKind.LIQUIDATION:
        return _capacity_repaying(g, buyer, target, kind, free)
    room = _limit_after(g, buyer, target) - len(g.loans.of(buyer))
    if kind is not SaleKind.LIQUIDATION:
        room -= len(g.loans.of(target))
    cap = g.ledger.cash(buyer) + min(max(room, 0), free) * g.config.loans.amount
    if kind is not SaleKind.LIQUIDATION:
        cap += g.ledger.cash(target)
    if kind is SaleKind.FRIENDLY:
        cap += g.books[target].shares_of(target) * g.share_price(target)
    return cap


def _limit_after(g: FamilyEngine, buyer: str, target: str) -> int:
    """The buyer's loan limit once it holds the target's privates (§9's share size, its own
    extra loans and the target's: P15, as ``G18USA::Step::Acquire
    #max_bid_for_corporation`` counts it; found by the export differential, issue #17:
    random bots, 7 players, seed 817, where the site asked for bids ours thought nobody
    could make)."""
    return max_loans(g, buyer) + g.extra_loans(target)


def _capacity_repaying(g: FamilyEngine, buyer: str, target: str, kind: SaleKind, free: int) -> int:
    """:func:`bid_capacity` as 18xx.games counts it: the buyer's cash and the loans it may
    take under its own limit (the bank's cubes and the target's, returned, to draw on),
    the target's treasury, less every loan of the target paid off."""
    owed = len(g.loans.of(target))
    room = min(max_loans(g, buyer) - len(g.loans.of(buyer)), free + owed)
    room += g.extra_loans(target)  # its P15 raises the limit (:func:`_limit_after`), not the bank's
    cap = g.ledger.cash(buyer) + max(room, 0) * g.config.loans.amount
    cap += g.ledger.cash(target) - owed * g.config.loans.amount
    if kind is SaleKind.FRIENDLY:
        cap += g.books[target].shares_of(target) * g.share_price(target)
    return cap


def per_share(amount: int, size: int) -> int:
    """18USA §14.2: the amount divided by the company size, rounded down.

    >>> per_share(265, 5)
    53
    """
    return max(amount, 0) // size


def compensate(g: FamilyEngine, target: str, each: int) -> None:
    """Shareholders return their shares for ``each`` a share; short sellers pay it, through
    a cash crisis if need be (18USA §14.2.1-§14.2.3, §15)."""
    book = g.books[target]
    for player in g.players:
        held = book.shares_of(player)
        if held and each:
            g.ledger.transfer(BANK, player, held * each)
    holders = g.shorts.holders(target)
    president = book.president
    order = g.turn_order_from(president) if president in g.seats else list(g.players)
    for seller in order:  # §15: several in a crisis at once pay clockwise from the president
        if holders.get(seller):
            owe(g, seller, holders[seller] * each, BANK, reason=f"settling {target} shorts")


def hand_over(g: FamilyEngine, target: str, buyer: str | None, kind: SaleKind) -> int:
    """Resolving a purchase up to the payment (18USA §14.2.1-§14.2.3): treasury shares go
    to the open market (the bank pays for them in a friendly sale, §14.2.3); a liquidated
    company's treasury is set aside (returned: it repays the loans, §14.2.1) and the buyer
    takes its trains and privates; otherwise the buyer takes treasury and loans as well."""
    book = g.books[target]
    if kind is SaleKind.FRIENDLY:
        treasury = book.shares_of(target)
        g.ledger.transfer(BANK, target, treasury * g.share_price(target))
    for cert in book.certs_of(target):
        cert.owner = POOL
    if kind is SaleKind.LIQUIDATION:
        pot = g.ledger.transfer_all(target, BANK)
        if buyer is not None:
            absorb(g, buyer, target, with_treasury=False)
        return pot
    assert buyer is not None
    absorb(g, buyer, target, with_treasury=True)
    return 0


def finish_sale(
    g: FamilyEngine,
    target: str,
    buyer: str | None,
    bid: int,
    kind: SaleKind,
    pot: int = 0,
    *,
    settle: bool = True,
) -> None:
    """The buyer pays the winning bid (its treasury must hold it by now), then the loans of
    a liquidated company are settled and the shareholders compensated (18USA §14.2).  With
    ``settle`` False an acquisition's or friendly sale's shareholders wait
    (:func:`settle_holders`) while the buyer decides on repaying the acquired loans, which
    §14.2.2 and §14.2.3 put first."""
    if buyer is not None:
        g.ledger.transfer(buyer, BANK, bid)
    if kind is SaleKind.LIQUIDATION:
        _settle_liquidation(g, target, pot + bid)
        return
    if settle:
        settle_holders(g, target, bid)


def settle_holders(g: FamilyEngine, target: str, bid: int) -> None:
    """18USA §14.2.2-§14.2.3 "Shareholder Compensation": holders and short sellers of the
    sold company settle at the bid per share; the company closes."""
    compensate(g, target, per_share(bid, g.books[target].size))
    close(g, target)


def sell_company(g: FamilyEngine, target: str, buyer: str | None, bid: int, kind: SaleKind) -> None:
    """Carry out a whole sale to ``buyer`` (None: the bank, for a liquidation without bids),
    taking only the loans the bid needs."""
    pot = hand_over(g, target, buyer, kind)
    if buyer is not None:
        while g.ledger.cash(buyer) < bid:
            take_loan(g, buyer)
    finish_sale(g, target, buyer, bid, kind, pot)


def _settle_liquidation(g: FamilyEngine, target: str, pot: int) -> None:
    """18USA §14.2.1: set-aside treasury plus the bid repay the loans; the president owes
    any shortfall (a cash crisis if need be, §15); what is left is split per share.  With
    no president the unpaid loans simply go back to the bank."""
    book = g.books[target]
    president = book.president
    loans = g.loans.of(target)
    owed = len(loans) * g.config.loans.amount
    for loan in loans:
        g.loans.repay(loan)
    left = pot - owed
    if left < 0 and president is not None:
        owe(g, president, -left, BANK, reason=f"{target}'s loans")
    compensate(g, target, per_share(left, book.size))
    close(g, target)


def unpaid_acquired_loans(g: FamilyEngine, buyer: str, loans: list[int]) -> None:
    """18USA §14.2.2: two spaces back per acquired loan not repaid, no further back than
    the leftmost acquisition space."""
    zone = g.config.takeover.acquisition_zone
    floor = g.market.grid.with_zones({zone})
    for loan in loans:
        if g.loans.holder[loan] != buyer:
            continue
        for _ in range(g.config.loans.price_steps):
            if floor and g.market.cell(buyer) == floor[0]:
                break
            g.market.move(buyer, Direction.LEFT, 1)
    g.after_price_move(buyer)
