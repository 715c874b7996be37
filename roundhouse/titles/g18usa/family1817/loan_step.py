"""Loans in play: taking and repaying them, and the interest due every operating round.

18USA §9: a company takes a $100 loan at any time in its operating turn except between
paying interest and repaying loans, holds at most its share size in loans, and moves its
price back two spaces per loan.  §12.8: after buying trains it pays interest on every loan,
taking more loans if it must; a company at its loan limit that still cannot pay goes to the
liquidation zone and its president pays from their own pocket (treasury first), with a cash
crisis if short.  §12.9: then it may repay loans, two spaces ahead each, unless it borrowed
in this operating round.

A title puts :class:`LoanStep` first in its operating steps and :class:`InterestStep` and
:class:`RepayStep` after the train step (:meth:`~roundhouse.core.hooks.Hooks.operating_steps`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from roundhouse.core.actions import Action
from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Pass
from roundhouse.core.flow.dividend_step import DividendStep
from roundhouse.core.flow.map_steps import RouteStep
from roundhouse.core.flow.step import Step
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.market import Direction
from roundhouse.core.trains import SCRAPPED
from roundhouse.titles.g18usa.family1817.actions import PayoffLoan, TakeLoan
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone, owe
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.family1817.turn_stage import moved_past

if TYPE_CHECKING:
    pass


def max_loans(g: FamilyEngine, corp_id: str) -> int:
    """18USA §9: as many loans as the company has shares."""
    return g.config.loans.loans_per_share * g.books[corp_id].size + g.extra_loans(corp_id)


def check_take_loan(g: FamilyEngine, corp_id: str, loan: int | None = None) -> int:
    """Raise unless ``corp_id`` may take a loan now; returns the cube it gets (the next on
    the board, 18USA §9)."""
    rules = g.config.loans
    if not rules.enabled:
        raise IllegalAction("this game has no loans", rule="loans.none")
    held = len(g.loans.of(corp_id))
    limit = max_loans(g, corp_id)
    if held >= limit:
        raise IllegalAction(
            f"{corp_id} already holds its limit of {limit} loans", rule="loans.limit"
        )
    nxt = g.loans.next_free()
    if nxt is None:
        raise IllegalAction("the bank has no loans left", rule="loans.none_left")
    if loan is not None and loan != nxt:
        raise IllegalAction(f"the next loan on the board is {nxt}, not {loan}", rule="loans.order")
    return nxt


def take_loan(g: FamilyEngine, corp_id: str) -> int:
    """The bank lends; the price goes back two spaces, but never past the leftmost
    acquisition space into liquidation (18USA §9: "If the token is in (or enters) the
    leftmost gray space, taking loans has no further effect")."""
    loan = check_take_loan(g, corp_id)
    g.loans.lend(corp_id, loan)
    g.ledger.transfer(BANK, corp_id, g.config.loans.amount)
    if corp_id in g.market.position:
        t = g.config.takeover
        barrier = {t.liquidation_zone} if t.enabled else set()
        g.market.move(corp_id, Direction.LEFT, g.config.loans.price_steps, barrier_zones=barrier)
        g.after_price_move(corp_id)
    return loan


def check_payoff(g: FamilyEngine, corp_id: str, loan: int, *, any_time: bool = False) -> None:
    """Raise unless ``corp_id`` may repay ``loan`` now (18USA §12.9; ``any_time`` is the
    acquisition's exception, §9)."""
    if loan not in g.loans.of(corp_id):
        raise IllegalAction(f"{corp_id} does not hold loan {loan}", rule="loans.not_held")
    if not any_time and corp_id in g.loans.borrowed_this_or:
        raise IllegalAction(
            f"{corp_id} took a loan this operating round and cannot repay one",
            rule="loans.no_repay_after_loan",
        )
    amount = g.config.loans.amount
    if g.ledger.cash(corp_id) < amount:
        raise IllegalAction(
            f"{corp_id} has ${g.ledger.cash(corp_id)} and cannot repay ${amount}",
            rule="loans.repay_cash",
        )


def payoff_loan(g: FamilyEngine, corp_id: str, loan: int, *, move_price: bool = True) -> None:
    """Repay one loan: $100 to the bank, the price two spaces ahead (18USA §12.9)."""
    g.ledger.transfer(corp_id, BANK, g.config.loans.amount)
    g.loans.repay(loan)
    if move_price and corp_id in g.market.position:
        g.market.move(corp_id, Direction.RIGHT, g.config.loans.price_steps)
        g.after_price_move(corp_id)


def interest_due(g: FamilyEngine, corp_id: str) -> int:
    return g.interest(corp_id, g.loans.rate, len(g.loans.of(corp_id)))


def pay_interest(g: FamilyEngine, corp_id: str) -> None:
    """18USA §12.8, including new loans taken to pay it and the failure path."""
    while g.ledger.cash(corp_id) < interest_due(g, corp_id):
        try:
            take_loan(g, corp_id)
        except IllegalAction:
            break
    due = interest_due(g, corp_id)
    if g.ledger.cash(corp_id) >= due:
        g.ledger.transfer(corp_id, BANK, due)
        return
    if g.config.takeover.enabled:
        enter_zone(g, corp_id, g.config.takeover.liquidation_zone)
    president = g.controller(corp_id)
    if president is None:
        g.ledger.transfer_all(corp_id, BANK)
        return
    g.ledger.transfer_all(corp_id, president)
    owe(g, president, due, BANK, cause=corp_id, reason=f"{corp_id}'s loan interest")


def _turn_step(g: FamilyEngine, kind: type[Step[FamilyEngine]]) -> Step[FamilyEngine] | None:
    return next((s for s in g.round.steps if isinstance(s, kind)), None)


def may_borrow(g: FamilyEngine, entity: str) -> bool:
    """Whether the company may take a loan now (18USA §9)."""
    try:
        check_take_loan(g, entity)
    except IllegalAction:
        return False
    return True


def _waits(g: FamilyEngine, entity: str, step: Step[FamilyEngine]) -> bool:
    """Whether ``step`` is a blocking step still waiting in the company's turn: active and
    not left behind (:func:`~.turn_stage.moved_past`)."""
    return step.blocking and not moved_past(g, entity, step) and step.active(g, entity)


def waiting_steps(g: FamilyEngine, entity: str) -> Iterator[Step[FamilyEngine]]:
    """The blocking steps still waiting in the company's turn (:func:`_waits`), in the
    turn's order; lazy, as most callers need only the first."""
    return (s for s in g.round.steps if _waits(g, entity, s))


def at_interest(g: FamilyEngine, entity: str) -> bool:
    """Whether the company's turn waits at §12.8's interest: the first blocking step it has
    not left is the unpaid :class:`InterestStep`."""
    return isinstance(next(waiting_steps(g, entity), None), InterestStep)


def at_repay(g: FamilyEngine, entity: str) -> bool:
    """Whether the company's turn waits at §12.9's repayment: the first blocking step it
    has not left is :class:`RepayStep`."""
    return isinstance(next(waiting_steps(g, entity), None), RepayStep)


def _nothing_before_interest(
    g: FamilyEngine, entity: str, first: Step[FamilyEngine], rest: Iterator[Step[FamilyEngine]]
) -> bool:
    """Whether all the company's turn holds before §12.8's interest is a run of nothing to
    withhold, or a run the site skips: 18xx.games asks nothing there (its dividend step
    skips a run of $0, its run step a company with no route, its buy-trains step one that
    buys nothing) and pays the interest at once, so a loan comes after it
    (``LoanRules.borrow_before_interest`` off).  ``first`` and ``rest``: the turn's
    waiting steps (:func:`waiting_steps`), read only as far as needed."""
    if isinstance(first, RouteStep):
        return _run_skipped_before_interest(g, entity, rest)
    return (
        isinstance(first, DividendStep)
        and g.or_round().revenue == 0
        and not any(isinstance(s, BuyTrainStep) for s in rest)
        and not site_train_step_ahead(g, entity)
    )


def site_train_step_ahead(g: FamilyEngine, entity: str) -> bool:
    """Whether 18xx.games's buy-trains step is still ahead in the company's turn and would
    wait there: ours not left (:func:`leave_site_skipped_train_step`) and a train the
    company could pay for (:func:`_could_buy_a_train`)."""
    step = _turn_step(g, BuyTrainStep)
    if isinstance(step, BuyTrainStep) and step.passed:
        return False
    return _could_buy_a_train(g, entity)


def _run_skipped_before_interest(
    g: FamilyEngine, entity: str, rest: Iterator[Step[FamilyEngine]]
) -> bool:
    """Whether our turn waits at its run, but 18xx.games's has paid the interest: its run
    step skips the company (no train that is not a Pullman, or no route:
    :meth:`~.engine.FamilyEngine.site_run_waits`), so its dividend step does too, and its
    buy-trains step has no room or no train the company could pay for
    (:func:`site_train_step_ahead`), whatever ours offers.  Found by the export differential,
    issue #17: random bots, 4 players, seed 6026 (ATSF, at its train limit with its
    Pullman, took a loan before its run of nothing and paid interest on it; the site had
    paid it already) and 6 players, seed 9028 (IC)."""
    if g.site_run_waits(entity) or site_train_step_ahead(g, entity):
        return False
    for s in rest:
        if isinstance(s, InterestStep):
            return True
        if not isinstance(s, (DividendStep, BuyTrainStep)):
            return False
    return True


def _could_buy_a_train(g: FamilyEngine, corp_id: str) -> bool:
    """Whether the company has room for a train and could pay the cheapest on offer with
    its cash and the loans it may still take (another company's train counts at $1):
    18xx.games's buy-trains step waits then (``Step::Train#can_buy_train?``,
    ``G1817::Game#buying_power``), and a loan may be taken in it."""
    depot = g.depot
    limit = depot.limit_for(corp_id)
    if limit is not None and depot.counted(corp_id) >= limit:
        return False
    prices = [depot.type_of(t).price for t in depot.available()]
    if any(
        t.owner != corp_id and t.owner in g.corps and not t.obsolete for t in depot.trains.values()
    ) or live_orphans(g):
        prices.append(1)
    room = max(0, max_loans(g, corp_id) - len(g.loans.of(corp_id)))
    free = max(0, g.config.loans.count - g.loans.out())
    power = g.ledger.cash(corp_id) + min(room, free) * g.config.loans.amount
    return bool(prices) and power >= min(prices)


def site_past_interest(g: FamilyEngine, entity: str) -> bool:
    """Under ``compat_18xx_games`` (``LoanRules.borrow_before_interest`` off), whether
    18xx.games's operating turn has paid §12.8's interest while ours still waits before
    it: all ours holds before it is a run or a withhold the site skips and no train step
    the site would wait in (:func:`_nothing_before_interest`)."""
    if g.config.loans.borrow_before_interest or g.round.kind != "OR":
        return False
    waiting = waiting_steps(g, entity)
    first = next(waiting, None)
    return first is not None and _nothing_before_interest(g, entity, first, waiting)


def site_turn_over(g: FamilyEngine, entity: str) -> bool:
    """Under ``compat_18xx_games``, whether 18xx.games's operating turn is over while ours
    still waits before §12.8's interest: the site has paid it (:func:`site_past_interest`)
    and its loan step then offers nothing (``G1817::Step::Loan#blocks?``): no loan to take
    (§9's limit, or none left) and none to repay (§12.9: no loan held, one taken this
    round, or the cash left after the interest short of a loan).  Found by the export
    differential, issue #17: random bots, 4 players, seed 6026, where ATSF scrapped its
    Pullman for the interest in ours; on the site it had gone into liquidation."""
    if not site_past_interest(g, entity) or may_borrow(g, entity):
        return False
    if not g.loans.of(entity) or entity in g.loans.borrowed_this_or:
        return True
    return g.ledger.cash(entity) - interest_due(g, entity) < g.config.loans.amount


def leave_site_skipped_train_step(g: FamilyEngine, entity: str) -> None:
    """Before a scrap: when 18xx.games's turn has already paid the interest
    (:func:`site_past_interest`: its run, dividend and buy-trains steps skipped), its
    buy-trains step is behind it, so ours is left too; the car's $50 opens no purchase
    and no loan before the interest that the site would not allow (found by the export
    differential, issue #17: random bots, 4 players, seed 6026: ATSF scrapped its new
    Pullman before its run of nothing, then borrowed in our reopened buy-trains step and
    paid interest on that loan)."""
    if not site_past_interest(g, entity):
        return
    step = _turn_step(g, BuyTrainStep)
    if isinstance(step, BuyTrainStep):
        step.passed = True


def live_orphans(g: FamilyEngine) -> list[str]:
    """The :attr:`~.engine.FamilyEngine.orphaned_trains` 18xx.games still offers for $1
    (under the charter of a company the bank liquidated, §14.2.1): those still scrapped
    whose type neither rusted nor grew obsolete.  Found by the export differential, issue
    #17: random bots, 7 players, seed 6035 (MKT's buy-trains step waited on the site for
    SR's two 2-trains, so the loan MKT took there owed $5 interest, and its liquidation
    paid its president $94, not $100)."""
    depot = g.depot
    sold = depot.sold_types
    out: list[str] = []
    for train_id in sorted(g.orphaned_trains):
        train = depot.trains[train_id]
        kind = depot.type_of(train)
        if train.owner != SCRAPPED or kind.rusts_on in sold or kind.obsolete_on in sold:
            continue
        out.append(train_id)
    return out


class LoanStep(Step[FamilyEngine]):
    """Take loans at any time of the turn (18USA §9) except between paying interest and
    completing the repay step (§12.8: "After paying interest, the company may not take
    further loans until it has completed the 'repay loans' step"): a loan taken while
    repaying completes that step, as §12.9 allows no repaying after a loan this round.
    The turn's steps it has left behind (a track step it ran past, whose lay the dividend
    made affordable again) keep no turn open for a loan.  Without
    ``LoanRules.borrow_before_interest`` (18xx.games) none is offered at the interest step
    itself either."""

    kinds = frozenset({"take_loan"})
    blocking = False
    name = "take_loan"
    passing = "passes on taking loans"

    def active(self, g: FamilyEngine, entity: str) -> bool:
        if g.controller(entity) is None:
            return False
        interest = _turn_step(g, InterestStep)
        if isinstance(interest, InterestStep) and interest.paid:
            repay = _turn_step(g, RepayStep)
            if not isinstance(repay, RepayStep) or not repay.active(g, entity):
                return False
        # The turn's waiting steps are walked once: asking each step whether it is active
        # is most of what this costs.
        waiting = waiting_steps(g, entity)
        first = next(waiting, None)
        if first is None:
            return False
        if not g.config.loans.borrow_before_interest and (
            isinstance(first, InterestStep) or _nothing_before_interest(g, entity, first, waiting)
        ):
            return False
        try:
            check_take_loan(g, entity)
        except IllegalAction:
            return False
        return True

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        loan = check_take_loan(g, entity)
        return [TakeLoan(player=g.controller_id(entity), entity=entity, loan=loan)]

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        assert isinstance(action, TakeLoan)
        check_take_loan(g, entity, action.loan)

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        first = not g.loans.of(entity)
        # read before the loan's cash arrives; only a first loan may owe no interest
        waits = (
            first
            and not g.config.loans.borrow_before_interest
            and _site_train_step_waits(g, entity)
        )
        take_loan(g, entity)
        if first and not waits:
            _interest_left_behind(g, entity)


def _site_train_step_waits(g: FamilyEngine, entity: str) -> bool:
    """Whether 18xx.games's buy-trains step still waits for the company: it has not passed
    it and could pay for a train, borrowing (:func:`_could_buy_a_train`; another company's
    train at $1, which ours may not offer).  The site pays the interest only as that step
    is left, so a loan taken while it waits owes interest (under ``compat_18xx_games``,
    ``LoanRules.borrow_before_interest`` off; found by the export differential, random
    seed 321)."""
    step = _turn_step(g, BuyTrainStep)
    if not isinstance(step, BuyTrainStep) or step.passed:
        return False
    return _could_buy_a_train(g, entity)


def _interest_left_behind(g: FamilyEngine, entity: str) -> None:
    """§12.8: "After buying trains, the acting company must pay interest on all its loans".
    Called after the first loan of a company that held none: when no step before the
    interest waits in its turn even with the loan's cash (the buy-trains step passed, or
    one it still could not use), the turn had moved on from the interest, which was
    nothing, so the loan (§9, in the repay step) owes no interest this turn.  A loan that
    makes a train affordable again takes the turn back to the buy-trains step and owes
    interest as usual (found by the export differential, issue #17: random seed 405, GN
    paid $20 for a loan taken after passing its buy-trains step, which 18xx.games does not
    charge either)."""
    interest = _turn_step(g, InterestStep)
    if not isinstance(interest, InterestStep) or interest.paid:
        return
    for s in g.round.steps:
        if s is interest:
            break
        if _waits(g, entity, s):
            return  # a step before the interest still waits
    interest.paid = True


class InterestStep(Step[FamilyEngine]):
    """Pay the interest due; "pass" pays (18USA §12.8, mandatory when loans are held)."""

    kinds = frozenset({"pass"})
    name = "pay_interest"
    passing = "pays the interest on its loans"

    def __init__(self) -> None:
        self.paid = False

    def setup(self, g: FamilyEngine, entity: str) -> None:
        self.paid = False

    def active(self, g: FamilyEngine, entity: str) -> bool:
        return not self.paid and bool(g.loans.of(entity)) and g.controller(entity) is not None

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        return [Pass(player=g.controller_id(entity), entity=entity)]

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        pay_interest(g, entity)
        self.paid = True


class RepayStep(Step[FamilyEngine]):
    """Repay loans after interest (18USA §12.9); the turn stays open here while the company
    may repay or borrow (§12.8: loans are allowed again once this step is complete, and a
    loan completes it: no repaying after a loan this round), until it passes."""

    kinds = frozenset({"payoff_loan", "pass"})
    name = "payoff_loan"
    passing = "passes on repaying loans"

    def __init__(self) -> None:
        self.done = False

    def setup(self, g: FamilyEngine, entity: str) -> None:
        self.done = False

    def active(self, g: FamilyEngine, entity: str) -> bool:
        interest = _turn_step(g, InterestStep)
        paid = (
            not isinstance(interest, InterestStep)
            or interest.paid
            or not g.loans.of(entity)  # nothing was due
        )
        if g.controller(entity) is None:
            return False
        return not self.done and paid and (bool(self._loans(g, entity)) or may_borrow(g, entity))

    def _loans(self, g: FamilyEngine, entity: str) -> list[int]:
        out = []
        for loan in g.loans.of(entity):
            try:
                check_payoff(g, entity, loan)
            except IllegalAction:
                continue
            out.append(loan)
        return out

    def actions(self, g: FamilyEngine, entity: str) -> list[Action]:
        p = g.controller_id(entity)
        loans = self._loans(g, entity)
        out: list[Action] = [PayoffLoan(player=p, entity=entity, loan=x) for x in loans]
        return [*out, Pass(player=p, entity=entity)]

    def check(self, g: FamilyEngine, entity: str, action: Action) -> None:
        if isinstance(action, PayoffLoan):
            check_payoff(g, entity, action.loan)

    def process(self, g: FamilyEngine, entity: str, action: Action) -> None:
        if isinstance(action, PayoffLoan):
            payoff_loan(g, entity, action.loan)
        else:
            self.done = True
