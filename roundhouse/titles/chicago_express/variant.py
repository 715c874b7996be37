"""The rule variants a Chicago Express game may be played with, as game options.

Each option is a point where the sources disagree or are silent (facts sheet §8); the default
is the reading this project follows, argued in docs/rules-notes.md.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from roundhouse.core.title import OptionSpec, OptionValue

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="auctioneer_may_pass",
        label="Auctioneer may pass",
        default=True,
        description=(
            "The auctioneer may open an auction with a pass instead of a bid "
            "(condensed rules; Chicago Express §8 #3). Off: the auctioneer must bid the minimum "
            "if they can."
        ),
    ),
    OptionSpec(
        name="unbid_share",
        label="Unbid share",
        default="stays",
        choices=("stays", "to_auctioneer"),
        choice_labels=("stays on the charter", "goes free to the auctioneer"),
        description=(
            "A share nobody bids on in a regular auction stays on the charter, or "
            "goes free to the auctioneer as in the initial auctions (Chicago Express §4.1, §8 #4)."
        ),
    ),
    OptionSpec(
        name="shared_hex_cost",
        label="Cost of a shared hex",
        default="one_plus_present",
        choices=("one_plus_present", "present"),
        choice_labels=("printed × (1 + companies there)", "printed × companies there"),
        description=(
            "To enter a plain or city where other companies are costs "
            "printed × (1 + companies there), or printed × companies there (literal summary "
            "wording; Chicago Express §4.2, §8 #5)."
        ),
    ),
    OptionSpec(
        name="develop_requires_presence",
        label="Develop only where a company is",
        default=True,
        description=(
            "A hex can be developed only if some company has a "
            "locomotive there (Chicago Express §4.3, §8 #6)."
        ),
    ),
    OptionSpec(
        name="industrial_uses_house",
        label="Industrial cities take a house",
        default=False,
        description=(
            "Developing Wheeling or Pittsburgh also takes a house "
            "from the supply (Chicago Express §4.3, §8 #9)."
        ),
    ),
    OptionSpec(
        name="fort_wayne_open",
        label="Fort Wayne open to all",
        default=True,
        description=(
            "Companies other than the Wabash may enter Fort Wayne, the "
            "Wabash start hex (Chicago Express §4.2, §8 #11)."
        ),
    ),
)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    """The options of one game, typed."""

    auctioneer_may_pass: bool = True
    unbid_share_to_auctioneer: bool = False
    shared_cost_one_plus: bool = True
    develop_requires_presence: bool = True
    industrial_uses_house: bool = False
    fort_wayne_open: bool = True

    @classmethod
    def from_options(cls, options: Mapping[str, OptionValue]) -> Variant:
        return cls(
            auctioneer_may_pass=bool(options.get("auctioneer_may_pass", True)),
            unbid_share_to_auctioneer=options.get("unbid_share", "stays") == "to_auctioneer",
            shared_cost_one_plus=(
                options.get("shared_hex_cost", "one_plus_present") == "one_plus_present"
            ),
            develop_requires_presence=bool(options.get("develop_requires_presence", True)),
            industrial_uses_house=bool(options.get("industrial_uses_house", False)),
            fort_wayne_open=bool(options.get("fort_wayne_open", True)),
        )
