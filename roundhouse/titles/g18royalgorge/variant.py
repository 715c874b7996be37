"""The game options: the rulebook's Game Play Variants and the 18xx.games import switches.

The rulebook is the default everywhere; ``compat_18xx_games`` switches on, as one group, every
place where 18xx.games plays differently (docs/facts/18royalgorge.md §20, docs/rules-notes.md
"18RoyalGorge"), so its games replay move for move.

The 2-Player Variant is no switch: "Buying" already makes 70% the limit in a two-player game
(:func:`.data.share_rules`, CF&I and VGC included), so a two-player game plays it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.title import OptionSpec, OptionValue

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="shorter_game_end",
        label="Shorter Game",
        default=False,
        description="Any end trigger finishes the current set of operating "
        "rounds and scores (an export still gives one stock round and one set).",
    ),
    OptionSpec(
        name="no_privates",
        label="No Privates Variant",
        default=False,
        description="Play without private assets.",
    ),
    OptionSpec(
        name="alternate_prices",
        label="Alternate Gold and Steel Prices",
        default=False,
        description="A random Y1-Y3 card's minimum bid sets "
        "CF&I's price, a random G1-G3 card's sets the Victor Gold Company's.",
    ),
    OptionSpec(
        name="auction_variant",
        label="Auction Variant",
        default=False,
        description="The right to start a railroad is auctioned in $5 steps; "
        "the winner pays the bank and starts it, then play resumes with the initiator.",
    ),
    OptionSpec(
        name="hand_picked",
        label="Hand-Picked Variant",
        default=False,
        description="Instead of a random deal, players draft the private "
        "assets from the player left of the priority deal: two yellow, two green, one brown.",
    ),
    OptionSpec(
        name="elijah_mccoy",
        label="Expanded Content",
        default=False,
        description="Play the Track Engineer (B5) as its alternate art, Elijah McCoy (B5a).",
    ),
    OptionSpec(
        name="compat_18xx_games",
        label="As on 18xx.games",
        default=False,
        # What differs is listed in docs/rules-notes.md.
        description="Play as 18xx.games does where it differs from the "
        "rulebook; a game can be exported to 18xx.games only when made so, and games imported "
        "from there are.",
    ),
)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Variant:
    shorter_game_end: bool = False
    no_privates: bool = False
    alternate_prices: bool = False
    auction_variant: bool = False
    """Starting a railroad takes an auction for the right (:mod:`.start_auction`)."""
    hand_picked: bool = False
    """The private assets are drafted, not dealt (:mod:`.hand_picked`)."""
    elijah_mccoy: bool = False
    """B5 is dealt as its alternate art B5a (:mod:`.track_engineer`)."""
    compat_18xx_games: bool = False

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Variant:
        """Every option off unless named: the fixtures and default games play the rulebook's
        standard game ("most of these can be combined with each other")."""
        return cls(**{f.name: bool(options.get(f.name, False)) for f in dataclasses.fields(cls)})
