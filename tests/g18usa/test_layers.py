"""18USA's game state is a leaf of its rules (docs/architecture.md "How a title types its
game", issue #15): ``state.py`` reaches, through every import, only what holds state (the
family's engine, the map's own state, P15's loans, the set-up draw, the variant), so the
rule modules can name :class:`~roundhouse.titles.g18usa.state.UsaGame` without an import
cycle, and do."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

FOLDER = "titles.g18usa"
RULES = (
    "map_rules",
    "start_privates",
    "carnegie_steel",
    "bankrupt_railroad",
    "bailey_yard",
    "law_firm_step",
    "exports",
    "subsidies",
    "max_start",
    "game_end",
    "ownerless_discard",
    "train_privates",
    "resources",
    "red_areas",
    "route_privates",
    "tile_actions",
    "terrain",
    "private_lays",
    "home_brown",
    "resource_subsidy",
    "rules",
)
"""Rule modules typed over ``UsaGame`` (they import ``state``)."""


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_18usa_state_reaches_no_rule_module() -> None:
    graph = import_graph()
    reached = {m.removeprefix(f"{FOLDER}.") for m in _reached(graph, f"{FOLDER}.state")}
    assert not reached & {*RULES, "listed_step", "private_rounds"}


def test_18usa_rule_modules_name_the_titles_game() -> None:
    graph = import_graph()
    assert not [r for r in RULES if f"{FOLDER}.state" not in graph[f"{FOLDER}.{r}"]]
