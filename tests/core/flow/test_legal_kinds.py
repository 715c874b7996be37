"""Asking for some kinds of move only (``Game.legal_actions(kinds=...)``, ``Game.legal_kinds()``):
the same moves as the whole list, and the run of trains, whose listing is the search for the
best run, is only worked out when a caller asks for ``run_routes`` (issue #16: "list lazily";
an importer looking for a pass should not search routes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import pytest

from roundhouse.core.actions import Action
from roundhouse.core.engine18xx import Engine
from roundhouse.core.flow.actions import Choose, RunRoutes
from roundhouse.core.flow.map_steps import RouteList, RouteStep
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
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


class _CoalRouteStep(RouteStep):
    """A run step that lists a move beside the run, declaring its kind as a title's does
    (18RoyalGorge's coal cubes lengthen a train before it runs)."""

    kinds = RouteStep.kinds | frozenset({Choose.kind})

    def actions(self, g: Engine, entity: str) -> list[Action]:
        return [Choose(player=PlayerId("Ann"), entity=entity, choice="coal")]


def test_the_run_step_lists_nothing_but_the_run_unless_it_declares_more_kinds() -> None:
    """The plain run step answers a query for other kinds, and its kinds, without the
    search (it never touches the game here); a step declaring another kind is asked by
    listing, so its extra move is found."""
    nothing = cast(Engine, object())
    plain = RouteStep()
    assert plain.lists_runs_only()
    assert plain.actions_of(nothing, "PRR", {Choose.kind, "pass"}) == []
    assert plain.listed_kinds(nothing, "PRR") == {RunRoutes.kind}
    coal = _CoalRouteStep()
    assert not coal.lists_runs_only()
    assert coal.actions_of(nothing, "PRR", {Choose.kind}) == [
        Choose(player=PlayerId("Ann"), entity="PRR", choice="coal")
    ]
    assert coal.listed_kinds(nothing, "PRR") == {Choose.kind}
