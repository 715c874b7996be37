"""Seeded random playouts of the corporate synthetic title (loans, shorts, conversions,
mergers, company sales): after every action money is conserved, each company's regular
shares less its shorts equal its size, and replaying the log gives the same state."""

from __future__ import annotations

import pytest

from roundhouse.core.config import BankruptcyEnd
from tests.core.flow.playout import random_playout
from tests.g18usa.corporate import make_corporate_title

TITLE = make_corporate_title(agreed_price_step=100, bankruptcy_end=BankruptcyEnd.ELIMINATE)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_corporate_random_playout_keeps_money_and_shares(seed: int) -> None:
    random_playout(TITLE, seed, 800)
