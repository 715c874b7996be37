"""18RoyalGorge's companies as core records: railroads, CF&I and VGC, private asset cards.

Read from companies.toml (its header names the sources).  A private card's income and closing
become core :class:`~roundhouse.core.ability.Income` and
:class:`~roundhouse.core.ability.Closes` abilities; its special power is a :class:`Power`
record naming the power and its numbers, which the title's rules interpret.

>>> railroads()["RG"].spec.tokens, privates()["G6"].spec.value
((0, 40, 60), 10)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import cast

from roundhouse.core.ability import Ability, Closes, Income, Who
from roundhouse.core.entities import CorporationSpec, PrivateSpec
from roundhouse.titles.g18royalgorge.data import (
    Source,
    Table,
    as_ints,
    as_strs,
    read_toml,
    table_of,
)


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
    out: dict[str, Railroad] = {}
    for rid, raw in table_of(read_toml("companies.toml"), "railroads").items():
        r = cast(Table, raw)
        out[rid] = Railroad(
            spec=CorporationSpec(
                id=rid,
                name=str(r["name"]),
                kind="railroad",
                size=10,
                president_shares=2,
                float_shares=2,
                tokens=as_ints(r["stations"]),
                home=(str(r["home"]), "c"),
            ),
            year=int(cast(int, r["year"])),
            colour=str(r["color"]),
            wooden_tokens=int(cast(int, r["tokens"])),
            gorge_tokens=int(cast(int, r.get("gorge_tokens", 0))),
            returned_token_prices=as_ints(r.get("returned_token_prices", [])),
        )
    return out


@functools.cache
def metal_companies() -> Mapping[str, CorporationSpec]:
    """CF&I and VGC: ten 10% shares, no president, never operate."""
    return {
        cid: CorporationSpec(
            id=cid,
            name=str(cast(Table, raw)["name"]),
            kind="metal",
            president_shares=1,
            float_shares=0,
            tokens=(),
        )
        for cid, raw in table_of(read_toml("companies.toml"), "metals").items()
    }


Param = str | int | bool | tuple[str, ...] | tuple[int, ...]


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


def _param(value: object) -> Param:
    if isinstance(value, list):
        return as_ints(value) if value and isinstance(value[0], int) else as_strs(value)
    if isinstance(value, bool | int | str):
        return value
    raise TypeError(f"18RoyalGorge companies.toml: unsupported parameter {value!r}")


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
    for pid, raw in table_of(read_toml("companies.toml"), "privates").items():
        r = cast(Table, raw)
        params = {k: _param(v) for k, v in cast(Table, r.get("params", {})).items()}
        abilities: list[Ability] = []
        if int(cast(int, r["income"])):
            start = params.get(
                "income_from_18xx_games" if source is Source.EIGHTEEN_XX_GAMES else "income_from"
            )
            abilities.append(
                Income(
                    amount=int(cast(int, r["income"])),
                    from_phase=None if start in (None, "Yellow") else str(start),
                )
            )
        if "phase_income" in params:
            abilities.append(
                Income(
                    amount=int(cast(int, params["phase_income"])), from_phase=str(params["phase"])
                )
            )
        abilities.append(_CLOSES[str(r["closes"])])
        who = Who.OWNING_COMPANY if r["used_by"] == "railroad" else Who.OWNER
        power = Power(power=str(r["power"]), params=params, who=who)
        abilities.append(power)
        spec = PrivateSpec(
            id=pid,
            name=str(r["name"]),
            value=int(cast(int, r["value"])),
            abilities=tuple(abilities),
            counts_as_cert=bool(r.get("counts_as_cert", True)),
            company_may_buy=bool(r["company_may_buy"]),
        )
        out[pid] = PrivateCard(spec, str(r["color"]), " ".join(str(r["text"]).split()), power)
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
    raw = table_of(read_toml("companies.toml"), "draw")
    groups = tuple(
        (str(g["color"]), as_strs(g["cards"]), int(cast(int, g["picks"])))
        for g in cast(list[Table], raw["private_groups"])
    )
    return DrawRules(
        always=as_strs(raw["always"]),
        random=as_strs(raw["random"]),
        random_picks=int(cast(int, raw["random_picks"])),
        tranches=as_strs(raw["tranches"]),
        private_groups=groups,
    )
