"""The tile actions a company may take in its track step (§12.2), as P7 Track Engineers and P11
Pettibone & Mulliken change them.

§12.2: one tile action - lay a yellow tile or upgrade one tile; "For a fee of $20, a company may
perform a second tile action; at most one of the two actions may be an upgrade"; not a lay and
an upgrade of the same hex.  §12.2.4: playing plain track colours ahead into an empty hex
"counts as an upgrade"; a green city tile on an empty city hex "is treated as a yellow track
placement".

* P7 (appendix): "Pay $20 to lay three tiles, one of which may be an upgrade.  This ability
  replaces the normal track laying action.  This ability may be combined with P11 ... to lay
  one new tile, upgrade one tile, and upgrade one non city tile."
* P11 (18xx.games): "The corporation may upgrade two track tiles when paying $20 to perform
  two track operations.  Only one upgrade may be a city.  The corporation may upgrade non-city
  track to a color one higher than the current phase normally allows."

:func:`plan` gives a company's :class:`TilePlan`: the track step takes as many lays as it
allows (:meth:`.rules.UsaHooks.track_lays`), the board map charges the $20 with the second
and keeps to its upgrades (:mod:`.map_rules`), and :class:`~.private_lays.PrivateLayStep`
counts a private's lay that uses a tile action.  P11's colour
ahead needs the lay listing to include that colour: the title's board map adds it with
:func:`pettibone_colours` in its ``colours`` and lists :class:`PettiboneRule` among its lay
rules, which keeps that colour to non-city upgrades by P11's owner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

from roundhouse.core.flow.lay_rule import LayRule
from roundhouse.core.tiles import Colour
from roundhouse.core.track import TileLay
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import TrackEngineers, TwoUpgrades
from roundhouse.titles.g18usa.state import UsaGame

LAY, UPGRADE, CITY_UPGRADE = "lay", "upgrade", "city_upgrade"


@dataclasses.dataclass(frozen=True)
class TilePlan:
    """What a company's track step allows this turn."""

    actions: int = 2
    """Tile actions in all."""
    upgrades: int = 1
    """How many may be upgrades."""
    city_upgrades: int = 1
    """How many of those may be city upgrades."""
    fee: int = 20
    """Paid once, with the second tile action."""
    colours_ahead: int = 0
    """Colours beyond the phase's that non-city track may be upgraded to (P11)."""

    def allows(self, done: tuple[str, ...], kind: str) -> bool:
        """Whether a tile action of ``kind`` may follow the ones ``done`` this turn."""
        if len(done) >= self.actions:
            return False
        ups = sum(1 for k in done if k != LAY) + (kind != LAY)
        cities = sum(1 for k in done if k == CITY_UPGRADE) + (kind == CITY_UPGRADE)
        return ups <= self.upgrades and cities <= self.city_upgrades

    def fee_for(self, done: tuple[str, ...]) -> int:
        """The fee the next tile action costs: $20 for the second (P7: it covers the third)."""
        return self.fee if len(done) == 1 else 0


BASE = TilePlan()
"""§12.2 without privates."""


def plan(g: UsaGame, corp_id: str) -> TilePlan:
    """The company's plan with its P7 and P11."""
    out = BASE
    for _, te in held(g, corp_id, TrackEngineers):
        out = dataclasses.replace(out, actions=te.lays, upgrades=te.upgrades, fee=te.fee)
    for _, tu in held(g, corp_id, TwoUpgrades):
        out = dataclasses.replace(
            out,
            upgrades=out.upgrades + tu.upgrades - BASE.upgrades,
            city_upgrades=tu.cities,
            fee=tu.fee,
            colours_ahead=tu.colours_ahead,
        )
    return out


def pettibone_colours(g: UsaGame, colours: frozenset[Colour]) -> frozenset[Colour]:
    """The phase's colours, and for the operating company with P11 the next colour too (its
    lays are kept to non-city upgrades by :class:`PettiboneRule`)."""
    entity = getattr(g.round, "current", None)
    if not isinstance(entity, str) or entity not in g.corps:
        return colours
    ahead = max((tu.colours_ahead for _, tu in held(g, entity, TwoUpgrades)), default=0)
    out = set(colours)
    top = max(colours)
    for step in range(1, ahead + 1):
        if top + step <= Colour.GRAY:
            out.add(Colour(top + step))
    return frozenset(out)


class PettiboneRule(LayRule[UsaGame]):
    """Tiles of a colour the phase does not offer yet: only P11's owner, only upgrading
    non-city track."""

    __slots__ = ()

    def allowed(self, g: UsaGame, corp_id: str, lay: TileLay) -> bool:
        tile = g.map.board.tiles[lay.tile]
        phase = frozenset(Colour.parse(c) for c in g.depot.phases.current.tiles)
        if tile.colour in phase:
            return True
        here = g.map.board[lay.hex]
        return bool(held(g, corp_id, TwoUpgrades)) and lay.upgrade and not here.tile.cities

    def position_key(self, g: UsaGame, corp_id: str) -> Hashable:
        return bool(held(g, corp_id, TwoUpgrades))
