"""companies.toml: corporations and private companies, one table per company by its id.

A title names its tables as its rulebook does (``[corporations.PRR]``, ``[railroads.RG]``,
``[privates.Y1]``) with these rows, or subclasses of them that add the keys only it has.  A
private's abilities are the title's to build: the row gives the printed numbers.

>>> from roundhouse.core.datafile import read
>>> doc = read(CompaniesFile, {"corporations": {"PRR": {"name": "Pennsylvania",
...     "tokens": [0, 40], "home": "H12"}}}, source="example")
>>> doc.corporations["PRR"].spec("PRR").home
('H12',)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated

from roundhouse.core.ability import Ability
from roundhouse.core.datafile import Amount, Invalid, Range, Table
from roundhouse.core.entities import CorporationSpec, PrivateSpec

ShareCount = Annotated[int, Range(1)]
"""A number of shares, 1 or more."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class CorporationRow(Table):
    """A corporation's charter as printed (core
    :class:`~roundhouse.core.entities.CorporationSpec`; the table's key is its id)."""

    name: str = ""
    """Its full name."""
    kind: str = ""
    """Company type for train limits, par regions and the title's rules ("minor" ...)."""
    size: ShareCount = 10
    """Shares in the company."""
    president_shares: ShareCount = 2
    """Shares the president's certificate counts as."""
    float_shares: Amount = 2
    """Shares that must be in players' hands before it operates."""
    tokens: tuple[Amount, ...] = (0,)
    """Price of each station token on the charter, home token first."""
    home: str | None = None
    """Home hex, where its first token goes; none: no home."""
    home_city: str | None = None
    """The city in the home hex (its name in the hex's tile code) when it matters."""
    unplayable: Amount = 0
    """Certificates that can never be traded."""
    available_phase: str | None = None
    """First phase in which it may be started."""
    must_own_train: bool = True
    """Whether the title's must-own-a-train rule applies to it."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.president_shares > self.size:
            raise Invalid(
                f"the president's certificate ({self.president_shares} shares) is larger than "
                f"the company ({self.size})",
                "president_shares",
            )
        if self.home_city is not None and self.home is None:
            raise Invalid("a home city needs a home hex", "home_city")

    def spec(self, company_id: str) -> CorporationSpec:
        home: tuple[str, ...] = ()
        if self.home is not None:
            home = (self.home,) if self.home_city is None else (self.home, self.home_city)
        return CorporationSpec(
            id=company_id,
            name=self.name,
            kind=self.kind,
            size=self.size,
            president_shares=self.president_shares,
            float_shares=self.float_shares,
            tokens=self.tokens,
            home=home,
            unplayable=self.unplayable,
            available_phase=self.available_phase,
            must_own_train=self.must_own_train,
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class PrivateRow(Table):
    """A private company or concession card (core
    :class:`~roundhouse.core.entities.PrivateSpec`; the table's key is its id)."""

    name: str = ""
    """Its name as printed."""
    value: Amount
    """Face value."""
    min_bid: Amount | None = None
    """Opening bid in the auction; none: the face value."""
    counts_as_cert: bool = False
    """Whether it counts against the certificate limit."""
    company_may_buy: bool = True
    """Whether companies may buy it."""

    def spec(self, private_id: str, abilities: tuple[Ability, ...] = ()) -> PrivateSpec:
        return PrivateSpec(
            id=private_id,
            name=self.name,
            value=self.value,
            min_bid=self.min_bid,
            abilities=abilities,
            counts_as_cert=self.counts_as_cert,
            company_may_buy=self.company_may_buy,
        )


@dataclasses.dataclass(frozen=True, kw_only=True)
class CompaniesFile(Table):
    """companies.toml with the common table names."""

    corporations: Mapping[str, CorporationRow] = dataclasses.field(default_factory=dict)
    """Corporations by id, in their printed order."""
    privates: Mapping[str, PrivateRow] = dataclasses.field(default_factory=dict)
    """Private companies by id."""

    def corporation_specs(self) -> dict[str, CorporationSpec]:
        return {cid: row.spec(cid) for cid, row in self.corporations.items()}

    def private_specs(self) -> dict[str, PrivateSpec]:
        return {pid: row.spec(pid) for pid, row in self.privates.items()}
