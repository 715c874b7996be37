"""Seeded random playouts of the synthetic title: after every action money is conserved,
every company's certificates add up to its size, and replaying the log gives the same
state."""

from __future__ import annotations

import pytest

from roundhouse.core.engine18xx import Engine
from tests.core.flow.playout import random_playout
from tests.core.flow.synthetic import make_title

TITLE = make_title(agreed_price_step=100)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_keeps_money_and_shares(seed: int) -> None:
    def shares_add_up(e: Engine) -> None:
        assert all(book.total() == book.size for book in e.books.values())

    random_playout(TITLE, seed, 600, shares_add_up)
