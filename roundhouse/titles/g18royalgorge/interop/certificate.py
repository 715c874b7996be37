"""Which numbered certificate of each company each holder has, as 18xx.games sees it.

Our :class:`~roundhouse.core.flow.actions.SellShares` says only how many shares are sold, and
our engine moves its own choice of certificates; the site moves the ones the action names.
After a few sales the two disagree on who holds which number, and a document naming a
certificate the seller does not hold on the site would not load there.  The exporter keeps
the site's view beside the replay (as :class:`.names.TileCopies`
does for tile copies) and names certificates from it.

Facts (tobymao/18xx ``ShareHolder`` / ``SharePool``, read for the facts only): a holder's
certificates of a company are kept in the order they arrived; a sale bundle takes them in
that order with the president's certificate last; a presidency swap hands over the new
president's first normal certificates; moves our engine makes that the exporter does not
name (swaps, emergency sales, bankruptcy) are followed by handing over each giver's first
certificates in arrival order.
"""

from __future__ import annotations

from collections.abc import Iterable

from roundhouse.core.shares import POOL, Certificate, ShareBook
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


def number(cert_id: str) -> int:
    return int(cert_id.rpartition("_")[2])


class SiteCertificates:
    """Holder -> certificate ids in arrival order, per company, on the site."""

    def __init__(self, g: RoyalGorgeGame) -> None:
        self.held: dict[str, dict[str, list[str]]] = {}
        for corp, book in g.books.items():
            holders: dict[str, list[str]] = {}
            for cert in sorted(book.certs.values(), key=lambda c: number(c.id)):
                holders.setdefault(cert.owner, []).append(cert.id)
            self.held[corp] = holders

    def of(self, corp: str, holder: str) -> list[str]:
        return list(self.held.get(corp, {}).get(holder, []))

    def owner(self, corp: str, cert_id: str) -> str | None:
        return next((h for h, ids in self.held[corp].items() if cert_id in ids), None)

    def move(self, corp: str, cert_ids: Iterable[str], to: str) -> None:
        holders = self.held.setdefault(corp, {})
        for cert_id in cert_ids:
            for ids in holders.values():
                if cert_id in ids:
                    ids.remove(cert_id)
            holders.setdefault(to, []).append(cert_id)

    def sale(self, book: ShareBook, seller: str, count: int) -> list[str]:
        """The certificates a sale of ``count`` shares names: the seller's in the order the
        site's sale bundles take them (arrival order, certificate 0 last: the president's,
        and CF&I's and VGC's first ten-percent share too, as the site's fixtures show).  A
        sale of one share more than the seller's ordinary certificates names the president's
        double certificate too: the site sells it as a partial bundle (its percentage one
        share less, ``Game::Base#partial_bundles_for_presidents_share``) and hands the
        other half back in the presidency swap."""
        ids = sorted(self.of(book.company, seller), key=lambda c: _last(book.cert(c)))
        chosen: list[str] = []
        left = count
        for cert_id in ids:
            if left <= 0:
                break
            chosen.append(cert_id)
            left -= book.cert(cert_id).shares
        return chosen

    def sold(
        self, book: ShareBook, seller: str, chosen: list[str], count: int, seats: list[str]
    ) -> None:
        """Follow the site's sale of ``chosen`` (booked as ``count`` shares) to the pool,
        presidency and all (``G18RoyalGorge::SharePool#transfer_shares``, read for the
        facts): the certificates go to the pool; when another player now holds more than
        the president (ties keep them; among several, the first after the president in seat
        order), the new president hands their first certificates worth the president's
        certificate to the old president if they still hold that much, else to the pool,
        and takes the president's certificate; a partial bundle (the president's double
        certificate sold as one share) then gives the seller back the pool's first
        certificate.  CF&I's and VGC's certificate 0 plays the president's part (one share);
        when its holder sells out and no one else holds a share it stays in the pool."""
        corp = book.company
        pres = book.president_cert.id if book.president_cert is not None else f"{corp}_0"
        if pres not in book.certs:
            self.move(corp, chosen, POOL)
            return
        size = book.cert(pres).shares
        before = self.owner(corp, pres)
        self.move(corp, chosen, POOL)
        unpaid = sum(book.cert(c).shares for c in chosen) - count

        def shares(holder: str) -> int:
            return sum(book.cert(c).shares for c in self.of(corp, holder))

        booked = {p: shares(p) for p in seats}
        booked[seller] = booked.get(seller, 0) + unpaid
        top = max(booked.values(), default=0)
        if top < size or before in (None, POOL) or booked.get(before, 0) == top:
            self._give_back(corp, seller, unpaid if top < size and pres in chosen else 0)
            return
        start = seats.index(before) + 1 if before in seats else 0
        order = [seats[(start + i) % len(seats)] for i in range(len(seats))]
        new = next(p for p in order if booked[p] == top)
        to = before if booked.get(before, 0) >= size else POOL
        given: list[str] = []
        for cert_id in self.of(corp, new):
            if sum(book.cert(c).shares for c in given) >= size:
                break
            if cert_id != pres:
                given.append(cert_id)
        self.move(corp, given, to)
        self.move(corp, [pres], new)
        self._give_back(corp, seller, unpaid)

    def _give_back(self, corp: str, seller: str, shares: int) -> None:
        """``SharePool#handle_partial``: the pool's first certificates back to the seller."""
        pool = self.of(corp, POOL)
        self.move(corp, pool[:shares], seller)

    def bought(self, book: ShareBook, cert_id: str, source: str) -> str:
        """The site's certificate for our purchase of ``cert_id`` from ``source``.

        The same number when the site's ``source`` holds it, unless it is the first one our
        game offers there (:func:`first_offered`) and the site's ``source`` holds numbers ours
        does not: then the lowest of those.  :meth:`ours` reads such a number back as the
        first one offered, so a purchase makes the round trip whichever number it took.
        """
        here = self.of(book.company, source)
        size = book.cert(cert_id).shares
        first = first_offered(book, source, size)
        if cert_id in here and cert_id != first:
            return cert_id
        held = {c.id for c in book.certs_of(source)}
        spare = [c for c in here if c not in held and _normal(book, c, size)]
        if spare:
            return min(spare, key=number)
        if cert_id in here:
            return cert_id
        same = [c for c in here if _normal(book, c, size)]
        return min(same, key=number) if same else cert_id

    @staticmethod
    def ours(g: RoyalGorgeGame, cert_id: str) -> str:
        """Our certificate for the site's purchase of ``cert_id``: itself, unless a player
        holds it in our game (our engine's sales moved other numbers than the site's): then
        the first one our game offers in the market (the inverse of :meth:`bought`)."""
        book = g.books[cert_id.rpartition("_")[0]]
        cert = book.cert(cert_id)
        if cert.owner not in g.players:
            return cert_id
        return first_offered(book, POOL, cert.shares) or cert_id

    def catch_up(self, g: RoyalGorgeGame) -> None:
        """Follow the moves our engine made that no written action named: the president's
        certificate goes where ours is; then each holder with more normal shares than in our
        game hands its first certificates (arrival order) to those with fewer."""
        for corp, book in g.books.items():
            holders = self.held.setdefault(corp, {})
            pc = book.president_cert
            if pc is not None and self.owner(corp, pc.id) != pc.owner:
                self.move(corp, [pc.id], pc.owner)
            ours: dict[str, int] = {}
            for cert in book.certs.values():
                if not cert.president:
                    ours[cert.owner] = ours.get(cert.owner, 0) + cert.shares
            theirs = {
                h: sum(book.cert(c).shares for c in ids if not book.cert(c).president)
                for h, ids in holders.items()
            }
            if ours == {h: n for h, n in theirs.items() if n}:
                continue
            given: list[str] = []
            for holder, ids in holders.items():
                surplus = theirs[holder] - ours.get(holder, 0)
                normal = [c for c in ids if not book.cert(c).president]
                for cert_id in sorted(normal, key=lambda c: _last(book.cert(c))):
                    shares = book.cert(cert_id).shares
                    if 0 < shares <= surplus:
                        given.append(cert_id)
                        surplus -= shares
            for holder in sorted(ours, key=lambda h: h):
                need = ours[holder] - theirs.get(holder, 0)
                for cert_id in list(given):
                    shares = book.cert(cert_id).shares
                    if 0 < shares <= need:
                        self.move(corp, [cert_id], holder)
                        given.remove(cert_id)
                        need -= shares
            if given:
                self._resync(book)
        for corp, book in g.books.items():
            if book.president_cert is None and f"{corp}_0" in book.certs:
                self._first_share_swap(g, book)

    def _first_share_swap(self, g: RoyalGorgeGame, book: ShareBook) -> None:
        """CF&I's and VGC's certificate 0 is a president's certificate on the site (ours has
        no president): it goes to the player holding most shares when another holds more
        than its holder (ties: the first after the holder in seat order), who gives their
        first other certificate in return, as the fixtures show."""
        corp = book.company
        first = f"{corp}_0"
        holder = self.owner(corp, first)
        players: list[str] = list(g.players)
        held = {p: sum(book.cert(c).shares for c in self.of(corp, p)) for p in players}
        bar = held.get(holder, 0) if holder is not None else 0
        best = max(held.values(), default=0)
        if best <= bar:
            return
        start = players.index(holder) + 1 if holder in players else 0
        order = [players[(start + i) % len(players)] for i in range(len(players))]
        new = next(p for p in order if held[p] == best)
        others = [c for c in self.of(corp, new) if c != first]
        if holder is not None and others:
            self.move(corp, others[:1], holder)
        self.move(corp, [first], new)

    def _resync(self, book: ShareBook) -> None:
        """Our game's holdings as they are (a move the rules above cannot pair up)."""
        holders: dict[str, list[str]] = {}
        for cert in sorted(book.certs.values(), key=lambda c: number(c.id)):
            holders.setdefault(cert.owner, []).append(cert.id)
        self.held[book.company] = holders


def first_offered(book: ShareBook, source: str, size: int) -> str | None:
    """The normal certificate of ``size`` shares our stock round offers from ``source``
    (``StockRound.buys``: the first by id)."""
    ids = sorted(c.id for c in book.certs_of(source) if _normal(book, c.id, size))
    return ids[0] if ids else None


def _normal(book: ShareBook, cert_id: str, size: int) -> bool:
    cert = book.cert(cert_id)
    return cert.shares == size and not cert.president and cert.playable


def _last(cert: Certificate) -> bool:
    return cert.president or number(cert.id) == 0
