"""Asking for some kinds of move only (``Game.legal_actions(kinds=...)``, ``Game.legal_kinds()``):
the same moves as the whole list, and the run of trains, whose listing is the search for the
best run, is only worked out when a caller asks for ``run_routes`` (issue #16: "list lazily";
an importer looking for a pass should not search routes)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.map_steps import RouteList
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from tests.core.flow.synthetic import StubMap, make_title

TITLE = make_title(agreed_price_step=100)
PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_query_for_some_kinds_lists_those_moves_and_searches_no_run(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At every position of a random playout: ``legal_kinds()`` is the kinds of the whole
    list, ``legal_actions(kinds={k})`` the whole list's moves of kind ``k`` in its order, and
    neither asks the map for the run unless ``run_routes`` is asked for."""
    searched: list[str] = []
    runs = StubMap.runs

    def counted(self: StubMap, g: Engine, corp_id: str) -> Sequence[tuple[RouteList, int]]:
        searched.append(corp_id)
        return runs(self, g, corp_id)

    monkeypatch.setattr(StubMap, "runs", counted)
    game = Game(TITLE, PLAYERS, seed=seed)
    rng = Rng(seed)
    run_positions = 0
    for _ in range(500):
        if game.finished:
            break
        searched.clear()
        kinds = game.legal_kinds()
        some = {k: list(game.legal_actions(kinds={k})) for k in kinds - {"run_routes"}}
        assert searched == []
        if "run_routes" in kinds:
            run_positions += 1
            asked = list(game.legal_actions(kinds={"run_routes"}))
            assert searched and asked
        full = game.legal_actions()
        assert kinds == frozenset(full.kinds())
        for kind, listed in some.items():
            assert listed == [a for a in full if a.kind == kind]
        game.apply(full[rng.below(len(full))])
    assert run_positions > 0
