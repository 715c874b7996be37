"""18USA's things as 18xx.games names them: tile copies with their resource, cities, the
privates that carry a resource (facts sheet ``docs/facts/18xx-games-format.md`` §5,
``docs/facts/18usa.md`` §6).

The site bakes a resource token into the tile it lays (``"7ore10-0"``: tile 7 with a $10 ore
token; ``"9ore20-1"``: tile 9 whose ore token was turned to $20; ``"82coal-0"``), where the
rulebook puts a token on an ordinary tile (18USA §13), as we do; and it lays Denver's
metropolis as ``X04s`` until its orientation is chosen (§12.2.3).
"""

from __future__ import annotations

import dataclasses
import re

from roundhouse.core.game import Game
from roundhouse.titles.g18usa.map_state import UsaMapState
from roundhouse.titles.g18usa.state import UsaGame

P8_REMOVE = "Remove"
"""The site's choice removing the red-area station of Express Freight Service (P8) when a
merger or acquisition leaves more than eight tokens (``G18USA::Step::ReduceTokens#choices``);
ours is the token cut's choice naming the private (:func:`.red_areas.express_cut`)."""

_RESOURCE_TILE = re.compile(r"^(?P<base>.+?)(?P<res>coal|oil|ore10|ore20)?$")


def engine(game: Game) -> UsaGame:
    """The 18USA game the public ``game`` plays: where the translator (which the public
    ``Game`` enters) gets the title's state, typed, once; everything it calls is typed over
    :class:`UsaGame`."""
    state = game.state
    if not isinstance(state, UsaGame):
        raise TypeError(
            f"the 18USA translator was given a {type(state).__name__}, not an 18USA game"
        )
    return state


def board_map(g: UsaGame) -> UsaMapState[UsaGame]:
    return g.map


@dataclasses.dataclass(frozen=True, slots=True)
class SiteTile:
    """A site tile copy read apart: our tile, the resource it carries, its copy number."""

    name: str
    resource: str
    """``""``, ``"coal"``, ``"oil"``, ``"ore"`` (the $10 side) or ``"ore20"``."""
    copy: str


def site_tile(text: str) -> SiteTile:
    """``"7ore10-0"`` -> tile 7 with ore, copy 0; ``"X04s-0"`` -> X04.

    >>> site_tile("7ore10-0"), site_tile("X04s-0").name, site_tile("82coal-1").resource
    (SiteTile(name='7', resource='ore', copy='0'), 'X04', 'coal')
    """
    name, _, copy = text.rpartition("-")
    if not name or not copy.isdecimal():
        name, copy = text, ""
    match = _RESOURCE_TILE.match(name)
    assert match is not None
    base, res = match.group("base"), match.group("res") or ""
    if base == "X04s":
        base = "X04"
    return SiteTile(base, {"ore10": "ore"}.get(res, res), copy)
