"""Seeded random playouts of the corporate synthetic title with companies started by
auction (18USA §11.6) and Pullman cars (§12.7): money is conserved, each company's regular
shares less its shorts equal its size, and replaying the log gives the same state."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import pytest

from roundhouse.core.config import BankruptcyEnd
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import ACTIONS, Choose
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.title import OptionValue, Rulebook, Title
from roundhouse.core.view.engine18xx import EngineObserver
from roundhouse.titles.g18usa.family1817.actions import CORPORATE_ACTIONS
from roundhouse.titles.g18usa.family1817.company_start import StartRules
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from tests.core.flow.playout import random_playout
from tests.g18usa.corporate import CONFIG_C, DATA_C, CarStubMap, CorporateHooks


class AuctionHooks(CorporateHooks):
    start = StartRules(
        sizes={"2": (2, 5), "3": (2, 5, 10), "4": (5, 10)},
        token_cost={5: 50, 10: 150},
        liquidate_unpaid=frozenset({10}),
        bid_choices=100,
    )


CONFIG = dataclasses.replace(
    CONFIG_C, agreed_price_step=100, bankruptcy_end=BankruptcyEnd.ELIMINATE
)


def setup(players: tuple[PlayerId, ...], options: Mapping[str, OptionValue], rng: Rng) -> Engine:
    return FamilyEngine(
        players, rng, data=DATA_C, config=CONFIG, hooks=AuctionHooks(), board=CarStubMap()
    )


TITLE = Title(
    id="SyntheticCorporateAuction18xx",
    name="Synthetic corporate 18xx, companies started by auction",
    players=CONFIG.players,
    options=(),
    rulebook=Rulebook(name="Synthetic", edition="test", sections={}),
    actions=(*ACTIONS, *CORPORATE_ACTIONS, Choose),
    setup=setup,
    observer=EngineObserver,
)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_corporate_auction_playout_keeps_money_and_shares(seed: int) -> None:
    random_playout(TITLE, seed, 800)
