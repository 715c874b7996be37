"""18West: Rails to the Pacific (David G. D. Hecht, All Aboard Games; 2nd edition).

Rules: /work/shared/rules/18West.txt, cited by section ("18West §7.9").  Its §14 tables are
cut short; every value taken from elsewhere or reconstructed is listed in
docs/18West-data.md and kept in the data files here (``companies.toml``, ``market.toml``,
``trains.toml``, ``map.toml``, ``tiles.toml``).  The round sequence and the company types'
rules are in :mod:`.rules`; the Initial Stock Round's auctions and the stock rounds in
:mod:`.initial_round`; Land Grants in :mod:`.land_grant`; the board in :mod:`.map_rules`;
the UP's autopilot and the initial train purchases in :mod:`.autopilot`; the M&A round
(§6) in :mod:`.merger_round`, :mod:`.acquisition` and :mod:`.hooks`.
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.config import (
    BankruptcyEnd,
    EmergencySale,
    EmergencyTrain,
    EndTiming,
    EndTrigger,
    MandatoryTrain,
    SellTiming,
    TitleConfig,
)
from roundhouse.core.engine18xx import TitleData
from roundhouse.core.flow.actions import ACTIONS, Choose
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import SellDrop
from roundhouse.core.rng import Rng
from roundhouse.core.title import OptionSpec, OptionValue, Rulebook, Title
from roundhouse.titles.g18west import data
from roundhouse.titles.g18west.actions import MERGER_ACTIONS
from roundhouse.titles.g18west.board import board as starting_board
from roundhouse.titles.g18west.map_rules import WestMap
from roundhouse.titles.g18west.merger_rules import MergerConfig, MergerRules
from roundhouse.titles.g18west.rules import WestHooks
from roundhouse.titles.g18west.state import WestGame
from roundhouse.titles.g18west.view import WestObserver

RULEBOOK = Rulebook(
    name="18West",
    edition="2nd edition (Rails to the Pacific), as transcribed in the project's shared rules",
    sections={
        "sr.par": "§3.3",
        "sr.already_started": "§3.3",
        "sr.sell_then_buy": "§5.1.2",
        "sr.one_sale": "§5.1.1",
        "sr.one_certificate": "§5.1.2",
        "sr.not_available": "§5.1.2",
        "shares.holding_limit": "§4.1",
        "shares.cert_limit": "§4.1",
        "shares.not_operated": "§5.1.1",
        "shares.president_to_pool": "§4.1",
        "shares.not_started": "§5.1.2",
        "shares.par_required": "§3.3",
        "track.illegal_lay": "§7.1",
        "track.no_route": "§7.1.2",
        "track.keep_paths": "§7.1.2",
        "track.phase_colour": "§7.1.2",
        "track.upgrade_table": "§7.1.2",
        "track.cash": "§7.1",
        "token.illegal": "§7.4",
        "token.full": "§7.4",
        "route.revenue": "§7.5",
        "routes.revenue": "§7.5",
        "routes.one_per_train": "§7.5",
        "route.reuse_track": "§7.1.1",
        "route.revisit": "§7.1.1",
        "route.two_stops": "§7.5",
        "route.no_token": "§7.1.1",
        "route.blocked": "§7.1.1",
        "trains.limit": "§14.1",
        "trains.cannot_buy": "§7.8",
        "trains.between_companies": "§7.8.1",
        "trains.agreed_price": "§7.8.1",
        "trains.emergency_price": "§7.8.4",
        "land_grant.choice": "§8.2",
        "land_grant.owed_lay": "§8.2",
        "land_grant.terrain_raise": "§8.3",
        "round.not_your_turn": "§5.1",
        "merger.issue": "§6.2",
        "merger.redeem": "§6.2",
        "merger.acquire": "§6.4",
    },
)

PLAYERS = range(2, 7)
"""§3.1 and §4.1: tables for 2 to 6 players."""


def config() -> MergerConfig:
    base = TitleConfig(
        players=PLAYERS,
        starting_cash=data.starting_cash(),
        cert_limit=data.cert_limit(),
        bank=12_000,  # §1.2
        share_rules=data.share_rules(),
        sell_timing=SellTiming.AFTER_FIRST_OPERATION,  # §5.1.1
        sell_drop=SellDrop.PER_BLOCK,  # §4.2
        one_sale_per_company_per_turn=True,  # §5.1.1
        mandatory_train=MandatoryTrain.ALWAYS,  # §7.8.3 (Public Companies: WestHooks)
        emergency_train=EmergencyTrain.ANY,  # §7.8.4
        emergency_sale=EmergencySale.OTHER_COMPANIES,  # §7.8.4
        bankruptcy_end=BankruptcyEnd.ELIMINATE,  # §7.8.5, §9
        end_timing={
            EndTrigger.BANK_BROKEN: EndTiming.END_OF_OR_SET,  # §9
            EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
        },
        worthless_zones=frozenset({"grey"}),  # §4.2.1, §9
    )
    return MergerConfig.extending(
        base,
        merger=MergerRules(
            issue_redeem=True,  # §6.2
            issuer_kinds=frozenset({data.LAND_GRANT, data.PUBLIC}),
            acquirer_kinds=frozenset({data.PUBLIC}),  # §6.3
            target_kinds=frozenset({data.GRANGER}),
            excluded_target_zones=frozenset({"grey"}),  # §6.4
            unstarted_share_value=100,  # §6.4.1
            from_phase="4",  # §6
        ),
    )


def _setup(players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng) -> WestGame:
    """§3.1 "Setting Up the Game"."""
    title_data = TitleData(
        market=data.market_grid(),
        corporations=data.corporations(),
        trains=data.train_types(),
        phases=data.phases(),
    )
    game = WestGame(
        players,
        rng,
        data=title_data,
        config=config(),
        hooks=WestHooks(),
        board=WestMap(starting_board(houston_d=options.get(HOUSTON_D, True) is True)),
    )
    return game


HOUSTON_D = "houston_d"

OPTIONS = (
    OptionSpec(
        name=HOUSTON_D,
        label="Houston upgrades as a D city",
        default=True,
        # The two readings are weighed in docs/18West-data.md R22.
        description=(
            'Houston (L21) carries the "D" label, as on '
            "18xx.games's map, and upgrades with Denver and Dallas (green and brown D "
            "reconstructed, two gray #259). Off: the label is read as a slip of that map (the "
            "letters name their cities, and only two gray D tiles exist) and Houston upgrades "
            "as an unlettered city."
        ),
    ),
)
"""Where the sources leave two defensible readings (issue: "offer an option")."""


TITLE = Title(
    id="18West",
    name="18West: Rails to the Pacific",
    players=PLAYERS,
    options=OPTIONS,
    rulebook=RULEBOOK,
    actions=(*ACTIONS, Choose, *MERGER_ACTIONS),
    setup=_setup,
    observer=WestObserver,
    designer="David G. D. Hecht",
    publisher="All Aboard Games",
)

__all__ = ["RULEBOOK", "TITLE", "WestGame"]
