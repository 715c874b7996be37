"""The settings of 18West's merger and acquisition round (18West §6): what companies may do
in it and from when it is played."""

from __future__ import annotations

import dataclasses

from roundhouse.core.config import TitleConfig
from roundhouse.titles.g18west.state import WestGame


@dataclasses.dataclass(frozen=True, kw_only=True)
class MergerRules:
    """What companies may do in an M&A round played by
    :class:`~.merger_round.MergerRound` (18West §6); default: nothing.

    Kinds are :meth:`MergerAnswers.company_kind <.merger_answers.MergerAnswers.company_kind>`
    values, so a company that changes type (18West §7.2: a Land Grant company converts to a
    Public company) is judged by its type now."""

    issue_redeem: bool = False
    """Companies may issue treasury shares to the pool and redeem pool shares, at the current
    market value and without moving it (18West §6.2)."""
    issuer_kinds: frozenset[str] = frozenset()
    """Kinds that may issue and redeem; empty: any company with treasury or pool shares
    (18West §6.2: Land Grant and Public companies - a Granger Road has none to issue)."""
    acquirer_kinds: frozenset[str] = frozenset()
    """Kinds that may acquire another company (18West §6.3: Public companies); empty: no
    acquisitions."""
    target_kinds: frozenset[str] = frozenset()
    """Kinds that may be acquired (18West §6.3: Granger Roads)."""
    excluded_target_zones: frozenset[str] = frozenset()
    """Market zones whose companies may not be acquired (18West §6.4: the grey zone)."""
    unstarted_share_value: int | None = None
    """Value of each share of an unstarted target acquired from the bank (18West §6.4.1:
    "maximum Starting Value", $100); None: only started companies may be acquired."""
    from_phase: str | None = None
    """From this phase an M&A round follows each set of operating rounds, before the stock
    round (18West §6: "Starting in Phase 4"); None: the title's rounds decide."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class MergerConfig(TitleConfig):
    """The 18xx settings plus the M&A round's."""

    merger: MergerRules = dataclasses.field(default_factory=MergerRules)
    """Issuing, redeeming and acquisitions in the M&A round (18West §6); default: none."""

    @classmethod
    def extending(cls, base: TitleConfig, **changes: object) -> MergerConfig:
        """``base``'s settings with the M&A round's (and any other field) set by keyword."""
        fields: dict[str, object] = {
            f.name: getattr(base, f.name) for f in dataclasses.fields(base) if f.init
        }
        fields.update(changes)
        return cls(**fields)  # type: ignore[arg-type]


def merger_rules(g: WestGame) -> MergerRules:
    """The game's M&A rules; a title without them allows nothing in an M&A round."""
    config = g.config
    return config.merger if isinstance(config, MergerConfig) else MergerRules()
