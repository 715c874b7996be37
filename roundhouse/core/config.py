"""A title's 18xx settings: every choice the rulebooks make, as typed fields with enums.

Core's rounds read these fields and never ask which title is being played.  The defaults are
the common 1830-family choices; a title sets only what differs.  Each enum names the rulebook
passages that pick each value, so the type checker and this file together list what titles
may choose.  Behaviour that a setting cannot express goes through :mod:`roundhouse.core.hooks`.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping

from roundhouse.core.dividend import PayoutRule
from roundhouse.core.market import SellDrop
from roundhouse.core.shares import ShareRules
from roundhouse.core.static import Static


class PriorityDeal(enum.Enum):
    """Who holds the priority deal after a stock round."""

    AFTER_LAST_ACTOR = "after_last_actor"
    """The player to the left of the last player who acted (18RoyalGorge "Priority Deal",
    18USA §11.8; if nobody acted it stays put).  In a round that ends with consecutive passes
    this is also "the player who initiated the final round of passes" (18US §5.5, 18West
    §5.1.5), so one value serves all four titles."""
    UNCHANGED = "unchanged"
    """The priority deal never moves (rounds like 18West §6's M&A round)."""


class AuctionPriority(enum.Enum):
    """Who gets the priority deal when the opening auction ends."""

    MOST_CASH = "most_cash"
    """The player with the most cash (18RoyalGorge "Private Asset Auction"; 18US §3.2).
    Ties keep seat order from the current priority holder."""
    AFTER_LAST_STARTER = "after_last_starter"
    """The player to the left of the last player to start an auction (18USA §10)."""
    UNCHANGED = "unchanged"


class SellBuyOrder(enum.Enum):
    """Order of sales and purchases within one stock-round turn."""

    SELL_THEN_BUY = "sell_then_buy"
    """Sell any number, then buy (18RoyalGorge "Selling", 18US §5.2, 18West §5.1.2,
    18USA §11)."""
    ANY = "any"


class SellTiming(enum.Enum):
    """When a company's shares first may be sold."""

    ANY_TIME = "any_time"
    AFTER_FIRST_OPERATION = "after_first_operation"
    """Not before the company has operated (18US §5.1, 18West §5.1.1)."""
    NOT_IN_FORMING_ROUND = "not_in_forming_round"
    """Not in the stock round the company was formed in (18USA §11.1)."""


class SellDropBy(enum.Enum):
    """Whose sales move the share price."""

    PRESIDENT = "president"
    """Only the president's (18RoyalGorge "Selling", 18US §4.2, 18West §4.2)."""
    ANYONE = "anyone"


class Capitalization(enum.Enum):
    """Where the money for a company's shares goes."""

    INCREMENTAL = "incremental"
    """Unsold shares sit in the company's treasury; each purchase pays the treasury
    (18RoyalGorge "Starting a company", 18West §3.3.2)."""
    FULL = "full"
    """Purchases from the initial offering pay the bank; on floating, the bank pays the
    company its size times the starting value and unsold shares go to the pool (18US §5.3,
    18West §3.3.4)."""


class MandatoryTrain(enum.Enum):
    """Whether a company must own a train at the end of its turn."""

    NEVER = "never"
    """Never obliged (18USA §12.6: the company goes to liquidation instead, a title hook)."""
    IF_ROUTE = "if_route"
    """Unless it has no route for a train (18RoyalGorge "Important Rules About Trains",
    rule 1)."""
    ALWAYS = "always"
    """Whether or not it has a route (18US §6.9, 18West §7.8.3)."""


class EmergencyTrain(enum.Enum):
    """Which trains a company in a forced purchase may buy with its president's money."""

    CHEAPEST = "cheapest"
    """Only the cheapest train the bank offers (the common 1830 rule)."""
    ANY = "any"
    """Any train the bank or pool offers (18US §6.9.1, 18West §7.8.4)."""


class EmergencySale(enum.Enum):
    """Which presidency changes an emergency share sale may cause."""

    NONE = "none"
    """No sale may change any presidency (18RoyalGorge "Emergency Fundraising", 18USA §15)."""
    OTHER_COMPANIES = "other_companies"
    """Not of the company buying the train; others may change (18US §6.9.1, 18West
    §7.8.4)."""


class BankruptCash(enum.Enum):
    """Where a bankrupt president's cash goes."""

    COMPANY = "company"
    """To the company that needed the train (18RoyalGorge "Bankruptcy", 18US §6.9.3)."""
    BANK = "bank"
    """Back to the bank (18USA §15)."""


class CertLimitPlayers(enum.Enum):
    """Which player count the certificate-limit table is read with."""

    SEATED = "seated"
    """Everyone who sat down: a bankruptcy leaves the limit alone (18US §6.9.3: "The
    certificate limit remains unchanged")."""
    SOLVENT = "solvent"
    """Players still in the game: each bankruptcy moves to the next column of the table
    (18USA §15: "The certificate limit increases accordingly (see the table in section
    2)")."""


class BankruptPrivates(enum.Enum):
    """What becomes of a bankrupt player's private companies."""

    CLOSE = "close"
    """They close (the core's default; no title rule asks for more)."""
    OPEN_MARKET = "open_market"
    """They go to the open market (18USA §15: "Place the player's stock (including shorts)
    and any private companies in the open market")."""
    KEEP = "keep"
    """They stay with the player, who no longer acts (18xx.games's 1817 family: its
    bankruptcy sells shares only, and the companies count in the player's final value)."""


class BankruptPresidency(enum.Enum):
    """Where a bankrupt player's president's certificates go."""

    NEXT_PLAYER = "next_player"
    """To the next eligible player, else the pool (18US §6.9.3, 18West §7.8.5)."""
    OPEN_MARKET = "open_market"
    """To the open market, whoever holds shares (18USA §15: "If a president's certificate
    is placed in the open market, move its share price token to the 'liquidation'
    space")."""


class BankruptcyEnd(enum.Enum):
    """What a bankruptcy does to the game."""

    GAME_ENDS = "game_ends"
    """The game ends at once (18RoyalGorge "Ending 1: Bankruptcy")."""
    ELIMINATE = "eliminate"
    """The player leaves; the game ends when one solvent player remains (18US §8,
    18West §9, 18USA §16)."""


class EndTrigger(enum.Enum):
    BANK_BROKEN = "bank_broken"
    MARKET_CELL = "stock_market"
    FINAL_TRAIN = "final_train"
    ROUND_LIMIT = "round_limit"
    BANKRUPTCY = "bankrupt"


class EndTiming(enum.Enum):
    """When a triggered game end happens."""

    IMMEDIATE = "immediate"
    END_OF_OR = "end_of_or"
    END_OF_OR_SET = "end_of_or_set"
    """At the end of the current set of operating rounds, or of the next set when triggered
    outside one (18US §8, 18West §9, 18RoyalGorge "Ending 2")."""
    AFTER_NEXT_SET = "after_next_set"
    """Finish this set, play a stock round and one more full set (18RoyalGorge "Ending 3",
    18USA §16)."""


class DividendBasis(enum.Enum):
    """What a dividend is compared with the share price to move it."""

    TOTAL = "total"
    """The whole revenue (18RoyalGorge "Pay Dividends", 18US §4.2: "consider the total
    company earnings", 18West §4.2)."""
    PER_SHARE = "per_share"
    """The amount paid per share (18USA §12.5, as 1817)."""


class DividendKind(enum.Enum):
    PAYOUT = "payout"
    WITHHOLD = "withhold"
    HALF = "half"
    """Half to the treasury, half paid out (18USA §12.5)."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class TitleConfig(Static):
    """Everything the 18xx rounds need to know about a title that is a plain setting."""

    players: range
    starting_cash: Mapping[int, int]
    """Player count -> each player's opening cash (18RoyalGorge "Certificate Limits")."""
    cert_limit: Mapping[int, int]
    """Player count -> certificate limit (18US §4.1, 18West §4.1)."""
    cert_limit_players: CertLimitPlayers = CertLimitPlayers.SEATED
    """Whether bankrupt players still count for :attr:`cert_limit` (18USA §15: no)."""
    bank: int | None
    """Bank size; None: unlimited and it never breaks (18RoyalGorge, 18USA)."""
    share_rules: ShareRules = dataclasses.field(default_factory=ShareRules)
    payout_rule: PayoutRule = dataclasses.field(default_factory=PayoutRule)
    dividend_kinds: frozenset[DividendKind] = frozenset(
        {DividendKind.PAYOUT, DividendKind.WITHHOLD}
    )
    dividend_thresholds_pct: tuple[int, ...] = (100,)
    """Price moves one space per threshold met, as a percentage of the share price
    (18RoyalGorge: 100/200/300; 18USA §12.5: 50/100/150/200; 18US §4.2: 100)."""
    dividend_basis: DividendBasis = DividendBasis.TOTAL
    dividend_thresholds_floor: bool = False
    """Whether each threshold is rounded down to whole dollars first (18xx.games's 18USA:
    half of $95 is $47); otherwise the exact fraction must be met."""
    priority_deal: PriorityDeal = PriorityDeal.AFTER_LAST_ACTOR
    auction_priority: AuctionPriority = AuctionPriority.MOST_CASH
    sell_buy_order: SellBuyOrder = SellBuyOrder.SELL_THEN_BUY
    buys_per_turn: int = 1
    sell_timing: SellTiming = SellTiming.ANY_TIME
    sell_drop: SellDrop = SellDrop.PER_SHARE
    sell_drop_by: SellDropBy = SellDropBy.PRESIDENT
    one_sale_per_company_per_turn: bool = True
    """A company's shares are sold in one block per turn (18West §5.1.1)."""
    sold_out_steps: int = 0
    """Spaces up at the end of a stock round when players hold every share (18RoyalGorge
    "End of a Stock Round": 1; 18USA §11.8: 1)."""
    sold_out_min_size: int = 0
    """Smallest company size the sold-out rise applies to (18USA §11.8: "a 5- or 10-share
    company", so never a 2-share one); 0: every size."""
    pool_cert_drop_steps: int = 0
    """Spaces down per certificate in the pool at the end of a stock round (18USA §11.8: 2)."""
    pool_cert_drop_barrier: frozenset[str] = frozenset()
    """Market zones that drop never enters (18USA §11.8: "It may not move further back than
    the last gray space": the red liquidation space)."""
    capitalization: Capitalization = Capitalization.INCREMENTAL
    privates_count_for_cert_limit: bool = False
    """Private companies held by players count as certificates (18US §4.1)."""
    operating_rounds: int | None = 2
    """Operating rounds per set; None: the current phase says."""
    mandatory_train: MandatoryTrain = MandatoryTrain.ALWAYS
    emergency_train: EmergencyTrain = EmergencyTrain.CHEAPEST
    emergency_sale: EmergencySale = EmergencySale.NONE
    bankrupt_cash: BankruptCash = BankruptCash.COMPANY
    bankruptcy_end: BankruptcyEnd = BankruptcyEnd.GAME_ENDS
    bankrupt_privates: BankruptPrivates = BankruptPrivates.CLOSE
    bankrupt_presidency: BankruptPresidency = BankruptPresidency.NEXT_PLAYER
    end_timing: Mapping[EndTrigger, EndTiming] = dataclasses.field(
        default_factory=lambda: {
            EndTrigger.BANK_BROKEN: EndTiming.END_OF_OR_SET,
            EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
        }
    )
    """Which triggers the title uses and when each ends the game; a trigger not listed is
    off.  When several fire, the earliest end wins (18RoyalGorge "Ending 2": "even if the game
    end was previously triggered")."""
    end_game_zone: str = "end_game"
    """Market zone whose cells trigger :attr:`EndTrigger.MARKET_CELL`."""
    final_train_event: str = "end_game"
    """Train or phase event name that triggers :attr:`EndTrigger.FINAL_TRAIN`."""
    manual_end: bool = False
    """The game may be ended at once by agreement (18xx.games ``end_game``,
    :class:`~roundhouse.core.flow.actions.EndGame`): the position is scored as it stands."""
    or_set_limit: int | None = None
    """Sets of operating rounds after which :attr:`EndTrigger.ROUND_LIMIT` fires."""
    worthless_zones: frozenset[str] = frozenset()
    """Market zones whose shares score nothing (18West §4.2.1: grey)."""
    score_private_value: bool = False
    """Players' private companies score their face value (18US §8)."""
    bid_step: int = 5
    """Auction bids are multiples of this (18RoyalGorge and 18USA §10: $5)."""
    agreed_price_step: int = 10
    """``legal_actions`` lists agreed prices (trains between companies, privates bought by
    companies) at $1, every multiple of this and the maximum; ``check`` accepts any whole
    dollar in range."""
    train_price_min: int = 1
    """Least price for a train between companies (18RoyalGorge, 18US §6.8: $1)."""
    private_price_range_pct: tuple[int, int] = (50, 200)
    """Range a company may pay for a private, in percent of face value (18RoyalGorge
    "Buying Private Assets": half to double)."""
