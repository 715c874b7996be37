"""What a tile upgrade does to the station tokens and home reservations of the cities it
renames or merges (core/board.py ``Board.lay``).

18West §6.4: a company "may retain two tokens in non-adjacent City circles in Chicago (F27) or
St. Louis (H25) until the tile upgrades to brown, at which time the extra token returns to the
Company".  18West §14.5 / 18US §3: a home station's slot stays reserved for its company; the
reservation belongs to the city, whatever the city is called on the tile now in the hex.
"""

from __future__ import annotations

import copy

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.tiles import TileSet, parse_tile

GREEN = parse_tile(
    "G2C", "green", "city a revenue=60; city b revenue=60; track 0-a 2-a 3-b 5-b; label Chi"
)
"""Chicago's green shape (18West #251): two one-slot cities."""
BROWN = parse_tile(
    "B2S", "brown", "city c revenue=80 slots=2; track 0-c 1-c 2-c 3-c 4-c; label Chi"
)
"""One brown city of two slots: the two green cities merged."""
MERGED = {"a": "c", "b": "c"}


def _board(reserved: dict[str, str] | None = None) -> Board:
    tiles = TileSet({t.id: t for t in (GREEN, BROWN)}, {"G2C": 1, "B2S": 1})
    chicago: dict[str, object] = {"tile": "G2C", "location": "Chicago"}
    if reserved:
        chicago["reserved"] = reserved
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {"E26 E28 F25 F29 G26 G28": {}, "F27": chicago},
    }
    return load_board(doc, source="18West §6.4 test", tiles=tiles)


def test_18west_6_4_two_tokens_of_one_company_become_one_in_brown() -> None:
    board = _board()
    board.place_token("F27", "a", "CNW")
    board.place_token("F27", "b", "CNW")
    assert board.lay("F27", "B2S", 0, MERGED) == ["CNW"]
    assert board["F27"].tokens == {"c": ["CNW"]}
    assert board.tokens_of("CNW") == [("F27", "c")]
    assert board.open_slots("F27", "c", "UP") == 1


def test_18west_6_4_two_companies_keep_both_tokens_in_the_merged_city() -> None:
    board = _board()
    board.place_token("F27", "a", "CNW")
    board.place_token("F27", "b", "UP")
    assert board.lay("F27", "B2S", 0, MERGED) == []
    assert board["F27"].tokens == {"c": ["CNW", "UP"]}


def test_18west_14_5_a_home_reservation_follows_its_city_through_a_rename() -> None:
    """The reservation printed on city ``b`` holds the merged city ``c`` after the upgrade:
    one of its two slots stays free for the home company, none for another."""
    board = _board({"b": "CB&Q"})
    assert board.open_slots("F27", "b", "UP") == 0
    board.lay("F27", "B2S", 0, MERGED)
    assert board.reserved_for("F27", "c") == "CB&Q"
    assert board.open_slots("F27", "c", "UP") == 1
    board.place_token("F27", "c", "UP")
    assert board.open_slots("F27", "c", "CNW") == 0
    assert board.open_slots("F27", "c", "CB&Q") == 1


def test_18west_14_5_home_reservation_survives_a_board_copy() -> None:
    """Snapshots and undo copy the board: the moved reservation goes with the copy."""
    board = _board({"b": "CB&Q"})
    board.lay("F27", "B2S", 0, MERGED)
    twin = copy.deepcopy(board)
    assert twin.reserved_for("F27", "c") == "CB&Q"
    twin.place_token("F27", "c", "UP")
    assert board.open_slots("F27", "c", "UP") == 1


def test_18west_14_5_the_map_draws_the_reservation_on_the_merged_city() -> None:
    """The drawn map shows the home slot where the rules keep it: on the merged city after
    the upgrade (render/map.py reads the hex's current reservations)."""
    from roundhouse.render.map import board_svg

    board = _board({"b": "CB&Q"})
    board.lay("F27", "B2S", 0, MERGED)
    svg = board_svg(board)
    assert "CB&amp;Q" in svg and 'fill="#9a9a9a"' in svg
