"""The caches behind tile-lay listing never change what is listed (18USA §12.2.1, 18US §6.2:
a lay must extend the company's route and be paid for).

A board copy shares the per-hex lay memo, the tile catalogue and the printed hexes with its
original; after the two play differently, each still lists exactly what a board built from
scratch with the same lays lists.  Copies keep state hashes; the extra-cost hook prices each
key once.
"""

from __future__ import annotations

import copy

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.canonical import digest
from roundhouse.core.entities import PrivateSpec
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.lay_rule import LayRule, LayScope
from roundhouse.core.graph import Graph
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TileLay, TrackRules, check_lay, tile_lays
from tests.core.board_fixture import small_board
from tests.core.flow.test_board_map import make

YELLOW = TrackRules(colours=frozenset({Colour.YELLOW}))
CASH = Allowance(cash=100)


def _lay(board, graph, hex_name: str, tile: str, rotation: int) -> None:  # type: ignore[no-untyped-def]
    _, moves = check_lay(board, graph, "PRR", (hex_name, tile, rotation), CASH, YELLOW)
    board.lay(hex_name, tile, rotation, moves)


def _fresh(lays: list[tuple[str, str, int]]) -> list[TileLay]:
    board = small_board()
    board.place_token("A3", "c", "PRR")
    graph = Graph(board)
    for lay in lays:
        _lay(board, graph, *lay)
    return tile_lays(board, graph, "PRR", CASH, YELLOW)


def test_18usa_12_2_1_copies_that_diverge_list_what_a_fresh_board_lists() -> None:
    """18USA §12.2.1: after different first lays in B4, the original and its copy each offer
    the lays that extend their own track, as a board that never shared a cache would."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    graph = Graph(board)
    before = tile_lays(board, graph, "PRR", CASH, YELLOW)
    twin = copy.deepcopy(graph)
    assert twin.board is not board and twin.board.tiles is board.tiles
    assert tile_lays(twin.board, twin, "PRR", CASH, YELLOW) == before
    _lay(board, graph, "B4", "9", 2)
    _lay(twin.board, twin, "B4", "8", 2)
    assert tile_lays(board, graph, "PRR", CASH, YELLOW) == _fresh([("B4", "9", 2)])
    assert tile_lays(twin.board, twin, "PRR", CASH, YELLOW) == _fresh([("B4", "8", 2)])
    assert tile_lays(board, graph, "PRR", CASH, YELLOW) != tile_lays(
        twin.board, twin, "PRR", CASH, YELLOW
    )


def test_18us_6_2_cash_still_limits_lays_answered_from_the_memo() -> None:
    """18US §6.2: a company may only build what it can pay; the memo is keyed by cash too."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    graph = Graph(board)
    rich = tile_lays(board, graph, "PRR", CASH, YELLOW)
    poor = tile_lays(board, graph, "PRR", Allowance(cash=10), YELLOW)
    assert [lay for lay in rich if lay.cost <= 10] == poor
    assert any(lay.cost > 10 for lay in rich)


def test_board_copy_keeps_the_state_hash_and_tile_identity() -> None:
    """Snapshots and undo copy the board: same canonical form, same tile objects (tile
    identity is what upgrade tables and fit caches compare)."""
    board = small_board()
    board.place_token("A3", "c", "PRR")
    _lay(board, Graph(board), "B4", "9", 2)
    twin = copy.deepcopy(board)
    assert digest(twin) == digest(board)
    assert twin.hexes["B4"].tile is board.hexes["B4"].tile
    assert twin.tokens_of("PRR") == board.tokens_of("PRR") == [("A3", "c")]
    twin.remove_token("A3", "c", "PRR")
    assert twin.tokens_of("PRR") == [] and board.tokens_of("PRR") == [("A3", "c")]


def test_18royalgorge_1_lay_track_extra_cost_is_priced_once_per_key() -> None:
    """18RoyalGorge "1. Lay Track": each lay also costs steel, which depends on the tile's
    colour only; with that key the listing asks for each colour's price once, and offers the
    same lays as pricing every lay on its own."""

    asked: list[str] = []

    class Steel(LayRule):
        def extra(self, g, corp_id, lay):  # type: ignore[no-untyped-def]
            asked.append(lay.tile)
            return 30

        def extra_key(self, board, lay):  # type: ignore[no-untyped-def]
            return lay

    class SteelByColour(Steel):
        def extra_key(self, board, lay):  # type: ignore[no-untyped-def]
            return board.tiles[lay.tile].colour

    plain, keyed = make(), make()
    plain.map.lay_rules = (Steel(),)
    keyed.map.lay_rules = (SteelByColour(),)
    every = list(plain.map.tile_lays(plain, "PRR"))
    per_lay = len(asked)
    asked.clear()
    grouped = list(keyed.map.tile_lays(keyed, "PRR"))
    assert every == grouped and every
    assert per_lay == len(every) and len(asked) == 1
    keyed.ledger.transfer("PRR", BANK, keyed.ledger.cash("PRR") - 35)
    left = list(keyed.map.tile_lays(keyed, "PRR"))
    assert left == [lay for lay in every if lay.cost + 30 <= 35]
    assert len(left) < len(every)


