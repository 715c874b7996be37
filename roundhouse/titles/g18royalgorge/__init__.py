"""18RoyalGorge (Kayla Ross & Denman Scofield, Wood 18): the whole title.

Rules: /work/shared/rules/18RoyalGorge.txt, cited by its section headings ("18RoyalGorge: 1.
Lay Track"), with docs/facts/18royalgorge.md for the numbers the rulebook text lacks.  Data in
the TOML files (read by :mod:`.data` and :mod:`.company`); set-up draw in :mod:`.setup_draw`
(the game's seed is the 18xx.games seed, so the same railroads and privates come out); the
rules in :mod:`.rules` and the modules it calls.  Where 18xx.games plays differently the
rulebook is the default and ``compat_18xx_games`` switches to 18xx.games (docs/rules-notes.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.config import (
    EmergencySale,
    EndTiming,
    EndTrigger,
    MandatoryTrain,
    TitleConfig,
)
from roundhouse.core.engine18xx import TitleData
from roundhouse.core.flow.actions import ACTIONS, Choose, ChooseAbility, EndGame
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.titles.g18royalgorge import data, metal_president, metals, private_deal, steel
from roundhouse.titles.g18royalgorge.company import metal_companies, railroads
from roundhouse.titles.g18royalgorge.company import privates as private_cards
from roundhouse.titles.g18royalgorge.map_rules import RoyalGorgeMap
from roundhouse.titles.g18royalgorge.rules import RoyalGorgeHooks
from roundhouse.titles.g18royalgorge.setup_draw import draw_setup
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from roundhouse.titles.g18royalgorge.variant import OPTIONS, Variant
from roundhouse.titles.g18royalgorge.view import RoyalGorgeObserver

RULEBOOK = Rulebook(
    name="18RoyalGorge",
    edition="Wood 18 rulebook, as transcribed in the project's shared rules",
    sections={
        "auction.min_bid": "Private Asset Auction",
        "auction.cash": "Private Asset Auction",
        "auction.site_stuck": "Private Asset Auction (compat_18xx_games)",
        "sr.par": "Starting a company",
        "sr.already_started": "Starting a company",
        "sr.sell_then_buy": "Selling",
        "sr.one_sale": "Selling",
        "sr.one_certificate": "Buying",
        "sr.private": "Green Privates Reference",
        "sr.first_round_sale": "Selling",
        "shares.holding_limit": "Buying",
        "shares.cert_limit": "Certificate Limits",
        "shares.pool_limit": "Selling",
        "shares.rebuy_after_sale": "Buying",
        "shares.president_to_pool": "About Presidency",
        "shares.presidency_change": "Emergency Fundraising",
        "shares.not_started": "Buying",
        "shares.par_required": "Starting a company",
        "track.illegal_lay": "1. Lay Track",
        "track.no_route": "1. Lay Track",
        "track.keep_paths": "1. Lay Track",
        "track.phase_colour": "1. Lay Track",
        "track.colour_order": "1. Lay Track",
        "track.label": "Special Rules for Laying Track",
        "track.upgrade_table": "Special Rules for Laying Track",
        "track.supply": "Components",
        "track.cash": "1. Lay Track",
        "steel.colour": "Buying Steel from CF&I",
        "steel.one_column": "Buying Steel from CF&I",
        "steel.column": "Buying Steel from CF&I",
        "token.illegal": "2. Build a Station",
        "token.full": "2. Build a Station",
        "route.revenue": "3. Run Trains",
        "routes.revenue": "3. Run Trains",
        "routes.one_per_train": "3. Run Trains",
        "route.reuse_track": "3. Run Trains",
        "route.revisit": "3. Run Trains",
        "route.two_stops": "3. Run Trains",
        "route.no_token": "3. Run Trains",
        "route.blocked": "3. Run Trains",
        "trains.limit": "Important Rules About Trains",
        "trains.cannot_buy": "5. Buy Trains",
        "trains.between_companies": "Buy from Another Company",
        "trains.agreed_price": "Buy from Another Company",
        "trains.emergency_price": "Emergency Fundraising",
        "debt.pay": "6. Pay Off 1 Debt",
        "company.buy": "Buy Private Assets (Optional)",
        "company.price": "Buy Private Assets (Optional)",
        "game.manual_end": "Triggering End of Game",
        "round.not_your_turn": "Game Structure",
        "coal.not_available": "Green Privates Reference",
        "engineer.not_available": "Brown Privates Reference",
        "bridge.payer": "Green Privates Reference",
        "sulphur_springs.convert": "Brown Privates Reference",
        "draft.pick": "Game Play Variants",
        "start_auction.bid": "Game Play Variants",
        "start_auction.par": "Game Play Variants",
    },
)

ALTERNATE_STEEL = ("Y1", "Y2", "Y3")
ALTERNATE_GOLD = ("G1", "G2", "G3")


def config(players: int, variant: Variant) -> TitleConfig:
    source = data.Source.EIGHTEEN_XX_GAMES if variant.compat_18xx_games else data.Source.RULEBOOK
    return TitleConfig(
        players=range(2, 5),
        starting_cash={n: data.starting_cash(n) for n in range(2, 5)},
        cert_limit={n: data.cert_limit(n, source) for n in range(2, 5)},
        bank=None,
        share_rules=data.share_rules(players),
        dividend_thresholds_pct=data.dividend_thresholds_pct(),
        sold_out_steps=1,
        mandatory_train=(
            MandatoryTrain.ALWAYS if variant.compat_18xx_games else MandatoryTrain.IF_ROUTE
        ),
        # "Emergency Fundraising": no sale may change a presidency; 18xx.games lets one change
        # any but the buying railroad's (EBUY_PRES_SWAP, Step::EmergencyMoney#can_sell?)
        emergency_sale=(
            EmergencySale.OTHER_COMPANIES if variant.compat_18xx_games else EmergencySale.NONE
        ),
        end_timing={
            EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
            EndTrigger.MARKET_CELL: EndTiming.END_OF_OR_SET,
            EndTrigger.FINAL_TRAIN: EndTiming.AFTER_NEXT_SET,
        },
        final_train_event="",
        manual_end=variant.compat_18xx_games,
    )


def _setup(
    players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
) -> RoyalGorgeGame:
    """ "Setting Up the Game" for the seed: railroads and privates as 18xx.games draws them."""
    variant = Variant.from_options(options)
    source = data.Source.EIGHTEEN_XX_GAMES if variant.compat_18xx_games else data.Source.RULEBOOK
    drawn = draw_setup(rng.state)
    table = railroads()
    cards = private_cards(source)
    metal_start = dict(data.start_prices())
    if variant.alternate_prices:
        metal_start["CF&I"] = cards[rng.choice(ALTERNATE_STEEL)].spec.value
        metal_start["VGC"] = cards[rng.choice(ALTERNATE_GOLD)].spec.value
    specs = tuple(table[r].spec for r in drawn.railroads) + tuple(metal_companies().values())
    dealt = private_deal.dealt(variant, cards, drawn.privates)
    title_data = TitleData(
        market=data.market_grid(),
        corporations=specs,
        trains=data.train_types(),
        phases=data.phases(source),
        privates=dealt,
    )
    board = RoyalGorgeMap(
        data.board(drawn.railroads, source=source), whole_link=variant.compat_18xx_games
    )
    first = players[0] if variant.compat_18xx_games else players[rng.below(len(players))]
    game = RoyalGorgeGame(
        players,
        rng,
        data=title_data,
        config=config(len(players), variant),
        hooks=RoyalGorgeHooks(first_priority=first),
        board=board,
        variant=variant,
        tranches=dict(drawn.tranches),
        metal_start=metal_start,
    )
    game.depot.exceed_limit_when_rusting = True
    steel.refill(game)
    metals.set_up(game)
    game.debt_cell = data.market_grid().find(metal_start.get("DEBT", 60))
    if variant.compat_18xx_games:
        metal_president.follow(game)  # nobody holds CF&I or VGC yet: no president
    return game


TITLE = Title(
    id="18RoyalGorge",
    name="18RoyalGorge: The Rails of Fremont County and the Royal Gorge Wars",
    players=range(2, 5),
    options=OPTIONS,
    rulebook=RULEBOOK,
    actions=(*ACTIONS, Choose, ChooseAbility, EndGame),
    setup=_setup,
    observer=RoyalGorgeObserver,
    designer="Kayla Ross, Denman Scofield",
    publisher="Wood 18",
)

__all__ = ["RULEBOOK", "TITLE", "RoyalGorgeGame"]
