"""18West's merger and acquisition round (18West §6).

The round: players in stock-round order from the priority holder, each turn one action "on
behalf of one of their Companies" or a pass; it ends when all pass in a row, and the priority
deal does not move ("this does not alter the position of the Priority Deal").  The actions,
switched on by :class:`~.merger_rules.MergerRules`:

* issue treasury shares to the pool, or redeem pool shares, at the current market value and
  without moving it (§6.2); a player's issue may not directly follow their redeem, nor the
  other way round (§6.5);
* acquire a company of a target type (§6.3-§6.4, :mod:`~.acquisition`): the acquirer's
  president offers treasury shares one for one and cash balances the value; the owner, if
  another player, accepts or declines; the acquirer takes the target's cash, trains and
  cards, the title swaps station tokens through
  :meth:`~.merger_answers.MergerAnswers.on_company_absorbed`, and trains over the limit are
  discarded (§6.4);
* acquire an unstarted target from the bank (§6.4.1): exactly the target's president's
  share count of treasury shares to the pool, plus cash to the bank when they are worth less
  than :attr:`MergerRules.unstarted_share_value` each; the bank makes no change.

Which companies may be joined (§6.3: routes sharing track, or tokens in one hex) is the
title's :meth:`~.merger_answers.MergerAnswers.acquisition_connected`.  Titles build the round
with :func:`~.hooks.merger_round` (:class:`~.hooks.MergerHooks` does from its phase); a title
adds its own steps before :class:`MergerPassStep`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.answer import Asking
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.shares import POOL
from roundhouse.titles.g18west.actions import IssueShares, RedeemShares
from roundhouse.titles.g18west.merger_answers import merger_answers
from roundhouse.titles.g18west.merger_rules import merger_rules
from roundhouse.titles.g18west.state import WestGame


@dataclasses.dataclass(frozen=True, slots=True)
class Offer:
    """An acquisition waiting for the target owner's answer."""

    buyer: str
    target: str
    shares: int
    cash: int
    """What the buyer pays the owner; negative: what the owner pays the buyer."""
    owner: str

    @property
    def answerer(self) -> str:
        return self.owner

    @property
    def refusal(self) -> tuple[str, str, int]:
        """§6.4: a declined offer (buyer, target, shares) may not be repeated in the round."""
        return (self.buyer, self.target, self.shares)


class MergerRound(Round[WestGame]):
    kind = "MR"

    def __init__(self, steps: Sequence[Step[WestGame]]) -> None:
        super().__init__(steps)
        self.order: list[str] = []
        self.index = 0
        self.passes = 0
        self.acted = False
        self.turn_done = False
        self.last_move: dict[str, str] = {}
        """Player -> their last action this round ("issue", "redeem", "acquire"), §6.5."""
        self.asking: Asking[Offer] = Asking()
        """The acquisition waiting for the owner's answer, and the offers declined this
        round (:mod:`~.acquisition`)."""
        self.discarding: str | None = None
        """A company that just acquired and whose president may still discard trains."""
        self.relocating: tuple[str, str, str, str, bool, str] | None = None
        """(buyer, hex, city, target, must, player) while ``player``, the President who made
        the acquisition, chooses whether to move one of the buyer's station tokens onto the
        acquired Granger Road's, the buyer having none left (§6.4; ``must``: an unstarted
        Granger Road from the bank, §6.4.1)."""

    def start(self, g: WestGame) -> None:
        self.order = g.turn_order_from(g.priority)
        super().start(g)

    def entity(self, g: WestGame) -> str | None:
        if self.finished or not self.order:
            return None
        return self.asking.answerer() or self.order[self.index]

    def next_entity(self, g: WestGame) -> None:
        self.passes = 0 if self.acted else self.passes + 1
        self.acted = False
        self.turn_done = False
        if self.passes >= len(self.order):
            self.finished = True
            return
        self.index = (self.index + 1) % len(self.order)

    def after_process(self, g: WestGame, entity: str) -> None:
        """The turn ends once its one action is complete: not while an owner is answering
        an offer (a declined offer leaves the turn open) or trains are being discarded."""
        if self.finished or self.asking.question is not None or self.discarding is not None:
            return
        if self.relocating is not None:
            return
        if self.turn_done:
            self.next_entity(g)
            self._begin_turn(g)

    def label(self, g: WestGame) -> str:
        return "M&A"

    def view(self, g: WestGame) -> dict[str, object]:
        """The round as players see it, with the offer waiting for an answer."""
        out = super().view(g)
        if self.asking.question is not None:
            o = self.asking.question
            out["offer"] = {
                "buyer": o.buyer,
                "target": o.target,
                "shares": o.shares,
                "cash": o.cash,
                "owner": o.owner,
            }
        return out

    def done(self, player: str, move: str) -> None:
        """``player`` completed an action: the turn is over (§6.1 "one of these actions")."""
        self.last_move[player] = move
        self.acted = True
        self.turn_done = True


