"""18USA's game options.

``compat_18xx_games``: where the rulebook and 18xx.games differ, play as the site does
(docs/rules-notes.md, 18USA): the red areas' value tokens are drawn from the site's pool of
eleven instead of the rulebook's ten (§2.6).

The §17 variants are not offered yet (the report of issue #17 lists them): "Use 1817 Train
Roster", "No 60% President Share Limit", "$300 Maximum Starting Price After Phase 5".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.title import OptionSpec, OptionValue

OPTIONS = (
    OptionSpec(
        name="compat_18xx_games",
        default=False,
        description="Play as 18xx.games where it differs from the rulebook (red area tokens)",
    ),
)


@dataclasses.dataclass(frozen=True)
class Variant:
    compat_18xx_games: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Variant:
        return cls(compat_18xx_games=bool(options.get("compat_18xx_games", False)))
