"""Certificates: limits, presidency changes (with ties), selling restrictions, resizing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.core.errors import IllegalAction
from roundhouse.core.share_trade import buy, certificate_count, check_buy, check_sell, sell
from roundhouse.core.shares import IPO, POOL, ShareBook, ShareRules

RG_RULES = ShareRules(pool_limit_pct=50, holding_limit_pct=60)
SEATS = ["Ann", "Bob", "Cy", "Dan"]


def _snapshot(book: ShareBook) -> dict[str, str]:
    return {c.id: c.owner for c in book.certs.values()}


def test_18royalgorge_example_stock_turn_start_and_buy_from_treasury() -> None:
    """18RoyalGorge "Example Stock Turn": Jim takes the 20% president's share, Derek buys a
    10% share from RG's charter; Jim is president."""
    book = ShareBook.standard("RG", size=10, owner="RG")
    buy(book, "Jim", "RG_0", rules=RG_RULES, players=SEATS, cert_count=0, cert_limit=14)
    buy(book, "Derek", "RG_1", rules=RG_RULES, players=SEATS, cert_count=0, cert_limit=14)
    assert book.president == "Jim"
    assert (book.percent_of("Jim"), book.percent_of("Derek"), book.percent_of("RG")) == (20, 10, 70)


def test_18royalgorge_stock_round_holding_limit_60_or_70_with_two_players() -> None:
    """18RoyalGorge "Buying" and "2-Player Variant": at most 60% (70% with two players)."""
    book = ShareBook.standard("RG", size=10, owner="RG")
    book.move("RG_0", "Jim")
    book.transfer("RG", "Jim", 4)
    before = _snapshot(book)
    with pytest.raises(IllegalAction) as err:
        buy(book, "Jim", "RG_8", rules=RG_RULES, players=SEATS, cert_count=5, cert_limit=14)
    assert err.value.rule == "shares.holding_limit"
    assert _snapshot(book) == before
    two = ShareRules(holding_limit_pct=70)
    buy(book, "Jim", "RG_8", rules=two, players=SEATS, cert_count=5, cert_limit=20)
    assert book.percent_of("Jim") == 70


def test_18royalgorge_certificate_limits_by_player_count() -> None:
    """18RoyalGorge "Certificate Limits": 14 certificates with 3 players; the president's
    share is one certificate and each personally owned private counts."""
    books = [ShareBook.standard(c, size=10, owner=c) for c in ("RG", "SF", "KP")]
    for b in books:
        b.move(f"{b.company}_0", "Jim")
        b.transfer(b.company, "Jim", 3)
    count = certificate_count("Jim", books, {}, RG_RULES, extra=2)
    assert count == 14
    with pytest.raises(IllegalAction) as err:
        check_buy(books[0], "Jim", "RG_7", rules=ShareRules(), cert_count=count, cert_limit=14)
    assert err.value.rule == "shares.cert_limit"


def test_18west_4_1_grey_zone_granger_certificates_do_not_count() -> None:
    """18West §4.1/§4.2.1: a Granger Road valued in the grey zone is not a certificate."""
    rules = ShareRules(cert_exempt_zones=frozenset({"grey"}))
    cbq = ShareBook.standard("CBQ", size=4, unplayable=2, unplayable_owner="CBQ")
    cbq.move("CBQ_0", "Ann")
    up = ShareBook.standard("UP", size=10, owner=POOL)
    up.transfer(POOL, "Ann", 2)
    zones = {"CBQ": frozenset({"grey"}), "UP": frozenset()}
    assert certificate_count("Ann", [cbq, up], zones, rules) == 2
    assert certificate_count("Ann", [cbq, up], {}, rules) == 3


def test_18usa_11_4_holding_limit_by_company_size() -> None:
    """18USA §11.4: six shares of a 10-share company, three of a 5-share, two of a 2-share."""
    rules = ShareRules(holding_limit_shares={10: 6, 5: 3, 2: 2})
    five = ShareBook.standard("NYC", size=5, owner="NYC")
    five.move("NYC_0", "Ann")
    five.transfer("NYC", "Ann", 1)
    with pytest.raises(IllegalAction) as err:
        check_buy(five, "Ann", "NYC_2", rules=rules, cert_count=2, cert_limit=16)
    assert err.value.rule == "shares.holding_limit"
    ten = ShareBook.standard("PRR", size=10, owner="PRR")
    ten.move("PRR_0", "Ann")
    ten.transfer("PRR", "Ann", 3)
    check_buy(ten, "Ann", "PRR_8", rules=rules, cert_count=4, cert_limit=16)


