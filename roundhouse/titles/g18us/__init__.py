"""18US (David G. D. Hecht): Eastern, Land Grant and System companies across the United States.

Rules: /work/shared/rules/18US.txt, cited by section ("18US §6.2").  The board is
reconstructed (docs/18US-board.md); data in ``companies.toml``, ``trains.toml``,
``market.toml`` (read by :mod:`.data`), ``map.toml`` and ``tiles.toml``.

What plays.  The Eastern period (§2-§6): the Eastern Railroad Convention's sealed bids and
renumbering (:mod:`.convention`), the Eastern Concessions P1-P6 with their Bonus Actions
(:mod:`.ability` and the steps of :mod:`.hooks`), Stock Rounds, Operating Rounds on the
reconstructed board with 4-Share Eastern companies, Classic trains, the Freight Bonus, the
Bank's train discards, emergency money raising and bankruptcy, and the bank-broken end
(:mod:`.rules`, :mod:`.us_map`).  The Western period (§7.1-§7.3, §10.2, §10.6): the Western
Railroad Convention's auctions, held again until someone buys the Pacific Railway Act
(:mod:`.western_convention`); the Western Concessions P7-P12, bought by companies at face
value (:mod:`.land_grant_steps`), the DRG (:mod:`.drg`); the Land Grant companies with their
reserved hexes, mandatory tiles, Crédit Mobilier, Golden Spike and conversion to 10-Share
companies with the doubling token (:mod:`.land_grant`, :mod:`.doubling`); the 3E/2G, 4E/3G and
5E/4G trains, 4-trains turned 2G, Buyer's Remorse, Commuter trains, Freight trains and
coast-to-coast routes (:mod:`.train_buy_step`, :mod:`.us_map`).

The companies' conversions (§6.3): Eastern companies to 5 shares with their doubling token
in a Gateway City, or without it once the Pacific Railway Act is bought, and to 10 shares
(:mod:`.eastern`).  Another player's answer within a company's turn (:mod:`.consent`): a Land
Grant President's permission to build in his reserved hexes between his company's floating
and its first turn (§7.3, :mod:`.permission`), a player's consent to sell his Western
Concession to a company (§7.2).

The Systems (§7.4): the formation phase before a Stock Round, the exchange of shares and
the merger (:mod:`.system_round`, :mod:`.systems`), and a System's operating rules.

Players' own turns in an Operating Round (:mod:`.side_turns`): the Erie Canal's and Customs
House's Bonus Tokens of a player who presides no company, at the start of each Operating
Round (§6.4.2); the 2nd Bank's exchange by an owner who is not the operating company's
President, between its run and its dividend (§10.1.4).

The heuristic bot's policy is the folder's ``bot`` part (:mod:`.bot`, ``make_policy``), found
by ``REGISTRY.part("18US", "bot")`` as every title's is.

The title is offered (issue #19): :data:`DRAFT` is the title, registered as ``TITLE``
because :data:`PLAYABLE` is True; the board is reconstructed (docs/18US-board.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.config import (
    AuctionPriority,
    BankruptcyEnd,
    Capitalization,
    EmergencySale,
    EmergencyTrain,
    EndTiming,
    EndTrigger,
    MandatoryTrain,
    SellTiming,
    TitleConfig,
)
from roundhouse.core.dividend import PayoutRule, Recipient, Rounding
from roundhouse.core.engine18xx import TitleData
from roundhouse.core.errors import InvalidSetup
from roundhouse.core.flow.actions import ACTIONS, Choose, ChooseAbility
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import SellDrop
from roundhouse.core.rng import Rng
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.titles.g18us import data
from roundhouse.titles.g18us.board import board
from roundhouse.titles.g18us.rules import UsHooks
from roundhouse.titles.g18us.state import UsGame
from roundhouse.titles.g18us.us_map import UsMap
from roundhouse.titles.g18us.view import UsObserver

PLAYABLE = True
"""Whether the package offers the title (``TITLE``): once issue #19's rules are written and
its games are checked at every player count (fuzz, bots), as the issue asks."""

RULEBOOK = Rulebook(
    name="18US",
    edition="rulebook as transcribed in the project's shared rules",
    sections={
        "auction.min_bid": "§3.2",
        "auction.cash": "§3.2",
        "convention.bid": "§3.2",
        "sr.par": "§5.3",
        "sr.already_started": "§5.3",
        "sr.sell_then_buy": "§5.2",
        "sr.one_sale": "§5.1",
        "sr.one_certificate": "§5.2",
        "sr.concession": "§3.7",
        "sr.first_round_sale": "§5.1",
        "shares.holding_limit": "§4.1",
        "shares.cert_limit": "§4.1",
        "shares.pool_limit": "§4.1",
        "shares.rebuy_after_sale": "§5.1",
        "shares.president_to_pool": "§4.1",
        "shares.presidency_change": "§6.9.1",
        "shares.not_started": "§5.2",
        "shares.par_required": "§5.2",
        "track.illegal_lay": "§6.2",
        "track.no_route": "§6.2.1",
        "track.keep_paths": "§6.2",
        "track.phase_colour": "§6.2",
        "track.colour_order": "§6.2",
        "track.label": "§6.2.1",
        "track.upgrade_table": "§6.2.1",
        "track.supply": "§6.2.1",
        "track.cash": "§6.2",
        "token.illegal": "§6.4",
        "token.full": "§6.4",
        "route.revenue": "§6.5",
        "routes.revenue": "§6.5",
        "routes.one_per_train": "§6.5",
        "route.reuse_track": "§6.5",
        "route.revisit": "§6.5",
        "route.two_stops": "§6.5",
        "route.no_token": "§6.5",
        "route.blocked": "§6.5",
        "trains.limit": "§6.8",
        "trains.cannot_buy": "§6.8",
        "trains.between_companies": "§6.9.2",
        "trains.agreed_price": "§6.9.2",
        "trains.emergency_price": "§6.9.2",
        "trains.must_discard": "§6.8",
        "company.buy": "§6.1",
        "company.price": "§6.1",
        "consent.sale": "§7.2",
        "convention.western_bid": "§7.1",
        "track.mandatory": "§7.3.1",
        "track.one_upgrade": "§7.3.2",
        "track.reserved_hex": "§7.3",
        "conversion.site": "§6.3.2",
        "conversion.eastern": "§6.3.1",
        "trains.drg": "§10.2.4",
        "trains.system": "§7.4.2",
        "system.form": "§7.4.1",
        "round.not_your_turn": "§2",
        "round.wrong_step": "§6",
    },
)

PLAYERS = range(2, 7)

CONFIG = TitleConfig(
    players=PLAYERS,
    starting_cash=data.starting_cash(),
    cert_limit=data.cert_limits(),
    bank=data.bank(),
    share_rules=data.share_rules(),
    # §6.6: dividends rounded up; shares in the Pool pay the company.
    payout_rule=PayoutRule(rounding=Rounding.UP, pool_pays=Recipient.COMPANY),
    dividend_thresholds_pct=(100,),
    auction_priority=AuctionPriority.UNCHANGED,
    sell_timing=SellTiming.AFTER_FIRST_OPERATION,
    sell_drop=SellDrop.PER_BLOCK,
    capitalization=Capitalization.FULL,
    privates_count_for_cert_limit=True,
    mandatory_train=MandatoryTrain.ALWAYS,
    emergency_train=EmergencyTrain.ANY,
    emergency_sale=EmergencySale.OTHER_COMPANIES,
    bankruptcy_end=BankruptcyEnd.ELIMINATE,
    end_timing={
        EndTrigger.BANK_BROKEN: EndTiming.END_OF_OR_SET,
        EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
    },
    score_private_value=True,
    train_price_min=1,
)

HOMES_WITHOUT_HERALD = ("GT", "B&M")
"""The two Eastern companies the text does not name; their base stations stand in Montreal
and Boston from the start like every other (§3.1; reconstructed, companies.toml)."""


def _setup(players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng) -> UsGame:
    """§3.1: the bases on the map, the Eastern Concessions in the Pool, the train stack,
    $200 each; player numbers at random (:class:`UsGame`)."""
    specs = data.corporations()
    taken = set(specs) | set(data.concessions())
    if clash := sorted(taken & set(players)):
        raise InvalidSetup(
            f"player names {', '.join(clash)} are 18US company or Concession ids; choose others"
        )
    start = board()
    for corp_id in HOMES_WITHOUT_HERALD:
        hex_name, city = specs[corp_id].home
        start.place_token(hex_name, city, corp_id)
    title_data = TitleData(
        market=data.market_grid(),
        corporations=tuple(specs.values()),
        trains=data.train_types(),
        phases=data.phases(),
        privates=tuple(data.concessions().values()),
    )
    return UsGame(
        players,
        rng,
        data=title_data,
        config=CONFIG,
        hooks=UsHooks(),
        board=UsMap(start),
    )


DRAFT = Title(
    id="18US",
    name="18US",
    players=PLAYERS,
    options=(),
    rulebook=RULEBOOK,
    actions=(*ACTIONS, Choose, ChooseAbility),
    setup=_setup,
    observer=UsObserver,
    designer="David G. D. Hecht",
)

if PLAYABLE:
    TITLE = DRAFT

__all__ = ["DRAFT", "PLAYABLE", "RULEBOOK", "UsGame"]
