"""Acquisitions in the merger and acquisition round (18West §6.3-§6.4.1).

The acquirer's president offers a number of treasury shares, never more than the target's
owner gives up (one for one), and cash balances the value (the target's price times the
owner's shares).  The owner, if another player, accepts or declines; an owner who would have
to pay cash they lack cannot accept, and a declined offer may not be repeated in the round.
The acquirer takes the target's cash, trains and cards, discarding trains over the limit
(the president may discard more, keeping one, §6.4).  An unstarted target comes from the
bank (§6.4.1).  The round itself is :mod:`~.merger_round`.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose, DiscardTrain, Pass
from roundhouse.core.flow.answer import AnswerStep, Asking
from roundhouse.core.flow.step import Step
from roundhouse.core.shares import IPO, POOL
from roundhouse.titles.g18west.actions import Acquire, AnswerOffer
from roundhouse.titles.g18west.choice_step import ChoiceStep
from roundhouse.titles.g18west.merger_answers import merger_answers
from roundhouse.titles.g18west.merger_round import MergerRound, Offer, presided
from roundhouse.titles.g18west.merger_rules import merger_rules
from roundhouse.titles.g18west.state import WestGame


def _round(g: WestGame) -> MergerRound:
    assert isinstance(g.round, MergerRound)
    return g.round


def unstarted(g: WestGame, corp_id: str) -> bool:
    """Not started and its president's certificate still with the bank (§6.4.1: "one that
    no player has started and remains in the Pool")."""
    pc = g.books[corp_id].president_cert
    corp = g.corps[corp_id]
    return not corp.started and pc is not None and pc.owner in (POOL, IPO, corp_id)


def target_owner(g: WestGame, target: str) -> str | None:
    """The player selling a started target: its president, provided no other player holds
    any of it (18West §4.1: only a Granger Road's president holds its shares)."""
    book = g.books[target]
    owner = book.president
    if owner is None or any(book.shares_of(p) for p in g.players if p != owner):
        return None
    return owner


def offers(g: WestGame, buyer: str) -> list[Offer]:
    """Every acquisition ``buyer`` may propose now, one per share count (§6.4: cash balances
    the value; shares one for one at most; the assets must be in place)."""
    rules = merger_rules(g)
    answers = merger_answers(g)
    if not rules.acquirer_kinds or answers.company_kind(g, buyer) not in rules.acquirer_kinds:
        return []
    r = _round(g)
    book = g.books[buyer]
    price = g.share_price(buyer)
    treasury = book.shares_of(buyer)
    cash = g.ledger.cash(buyer)
    out: list[Offer] = []
    for target, corp in g.corps.items():
        if target == buyer or corp.closed:
            continue
        if answers.company_kind(g, target) not in rules.target_kinds:
            continue
        if not answers.acquisition_connected(g, buyer, target):
            continue
        if target in g.market.position:
            if g.market.zones(target) & rules.excluded_target_zones:
                continue
            owner = target_owner(g, target)
            if owner is None:
                continue
            held = g.books[target].shares_of(owner)
            value = g.share_price(target) * held
            for n in range(0, min(treasury, held) + 1):
                if n and book.normal_certs_for(buyer, n) is None:
                    continue
                pay = value - n * price
                if pay > cash or -pay > g.ledger.cash(owner):
                    continue
                if not r.asking.was_refused((buyer, target, n)):
                    out.append(Offer(buyer, target, n, pay, owner))
        elif rules.unstarted_share_value is not None and unstarted(g, target):
            pc = g.books[target].president_cert
            assert pc is not None
            n = pc.shares
            pay = max(0, n * (rules.unstarted_share_value - price))
            if book.normal_certs_for(buyer, n) is None or pay > cash:
                continue
            share_rules = g.config.share_rules.of(buyer)
            pool = book.shares_of(POOL) + n
            limit = share_rules.pool_limit_pct
            if limit is not None and pool * 100 > limit * book.size:
                continue
            out.append(Offer(buyer, target, n, pay, BANK))
    return out


def find_offer(g: WestGame, action: Acquire) -> Offer | None:
    return next(
        (
            o
            for o in offers(g, action.entity)
            if o.target == action.corporation and o.shares == action.shares
        ),
        None,
    )


def acquire(g: WestGame, offer: Offer) -> None:
    """Carry out an accepted acquisition (§6.4, §6.4.1)."""
    buyer, target = offer.buyer, offer.target
    book = g.books[buyer]
    tbook = g.books[target]
    if offer.owner == BANK:
        book.transfer(buyer, POOL, offer.shares)
        g.ledger.transfer(buyer, BANK, offer.cash)
    else:
        if offer.shares:
            book.transfer(buyer, offer.owner, offer.shares)
        if offer.cash > 0:
            g.ledger.transfer(buyer, offer.owner, offer.cash)
        elif offer.cash < 0:
            g.ledger.transfer(offer.owner, buyer, -offer.cash)
    for train in g.depot.owned_by(target):
        train.owner = buyer
    for private in g.privates.values():
        if private.owner == target:
            private.owner = buyer
    g.ledger.transfer_all(target, buyer)
    merger_answers(g).on_company_absorbed(g, buyer, target)
    # "set aside the charter, stock certificate, station token, and markers ... They play
    # no further role in the game."
    for cert in tbook.certs.values():
        cert.owner = target
    g.corps[target].closed = True
    g.market.remove(target)
    g.pending_discards.pop(target, None)
    book.update_president([p for p in g.players if not g.player(p).bankrupt])
    g.pending_discards.update(g.depot.must_discard())


