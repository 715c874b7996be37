"""18USA §15 bankruptcy as the rulebook words it, beside the 18US §6.9.3 defaults: where a
bankrupt player's shares, private companies and presidencies go, and the certificate limit
of the players left ("The certificate limit increases accordingly (see the table in section
2)": 32/21/16 for 2/3/4 players)."""

from __future__ import annotations

import dataclasses

from roundhouse.core.bank import BANK
from roundhouse.core.config import (
    BankruptcyEnd,
    BankruptPresidency,
    BankruptPrivates,
    CertLimitPlayers,
    TitleConfig,
)
from roundhouse.core.engine18xx import Engine
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.core.shares import POOL
from roundhouse.titles.g18usa.family1817.cash_crisis import bankrupt
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from tests.core.flow.synthetic import StubMap
from tests.g18usa.corporate import CONFIG_C, DATA_C, CorporateHooks

TABLE = {2: 32, 3: 21, 4: 16, 5: 16, 6: 13, 7: 11}
"""18USA §2's certificate limits."""


def engine(*, usa: bool, players: tuple[str, ...] = ("Ann", "Bob", "Cy")) -> Engine:
    """The corporate title with elimination and a $30 private; ``usa`` switches on 18USA
    §15's holdings and certificate-limit rules, else core's defaults (18US §6.9.3) are
    put back."""
    changes: dict[str, object] = {"bankruptcy_end": BankruptcyEnd.ELIMINATE, "cert_limit": TABLE}
    if usa:
        changes |= {
            "cert_limit_players": CertLimitPlayers.SOLVENT,
            "bankrupt_privates": BankruptPrivates.OPEN_MARKET,
            "bankrupt_presidency": BankruptPresidency.OPEN_MARKET,
        }
    else:
        defaults = TitleConfig(players=range(2, 5), starting_cash={}, cert_limit={}, bank=None)
        changes |= {
            "cert_limit_players": defaults.cert_limit_players,
            "bankrupt_privates": defaults.bankrupt_privates,
            "bankrupt_presidency": defaults.bankrupt_presidency,
        }
    config = dataclasses.replace(CONFIG_C, **changes)  # type: ignore[arg-type]
    data = dataclasses.replace(DATA_C, privates=(PrivateSpec(id="P1", value=30),))
    return FamilyEngine(
        [PlayerId(p) for p in players],
        Rng(1),
        data=data,
        config=config,
        hooks=CorporateHooks(),
        board=StubMap(),
    )


def ann_goes_bankrupt(g: Engine) -> int:
    """Ann presides CC (5 shares: her 2-share president's certificate, Bob holds 2) and
    holds a DD share under Bob; she owns P1 and $40.  Then she is bankrupt in a cash
    crisis over a bank debt.  Returns the bank's cash just before."""
    g.start_company("Ann", "CC", 80)
    g.start_company("Bob", "DD", 80)
    g.books["CC"].transfer("CC", "Bob", 2)
    g.books["DD"].transfer("DD", "Ann", 1)
    g.privates["P1"].owner = "Ann"
    g.ledger.transfer_all("Ann", BANK)
    g.ledger.transfer(BANK, "Ann", 40)
    before = g.ledger.cash(BANK)
    bankrupt(g, "Ann", BANK)
    return before


def test_18usa_15_bankrupt_holdings_go_to_the_open_market() -> None:
    """18USA §15: "Place the player's stock (including shorts) and any private companies in
    the open market.  If a president's certificate is placed in the open market, move its
    share price token to the 'liquidation' space" - Bob's two CC shares do not make him
    president; her money goes back to the bank."""
    g = engine(usa=True)
    bank = ann_goes_bankrupt(g)
    cc, dd = g.books["CC"], g.books["DD"]
    assert cc.president_cert is not None and cc.president_cert.owner == POOL
    assert cc.president is None and g.controller("CC") is None
    assert cc.shares_of("Bob") == 2
    assert "liquidation" in g.market.zones("CC")
    assert dd.shares_of(POOL) == 1 and dd.president == "Bob"
    assert "liquidation" not in g.market.zones("DD")
    assert g.privates["P1"].owner == POOL and not g.privates["P1"].closed
    assert g.ledger.cash("Ann") == 0 and g.ledger.cash(BANK) == bank + 40


def test_18us_6_9_3_default_bankrupt_presidency_passes_on_and_privates_close() -> None:
    """Core's default (18US §6.9.3: "transfer the Presidency ... to the next eligible
    player"): Bob, with two CC shares, becomes president; the private closes; CC keeps its
    price."""
    g = engine(usa=False)
    ann_goes_bankrupt(g)
    assert g.books["CC"].president == "Bob"
    assert g.share_price("CC") == 80 and "liquidation" not in g.market.zones("CC")
    assert g.privates["P1"].closed


def test_18usa_15_certificate_limit_follows_the_players_left() -> None:
    """18USA §15 with §2's table: four players have 16 certificates each; once Ann is
    bankrupt the three left have 21, and after Bob too the two left have 32."""
    g = engine(usa=True, players=("Ann", "Bob", "Cy", "Dee"))
    assert g.cert_limit() == 16
    ann_goes_bankrupt(g)
    assert g.cert_limit() == 21
    bankrupt(g, "Bob", BANK)
    assert g.cert_limit() == 32


