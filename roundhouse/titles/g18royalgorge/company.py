"""18RoyalGorge's companies as core records: railroads, CF&I and VGC, private asset cards.

Read from companies.toml (its header names the sources; schemas in :mod:`.tables`).  A private
card's income and closing become core :class:`~roundhouse.core.ability.Income` and
:class:`~roundhouse.core.ability.Closes` abilities; its special power is a :class:`Power`
record naming the power and its numbers, which the title's rules interpret.

>>> railroads()["RG"].spec.tokens, privates()["G6"].spec.value
((0, 40, 60), 10)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping

from roundhouse.core.ability import Ability, Closes, Income, Who
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.titles.g18royalgorge.data import Source
from roundhouse.titles.g18royalgorge.tables import Param, companies_file

METALS = ("CF&I", "VGC")
"""Colorado Fuel & Iron and the Victor Gold Company: shares only, they never operate."""


@dataclasses.dataclass(frozen=True)
class Railroad:
    """A railroad's charter: the core spec plus what set-up and the rules need."""

    spec: CorporationSpec
    year: int
    colour: str
    wooden_tokens: int
    """Tokens in the box: stations, the market and charter markers, RG's gorge tokens."""
    gorge_tokens: int = 0
    returned_token_prices: tuple[int, ...] = ()


@functools.cache
def railroads() -> Mapping[str, Railroad]:
    """All 11 railroads, in the file's order (by year established)."""
    return {
        rid: Railroad(
            spec=row.spec(rid),
            year=row.year,
            colour=row.color,
            wooden_tokens=row.wooden_tokens,
            gorge_tokens=row.gorge_tokens,
            returned_token_prices=row.returned_token_prices,
        )
        for rid, row in companies_file().railroads.items()
    }


@functools.cache
def metal_companies() -> Mapping[str, CorporationSpec]:
    """CF&I and VGC: ten 10% shares, no president, never operate."""
    return {cid: row.spec(cid) for cid, row in companies_file().metals.items()}


@dataclasses.dataclass(frozen=True, kw_only=True)
class Power(Ability):
    """A card's special power, named as in companies.toml (``power``) with its numbers; the
    title's rules give it meaning."""

    power: str
    params: Mapping[str, Param] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class PrivateCard:
    """A private asset card: the core spec plus its colour, text and power."""

    spec: PrivateSpec
    colour: str
    text: str
    power: Power

    @property
    def id(self) -> str:
        return self.spec.id


_CLOSES = {
    "first_5": Closes(on_train="5+"),
    "never": Closes(never=True),
    "after_use": Closes(after_use=True),
    "debt_paid": Closes(on_event="debt_paid"),
}


@functools.cache
def privates(source: Source = Source.RULEBOOK) -> Mapping[str, PrivateCard]:
    """The 18 base-game private asset cards (6 per colour), Y1 ... B6."""
    out: dict[str, PrivateCard] = {}
    for pid, row in companies_file().privates.items():
        params = dict(row.params)
        abilities: list[Ability] = []
        if row.income:
            start = params.get(
                "income_from_18xx_games" if source is Source.EIGHTEEN_XX_GAMES else "income_from"
            )
            abilities.append(
                Income(
                    amount=row.income,
                    from_phase=None if start in (None, "Yellow") else str(start),
                )
            )
        if "phase_income" in params:
            with row.located("params"):
                amount, phase = params["phase_income"], params.get("phase")
                if not isinstance(amount, int) or not isinstance(phase, str):
                    raise ValueError("phase_income needs a number and a phase name")
            abilities.append(Income(amount=amount, from_phase=phase))
        abilities.append(_CLOSES[row.closes])
        who = Who.OWNING_COMPANY if row.used_by == "railroad" else Who.OWNER
        power = Power(power=row.power, params=params, who=who)
        abilities.append(power)
        spec = row.spec(pid, tuple(abilities))
        out[pid] = PrivateCard(spec, row.color, " ".join(row.text.split()), power)
    return out


@dataclasses.dataclass(frozen=True)
class DrawRules:
    """Which companies and cards the set-up draws from ("Setting Up the Game")."""

    always: tuple[str, ...]
    random: tuple[str, ...]
    random_picks: int
    tranches: tuple[str, ...]
    private_groups: tuple[tuple[str, tuple[str, ...], int], ...]
    """(colour, cards in draw order, how many are dealt)."""


@functools.cache
def draw_rules() -> DrawRules:
    raw = companies_file().draw
    return DrawRules(
        always=raw.always,
        random=raw.random,
        random_picks=raw.random_picks,
        tranches=raw.tranches,
        private_groups=tuple((g.color, g.cards, g.picks) for g in raw.private_groups),
    )
