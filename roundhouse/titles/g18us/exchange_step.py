"""A private card is exchanged for a share (the :class:`~.ability.ShareExchange`
power).

18US §10.1.4 (the 2nd Bank of the United States): "The owner ... may exchange for a single
share from the Pool, either during the Stock Round or during an Operating Round.  If he makes
the exchange during the Stock Round, he does so during one of his turns in the Stock Round,
and the Bonus Action is in addition to his normal turn.  If he makes the exchange during the
Operating Round, he does so during the turn of the company for whose share he wishes to
exchange, between the earnings step and the dividend step.  Exchanging for a share closes the
Concession."

So the step is non-blocking: in a stock round it sits before the stock step and the player's
turn goes on after it; in an operating turn it sits before the dividend step and is open
once the run is done and until the dividend is decided (the ability's ``when`` is
:attr:`When.STOCK_ROUND`, :attr:`When.ROUTE` or :attr:`When.ANY` for both).  In an operating
round only the president of the operating company acts in its turn, so an owner who is not
its president exchanges in a turn of his own there (:mod:`.side_turns`).

The action is 18xx.games's: ``buy_shares`` made by the card (``entity`` = the card id), with
the certificate taken.  The share goes to the card's owner, who must be a player; it counts
against the holding and certificate limits as a purchase would, less the card itself when
the card counted as a certificate.  No money changes hands.
"""

from __future__ import annotations

from roundhouse.core.ability import When, closes_after_use, usable
from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyShares
from roundhouse.core.flow.step import Step
from roundhouse.core.share_trade import check_buy
from roundhouse.core.shares import IPO, POOL, company_of
from roundhouse.titles.g18us.ability import ShareExchange
from roundhouse.titles.g18us.state import UsGame


class ShareExchangeStep(Step[UsGame]):
    kinds = frozenset({"buy_shares"})
    blocking = False
    name = "share_exchange"
    passing = "passes on exchanging shares"
    on_behalf = True

    def __init__(self, when: When = When.STOCK_ROUND) -> None:
        self.when = when
        """:attr:`When.STOCK_ROUND` in a stock round; :attr:`When.ROUTE` in an operating
        turn (after the run, before the dividend)."""

    def takes(self, g: UsGame, action: Action) -> bool:
        return isinstance(action, BuyShares) and action.entity in g.privates

    def _open(self, g: UsGame, entity: str) -> bool:
        """While the turn lasts (a blocking step still waits: the exchange never holds a
        turn open by itself); in an operating turn, once the run is done and until the
        dividend is decided."""
        if self.when is When.STOCK_ROUND:
            return any(s.blocking and s.active(g, entity) for s in g.round.steps)
        from roundhouse.core.flow.dividend_step import DividendStep

        return any(isinstance(s, DividendStep) and s.active(g, entity) for s in g.round.steps)

    def options(self, g: UsGame, entity: str) -> list[tuple[str, str, ShareExchange]]:
        """(card, certificate, ability) for every exchange open to ``entity`` now: in an
        operating turn the company (its President's cards), or an owner in his own turn
        within it (the round's ``exchange_for``, :mod:`.side_turns`)."""
        company = entity
        if self.when is not When.STOCK_ROUND and entity in g.seats:
            found = getattr(g.round, "exchange_for", None)
            if not isinstance(found, str):
                return []
            company = found
        if not self._open(g, company):
            return []
        out: list[tuple[str, str, ShareExchange]] = []
        for private in g.privates.values():
            owner = private.owner
            if private.closed or owner is None or owner not in g.seats:
                continue
            for i, ability in enumerate(private.spec.abilities):
                if not isinstance(ability, ShareExchange):
                    continue
                if not usable(
                    ability,
                    when=self.when,
                    owner_is_company=False,
                    acting_is_owner=owner == entity,
                    acting_presided_by_owner=g.controller(entity) == owner,
                    used=private.used.get(i, 0),
                ):
                    continue
                counted = private.spec.counts_as_cert or g.config.privates_count_for_cert_limit
                for cert in self._certificates(g, company, owner, ability, int(counted)):
                    out.append((private.id, cert, ability))
        return out

    def _certificates(
        self, g: UsGame, entity: str, owner: str, ability: ShareExchange, counted: int
    ) -> list[str]:
        """The lowest-numbered single share of each eligible company and source; ``counted``
        is 1 when the card itself counts against the certificate limit."""
        if self.when is When.STOCK_ROUND:
            corps = [ability.corporation] if ability.corporation else list(g.corps)
        else:
            corps = [entity] if ability.corporation in (None, entity) else []
        out: list[str] = []
        for corp_id in corps:
            corp = g.corps.get(corp_id)
            if corp is None or corp.closed or not corp.started:
                continue
            book = g.books[corp_id]
            for source in sorted(ability.sources):
                holder = {"pool": POOL, "ipo": IPO, "treasury": corp_id}.get(source, source)
                singles = sorted(
                    (
                        c
                        for c in book.certs_of(holder)
                        if c.shares == 1 and not c.president and c.playable
                    ),
                    key=lambda c: c.id,
                )
                if not singles:
                    continue
                try:
                    check_buy(
                        book,
                        owner,
                        singles[0].id,
                        rules=g.config.share_rules,
                        zones=g.market.zones(corp_id),
                        cert_count=g.cert_count(owner) - counted,
                        cert_limit=g.cert_limit(),
                    )
                except IllegalAction:
                    continue
                out.append(singles[0].id)
        return out

    def active(self, g: UsGame, entity: str) -> bool:
        return bool(self.options(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        return [
            BuyShares(player=g.controller_id(card), entity=card, shares=(cert,))
            for card, cert, _ in self.options(g, entity)
        ]

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, BuyShares)
        if action not in self.actions(g, entity):
            raise IllegalAction(
                f"{action.entity} cannot be exchanged for {', '.join(action.shares)} now",
                rule="ability.share_exchange",
            )

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        assert isinstance(action, BuyShares)
        card, cert_id = action.entity, action.shares[0]
        ability = next(a for c, s, a in self.options(g, entity) if c == card and s == cert_id)
        private = g.privates[card]
        owner = private.owner
        assert owner is not None
        corp_id = company_of(cert_id)
        book = g.books[corp_id]
        book.move(cert_id, owner)
        book.update_president([p for p in g.players if not g.player(p).bankrupt])
        private.use(ability)
        if closes_after_use(private.spec.abilities):
            private.closed = True
        g.check_float(corp_id)
