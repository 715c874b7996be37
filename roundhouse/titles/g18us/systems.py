"""Systems (18US §7.4): two 10-Share companies of one President merged into a 20-Share company.

§7.4: "Starting with the Stock Round following the purchase of the first 4E- or 3G-train,
players may form Systems from pairs of connected 10-Share companies they control."  §7.4.1:
both presided by the same player, "A route must connect the two companies, or the companies
must have collocated station tokens on the same tile, and at least one of the two companies
must own a permanent train", and the President "must have sufficient cash on hand to pay the
difference in price between the Current Market Value of his shares of the lesser-valued
company and those of the higher-valued company" (:func:`possible_systems`).

The merger (:func:`merge`, after every holder of the lesser company has paid the difference
or sold to the Pool, :mod:`.system_round`): the higher-valued company's President's
Certificate becomes four shares, its three "Exchange Share" certificates replace the lesser
company's single shares where they are, five more brokers' shares make it 20 shares (10
playable, §7.4: "20-Share companies with 10 playable shares"); it takes the lesser company's
trains, station tokens (its own in their places), Concessions and capital; the lesser company
is set aside.  Where the System then has two station tokens in one City or Junction Town one
goes back to its charter (:func:`doubled_stations`), a doubling token flipped to its plain side.

Readings (docs/rules-notes.md): equal Current Market Values let the President choose which
company's charter survives; the lesser company's Pool shares become the System's Pool shares
without payment; a doubling token the System inherits keeps the display space it stands in.
"""

from __future__ import annotations

import dataclasses
from itertools import permutations

from roundhouse.core.bank import BANK
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18us.data import CLASSIC_TRAINS
from roundhouse.titles.g18us.state import UsGame

SYSTEM_PHASE = "4E/3G"
"""§7.4: Systems form from the Stock Round after the first 4E- or 3G-train is bought."""

SYSTEM_KIND = "system"
"""The train-limit kind of a System (§6.8: "Systems have a train limit of four")."""

SYSTEM_LAYS = 2
"""§7.4.2: "a System may place up to two yellow tiles, or may place one yellow tile and
upgrade one tile"."""

SYSTEM_SHARES = 20
PRESIDENT_SHARES = 4
"""§4.1: "its President's Certificate becomes worth four shares"."""