class AcquireStep(Step[WestGame]):
    """18West §6.3-§6.4.1: a company of an acquiring type proposes an acquisition."""

    kinds = frozenset({"acquire"})
    blocking = False
    name = "acquire"
    passing = "passes on making an offer"
    on_behalf = True

    def active(self, g: WestGame, entity: str) -> bool:
        return bool(self.actions(g, entity))

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        if _round(g).turn_done or entity not in g.seats:
            return []
        p = g.pid(entity)
        return [
            Acquire(player=p, entity=o.buyer, corporation=o.target, shares=o.shares)
            for corp in presided(g, entity)
            for o in offers(g, corp)
        ]

    def check(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, Acquire)
        if action in self.actions(g, entity):
            return
        if _round(g).asking.was_refused((action.entity, action.corporation, action.shares)):
            raise IllegalAction(
                f"that offer for {action.corporation} was declined this round",
                rule="merger.declined",
            )
        raise IllegalAction(
            f"{action.entity} cannot acquire {action.corporation} for {action.shares} share(s) now",
            rule="merger.acquire",
        )

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, Acquire)
        offer = find_offer(g, action)
        assert offer is not None
        r = _round(g)
        if offer.owner in (BANK, entity):
            complete(g, entity, offer)
        else:
            r.asking.ask(offer)


def complete(g: WestGame, president: str, offer: Offer) -> None:
    """The acquisition happens; the president may then discard trains (§6.4)."""
    r = _round(g)
    acquire(g, offer)
    r.done(president, "acquire")
    # The choice is the acting president's; if the swap made the seller president, the
    # company keeps its trains (forced discards still happen).
    if len(g.depot.owned_by(offer.buyer)) > 1 and g.controller(offer.buyer) == president:
        r.discarding = offer.buyer


class OfferAnswerStep(AnswerStep[Offer, WestGame]):
    """The target's owner accepts or declines an offer (§6.4: "never required to accept the
    compensation offered"); a declined offer stands declined for the round."""

    kinds = frozenset({"answer_offer"})
    name = "answer_offer"

    def asking(self, g: WestGame) -> Asking[Offer]:
        return _round(g).asking

    def answers(self, g: WestGame, entity: str, question: Offer) -> tuple[Action, Action]:
        p = g.pid(entity)
        return (
            AnswerOffer(player=p, entity=entity, accept=True),
            AnswerOffer(player=p, entity=entity, accept=False),
        )

    def accept(self, g: WestGame, entity: str, question: Offer) -> None:
        president = g.books[question.buyer].president
        assert president is not None
        complete(g, president, question)


class AcquisitionDiscardStep(Step[WestGame]):
    """18West §6.4: after an acquisition "the President may also choose to discard one or
    more trains voluntarily, provided the Company keeps at least one", to the pool; a pass
    ends the choice."""

    kinds = frozenset({"discard_train", "pass"})
    name = "acquisition_discard"
    on_behalf = True

    def active(self, g: WestGame, entity: str) -> bool:
        corp = _round(g).discarding
        return corp is not None and g.controller(corp) == entity

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        if not self.active(g, entity):
            return []
        corp = _round(g).discarding
        assert corp is not None
        p = g.pid(entity)
        trains = g.depot.owned_by(corp)
        out: list[Action] = [Pass(player=p, entity=entity)]
        if len(trains) > 1:
            out += [DiscardTrain(player=p, entity=corp, train=t.id) for t in trains]
        return out

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        r = _round(g)
        corp = r.discarding
        assert corp is not None
        if isinstance(action, DiscardTrain):
            g.depot.discard(action.train)
            if len(g.depot.owned_by(corp)) > 1:
                return
        r.discarding = None


def relocatable(g: WestGame, buyer: str) -> list[tuple[str, str]]:
    """The buyer's station tokens the President may remove to replace an acquired Granger
    Road's (§6.4: "remove one of their existing station tokens"): those in City circles,
    not its x2 (Doubling) tokens, which §7.4.1 keeps in their City "for the rest of the
    game"."""

    board = g.map_board()
    x2 = set(g.x2_stations.get(buyer, ()))
    return sorted(
        (h, c)
        for h, here in board.hexes.items()
        for c, held in here.tokens.items()
        if buyer in held and (h, c) not in x2
    )


class RelocateStep(ChoiceStep):
    """18West §6.4: "If the Public Company does not have a station token available to
    replace that of the Granger Road, the President may (but is not required to) remove one
    of their existing station tokens to replace that of the Granger Road."  §6.4.1: from the
    bank it "exchanges one of its tokens (relocating an existing token if necessary)", so
    there keeping is not offered.  Choices ``relocate:HEX:CITY`` (the token moved) and
    ``keep`` (the Granger Road's token leaves the map)."""

    name = "relocate_token"
    passing = "passes on relocating a station"
    rule = "merger.relocate"

    def choices(self, g: WestGame, entity: str) -> list[str]:
        pending = _round(g).relocating
        if pending is None or pending[5] != entity:
            return []
        buyer, _, _, _, must, _ = pending
        moves = [f"relocate:{h}:{c}" for h, c in relocatable(g, buyer)]
        return moves if must and moves else [*moves, "keep"]

    def process(self, g: WestGame, entity: str, action: Action) -> None:

        assert isinstance(action, Choose)
        r = _round(g)
        assert r.relocating is not None
        buyer, hex_name, city, target, _, _ = r.relocating
        r.relocating = None
        board = g.map_board()
        if action.choice == "keep":
            board.remove_token(hex_name, city, target)
            g.emit("token", f"{target}'s token in {hex_name} leaves the map", company=buyer)
            return
        _, old_hex, old_city = action.choice.split(":")
        board.remove_token(old_hex, old_city, buyer)
        board.replace_token(hex_name, city, target, buyer)
        g.emit(
            "token",
            f"{buyer} moves its token from {old_hex} to {hex_name}",
            company=buyer,
            hex=hex_name,
        )