def test_18royalgorge_1_lay_track_rules_are_asked_only_what_they_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """18RoyalGorge "1. Lay Track": a lay rule answering one question (the gorge: whether a
    lay is allowed) is asked that one; the base's neutral answers (no extra cost, terrain
    unchanged, nothing after) are not asked for (issue #15: one lay entered every rule for
    every question).  The lays listed and laid are the same."""

    class NoB4Eights(LayRule):
        def allowed(self, g, corp_id, lay):  # type: ignore[no-untyped-def]
            return not (lay.hex == "B4" and lay.tile == "8")

    def never(*args: object) -> None:
        raise AssertionError("the base LayRule was asked")

    g = make()
    g.map.lay_rules = (NoB4Eights(),)
    for question in ("terrain", "position_key", "extra", "extra_key", "after"):
        monkeypatch.setattr(LayRule, question, never)
    lays = list(g.map.tile_lays(g, "PRR"))
    assert lays and all(lay.tile != "8" for lay in lays if lay.hex == "B4")
    g.map.lay_tile(g, "PRR", lays[0])
    assert g.map.board["B4"].tile.id == lays[0].tile


def test_18royalgorge_a_lay_rule_scoped_to_hexes_is_asked_nothing_about_lays_elsewhere() -> None:
    """18RoyalGorge "Special Rules for Laying Track": the gorge's rule is about the gorge's
    hexes (and tiles) only; a rule that says so (:meth:`LayRule.where`) is never entered for
    a lay elsewhere, and the lays listed and laid are those without it (issue #15)."""

    class FarAway(LayRule):
        def where(self, board):  # type: ignore[no-untyped-def]
            return LayScope(hexes=frozenset({"Z9"}), tiles=frozenset({"Z"}))

        def allowed(self, g, corp_id, lay):  # type: ignore[no-untyped-def]
            raise AssertionError("asked about a lay outside its hexes")

        def terrain(self, g, corp_id, lay, cost):  # type: ignore[no-untyped-def]
            raise AssertionError("asked about a lay outside its hexes")

        def after(self, g, corp_id, lay):  # type: ignore[no-untyped-def]
            raise AssertionError("asked about a lay outside its hexes")

    plain, scoped = make(), make()
    assert isinstance(scoped.map, BoardMap)
    scoped.map.lay_rules = (FarAway(),)
    lays = list(scoped.map.tile_lays(scoped, "PRR"))
    assert lays == list(plain.map.tile_lays(plain, "PRR")) and lays
    scoped.map.lay_tile(scoped, "PRR", lays[0])
    assert scoped.map.board["B4"].tile.id == lays[0].tile


def test_18royalgorge_a_scoped_rule_refreshes_the_listing_when_what_it_reads_changes() -> None:
    """18RoyalGorge "Treaty of Boston": the gorge opens when the Treaty happens; the listing
    of lays, kept while its key is the same, is keyed on what a scoped rule declares it reads
    (:attr:`LayScope.reads`), so the listing changes with it (the rule gives no key itself)."""

    class ClosedUntilTreaty(LayRule):
        def where(self, board):  # type: ignore[no-untyped-def]
            return LayScope(hexes=frozenset({"B4"}), reads=("treaty",))

        def allowed(self, g, corp_id, lay):  # type: ignore[no-untyped-def]
            return bool(g.treaty) or lay.tile != "8"

    g = make()
    g.treaty = False  # type: ignore[attr-defined]
    assert isinstance(g.map, BoardMap)
    g.map.lay_rules = (ClosedUntilTreaty(),)
    closed = list(g.map.tile_lays(g, "PRR"))
    assert closed and all(lay.tile != "8" for lay in closed)
    g.treaty = True  # type: ignore[attr-defined]
    opened = list(g.map.tile_lays(g, "PRR"))
    assert any(lay.tile == "8" for lay in opened)
    assert opened == list(make().map.tile_lays(make(), "PRR"))


def test_18royalgorge_y5_a_card_scoped_rule_applies_to_its_holder_from_the_moment_it_holds_it() -> (
    None
):
    """18RoyalGorge Y5 Prison Labor Force: the holder's lays cost half terrain; a rule scoped
    to the card (:attr:`LayScope.card`) is asked only about the holder's lays, and a listing
    made before the railroad bought the card is not kept once it holds it."""
    asked: list[str] = []

    class HalfTerrain(LayRule):
        def where(self, board):  # type: ignore[no-untyped-def]
            return LayScope(card="Y5")

        def terrain(self, g, corp_id, lay, cost):  # type: ignore[no-untyped-def]
            asked.append(corp_id)
            return cost // 2

    g = make(privates=(PrivateSpec(id="Y5", name="Prison Labor Force", value=40),))
    assert isinstance(g.map, BoardMap)
    g.map.lay_rules = (HalfTerrain(),)
    full = list(g.map.tile_lays(g, "PRR"))
    assert asked == [] and any(lay.cost == 20 for lay in full)
    g.privates["Y5"].owner = "PRR"
    half = list(g.map.tile_lays(g, "PRR"))
    assert asked and set(asked) == {"PRR"}
    assert sorted(lay.cost for lay in half) == sorted(lay.cost // 2 for lay in full)
    g.privates["Y5"].closed = True
    assert list(g.map.tile_lays(g, "PRR")) == full
