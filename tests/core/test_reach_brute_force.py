"""Reach equals what an exhaustive walk over every legal route finds (18RoyalGorge Routes
Rules 2-3: no stop and no track twice; Lay/Upgrade Rule 4: no hairpin at a hexside).

Small random boards of random track (stops shared by several paths, paths sharing hexsides,
loops); the brute force below tries every route from the tokens, one hexside crossing at a
time, and records where routes enter each hex and which stops they reach."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from roundhouse.core.board import Board
from roundhouse.core.board_format import load_board
from roundhouse.core.graph import Reach, compute_reach, reaches
from roundhouse.core.hexgrid import opposite
from roundhouse.core.tables.tiles import standard_tiles

NAMES = ["A1", "A3", "A5", "B2", "B4", "B6", "C1", "C3", "C5"]

_paths = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 5)).filter(lambda p: p[0] < p[1]),
    max_size=4,
    unique=True,
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    hexes: dict[str, object] = {}
    cities: list[str] = []
    for name in NAMES:
        paths = draw(_paths)
        parts = [f"track {a}-{b}" for a, b in paths]
        if draw(st.booleans()):
            ends = draw(st.lists(st.integers(0, 5), min_size=1, max_size=3, unique=True))
            parts = [f"city c revenue=10 slots={draw(st.integers(1, 2))}", *parts]
            parts += [f"track {e}-c" for e in ends]
            cities.append(name)
        hexes[name] = {"code": "; ".join(parts), "color": "yellow"} if parts else {}
    doc: dict[str, object] = {"board": {"layout": "pointy", "letter_axis": "y"}, "hexes": hexes}
    board = load_board(doc, source="random", tiles=standard_tiles().select({"9": 1}))
    home = draw(st.sampled_from(cities)) if cities else None
    if home is not None:
        board.place_token(home, "c", "ME")
    for name in cities:
        if name != home and draw(st.booleans()):
            for _ in range(board.hexes[name].tile.stop("c").slots):
                board.place_token(name, "c", "THEM")
    return board


def _brute(board: Board) -> tuple[set[tuple[str, str]], dict[str, set[int]]]:
    stops: set[tuple[str, str]] = set()
    entries: dict[str, set[int]] = {}

    def full(name: str, stop: str) -> bool:
        here = board.hexes[name]
        held = here.tokens.get(stop, [])
        return "ME" not in held and len(held) >= here.tile.stop(stop).slots

    def links(name: str, end: str | int) -> list[str | int]:
        here = board.hexes[name]
        out: list[str | int] = []
        for a, b in here.tile.links(here.rotation):
            if a == end:
                out.append(b)
            elif b == end:
                out.append(a)
        return out

    def walk(name: str, end: str | int, seen: frozenset[object], start: bool) -> None:
        """The route is at ``end`` of hex ``name`` (a stop it is at, or an edge it leaves
        by); ``seen`` holds its stops and hexsides."""
        if isinstance(end, str):
            stops.add((name, end))
            if not start and full(name, end):
                return
            for other in links(name, end):
                step(name, other, seen)
            return
        neighbour = board.grid.neighbour(name, end)
        if neighbour is None:
            return
        entry = opposite(end)
        entries.setdefault(neighbour, set()).add(entry)
        for other in links(neighbour, entry):
            step(neighbour, other, seen)

    def step(name: str, end: str | int, seen: frozenset[object]) -> None:
        if isinstance(end, str):
            key: object = ("stop", name, end)
        else:
            neighbour = board.grid.neighbour(name, end)
            key = (
                ("side", name, end)
                if neighbour is None
                else ("side", *min((name, end), (neighbour, opposite(end))))
            )
        if key in seen:
            return
        walk(name, end, seen | {key}, False)

    for name, city in board.tokens_of("ME"):
        walk(name, city, frozenset({("stop", name, city)}), True)
    return stops, entries


@settings(max_examples=150, deadline=None)
@given(boards())
def test_18royalgorge_routes_reach_is_exactly_the_legal_routes(board: Board) -> None:
    reach = compute_reach(board, "ME")
    stops, entries = _brute(board)
    assert reach.exact
    assert set(reach.stops) == stops
    assert {h: set(e) for h, e in reach.entries.items()} == entries


_POSITIONS = [(name, end) for name in NAMES for end in (*range(6), "c")]
"""Every route position the random boards can have: a hex's edge crossed, or its city."""


def _is_reached(board: Board, reach: Reach, position: tuple[str, int | str]) -> bool:
    name, end = position
    if isinstance(end, str):
        return (name, end) in reach.stops
    neighbour = board.grid.neighbour(name, end)
    assert neighbour is not None
    return opposite(end) in reach.entries.get(neighbour, ())


@settings(max_examples=400, deadline=None)  # fewer rarely meet a route that doubles back
@given(boards(), st.data())
def test_reaches_answers_for_some_positions_what_the_whole_reach_says(
    board: Board, data: st.DataObject
) -> None:
    """The lay check's question (can routes get to this end of a hex without that one?,
    18xx.games's "must use new track" under compat_18xx_games) asked of a few positions gets
    the whole reach's answer."""
    some = st.lists(st.sampled_from(_POSITIONS), max_size=6, unique=True)
    drawn = _POSITIONS if data.draw(st.booleans()) else data.draw(some)
    # An edge off the board's side is a dead end (in Reach.edges, never an entry): the lay
    # check never asks about one.
    targets = [t for t in drawn if isinstance(t[1], str) or board.grid.neighbour(*t)]
    avoid = frozenset(data.draw(st.lists(st.sampled_from(_POSITIONS), max_size=3)))
    whole = compute_reach(board, "ME", avoid)
    assert whole.exact
    expected = {t for t in targets if _is_reached(board, whole, t)}
    assert reaches(board, "ME", targets, avoid) == expected
