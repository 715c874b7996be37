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
two exits joined before stay joined.

>>> from roundhouse.core.tiles import standard_tiles
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
from roundhouse.core.tiles import Colour, Link, StopKind, Tile

StopMap = Mapping[str, str]
"""Old stop name -> the new tile's stop that takes over its tokens."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class UpgradeRules:
    """A title's departures from the common upgrade rule."""

    table: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)
    """Old tile id (or pre-printed hex tile id) -> the only tiles that may replace it.
    A tile named as a target anywhere in the table may be used only where the table allows
    (18US §6.2.1: "Companies may not use the specified tiles to upgrade any other hexes")."""
    free_stops: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs that may change the number or kind of stops."""
    free_colour: frozenset[tuple[str, str]] = frozenset()
    """(old, new) pairs exempt from the colour order."""
    max_colour_step: int = 1
    """How many colours one upgrade may advance (18USA §12.2.4 skips levels for a fee)."""

    @functools.cached_property
    def restricted(self) -> frozenset[str]:
        return frozenset(t for targets in self.table.values() for t in targets)


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
    old link appears in the new tile and no city loses slots.  With ``free_stops``: every old
    exit survives and exits joined before stay joined; stops map by shared edges.
    """
    old_links, new_links = old.links(old_rot), new.links(new_rot)
    if not free_stops:
        if old.kinds() != new.kinds():
            return None
        for candidate in _stop_maps(old, new):
            if all(_map_link(link, candidate) in new_links for link in old_links) and all(
                new.stop(candidate[s.name]).slots >= s.slots for s in old.cities
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
    return mapping


def _map_link(link: Link, mapping: StopMap) -> Link:
    a, b = link
    a2 = mapping[a] if isinstance(a, str) else a
    b2 = mapping[b] if isinstance(b, str) else b
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
) -> StopMap:
    """Raise IllegalAction unless ``new`` at ``new_rot`` may replace ``old`` at ``old_rot``.

    ``label`` is the hex's printed label when the old tile has none; ``tokens`` counts the
    station tokens in each old city.  Returns where each old stop's tokens go.
    """
    check_replacement(old, new, rules=rules, colours=colours, label=label)
    mapping = path_fit(old, old_rot, new, new_rot, (old.id, new.id) in rules.free_stops)
    if mapping is None:
        raise IllegalAction(
            f"tile {new.id} at rotation {new_rot} does not keep all of {old.id}'s track",
            rule="track.keep_paths",
        )
    for stop, count in (tokens or {}).items():
        target = mapping.get(stop)
        if count and (target is None or new.stop(target).slots < count):
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
) -> None:
    """The checks that do not depend on rotation: phase, colour order, table, label, stops."""
    pair = (old.id, new.id)
    if new.colour not in colours:
        raise IllegalAction(
            f"{new.colour.label} tiles are not available yet", rule="track.phase_colour"
        )
    if pair not in rules.free_colour:
        step = new.colour - old.colour
        if old.colour >= Colour.GRAY or not 1 <= step <= rules.max_colour_step:
            raise IllegalAction(
                f"tile {new.id} ({new.colour.label}) cannot replace {old.id} "
                f"({old.colour.label}): tiles upgrade yellow, green, brown, gray in order",
                rule="track.colour_order",
            )
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
    want = old.label if old.label is not None else label
    if new.label != want:
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
