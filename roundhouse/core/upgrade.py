"""Which tile may replace which: colour order, kept track, stops, labels and upgrade tables.

The common 18xx rule (18USA §12.2.2, 18West §7.1.2, 18US §6.2, 18RoyalGorge "Lay/Upgrade"
Rule 1): a tile is replaced by one of the next colour (yellow → green → brown → gray) that is
available in the current phase, keeps every path of the old tile (under some rotation of the
new one), has the same number and kind of stops (a city stays a city, a town a town), never
has fewer token slots in a city, and carries the same label.

Titles add their own tables (18US §10.3 "The Cities" and §12 "Tile Manifest", 18West §14.5):
:class:`UpgradeRules` lists, per old tile, the only tiles that may replace it, and the pairs
that may change their stops (18US: plain yellow track becomes a green Junction Town) or skip
the colour order (18RoyalGorge Sulphur Springs: a town becomes a city of the same colour).
Where stops change, paths are kept in the looser sense that every old exit survives and every
two exits joined before stay joined.  ``free_label`` pairs may change the label (18USA §12.2.3:
a yellow ATL, CHI, DEN or NO metropolis takes the green B tile), and ``special`` tiles are
never laid by the ordinary track step, only through the ability that places them (18USA P26
rural junctions, P27 company towns).

Two phase-dependent colour policies are passed in by the caller (they live on
:class:`~roundhouse.core.track.TrackRules`, which changes with the phase):

- :class:`ColourSkip`: plain track may advance several colours at once for a fee per colour
  skipped (18USA §12.2.4: "$20 to place a plain brown tile in an empty hex, or $10 to upgrade
  a yellow track to brown");
- ``empty_city_colour``: an empty city hex takes a tile of that colour *instead of* yellow, as
  a first placement, not an upgrade (18USA §12.2.4: green city tiles in phases 5–8).

>>> from roundhouse.core.tables.tiles import standard_tiles
>>> ts = standard_tiles()
>>> sorted(legal_rotations(ts["8"], 0, ts["81"], UpgradeRules(), frozenset(Colour)))
[0]
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping

from roundhouse.core.errors import IllegalAction
from roundhouse.core.static import Static
from roundhouse.core.tiles import Colour, Link, StopKind, Tile

StopMap = Mapping[str, str]
"""Old stop name -> the new tile's stop that takes over its tokens."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UpgradeRules(Static):
    """A title's departures from the common upgrade rule."""

    table: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    """Old tile id (or pre-printed hex tile id) -> the only tiles that may replace it.
    A tile named as a target anywhere in the table may be used only where the table allows
    (18US §6.2.1: "Companies may not use the specified tiles to upgrade any other hexes")."""
    free_stops: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs that may change the number or kind of stops."""
    free_colour: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs exempt from the colour order."""
    free_label: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs that may change the label (18USA §12.2.3: ATL, CHI, DEN, NO -> B)."""
    special: frozenset[str] = frozenset()
    """Tiles only a special ability lays; the ordinary track step never offers them."""
    max_colour_step: int = 1
    """How many colours one upgrade may advance (18USA §12.2.4 skips levels for a fee)."""
    founds_station: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs whose lay founds a station: the new tile's new station (a stop with
    slots that no old stop becomes) takes the laying company's token at once, and a company
    with no token to place or no money for it may not make the lay (18US §6.2.2: "Creating a
    Junction Town requires the company to place a station token on the newly formed Junction
    Town: a company that has no station tokens it can place, or lacks the funds to do so, may
    not perform a Junction Town upgrade")."""

    @functools.cached_property
    def restricted(self) -> frozenset[str]:
        return frozenset(t for targets in self.table.values() for t in targets)


