"""A company's question to another player, answered before the company's turn goes on
(18US §7.2, §7.3).

* §7.2: companies "may buy certain of the Western Concessions (P7 through P9 and P12) from
  their owners, if the owner gives permission": the company's President proposes the
  purchase at face value (a ``buy_company``) and the owner answers ``sell`` or ``refuse``.
* §7.3: "Once such a Land Grant company floats, its President may allow other companies to
  place specific tiles in its reserved hexes": the company asks for one tile in one hex
  (``ask:<hex>:<tile>``, :mod:`.permission`) and the Land Grant company's President answers
  ``permit`` or ``refuse``.

While a :class:`Request` is open the Operating Round waits for the player who answers
(:class:`ConsentRound`: he is the one acting and :class:`ConsentStep` the only step offered);
his answer hands the turn back to the company in the step it was in.  A refused question is
not asked again in the same turn.  A President asked by his own company agrees with himself:
the purchase or permission takes effect at once.  The mechanics are core's
(:mod:`roundhouse.core.flow.answer`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.answer import AnswerStep, Asking
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.step import Step
from roundhouse.titles.g18us.state import UsGame

SALE = "sale"
PERMISSION = "permission"

YES = {SALE: "sell", PERMISSION: "permit"}
NO = "refuse"


@dataclasses.dataclass(frozen=True)
class Request:
    """``company`` asks ``player``: to buy the Concession ``item`` (:data:`SALE`) or to lay
    a tile, ``item`` = "hex:tile" (:data:`PERMISSION`)."""

    kind: str
    company: str
    player: str
    item: str

    @property
    def answerer(self) -> str:
        return self.player

    @property
    def refusal(self) -> tuple[str, str]:
        """Refused, the same question is not asked again in the turn."""
        return (self.kind, self.item)

    def __str__(self) -> str:
        if self.kind == SALE:
            return f"{self.company} offers {self.player} face value for {self.item}"
        hex_name, tile = self.item.split(":")
        return f"{self.company} asks {self.player} to let it lay tile {tile} in {hex_name}"


class ConsentRound(OperatingRound[UsGame]):
    """An Operating Round in which a company's turn may wait for another player's answer."""

    def __init__(self, steps: Sequence[Step[UsGame]]) -> None:
        super().__init__(steps)
        self.asking: Asking[Request] = Asking()
        """The question waiting for its answer, and those the current company was refused
        this turn."""

    @property
    def request(self) -> Request | None:
        """The question waiting for its answer."""
        return self.asking.question

    def entity(self, g: UsGame) -> str | None:
        answerer = self.asking.answerer()
        if answerer is not None and not self.finished:
            return answerer
        return super().entity(g)

    def offered(self, g: UsGame, entity: str, taking: Action | None = None) -> list[Step[UsGame]]:
        if self.request is not None:
            return [s for s in self.steps if isinstance(s, ConsentStep)]
        return super().offered(g, entity, taking)

    def after_process(self, g: UsGame, entity: str) -> None:
        """A question waits for its answer; an answer gives the turn back to the company."""
        if self.request is not None:
            return
        if entity not in g.corps and self.current is not None:
            entity = self.current
        super().after_process(g, entity)

    def next_entity(self, g: UsGame) -> None:
        self.asking.forget_refusals()
        super().next_entity(g)


def consent_round(g: UsGame) -> ConsentRound:
    rnd = g.round
    if not isinstance(rnd, ConsentRound):
        raise IllegalAction(
            "a company asks another player only in its turn", rule="round.wrong_step"
        )
    return rnd


def was_refused(g: UsGame, kind: str, item: str) -> bool:
    rnd = g.round
    return isinstance(rnd, ConsentRound) and rnd.asking.was_refused((kind, item))


def sell_concession(g: UsGame, company: str, item: str) -> None:
    """§7.2: the company pays the face value to the owner (the Bank for the Pool's)."""
    card = g.privates[item]
    g.ledger.transfer(company, card.owner or BANK, card.spec.value)
    seller = card.owner or "the Pool"
    card.owner = company
    g.emit(
        "buy_company",
        f"{company} buys {item} {card.spec.name} from {seller} for ${card.spec.value}",
        company=company,
        item=item,
    )


def permit(g: UsGame, company: str, item: str) -> None:
    """§7.3: the Land Grant company's President lets ``company`` lay the tile in the hex."""
    hex_name, tile = item.split(":")
    g.map.board.permit_build(hex_name, company, tile)  # type: ignore[attr-defined]


def grant(g: UsGame, request: Request) -> None:
    if request.kind == SALE:
        sell_concession(g, request.company, request.item)
    else:
        permit(g, request.company, request.item)


def ask(g: UsGame, request: Request) -> None:
    """Put the question; a President asked by his own company agrees at once."""
    g.emit("request", str(request), company=request.company)
    if g.controller(request.company) == request.player:
        grant(g, request)
        return
    consent_round(g).asking.ask(request)


class ConsentStep(AnswerStep[Request, UsGame]):
    """The asked player's answer (§7.2 the owner's consent; §7.3 the President's
    permission)."""

    kinds = frozenset({"choose"})
    name = "consent"

    def asking(self, g: UsGame) -> Asking[Request] | None:
        rnd = g.round
        return rnd.asking if isinstance(rnd, ConsentRound) else None

    def answers(self, g: UsGame, entity: str, question: Request) -> tuple[Action, Action]:
        p = g.pid(entity)
        return (
            Choose(player=p, entity=entity, choice=YES[question.kind]),
            Choose(player=p, entity=entity, choice=NO),
        )

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        request = self.question(g, entity)
        if request is None or action not in self.actions(g, entity):
            yes = YES[request.kind] if request is not None else "permit"
            raise IllegalAction(
                f"{entity} answers {request} with {yes!r} or {NO!r}",
                rule="consent.sale" if request and request.kind == SALE else "track.reserved_hex",
            )

    def accept(self, g: UsGame, entity: str, question: Request) -> None:
        g.emit("consent", f"{entity} agrees: {question}", company=question.company)
        grant(g, question)

    def refuse(self, g: UsGame, entity: str, question: Request) -> None:
        g.emit("refuse", f"{entity} refuses: {question}", company=question.company)
