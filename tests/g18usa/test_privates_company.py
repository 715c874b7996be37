"""18USA privates acting on their company: P10 Carnegie Steel, P14 Pyramid Scheme and P29
Bankrupt Railroad at the company's start, P15 Western Land Grant's loan, P20 Suem & Wynn Law
Firm's station, P23 Bailey Yard's token (18xx.games; §2.4 and the appendix's Subsidy Tiles
for P10 and P29)."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.titles.g18usa.bailey_yard import private_acquired
from roundhouse.titles.g18usa.board import metropolis_candidates
from roundhouse.titles.g18usa.land_grant import extra_loans, interest_due
from roundhouse.titles.g18usa.law_firm import settle_law_firm
from roundhouse.titles.g18usa.powers import UsePrivate
from roundhouse.titles.g18usa.start_privates import company_started
from roundhouse.titles.g18usa.stop_bonus import PrivateStops
from tests.g18usa.privates_engine import (
    ANN,
    apply,
    board_map,
    company,
    give,
    operating,
    usa_engine,
)
from tests.g18usa.privates_engine import lay as normal_lay

CANDIDATES = tuple(metropolis_candidates())
DRAWN = ("D28", "H22", "D20", "I19")  # New York and three drawn


def _start(private: str, home: str, *, no_subsidy: bool = False, drawn=DRAWN):  # type: ignore[no-untyped-def]
    g = usa_engine()
    company(g, "NYC", home)
    give(g, private, "NYC")
    out = company_started(
        g,
        "NYC",
        home,
        potential_metropolises=CANDIDATES,
        metropolises=drawn,
        no_subsidy=no_subsidy,
    )
    return g, out


def test_18usa_2_4_p10_makes_an_unchosen_candidate_a_metropolis() -> None:
    """§2.4 and P10: a company started with Carnegie Steel in an unchosen, unimproved
    candidate (Los Angeles G3) makes it a metropolis; P10 closes."""
    g, out = _start("P10", "G3")
    assert out.metropolis == "G3"
    assert g.privates["P10"].closed


@pytest.mark.parametrize(
    ("home", "drawn"), [("H22", DRAWN), ("E7", DRAWN)], ids=["already", "not-a-candidate"]
)
def test_18usa_p10_does_nothing_elsewhere_but_still_closes(
    home: str, drawn: tuple[str, ...]
) -> None:
    g, out = _start("P10", home, drawn=drawn)
    assert out.metropolis is None
    assert g.privates["P10"].closed


def test_18usa_p10_not_on_an_improved_city() -> None:
    g = usa_engine()
    company(g, "NYC", "G3")
    rotation = next(x.rotation for x in board_map(g).tile_lays(g, "NYC") if x.tile == "57")
    normal_lay(g, "NYC", "G3", "57", rotation)
    give(g, "P10", "NYC")
    out = company_started(
        g, "NYC", "G3", potential_metropolises=CANDIDATES, metropolises=DRAWN, no_subsidy=False
    )
    assert out.metropolis is None


def test_18usa_p14_closes_when_put_into_a_company() -> None:
    g, out = _start("P14", "E7")
    assert out == type(out)()
    assert g.privates["P14"].closed


def test_18usa_appendix_subsidy_p29_free_2_train_in_a_no_subsidy_city() -> None:
    """Appendix "Subsidy Tiles": "The P29 Bankrupt Railroad private receives a 2-train if it is
    used to start a new company in one of these cities"; it costs the company nothing."""
    g, out = _start("P29", "E7", no_subsidy=True)
    assert out.free_train == "2-0"
    assert [t.id for t in g.depot.owned_by("NYC")] == ["2-0"]
    assert g.ledger.cash("NYC") == 500
    assert g.privates["P29"].closed
    g, out = _start("P29", "E7", no_subsidy=False)
    assert out.free_train is None and g.privates["P29"].closed