def test_18us_6_9_3_certificate_limit_remains_unchanged() -> None:
    """18US §6.9.3: "The certificate limit remains unchanged" (core's default)."""
    g = engine(usa=False, players=("Ann", "Bob", "Cy", "Dee"))
    ann_goes_bankrupt(g)
    assert g.player("Ann").bankrupt
    assert g.cert_limit() == 16


def test_18usa_15_last_solvent_player_reads_the_smallest_column() -> None:
    """With one player left the game is over (§15); the limit still reads a real column
    (two players: 32) rather than failing."""
    g = engine(usa=True, players=("Ann", "Bob"))
    ann_goes_bankrupt(g)
    assert g.end.over
    assert g.cert_limit() == 32


def test_18usa_15_a_private_in_the_open_market_earns_nobody_income() -> None:
    """18USA §15 puts a bankrupt's private in the open market; an operating round's income
    (18US §3.3 "paid to the owner") then has no owner: the bank keeps it, Bob's income
    card still pays him."""
    from roundhouse.core.ability import Income
    from roundhouse.core.entities import Private
    from roundhouse.core.flow.operating_round import OperatingRound

    g = engine(usa=True)
    paying = (Income(amount=10),)
    g.privates["P1"].spec = dataclasses.replace(g.privates["P1"].spec, abilities=paying)
    ann_goes_bankrupt(g)
    g.privates["P2"] = Private(dataclasses.replace(g.privates["P1"].spec, id="P2"))
    g.privates["P2"].owner = "Bob"
    bank, bob = g.ledger.cash(BANK), g.ledger.cash("Bob")
    OperatingRound([]).pay_income(g)
    assert g.ledger.cash("Bob") == bob + 10 and g.ledger.cash(BANK) == bank - 10


def test_18usa_15_compat_a_bankrupt_player_keeps_their_privates() -> None:
    """§15 puts a bankrupt player's private companies in the open market; 18xx.games's
    bankruptcy sells their shares only, the companies staying with them and counting in
    their final value (``G1817::Step::Bankrupt#process_bankrupt``, ``Player#value``), so
    under ``compat_18xx_games`` P4 keeps P9 Boomtown (found by the export differential:
    random bots, 5 players, seed 409, where P4 scored $40 there; the position is its first
    304 moves, P4's bankruptcy last)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "bankrupt-with-a-private-5p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    assert str(game.log[-1]) == "P4 declares bankruptcy"
    private = game.state.privates["P9"]  # type: ignore[attr-defined]
    assert private.owner == "P4" and not private.closed


def test_18usa_15_compat_a_player_bankrupted_by_interest_pays_the_bank() -> None:
    """§15 places the money of a player bankrupted by a company's loan interest "on that
    company's charter"; 18xx.games has the president pay the interest at once, into debt
    (``G1817::Round::Operating#pay_interest!``), so their money goes to the bank and the
    company gets nothing: under ``compat_18xx_games`` P4's $52 does not reach IC (found by
    the export differential: random bots, 6 players, seed 610, where IC's $52 more made
    its liquidation pay each holder $10 more than on the site; the position is its first
    185 moves, P4 owing IC's $100 of interest)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "bankrupt-by-interest-6p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    g = game.state
    assert [(d.player, d.cause) for d in g.round.crisis.debts] == [("P4", "IC")]  # type: ignore[attr-defined]
    assert (g.ledger.cash("P4"), g.ledger.cash("IC")) == (52, 0)  # type: ignore[attr-defined]
    game.apply(next(a for a in game.legal_actions() if a.kind == "bankrupt"))
    assert (g.ledger.cash("P4"), g.ledger.cash("IC")) == (0, 0)  # type: ignore[attr-defined]
    assert not g.config.interest_bankrupt_cash_to_company  # type: ignore[attr-defined]
    rulebook = roundhouse.load({**json.loads(path.read_text()), "actions": [], "options": {}})
    assert rulebook.state.config.interest_bankrupt_cash_to_company  # type: ignore[attr-defined]


def test_18usa_16_compat_the_final_bankruptcy_leaves_the_turn_to_its_interest() -> None:
    """§16 ends the game when all players but one are bankrupt, at once; 18xx.games ends it
    once the bankrupt action is processed whole, its operating company's buy-trains step
    skipped and its interest paid (``G1817::Round::Operating#after_process``), so under
    ``compat_18xx_games`` GN, unable to pay its $150, goes into liquidation, its $105 to
    P2, who is charged the interest into debt: P2 scores -$24, not $161 (found by the
    export differential, issue #17: random bots, 2 players, seed 12078; the position is its
    first 168 moves, P1 bankrupted by the dividends on their GN short)."""
    import dataclasses

    from tests.g18usa.playing import load_position, usa

    def end(compat: bool) -> tuple[dict[str, int] | None, int]:
        game = load_position("final-bankruptcy-before-interest-2p.json")
        g = usa(game)
        assert g.config.turn_after_final_bankruptcy
        if not compat:
            g._family_config = dataclasses.replace(g.config, turn_after_final_bankruptcy=False)
        assert (g.ledger.cash("P2"), g.ledger.cash("GN"), len(g.loans.of("GN"))) == (21, 105, 10)
        game.apply({"kind": "bankrupt", "player": "P1", "entity": "P1"})
        g = usa(game)
        assert g.end.over and g.end.reason == "bankrupt"
        return g.result, g.ledger.cash("GN")

    result, gn_cash = end(compat=True)
    assert result == {"P1": 0, "P2": -24} and gn_cash == 0
    result, gn_cash = end(compat=False)
    assert result == {"P1": 0, "P2": 161} and gn_cash == 105
