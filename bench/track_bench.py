"""Benchmark: every legal tile lay for one company on a crowded 18xx-sized board."""

from __future__ import annotations

import time

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.graph import Graph
from roundhouse.core.station import token_placements
from roundhouse.core.tables.tiles import standard_tiles
from roundhouse.core.tiles import Colour
from roundhouse.core.track import Allowance, TrackRules, tile_lays

ROWS = "ABCDEFGHIJ"
COLUMNS = 24


def crowded_board() -> tuple[Board, list[str]]:
    """A 10 x 12 pointy board with cities every few hexes and straight track along each row,
    with a token of company ``C0`` … ``C4`` in every city."""
    names = [f"{r}{c}" for i, r in enumerate(ROWS) for c in range(1 + i % 2, COLUMNS + 1, 2)]
    cities = names[::5]
    doc: dict[str, object] = {
        "board": {"layout": "pointy", "letter_axis": "y"},
        "hexes": {n: ({"code": "city c"} if n in cities else {}) for n in names},
    }
    ids = {t: None for t in standard_tiles().tiles}
    board = load_board(doc, source="bench", tiles=standard_tiles().select(ids))
    for name in names:
        point = board.grid.point(name)
        if point[0] in (0, 1) or point[0] >= COLUMNS - 2:
            continue
        board.lay(name, "57" if name in cities else "9", 1, {})
    companies = [f"C{i}" for i in range(5)]
    for i, city in enumerate(cities):
        if board.hexes[city].tile.cities:
            board.place_token(city, "c", companies[i % len(companies)])
    return board, companies


def bench_track() -> dict[str, float]:
    """Seconds per call of the hot track queries (lower is better)."""
    board, companies = crowded_board()
    rules = TrackRules(colours=frozenset({Colour.YELLOW, Colour.GREEN, Colour.BROWN}))
    allowance = Allowance(cash=1000)
    graph = Graph(board)
    start = time.perf_counter()
    rounds = 5
    lays = 0
    for _ in range(rounds):
        graph = Graph(board)
        for company in companies:
            lays += len(tile_lays(board, graph, company, allowance, rules))
    cold = (time.perf_counter() - start) / (rounds * len(companies))
    start = time.perf_counter()
    for _ in range(rounds):
        for company in companies:
            graph.reach(company)
            token_placements(board, graph, company, cash=100, cost=40)
    cached = (time.perf_counter() - start) / (rounds * len(companies))
    return {
        "track.tile_lays_per_company_s": cold,
        "track.cached_reach_and_tokens_s": cached,
        "track.lays_found": float(lays / (rounds * len(companies))),
    }


def bench_render() -> dict[str, float]:
    """Seconds to draw a whole board as SVG (lower is better): the crowded tile board above
    with its tokens, and Chicago Express's 160-hex map from a game's board view."""
    import roundhouse
    from roundhouse.render import MapStyle, board_svg
    from roundhouse.titles.chicago_express.drawing import starting_map as chicago_express_svg

    board, companies = crowded_board()
    style = MapStyle(
        colours=dict(zip(companies, ("red", "blue", "green", "black", "gold"), strict=True))
    )
    view = roundhouse.new_game("ChicagoExpress", players=["A", "B", "C"], seed=0).board()
    out: dict[str, float] = {}
    for key, draw in (
        ("render.tile_board_s", lambda: board_svg(board, style)),
        ("render.chicago_express_map_s", lambda: chicago_express_svg(view)),
    ):
        times = []
        for _ in range(10):
            start = time.perf_counter()
            draw()
            times.append(time.perf_counter() - start)
        out[key] = sorted(times)[len(times) // 2]
    return out


if __name__ == "__main__":
    for key, value in {**bench_track(), **bench_render()}.items():
        print(f"{key:40s} {value:.6f}")
