"""The board data: every hex of the facts sheet, and neighbours computed from coordinates."""

from __future__ import annotations

import re
from collections import Counter

from roundhouse.titles.chicago_express.board import load_board
from tests.shared_files import shared_file


def _facts() -> str:
    path = shared_file(
        "rules",
        "chicago-express-facts.md",
        feature="the Chicago Express map checked hex by hex against its facts sheet",
        issue="#20",
    )
    return path.read_text(encoding="utf-8")


def test_chicago_express_7_3_board_has_160_hexes_of_each_type() -> None:
    """Chicago Express §7.3: 73 plains, 41 forests, 16 mountains, 3 industrial cities, 22 cities,
    Chicago and the four eastern start hexes."""
    board = load_board()
    assert len(board.hexes) == 160
    assert Counter(h.type for h in board.hexes.values()) == {
        "plain": 73,
        "forest": 41,
        "mountain": 16,
        "industrial": 3,
        "city": 22,
        "chicago": 1,
        "start": 4,
    }
    assert board.hexes["A2"].name == "Chicago" and board.hexes["A2"].train == 7
    assert board.hexes["D3"].name == "Fort Wayne"


def test_chicago_express_7_7_every_hex_matches_the_facts_sheet_csv() -> None:
    """Chicago Express §7.7: type, cost, train value and development value of all 160 hexes."""
    csv = _facts().split("```csv\n")[1].split("```")[0].strip().splitlines()[1:]
    board = load_board()
    assert len(csv) == len(board.hexes)
    for line in csv:
        hex_id, _, _, kind, cost, train, dev = line.split(",")
        info = board.hexes[hex_id]
        assert (info.type, info.cost, info.train) == (kind, int(cost), int(train)), hex_id
        if dev == "-":
            assert info.dev == 0, hex_id
        elif dev == "F":
            assert info.dev == 2, hex_id  # the forest's $2 (§4.3)
        elif dev != "T":
            assert info.dev == int(dev), hex_id


def test_chicago_express_7_6_neighbours_match_the_facts_sheet_table() -> None:
    """Chicago Express §7.2/§7.6: the hexgrid's neighbours (flat, odd columns lower) are exactly
    the neighbour lists printed in the facts sheet's hex table."""
    rows = {}
    for line in _facts().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 9 and re.fullmatch(r"[A-S]\d+", cells[0]) and cells[1].isdigit():
            rows[cells[0]] = set(cells[7].split())
    board = load_board()
    assert set(rows) == set(board.hexes)
    for hex_id, expected in rows.items():
        assert set(board.neighbours[hex_id]) == expected, hex_id


def test_chicago_express_7_2_start_hexes_reach_chicago_in_the_stated_distances() -> None:
    """Chicago Express §7.2: shortest hex counts to Chicago: PRR 17, B&O 16, NYC 18, C&O 16,
    Wabash 3 (a check on the whole grid's connectivity)."""
    board = load_board()
    dist = {"A2": 0}
    frontier = ["A2"]
    while frontier:
        nxt = []
        for h in frontier:
            for n in board.neighbours[h]:
                if n not in dist:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    assert len(dist) == 160
    assert [dist[h] for h in ("R5", "Q7", "S3", "Q9", "D3")] == [17, 16, 18, 16, 3]


def test_chicago_express_4_3_industrial_track_start_step_and_cap() -> None:
    """Chicago Express §4.3: Detroit 1 (+1, max 8, not player-developable), Wheeling 3 (+1, max
    6), Pittsburgh 4 (+2, max 8)."""
    ind = load_board().industrial
    assert [(t.start, t.step, t.max, t.player_developable) for t in ind.values()] == [
        (1, 1, 8, False),
        (3, 1, 6, True),
        (4, 2, 8, True),
    ]
    assert list(ind) == ["E0", "I6", "K4"]
