"""What the privates' markers add to a stop's value: bridges (§13.4), P8 Express Freight
Service's red-area station, P27 Company Town.

* a ``bridge`` marker: the city is worth $10 more "for all companies" (§13.4);
* an ``express:<company>`` marker on each hex of a red area: that company's trains earn $10
  more for running there (appendix P8: "+10 revenue for each train which runs to that red
  area"; a route visits a red area once, §12.1, so once per train);
* a ``lawfirm:<company>:<city>`` marker: P20's station waiting for a slot, a station of the
  company that takes none (:mod:`.law_firm_step`, :mod:`.law_firm`);
* a company town tile (X20-X22): companies without a station token there earn $10 less for
  it (18xx.games P27: "receive $10 less for the city than the company with the station
  marker").

The title passes :class:`PrivateStops` as its board map's graph options' ``decorate`` (the
route machinery asks it for each stop: :class:`~roundhouse.core.routes.adapter.StopDecorator`).
"""

from __future__ import annotations

import dataclasses

from roundhouse.core.board import Board
from roundhouse.core.routes.adapter import StopExtras

BRIDGE = "bridge"
EXPRESS = "express:"
LAW_FIRM = "lawfirm:"
COMPANY_TOWNS = frozenset({"X20", "X21", "X22"})


def express_marker(corp_id: str) -> str:
    return f"{EXPRESS}{corp_id}"


def law_firm_marker(corp_id: str, city: str) -> str:
    """P20's station waiting for a slot in ``city``."""
    return f"{LAW_FIRM}{corp_id}:{city}"


@dataclasses.dataclass(frozen=True)
class PrivateStops:
    """The stop decorator for the privates' markers (module docstring)."""

    bridge_bonus: int = 10
    express_bonus: int = 10
    company_town_penalty: int = 10

    def __call__(self, board: Board, hex_name: str, stop: str) -> StopExtras | None:
        here = board[hex_name]
        bonus = 0
        company: dict[str, int] = {}
        extra: list[str] = []
        for marker in here.markers:
            if marker.startswith(LAW_FIRM):
                _, corp, city = marker.split(":")
                if city == stop:
                    extra.append(corp)
            elif marker == BRIDGE:
                bonus += self.bridge_bonus
            elif marker.startswith(EXPRESS):
                corp = marker.removeprefix(EXPRESS)
                company[corp] = company.get(corp, 0) + self.express_bonus
        if here.tile.id in COMPANY_TOWNS:
            bonus -= self.company_town_penalty
            for held in here.tokens.values():
                for corp in held:
                    company[corp] = company.get(corp, 0) + self.company_town_penalty
        if not bonus and not company and not extra:
            return None
        return StopExtras(bonus=bonus, company_bonus=company or None, extra_tokens=tuple(extra))
