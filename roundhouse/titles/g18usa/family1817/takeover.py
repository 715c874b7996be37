"""A title's rules for companies changing size and changing hands: conversions, mergers,
and company sales (liquidation, acquisition, friendly sale) - the 1817 family's merger and
acquisition round (18USA §14).  The default (no size ladder) means the title has none.

Company sizes climb a ladder (18USA §7.2: 2 -> 5 -> 10 shares).  A company converts one rung
up alone, or two companies of one rung merge into one of the next (§14.1).  Companies whose
price stands in the liquidation zone are sold whatever happens, those in an acquisition zone
are offered, and healthy ones may be offered by their president (§14.2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping


@dataclasses.dataclass(frozen=True, kw_only=True)
class TakeoverRules:
    sizes: tuple[int, ...] = ()
    """The size ladder, smallest first (18USA §7.2: 2, 5, 10); empty: no conversions,
    mergers or company sales."""
    token_cost: Mapping[int, int] = dataclasses.field(default_factory=dict)
    """New size -> cost of the station tokens bought on conversion (18USA §14.1.1: $50 for
    5 shares, $100 for 10); unpaid, the company goes to liquidation."""
    conversion_tokens: Mapping[int, int] = dataclasses.field(default_factory=dict)
    """New size -> station tokens that :attr:`token_cost` buys (18USA §14.1.1: one for 5
    shares, two for 10); a size not listed buys its cost as one lot and no token is
    counted."""
    max_tokens: int | None = None
    """Most station tokens a company may have (18USA §14.1.1, §14.3: eight); a conversion
    buys only up to it, at the price of one token each, and a merger or company sale keeps
    only that many.  None: tokens are not counted here (the title's
    :meth:`~.hooks.FamilyHooks.on_company_absorbed` handles them)."""
    liquidation_zone: str = "liquidation"
    acquisition_zone: str = "acquisition"
    bid_step: int = 10
    """Company-sale bids are multiples of this (18USA §14.2.1-§14.2.2: $10)."""
    acquisition_min_bid: int = 10
    """Least bid for a company in the acquisition zone (18USA §14.2.2)."""
    president_raise_cap: int = 10
    """The sold company's president may raise a bid by at most this (18USA §14.2)."""
    no_train_liquidation: bool = False
    """A company ending its operating turn without a train goes to the liquidation zone
    (18USA §12.6)."""
    friendly_sales: bool = True
    """Presidents may offer healthy companies for sale (18USA §14.2.3)."""
    shares_before_conversion_loans: bool = False
    """Whether a converted company's share round (§14.1.3) comes before its loans and station
    tokens (18xx.games's step order: ``PostConversion`` before ``PostConversionLoans``,
    ``compat_18xx_games``); §14.1.1 lists the loans and tokens first."""
    new_president_buys_on: bool = False
    """Whether a player whom a purchase in the §14.1.3 share round makes the company's
    president goes on buying, as the president does, until they pass or can buy no more
    (18xx.games ``G1817::Step::PostConversion#process_buy_shares`` ends a buyer's turn
    only when they are not the president after the purchase; ``compat_18xx_games``).
    §14.1.3: "each player in clockwise order starting from the president's left, may buy
    one share"."""
    withhold_stops_at_acquisition: bool = False
    """Whether a withhold leaves a company in the leftmost acquisition space instead of
    moving it into liquidation (18xx.games: only a liquidation moves a token there,
    ``SharePrice#normal_movement?``; ``compat_18xx_games``).  §12.5 moves it "back one
    step" wherever it is; §9 stops only loans at the leftmost gray space."""
    liquidations_before_crisis: bool = False
    """Whether the company sales nobody can bid in (the bank liquidating, §14.2.1) go on
    past a cash crisis one of them raised, the debtors then paying clockwise from the
    president of the company sold last, as on 18xx.games (its Acquire step runs them all
    in one action; ``G1817::Step::CashCrisis`` comes after); by default the round stops at
    the first debt (§15)."""
    liquidate_only_at_start: bool = False
    """Whether only companies already in the liquidation space when the round began are
    liquidated in it (18xx.games skips one that "moved into liquidation during M&A", as
    §14 says of the acquisition area; ``compat_18xx_games``)."""
    sales_in_one_pass: bool = False
    """Whether the company sales go once through every company in reverse operating order
    as it stood when the sales began, each sold as its area says when its turn comes
    (liquidation, acquisition, or a friendly sale offered), as on 18xx.games
    (``G1817::Round::Acquisition#select_entities``, ``Step::Acquire#setup_auction``;
    ``compat_18xx_games``).  §14.2 has all liquidations first, then acquisitions, then
    friendly sales, "all ... conducted in reverse operating order" (as it is then)."""
    president_by_net_shares: bool = False
    """Whether a merger's new president is the player with the most shares net of their
    short shares, the initiator's president keeping it on a tie, else the nearest after them
    in seat order (18xx.games ``G1817::Game#migrate_shares`` counts a short as minus one
    share; ``compat_18xx_games``).  §14.1.2: "The player with the most shares is the
    president of the new company", its shares only."""
    merger_president_shares: int | None = None
    """With a number, two companies that merge by exchanging shares one for one (two
    5-share companies into a 10-share one) may merge only when one player holds at least
    that many of their shares together, net of their short shares: 18xx.games offers the
    merger only then (``G1817::Step::Conversion#mergeable``: ``merged_max_share_holder``
    at least 40%, two 20% shares, enough for the 10-share company's president's
    certificate; ``compat_18xx_games``: 2).  §14.1.2 sets no such condition: "The player
    with the most shares is the president of the new company"."""
    repay_acquired_loans: bool = False
    """Whether a buyer's bid limit counts paying off every loan of the company bought, with
    the loans it may take under its own limit (18xx.games ``G1817::Step::Acquire
    #max_bid_for_corporation``, ``compat_18xx_games``); otherwise the bought loans only use up
    the buyer's loan room (18USA §14.2, docs/rules-notes.md).  With it the buyer also repays
    at once, unasked, the acquired loans that put it over its limit (``#acquire_post_loan``,
    :meth:`~.sale_auction.SaleAuction.repay_over_the_limit`)."""

    @property
    def enabled(self) -> bool:
        return bool(self.sizes)

    def next_size(self, size: int) -> int | None:
        """The rung above ``size`` (18USA §14.1: 2 -> 5, 5 -> 10), or None at the top.

        >>> TakeoverRules(sizes=(2, 5, 10)).next_size(5)
        10
        """
        if size not in self.sizes:
            return None
        i = self.sizes.index(size)
        return self.sizes[i + 1] if i + 1 < len(self.sizes) else None