def test_18usa_11_5_presidency_passes_on_a_purchase() -> None:
    """18USA §11.5: a player holding more shares than the president becomes president and
    hands two ordinary certificates for the president's certificate."""
    book = ShareBook.standard("PRR", size=10, owner="PRR")
    book.move("PRR_0", "Ann")
    book.transfer("PRR", "Ann", 1)
    book.transfer("PRR", "Bob", 3)
    change = buy(book, "Bob", "PRR_8", rules=RG_RULES, players=SEATS, cert_count=3, cert_limit=16)
    assert change == ("Ann", "Bob")
    assert book.president == "Bob" and book.shares_of("Bob") == 4
    assert book.shares_of("Ann") == 3
    assert all(not c.president for c in book.certs_of("Ann"))
    assert len(book.certs_of("Bob")) == 3  # president's certificate + 2 singles


def test_18usa_11_5_tie_goes_to_the_player_nearest_the_presidents_left() -> None:
    """18USA §11.5 (and 18US §5.4, 18West §5.1.4): when Cy sells down to one share and both
    Dan and Ann hold two, Dan - next after Cy in seat order - becomes president."""
    book = ShareBook.standard("PRR", size=10, owner=IPO)
    book.move("PRR_0", "Cy")
    book.transfer(IPO, "Cy", 1)
    book.transfer(IPO, "Ann", 2)
    book.transfer(IPO, "Dan", 2)
    change = sell(book, "Cy", 2, rules=RG_RULES, players=SEATS)
    assert change == ("Cy", "Dan")
    assert book.president == "Dan" and book.shares_of("Cy") == 1
    assert book.shares_of(POOL) == 2
    # And going round the table: with Dan president, the next seat is Ann.
    book.transfer(IPO, "Bob", 2)
    sell(book, "Dan", 1, rules=ShareRules(pool_limit_pct=None), players=SEATS)
    assert book.president == "Ann"


def test_18us_5_4_tie_with_the_president_keeps_the_presidency() -> None:
    """18US §5.4 / 18RoyalGorge "About Presidency": only *more* shares take it over."""
    book = ShareBook.standard("B&O", size=5, owner=POOL)
    book.move("B&O_0", "Ann")
    book.transfer(POOL, "Bob", 2)
    assert book.update_president(SEATS) is None
    assert book.president == "Ann"


def test_18us_4_1_president_may_sell_down_only_if_someone_can_take_over() -> None:
    """18US §4.1: a president may sell to leave one share if another player holds two; never
    puts the president's certificate in the pool."""
    rules = ShareRules(pool_limit_pct=None, holding_limit_shares={5: 3})
    book = ShareBook.standard("NYC", size=5, owner=POOL)
    book.move("NYC_0", "Ann")
    book.transfer(POOL, "Ann", 1)
    before = _snapshot(book)
    with pytest.raises(IllegalAction) as err:
        sell(book, "Ann", 2, rules=rules, players=SEATS)
    assert err.value.rule == "shares.president_to_pool"
    assert _snapshot(book) == before
    check_sell(book, "Ann", 1, rules=rules, players=SEATS)  # keeps the certificate
    book.transfer(POOL, "Bob", 2)
    assert sell(book, "Ann", 2, rules=rules, players=SEATS) == ("Ann", "Bob")
    assert book.shares_of("Ann") == 1 and book.president == "Bob"
    assert book.cert("NYC_0").owner == "Bob"


def test_18us_6_9_1_emergency_sale_may_not_change_presidency() -> None:
    book = ShareBook.standard("NYC", size=5, owner=POOL)
    book.move("NYC_0", "Ann")
    book.transfer(POOL, "Ann", 1)
    book.transfer(POOL, "Bob", 2)
    with pytest.raises(IllegalAction) as err:
        check_sell(book, "Ann", 2, rules=ShareRules(), players=SEATS, allow_presidency_change=False)
    assert err.value.rule == "shares.presidency_change"


def test_18royalgorge_selling_pool_may_hold_at_most_half() -> None:
    """18RoyalGorge "Selling": no sale may take the pool past 50%."""
    book = ShareBook.standard("SF", size=10, owner="SF")
    book.move("SF_0", "Ann")
    book.transfer("SF", "Bob", 6)
    sell(book, "Bob", 5, rules=RG_RULES, players=SEATS)
    with pytest.raises(IllegalAction) as err:
        check_sell(book, "Bob", 1, rules=RG_RULES, players=SEATS)
    assert err.value.rule == "shares.pool_limit"