def founded_station(old: Tile, new: Tile, mapping: StopMap, rules: UpgradeRules) -> str | None:
    """The stop of ``new`` a lay over ``old`` founds a station on (see
    :attr:`UpgradeRules.founds_station`), None when the lay founds none.  ValueError when the
    pair should found one but ``new`` has no single new station to found it on (bad data).

    >>> from roundhouse.core.tiles import parse_tile
    >>> plain = parse_tile("8", "yellow", "track 0-2")
    >>> town = parse_tile("J", "green", "town t revenue=10 slots=1; track 0-t 2-t 4-t")
    >>> founded_station(plain, town, {}, UpgradeRules(founds_station=frozenset({("8", "J")})))
    't'
    """
    if (old.id, new.id) not in rules.founds_station:
        return None
    taken = set(mapping.values())
    fresh = [s.name for s in new.stations if s.name not in taken]
    if len(fresh) != 1:
        raise ValueError(
            f"tile {new.id} over {old.id} should found a station, but has {len(fresh)} new stations"
        )
    return fresh[0]


@dataclasses.dataclass(frozen=True, kw_only=True)
class ColourSkip:
    """Building colours ahead for a fee: a tile may advance more than one colour, paying
    ``fee_per_level`` for every colour passed over.

    18USA §12.2.4 (phases 5-8): "When placing or upgrading a plain track tile, a company may
    pay to skip upgrade levels by paying $10 per level.  Therefore it would cost $20 to place a
    plain brown tile in an empty hex, or $10 to upgrade a yellow track to brown.  Using this
    option counts as an upgrade when playing a new track into an empty hex."

    >>> from roundhouse.core.tiles import parse_tile

    >>> from roundhouse.core.tables.tiles import standard_tiles
    >>> ts, empty = standard_tiles(), parse_tile("E", "white", "")
    >>> skip = ColourSkip(fee_per_level=10)
    >>> skip.levels(empty, ts["544"]), skip.fee(empty, ts["544"]), skip.fee(ts["8"], ts["544"])
    (2, 20, 10)
    >>> skip.applies(ts["57"], ts["63"])  # a city is not plain track
    False
    """

    fee_per_level: int
    plain_track_only: bool = True
    """Only plain track (no city, town or off-board on either tile) may skip."""

    def applies(self, old: Tile, new: Tile) -> bool:
        return not self.plain_track_only or (old.plain_track and new.plain_track)

    @staticmethod
    def levels(old: Tile, new: Tile) -> int:
        """Colours passed over: white to yellow skips none, white to brown two."""
        return max(0, int(new.colour) - int(old.colour) - 1)

    def fee(self, old: Tile, new: Tile) -> int:
        return self.levels(old, new) * self.fee_per_level


def _components(links: frozenset[Link]) -> dict[object, int]:
    parent: dict[object, object] = {}

    def find(x: object) -> object:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for a, b in links:
        parent[find(a)] = find(b)
    roots: dict[object, int] = {}
    return {n: roots.setdefault(find(n), len(roots)) for n in list(parent)}


@functools.lru_cache(maxsize=65536)
def path_fit(old: Tile, old_rot: int, new: Tile, new_rot: int, free_stops: bool) -> StopMap | None:
    """How ``new`` at ``new_rot`` keeps ``old``'s track, or None if it cannot.

    Strict (the common rule): old stops map one-to-one onto new stops of the same kind, every
    old link appears in the new tile and no city (or junction town) loses slots.  With
    ``free_stops``: every old exit survives and exits joined before stay joined; stops map by
    shared edges, and cities that merge into one keep at least their slots together (two
    one-slot cities become a city of two slots or more).
    """
    old_links, new_links = old.links(old_rot), new.links(new_rot)
    if not free_stops:
        if old.kinds() != new.kinds():
            return None
        for candidate in _stop_maps(old, new):
            if all(map_link(link, candidate) in new_links for link in old_links) and all(
                new.stop(candidate[s.name]).slots >= s.slots for s in old.stations
            ):
                return candidate
        return None
    if not old.exits(old_rot) <= new.exits(new_rot):
        return None
    before, after = _components(old_links), _components(new_links)
    exits = sorted(old.exits(old_rot))
    for a, b in itertools.combinations(exits, 2):
        if before[a] == before[b] and after[a] != after[b]:
            return None
    mapping: dict[str, str] = {}
    for stop in old.stops:
        if not stop.counts_as_stop:
            continue
        edges = old.stop_edges(stop.name, old_rot)
        same_kind = [s for s in new.stops if s.kind is stop.kind] or [
            s for s in new.stops if s.kind is StopKind.CITY
        ]
        touching = [s for s in same_kind if edges & new.stop_edges(s.name, new_rot)]
        choices = touching or same_kind
        if choices:
            mapping[stop.name] = choices[0].name
    room = {c.name: c.slots for c in old.stations}
    if not tokens_fit(new, mapping, room):
        return None
    return mapping