def system_dividend_price(price: int) -> int:
    """The earnings at which a System paying out moves right: §7.4.2 "divide by two, rounding
    up" to whole dollars a share ($390 pays $200, $20 a share), and "Use the adjusted
    (reduced) amount to calculate whether the System's Current Market Value advances", so
    the adjusted amount, 10 x ceil(earnings / 20), must reach the price.

    >>> system_dividend_price(200), system_dividend_price(205)
    (381, 401)
    """
    return 20 * (-(-price // 10) - 1) + 1


def last_permanent(g: UsGame, train_id: str) -> bool:
    """§7.4.2: "A System may never sell its last permanent train"."""
    owner = g.depot.train(train_id).owner
    return owner in g.systems and permanent_trains(g, owner) == [train_id]


def permanent_trains(g: UsGame, corp_id: str) -> list[str]:
    """The company's trains other than Classic ones (§7.4.1: "a permanent train")."""
    return [t.id for t in g.depot.owned_by(corp_id) if t.type not in CLASSIC_TRAINS]


def _connected(g: UsGame, a: str, b: str) -> bool:
    """A route joins the two companies, or they have stations on one tile (§7.4.1)."""
    board = g.map.board  # type: ignore[attr-defined]
    reach = g.map.graph.reach(a)  # type: ignore[attr-defined]
    b_stations = set(board.tokens_of(b))
    a_hexes = {h for h, _ in board.tokens_of(a)}
    return bool(b_stations & set(reach.stops)) or bool(a_hexes & {h for h, _ in b_stations})


@dataclasses.dataclass(frozen=True)
class Pair:
    """A System to form: ``higher`` keeps its charter, ``lower`` is merged into it."""

    higher: str
    lower: str

    @property
    def choice(self) -> str:
        return f"{self.higher}+{self.lower}"


def difference(g: UsGame, pair: Pair) -> int:
    """What each share of the lesser company costs its holder to exchange (§7.4.1)."""
    return g.share_price(pair.higher) - g.share_price(pair.lower)


def eligible(g: UsGame) -> list[tuple[str, str]]:
    """Pairs of 10-Share companies (not Systems) one player presides that could form a
    System, whatever his cash (§7.4.1)."""
    state = g
    if SYSTEM_PHASE not in g.phases_reached():
        return []
    ten = sorted(c for c in state.ten_share if not g.corps[c].closed and c not in state.systems)
    out = []
    for i, a in enumerate(ten):
        for b in ten[i + 1 :]:
            boss = g.controller(a)
            if boss is None or boss != g.controller(b):
                continue
            if (permanent_trains(g, a) or permanent_trains(g, b)) and _connected(g, a, b):
                out.append((a, b))
    return out


def possible_systems(g: UsGame, player: str | None = None) -> list[Pair]:
    """The Systems ``player`` (or anyone) may form now, with the cash for his own exchange;
    with equal values either company may survive."""
    out = []
    for a, b in eligible(g):
        boss = g.controller(a)
        assert boss is not None
        if player is not None and boss != player:
            continue
        for hi, lo in permutations((a, b)):
            if g.share_price(hi) < g.share_price(lo):
                continue
            pair = Pair(hi, lo)
            if g.ledger.cash(boss) >= difference(g, pair) * g.books[lo].shares_of(boss):
                out.append(pair)
    return out


def holders(g: UsGame, pair: Pair) -> list[str]:
    """The players other than the President holding shares of the lesser company, in Stock
    Round order after him (§7.4.1)."""
    boss = g.controller(pair.lower)
    assert boss is not None
    book = g.books[pair.lower]
    return [p for p in g.turn_order_from(boss)[1:] if book.shares_of(p)]


def settle(g: UsGame, pair: Pair, player: str, exchange: bool) -> None:
    """A holder of the lesser company pays the difference for his shares, or sells them all
    to the Pool at its Current Market Value, which moves no price (§7.4.1)."""
    book = g.books[pair.lower]
    shares = book.shares_of(player)
    if exchange:
        g.ledger.transfer(player, BANK, difference(g, pair) * shares)
        g.emit(
            "system",
            f"{player} exchanges {shares} {pair.lower} share(s) for {pair.higher}'s, paying "
            f"${difference(g, pair) * shares}",
        )
        return
    price = g.share_price(pair.lower)
    for cert in [c for c in book.certs.values() if c.owner == player]:
        cert.owner = POOL
    g.ledger.transfer(BANK, player, price * shares)
    g.emit(
        "system", f"{player} sells {shares} {pair.lower} share(s) to the Pool for ${price * shares}"
    )


def _move_stations(g: UsGame, pair: Pair) -> None:
    """The lesser company's station tokens become the System's where they stand."""
    board = g.map.board  # type: ignore[attr-defined]
    for hex_name, cities in list(board.beside.items()):
        for city, held in list(cities.items()):
            for _ in range(held.count(pair.lower)):
                board.remove_beside(hex_name, city, pair.lower)
                board.place_beside(hex_name, city, pair.higher)
    for hex_name, here in board.hexes.items():
        for city, held in here.tokens.items():
            if pair.lower in held:
                board.replace_token(hex_name, city, pair.lower, pair.higher)


def merge(g: UsGame, pair: Pair) -> None:
    """§7.4.1's exchange of certificates and the System's assets (the holders have settled;
    the President pays here for his own shares)."""
    hi, lo = pair.higher, pair.lower
    boss = g.controller(lo)
    assert boss is not None
    lbook, hbook = g.books[lo], g.books[hi]
    g.ledger.transfer(boss, BANK, difference(g, pair) * lbook.shares_of(boss))
    singles = [c for c in lbook.certs.values() if c.playable and not c.president]
    hbook.resize(
        SYSTEM_SHARES,
        [(1, c.owner, True) for c in singles] + [(1, IPO, False)] * 5,
        president_shares=PRESIDENT_SHARES,
    )
    for cert in lbook.certs.values():
        cert.owner = lo
    for train in g.depot.owned_by(lo):
        train.owner = hi
    for card in g.privates.values():
        if card.owner == lo:
            card.owner = hi
    g.ledger.transfer_all(lo, hi)
    _move_stations(g, pair)
    corp, gone = g.corps[hi], g.corps[lo]
    corp.tokens_owned += gone.tokens_owned
    corp.tokens_placed += gone.tokens_placed
    gone.closed = True
    g.market.remove(lo)
    g.depot.kinds[hi] = SYSTEM_KIND
    state = g
    state.systems.add(hi)
    state.ten_share.discard(lo)
    hbook.update_president([p for p in g.players if not g.seats[p].bankrupt])
    g.emit("system", f"{hi} and {lo} form the {hi} System", company=hi)


def doubled_stations(g: UsGame, system: str) -> list[tuple[str, str, int, int]]:
    """(hex, city, plain tokens, doubling tokens) where the System has two stations."""
    board = g.map.board  # type: ignore[attr-defined]
    out = []
    for hex_name, here in board.hexes.items():
        for city, held in here.tokens.items():
            plain = held.count(system)
            doubling = board.beside_of(hex_name, city).count(system)
            if plain + doubling > 1:
                out.append((hex_name, city, plain, doubling))
    return out


def return_station(g: UsGame, system: str, hex_name: str, city: str, doubling: bool) -> None:
    """One of the System's two tokens there goes back to its charter (a doubling token on
    its plain side; a plain one frees its City circle, §7.4.1)."""
    board = g.map.board  # type: ignore[attr-defined]
    if doubling:
        board.remove_beside(hex_name, city, system)
    else:
        board.remove_token(hex_name, city, system)
    g.corps[system].tokens_placed -= 1
    what = "doubling token" if doubling else "station token"
    g.emit("system", f"{system} takes its {what} in {hex_name} back to its charter", company=system)
