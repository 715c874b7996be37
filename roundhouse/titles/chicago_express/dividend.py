"""Dividends, Detroit's own growth and the end of the game.

Chicago Express §5.1: at the end of every round each company with shares out pays
ceil(income / shares out) per share, from the (unlimited) bank; the treasury is not touched.
§5.2: the Chicago dividend is the same payment for one company only, once per company.
§3.3 and §6: after the general dividend Detroit's value rises by 1 (raising the income of every
company there), then the game ends if three companies have sold out their shares, three have no
locomotives left, the supply holds three houses or fewer, or this was the eighth dividend.
"""

from __future__ import annotations

from roundhouse.titles.chicago_express.board import DETROIT
from roundhouse.titles.chicago_express.company import Company
from roundhouse.titles.chicago_express.state import State

LAST_ROUND = 8
"""Detroit's marker leaves its eighth space after the eighth dividend (Chicago Express §6)."""
COMPANIES_TO_END = 3
HOUSES_TO_END = 3

END_REASONS = ("shares_sold_out", "trains_exhausted", "houses_exhausted", "round_limit")
"""The end conditions of Chicago Express §6, in the order they are reported when several
hold after the same dividend."""


def per_share(company: Company) -> int:
    """ceil(income / shares out) (Chicago Express §5.1).

    >>> from roundhouse.titles.chicago_express.board import load_board
    >>> nyc = Company(load_board().charters["NYC"])
    >>> nyc.income, nyc.holders = 10, {"Ann": 2, "Bob": 1}
    >>> per_share(nyc)
    4
    """
    out = company.shares_out
    return -(-company.income // out) if out else 0


def pay(state: State, company: Company, occasion: str) -> int:
    """The bank pays one company's dividend to its shareholders; returns the total paid."""
    amount = per_share(company)
    if amount == 0:
        return 0
    parts = []
    total = 0
    for player in state.players:
        held = company.holders.get(player, 0)
        if held:
            state.cash[player] += amount * held
            total += amount * held
            parts.append(f"{player} ${amount * held}")
    state.bank_net += total
    state.emit(
        "payout",
        f"{occasion}: {company.id} pays ${amount} per share ({', '.join(parts)})",
        company=company.id,
        per_share=amount,
    )
    return total


def general(state: State) -> None:
    """End of round: pay every company, advance Detroit, check the end, reset the gauges."""
    for company in state.companies.values():
        pay(state, company, f"Dividend {state.round}")
    track = state.board.industrial[DETROIT]
    if state.track[DETROIT] < track.max:
        state.track[DETROIT] += 1
        state.raise_income(state.present.get(DETROIT, []), 1)
        state.emit(
            "detroit", f"Detroit rises to ${state.track[DETROIT]}", value=state.track[DETROIT]
        )
    reason = end_reason(state)
    if reason is not None:
        state.end = reason
        state.phase = "over"
        best = max(state.cash.values())
        winners = [p for p in state.players if state.cash[p] == best]
        verb = "wins" if len(winners) == 1 else "share the win"
        state.emit(
            "game_over",
            f"Game over ({reason.replace('_', ' ')}): {' and '.join(winners)} {verb} with ${best}",
            reason=reason,
            result=dict(state.cash),
            winners=list(winners),
        )
        return
    state.round += 1
    state.emit("round", f"Round {state.round}", round=state.label(), kind="round")
    for gauge in state.gauges:
        state.gauges[gauge] = 0


def end_reason(state: State) -> str | None:
    """Which end condition holds right after a general dividend (Chicago Express §6)."""
    companies = state.companies.values()
    if sum(c.shares_left == 0 for c in companies) >= COMPANIES_TO_END:
        return "shares_sold_out"
    if sum(c.locos_left == 0 for c in companies) >= COMPANIES_TO_END:
        return "trains_exhausted"
    if state.houses <= HOUSES_TO_END:
        return "houses_exhausted"
    if state.round >= LAST_ROUND:
        return "round_limit"
    return None