def tokens_fit(new: Tile, mapping: StopMap, held: Mapping[str, int]) -> bool:
    """Is there room on ``new`` for ``held`` (old city -> tokens, or slots) once ``mapping``
    has moved them?  Cities that merge into one pool their tokens: two full one-slot cities
    need a city of two slots, not two cities of one (18West §6.4: the two Chicago and
    St. Louis circles hold their tokens "until the tile upgrades to brown", one city;
    18USA §12.2.2: tokens are "replaced on the new tile").

    >>> from roundhouse.core.tiles import parse_tile
    >>> one = parse_tile("one", "brown", "city c revenue=50 slots=2; track 0-c 3-c")
    >>> tokens_fit(one, {"a": "c", "b": "c"}, {"a": 1, "b": 1})
    True
    >>> tokens_fit(one, {"a": "c", "b": "c"}, {"a": 2, "b": 1})
    False
    """
    need: dict[str, int] = {}
    for stop, count in held.items():
        if not count:
            continue
        target = mapping.get(stop)
        if target is None:
            return False
        need[target] = need.get(target, 0) + count
    return all(new.stop(target).slots >= count for target, count in need.items())


def map_link(link: Link, mapping: StopMap) -> Link:
    """``link`` with its stop names replaced through ``mapping``, in the stored order."""
    a, b = link
    a2 = mapping.get(a, a) if isinstance(a, str) else a
    b2 = mapping.get(b, b) if isinstance(b, str) else b
    if isinstance(a2, str) and isinstance(b2, int):
        return (b2, a2)
    if isinstance(a2, str) and isinstance(b2, str) and b2 < a2:
        return (b2, a2)
    return (a2, b2)


def _stop_maps(old: Tile, new: Tile) -> list[dict[str, str]]:
    """Every kind-preserving one-to-one map of old stops onto new ones (few: ≤ 3 cities)."""
    maps: list[dict[str, str]] = [{}]
    for kind in StopKind:
        olds = [s.name for s in old.stops if s.kind is kind]
        if kind is StopKind.JUNCTION or not olds:
            continue
        news = [s.name for s in new.stops if s.kind is kind]
        options = [
            dict(zip(olds, perm, strict=True)) for perm in itertools.permutations(news, len(olds))
        ]
        maps = [{**m, **o} for m in maps for o in options]
    return maps


def check_upgrade(
    old: Tile,
    old_rot: int,
    new: Tile,
    new_rot: int,
    *,
    rules: UpgradeRules,
    colours: frozenset[Colour],
    label: str | None = None,
    tokens: Mapping[str, int] | None = None,
    skip: ColourSkip | None = None,
    empty_city_colour: Colour | None = None,
    waive_label: bool = False,
) -> StopMap:
    """Raise IllegalAction unless ``new`` at ``new_rot`` may replace ``old`` at ``old_rot``.

    ``label`` is the hex's printed label when the old tile has none; ``tokens`` counts the
    station tokens in each old city.  Returns where each old stop's tokens go.  The other
    keywords are those of :func:`check_replacement`.
    """
    check_replacement(
        old,
        new,
        rules=rules,
        colours=colours,
        label=label,
        skip=skip,
        empty_city_colour=empty_city_colour,
        waive_label=waive_label,
    )
    mapping = path_fit(old, old_rot, new, new_rot, (old.id, new.id) in rules.free_stops)
    if mapping is None:
        raise IllegalAction(
            f"tile {new.id} at rotation {new_rot} does not keep all of {old.id}'s track "
            "and station slots",
            rule="track.keep_paths",
        )
    if tokens and not tokens_fit(new, mapping, tokens):
        raise IllegalAction(
            f"tile {new.id} has no room for the station tokens in {old.id}",
            rule="track.slots",
        )
    return mapping


