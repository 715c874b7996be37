"""The refusals the 1817 family raises cite 18USA's rulebook (issue #15: the title
checklist's step 5, every rule key a refusal raises has its section): buying a share without
the cash (§11.3: "the current share price is paid"), a certificate not for sale (§11.3:
"Shares may be bought from a company or from the open market"), buying from a president
without the 10% premium's cash (§17 "No 60% President Share Limit"), repaying a loan without
$100 (§12.9: "Loans are repaid for $100"), a company that is not one of the game's (§7.2:
"There are twenty public companies in the game")."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import SellShares
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa import TITLE as REAL_TITLE
from roundhouse.titles.g18usa.family1817.cash_crisis import Debt, check_crisis_action
from roundhouse.titles.g18usa.family1817.loan_step import check_payoff
from roundhouse.titles.g18usa.state import UsaGame
from tests.g18usa.cards import NO_PRIVATES_TITLE as TITLE
from tests.g18usa.playing import act, usa


def _refused(game: Game, kind: str, player: str, **fields: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        act(game, kind, player, **fields)
    return err.value


def _five_share_atsf(options: dict[str, bool] | None = None) -> Game:
    """Seed 1 in Phase 3: Ann starts ATSF as a 5-share company at $100 in Boise (B8); Bob
    is next."""
    game = Game(TITLE, ["Ann", "Bob", "Cy"], seed=1, options=options or {})
    usa(game).depot.phases.advance_to("3")
    act(game, "bid", "Ann", company="ATSF", price=100)
    act(game, "place_token", "Ann", hex="B8", city="c")
    act(game, "pass", "Bob")
    act(game, "pass", "Cy")
    act(game, "choose", "Ann", choice="5")
    return game


def _leave(g: UsaGame, holder: str, cash: int) -> None:
    g.ledger.transfer(holder, BANK, g.ledger.cash(holder) - cash)


def test_18usa_11_3_a_share_without_its_price_cites_11_3() -> None:
    """Bob, with $10, cannot buy a $50 share of ATSF from its treasury."""
    game = _five_share_atsf()
    _leave(usa(game), "Bob", 10)
    err = _refused(game, "buy_shares", "Bob", shares=["ATSF_1"])
    assert err.rule == "money.insufficient_cash"
    assert str(err) == "Bob has $10 and cannot pay $50 for ATSF_1 (18USA §11.3, §12.6)"


def test_18usa_11_3_the_presidents_certificate_is_not_for_sale() -> None:
    """Without §17's variant the president's certificate is not bought from its holder."""
    game = _five_share_atsf()
    err = _refused(game, "buy_shares", "Bob", shares=["ATSF_0"])
    assert err.rule == "shares.not_available"
    assert str(err).endswith("(18USA §11.3)")


def test_18usa_17_a_purchase_from_the_president_without_the_cash_cites_17() -> None:
    """§17 "No 60% President Share Limit": Ann holds all five shares of ATSF, so Bob may buy
    one from her at 10% above the $50 price ($55); with $10 he cannot."""
    game = _five_share_atsf({"no_president_limit": True})
    g = usa(game)
    for i in (1, 2, 3):
        act(game, "pass", "Bob")
        act(game, "pass", "Cy")
        act(game, "buy_shares", "Ann", shares=[f"ATSF_{i}"])
    assert [str(a) for a in game.legal_actions() if a.kind == "buy_shares"] == ["Bob buys ATSF_1"]
    _leave(g, "Bob", 10)
    err = _refused(game, "buy_shares", "Bob", shares=["ATSF_1"])
    assert err.rule == "shares.from_president_cash"
    assert str(err) == (
        "Bob has $10 and cannot pay $55 for ATSF_1 (18USA §17 (No 60% President Share Limit))"
    )


def _cited(err: IllegalAction) -> str:
    """The refusal as :class:`~roundhouse.core.game.Game` words it."""
    return str(err.cite(REAL_TITLE.rulebook.cite(err.rule)))


def test_18usa_12_9_repaying_without_100_cites_12_9() -> None:
    """ATSF holds a loan from an earlier round and has $50: it cannot repay $100."""
    game = _five_share_atsf()
    g = usa(game)
    g.loans.lend("ATSF", 0)
    g.loans.borrowed_this_or.clear()
    _leave(g, "ATSF", 50)
    with pytest.raises(IllegalAction) as err:
        check_payoff(g, "ATSF", 0)
    assert err.value.rule == "loans.repay_cash"
    assert _cited(err.value) == "ATSF has $50 and cannot repay $100 (18USA §12.9)"


def test_18usa_7_2_no_such_company_cites_7_2() -> None:
    """In a cash crisis, a sale of a company the game does not have."""
    game = _five_share_atsf()
    g = usa(game)
    sale = SellShares(player=PlayerId("Ann"), entity="Ann", corporation="XYZ", count=1)
    with pytest.raises(IllegalAction) as err:
        check_crisis_action(g, Debt(player="Ann", amount=100, payee=BANK), sale)
    assert err.value.rule == "sr.unknown"
    assert _cited(err.value) == "there is no XYZ (18USA §7.2)"


def test_the_familys_rule_keys_all_cite_18usa() -> None:
    """Every rule key the family's modules raise has an 18USA section."""
    import pathlib
    import re

    from roundhouse.titles.g18usa import family1817

    here = pathlib.Path(family1817.__file__).parent
    raised: set[str] = set()
    for path in sorted(here.glob("*.py")):
        raised |= set(re.findall(r'rule="([a-z_.]+)"', path.read_text()))
    assert not sorted(k for k in raised if REAL_TITLE.rulebook.cite(k) is None)
