"""What an 18USA game shows beyond core's 18xx views: each company's size and loans, each
player's short shares, the Bank of New York (§9), and the set-up drawn for the game -
metropolises (§2.4), subsidies still on offer (§2.5, §11.6.1) and red area values (§2.6).

>>> import roundhouse
>>> game = roundhouse.new_game("18USA", ["Ann", "Bob", "Cy"], seed=3)
>>> bank = next(p for p in game.panels() if p.id == "bank_of_new_york")
>>> bank.value("Interest per loan")
'$5'
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from roundhouse.core.actions import Action
from roundhouse.core.ids import PlayerId
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.core.view.panel import Fact, Panel
from roundhouse.core.view.prompt import AuctionView, Prompt
from roundhouse.titles.g18usa import words
from roundhouse.titles.g18usa.family1817.short_sale import CorporateStockRound
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.privates import privates as private_cards
from roundhouse.titles.g18usa.setup_draw import SUBSIDY_NAMES
from roundhouse.titles.g18usa.state import UsaGame

SUBSIDY_WORDS = {
    "none": "none",
    "boomtown": "Boomtown: a free green home city in the first operating round",
    "free_station": "an extra station, placeable even in a full city",
    "plus10": "the city is worth $10 more",
    "plus10_20": "the city is worth $10 more ($20 from phase 5)",
    "resource": "a coal, oil or ore token",
}
"""Appendix "Subsidy Tiles", each kind in a few words (cash subsidies show their amount)."""


class UsaObserver(EngineObserver[UsaGame]):
    """The typed views of a :class:`~.state.UsaGame`."""

    __slots__ = ()

    step_action: ClassVar[dict[str, str]] = dict(words.STEP_ACTION)
    step_help: ClassVar[dict[str, str]] = dict(words.STEP_HELP)

    def private_text(self, private: str) -> str:
        card = private_cards().get(private)
        return card.text if card is not None else ""

    def describe(self, action: Action) -> str:
        return words.describe(self.state, action) or super().describe(action)

    def told(self, action: Action) -> str:
        return words.told(self.state, action) or super().told(action)

    def prompt(self, player: PlayerId | None) -> Prompt:
        """Core's prompt, with help for the decisions taken without steps (§11.6, §14) and
        a company start's auction shown as an auction."""
        shown = super().prompt(player)
        g = self.state
        extra: dict[str, object] = {}
        if not shown.help and (help_line := words.round_help(g)):
            extra["help"] = help_line
        if not shown.step and (action := words.round_action(g)):
            extra["action"] = action
        r = g.round
        if isinstance(r, CorporateStockRound) and r.auction is not None:
            a = r.auction
            if a.phase == "bid" and shown.auction is None:
                extra["auction"] = AuctionView(
                    item=a.corp,
                    high_bid=a.high,
                    high_bidder=a.high_bidder,
                    min_bid=a.rules.min_bid,
                    lowest_bid=a.high + a.rules.raise_step,
                    bidders=tuple(b for b in a.bidders if b not in a.out),
                    to_act=a.acting(),
                    kind="start",
                )
        if isinstance(r, TakeoverRound) and r.phase == "auction" and r.auction is not None:
            sale = r.auction
            acting = shown.acting[0] if shown.acting else None
            extra["auction"] = AuctionView(
                item=sale.target,
                high_bid=sale.high if sale.high_bidder is not None else None,
                high_bidder=sale.high_bidder,
                min_bid=sale.min_bid(g) if sale.high_bidder is None else 0,
                lowest_bid=sale.min_bid(g),
                bidders=tuple(b for b in sale.bidders if b not in sale.out),
                to_act=acting,
                kind=sale.kind.value,
            )
        return dataclasses.replace(shown, **extra) if extra else shown  # type: ignore[arg-type]

    def company_facts(self, company: str) -> tuple[Fact, ...]:
        g = self.state
        loans = len(g.loans.of(company))
        shorts = g.shorts.outstanding(company)
        subsidy = g.company_subsidies.get(company)
        return (
            Fact(key="size", label="Shares", value=g.books[company].size),
            Fact(key="loans", label="Loans", value=loans),
            Fact(key="shorts", label="Shorts out", value=shorts),
            Fact(
                key="subsidy",
                label="Subsidy",
                value=_subsidy_name(subsidy.kind, subsidy.value) if subsidy else None,
            ),
        )

    def player_facts(self, player: str) -> tuple[Fact, ...]:
        g = self.state
        shorts = ", ".join(
            f"{c} x{n}" for c in sorted(g.shorts.held) if (n := g.shorts.of(player, c))
        )
        return (Fact(key="shorts", label="Short shares", value=shorts or None),)

    def panels(self, player: PlayerId | None) -> tuple[Panel, ...]:
        g = self.state
        bank = Panel.of_facts(
            "bank_of_new_york",
            "Bank of New York",
            (
                ("Loans out", f"{g.loans.out()} of {len(g.loans.holder)}"),
                ("Interest per loan", f"${g.loans.rate}"),
                ("Next rate", f"${g.config.loans.rate(g.loans.out())}"),
            ),
        )
        setup = Panel.of_facts(
            "set_up",
            "Set-up",
            (
                ("Metropolises", ", ".join(g.metropolises)),
                ("Operating rounds played", g.ors_played),
            ),
        )
        red = Panel(
            id="red_areas",
            title="Red areas",
            columns=("Area", "Yellow", "Green", "Brown", "Gray"),
            rows=tuple((name, *values) for name, values in sorted(g.red_values.items())),
        )
        out = [bank, setup, red]
        if g.subsidies:
            out.append(
                Panel(
                    id="subsidies",
                    title="Subsidies",
                    columns=("City", "Subsidy", "What it gives"),
                    rows=tuple(
                        (h, _subsidy_name(s.kind, s.value), _subsidy(s.kind, s.value))
                        for h, s in sorted(g.subsidies.items())
                    ),
                    note="Taken by a company starting there in the first stock round (§11.6.1).",
                )
            )
        return tuple(out)


def _subsidy(kind: str, value: int) -> str:
    """A subsidy tile in words: its cash or what it does."""
    return f"${value} toward the start" if value else SUBSIDY_WORDS.get(kind, kind)


def _subsidy_name(kind: str, value: int) -> str:
    return f"${value}" if value else SUBSIDY_NAMES.get(kind, kind)
