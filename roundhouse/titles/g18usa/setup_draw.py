"""The seeded set-up of 18USA (§2.3-§2.6): which privates play, the three metropolises
besides New York, the subsidy on each of the 14 orange cities, the red areas' value tokens.

The rulebook says "randomly" and not how, so we draw as 18xx.games does from the same seed
(one draw per item in list order, sorted by draw, :meth:`~roundhouse.core.rng.Rng.sorted_by_draws`;
tobymao/18xx g_18_usa/game.rb ``optional_hexes``, ``randomize_privates``, ``setup``,
``randomize_subsidies``), in its order:

1. red areas: the token pool sorted by draws; area *k* (map.toml ``site_draw``) takes the
   *k*-th token (11 draws with the site's pool, 10 with the rulebook's);
2. privates (§2.3): P1-P4 always, P10 too with five or more players; of the others, grouped
   by face value in card order, one draw per card of each group, keeping 1 of $30, 2 of $40,
   3 of $60, 2 of $80, 2 of $90 and 1 of $120;
3. metropolises (§2.4): the six candidates sorted by draws, the first three;
4. subsidies (§2.5): the 16 subsidy tiles sorted by draws, the first 14 on the orange
   cities in map.toml's order, two back to the box.

The private cards' data (P1-P30) lives in its own module; set-up only needs each card's
id and face value, through :class:`PrivateCard`.

>>> s = draw_setup(1, players=4, cards=())
>>> len(s.metropolises), len(s.subsidies), len(s.red_values)
(3, 14, 7)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Protocol

from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa import board as usa_board


class PrivateCard(Protocol):
    """What set-up and the auction need of a private company card (appendix)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> int: ...

    @property
    def revenue(self) -> int: ...


ALWAYS = ("P1", "P2", "P3", "P4")
"""§2.3: always used."""
ALWAYS_FIVE_PLUS = "P10"
"""§2.3: also always used with five or more players."""
KEPT_BY_VALUE = {30: 1, 40: 2, 60: 3, 80: 2, 90: 2, 120: 1}
"""§2.3: how many of the remaining privates of each face value are chosen."""

SUBSIDY_NAMES = {
    "none": "none",
    "boomtown": "Boomtown",
    "free_station": "Free station",
    "plus10": "+10",
    "plus10_20": "+10/+20",
    "resource": "Resource",
}
"""Appendix "Subsidy Tiles": each tile's name (a cash tile is named by its amount)."""


@dataclasses.dataclass(frozen=True)
class Subsidy:
    """A subsidy tile (appendix "Subsidy Tiles"): its kind and, for the cash ones, the
    amount."""

    id: str
    kind: str
    """"none", "boomtown", "free_station", "plus10", "plus10_20", "cash", "resource"."""
    value: int = 0

    @property
    def name(self) -> str:
        """As players call the tile: "$40", "Boomtown", "+10/+20"."""
        return f"${self.value}" if self.kind == "cash" else SUBSIDY_NAMES.get(self.kind, self.kind)


SUBSIDIES = (
    *(Subsidy(f"S{i}", "none") for i in range(1, 8)),
    Subsidy("S8", "boomtown"),
    Subsidy("S9", "free_station"),
    Subsidy("S10", "plus10"),
    Subsidy("S11", "plus10_20"),
    Subsidy("S12", "cash", 30),
    Subsidy("S13", "cash", 30),
    Subsidy("S14", "cash", 40),
    Subsidy("S15", "cash", 50),
    Subsidy("S16", "resource"),
)
"""Appendix "Subsidy Tiles": 7 none, boomtown, free station, +10, +10/+20, $30 twice, $40,
$50, resource - 16 tiles, in 18xx.games's order (entities.rb SUBSIDIES, S1-S16)."""

FREE_STATION = next(s for s in SUBSIDIES if s.kind == "free_station")
"""The Free Station subsidy tile (appendix), 18xx.games's ``S9``."""


@dataclasses.dataclass(frozen=True)
class SetUp:
    """The drawn set-up."""

    privates: tuple[str, ...]
    """Private ids in play, in card order."""
    metropolises: tuple[str, ...]
    """The three drawn metropolis hexes (New York is always one)."""
    subsidies: Mapping[str, Subsidy]
    """Orange city hex -> its subsidy tile."""
    red_values: Mapping[str, usa_board.RedValue]
    """Red area name -> its value token."""


def draw_red_values(rng: Rng, *, site_pool: bool) -> dict[str, usa_board.RedValue]:
    """§2.6: a value token for each red area, drawn from the rulebook's ten tokens (the
    eleventh, P6's 30/40/50/80, stays with P6) or 18xx.games's pool of eleven."""
    tokens = usa_board.red_area_tokens()
    pool = tokens.site_pool if site_pool else tokens.rulebook
    drawn = rng.sorted_by_draws(list(pool))
    out: dict[str, usa_board.RedValue] = {}
    for name, area in usa_board.red_areas().items():
        a, b, c, d = (int(v) for v in drawn[area.site_draw - 1])
        out[name] = (a, b, c, d)
    return out


def draw_privates(rng: Rng, cards: Sequence[PrivateCard], players: int) -> tuple[str, ...]:
    """§2.3: the privates in play, in card order."""
    always = set(ALWAYS)
    if players >= 5:
        always.add(ALWAYS_FIVE_PLUS)
    groups: dict[int, list[str]] = {}
    for card in cards:
        if card.id not in always:
            groups.setdefault(card.value, []).append(card.id)
    kept = set(always)
    for value, ids in groups.items():
        order = rng.sorted_by_draws(ids)
        drop = len(ids) - KEPT_BY_VALUE.get(value, len(ids))
        kept.update(order[drop:])
    return tuple(c.id for c in cards if c.id in kept)


def draw_setup(
    seed_or_rng: int | Rng,
    *,
    players: int,
    cards: Sequence[PrivateCard],
    site_pool: bool = False,
) -> SetUp:
    """Everything §2 draws, in 18xx.games's order."""
    rng = seed_or_rng if isinstance(seed_or_rng, Rng) else Rng(seed_or_rng)
    red = draw_red_values(rng, site_pool=site_pool)
    privates = draw_privates(rng, cards, players)
    metros = tuple(rng.sorted_by_draws(list(usa_board.metropolis_candidates()))[:3])
    cities = usa_board.subsidy_hexes()
    tiles = rng.sorted_by_draws(list(SUBSIDIES))
    return SetUp(
        privates=privates,
        metropolises=metros,
        subsidies=dict(zip(cities, tiles[: len(cities)], strict=True)),
        red_values=red,
    )