def _round(g: WestGame) -> MergerRound:
    assert isinstance(g.round, MergerRound)
    return g.round


def presided(g: WestGame, player: str) -> list[str]:
    """Open companies ``player`` is president of and that have a share price."""
    return [
        c.id
        for c in g.corps.values()
        if not c.closed and c.id in g.market.position and g.books[c.id].president == player
    ]


# -- issuing and redeeming (§6.2, §6.5) ------------------------------------------------


def issue_counts(g: WestGame, corp_id: str) -> list[int]:
    """Share counts ``corp_id`` may issue: its treasury's normal shares, within the pool
    limit of its share rules."""
    book = g.books[corp_id]
    rules = g.config.share_rules.of(corp_id)
    out = []
    for n in range(1, book.shares_of(corp_id) + 1):
        if book.normal_certs_for(corp_id, n) is None:
            continue
        pool = book.shares_of(POOL) + n
        if rules.pool_limit_pct is not None and pool * 100 > rules.pool_limit_pct * book.size:
            break
        out.append(n)
    return out


def redeem_counts(g: WestGame, corp_id: str) -> list[int]:
    """Share counts ``corp_id`` may buy back from the pool "up to the limits of its cash"."""
    book = g.books[corp_id]
    price = g.share_price(corp_id)
    cash = g.ledger.cash(corp_id)
    return [
        n
        for n in range(1, book.shares_of(POOL) + 1)
        if n * price <= cash and book.normal_certs_for(POOL, n) is not None
    ]


def may_issue(g: WestGame, corp_id: str) -> bool:
    rules = merger_rules(g)
    kinds = rules.issuer_kinds
    return rules.issue_redeem and (not kinds or merger_answers(g).company_kind(g, corp_id) in kinds)


class IssueRedeemStep(Step[WestGame]):
    """18West §6.2: issue treasury shares to the pool or redeem pool shares, the bank paying
    or being paid the current market value; the price does not move."""

    kinds = frozenset({"issue_shares", "redeem_shares"})
    blocking = False
    name = "issue_redeem"
    passing = "passes on issuing or redeeming shares"
    on_behalf = True

    def active(self, g: WestGame, entity: str) -> bool:
        """Open while any of the player's companies could issue or redeem, even if §6.5
        forbids it this turn, so that :meth:`check` can say why."""
        return bool(self.actions(g, entity, order_rule=False))

    def actions(self, g: WestGame, entity: str, *, order_rule: bool = True) -> list[Action]:
        r = _round(g)
        if r.turn_done or entity not in g.seats:
            return []
        last = r.last_move.get(entity) if order_rule else None
        p = g.pid(entity)
        out: list[Action] = []
        for corp in presided(g, entity):
            if not may_issue(g, corp):
                continue
            if last != "redeem":
                out += [IssueShares(player=p, entity=corp, count=n) for n in issue_counts(g, corp)]
            if last != "issue":
                out += [
                    RedeemShares(player=p, entity=corp, count=n) for n in redeem_counts(g, corp)
                ]
        return out

    def check(self, g: WestGame, entity: str, action: Action) -> None:
        if action in self.actions(g, entity):
            return
        assert isinstance(action, IssueShares | RedeemShares)
        last = _round(g).last_move.get(entity)
        if isinstance(action, IssueShares) and last == "redeem":
            raise IllegalAction(
                f"{entity} redeemed last and may not issue next", rule="merger.issue_after_redeem"
            )
        if isinstance(action, RedeemShares) and last == "issue":
            raise IllegalAction(
                f"{entity} issued last and may not redeem next", rule="merger.redeem_after_issue"
            )
        verb = "issue" if isinstance(action, IssueShares) else "redeem"
        raise IllegalAction(
            f"{action.entity} cannot {verb} {action.count} share(s) now", rule=f"merger.{verb}"
        )

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        assert isinstance(action, IssueShares | RedeemShares)
        corp = action.entity
        book = g.books[corp]
        money = action.count * g.share_price(corp)
        if isinstance(action, IssueShares):
            book.transfer(corp, POOL, action.count)
            g.ledger.transfer(BANK, corp, money)
            _round(g).done(entity, "issue")
        else:
            book.transfer(POOL, corp, action.count)
            g.ledger.transfer(corp, BANK, money)
            _round(g).done(entity, "redeem")


# -- acquisitions (§6.3-§6.5) --------------------------------------------------------


class MergerPassStep(Step[WestGame]):
    """The turn's last resort: pass (a title's M&A steps come before it)."""

    kinds = frozenset({"pass"})
    name = "merger_pass"
    passing = "passes on merging"

    def active(self, g: WestGame, entity: str) -> bool:
        return not _round(g).turn_done

    def actions(self, g: WestGame, entity: str) -> list[Action]:
        return [Pass(player=g.pid(entity), entity=entity)]

    def process(self, g: WestGame, entity: str, action: Action) -> None:
        _round(g).turn_done = True
