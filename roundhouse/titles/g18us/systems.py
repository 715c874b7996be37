"""Systems (18US §7.4): not written yet; a game stops where one could first form.

§7.4: "Starting with the Stock Round following the purchase of the first 4E- or 3G-train,
players may form Systems from pairs of connected 10-Share companies they control."  §7.4.1:
both companies presided by the same player, connected by a route or with collocated station
tokens, and at least one owning a permanent train.  :func:`check_systems` raises
``NotImplementedError`` before such a Stock Round when some player could form one (whether
he has the cash for the exchange is not looked at); while nobody can, the formation phase
would be empty and play goes on.
"""

from __future__ import annotations

from itertools import combinations

from roundhouse.core.engine18xx import Engine
from roundhouse.titles.g18us.data import CLASSIC_TRAINS
from roundhouse.titles.g18us.state import UsGame

SYSTEM_PHASE = "4E/3G"


def _permanent(g: Engine, corp_id: str) -> bool:
    return any(t.type not in CLASSIC_TRAINS for t in g.depot.owned_by(corp_id))


def _connected(g: Engine, a: str, b: str) -> bool:
    """A route joins the two companies, or they have stations on one tile (§7.4.1)."""
    board = g.map.board  # type: ignore[attr-defined]
    reach = g.map.graph.reach(a)  # type: ignore[attr-defined]
    b_stations = set(board.tokens_of(b))
    a_hexes = {h for h, _ in board.tokens_of(a)}
    return bool(b_stations & set(reach.stops)) or bool(a_hexes & {h for h, _ in b_stations})


def possible_systems(g: Engine) -> list[tuple[str, str]]:
    """Pairs of 10-Share companies one player presides that could form a System."""
    assert isinstance(g, UsGame)
    if SYSTEM_PHASE not in g.phases_reached():
        return []
    ten = sorted(c for c in g.ten_share if not g.corps[c].closed)
    return [
        (a, b)
        for a, b in combinations(ten, 2)
        if g.controller(a) is not None
        and g.controller(a) == g.controller(b)
        and (_permanent(g, a) or _permanent(g, b))
        and _connected(g, a, b)
    ]


def check_systems(g: Engine) -> None:
    if pairs := possible_systems(g):
        a, b = pairs[0]
        raise NotImplementedError(
            f"18US §7.4.1: {a} and {b} could form a System before this Stock Round; "
            "Systems are not written yet"
        )
