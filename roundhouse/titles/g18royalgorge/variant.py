"""The game options: the rulebook's Game Play Variants and the 18xx.games import switches.

The rulebook is the default everywhere; ``compat_18xx_games`` switches on, as one group, every
place where 18xx.games plays differently (docs/facts/18royalgorge.md §20, docs/rules-notes.md
"18RoyalGorge"), so its games replay move for move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.title import OptionSpec, OptionValue

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="shorter_game_end",
        default=False,
        description="Shorter Game: any end trigger finishes the current set of operating "
        "rounds and scores (an export still gives one stock round and one set).",
    ),
    OptionSpec(
        name="no_privates",
        default=False,
        description="No Privates Variant: play without private assets.",
    ),
    OptionSpec(
        name="alternate_prices",
        default=False,
        description="Alternate Gold and Steel Prices: a random Y1-Y3 card's minimum bid sets "
        "CF&I's price, a random G1-G3 card's sets the Victor Gold Company's.",
    ),
    OptionSpec(
        name="compat_18xx_games",
        default=False,
        description="Play as 18xx.games does where it differs from the rulebook (for imported "
        "games): see docs/rules-notes.md.",
    ),
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Variant:
    shorter_game_end: bool = False
    no_privates: bool = False
    alternate_prices: bool = False
    compat_18xx_games: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Variant:
        """The Auction and Hand-Picked variants are not offered as options yet; asking for
        them by name raises NotImplementedError naming the rulebook section."""
        for name, section in (
            ("auction_variant", "Auction Variant"),
            ("hand_picked", "Hand-Picked Variant"),
        ):
            if options.get(name):
                raise NotImplementedError(
                    f"18RoyalGorge Game Play Variants: {section} is not implemented yet"
                )
        return cls(
            shorter_game_end=bool(options.get("shorter_game_end", False)),
            no_privates=bool(options.get("no_privates", False)),
            alternate_prices=bool(options.get("alternate_prices", False)),
            compat_18xx_games=bool(options.get("compat_18xx_games", False)),
        )
