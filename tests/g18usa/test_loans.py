"""18USA §9 and §14 limits on loans: the price never goes past the leftmost acquisition
space into liquidation because of a loan, and a company that loans drove out of the white
area takes no more in the M&A round."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.titles.g18usa import TITLE, config, make_setup, private_cards
from roundhouse.titles.g18usa.family1817.actions import Convert, TakeLoan
from roundhouse.titles.g18usa.family1817.config import FamilyConfig
from roundhouse.titles.g18usa.family1817.loan_step import take_loan
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from tests.g18usa.corporate import CONFIG_C, corporate_engine
from tests.g18usa.playing import load_position

ANN = PlayerId("Ann")


def _replay(doc: Mapping[str, object], reading: Callable[[FamilyConfig], FamilyConfig]) -> Game:
    """The recorded moves of ``doc`` replayed under its options' settings changed by
    ``reading`` (a rulebook reading under ``compat_18xx_games``), through the title's own
    set-up (:func:`~roundhouse.titles.g18usa.make_setup`)."""
    title = replace(TITLE, setup=make_setup(private_cards, lambda n, v: reading(config(n, v))))
    players, seed, options, actions = doc["players"], doc["seed"], doc["options"], doc["actions"]
    assert isinstance(players, list) and isinstance(seed, int)
    assert isinstance(options, dict) and isinstance(actions, list)
    game = Game(title, players, seed, options)
    for action in actions:
        game.apply(action)
    return game


def test_18usa_9_loans_stop_at_the_leftmost_acquisition_space() -> None:
    """18USA §9: "If the token is in (or enters) the leftmost gray space, taking loans has no
    further effect on the share price marker" - from $20 one space to $10, then no move."""
    g = corporate_engine()
    g.start_company("Ann", "CC", 80)
    cell = g.market.grid.at_or_below(20)
    assert cell is not None
    g.market.place("CC", cell)
    take_loan(g, "CC")
    assert g.share_price("CC") == 10
    assert "acquisition" in g.market.zones("CC")
    take_loan(g, "CC")
    assert g.share_price("CC") == 10
    assert "liquidation" not in g.market.zones("CC")


def test_18usa_14_no_more_loans_once_they_drove_the_company_into_acquisition() -> None:
    """18USA §14: a company moved into the gray area by loans taken during its conversion
    "may not take any further actions during this M&A round"; here AA ($50) converts, a
    first loan takes it to $30, a second to $10 (acquisition): no third loan is offered, the
    $50 token is bought, and nobody trades its shares (§11.1, §11.3)."""
    g = corporate_engine()
    g.start_company("Ann", "AA", 60)
    cell = g.market.grid.at_or_below(50)
    assert cell is not None
    g.market.place("AA", cell)
    r = TakeoverRound()
    g.round = r
    r.start(g)
    g.execute(Convert(player=ANN, entity="AA"))
    g.execute(TakeLoan(player=ANN, entity="AA", loan=0))
    assert g.share_price("AA") == 30
    g.execute(TakeLoan(player=ANN, entity="AA", loan=1))
    assert g.share_price("AA") == 10
    assert g.loans.of("AA") == [0, 1]
    assert g.ledger.cash("AA") == 2 * 60 + 200 - 50
    assert "liquidation" not in g.market.zones("AA")
    assert r.finished  # no third loan was offered: the conversion went on by itself


