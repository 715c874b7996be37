"""Whether a company's turn still waits on a blocking step (:func:`.powers.in_turn`) is worked
out once while the round asks its steps whether they are active: every ability step of an
18USA operating turn asks it, and each asking went through every blocking step again (issue
#16: replay speed)."""

from __future__ import annotations

from typing import Any

import pytest

from roundhouse.interop import read_document
from roundhouse.interop.replay import apply_site_action, site_actions, start
from roundhouse.interop.undo import resolve
from roundhouse.titles.g18usa import powers
from tests.shared_files import shared_file


def _operating_turn() -> Any:
    """The recorded bankrupt game at the first operating turn with a privates' step asking."""
    path = shared_file(
        "fixtures",
        "18xx.games",
        "18USA",
        "18USA_game_end_bankrupt.json",
        feature="replaying recorded 18USA games",
        issue="#16",
    )
    document = read_document(path)
    game, translator = start(document)
    for action in site_actions(resolve(document.actions)):
        apply_site_action(action, game, translator)
        g: Any = game.state
        if g.round.kind == "OR" and g.round.entity(g) in g.corps and len(game.log) > 200:
            return g
    pytest.fail("no operating turn in the fixture")


def test_in_turn_is_worked_out_once_per_company_while_the_round_offers_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _operating_turn()
    entity = g.round.entity(g)
    expected = g.round.offered(g, entity)
    worked: list[str] = []
    inner = powers._in_turn

    def counted(game: Any, who: str) -> bool:
        worked.append(who)
        return inner(game, who)

    monkeypatch.setattr(powers, "_in_turn", counted)
    assert g.round.offered(g, entity) == expected
    assert worked == [entity]
    assert powers.in_turn(g, entity) == inner(g, entity)  # outside: asked afresh
    assert len(worked) == 2
