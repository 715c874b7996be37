"""18USA's game options.

``compat_18xx_games``: where the rulebook and 18xx.games differ, play as the site does
(docs/rules-notes.md, 18USA): the red areas' value tokens are drawn from the site's pool of
eleven instead of the rulebook's ten (§2.6).

§17's variants: ``seventeen_trains`` ("Use 1817 Train Roster": 1817's trains, and its
exports: all 2-trains while they top the stack, else the next train, after every operating
round; no Phase 3 at the end of the second), ``max_start_300`` ("$300 Maximum Starting
Price After Phase 5": from Phase 5 a start may reach $300; in every phase a company whose
players hold less than half of it at the end of its first stock round goes to liquidation),
``no_president_limit`` ("No 60% President Share Limit": a president may hold more than
§11.4's limit; others may then buy from them at 10% over the price when no other share is
for sale, :mod:`~roundhouse.titles.g18usa.family1817.president_sale`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.title import OptionSpec, OptionValue

OPTIONS = (
    OptionSpec(
        name="compat_18xx_games",
        label="As on 18xx.games",
        default=False,
        description="Play as 18xx.games does where it differs from the "
        "rulebook (red area tokens); games imported from there are.",
    ),
    OptionSpec(
        name="seventeen_trains",
        label="Trains of 1817",
        default=False,
        description="Use 1817's train roster and export rules (§17).",
    ),
    OptionSpec(
        name="no_president_limit",
        label="No president limit",
        default=False,
        description="No 60% share limit for presidents; others may buy from them at +10% (§17).",
    ),
    OptionSpec(
        name="max_start_300",
        label="Start price cap",
        default=False,
        description="$300 maximum starting price after Phase 5, and the 50% rule (§17).",
    ),
)


@dataclasses.dataclass(frozen=True)
class Variant:
    compat_18xx_games: bool = False
    seventeen_trains: bool = False
    max_start_300: bool = False
    no_president_limit: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Variant:
        return cls(
            compat_18xx_games=bool(options.get("compat_18xx_games", False)),
            seventeen_trains=bool(options.get("seventeen_trains", False)),
            max_start_300=bool(options.get("max_start_300", False)),
            no_president_limit=bool(options.get("no_president_limit", False)),
        )
