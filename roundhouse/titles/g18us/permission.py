"""A Land Grant President's permission to build in his company's reserved hexes (18US §7.3).

§7.3: "Each of the four Land Grant companies that start in a Gateway City has two hexes to
the west of its base City reserved ... Until such a Land Grant company floats, other
companies may not build in those hexes ... Once such a Land Grant company floats, its
President may allow other companies to place specific tiles in its reserved hexes.  Once
such a Land Grant company has operated, there are no longer any restrictions."

So between its floating and its first turn the company's reserved hexes take a tile of
another company only with its President's leave, one tile in one hex at a time.  In its
track step a company may ask for any tile it could lay and pay for there were the hex not
reserved (``ask:<hex>:<tile>``, :class:`PermissionTrackStep`); the President answers
(:class:`~.consent.ConsentStep`), and a tile permitted stays permitted to that company until
someone lays a tile in the hex (core's ``Board.permit_build``).  The end of the reservation
is :class:`~.rules.UsOperatingRound`'s, once the company has operated.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bankrupt, Choose, SellShares
from roundhouse.titles.g18us.board import reserved_hexes
from roundhouse.titles.g18us.consent import PERMISSION, Request, ask, was_refused
from roundhouse.titles.g18us.land_grant_steps import UsTrackStep
from roundhouse.titles.g18us.state import UsGame

ASK = "ask:"
"""Prefix of the choice asking for a tile: ``ask:D17:9``."""


def askable_owners(g: UsGame, corp_id: str) -> frozenset[str]:
    """Land Grant companies that have floated, not yet operated, have a President and are
    not ``corp_id``: whose reserved hexes it may ask to build in (§7.3)."""
    released = g.map.board.released  # type: ignore[attr-defined]
    return frozenset(
        owner
        for owner in set(reserved_hexes().values())
        if owner != corp_id
        and g.corps[owner].floated
        and owner not in released
        and g.controller(owner) is not None
    )


def asks(g: UsGame, corp_id: str) -> list[str]:
    """The "hex:tile" permissions the company may ask for now: tiles it could lay and pay
    for, not yet permitted to it, not refused it this turn."""
    owners = askable_owners(g, corp_id)
    if not owners:
        return []
    permits = g.map.board.permits  # type: ignore[attr-defined]
    out: list[str] = []
    for lay in g.map.lays_if_permitted(g, corp_id, owners):  # type: ignore[attr-defined]
        item = f"{lay.hex}:{lay.tile}"
        if item in out or (corp_id, lay.tile) in permits.get(lay.hex, ()):
            continue
        if not was_refused(g, PERMISSION, item):
            out.append(item)
    return out


class PermissionTrackStep(UsTrackStep):
    """The track step with the company's requests for leave to build in reserved hexes."""

    kinds = UsTrackStep.kinds | {"choose"}

    def _asks(self, g: UsGame, entity: str) -> list[str]:
        if self.passed or not self._own_open(g, entity):
            return []
        return asks(g, entity)

    def active(self, g: UsGame, entity: str) -> bool:
        return super().active(g, entity) or bool(self._asks(g, entity))

    def actions(self, g: UsGame, entity: str) -> list[Action]:
        out = super().actions(g, entity)
        if any(isinstance(a, (SellShares, Bankrupt)) for a in out):
            return out  # §6.9.1: money raising for the owed tile comes first
        p = g.controller_id(entity)
        out.extend(
            Choose(player=p, entity=entity, choice=ASK + item) for item in self._asks(g, entity)
        )
        return out

    def check(self, g: UsGame, entity: str, action: Action) -> None:
        if isinstance(action, Choose):
            item = action.choice.removeprefix(ASK)
            if not action.choice.startswith(ASK) or item not in self._asks(g, entity):
                raise IllegalAction(
                    f"{entity} cannot ask for {action.choice!r} now: it asks a floated Land "
                    "Grant company that has not yet operated for a tile it could lay in one "
                    "of its reserved hexes (ask:<hex>:<tile>), once a turn for each",
                    rule="track.reserved_hex",
                )
            return
        super().check(g, entity, action)

    def process(self, g: UsGame, entity: str, action: Action) -> None:
        if not isinstance(action, Choose):
            super().process(g, entity, action)
            return
        item = action.choice.removeprefix(ASK)
        owner = reserved_hexes()[item.split(":")[0]]
        president = g.controller(owner)
        assert president is not None
        ask(g, Request(PERMISSION, entity, president, item))
