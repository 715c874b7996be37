"""18USA §14.3: "If there are still more than eight tokens on the map, the president selects
which eight to keep and the rest are removed from the game" - StationTokenCutStep on the
twelve-city board of tests/g18usa/test_board_station_tokens.py."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.titles.g18usa.family1817.company_sale import merge
from roundhouse.titles.g18usa.family1817.token_cut_step import StationTokenCutStep
from tests.g18usa.test_board_station_tokens import ANN, CITIES, _company, _engine


def test_18usa_14_3_president_keeps_eight_of_ten() -> None:
    """CC (A1-B2) absorbs DD (B4-C3): ten tokens in ten hexes.  Ann takes two off, B4 and
    C3, and CC keeps the other eight on the map and owns eight."""
    g, board = _engine()
    assert isinstance(g.map, BoardMap)
    g.map.token_choice = True
    _company(g, board, "CC", 5, CITIES[:5])
    _company(g, board, "DD", 5, CITIES[5:10])
    merge(g, "CC", "DD")
    assert g.map.token_cuts == {"CC": 2}
    assert len(board.tokens_of("CC")) == 10 and not board.tokens_of("DD")
    step = StationTokenCutStep()
    assert step.active(g, "CC") and step.active(g, ANN)
    offered = {a.choice for a in step.actions(g, "CC") if isinstance(a, Choose)}
    assert offered == {f"{h} c" for h in CITIES[:10]}
    with pytest.raises(IllegalAction) as refused:
        step.check(g, "CC", Choose(player=ANN, entity="CC", choice="C5 c"))
    assert refused.value.rule == "tokens.keep_eight"
    for choice in ("B4 c", "C3 c"):
        action = Choose(player=ANN, entity="CC", choice=choice)
        step.check(g, "CC", action)
        step.process(g, "CC", action)
    kept = {h for h, _ in board.tokens_of("CC")}
    assert kept == set(CITIES[:10]) - {"B4", "C3"}
    assert g.corps["CC"].tokens_placed == 8 and g.corps["CC"].tokens_owned == 8
    assert not step.active(g, "CC") and g.map.token_cuts == {}
    assert board["B4"].tokens["c"] == []


def test_no_choice_when_eight_or_fewer() -> None:
    g, board = _engine()
    assert isinstance(g.map, BoardMap)
    g.map.token_choice = True
    _company(g, board, "CC", 4, CITIES[:4])
    _company(g, board, "DD", 4, CITIES[4:8])
    merge(g, "CC", "DD")
    assert g.map.token_cuts == {}
    assert not StationTokenCutStep().active(g, "CC")