def test_18usa_12_8_turn_ends_after_the_repay_step_though_a_left_step_could_act_again() -> None:
    """§12 (steps "in the indicated order") and §12.8/§12.9: a company without loans (no
    interest due) that ran past its track step with no money for a tile, then got money, ends
    its turn when it passes the repay step; the track step it left keeps no loan on offer
    (found by the 18USA export differential: ours went on offering only loans, and the bot
    took them after the site's turn had ended)."""
    from roundhouse.core.bank import BANK
    from roundhouse.core.game import Game
    from tests.g18usa.cards import NO_PRIVATES_TITLE

    game = Game(NO_PRIVATES_TITLE, ["Ann", "Bob", "Cy"], seed=1)
    g = game.state

    def act(kind: str, player: str, **fields: object) -> None:
        entity = fields.pop("entity", player)
        game.apply({"kind": kind, "player": player, "entity": entity, **fields})

    act("bid", "Ann", company="ATSF", price=100)
    act("place_token", "Ann", hex="D14", city="c")
    for p in ("Bob", "Cy", "Bob", "Cy", "Ann"):
        act("pass", p)
    act("pass", "Ann", entity="ATSF")
    act("dividend", "Ann", entity="ATSF", mode="withhold")
    act("buy_train", "Ann", entity="ATSF", train="2-0", price=100)
    while g.round.kind == "OR":  # type: ignore[attr-defined]
        act("pass", "Ann", entity="ATSF")
    while g.round.kind != "OR":  # type: ignore[attr-defined]
        game.apply(next(a for a in game.legal_actions() if a.kind == "pass"))
    assert g.ledger.cash("ATSF") == 0  # type: ignore[attr-defined]
    assert {a.kind for a in game.legal_actions()} == {"take_loan", "run_routes"}
    game.apply(next(a for a in game.legal_actions() if a.kind == "run_routes"))
    act("dividend", "Ann", entity="ATSF", mode="withhold")
    g.ledger.transfer(BANK, "ATSF", 100)  # type: ignore[attr-defined]
    act("pass", "Ann", entity="ATSF")  # no train bought
    act("pass", "Ann", entity="ATSF")  # the repay step: nothing repaid, no loan taken
    assert g.round.kind != "OR" or g.round.entity(g) != "ATSF"  # type: ignore[attr-defined]


def test_18usa_9_a_loan_before_paying_interest_is_the_rulebooks_not_the_sites() -> None:
    """§9: loans "at any time during the company's turn, except between the 'pay fees on
    loans' and 'repay loans' steps" - so MP (one loan, no train bought) may still borrow at
    §12.8's interest before paying it.  18xx.games pays the interest the moment the
    buy-trains step is left (``G1817::Round::Operating#pay_interest!``): under
    ``compat_18xx_games`` the loan is offered only after it, in the repay step (found by
    the export differential: random bots, 2 players, seed 300; a loan taken there made ours
    pay interest on two loans, the site on one)."""
    import json
    from pathlib import Path

    import roundhouse

    doc = json.loads((Path(__file__).parent / "positions" / "interest-due-2p.json").read_text())
    game = roundhouse.load(doc)
    assert [a.kind for a in game.legal_actions()] == ["pass"]  # the interest, nothing else
    game.apply(next(iter(game.legal_actions())))
    g = game.state
    assert g.ledger.cash("MP") == 135  # type: ignore[attr-defined]  # $140 less one loan's $5
    assert "take_loan" in {a.kind for a in game.legal_actions()}  # the repay step offers it

    # the same moves with the rulebook's loan timing
    rulebook = _replay(
        doc, lambda c: replace(c, loans=replace(c.loans, borrow_before_interest=True))
    )
    assert {a.kind for a in rulebook.legal_actions()} == {"pass", "take_loan"}


def test_18usa_12_5_a_withhold_in_the_leftmost_acquisition_space() -> None:
    """§12.5: on a withhold "the share price token moves back one step": from the leftmost
    acquisition space into liquidation (§9 stops only loans there).  18xx.games never moves
    a token into liquidation but by liquidating (``SharePrice#normal_movement?``): under
    ``compat_18xx_games`` the company stays in acquisition (found by the export
    differential: random bots, 3 players, seed 301, GN withholding at $0)."""
    from roundhouse.titles.g18usa.family1817.dividend_step import ShortDividendStep

    for site, zone in ((False, "liquidation"), (True, "acquisition")):
        g = corporate_engine(
            config=replace(
                CONFIG_C, takeover=replace(CONFIG_C.takeover, withhold_stops_at_acquisition=site)
            )
        )
        g.start_company("Ann", "CC", 80)
        cell = g.market.grid.at_or_below(20)
        assert cell is not None
        g.market.place("CC", cell)
        take_loan(g, "CC")  # to the leftmost acquisition space ($10), §9
        assert "acquisition" in g.market.zones("CC")
        ShortDividendStep().withhold_move(g, "CC")
        assert zone in g.market.zones("CC")


