"""18USA's printed track stubs beside New York (18xx.games's map: D26 edge 4, E27 edge 3; not in
our rulebook copy's text, see ``map.toml`` ``[stubs]``): the first tile laid there must continue
the stub.  Found by the export differential (issue #17): a 7-player bot game laid a 7 in D26
turned away from New York, which the site refused ("D26 is not legally rotated for 7")."""

from __future__ import annotations

import pytest

from roundhouse.core.errors import IllegalAction
from roundhouse.titles.g18usa.board import board
from tests.g18usa.privates_engine import board_map, company, lay, usa_engine


def test_18usa_printed_stubs_are_on_the_board() -> None:
    assert board().stubs == {"D26": frozenset({4}), "E27": frozenset({3})}


def test_18usa_first_tile_in_d26_continues_the_stub() -> None:
    g = usa_engine()
    company(g, "NYC", "D28", city="c2")
    bm = board_map(g)
    in_d26 = [lay for lay in bm.tile_lays(g, "NYC") if lay.hex == "D26"]
    assert in_d26, "New York's company reaches D26"
    assert all(4 in bm.board.tiles[lay.tile].exits(lay.rotation) for lay in in_d26)
    turned_away = next(r for r in range(6) if 4 not in bm.board.tiles["7"].exits(r))
    with pytest.raises(IllegalAction, match="stub"):
        lay(g, "NYC", "D26", "7", turned_away)
    legal = in_d26[0]
    lay(g, "NYC", "D26", legal.tile, legal.rotation)
    assert "D26" not in bm.board.stubs  # the lay uses the stub up