def test_18us_5_1_no_sale_before_first_operation_and_no_rebuy() -> None:
    """18US §5.1: no selling a company that has not operated; having sold, no buying it back
    this stock round (18RoyalGorge "Buying", 18USA §11.3)."""
    book = ShareBook.standard("PRR", size=5, owner=POOL)
    book.move("PRR_0", "Ann")
    book.transfer(POOL, "Bob", 1)
    with pytest.raises(IllegalAction) as err:
        check_sell(book, "Bob", 1, rules=ShareRules(), players=SEATS, operated=False)
    assert err.value.rule == "shares.not_operated"
    with pytest.raises(IllegalAction) as err:
        check_buy(
            book,
            "Bob",
            "PRR_2",
            rules=ShareRules(),
            cert_count=1,
            cert_limit=10,
            sold_this_round=True,
        )
    assert err.value.rule == "shares.rebuy_after_sale"


def test_18usa_11_1_two_share_companies_and_liquidation_block_sales() -> None:
    """18USA §11.1: 2-share company shares may not be sold, nor those of companies in
    liquidation or acquisition."""
    rules = ShareRules(
        unsellable_sizes=frozenset({2}), no_trade_zones=frozenset({"liquidation", "acquisition"})
    )
    small = ShareBook.standard("GT", size=2)
    small.move("GT_0", "Ann")
    with pytest.raises(IllegalAction) as err:
        check_sell(small, "Ann", 2, rules=rules, players=SEATS)
    assert err.value.rule == "shares.unsellable"
    big = ShareBook.standard("PRR", size=10, owner=POOL)
    big.transfer(POOL, "Ann", 1)
    with pytest.raises(IllegalAction) as err:
        check_sell(big, "Ann", 1, rules=rules, players=SEATS, zones=frozenset({"acquisition"}))
    assert err.value.rule == "shares.no_trade_zone"


def test_18usa_14_1_1_conversions_two_to_five_to_ten_shares() -> None:
    """18USA §7.2/§14.1.1: the president's certificate is 100%, then 40%, then 20%; each
    conversion adds single shares to the charter."""
    book = ShareBook.standard("NYC", size=2)
    book.move("NYC_0", "Ann")
    assert book.percent_of("Ann") == 100
    book.resize(5, [(1, "NYC", True)] * 3)
    assert (book.percent_of("Ann"), book.percent_of("NYC")) == (40, 60)
    book.transfer("NYC", "Bob", 1)
    book.resize(10, [(1, "NYC", True)] * 5)
    assert (book.percent_of("Ann"), book.percent_of("Bob"), book.percent_of("NYC")) == (20, 10, 70)
    assert sorted(book.certs) == sorted(f"NYC_{i}" for i in range(9))


def test_18us_7_4_1_system_president_certificate_flips_to_four_shares() -> None:
    """18US §4.1/§7.4.1: a System is 20 shares, its president's certificate four of them."""
    book = ShareBook.standard("PRR", size=10, unplayable=5)
    book.move("PRR_0", "Ann")
    book.resize(20, [(1, IPO, True)] * 3 + [(1, IPO, False)] * 5, president_shares=4)
    assert book.size == 20 and book.total() == 20
    assert book.percent_of("Ann") == 20
    assert sum(1 for c in book.certs.values() if c.playable and not c.president) == 6


def test_18us_6_9_3_pool_presidency_taken_only_with_two_shares() -> None:
    """18US §6.9.3: a president's certificate in the pool goes to a player only once they can
    swap two shares for it."""
    book = ShareBook.standard("PRR", size=5, owner=POOL)
    book.transfer(POOL, "Bob", 1)
    assert book.update_president(SEATS) is None
    book.transfer(POOL, "Bob", 1)
    assert book.update_president(SEATS) == (None, "Bob")
    assert book.shares_of(POOL) == 3


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.booleans(), st.integers(0, 3), st.integers(1, 3), st.integers(0, 9)),
        max_size=40,
    )
)
def test_core_shares_always_total_the_company_size(moves: list[tuple[bool, int, int, int]]) -> None:
    """Whatever mix of legal and illegal buys and sells: the certificates add up to the
    company's size, there is one president's certificate, no player out-holds the
    president, and refused moves change nothing."""
    rules = ShareRules()
    book = ShareBook.standard("PRR", size=10, owner="PRR")
    book.move("PRR_0", "Ann")
    for is_buy, seat, n, cert_index in moves:
        player = SEATS[seat]
        before = _snapshot(book)
        try:
            if is_buy:
                buy(
                    book,
                    player,
                    f"PRR_{cert_index}",
                    rules=rules,
                    players=SEATS,
                    cert_count=0,
                    cert_limit=20,
                )
            else:
                sell(book, player, n, rules=rules, players=SEATS)
        except IllegalAction:
            assert _snapshot(book) == before
        assert book.total() == 10
        assert sum(c.president for c in book.certs.values()) == 1
        pres = book.president
        if pres is not None:
            assert all(book.shares_of(p) <= book.shares_of(pres) for p in SEATS)
        assert book.shares_of(POOL) <= 5
