"""When 18xx.games's run step waits for a company in 18USA (``G18USA::Step::Route#actions``,
read for the facts at tobymao/18xx 111f7f69): while it has a train that is not a Pullman and
a route to run (``Graph#route_info``'s ``route_available``).  Otherwise the site skips the
run, and with it the dividend, so the turn reaches the buy-trains step (and the interest,
§12.8, when that step is skipped too) at once.

Two readers: the export writer, which writes the company's run only where the site's step
waits (:mod:`.interop.site_turn`), and, under ``compat_18xx_games``, the loan step, which
offers no loan once the site's turn has paid the interest
(:meth:`.state.UsaGame.site_run_waits`).  Every predicate reads our public game state.
"""

from __future__ import annotations

from roundhouse.core.board import Board
from roundhouse.core.graph import joined_positions
from roundhouse.core.hexgrid import opposite
from roundhouse.core.tiles import StopKind
from roundhouse.core.trains import Depot

SITE_ONLY_STOPS = frozenset({("F28", 0)})
"""Where the site's board has a stop and ours none, as (hex, the edge track enters it by):
F28's Atlantic track stub ends at an off-board stop no train may visit (``visit_cost: 99``),
a junction with one link on ours."""


def route_waits(board: Board, depot: Depot, corp: str) -> bool:
    """``G18USA::Step::Route#actions``: a train that is not a Pullman and a route to run
    (:func:`site_route_available`), whatever our route step offers: the site's step takes
    no pass, so while it waits the company's run is written, of no routes if need be.
    The board's answer is kept for its version (the loan, bridge and car steps ask at every
    listing of an operating turn under ``compat_18xx_games``)."""
    if not any(not depot.is_car(t) for t in depot.owned_by(corp)):
        return False
    return board.derived.get(
        ("site_route_available", corp, board.version),
        lambda: site_route_available(board, corp),
    )


def site_route_available(board: Board, corp: str) -> bool:
    """``Graph#route_info``'s ``route_available``: the track joins one of the company's
    stations to a second revenue centre (a city, a town, an off-board stop, also one full
    of other companies' tokens or one no train may visit), whether or not a legal route
    could run there (:func:`~roundhouse.core.graph.joined_positions`).  Two stations with
    no track between them are not enough, nor is one station whose track joins no other
    stop.  The site keeps a ``true`` answer until an acquisition changes the company's
    stations, ours is worked out each time: track is never taken up, so they differ only
    where a station is."""
    for start in dict.fromkeys(board.tokens_of(corp)):
        centres: set[tuple[str, str | int]] = set()
        for h, at in joined_positions(board, corp, start):
            if isinstance(at, str):
                if board.hexes[h].tile.stop(at).kind is not StopKind.JUNCTION:
                    centres.add((h, at))
                continue
            beyond = board.grid.neighbours(h).get(at)
            if beyond is not None and (beyond, opposite(at)) in SITE_ONLY_STOPS:
                centres.add((beyond, opposite(at)))
        if len(centres) >= 2:
            return True
    return False
