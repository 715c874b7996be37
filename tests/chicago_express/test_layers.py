"""Chicago Express's modules import one way (docs/architecture.md, issue #15): the state
data, then the rules on it, then the turn, then the title state that dispatches to them.
The position estimate reads the state data only; the rules never read it (the title state
offers it as ``heuristic_value``, and the table view shows it)."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

FOLDER = "titles.chicago_express"
RULES = ("auction", "build", "develop", "dividend")
ABOVE = {
    "state": {*RULES, "turn", "title_state", "heuristic", "view"},
    **{rule: {"turn", "title_state", "heuristic", "view"} for rule in RULES},
    "turn": {"title_state", "heuristic", "view"},
    "title_state": {"view"},
    "heuristic": {*RULES, "turn", "title_state", "view"},
}
"""Module -> the modules of the folder it must not import."""


def test_chicago_express_rules_and_state_import_nothing_above_them() -> None:
    graph = import_graph()
    wrong = {
        module: sorted(
            forbidden & {t.removeprefix(f"{FOLDER}.") for t in graph[f"{FOLDER}.{module}"]}
        )
        for module, forbidden in ABOVE.items()
    }
    assert not {m: w for m, w in wrong.items() if w}


def test_the_title_state_offers_chicago_express_own_estimate() -> None:
    """``TitleState.heuristic_value`` is the title's estimate (cash plus the dividends shares
    should still pay), not the core default of 0 before the end."""
    import roundhouse
    from roundhouse.titles.chicago_express import heuristic

    game = roundhouse.new_game("ChicagoExpress", ["Ann", "Bob", "Cy"], seed=4)
    state = game.state
    assert state.heuristic_value("Ann") == heuristic.position_value(state, "Ann") > 0
