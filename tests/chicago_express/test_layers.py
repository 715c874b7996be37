"""Chicago Express's modules import one way (docs/architecture.md, issue #15): the state
data, then the rules on it, then the turn, then the title state that dispatches to them.
The bot's position estimate is read by the table view only, never by the rules or state."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

FOLDER = "titles.chicago_express"
RULES = ("auction", "build", "develop", "dividend")
ABOVE = {
    "state": {*RULES, "turn", "title_state", "heuristic", "view"},
    **{rule: {"turn", "title_state", "heuristic", "view"} for rule in RULES},
    "turn": {"title_state", "heuristic", "view"},
    "title_state": {"heuristic", "view"},
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
