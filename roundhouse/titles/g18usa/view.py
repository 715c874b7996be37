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

from roundhouse.core.ids import PlayerId
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.core.view.panel import Fact, Panel
from roundhouse.titles.g18usa.state import UsaGame


class UsaObserver(EngineObserver[UsaGame]):
    """The typed views of a :class:`~.state.UsaGame`."""

    __slots__ = ()

    def company_facts(self, company: str) -> tuple[Fact, ...]:
        g = self.state
        loans = len(g.loans.of(company))
        shorts = g.shorts.outstanding(company)
        subsidy = g.company_subsidies.get(company)
        return (
            Fact(key="size", label="Shares", value=g.books[company].size),
            Fact(key="loans", label="Loans", value=loans),
            Fact(key="shorts", label="Shorts out", value=shorts),
            Fact(key="subsidy", label="Subsidy", value=subsidy.kind if subsidy else None),
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
                    columns=("City", "Subsidy"),
                    rows=tuple(sorted(g.subsidy_view().items())),
                    note="Taken by a company starting there in the first stock round (§11.6.1).",
                )
            )
        return tuple(out)