def test_18usa_14_2_2_acquired_loans_over_the_limit_are_repaid_on_the_site() -> None:
    """§9: a company holds at most its share size in loans; §14.2.2: the buyer "may now pay
    off any loans acquired".  DRG (5 shares, 2 loans) buys MKT with its 5 loans: 7 by
    default, until DRG repays; 18xx.games repays the 2 over the limit at once
    (``G1817::Step::Acquire#acquire_post_loan``), under ``compat_18xx_games`` so do we (found
    by the export differential: random bots, 5 players, seed 303; the position is its first
    115 moves, DRG named as the buyer last).  Played by the rulebook from the start, the
    buyer's room for loans counts the target's too, so P4 may still outbid DRG's $330 before
    P5 names DRG: P4 passes."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "acquisition-over-the-loan-limit-5p.json"
    doc = json.loads(path.read_text())
    game = roundhouse.load(doc)
    assert len(game.state.loans.of("DRG")) == 5  # type: ignore[attr-defined]
    assert game.state.books["DRG"].size == 5  # type: ignore[attr-defined]

    *moves, buy = doc["actions"]
    rulebook = _replay(
        {**doc, "actions": moves},
        lambda c: replace(c, takeover=replace(c.takeover, repay_acquired_loans=False)),
    )
    assert [str(a) for a in rulebook.legal_actions()] == ["P4 bids $340 for MKT", "P4 passes"]
    rulebook.apply({"kind": "pass", "player": "P4", "entity": "P4"})
    rulebook.apply(buy)
    assert len(rulebook.state.loans.of("DRG")) == 7  # type: ignore[attr-defined]


def test_18usa_9_compat_no_loan_between_a_run_of_nothing_and_the_interest() -> None:
    """§9 allows a loan until §12.8's interest; TP, without trains, has passed its track
    step, so what is left before the interest is withholding its $0 run, and it could not
    pay for any train even borrowing to its limit.  18xx.games asks nothing there and pays
    the interest at once, so under ``compat_18xx_games`` no loan is offered until after it
    (found by the export differential: random bots, 2 players, seed 400, where the loan
    taken before cost TP $5 more interest than on the site; the position is its first 63
    moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "nothing-run-before-interest-2p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    assert str(game.log[-1]) == "TP passes"
    assert [str(a) for a in game.legal_actions()] == ["TP chooses withhold"]


def test_18usa_12_8_a_loan_after_the_interest_with_none_due_owes_no_interest() -> None:
    """§12.8 "After buying trains, the acting company must pay interest on all its loans":
    GN, without loans, has passed its buy-trains step, so its interest was nothing; a loan
    it takes then (§9, in the repay step) owes no interest this turn, and the turn goes on
    without an interest step (found by the export differential: random bots, 7 players,
    seed 405, where GN paid $20 for it and the final cash was $8 short of the site's; the
    position is its first 478 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "loan-after-nothing-due-7p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    assert str(game.log[-1]) == "GN passes"
    g = game.state
    assert not g.loans.of("GN")  # type: ignore[attr-defined]
    cash = g.ledger.cash("GN")  # type: ignore[attr-defined]
    game.apply(next(a for a in game.legal_actions() if a.kind == "take_loan"))
    assert g.ledger.cash("GN") == cash + 100  # type: ignore[attr-defined]
    assert game.step_of(next(iter(game.legal_actions(kinds=frozenset({"pass"}))))) != (
        "pay_interest",
        "pay interest",
    )
    game.apply(next(a for a in game.legal_actions() if a.kind == "pass"))
    assert g.ledger.cash("GN") == cash + 100  # type: ignore[attr-defined]


def test_18usa_9_compat_no_loan_before_a_run_the_site_skips_at_the_train_limit() -> None:
    """§9 allows a loan until §12.8's interest.  ATSF, at its train limit of two once it
    bought a Pullman (§12.7: cars count toward it), has a 4-train but no route; 18xx.games
    skips its run, its dividend and its buy-trains step (no room) and pays the interest
    at once, so under ``compat_18xx_games`` no loan is offered before it, nor after the car
    is scrapped for $50 (the site's buy-trains step is behind it): the interest is on the
    eight loans held, $80, as there (found by the export differential: random bots, 4
    players, seed 6026, where ATSF borrowed first and paid $90; the position is its first
    330 moves)."""
    game = load_position("pullman-at-the-train-limit-before-a-skipped-run-4p.json")
    assert str(game.log[-1]) == "ATSF buys train P-6 for $200"
    assert [str(a) for a in game.legal_actions()] == ["ATSF scraps P-6", "ATSF runs for $0"]
    game.apply(next(a for a in game.legal_actions() if a.kind == "scrap_train"))
    assert [str(a) for a in game.legal_actions()] == ["ATSF runs for $0"]
    g = game.state
    assert g.ledger.cash("ATSF") == 257  # type: ignore[attr-defined]
    for expected in ("routes", "dividend", "pay_interest"):
        (action,) = game.legal_actions()
        assert game.step_of(action)[0] == expected
        game.apply(action)
    assert len(g.loans.of("ATSF")) == 8  # type: ignore[attr-defined]
    assert g.ledger.cash("ATSF") == 257 - 80  # type: ignore[attr-defined]


def test_18usa_9_compat_no_loan_before_a_run_without_a_route() -> None:
    """IC has passed its track step with no route to run and no room for a train:
    18xx.games skips its run and buy-trains steps and pays the interest at once, so under
    ``compat_18xx_games`` only the $0 run is offered, no loan (found by the export
    differential: random bots, 6 players, seed 9028, where IC's loan taken first cost $10
    more interest and the game later parted from the site's; the position is its first
    228 moves)."""
    game = load_position("no-route-before-interest-6p.json")
    assert str(game.log[-1]) == "IC passes"
    assert [str(a) for a in game.legal_actions()] == ["IC runs for $0"]


def test_18usa_9_compat_a_liquidated_companys_trains_keep_the_site_train_step_open() -> None:
    """SR was liquidated by the bank (§14.2.1) with two 2-trains, scrapped with its charter
    in ours; 18xx.games leaves them listed under the old charter and buyable for $1, so its
    buy-trains step waits for MKT (no trains, $100) and a loan MKT takes there owes the
    interest: under ``compat_18xx_games`` ours charges it too, $5 (found by the export
    differential: random bots, 7 players, seed 6035, where MKT's liquidation then paid its
    president $100, not the site's $94; the position is its first 286 moves)."""
    game = load_position("liquidated-trains-still-listed-7p.json")
    assert str(game.log[-1]) == "MKT passes"
    g = game.state
    game.apply(next(a for a in game.legal_actions() if str(a) == "MKT chooses withhold"))
    game.apply(next(a for a in game.legal_actions() if str(a) == "MKT takes loan 0"))
    assert g.ledger.cash("MKT") == 200  # type: ignore[attr-defined]
    (action,) = game.legal_actions()
    assert game.step_of(action)[0] == "pay_interest"
    game.apply(action)
    assert g.ledger.cash("MKT") == 195  # type: ignore[attr-defined]

    from roundhouse.titles.g18usa.family1817.loan_step import live_orphans

    assert live_orphans(g) == ["2-0", "2-1"]  # type: ignore[arg-type]


def test_18usa_12_7_compat_no_scrap_once_the_sites_turn_is_over() -> None:
    """§12.7: a car may be scrapped "at any time the owning company may take an action".
    ATSF (ten loans, its limit; $77; a 4-train and a Pullman, its train limit; no route)
    passes its track step: 18xx.games skips its run and buy-trains steps, cannot collect
    the $100 interest and sends it to liquidation, its loan step offering nothing, so the
    turn is over there; under ``compat_18xx_games`` ours offers no scrap for the $50 that paid the
    interest (found by the export differential: random bots, 4 players, seed 6026, the
    site refused the scrap in its cash crisis; the position is its first 345 moves)."""
    game = load_position("turn-over-on-the-site-before-a-scrap-4p.json")
    g = game.state
    assert (g.ledger.cash("ATSF"), len(g.loans.of("ATSF"))) == (77, 10)  # type: ignore[attr-defined]
    assert [str(a) for a in game.legal_actions()] == ["ATSF runs for $0"]
    for expected in ("routes", "dividend"):
        (action,) = game.legal_actions()
        assert game.step_of(action)[0] == expected
        game.apply(action)
    assert [game.step_of(a)[0] for a in game.legal_actions()] == ["pay_interest"]
    game.apply(game.legal_actions()[0])
    # as on the site: ATSF's $77 to P1, who pays the $100 ($38 + $77 - $100), and the
    # bank liquidates ATSF in the M&A round, leaving P1 its loans to settle
    assert g.ledger.cash("P1") == 15  # type: ignore[attr-defined]
    assert "ATSF" not in g.market.position  # type: ignore[attr-defined]
    assert [str(a) for a in game.legal_actions()] == ["P1 declares bankruptcy"]
