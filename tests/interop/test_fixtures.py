"""Whole 18xx.games games replayed to the recorded end (issue 7, facts sheet §2.5).

Each fixture must reach the site's ``result`` and ``game_end_reason`` with no divergence and
every ``run_routes`` revenue equal to the recorded one.  18USA is not in Roundhouse yet, so
its fixtures are expected to fail until its title and translator land; an 18RoyalGorge
fixture that still diverges is marked with the reason.
"""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.interop import export_18xx_games, import_18xx_games, read_document, verify
from tests.interop.documents import FIXTURE_NAMES, fixture_path

BANKRUPT = (
    "replays past the Coal Depot runs (13 of 13 revenues match) but at action index 382 NO "
    "declares bankruptcy where we still offer a train purchase (bankruptcy not reachable)"
)
K5_ROUTE = (
    "replays past the Coal Depot runs but at action index 133 the site's 3+-1 route names K5, "
    "which we read as neither a stop nor a hex with track"
)
KNOWN = {
    "18RoyalGorge/18RoyalGorge_game_end_bankrupt.json": BANKRUPT,
    "18RoyalGorge/18RoyalGorge_game_end_stock_market.json": K5_ROUTE,
    "18RoyalGorge/endgame_triggered_on_buy.json": (
        "replays to the end, but player 14191 scores $10 more than on 18xx.games (cause "
        "not found yet)"
    ),
}
USA = "18USA not implemented yet"


def marked(names: tuple[str, ...]) -> list[object]:
    out: list[object] = []
    for name in names:
        reason = USA if name.startswith("18USA/") else KNOWN.get(name)
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        if name.startswith("18RoyalGorge/"):
            marks.append(pytest.mark.slow)
        out.append(pytest.param(name, marks=marks, id=name))
    return out


@pytest.mark.parametrize("name", marked(FIXTURE_NAMES))
def test_interop_2_5_fixture_replays_to_the_recorded_result(name: str) -> None:
    doc = read_document(fixture_path(name))
    report = verify(doc)
    assert report.error is None, report.error
    assert report.divergence is None, "\n".join(report.lines())
    assert report.replayed >= report.effective_actions
    assert report.result == doc.result
    assert report.end_reason == doc.game_end_reason
    assert report.revenue_checked == len(report.revenue) > 0
    assert not report.revenue_mismatches


RG_NAMES = tuple(n for n in FIXTURE_NAMES if n.startswith("18RoyalGorge/"))
ROUND_TRIP_KNOWN = {n: r for n, r in KNOWN.items() if r in (BANKRUPT, K5_ROUTE)}


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            n,
            marks=[pytest.mark.xfail(strict=True, reason=ROUND_TRIP_KNOWN[n])]
            if n in ROUND_TRIP_KNOWN
            else [],
            id=n,
        )
        for n in RG_NAMES
    ],
)
def test_interop_round_trip_import_export_import_same_state_at_every_action(name: str) -> None:
    """Issue 7 "Round trip": import -> export -> import gives the same state hash after every
    action."""
    game = import_18xx_games(read_document(fixture_path(name)))
    again = import_18xx_games(export_18xx_games(game))
    assert again.result == game.result and again.end_reason == game.end_reason
    assert len(again.log) == len(game.log)
    first = Game(game.title, game.players, game.seed, game.options)
    second = Game(again.title, again.players, again.seed, again.options)
    assert first.state_hash() == second.state_hash()
    for i, (ours, theirs) in enumerate(zip(game.log, again.log, strict=True)):
        first.apply(ours)
        second.apply(theirs)
        assert first.state_hash() == second.state_hash(), f"after action {i}: {ours}"