def test_18usa_p23_one_more_station_once() -> None:
    """P23: "an additional station marker ... awarded at time of purchase"; never a ninth
    (§14.3).  NYC, a 2-share company, owns its one home token (§11.6) and P23's."""
    g, _ = _start("P23", "E7")
    assert g.corps["NYC"].tokens_owned == 2
    private_acquired(g, "NYC", "P23")
    assert g.corps["NYC"].tokens_owned == 2
    assert not g.privates["P23"].closed


def test_18usa_p15_one_more_loan_at_5() -> None:
    """P15: "one extra loan at a fixed $5 per round interest rate"."""
    g = usa_engine()
    company(g, "NYC", "E7")
    assert extra_loans(g, "NYC") == 0 and interest_due(g, "NYC", 15, 3) == 45
    give(g, "P15", "NYC")
    assert extra_loans(g, "NYC") == 1
    assert interest_due(g, "NYC", 15, 3) == 35
    assert interest_due(g, "NYC", 15, 0) == 0


def _full_boise():  # type: ignore[no-untyped-def]
    """NYC in Salt Lake City with track into Boise (D6), whose one slot UP holds; NYC owns a
    second station token, not yet placed."""
    g = usa_engine()
    company(g, "NYC", "E7")
    g.corps["NYC"].tokens_owned += 1
    normal_lay(g, "NYC", "E7", "57", 2)  # towards Boise and F8
    board = board_map(g).board
    board.lay("D6", "57", 2, {"c": "c"})
    board.place_token("D6", "c", "UP")
    board_map(g).laid.clear()
    return g


def test_18usa_p20_station_in_a_full_city() -> None:
    """P20: "place an available station token into any city which currently has no available
    open station circles", an extra placement; it takes the first slot that opens."""
    g = _full_boise()
    give(g, "P20", "NYC")
    operating(g)
    moves = [a for a in g.legal_actions() if isinstance(a, UsePrivate)]
    assert [(m.hex, m.choice) for m in moves] == [("D6", "c")]
    apply(g, moves[0])
    board = board_map(g).board
    assert g.privates["P20"].closed
    assert g.corps["NYC"].tokens_placed == 2
    assert board["D6"].tokens["c"] == ["UP"]
    extras = PrivateStops()(board, "D6", "c")
    assert extras is not None and extras.extra_tokens == ("NYC",)
    board.remove_token("D6", "c", "UP")
    settle_law_firm(board)
    assert board["D6"].tokens["c"] == ["NYC"] and not board["D6"].markers


def test_18usa_p20_refused_elsewhere() -> None:
    g = _full_boise()
    give(g, "P20", "NYC")
    operating(g)
    with pytest.raises(IllegalAction) as err:
        g.check(UsePrivate(player=ANN, entity="NYC", company="P20", hex="E7", choice="c"))
    assert err.value.rule == "law_firm.placement"


def test_18usa_p23_compat_put_in_at_the_start_is_one_of_the_tokens_bought() -> None:
    """§11.6 and P23 (18xx.games): P1 starts GN, five shares at $82, putting in Bailey Yard
    ($80).  Its token is the second station a 5-share company must have, so none is bought
    for $50: GN keeps 2 x $82 - $80 = $84 and holds two station tokens, as on the site
    under ``compat_18xx_games`` (``G1817::Game#tokens_needed`` counts it; found by the export
    differential: random bots, 2 players, seed 316, where the site's cash parted from ours;
    the position is its first 29 moves)."""
    import json
    from pathlib import Path

    import roundhouse

    path = Path(__file__).parent / "positions" / "bailey-yard-at-start-2p.json"
    game = roundhouse.load(json.loads(path.read_text()))
    assert str(game.log[-1]) == "P1 chooses P23 with P23"
    g = game.state
    assert g.ledger.cash("GN") == 84  # type: ignore[attr-defined]
    assert g.corps["GN"].tokens_owned == 2  # type: ignore[attr-defined]
