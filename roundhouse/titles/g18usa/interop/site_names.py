"""18USA's tiles and cities named as 18xx.games names them, for writing (the reader's side is
:mod:`.names` and :meth:`.track_reader.TrackReader.city`).

Sources (facts only, tobymao/18xx ``lib/engine/game/g_18_usa/map.rb`` and ``game.rb``, read
at commit 111f7f69):

* a printed tile is named ``"<hex>-<i>"``, ``i`` the hex's place in its group of hexes
  sharing one printed code in ``HEXES``; a city is ``"<tile>-<part>"``, ``part`` its index
  among the tile's parts in code order (icons and upgrades count: B8's and D20's city follows
  an icon, so it is part 1);
* the metropolises drawn at set-up get their tile, copy 0 (``X01`` New York's H22 ... ``X06``
  I19, Denver ``X04s`` until its orientation is chosen);
* a resource token rides on the tile's name (``"7coal"``, ``"82coaloil"``, ``"9ore20"``: coal,
  then oil, then ore, ``YELLOW_PLAIN_TRACK_TILES``);
* a lay takes the first copy of its name in the site's list of tiles off the board; laying
  an unlimited tile appends a new copy (``Game::Base#add_extra_tile``) and a tile taken up
  by an upgrade goes to the end (``#update_tile_lists``), as fixture
  18USA_game_end_bankrupt's ``57-9``, ``57-4``, ``57-10`` show.
"""

from __future__ import annotations

import dataclasses

from roundhouse.titles.g18usa.interop.names import board_map
from roundhouse.titles.g18usa.state import UsaGame

_GROUPS: tuple[tuple[tuple[str, ...], int], ...] = (
    (("E11", "G3", "H14", "I15", "H20", "H22", "F26", "C29", "D24"), 0),
    (("D6", "E3", "E7", "G7", "G11", "H8", "I13", "I25", "G27", "E23"), 0),
    (("C17", "E15", "E17", "F20", "G17", "I19"), 0),
    (("C3", "D14"), 0),
    (("D20",), 1),
    (("B8", "B14"), 1),
)
PRINTED_CITIES: dict[str, str] = {
    h: f"{h}-{i}-{part}" for hexes, part in _GROUPS for i, h in enumerate(hexes)
}
"""Hex -> the site's id of its printed (white) city."""
NEW_YORK = "D28"
"""Printed yellow with two cities, parts 0 and 1 of tile ``D28-0``."""
METROPOLIS_TILES = {
    "H22": "X01",
    "D20": "X02",
    "H14": "X03",
    "E11": "X04s",
    "G3": "X05",
    "I19": "X06",
}
"""The metropolis tile set-up lays on each drawn metropolis hex (``G18USA::Game``)."""
RESOURCE_ORDER = ("coal", "oil", "ore", "ore20")
SITE_RESOURCE = {"coal": "coal", "oil": "oil", "ore": "ore10", "ore20": "ore20"}


def site_tile_name(tile: str, resources: set[str] | frozenset[str]) -> str:
    """Our tile with the resource tokens on its hex: ``("7", {"ore"})`` -> ``"7ore10"``.

    >>> site_tile_name("7", {"ore", "coal"}), site_tile_name("X04", set())
    ('7coalore10', 'X04')
    """
    return tile + "".join(SITE_RESOURCE[r] for r in RESOURCE_ORDER if r in resources)


@dataclasses.dataclass
class SiteTiles:
    """Which tile copy lies on which hex on the site, and the site's list of tiles not on
    the board (per name, in its order), for one export."""

    on_hex: dict[str, str] = dataclasses.field(default_factory=dict)
    spare: dict[str, list[int]] = dataclasses.field(default_factory=dict)
    made: dict[str, int] = dataclasses.field(default_factory=dict)
    """Site tile name -> copies made so far."""
    unlimited: set[str] = dataclasses.field(default_factory=set)
    """Site tile names without a fixed count (a lay makes a new copy)."""
    taken: dict[str, str | None] = dataclasses.field(default_factory=dict)
    """Hex -> the copy its last lay took up (None: none), for :meth:`unlay`."""

    def _spare(self, name: str, total: int | None) -> list[int]:
        found = self.spare.get(name)
        if found is None:
            count = 1 if total is None else total
            found = self.spare[name] = list(range(count))
            self.made[name] = count
        return found

    def lay(self, hex_name: str, name: str, total: int | None) -> str:
        """The copy of site tile ``name`` (``total`` copies, None: unlimited) laid on
        ``hex_name``: the first of its name in the site's list; an unlimited tile gets a
        new copy at the list's end; the tile taken up goes to the end too."""
        spare = self._spare(name, total)
        copy = spare.pop(0) if spare else self.made.get(name, 0)
        if total is None:
            self.unlimited.add(name)
            spare.append(self.made[name])
            self.made[name] += 1
        old = self.on_hex.pop(hex_name, None)
        self.taken[hex_name] = old
        if old is not None:
            old_name, _, index = old.rpartition("-")
            if index.isdecimal() and old_name in self.spare:
                self.spare[old_name].append(int(index))
        site = f"{name}-{copy}"
        self.on_hex[hex_name] = site
        return site

    def unlay(self, hex_name: str) -> None:
        """Take back the lay just made on ``hex_name`` (its tile turned out to be another:
        a resource token laid with it): the copy returns to the front of its list, an
        unlimited tile's new copy is unmade and the tile it took up is back on the hex, as
        if the lay had not been.  Later lays must be taken back first, latest first."""
        site = self.on_hex.pop(hex_name, None)
        if site is None:
            return
        old = self.taken.pop(hex_name, None)
        if old is not None:
            self.on_hex[hex_name] = old
            old_name, _, old_index = old.rpartition("-")
            back = self.spare.get(old_name)
            if back and old_index.isdecimal() and back[-1] == int(old_index):
                back.pop()
        name, _, index = site.rpartition("-")
        spare = self.spare.get(name)
        if spare is None or not index.isdecimal():
            return
        if name in self.unlimited and spare:
            spare.pop()
            self.made[name] -= 1
        spare.insert(0, int(index))

    def set_up(self, hex_name: str, site: str) -> None:
        """A tile set-up lays (a metropolis, one copy): taken."""
        self.on_hex[hex_name] = site
        name = site.rpartition("-")[0]
        self.spare[name] = []
        self.made[name] = 1

    def city(self, g: UsaGame, hex_name: str, city: str) -> str:
        """The site's id of our ``city`` on ``hex_name`` as the board stands."""
        here = board_map(g).board.hexes[hex_name]
        cities = list(here.tokens)
        part = cities.index(city) if city in cities else 0
        site = self.on_hex.get(hex_name)
        if site is None:
            if hex_name == NEW_YORK:
                return f"{NEW_YORK}-0-{part}"
            printed = PRINTED_CITIES.get(hex_name)
            if printed is not None:
                return printed
            return f"{here.tile.id}-0-{part}"
        return f"{site}-{part}"
