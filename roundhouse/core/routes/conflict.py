"""Which listed routes are still open once some track is taken: one bitset per piece of track.

Trains of one company never share track (18RoyalGorge Rule 3; 18USA §12.4; 18US §6.5;
18West §7.5).  The joint search asks, over and over, "what is the best route of this list
that uses none of the track taken so far?".  Scanning the list for it costs a Python step per
route that conflicts; on a dense mesh with "+" trains (thousands of routes, most of them
crossing the rich middle) that scan was half the optimiser's time.

So a list of routes, sorted best first, is indexed by *track atoms*: the chains of the
reduced graph and the branch crossings between them (two routes share track exactly when
they share an atom, since every segment and plain crossing belongs to one chain).  For each
atom the index keeps a bitset (a Python ``int``) of the routes using it; the routes clear of
some taken track are ``~(OR of the taken atoms' bitsets)``, and the best of them is the
lowest set bit.  A route's own atoms come from its chain path, so nothing per unit bit is
stored.

The same index serves route growth: a :class:`Squeeze` follows a partial route's atoms and
says how much the other trains' listed routes can still add around it, which raises what the
partial route must earn to matter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from roundhouse.core.routes.candidate import Candidate
from roundhouse.core.routes.graph import RouteGraph


def track_atoms(graph: RouteGraph, cand: Candidate) -> tuple[int, ...]:
    """The chains a route runs over and the branch crossings it passes (numbered after the
    chains): two routes share track exactly when they share one of these."""
    n_chains = len(graph.chains)
    node_unit = graph.node_unit
    atoms: list[int] = []
    for code in cand.path:
        chain = graph.chains[code >> 1]
        atoms.append(code >> 1)
        end = chain.a if code & 1 else chain.b
        if node_unit[end]:
            atoms.append(n_chains + end)
    return tuple(atoms)


class ConflictIndex:
    """A list of routes, best first, with a bitset of the routes using each track atom."""

    __slots__ = ("atoms", "full", "masks", "values")

    def __init__(self, graph: RouteGraph, cands: Sequence[Candidate]) -> None:
        n = len(cands)
        self.values = [c.revenue for c in cands]
        self.full = (1 << n) - 1
        self.atoms = [track_atoms(graph, c) for c in cands]
        rows: dict[int, bytearray] = {}
        size = (n + 7) // 8
        for i, atoms in enumerate(self.atoms):
            byte, bit = i >> 3, 1 << (i & 7)
            for a in atoms:
                row = rows.get(a)
                if row is None:
                    row = rows[a] = bytearray(size)
                row[byte] |= bit
        self.masks = {a: int.from_bytes(row, "little") for a, row in rows.items()}

    def taken(self, atoms: Iterable[int]) -> int:
        """The routes that use any of ``atoms``."""
        masks = self.masks
        out = 0
        for a in atoms:
            out |= masks.get(a, 0)
        return out

    def top(self, open_: int, count: int) -> int:
        """The sum of the ``count`` best routes among ``open_`` (fewer if there are fewer)."""
        total = 0
        values = self.values
        while open_ and count:
            low = open_ & -open_
            total += values[low.bit_length() - 1]
            open_ ^= low
            count -= 1
        return total


class Squeeze:
    """What a route of one train must earn to matter, given the track it takes from routes
    already listed for the company's other trains.

    A run beating the incumbent ``lower`` gives this train a route worth more than ``lower``
    minus what every other train can add.  For a train whose routes are listed (``rivals``:
    the list's index, how many identical trains run it, and ``cap``, the most a route left
    off the list can earn) that is at most its best routes *clear of this route's track*.
    Growing a route only takes more track, so the need only rises along a branch: a branch
    whose bound cannot meet it holds nothing of use.  ``base`` is ``lower`` less everything
    that does not depend on the route (other trains' best alone, company bonus bounds)."""

    __slots__ = ("base", "caps", "counts", "indexes", "n_chains", "node_unit", "zero")

    def __init__(
        self, graph: RouteGraph, base: int, rivals: Sequence[tuple[ConflictIndex, int, int]]
    ) -> None:
        self.base = base
        self.indexes = [ix for ix, _, _ in rivals]
        self.counts = [n for _, n, _ in rivals]
        self.caps = [max(0, cap) for _, _, cap in rivals]
        self.n_chains = len(graph.chains)
        self.node_unit = graph.node_unit
        self.zero = tuple(0 for _ in rivals)

    def step(self, taken: tuple[int, ...], chain: int, node: int) -> tuple[int, ...]:
        """``taken`` after running over ``chain`` into ``node``."""
        atom = self.n_chains + node if self.node_unit[node] else -1
        if len(taken) == 1:
            masks = self.indexes[0].masks
            t = taken[0] | masks.get(chain, 0)
            if atom >= 0:
                t |= masks.get(atom, 0)
            return (t,)
        out = []
        for ix, t in zip(self.indexes, taken, strict=True):
            masks = ix.masks
            t |= masks.get(chain, 0)
            if atom >= 0:
                t |= masks.get(atom, 0)
            out.append(t)
        return tuple(out)

    def need(self, taken: tuple[int, ...]) -> int:
        """The least a route with these rival routes blocked must beat (strictly)."""
        need = self.base
        for ix, t, count, cap in zip(self.indexes, taken, self.counts, self.caps, strict=True):
            values = ix.values
            if count == 1:
                # the best open route is the lowest clear bit: the lowest zero bit of t
                i = (~t & (t + 1)).bit_length() - 1
                need -= max(values[i], cap) if i < len(values) else cap
                continue
            open_ = ix.full & ~t
            total = 0
            left = count
            while open_ and left:
                low = open_ & -open_
                total += max(values[low.bit_length() - 1], cap)
                open_ ^= low
                left -= 1
            need -= total + cap * left
        return need