def check_replacement(
    old: Tile,
    new: Tile,
    *,
    rules: UpgradeRules,
    colours: frozenset[Colour],
    label: str | None = None,
    skip: ColourSkip | None = None,
    empty_city_colour: Colour | None = None,
    waive_label: bool = False,
) -> None:
    """The checks that do not depend on rotation: phase, colour order, table, label, stops.

    ``skip`` lets plain track advance several colours (its fee is the caller's to charge);
    ``empty_city_colour`` is the colour an empty city hex must take instead of yellow;
    ``waive_label`` drops the hex's label requirement, so the new tile must carry no label
    (18RoyalGorge "Letter Tiles": "If no matching tile is available, any legal tile").
    """
    pair = (old.id, new.id)
    if new.id in rules.special:
        raise IllegalAction(
            f"tile {new.id} is only laid through the ability that places it",
            rule="track.special_tile",
        )
    if new.colour not in colours:
        raise IllegalAction(
            f"{new.colour.label} tiles are not available yet", rule="track.phase_colour"
        )
    if pair not in rules.free_colour:
        _check_colour_step(old, new, rules, skip, empty_city_colour)
    if old.id in rules.table:
        if new.id not in rules.table[old.id]:
            allowed = ", ".join(sorted(rules.table[old.id])) or "nothing"
            raise IllegalAction(
                f"{old.id} may only be upgraded to {allowed}, not {new.id}",
                rule="track.upgrade_table",
            )
    elif new.id in rules.restricted:
        raise IllegalAction(
            f"tile {new.id} may only be laid where the upgrade table names it",
            rule="track.upgrade_table",
        )
    want = None if waive_label else old.label if old.label is not None else label
    if new.label != want and pair not in rules.free_label:
        raise IllegalAction(
            f"tile {new.id} is labelled {new.label or 'nothing'}, the hex needs "
            f"{want or 'an unlabelled tile'}",
            rule="track.label",
        )
    free = pair in rules.free_stops
    if not free and old.kinds() != new.kinds():
        raise IllegalAction(
            f"tile {new.id} has different stops from {old.id}: "
            "cities stay cities and towns stay towns",
            rule="track.stops",
        )


def _check_colour_step(
    old: Tile,
    new: Tile,
    rules: UpgradeRules,
    skip: ColourSkip | None,
    empty_city_colour: Colour | None,
) -> None:
    step = new.colour - old.colour
    if empty_city_colour is not None and old.colour is Colour.WHITE and old.cities:
        if new.colour is not empty_city_colour:
            raise IllegalAction(
                f"an empty city hex now takes a {empty_city_colour.label} city tile, "
                f"not {new.id} ({new.colour.label})",
                rule="track.empty_city_colour",
            )
        return
    if old.colour < Colour.GRAY and 1 <= step <= rules.max_colour_step:
        return
    if skip is not None and old.colour < Colour.GRAY and step > 1 and skip.applies(old, new):
        return
    raise IllegalAction(
        f"tile {new.id} ({new.colour.label}) cannot replace {old.id} "
        f"({old.colour.label}): tiles upgrade yellow, green, brown, gray in order",
        rule="track.colour_order",
    )


def legal_rotations(
    old: Tile,
    old_rot: int,
    new: Tile,
    rules: UpgradeRules,
    colours: frozenset[Colour],
    label: str | None = None,
) -> list[int]:
    """Rotations (distinct track only) at which ``new`` may replace ``old``."""
    out = []
    for rot in new.rotations:
        try:
            check_upgrade(old, old_rot, new, rot, rules=rules, colours=colours, label=label)
        except IllegalAction:
            continue
        out.append(rot)
    return out
