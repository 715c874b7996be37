"""18USA (2017, All Aboard Games 2022 edition): the 1817-family game of the whole United
States with random privates, metropolises, subsidies and red areas.

Rules: /work/shared/rules/18USA.txt, cited by section ("18USA §12.4").  Data: the board and
its set-up tables (:mod:`.board`, ``map.toml``), tiles and upgrade rules (:mod:`.tiles`,
``tiles.toml``), market, trains, phases, companies and loans (:mod:`.data` from
``market.toml``, ``trains.toml`` and ``companies.toml``, :mod:`.tables`).  Set-up drawn from
the seed as 18xx.games draws it (:mod:`.setup_draw`); the round sequence and round-boundary
rules (:mod:`.rules`); the board's rules (:mod:`.map_rules`); the 1817 family's machinery
(:mod:`.family1817`: loans, shorts, company starts, Pullman cars, the M&A round, the cash
crisis).

The private cards (P1-P30) come from :func:`private_cards` (:mod:`.privates`); their
abilities enter the rounds through :mod:`.private_rounds`, the board map (:mod:`.map_rules`)
and the hooks (:mod:`.rules`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from roundhouse.core.config import (
    AuctionPriority,
    BankruptCash,
    BankruptcyEnd,
    BankruptPresidency,
    BankruptPrivates,
    CertLimitPlayers,
    DividendBasis,
    DividendKind,
    EndTiming,
    EndTrigger,
    MandatoryTrain,
    PriorityDeal,
    SellTiming,
)
from roundhouse.core.engine18xx import TitleData
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.flow.actions import ACTIONS, Choose
from roundhouse.core.ids import PlayerId
from roundhouse.core.market import SellDrop
from roundhouse.core.rng import Rng
from roundhouse.core.shares import ShareRules
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa import data, privates
from roundhouse.titles.g18usa.family1817.actions import CORPORATE_ACTIONS
from roundhouse.titles.g18usa.family1817.company_start import StartRules
from roundhouse.titles.g18usa.family1817.config import FamilyConfig
from roundhouse.titles.g18usa.family1817.loan import LoanRules
from roundhouse.titles.g18usa.family1817.short import ShortRules
from roundhouse.titles.g18usa.family1817.takeover import TakeoverRules
from roundhouse.titles.g18usa.map_rules import UsaMap
from roundhouse.titles.g18usa.ore_upgrade import UpgradeOre
from roundhouse.titles.g18usa.powers import PRIVATE_ACTIONS, RULE_SECTIONS
from roundhouse.titles.g18usa.resource_subsidy import SubsidyLay
from roundhouse.titles.g18usa.rules import UsaHooks
from roundhouse.titles.g18usa.setup_draw import PrivateCard, SetUp, draw_setup
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.variant import OPTIONS, Variant
from roundhouse.titles.g18usa.view import UsaObserver

PLAYERS = range(2, 8)
"""§2: two to seven players."""

RULEBOOK = Rulebook(
    name="18USA",
    edition="All Aboard Games 2022 rulebook, as transcribed in the project's shared rules",
    sections={
        "auction.cash": "§10",
        "auction.min_bid": "§10",
        "sr.start_auction": "§11.6",
        "sr.start_bid": "§11.6",
        "sr.start_company": "§11.6",
        "sr.sell_then_buy": "§11",
        "sr.one_certificate": "§11.3",
        "sr.one_sale": "§11.1",
        "sr.over_cert_limit": "§11.4",
        "sr.act_for_company": "§11.7",
        "sr.sell_before_short": "§11",
        "sr.already_started": "§11.6",
        "shares.cert_limit": "§11.4",
        "shares.holding_limit": "§11.4",
        "shares.from_president": "§17 (No 60% President Share Limit)",
        "shares.from_president_cash": "§17 (No 60% President Share Limit)",
        "shares.not_available": "§11.3",
        "money.insufficient_cash": "§11.3, §12.6",
        "sr.unknown": "§7.2",
        "sr.bought": "§11.3",
        "shares.no_trade_zone": "§11.1",
        "shares.unsellable": "§11.1",
        "shares.president_to_pool": "§11.1",
        "shares.presidency_change": "§15",
        "shares.rebuy_after_sale": "§11.3",
        "shares.not_operated": "§11.1",
        "shorts.none": "§11.2",
        "shorts.not_started": "§11.2",
        "shorts.phase": "§8",
        "shorts.size": "§11.2",
        "shorts.formed_this_round": "§11.2",
        "shorts.owns_shares": "§11.2",
        "shorts.zone": "§11.2",
        "shorts.stack_empty": "§11.2",
        "shorts.one_per_turn": "§11.2",
        "loans.limit": "§9",
        "loans.none": "§9",
        "loans.none_left": "§9",
        "loans.not_held": "§12.9",
        "loans.repay_cash": "§12.9",
        "loans.order": "§9",
        "loans.no_repay_after_loan": "§12.9",
        "cash_crisis.can_sell": "§15",
        "cash_crisis.oversell": "§15",
        "cash_crisis.pending": "§15",
        "merge.president_share": "§14.1.2",
        "merge.no_president": "§14.1.2",
        "merge.size": "§14.1",
        "mr.bid": "§14.2",
        "mr.illegal": "§14",
        "mr.post_conversion": "§14.1.3",
        "tokens.keep_eight": "§14.3",
        "track.illegal_lay": "§12.2",
        "track.no_route": "§12.2.1",
        "track.extend_route": "§12.2.1",
        "track.keep_paths": "§12.2.2",
        "track.phase_colour": "§8",
        "track.colour_order": "§12.2.2",
        "track.label": "§12.2.3",
        "track.denver": "§12.2.3",
        "track.home_brown": "§12.2.4",
        "track.boomtown": "appendix, Subsidy Tiles",
        "resources.subsidy": "appendix, Subsidy Tiles (Resource); §13",
        "track.upgrade_table": "§12.2.2",
        "track.supply": "§12.2",
        "track.cash": "§12.2",
        "track.one_per_hex": "§12.2",
        "track.allowance": "§12.2",
        "track.empty_city_colour": "§12.2.4",
        "token.illegal": "§12.3",
        "token.full": "§12.3",
        "route.revenue": "§12.4",
        "routes.revenue": "§12.4",
        "routes.one_per_train": "§12.4",
        "route.reuse_track": "§12.1",
        "route.revisit": "§12.1",
        "route.two_stops": "§12.4",
        "route.no_token": "§12.1",
        "route.blocked": "§12.4.1",
        "route.endpoint_limit": "§12.4.1",
        "route.single_pass": "§13",
        "route.too_long": "§12.4",
        "trains.limit": "§6.3",
        "trains.cannot_buy": "§12.6",
        "trains.between_companies": "§12.6",
        "trains.agreed_price": "§12.6",
        "trains.min_price": "§12.6",
        "trains.one_car": "§12.7",
        "trains.car_before_run": "§12.7",
        "trains.scrap": "§12.7",
        "trains.must_discard": "§6.3",
        "round.not_your_turn": "§11",
        **RULE_SECTIONS,
    },
)

START_RULES = StartRules(
    min_bid=100,
    raise_step=1,
    price_floor=50,
    price_ceiling=200,
    sizes=data.sizes(),
    token_cost={5: 50, 10: 150},
    tokens={2: 1, 5: 2, 10: 4},
    liquidate_unpaid=frozenset({10}),
    choose_home=True,
)
"""§11.6 (and §8 for the sizes each phase allows)."""


def config(players: int, variant: Variant | None = None) -> FamilyConfig:
    """18USA's settings for a player count (§2, §5, §9, §11, §12, §14-§16) and variant
    (§17's "No 60% President Share Limit" lifts §11.4's limit for presidents;
    ``compat_18xx_games`` plays 18xx.games's differences, docs/rules-notes.md)."""
    compat = variant is not None and variant.compat_18xx_games
    return FamilyConfig(
        players=PLAYERS,
        starting_cash=data.starting_cash(),
        cert_limit=data.cert_limit(),
        cert_limit_players=CertLimitPlayers.SOLVENT,
        bank=None,
        share_rules=ShareRules(
            pool_limit_pct=None,
            holding_limit_pct=None,
            holding_limit_shares={2: 2, 5: 3, 10: 6},
            president_exempt=variant is not None and variant.no_president_limit,
            unsellable_sizes=frozenset({2}),
            no_trade_zones=frozenset({"liquidation", "acquisition"}),
        ),
        dividend_kinds=frozenset({DividendKind.PAYOUT, DividendKind.WITHHOLD, DividendKind.HALF}),
        dividend_thresholds_pct=data.dividend_thresholds_pct(),
        # §12.5 "the amount paid out" read per share; 18xx.games compares the whole payout
        # with the price, thresholds rounded down (docs/rules-notes.md)
        dividend_basis=DividendBasis.TOTAL if compat else DividendBasis.PER_SHARE,
        dividend_thresholds_floor=compat,
        priority_deal=PriorityDeal.AFTER_LAST_ACTOR,
        auction_priority=AuctionPriority.AFTER_LAST_STARTER,
        sell_timing=SellTiming.NOT_IN_FORMING_ROUND,
        sell_drop=SellDrop.NONE,  # §11.1: "Stock sales do not change the share price"
        sold_out_steps=1,
        sold_out_min_size=5,
        pool_cert_drop_steps=2,
        pool_cert_drop_barrier=frozenset({"liquidation"}),
        mandatory_train=MandatoryTrain.NEVER,
        bankrupt_cash=BankruptCash.BANK,
        bankruptcy_end=BankruptcyEnd.ELIMINATE,
        bankrupt_privates=BankruptPrivates.KEEP if compat else BankruptPrivates.OPEN_MARKET,
        bankrupt_presidency=BankruptPresidency.OPEN_MARKET,
        end_timing={
            EndTrigger.BANKRUPTCY: EndTiming.IMMEDIATE,
            EndTrigger.FINAL_TRAIN: EndTiming.AFTER_NEXT_SET,
        },
        final_train_event="end_game",
        bid_step=5,
        loans=LoanRules(rows=data.loan_rows(players), borrow_before_interest=not compat),
        shorts=ShortRules(
            enabled=True,
            forbidden_after="8",
            close_at_limit=compat,
            net_after_merger=compat,
            bank_closes_in_takeover_zones=not compat,
        ),
        takeover=TakeoverRules(
            sizes=(2, 5, 10),
            token_cost={5: 50, 10: 100},
            conversion_tokens={5: 1, 10: 2},
            max_tokens=8,
            no_train_liquidation=True,
            repay_acquired_loans=compat,
            president_by_net_shares=compat,
            merger_president_shares=2 if compat else None,
            liquidate_only_at_start=compat,
            sales_in_one_pass=compat,
            liquidations_before_crisis=compat,
            withhold_stops_at_acquisition=compat,
            shares_before_conversion_loans=compat,
            new_president_buys_on=compat,
        ),
        cars_after_track=compat,
        one_car_before_run=compat,
        interest_bankrupt_cash_to_company=not compat,
        acts_at_interest=not compat,
        turn_after_final_bankruptcy=compat,
    )


def private_cards(compat_18xx_games: bool = False) -> Sequence[PrivateCard]:
    """The private company cards P1-P30 (appendix; :mod:`.privates`), at 18xx.games's face
    values under ``compat_18xx_games``; set-up deals some of them (§2.3) and §10's auction
    sells those."""
    return tuple(privates.privates(compat_18xx_games).values())


def private_specs(cards: Sequence[PrivateCard], chosen: Sequence[str]) -> tuple[PrivateSpec, ...]:
    """The cards drawn for the game: a card's own ``spec`` (abilities included) when it has
    one, else a plain one with §10's opening bid (half the face value; P14 the Pyramid
    Scheme: $5).  §7.1: a private confers an ability and pays nothing, so a card with
    revenue is not an 18USA card."""
    out: list[PrivateSpec] = []
    for card in cards:
        if card.id not in chosen:
            continue
        if card.revenue:
            raise ValueError(
                f"18USA §7.1: privates confer abilities and pay no revenue; {card.id} pays "
                f"${card.revenue}"
            )
        spec = getattr(card, "spec", None)
        if isinstance(spec, PrivateSpec):
            out.append(spec)
            continue
        min_bid = 5 if card.id == "P14" else card.value // 2
        out.append(PrivateSpec(id=card.id, name=card.name, value=card.value, min_bid=min_bid))
    return tuple(out)


def make_setup(
    cards: Callable[[bool], Sequence[PrivateCard]],
    settings: Callable[[int, Variant], FamilyConfig] = config,
) -> Callable[[tuple[PlayerId, ...], Mapping[str, OptionValue], Rng], UsaGame]:
    """The title's set-up with the private cards from ``cards`` (called with the
    ``compat_18xx_games`` option) and the settings from ``settings`` (called with the player
    count and the variant, :func:`config` by default); tests pass their own, e.g. a rulebook
    reading under ``compat_18xx_games``."""

    def setup(
        players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng
    ) -> UsaGame:
        """§2: everything drawn from the seed, then the board as drawn."""
        variant = Variant.from_options(options)
        deck = cards(variant.compat_18xx_games)
        drawn = draw_setup(
            rng, players=len(players), cards=deck, site_pool=variant.compat_18xx_games
        )
        return build(players, rng, variant, drawn, deck, settings)

    return setup


def build(
    players: tuple[PlayerId, ...],
    rng: Rng,
    variant: Variant,
    drawn: SetUp,
    deck: Sequence[PrivateCard],
    settings: Callable[[int, Variant], FamilyConfig] = config,
) -> UsaGame:
    """The game of a set-up: the board as drawn (§2.4's metropolis tiles laid, §2.6's red
    values), the privates of ``deck`` that ``drawn`` puts in play; tests build one from a
    set-up of their own."""
    board = usa_board.board(drawn.red_values)
    candidates = usa_board.metropolis_candidates()
    for hex_name in drawn.metropolises:
        metro = candidates[hex_name]
        # §12.2.3: Denver (no north arrow) starts at rotation 0; its first company
        # chooses (denver.py)
        board.lay(hex_name, metro.tile, metro.rotation or 0, {})
    mexico = usa_board.red_areas()["Mexico"].hexes
    title_data = TitleData(
        market=data.market_grid(),
        corporations=data.corporations(),
        trains=data.train_types(len(players), seventeen=variant.seventeen_trains),
        phases=data.phases(),
        privates=private_specs(deck, drawn.privates),
    )
    return UsaGame(
        players,
        rng,
        data=title_data,
        config=settings(len(players), variant),
        hooks=UsaHooks(START_RULES),
        board=UsaMap(board, mexico_hexes=mexico, kinds=data.train_kinds()),
        variant=variant,
        drawn=drawn,
    )


TITLE = Title(
    id="18USA",
    name="18USA",
    players=PLAYERS,
    options=OPTIONS,
    rulebook=RULEBOOK,
    actions=(*ACTIONS, Choose, *CORPORATE_ACTIONS, SubsidyLay, UpgradeOre, *PRIVATE_ACTIONS),
    setup=make_setup(private_cards),
    observer=UsaObserver,
    designer="Mark Voyer",
    publisher="All Aboard Games",
)

__all__ = ["RULEBOOK", "TITLE", "UsaGame", "config", "make_setup"]
