"""Documents for the interop tests: the 18xx.games fixtures and a hand-made toy game."""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

from tests.shared_files import shared_file

REPO = Path(__file__).resolve().parents[2]


FIXTURE_NAMES = (
    "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json",
    "18RoyalGorge/18RoyalGorge_game_end_stock_market.json",
    "18RoyalGorge/endgame_triggered_on_buy.json",
    "18RoyalGorge/post_boston.json",
    "18USA/109372.json",
    "18USA/18USA_game_end_bankrupt.json",
)


def fixture_path(name: str) -> Path:
    issue = "#17" if name.startswith("18USA/") else "#14"
    return shared_file(
        "fixtures",
        "18xx.games",
        *name.split("/"),
        feature=f"replaying the recorded 18xx.games game {name} to the site's final result",
        issue=issue,
    )


@functools.cache
def toy_seed() -> int:
    """The first seed whose toy pile is 10 (searched, so a change to ``Rng.below`` cannot
    break the hand-made log below)."""
    import roundhouse
    from tests import toy_title  # noqa: F401  (registers "Toy")

    return next(
        s
        for s in range(1000)
        if roundhouse.new_game("Toy", ["a", "b"], s).state.view(None)["pile"] == 10
    )


def toy_doc() -> dict[str, Any]:
    """A two-player toy game as 18xx.games would write it, with chat, undo, redo, a log line,
    a programmed pass carrying an auto action, an undo to an action id, and a company run.

    The seed gives a pile of 10 (``tests/toy_title.py``).  Surviving ids: 1, 5, 6, 12, 13;
    takes 3, 1, 1, 3 and 2 (two routes) empty the pile on player 101's move.
    """
    return copy.deepcopy(
        {
            "id": "hs_toytest_999",
            "title": "Toy",
            "players": [{"id": 101, "name": "Ann"}, {"id": 202, "name": "Bob"}],
            "settings": {"seed": toy_seed(), "optional_rules": []},
            "status": "finished",
            "result": {"101": 1, "202": 0},
            "game_end_reason": "pile_empty",
            "actions": [
                {"type": "take", "entity": 101, "entity_type": "player", "id": 1, "count": 3},
                {"type": "take", "entity": 202, "entity_type": "player", "id": 2, "count": 2},
                {"type": "message", "entity": 101, "id": 3, "message": "oops?"},
                {"type": "undo", "entity": 202, "id": 4},
                {"type": "take", "entity": 202, "entity_type": "player", "id": 5, "count": 1},
                {"type": "take", "entity": 101, "entity_type": "player", "id": 6, "count": 1},
                {"type": "undo", "entity": 101, "id": 7},
                {"type": "redo", "entity": 101, "id": 8},
                {"type": "log", "entity": 202, "id": 9, "message": "• consent"},
                {
                    "type": "program_share_pass",
                    "entity": 202,
                    "id": 10,
                    "unconditional": False,
                    "indefinite": False,
                    "auto_actions": [
                        {"type": "take", "entity": 202, "entity_type": "player", "count": 2}
                    ],
                },
                {"type": "undo", "entity": 202, "id": 11, "action_id": 6},
                {"type": "take", "entity": 202, "entity_type": "player", "id": 12, "count": 3},
                {
                    "type": "run_routes",
                    "entity": "TOY",
                    "entity_type": "corporation",
                    "id": 13,
                    "routes": [
                        {"train": "2-0", "hexes": ["A1", "B2"], "revenue": 20},
                        {"train": "2-1", "hexes": ["C3"], "revenue": 10},
                    ],
                    "extra_revenue": 0,
                },
            ],
        }
    )
