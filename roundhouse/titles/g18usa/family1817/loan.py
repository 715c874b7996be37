"""Company loans from a bank of loans (the 1817 family's Bank of New York, 18USA §9).

A company takes a loan of a fixed amount; its price token moves back; the number it may hold
is its share size; every operating round it pays interest on each loan at a rate set when
the round starts by how many loans are out; repaying moves the price forward again
(18USA §9, §12.8, §12.9).

The bank's loans are numbered cubes in rows, cheapest row first (18USA §2.2: 70 cubes).  A
loan taken is the lowest-numbered cube still on the board ("remove a loan cube from the
top-most row"); a repaid cube goes back to the highest-valued free space.  Either way the
cubes off the board form a block from the top, so the rate is that of the row holding the
last cube taken: ``LoanRules.rate(out)``.  Cube numbers only name loans in the log
(18xx.games ``take_loan``/``payoff_loan`` carry one).
"""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True, kw_only=True)
class LoanRules:
    """A title's loans; the default (no rows) means the title has none."""

    amount: int = 100
    """What a loan pays the company and costs to repay (18USA §9: $100)."""
    rows: tuple[tuple[int, int], ...] = ()
    """(interest per loan, cubes in the row), top row first (18USA §2.2: 14 rows of 5 cubes
    at $5, $10, ... $70; with five or more players the $5 row holds 4 and the others 6 - a
    title passes the rows for the player count through a hook)."""
    no_loans_rate: int = 5
    """Interest rate when no loan is out (18USA §9: $5)."""
    price_steps: int = 2
    """Spaces the price moves back per loan taken and ahead per loan repaid (18USA §9)."""
    loans_per_share: int = 1
    """Loans a company may hold per share of its size (18USA §9: "equal to its share size")."""
    borrow_before_interest: bool = True
    """Whether a company whose turn has come to §12.8's interest may still take a loan before
    paying it (18USA §9: loans "at any time during the company's turn, except between the
    'pay fees on loans' and 'repay loans' steps").  18xx.games pays the interest the moment
    the company leaves its buy-trains step (``G1817::Round::Operating#pay_interest!``), so
    a loan comes after it there (``compat_18xx_games``; docs/rules-notes.md)."""

    @property
    def enabled(self) -> bool:
        return bool(self.rows)

    @property
    def count(self) -> int:
        return sum(n for _, n in self.rows)

    def rate(self, out: int) -> int:
        """Interest per loan with ``out`` loans taken (18USA §9).

        >>> LoanRules(rows=((5, 5), (10, 5), (15, 5))).rate(0)
        5
        >>> [LoanRules(rows=((5, 5), (10, 5), (15, 5))).rate(n) for n in (5, 6, 11)]
        [5, 10, 15]
        """
        if out <= 0:
            return self.no_loans_rate
        seen = 0
        for interest, n in self.rows:
            seen += n
            if out <= seen:
                return interest
        return self.rows[-1][0]


class LoanBank:
    """Which company holds each loan cube, the rate fixed for this operating round, and who
    borrowed during it (18USA §12.9: no repayment in an operating round with a new loan)."""

    __slots__ = ("borrowed_this_or", "holder", "rate", "rules")

    def __init__(self, rules: LoanRules) -> None:
        self.rules = rules
        self.holder: list[str | None] = [None] * rules.count
        self.rate = rules.no_loans_rate
        self.borrowed_this_or: set[str] = set()

    def __deepcopy__(self, memo: dict[int, object]) -> LoanBank:
        copy = LoanBank.__new__(LoanBank)
        copy.rules = self.rules
        copy.holder = list(self.holder)
        copy.rate = self.rate
        copy.borrowed_this_or = set(self.borrowed_this_or)
        return copy

    def out(self) -> int:
        return sum(1 for h in self.holder if h is not None)

    def of(self, company: str) -> list[int]:
        """Loan numbers held by ``company``, lowest first."""
        return [i for i, h in enumerate(self.holder) if h == company]

    def next_free(self) -> int | None:
        return next((i for i, h in enumerate(self.holder) if h is None), None)

    def start_operating_round(self) -> None:
        """18USA §9/§12: the rate is set at the start of each operating round."""
        self.rate = self.rules.rate(self.out())
        self.borrowed_this_or.clear()

    def lend(self, company: str, loan: int) -> None:
        self.holder[loan] = company
        self.borrowed_this_or.add(company)

    def repay(self, loan: int) -> None:
        self.holder[loan] = None

    def move(self, source: str, to: str) -> list[int]:
        """Hand every loan of ``source`` to ``to`` (mergers, acquisitions: 18USA §14)."""
        moved = self.of(source)
        for i in moved:
            self.holder[i] = to
        return moved

    def __repr__(self) -> str:
        return f"<LoanBank {self.out()}/{len(self.holder)} out at ${self.rate}>"
