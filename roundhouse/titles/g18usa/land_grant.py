"""P15 Western Land Grant's loans (18xx.games: "one extra loan at a fixed $5 per round
interest rate"): the family's loan rules ask the game (``FamilyEngine.extra_loans``,
``FamilyEngine.interest``), and 18USA's game answers from here."""

from __future__ import annotations

from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import ExtraLoan


def extra_loans(g: FamilyEngine, corp_id: str) -> int:
    """P15: loans above the share-size maximum."""
    return sum(a.loans for _, a in held(g, corp_id, ExtraLoan))


def interest_due(g: FamilyEngine, corp_id: str, rate: int, loans: int) -> int:
    """§12.8 with P15: one of the company's loans costs $5 whatever the rate."""
    owned = held(g, corp_id, ExtraLoan)
    if not owned or not loans:
        return rate * loans
    fixed = min(loans, owned[0][1].loans)
    return rate * (loans - fixed) + owned[0][1].interest * fixed
