"""The legal-lay list and the one-lay check agree, on the real boards, move by move.

:func:`~roundhouse.core.track.tile_lays` is what bots and players are offered and
:func:`~roundhouse.core.track.check_lay` is what a single lay is judged by; a lay one accepts
and the other refuses would be an offered move that fails, or a legal move nobody is shown.
Here both are asked about every hex, every tile and every rotation on the 18West and 18USA
boards (their own tiles and upgrade tables, every colour available) while random legal lays
grow the track: a lay is accepted at a rotation exactly when its canonical rotation is
listed, at the listed cost (18USA §12.2, 18West §7.1.2).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from roundhouse.core.board import Board
from roundhouse.core.errors import IllegalAction
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, LayReach, TrackRules, check_lay, tile_lays
from roundhouse.core.upgrade import UpgradeRules

ALL_COLOURS = frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN, Colour.GRAY})


def _west() -> tuple[Board, UpgradeRules, LayReach, list[str]]:
    from roundhouse.titles.g18west import tiles
    from roundhouse.titles.g18west.board import board, home_stations

    companies = sorted({h.company for h in home_stations()})[:4]
    return board(), tiles.upgrade_rules(), tiles.LAY_REACH, companies


def _usa() -> tuple[Board, UpgradeRules, LayReach, list[str]]:
    from roundhouse.titles.g18usa import tiles
    from roundhouse.titles.g18usa.board import board

    b = board()
    cities = [(h.printed.name, c.name) for h in b for c in h.tile.cities][::7][:4]
    companies = []
    for i, (hex_name, city) in enumerate(cities):
        b.place_token(hex_name, city, f"C{i}")
        companies.append(f"C{i}")
    return b, tiles.upgrade_rules(), tiles.LAY_REACH, companies


def _agree(board: Board, company: str, rules: TrackRules, allowance: Allowance) -> int:
    """Compare the two on every (hex, tile, rotation) near the company's reach; the number
    of listed lays."""
    graph = Graph(board)
    listed = {
        (lay.hex, lay.tile, lay.rotation): lay.cost
        for lay in tile_lays(board, graph, company, allowance, rules)
    }
    near = set(graph.reach(company).hexes)
    for name in list(near):
        near.update(board.grid.neighbours(name).values())
    for name in sorted(near):
        for tile_id, tile in board.tiles.tiles.items():
            for rotation in range(6):
                key = (name, tile_id, tile.canonical_rotation(rotation))
                try:
                    cost, _ = check_lay(
                        board, graph, company, (name, tile_id, rotation), allowance, rules
                    )
                except IllegalAction:
                    assert key not in listed, (key, "listed but refused")
                    continue
                assert listed.get(key) == cost, (key, "accepted but not listed at that cost")
    return len(listed)


@pytest.mark.parametrize("build", [_west, _usa], ids=["18West", "18USA"])
def test_listed_lays_are_exactly_the_checked_lays(
    build: Callable[[], tuple[Board, UpgradeRules, LayReach, list[str]]],
) -> None:
    board, upgrades, reach, companies = build()
    rules = TrackRules(upgrades=upgrades, colours=ALL_COLOURS, reach=reach)
    allowance = Allowance(cash=60)
    rng = random.Random(3)
    seen, upgrades = 0, 0
    for turn in range(24):
        company = companies[turn % len(companies)]
        seen += _agree(board, company, rules, allowance)
        lays = tile_lays(board, Graph(board), company, allowance, rules)
        if lays:
            lay = rng.choice(lays)
            upgrades += lay.upgrade
            _, moves = check_lay(
                board, Graph(board), company, (lay.hex, lay.tile, lay.rotation), allowance, rules
            )
            board.lay(lay.hex, lay.tile, lay.rotation, moves)
    assert seen > 200 and upgrades > 0  # the boards gave both functions real work
